//! The duel's words online where a front-end still names its camps, format and rules: the menu's
//! offers and quick-match seek of the duel's formats, the resume list's format, the command
//! line's console and JSON lines. The session plays any game of two seats (`tripot_net`); the
//! screens draw any game from its state.

use tripot_engine::{Camp, DuelState, Format, Position, Rules};
use tripot_game::Leaving;
use tripot_game::{Seat, SpecError, TableSpec};
use tripot_net::online::matchmaking::MatchError;
use tripot_net::online::matchmaking::quick::QuickSeek;
use tripot_net::{Ending, GameSnapshot, Offer, OnlineGame};
use tripot_protocol::Opens;

/// The duel's camp at `seat`: the first seat is camp A.
#[must_use]
pub const fn camp(seat: Seat) -> Camp {
    if seat.0 == 0 { Camp::A } else { Camp::B }
}

/// The duel's position in a game state, when the game is a duel.
#[must_use]
fn position(state: &GameSnapshot) -> Option<Position> {
    state.0.as_any().downcast_ref::<DuelState>().map(|duel| *duel.position())
}

/// The offer of the duel of `format` under `rules`.
///
/// # Errors
/// Never in practice: every format and rules preset has a name (`tripot_engine::duel_spec`).
pub fn offer(format: Format, rules: Rules, opens: Opens) -> Result<Offer, SpecError> {
    Offer::duel(format, rules, opens)
}

/// The quick-match seek of the duel's screens: the duel of `format` under the Tripot rules, or
/// (`None`) any game of two seats, the first format's duel when two seekers of any meet.
///
/// # Errors
/// Never in practice (every format has a name); a [`NetworkError`] all the same.
pub fn quick_seek(format: Option<Format>) -> Result<QuickSeek, crate::network::NetworkError> {
    let spec = tripot_engine::duel_spec(format.unwrap_or(Format::One), Rules::Tripot)
        .map_err(|e| MatchError::Unsupported(e.to_string()))?;
    let table = TableSpec { game: spec, seats: 2 };
    Ok(if format.is_some() { QuickSeek::exactly(table) } else { QuickSeek::any(table) })
}

/// The duel's format and rules of an online game (as [`terms`]).
#[must_use]
pub fn game_terms(game: &OnlineGame) -> (Format, Rules) {
    spec_terms(game.spec())
}

/// The duel's format and rules of a game's name (as [`terms`]).
#[must_use]
pub fn spec_terms(spec: &tripot_game::GameSpec) -> (Format, Rules) {
    match tripot_engine::StarBoardGame::of(spec) {
        Some(tripot_engine::StarBoardGame::Duel(format, rules)) => (format, rules),
        _ => (Format::One, Rules::Tripot),
    }
}

/// How a duel ended, as its screens word it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EndReason {
    /// A goal completed.
    Goal,
    /// Decided by count (two passes in a row, or any end by the count of the star games).
    Count,
    /// A camp resigned.
    Resigned,
    /// A camp sent a move the other's game refused; the text says why.
    Forfeit(String),
    /// A camp left and the other claimed the game.
    Abandoned,
}

/// How `ending` came about, in the duel's words.
#[must_use]
pub fn end_reason(ending: &Ending) -> EndReason {
    match ending.left() {
        Some((_, Leaving::Resigned)) => EndReason::Resigned,
        Some((_, Leaving::Forfeited)) => EndReason::Forfeit(ending.forfeit.clone().unwrap_or_default()),
        Some((_, Leaving::Abandoned | Leaving::TimedOut)) => EndReason::Abandoned,
        None if ending.outcome.reason == tripot_game::EndReason::Finished => EndReason::Goal,
        None => EndReason::Count,
    }
}

/// The board as text: the duel's drawing, or the position string of another game.
#[must_use]
pub fn board_text(state: &GameSnapshot) -> String {
    position(state).map_or_else(|| state.0.position_string(), |p| p.to_string())
}
