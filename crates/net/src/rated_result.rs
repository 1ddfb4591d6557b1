//! The result of a finished online game as both its players build it for the ratings
//! (`tripot_ratings_wire::GameResult`): each side from its own verified game, so that both sign
//! the very same bytes without sending the result itself.

use libp2p::PeerId;
use tripot_game::{GameRecord, Outcome, Seat};
use tripot_ratings_wire::{GameResult, MAX_NAME_CHARS, SeatEntry, SeatKind, final_state_hash};

use crate::online_game::OnlineGame;

/// Why a game has no result to sign.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResultError {
    /// The game is not over.
    #[error("the game is not over")]
    Unfinished,
    /// The opponent's id is not a peer id.
    #[error("the opponent's id is not a peer id")]
    PeerId,
    /// The record cannot be written (a name a record cannot hold).
    #[error("the record cannot be written: {0}")]
    Record(String),
}

/// The name a result gives a player: the name as the hello carried it (its first
/// `MAX_NAME / 4` characters, which both sides hold), without control characters, never empty.
#[must_use]
pub fn result_name(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .take(tripot_protocol::MAX_NAME / 4)
        .filter(|c| !c.is_control())
        .take(MAX_NAME_CHARS)
        .collect();
    let cleaned = cleaned.trim();
    if cleaned.is_empty() { String::from("?") } else { cleaned.to_owned() }
}

/// The place of each of `seats` seats as a result gives them: the outcome's rank, and a seat
/// without a rank lost, after the ranked ones.
#[must_use]
pub fn places_of(outcome: &Outcome, seats: u8) -> Vec<u8> {
    let ranked = outcome.places.iter().filter(|p| p.rank.is_some()).count();
    let after = u8::try_from(ranked + 1).unwrap_or(u8::MAX);
    Seat::all(seats).map(|seat| outcome.rank(seat).unwrap_or(after)).collect()
}

/// The result of `game`, finished at `finished_unix`, with `local` the peer id of this side:
/// both seats human, places from the game's outcome (a seat without a rank lost, after the
/// ranked ones), the record as `GameRecord` writes the game with the players' names, and the
/// final position's hash.
///
/// # Errors
/// [`ResultError`] when the game is not over, or the opponent's id is not a peer id.
pub fn result_of(game: &OnlineGame, local: PeerId, finished_unix: u64) -> Result<GameResult, ResultError> {
    let ending = game.ending().ok_or(ResultError::Unfinished)?;
    let peer = PeerId::from_bytes(&game.peer_id).map_err(|_| ResultError::PeerId)?;
    let state = game.state();
    let seat_count = usize::from(state.seat_count());
    let places = places_of(&ending.outcome, state.seat_count());
    let (local_name, peer_name) = (result_name(&game.local_name), result_name(&game.peer_name));
    let mut seats = vec![None, None];
    let entry = |peer_id, name| Some(SeatEntry { peer_id, name, kind: SeatKind::Human });
    if let Some(slot) = seats.get_mut(game.local_seat().index()) {
        *slot = entry(local, local_name);
    }
    if let Some(slot) = seats.get_mut(game.peer_seat().index()) {
        *slot = entry(peer, peer_name);
    }
    let seats: Vec<SeatEntry> = seats.into_iter().flatten().collect();
    debug_assert_eq!(seats.len(), seat_count);
    // Players in seat order: both sides must write the very same text.
    let mut record = GameRecord::of_game(state);
    for (seat, entry) in Seat::all(state.seat_count()).zip(&seats) {
        record
            .set_player(&state.seat_name(seat), &entry.name)
            .map_err(|e| ResultError::Record(e.to_string()))?;
    }
    Ok(GameResult {
        game_id: game.game_id.0,
        game: state.spec().to_string(),
        seats,
        places,
        record_hash: final_state_hash(state.spec().as_str(), &state.position_string()),
        finished_unix,
        record: record.to_string(),
    })
}
