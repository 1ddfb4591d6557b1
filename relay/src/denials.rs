//! Refusals the relay hands out: every one counted, few logged.
//!
//! A flood of refused connections, reservations, circuits, registrations, rooms or room lookups
//! must not flood the log (issue #11): each refusal is counted in `/metrics`
//! (`tripot_denials_total{what, reason}`), and logged at most once per peer (or, for a
//! connection refused before its peer id is known, per address) per minute.

use crate::metrics::ResultLabel;
use libp2p::PeerId;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use std::collections::HashMap;
use std::fmt;
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// A peer's refusals are logged at most this often.
pub(crate) const LOG_EVERY: Duration = Duration::from_secs(60);

/// Who was refused: a peer, or an address whose peer id is not known yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Who {
    /// A peer id.
    Peer(PeerId),
    /// A remote address.
    Ip(IpAddr),
}

impl From<PeerId> for Who {
    fn from(peer: PeerId) -> Self {
        Who::Peer(peer)
    }
}

impl From<IpAddr> for Who {
    fn from(ip: IpAddr) -> Self {
        Who::Ip(ip)
    }
}

impl fmt::Display for Who {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Who::Peer(peer) => write!(f, "peer={peer}"),
            Who::Ip(ip) => write!(f, "ip={ip}"),
        }
    }
}

/// Peers remembered at once for the log's pacing. Past this, refusals of new peers are
/// counted but not logged until old entries age out: the log stays quiet under any flood.
const MAX_LOGGED_PEERS: usize = 10_000;

/// What was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Denied {
    /// An incoming connection (too many from its address).
    Connection,
    /// A relay reservation.
    Reservation,
    /// A relayed connection (circuit).
    Circuit,
    /// A rendezvous registration in a lobby namespace.
    LobbyRegistration,
    /// A rendezvous registration in any other namespace.
    Registration,
    /// A private room opened.
    Room,
    /// A room lookup, throttled.
    RoomLookup,
    /// A directory request of an older client (`/tripot/rooms/1.0.0`).
    Outdated,
    /// A quick-match seek (too many waiting from its address).
    QuickSeek,
}

impl Denied {
    fn label(self) -> &'static str {
        match self {
            Denied::Connection => "connection",
            Denied::Reservation => "reservation",
            Denied::Circuit => "circuit",
            Denied::LobbyRegistration => "lobby_registration",
            Denied::Registration => "registration",
            Denied::Room => "room",
            Denied::RoomLookup => "room_lookup",
            Denied::Outdated => "directory",
            Denied::QuickSeek => "quick_seek",
        }
    }
}

/// Counts refusals and paces their log lines.
#[derive(Debug)]
pub(crate) struct Denials {
    counts: Family<ResultLabel, Counter>,
    last_logged: HashMap<Who, Instant>,
    /// When aged entries were last swept out (a sweep walks the whole map: at most once a
    /// second, however many peers are refused).
    last_sweep: Option<Instant>,
}

impl Denials {
    /// Refusals counted into `counts` (registered as `tripot_denials`).
    pub(crate) fn new(counts: Family<ResultLabel, Counter>) -> Self {
        Denials { counts, last_logged: HashMap::new(), last_sweep: None }
    }

    /// Counts a refusal of `who`, and logs it unless it was logged within a minute.
    pub(crate) fn record(&mut self, who: impl Into<Who>, what: Denied, reason: &'static str, now: Instant) {
        let who = who.into();
        self.counts.get_or_create(&vec![("what", what.label()), ("reason", reason)]).inc();
        // `peer=…` or `ip=…` as a field of its own, which log readers (and the tests) split on.
        if self.should_log(who, now) {
            tracing::info!(
                "denied {who} what={} reason={reason} (the next denials of the same within a minute are only counted in /metrics)",
                what.label()
            );
        } else {
            tracing::trace!("denied {who} what={} reason={reason}", what.label());
        }
    }

    fn should_log(&mut self, who: Who, now: Instant) -> bool {
        let fresh = |at: &Instant| now.saturating_duration_since(*at) < LOG_EVERY;
        if self.last_logged.get(&who).is_some_and(fresh) {
            return false;
        }
        if !self.last_logged.contains_key(&who) && self.last_logged.len() >= MAX_LOGGED_PEERS {
            if self.last_sweep.is_none_or(|at| now.saturating_duration_since(at) >= Duration::from_secs(1)) {
                self.last_sweep = Some(now);
                self.last_logged.retain(|_, at| fresh(at));
            }
            if self.last_logged.len() >= MAX_LOGGED_PEERS {
                return false;
            }
        }
        self.last_logged.insert(who, now);
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
        let (a, b) = (Who::Peer(PeerId::random()), Who::Ip("192.0.2.1".parse().unwrap()));
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
            d.should_log(Who::Peer(PeerId::random()), t);
        }
        assert_eq!(d.last_logged.len(), MAX_LOGGED_PEERS);
        // Once the old entries have aged, new peers are logged again.
        assert!(d.should_log(Who::Peer(PeerId::random()), t + LOG_EVERY));
        assert_eq!(d.last_logged.len(), 1);
    }
}
