//! The games a client plays online: one list of both rules crates' openers, so that a table (and
//! any session given it) opens the star board's games and draughts by name alike.

use tripot_game::{GameSpec, GameState, OpenError, Opener, Setup};

/// Every rules crate the client links, in the order they are asked (a record's replay takes
/// `LINKED_OPENERS.as_slice()`).
pub const LINKED_OPENERS: [&dyn Opener; 2] = [&tripot_engine::StarBoardGames, &tripot_draughts::Draughts];

/// Opens any game the client links (the duels, the star games, draughts).
///
/// # Errors
/// A name no rules crate plays, or a set-up its crate refuses.
pub fn linked_games(spec: &GameSpec, setup: &Setup) -> Result<Box<dyn GameState>, OpenError> {
    LINKED_OPENERS.as_slice().open(spec, setup)
}
