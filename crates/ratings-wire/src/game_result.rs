//! A finished game as its players sign it: [`GameResult`], its seats, and the bounds every
//! reader checks before anything else ([`GameResult::check_shape`]).

use libp2p::PeerId;
use serde::{Deserialize, Serialize};

use crate::signing::Signature;

/// Fewest seats of a rated game.
pub const MIN_SEATS: usize = 2;
/// Most seats of a game (the star games seat up to six).
pub const MAX_SEATS: usize = 6;
/// Longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 32;
/// Longest game name (`tripot`, `kawu-3`, `halma-long-6`…), in bytes: the game interface's.
pub const MAX_GAME_NAME: usize = tripot_game::MAX_SPEC_LEN;
/// Largest record text carried in a result, in bytes. A six-seat kawu game at its move limit is
/// about 25 KiB of moves; the frame limits of the protocol follow from this one.
pub const MAX_RECORD_TEXT: usize = 64 * 1024;

/// Who sat at a seat, as every signer declares it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SeatKind {
    /// A person with their persistent key.
    Human,
    /// A computer player: the game is never rated.
    Computer,
    /// A person playing with a fresh key for this game only (`--guest`): never rated.
    Guest,
}

/// One seat of a game, in the game's seat order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatEntry {
    /// The player's libp2p identity (an ed25519 key, inlined in the peer id).
    #[serde(with = "crate::peer_serde")]
    pub peer_id: PeerId,
    /// The name the player chose; shown in the tables, never trusted for anything else.
    pub name: String,
    /// Human, computer or guest.
    pub kind: SeatKind,
}

/// A finished game: what every human seat signs and a relay counts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// The game's id, drawn at its start: a relay counts one result per id.
    pub game_id: [u8; 16],
    /// The game's name (its spec): `tripot`, `kawu-3`, `halma-6`…
    pub game: String,
    /// The seats, in the game's seat order (the order its record names them).
    pub seats: Vec<SeatEntry>,
    /// The place of each seat, 1 = first; equal places are a tie between those seats.
    pub places: Vec<u8>,
    /// The hash of the final position the record reaches ([`crate::final_state_hash`]).
    pub record_hash: [u8; 32],
    /// When the game ended, seconds since 1970 UTC: it decides the monthly table.
    pub finished_unix: u64,
    /// The game record's text, at most [`MAX_RECORD_TEXT`] bytes.
    pub record: String,
}

/// A result with the signatures of its seats.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignedResult {
    /// The result.
    pub result: GameResult,
    /// One signature per human seat, in any order.
    pub signatures: Vec<Signature>,
}

/// A result that is not even well formed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error, Serialize, Deserialize)]
pub enum ShapeError {
    /// Fewer than two or more than six seats.
    #[error("a game has 2 to 6 seats, not {0}")]
    SeatCount(u8),
    /// Not one place per seat.
    #[error("one place per seat is needed")]
    PlacesCount,
    /// A place outside 1..=seats, or no seat first.
    #[error("places run from 1 to the number of seats, with someone first")]
    Place,
    /// A game name that is not written as one ([`is_game_name`]).
    #[error("the game name is not a game name")]
    GameName,
    /// A player name that is empty, too long or holds control characters.
    #[error("the name of seat {seat} is empty, too long or holds control characters")]
    PlayerName {
        /// The seat, from 0.
        seat: u8,
    },
    /// One key at two seats: a player against themself.
    #[error("the same key sits at two seats")]
    SameKeyTwice,
    /// A record text over [`MAX_RECORD_TEXT`].
    #[error("the record text is over {MAX_RECORD_TEXT} bytes")]
    RecordTooLong,
    /// More signatures than seats.
    #[error("more signatures than seats")]
    TooManySignatures,
}

/// Why a well-formed, honestly signed result is still not rated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error, Serialize, Deserialize)]
pub enum Unrated {
    /// A computer played: games against the computer never change a rating.
    #[error("a computer player took part")]
    ComputerSeat,
    /// A guest played with a key of one game: nothing to rate it by.
    #[error("a guest took part")]
    GuestSeat,
    /// Partners played in teams (pairs games are unrated).
    #[error("a game of partners")]
    Teams,
}

/// Whether `name` is written as a game name ([`tripot_game::GameSpec`]: lower-case words of
/// letters and digits joined by single dashes, a letter first, at most [`MAX_GAME_NAME`] bytes).
/// Whether a game has that name is for a reader that knows the games to say.
#[must_use]
pub fn is_game_name(name: &str) -> bool {
    tripot_game::GameSpec::new(name).is_ok()
}

fn is_player_name(name: &str) -> bool {
    let chars = name.chars().count();
    (1..=MAX_NAME_CHARS).contains(&chars) && !name.chars().any(char::is_control)
}

fn small(n: usize) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}

impl GameResult {
    /// Checks the bounds: seat and place counts, names, one key per seat, the record's size.
    pub fn check_shape(&self) -> Result<(), ShapeError> {
        let seats = self.seats.len();
        if !(MIN_SEATS..=MAX_SEATS).contains(&seats) {
            return Err(ShapeError::SeatCount(small(seats)));
        }
        if self.places.len() != seats {
            return Err(ShapeError::PlacesCount);
        }
        if self.places.iter().any(|&p| p == 0 || usize::from(p) > seats) || !self.places.contains(&1) {
            return Err(ShapeError::Place);
        }
        if !is_game_name(&self.game) {
            return Err(ShapeError::GameName);
        }
        for (seat, entry) in self.seats.iter().enumerate() {
            if !is_player_name(&entry.name) {
                return Err(ShapeError::PlayerName { seat: small(seat) });
            }
            if self.seats[..seat].iter().any(|other| other.peer_id == entry.peer_id) {
                return Err(ShapeError::SameKeyTwice);
            }
        }
        if self.record.len() > MAX_RECORD_TEXT {
            return Err(ShapeError::RecordTooLong);
        }
        Ok(())
    }

    /// Refuses a game with a computer or a guest at a seat. Teams are the game's business: a
    /// reader that knows the game refuses them ([`Unrated::Teams`]).
    pub fn check_seat_kinds(&self) -> Result<(), Unrated> {
        if self.seats.iter().any(|s| s.kind == SeatKind::Computer) {
            return Err(Unrated::ComputerSeat);
        }
        if self.seats.iter().any(|s| s.kind == SeatKind::Guest) {
            return Err(Unrated::GuestSeat);
        }
        Ok(())
    }
}
