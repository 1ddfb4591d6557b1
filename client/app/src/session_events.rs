//! The duel session's events as a test feeds them to a front-end or a controller in place of a
//! running session: the game connected, a move sent or received. Built for this crate's tests
//! and, with the `test-support` feature, for other crates' tests.

use tripot_game::{GameMove, GameState, Seat};
use tripot_net::{GameSnapshot, SessionEvent};
use tripot_protocol::GameId;

/// The session's `Connected` to a peer called `peer_name`, on the game `state`, this side at
/// `local`.
#[must_use]
pub fn connected(state: &dyn GameState, local: Seat, peer_name: &str) -> SessionEvent {
    SessionEvent::Connected {
        game_id: GameId([7; 16]),
        game: state.spec().clone(),
        local_seat: local,
        opener: state.opener(),
        peer_name: peer_name.into(),
        // No game reaches u32::MAX moves: the cap is never the answer.
        ply: u32::try_from(state.moves().len()).unwrap_or(u32::MAX),
        state: GameSnapshot(state.clone_box()),
    }
}

/// The session's event for `m` played from `before` by the seat to move (`sent`: by this side,
/// else by the peer), and the game after it; `None` when no seat is to move or `m` is refused.
#[must_use]
pub fn moved(sent: bool, before: &dyn GameState, m: &GameMove) -> Option<(SessionEvent, Box<dyn GameState>)> {
    let seat = before.to_move()?;
    let mut after = before.clone_box();
    after.play(m).ok()?;
    let ply = u32::try_from(after.moves().len()).ok()?;
    let (text, hash) = (before.move_text(m), after.hash());
    let state = GameSnapshot(after.clone_box());
    let event = if sent {
        SessionEvent::MoveSent { ply, seat, game_move: m.clone(), text, hash, state }
    } else {
        SessionEvent::MoveReceived { ply, seat, game_move: m.clone(), text, hash, state }
    };
    Some((event, after))
}
