//! What the page's clicks on a duel's board do to its [`Game`] — picking a pawn, asking a path,
//! playing to a destination, one hop of a chain — checked before anything changes. The page's
//! duel (`page_game.rs`) and its online game (`page_online.rs`) play the same board, so they
//! share these checks; each words a [`ClickRefused`] in its own error messages.

use tripot_engine::Hole;

use tripot_app::local_game::{Action, Game, next_hops};

/// Why a click was refused; the game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum ClickRefused {
    /// Not a hole of the board.
    BadHole {
        /// The text as sent.
        sent: String,
        /// Why it is not a hole.
        why: String,
    },
    /// No pawn of the side to move on this hole.
    NotYourPawn(Hole),
    /// No pawn picked.
    NoSelection,
    /// Not a destination (or a next hop) of the picked pawn.
    NotADestination(Hole),
}

/// A hole as the page names it (`m1`).
pub(super) fn hole(text: &str) -> Result<Hole, ClickRefused> {
    text.parse::<Hole>().map_err(|e| ClickRefused::BadHole { sent: text.to_owned(), why: e.to_string() })
}

/// Picks the pawn on `hole`.
pub(super) fn select(game: &mut Game, hole: Hole) -> Result<(), ClickRefused> {
    if game.select(hole) { Ok(()) } else { Err(ClickRefused::NotYourPawn(hole)) }
}

/// The holes the picked pawn would go through to `to`, its start first.
pub(super) fn path(game: &mut Game, to: Hole) -> Result<Vec<String>, ClickRefused> {
    if game.selection.is_none() {
        return Err(ClickRefused::NoSelection);
    }
    game.set_cursor(to);
    let holes = game.preview().ok_or(ClickRefused::NotADestination(to))?;
    Ok(holes.iter().map(ToString::to_string).collect())
}

/// Plays the picked pawn to `to`: a step, the end of a chain or a swap (during a chain built hop
/// by hop, one more hop).
pub(super) fn play_to(game: &mut Game, to: Hole) -> Result<Action, ClickRefused> {
    if game.selection.is_none() {
        return Err(ClickRefused::NoSelection);
    }
    let targets = game.targets();
    if !(targets.steps | targets.jumps | targets.swaps).contains(to) {
        return Err(ClickRefused::NotADestination(to));
    }
    game.set_cursor(to);
    Ok(game.act_on(to))
}

/// One hop of a chain built hop by hop, from where the picked pawn stands.
pub(super) fn hop(game: &mut Game, to: Hole) -> Result<Action, ClickRefused> {
    let Some(path) = &game.selection else { return Err(ClickRefused::NoSelection) };
    if !next_hops(game.position(), &path.path).contains(to) {
        return Err(ClickRefused::NotADestination(to));
    }
    game.set_cursor(to);
    Ok(game.hop_on(to))
}
