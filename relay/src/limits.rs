//! The relay's limits, with defaults made for long, quiet games and many of them.
//!
//! libp2p's relay defaults suit a quick hole-punching hand-off, not a game: a circuit is cut
//! after 2 minutes or 128 KiB, at most 16 circuits at once, and one reservation per IP address
//! a minute. A Tripot game can last an hour with a few bytes a minute, and a relay may carry a
//! thousand of them, so every default below is ours and every one is a flag.

use crate::directory::RegistryLimits;
use crate::lobby::StoreLimits;
use crate::rate::Rate;
use libp2p::{connection_limits::ConnectionLimits, relay, rendezvous};
use std::num::NonZeroU32;
use std::time::Duration;

/// Every limit of the node.
#[derive(Debug, Clone, PartialEq)]
pub struct Limits {
    /// Reservations held at once (each is a player waiting to be reached).
    pub max_reservations: usize,
    /// Reservations one peer may hold at once.
    pub max_reservations_per_peer: usize,
    /// How long a reservation lasts before the client must renew it (libp2p renews by itself).
    pub reservation_duration: Duration,
    /// Relayed connections (circuits) at once; a relayed game is one circuit.
    pub max_circuits: usize,
    /// Circuits one peer may have at once.
    pub max_circuits_per_peer: usize,
    /// A circuit is closed after this long. Games are long: hours, not minutes.
    pub max_circuit_duration: Duration,
    /// A circuit is closed after relaying this many bytes (0: no limit).
    pub max_circuit_bytes: u64,
    /// New reservations per IP address a minute (0: no limit). Players behind one NAT share one.
    pub reservations_per_ip_per_minute: u32,
    /// New circuits per IP address a minute (0: no limit).
    pub circuits_per_ip_per_minute: u32,
    /// Established connections at once.
    pub max_connections: u32,
    /// Established connections per peer.
    pub max_connections_per_peer: u32,
    /// Incoming connections still handshaking at once.
    pub max_pending_incoming: u32,
    /// New connections are refused while the process uses more memory than this (MiB).
    pub max_memory_mib: usize,
    /// A connection with nothing open on it is closed after this long.
    pub idle_connection_timeout: Duration,
    /// Shortest rendezvous TTL accepted. The spec's 2 h minimum would keep dead lobby tables
    /// listed for hours; hosts here refresh every minute. The standard default TTL (2 h, used
    /// when a client gives none) stays accepted.
    pub rendezvous_min_ttl: Duration,
    /// Longest rendezvous TTL accepted.
    pub rendezvous_max_ttl: Duration,
    /// Rendezvous registrations per peer.
    pub rendezvous_max_per_peer: usize,
    /// Rendezvous registrations over all peers.
    pub rendezvous_max_total: usize,
    /// The room directory's bounds.
    pub rooms: RegistryLimits,
    /// Quick-match seekers waiting at once.
    pub quick_max_waiting: usize,
    /// How long the relay holds a seeker's request before answering "still waiting" (the
    /// client asks again at once); under the request timeout of the directory (10 s).
    pub quick_hold: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_reservations: 4096,
            max_reservations_per_peer: 4,
            reservation_duration: Duration::from_secs(60 * 60),
            max_circuits: 4096,
            max_circuits_per_peer: 8,
            max_circuit_duration: Duration::from_secs(12 * 60 * 60),
            max_circuit_bytes: 64 << 20,
            reservations_per_ip_per_minute: 60,
            circuits_per_ip_per_minute: 120,
            max_connections: 10_000,
            max_connections_per_peer: 8,
            max_pending_incoming: 512,
            max_memory_mib: 1024,
            idle_connection_timeout: Duration::from_secs(60),
            rendezvous_min_ttl: Duration::from_secs(15),
            rendezvous_max_ttl: Duration::from_secs(72 * 60 * 60),
            rendezvous_max_per_peer: 8,
            rendezvous_max_total: 50_000,
            rooms: RegistryLimits::default(),
            quick_max_waiting: 10_000,
            quick_hold: Duration::from_secs(4),
        }
    }
}

/// Discover cookies remembered at once (libp2p's default).
const MAX_DISCOVER_COOKIES: usize = 10_000;
/// Registrations a discover returns at most (about 300 KiB of signed records).
const MAX_DISCOVER_PAGE: usize = 1000;
/// Registration ids remembered by all discover cookies together (a few tens of MiB at most).
const MAX_COOKIE_IDS: usize = 1_000_000;

fn per_ip(per_minute: u32) -> Option<(NonZeroU32, Duration)> {
    let rate = Rate::per_minute(per_minute)?;
    Some((NonZeroU32::new(rate.burst)?, rate.period))
}

impl Limits {
    /// The circuit relay v2 server's configuration.
    pub fn relay_config(&self) -> relay::Config {
        let mut config = relay::Config {
            max_reservations: self.max_reservations,
            max_reservations_per_peer: self.max_reservations_per_peer,
            reservation_duration: self.reservation_duration,
            // libp2p's default per-peer and per-IP limiters are replaced by ours.
            reservation_rate_limiters: Vec::new(),
            max_circuits: self.max_circuits,
            max_circuits_per_peer: self.max_circuits_per_peer,
            max_circuit_duration: self.max_circuit_duration,
            max_circuit_bytes: self.max_circuit_bytes,
            circuit_src_rate_limiters: Vec::new(),
        };
        if let Some((limit, interval)) = per_ip(self.reservations_per_ip_per_minute) {
            config = config.reservation_rate_per_ip(limit, interval);
        }
        if let Some((limit, interval)) = per_ip(self.circuits_per_ip_per_minute) {
            config = config.circuit_src_per_ip(limit, interval);
        }
        config
    }

    /// The rendezvous server's bounds.
    pub(crate) fn rendezvous_limits(&self) -> StoreLimits {
        StoreLimits {
            min_ttl: self.rendezvous_min_ttl.as_secs(),
            // The standard default TTL (2 h, used when a client gives none) stays accepted.
            max_ttl: self.rendezvous_max_ttl.as_secs().max(rendezvous::DEFAULT_TTL),
            max_per_peer: self.rendezvous_max_per_peer,
            max_total: self.rendezvous_max_total,
            max_cookies: MAX_DISCOVER_COOKIES,
            max_page: MAX_DISCOVER_PAGE,
            max_cookie_ids: MAX_COOKIE_IDS,
        }
    }

    /// The connection limits.
    pub fn connection_limits(&self) -> ConnectionLimits {
        ConnectionLimits::default()
            .with_max_established(Some(self.max_connections))
            .with_max_established_per_peer(Some(self.max_connections_per_peer))
            .with_max_pending_incoming(Some(self.max_pending_incoming))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn defaults_outlast_libp2p_defaults() {
        let ours = Limits::default().relay_config();
        let theirs = relay::Config::default();
        assert!(ours.max_circuit_duration > theirs.max_circuit_duration * 60);
        assert!(ours.max_circuit_bytes > theirs.max_circuit_bytes * 100);
        assert!(ours.max_circuits >= 2000);
        assert!(ours.max_reservations >= 2000);
        assert_eq!(ours.reservation_rate_limiters.len(), 1);
    }

    #[test]
    fn zero_rates_mean_no_limiter() {
        let limits =
            Limits { reservations_per_ip_per_minute: 0, circuits_per_ip_per_minute: 0, ..Limits::default() };
        let config = limits.relay_config();
        assert!(config.reservation_rate_limiters.is_empty());
        assert!(config.circuit_src_rate_limiters.is_empty());
    }
}
