//! `tripot-ratings`' book as the relay's [`RatingsService`].

use libp2p::PeerId;
use std::sync::Arc;
use tripot_ratings::{Book, Counted, GameVerifier, Policy};
use tripot_ratings_wire::{Period, RefuseReason, Response, SignedResult, Standings, StandingsQuery};

use super::{RatingsConfig, RatingsService};
use crate::RelayError;

pub(super) fn open(config: &RatingsConfig) -> Result<Arc<dyn RatingsService>, RelayError> {
    let policy = Policy {
        provisional_opponents: config.provisional_opponents,
        pair_daily_cap: config.pair_daily_cap,
        require_meeting: config.require_meeting,
        ..Policy::default()
    };
    let book = Book::open(&config.db, Box::new(GameVerifier), policy)
        .map_err(|e| RelayError::Ratings { path: config.db.clone(), reason: e.to_string() })?;
    Ok(Arc::new(book))
}

impl RatingsService for Book {
    fn submit(&self, signed: &SignedResult, now: u64) -> Response {
        match Book::submit(self, signed, now) {
            Ok(Counted::Accepted) => Response::Accepted,
            Ok(Counted::AlreadyCounted) => Response::AlreadyCounted,
            Err(reason) => Response::Refused(reason),
        }
    }

    fn standings(&self, query: &StandingsQuery) -> Result<Standings, RefuseReason> {
        Book::standings(self, query)
    }

    fn index(&self) -> Result<Vec<(String, Vec<Period>)>, RefuseReason> {
        Book::index(self).map_err(|e| {
            tracing::warn!("ratings store: {e}");
            RefuseReason::Unavailable
        })
    }

    fn met(&self, a: &PeerId, b: &PeerId, now: u64) {
        if let Err(e) = Book::met(self, a, b, now) {
            tracing::warn!(%a, %b, "ratings store: the meeting is not remembered: {e}");
        }
    }
}
