//! The computer seats' moves, thought on a blocking thread so the event loop keeps serving the
//! links; the answer comes back on a channel and goes through [`Table::computer_move`] like any
//! host decision (a stale one is refused there).
//!
//! [`Table::computer_move`]: crate::table::Table::computer_move

use tokio::sync::mpsc;
use tripot_game::{Budget, GameMove, GameSpec, Seat};

use super::ComputerPlayers;
use crate::event::GameSnapshot;

/// A computer seat's answer: its seat and move, or nothing when it had none.
pub(super) type Answer = (Seat, Option<GameMove>);

/// Thinks for `seat` of `game` at `level` on a blocking thread; the answer goes to `answers`.
pub(super) fn think(
    players: ComputerPlayers,
    seat: Seat,
    level: u8,
    seed: u64,
    snapshot: GameSnapshot,
    answers: mpsc::Sender<Answer>,
) {
    tokio::task::spawn_blocking(move || {
        let state = snapshot.0;
        let game: GameSpec = state.spec().clone();
        let chosen = players(&game, level, seed)
            .and_then(|mut player| player.choose(state.as_ref(), &Budget::default()).ok());
        let _ = answers.blocking_send((seat, chosen));
    });
}
