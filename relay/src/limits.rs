//! The relay's limits, with defaults made for long, quiet games and many of them.
//!
//! libp2p's relay defaults suit a quick hole-punching hand-off, not a game: a circuit is cut
//! after 2 minutes or 128 KiB, at most 16 circuits at once, and one reservation per IP address
//! a minute. A Tripot game can last an hour with a few bytes a minute, and a relay may carry a
//! thousand of them, so every default below is ours and every one is a flag.

use crate::directory::RegistryLimits;
use crate::ip_limits::IpLimits;
use crate::lobby::{LobbyLimits, StoreLimits};
use crate::rate::Rate;
use libp2p::{connection_limits::ConnectionLimits, relay};
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
    /// Established incoming connections per remote IP address (0: no limit). Peer ids are free:
    /// without this, one address opening connections under fresh ids takes every slot.
    pub max_connections_per_ip: u32,
    /// Incoming connections still handshaking at once.
    pub max_pending_incoming: u32,
    /// Incoming connections still handshaking at once, per remote IP address (0: no limit).
    pub max_pending_per_ip: u32,
    /// New connections are refused while the process uses more memory than this (MiB).
    pub max_memory_mib: usize,
    /// A connection with nothing open on it is closed after this long.
    pub idle_connection_timeout: Duration,
    /// Shortest rendezvous TTL accepted. The spec's 2 h minimum would keep dead lobby tables
    /// listed for hours; hosts here refresh every 6 s.
    pub rendezvous_min_ttl: Duration,
    /// Longest rendezvous TTL granted: longer ones (the standard default of 2 h included) are
    /// cut to it. Our tables ask 20 s.
    pub rendezvous_max_ttl: Duration,
    /// Rendezvous registrations per peer.
    pub rendezvous_max_per_peer: usize,
    /// Rendezvous registrations made from one IP address, held at once (0: no limit).
    pub rendezvous_max_per_ip: usize,
    /// New rendezvous registrations (not refreshes) per IP address a minute (0: no limit).
    pub registrations_per_ip_per_minute: u32,
    /// Rendezvous registrations over all peers.
    pub rendezvous_max_total: usize,
    /// The room directory's bounds.
    pub rooms: RegistryLimits,
    /// Quick-match seekers waiting at once.
    pub quick_max_waiting: usize,
    /// Quick-match seekers waiting at once from one IP address (0: no limit); a peer holds
    /// one place whatever it asks.
    pub quick_max_per_ip: usize,
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
            // A household behind one NAT: a host holds two connections (its game and its lobby
            // table), a guest one, a listing one for a moment.
            max_connections_per_ip: 32,
            max_pending_incoming: 512,
            max_pending_per_ip: 16,
            max_memory_mib: 1024,
            idle_connection_timeout: Duration::from_secs(60),
            rendezvous_min_ttl: Duration::from_secs(15),
            rendezvous_max_ttl: Duration::from_secs(60),
            // Our host lists one table; a few at once from one identity is already generous.
            rendezvous_max_per_peer: 4,
            rendezvous_max_per_ip: 16,
            registrations_per_ip_per_minute: 30,
            rendezvous_max_total: 50_000,
            rooms: RegistryLimits::default(),
            quick_max_waiting: 10_000,
            // A household behind one NAT seeks a game or two at once; a club's room a few more.
            quick_max_per_ip: 8,
            quick_hold: Duration::from_secs(4),
        }
    }
}

/// Registrations a discover returns at most (about 300 KiB of signed records).
const MAX_DISCOVER_PAGE: usize = 1000;

/// `n`, with 0 meaning "no limit".
fn bound<T: PartialEq + Default>(n: T) -> Option<T> {
    (n != T::default()).then_some(n)
}

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
    pub(crate) fn rendezvous_limits(&self) -> LobbyLimits {
        let min_ttl = self.rendezvous_min_ttl.as_secs();
        LobbyLimits {
            store: StoreLimits {
                min_ttl,
                max_ttl: self.rendezvous_max_ttl.as_secs().max(min_ttl),
                max_per_peer: self.rendezvous_max_per_peer,
                max_per_ip: bound(self.rendezvous_max_per_ip),
                max_total: self.rendezvous_max_total,
                max_page: MAX_DISCOVER_PAGE,
            },
            new_per_ip: Rate::per_minute(self.registrations_per_ip_per_minute),
        }
    }

    /// The connection limits.
    pub fn connection_limits(&self) -> ConnectionLimits {
        ConnectionLimits::default()
            .with_max_established(Some(self.max_connections))
            .with_max_established_per_peer(Some(self.max_connections_per_peer))
            .with_max_pending_incoming(Some(self.max_pending_incoming))
    }

    /// The connection limits per remote address.
    pub(crate) fn ip_limits(&self) -> IpLimits {
        IpLimits {
            max_pending: bound(self.max_pending_per_ip),
            max_established: bound(self.max_connections_per_ip),
        }
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
    fn per_address_bounds_leave_room_for_a_household_and_zero_lifts_them() {
        let limits = Limits::default();
        let ip = limits.ip_limits();
        // Four players behind one NAT, each a host (two connections) with a guest (one).
        assert!(ip.max_established.is_some_and(|n| n >= 4 * 3));
        assert!(ip.max_pending.is_some_and(|n| n >= 4));
        let lobby = limits.rendezvous_limits();
        assert!(lobby.store.max_per_ip.is_some_and(|n| n >= 4));
        assert!(lobby.store.max_per_ip.is_some_and(|n| n < lobby.store.max_total / 100));
        assert_eq!(lobby.store.max_ttl, 60);
        assert!(limits.rooms.max_rooms_per_ip.is_some_and(|n| n >= 4 && n < limits.rooms.max_rooms / 100));
        let lifted = Limits {
            max_connections_per_ip: 0,
            max_pending_per_ip: 0,
            rendezvous_max_per_ip: 0,
            registrations_per_ip_per_minute: 0,
            ..Limits::default()
        };
        assert_eq!(lifted.ip_limits().max_established, None);
        assert_eq!(lifted.ip_limits().max_pending, None);
        assert_eq!(lifted.rendezvous_limits().store.max_per_ip, None);
        assert_eq!(lifted.rendezvous_limits().new_per_ip, None);
    }

    #[test]
    fn the_flags_reach_the_limits() {
        let options = crate::Options::from_args([
            "tripot-relay",
            "--max-connections-per-ip",
            "5",
            "--max-pending-per-ip",
            "0",
            "--rendezvous-max-ttl",
            "30",
            "--rendezvous-max-per-ip",
            "7",
            "--max-rooms-per-ip",
            "0",
        ])
        .unwrap();
        let limits = options.limits();
        assert_eq!(limits.ip_limits().max_established, Some(5));
        assert_eq!(limits.ip_limits().max_pending, None);
        assert_eq!(limits.rendezvous_limits().store.max_ttl, 30);
        assert_eq!(limits.rendezvous_limits().store.max_per_ip, Some(7));
        assert_eq!(limits.rooms.max_rooms_per_ip, None);
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
