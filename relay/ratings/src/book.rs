//! The book of rated games: checks a submitted result from its bounds to its record, and counts
//! it in one transaction.

use std::path::Path;
use std::sync::{Mutex, MutexGuard};

use libp2p::PeerId;
use rusqlite::{Connection, TransactionBehavior};
use tripot_ratings_wire::{
    MAX_REQUEST_FRAME, Period, RefuseReason, SignedResult, Standings, StandingsQuery, Unrated, encode,
    is_game_name,
};

use crate::policy::Policy;
use crate::schema::{self, StoreError};
use crate::tables::{self, Previous};
use crate::verifier::RecordVerifier;

/// A result the book took.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counted {
    /// Counted now.
    Accepted,
    /// This very result was counted before; nothing changed.
    AlreadyCounted,
}

/// The ratings of one relay: a SQLite file, the verifier of records, the policy.
///
/// Every method blocks (SQLite, replays): call them off an async runtime's threads. Results are
/// written one at a time through one connection; tables are read through another, which WAL
/// lets read while a result is being written.
pub struct Book {
    writer: Mutex<Connection>,
    reader: Mutex<Connection>,
    verifier: Box<dyn RecordVerifier>,
    policy: Policy,
}

impl std::fmt::Debug for Book {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Book").field("policy", &self.policy).finish_non_exhaustive()
    }
}

fn lock(mutex: &Mutex<Connection>) -> Result<MutexGuard<'_, Connection>, StoreError> {
    mutex.lock().map_err(|_| StoreError::Poisoned)
}

/// A store failure, as the player hears of it: the service is unavailable. The operator reads
/// the cause in the log.
fn unavailable(error: impl std::fmt::Display) -> RefuseReason {
    tracing::warn!("ratings store: {error}");
    RefuseReason::Unavailable
}

impl Book {
    /// Opens the book at `path` (created if absent).
    pub fn open(path: &Path, verifier: Box<dyn RecordVerifier>, policy: Policy) -> Result<Book, StoreError> {
        let mut writer = schema::open(path)?;
        schema::prepare(&mut writer)?;
        let reader = schema::open(path)?;
        Ok(Book { writer: Mutex::new(writer), reader: Mutex::new(reader), verifier, policy })
    }

    /// The policy it counts by.
    #[must_use]
    pub fn policy(&self) -> &Policy {
        &self.policy
    }

    /// Checks `signed` and counts it, `now` being the service's clock (seconds since 1970 UTC).
    pub fn submit(&self, signed: &SignedResult, now: u64) -> Result<Counted, RefuseReason> {
        self.check_alone(signed, now)?;
        let result = &signed.result;
        let content_hash = result.content_hash().map_err(|_| RefuseReason::Unavailable)?;
        let mut writer = lock(&self.writer).map_err(unavailable)?;
        let tx = writer.transaction_with_behavior(TransactionBehavior::Immediate).map_err(unavailable)?;
        match tables::previous(&tx, &result.game_id, &content_hash).map_err(unavailable)? {
            Previous::Same => return Ok(Counted::AlreadyCounted),
            Previous::Other => return Err(RefuseReason::Conflict),
            Previous::None => {}
        }
        if self.policy.require_meeting {
            let since = result.finished_unix.saturating_sub(self.policy.meeting_window.as_secs());
            for seat in &result.seats {
                let mut met = false;
                for other in result.seats.iter().filter(|o| o.peer_id != seat.peer_id) {
                    met |=
                        tables::met_since(&tx, &seat.peer_id, &other.peer_id, since).map_err(unavailable)?;
                }
                if !met {
                    return Err(RefuseReason::NotMetHere);
                }
            }
        }
        let day_ago = now.saturating_sub(24 * 60 * 60);
        for (index, seat) in result.seats.iter().enumerate() {
            for other in &result.seats[index + 1..] {
                let games = tables::pair_games_since(&tx, &seat.peer_id, &other.peer_id, day_ago)
                    .map_err(unavailable)?;
                if games >= self.policy.pair_daily_cap {
                    return Err(RefuseReason::PairDailyCap);
                }
            }
        }
        self.verifier
            .verify(&result.game, &result.record, &result.places, &result.record_hash)
            .map_err(RefuseReason::Record)?;
        let evidence = encode(signed, MAX_REQUEST_FRAME).map_err(|_| RefuseReason::Unavailable)?;
        tables::count(&tx, result, &evidence, &content_hash, now).map_err(unavailable)?;
        tx.commit().map_err(unavailable)?;
        Ok(Counted::Accepted)
    }

    /// What can be checked without the store: bounds, seats, the game, signatures, the time.
    fn check_alone(&self, signed: &SignedResult, now: u64) -> Result<(), RefuseReason> {
        signed.check_shape().map_err(RefuseReason::Shape)?;
        let result = &signed.result;
        result.check_seat_kinds().map_err(RefuseReason::Unrated)?;
        let facts = self.verifier.facts(&result.game).ok_or(RefuseReason::UnknownGame)?;
        if facts.teams {
            return Err(RefuseReason::Unrated(Unrated::Teams));
        }
        if usize::from(facts.seats) != result.seats.len() {
            return Err(RefuseReason::SeatsOfGame { expected: facts.seats });
        }
        signed.check_signatures().map_err(RefuseReason::Signature)?;
        if result.finished_unix > now.saturating_add(self.policy.clock_skew.as_secs()) {
            return Err(RefuseReason::FromTheFuture);
        }
        if result.finished_unix.saturating_add(self.policy.max_age.as_secs()) < now {
            return Err(RefuseReason::TooOld);
        }
        Ok(())
    }

    /// Remembers that `a` and `b` had a circuit through this relay at `now`.
    pub fn met(&self, a: &PeerId, b: &PeerId, now: u64) -> Result<(), StoreError> {
        let writer = lock(&self.writer)?;
        tables::record_meeting(&writer, a, b, now)?;
        Ok(())
    }

    /// A table: its best entries, established ratings first.
    pub fn standings(&self, query: &StandingsQuery) -> Result<Standings, RefuseReason> {
        if !is_game_name(&query.game) {
            return Err(RefuseReason::BadQuery);
        }
        let reader = lock(&self.reader).map_err(unavailable)?;
        tables::standings(&reader, &query.game, query.period, self.policy.provisional_opponents)
            .map_err(unavailable)
    }

    /// Every table held: each game with its periods, all time first, then months from the latest.
    pub fn index(&self) -> Result<Vec<(String, Vec<Period>)>, StoreError> {
        let reader = lock(&self.reader)?;
        Ok(tables::index(&reader)?)
    }

    /// How many results were counted.
    pub fn results(&self) -> Result<u64, StoreError> {
        let reader = lock(&self.reader)?;
        Ok(tables::results(&reader)?)
    }
}
