//! The result of a table's finished game for the ratings (`tripot_ratings_wire::GameResult`),
//! as every seated peer builds it from its own verified record, so that all sign the very same
//! bytes without sending the result itself: the game id drawn from the table's id and the
//! game's number, the game's name, every seat's peer id and name as the game opened with them,
//! the places, the final position's hash and the record's text. Only the finishing time is one
//! peer's word ([`super::result_signing`]).
//!
//! A game with a computer seat, or a game of partners, is never rated: nobody is asked to sign
//! it ([`unrated_because`]).

use libp2p::PeerId;
use sha2::{Digest, Sha256};
use tripot_engine::StarBoardGame;
use tripot_game::{GameSpec, Seat};
use tripot_protocol::table::SeatHolder;
use tripot_ratings_wire::{GameResult, SeatEntry, SeatKind, Unrated, final_state_hash};

use super::record::Record;
use super::signed_move::GameKey;
use crate::rated_result::{places_of, result_name};

/// The prefix of the hash a table's game id is drawn from.
const GAME_ID_DOMAIN: &[u8] = b"tripot-table/game-id/v1\0";

/// Why a table's game has no result to sign.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableResultError {
    /// The game is not over.
    #[error("the game is not over")]
    Unfinished,
    /// The game is never rated.
    #[error("the game is not rated: {0}")]
    Unrated(Unrated),
    /// A seat empty, or its peer id is not one.
    #[error("{0} has no player's peer id")]
    PeerId(Seat),
    /// The record cannot be written (a name a record cannot hold).
    #[error("the record cannot be written: {0}")]
    Record(String),
}

/// The id a result gives the game `key`: every game at every table its own, the same at every
/// peer (a relay counts one result per id).
#[must_use]
pub fn table_game_id(key: GameKey) -> [u8; 16] {
    let mut hasher = Sha256::new();
    hasher.update(GAME_ID_DOMAIN);
    hasher.update(key.table.0);
    hasher.update(key.game.to_be_bytes());
    let digest = hasher.finalize();
    let mut id = [0; 16];
    id.copy_from_slice(&digest[..16]);
    id
}

/// Why a game at these seats is never rated, if it is not: a computer at a seat, or partners
/// (the pairs games). A guest is known only by its own word ([`super::TableConfig::signer`]).
#[must_use]
pub fn unrated_because(spec: &GameSpec, seats: &[SeatHolder]) -> Option<Unrated> {
    if seats.iter().any(|holder| matches!(holder, SeatHolder::Computer { .. })) {
        return Some(Unrated::ComputerSeat);
    }
    let teams = matches!(StarBoardGame::of(spec), Some(StarBoardGame::Star(variant)) if variant.pairs());
    teams.then_some(Unrated::Teams)
}

/// The result of the finished game `record` holds, finished at `finished_unix`.
///
/// # Errors
/// [`TableResultError`] when the game is not over, is never rated, or a seat has no peer id.
pub fn table_result(record: &Record, finished_unix: u64) -> Result<GameResult, TableResultError> {
    let ending = record.ending().ok_or(TableResultError::Unfinished)?;
    let state = record.state();
    if let Some(why) = unrated_because(state.spec(), record.seats()) {
        return Err(TableResultError::Unrated(why));
    }
    let mut seats = Vec::with_capacity(record.seats().len());
    for (seat, holder) in Seat::all(state.seat_count()).zip(record.seats()) {
        let SeatHolder::Human { peer, name, .. } = holder else {
            return Err(TableResultError::PeerId(seat));
        };
        let peer_id = PeerId::from_bytes(&peer.0).map_err(|_| TableResultError::PeerId(seat))?;
        seats.push(SeatEntry { peer_id, name: result_name(name), kind: SeatKind::Human });
    }
    // Players in seat order: every peer must write the very same text.
    let mut text = record.game_record();
    for (seat, entry) in Seat::all(state.seat_count()).zip(&seats) {
        text.set_player(&state.seat_name(seat), &entry.name)
            .map_err(|e| TableResultError::Record(e.to_string()))?;
    }
    Ok(GameResult {
        game_id: table_game_id(record.key()),
        game: state.spec().to_string(),
        seats,
        places: places_of(&ending, state.seat_count()),
        record_hash: final_state_hash(state.spec().as_str(), &state.position_string()),
        finished_unix,
        record: text.to_string(),
    })
}
