//! Refusals the relay hands out: every one counted, few logged.
//!
//! A flood of refused reservations, circuits, lobby registrations or room lookups must not
//! flood the log (issue #11): each refusal is counted in `/metrics`
//! (`tripot_denials_total{what, reason}`), and logged at most once per peer per minute.

use crate::metrics::ResultLabel;
use libp2p::PeerId;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// A peer's refusals are logged at most this often.
pub(crate) const LOG_EVERY: Duration = Duration::from_secs(60);

/// Peers remembered at once for the log's pacing. Past this, refusals of new peers are
/// counted but not logged until old entries age out: the log stays quiet under any flood.
const MAX_LOGGED_PEERS: usize = 10_000;

/// What was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Denied {
    /// A relay reservation.
    Reservation,
    /// A relayed connection (circuit).
    Circuit,
    /// A rendezvous registration in a lobby namespace.
    LobbyRegistration,
    /// A room lookup, throttled.
    RoomLookup,
}

impl Denied {
    fn label(self) -> &'static str {
        match self {
            Denied::Reservation => "reservation",
            Denied::Circuit => "circuit",
            Denied::LobbyRegistration => "lobby_registration",
            Denied::RoomLookup => "room_lookup",
        }
    }
}

/// Counts refusals and paces their log lines.
#[derive(Debug)]
pub(crate) struct Denials {
    counts: Family<ResultLabel, Counter>,
    last_logged: HashMap<PeerId, Instant>,
    /// When aged entries were last swept out (a sweep walks the whole map: at most once a
    /// second, however many peers are refused).
    last_sweep: Option<Instant>,
}

impl Denials {
    /// Refusals counted into `counts` (registered as `tripot_denials`).
    pub(crate) fn new(counts: Family<ResultLabel, Counter>) -> Self {
        Denials { counts, last_logged: HashMap::new(), last_sweep: None }
    }

    /// Counts a refusal of `peer`, and logs it unless this peer was logged within a minute.
    pub(crate) fn record(&mut self, peer: PeerId, what: Denied, reason: &'static str, now: Instant) {
        self.counts.get_or_create(&vec![("what", what.label()), ("reason", reason)]).inc();
        if self.should_log(peer, now) {
            tracing::info!(
                %peer,
                what = what.label(),
                reason,
                "denied (this peer's next denials within a minute are only counted in /metrics)"
            );
        } else {
            tracing::trace!(%peer, what = what.label(), reason, "denied");
        }
    }

    fn should_log(&mut self, peer: PeerId, now: Instant) -> bool {
        let fresh = |at: &Instant| now.saturating_duration_since(*at) < LOG_EVERY;
        if self.last_logged.get(&peer).is_some_and(fresh) {
            return false;
        }
        if !self.last_logged.contains_key(&peer) && self.last_logged.len() >= MAX_LOGGED_PEERS {
            if self.last_sweep.is_none_or(|at| now.saturating_duration_since(at) >= Duration::from_secs(1)) {
                self.last_sweep = Some(now);
                self.last_logged.retain(|_, at| fresh(at));
            }
            if self.last_logged.len() >= MAX_LOGGED_PEERS {
                return false;
            }
        }
        self.last_logged.insert(peer, now);
        true
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn one_line_per_peer_per_minute_and_every_denial_counted() {
        let counts = Family::<ResultLabel, Counter>::default();
        let mut d = Denials::new(counts.clone());
        let (a, b) = (PeerId::random(), PeerId::random());
        let t = Instant::now();
        assert!(d.should_log(a, t));
        assert!(!d.should_log(a, t + Duration::from_secs(59)));
        assert!(d.should_log(b, t));
        assert!(d.should_log(a, t + LOG_EVERY));
        for _ in 0..5 {
            d.record(a, Denied::Circuit, "resource_limit_exceeded", t);
        }
        assert_eq!(
            counts.get_or_create(&vec![("what", "circuit"), ("reason", "resource_limit_exceeded")]).get(),
            5
        );
    }

    #[test]
    fn the_pacing_memory_is_bounded() {
        let mut d = Denials::new(Family::default());
        let t = Instant::now();
        for _ in 0..MAX_LOGGED_PEERS + 50 {
            d.should_log(PeerId::random(), t);
        }
        assert_eq!(d.last_logged.len(), MAX_LOGGED_PEERS);
        // Once the old entries have aged, new peers are logged again.
        assert!(d.should_log(PeerId::random(), t + LOG_EVERY));
        assert_eq!(d.last_logged.len(), 1);
    }
}
