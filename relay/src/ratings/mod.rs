//! The ratings service as the relay runs it (`--ratings`): the protocol `/tripot/ratings/1.0.0`
//! answered off the event loop, circuits remembered as meetings, the tables on the HTTP
//! endpoint (`/ratings`, `/ratings.json`).
//!
//! The relay's core knows the service only as a [`RatingsService`]: it never replays a record
//! or computes a rating itself, and links no rules crate. The service of the binary is
//! `tripot-ratings`' book (SQLite, the engine's record readers), built in with the `ratings`
//! cargo feature, on by default.

#[cfg(feature = "ratings")]
mod book_service;
pub(crate) mod desk;
pub(crate) mod page;
mod worker;

use libp2p::PeerId;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};
use tripot_ratings_wire::{Period, RefuseReason, Response, SignedResult, Standings, StandingsQuery};

use crate::RelayError;

/// What the relay asks of a ratings service. Every method may block (a store, a replay): the
/// relay calls them from a thread of their own, never from its event loop.
pub(crate) trait RatingsService: Send + Sync + 'static {
    /// Checks and counts a signed result; `now` is seconds since 1970 UTC. Answers
    /// [`Response::Accepted`], [`Response::AlreadyCounted`] or [`Response::Refused`].
    fn submit(&self, signed: &SignedResult, now: u64) -> Response;

    /// A table.
    fn standings(&self, query: &StandingsQuery) -> Result<Standings, RefuseReason>;

    /// Every table held: each game with its periods, all time first.
    fn index(&self) -> Result<Vec<(String, Vec<Period>)>, RefuseReason>;

    /// Remembers that `a` and `b` had a circuit through this relay at `now`.
    fn met(&self, a: &PeerId, b: &PeerId, now: u64);
}

/// The service's settings, from the command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatingsConfig {
    /// The SQLite file of the tables.
    pub db: PathBuf,
    /// Distinct opponents before a rating stops being provisional.
    pub provisional_opponents: u32,
    /// Rated games two keys may have together in 24 hours.
    pub pair_daily_cap: u32,
    /// Whether the players of a rated game must have met through this relay.
    pub require_meeting: bool,
    /// Ratings requests a peer may make a minute (submissions and tables).
    pub requests_per_peer_per_minute: u32,
    /// Ratings requests an IP address may make a minute.
    pub requests_per_ip_per_minute: u32,
}

/// The clock of the service: seconds since 1970 UTC.
pub(crate) fn now_unix() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// The service the binary was built with, opened as `config` says.
#[cfg(feature = "ratings")]
pub(crate) fn open(config: &RatingsConfig) -> Result<Arc<dyn RatingsService>, RelayError> {
    book_service::open(config)
}

/// Without the `ratings` feature there is no service to open.
#[cfg(not(feature = "ratings"))]
pub(crate) fn open(_config: &RatingsConfig) -> Result<Arc<dyn RatingsService>, RelayError> {
    Err(RelayError::RatingsNotBuilt)
}
