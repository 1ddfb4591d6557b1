//! The ratings protocol `/tripot/ratings/1.0.0`: a client submits a signed result or asks for a
//! table; the relay answers. New variants go at the end of each enum: postcard numbers them in
//! order, so that peers of the same version still read what they know.

use libp2p::{PeerId, StreamProtocol};
use serde::{Deserialize, Serialize};

use crate::game_result::{ShapeError, SignedResult, Unrated};
use crate::month::Period;
use crate::signing::SignatureError;

/// The protocol's name.
pub const PROTOCOL: StreamProtocol = StreamProtocol::new("/tripot/ratings/1.0.0");

/// Most entries of a table sent in one answer (the best ones).
pub const MAX_STANDINGS: usize = 500;

/// Longest detail text in a refusal (what a replay found wrong), in bytes.
pub const MAX_DETAIL: usize = 200;

/// What a client asks a relay's ratings service.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// Count this game.
    Submit(SignedResult),
    /// Send a table.
    Standings(StandingsQuery),
}

/// Which table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingsQuery {
    /// The game's name (`tripot`, `kawu-3`…).
    pub game: String,
    /// All time, or a month.
    pub period: Period,
}

/// The service's answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Response {
    /// The result is counted, now.
    Accepted,
    /// This very result was counted before: nothing changed.
    AlreadyCounted,
    /// Not counted, and why.
    Refused(RefuseReason),
    /// The table asked for.
    Standings(Standings),
}

/// Why a result is not counted (or a question not answered).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum RefuseReason {
    /// Not a well-formed result.
    #[error("malformed result: {0}")]
    Shape(ShapeError),
    /// The signatures do not hold.
    #[error("signatures: {0}")]
    Signature(SignatureError),
    /// A game that is never rated.
    #[error("not a rated game: {0}")]
    Unrated(Unrated),
    /// A game this service does not know.
    #[error("unknown game")]
    UnknownGame,
    /// The game seats another number of players than the result names.
    #[error("this game seats {expected} players")]
    SeatsOfGame {
        /// The game's number of seats.
        expected: u8,
    },
    /// The record does not give this result.
    #[error("record: {0}")]
    Record(RecordProblem),
    /// Another result of this game id was counted: a game is counted once.
    #[error("another result of this game was counted")]
    Conflict,
    /// Two of the players have had as many rated games together today as a day allows.
    #[error("these two players reached today's cap of rated games together")]
    PairDailyCap,
    /// The players never met through this relay around the time of the game.
    #[error("the players did not meet through this relay")]
    NotMetHere,
    /// Finished later than the service's clock allows.
    #[error("finished in the future")]
    FromTheFuture,
    /// Finished too long ago to be counted now.
    #[error("finished too long ago")]
    TooOld,
    /// Too many requests from this peer or address: try again later.
    #[error("too many requests: try again in {retry_after_ms} ms")]
    Throttled {
        /// When to try again.
        retry_after_ms: u32,
    },
    /// The service has too much to do right now: try again in a moment.
    #[error("the ratings service is busy")]
    Busy,
    /// The service could not read or write its tables.
    #[error("the ratings service is unavailable")]
    Unavailable,
    /// A table query that names no game or an impossible month.
    #[error("not a table")]
    BadQuery,
}

/// What a replay of the record found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum RecordProblem {
    /// The text is not a record of this game (with what the reader said, shortened).
    #[error("not a record of this game: {0}")]
    DoesNotParse(String),
    /// A move of the record is illegal (with the reader's words, shortened).
    #[error("a move does not replay: {0}")]
    Illegal(String),
    /// The moves and the recorded result leave the game unfinished.
    #[error("the game is unfinished")]
    Unfinished,
    /// The record reaches other places than the result claims.
    #[error("the record gives other places")]
    PlacesMismatch,
    /// The record reaches another final position than the result's hash.
    #[error("the record reaches another final position")]
    HashMismatch,
}

impl RefuseReason {
    /// A short name of the reason, for counters and logs: `signature`, `record`, `conflict`…
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            RefuseReason::Shape(_) => "shape",
            RefuseReason::Signature(_) => "signature",
            RefuseReason::Unrated(_) => "unrated",
            RefuseReason::UnknownGame => "unknown_game",
            RefuseReason::SeatsOfGame { .. } => "seats_of_game",
            RefuseReason::Record(_) => "record",
            RefuseReason::Conflict => "conflict",
            RefuseReason::PairDailyCap => "pair_daily_cap",
            RefuseReason::NotMetHere => "not_met_here",
            RefuseReason::FromTheFuture => "from_the_future",
            RefuseReason::TooOld => "too_old",
            RefuseReason::Throttled { .. } => "throttled",
            RefuseReason::Busy => "busy",
            RefuseReason::Unavailable => "unavailable",
            RefuseReason::BadQuery => "bad_query",
        }
    }
}

impl Response {
    /// A short name of the answer, for counters: `accepted`, `already_counted`, `refused`,
    /// `standings`.
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            Response::Accepted => "accepted",
            Response::AlreadyCounted => "already_counted",
            Response::Refused(_) => "refused",
            Response::Standings(_) => "standings",
        }
    }
}

impl RecordProblem {
    /// Shortens a reader's words to [`MAX_DETAIL`] bytes, on a character boundary.
    #[must_use]
    pub fn detail(words: &str) -> String {
        let mut end = words.len().min(MAX_DETAIL);
        while !words.is_char_boundary(end) {
            end -= 1;
        }
        words[..end].to_owned()
    }
}

/// A table: the best entries of one game over one period.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Standings {
    /// The game.
    pub game: String,
    /// The period.
    pub period: Period,
    /// At most [`MAX_STANDINGS`] entries, best rating first.
    pub entries: Vec<StandingEntry>,
    /// How many players the whole table has.
    pub players: u32,
}

/// One player of a table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StandingEntry {
    /// The player's key.
    #[serde(with = "crate::peer_serde")]
    pub peer_id: PeerId,
    /// The last name they played under.
    pub name: String,
    /// The Elo rating.
    pub rating: f64,
    /// Rated games played in the period.
    pub games: u32,
    /// Distinct opponents met in rated games of the period.
    pub opponents: u32,
    /// Whether the rating is still provisional: too few distinct opponents yet.
    pub provisional: bool,
}
