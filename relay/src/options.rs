//! The relay's command line: every flag is also an environment variable.

use crate::directory::RegistryLimits;
use crate::rate::Rate;
use crate::{Limits, RatingsConfig, RelayError};
use clap::Parser;
use libp2p::Multiaddr;
use libp2p::identity::Keypair;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// tripot-relay: circuit relay v2, rendezvous and room directory for Tripot players.
#[derive(Debug, Clone, Parser)]
#[command(name = "tripot-relay", version, about)]
pub struct Options {
    /// Addresses to listen on (TCP and QUIC), comma-separated. Add /ip6/::/tcp/4001 and
    /// /ip6/::/udp/4001/quic-v1 for IPv6.
    #[arg(
        long,
        env = "TRIPOT_RELAY_LISTEN",
        value_delimiter = ',',
        default_value = "/ip4/0.0.0.0/tcp/4001,/ip4/0.0.0.0/udp/4001/quic-v1"
    )]
    pub listen: Vec<Multiaddr>,

    /// Public addresses to announce, comma-separated (e.g. /dns4/relay.example.org/tcp/4001).
    /// The relay only hands out reservations for addresses it knows to be its own: without
    /// this, it announces the addresses it listens on, which is right on a LAN or loopback.
    #[arg(long, env = "TRIPOT_RELAY_ANNOUNCE", value_delimiter = ',')]
    pub announce: Vec<Multiaddr>,

    /// Identity key file, created on first start so the peer id stays the same.
    #[arg(long, env = "TRIPOT_RELAY_IDENTITY", default_value = "tripot-relay.key")]
    pub identity: PathBuf,

    /// Derive the identity from this seed instead (tests and interop only: anyone can derive it).
    #[arg(long, env = "TRIPOT_RELAY_SECRET_KEY_SEED")]
    pub secret_key_seed: Option<u8>,

    /// Serve GET /health and Prometheus GET /metrics on this address (e.g. 127.0.0.1:9090).
    #[arg(long, env = "TRIPOT_RELAY_HTTP")]
    pub http: Option<SocketAddr>,

    /// Announce the relay on the local network with mDNS, so that players on the same LAN find
    /// it with no address to type. Off by default: a relay on a public server has no LAN to
    /// announce itself on.
    #[arg(long, env = "TRIPOT_RELAY_MDNS")]
    pub mdns: bool,

    /// Reservations held at once.
    #[arg(long, env = "TRIPOT_RELAY_MAX_RESERVATIONS", default_value_t = Limits::default().max_reservations)]
    pub max_reservations: usize,

    /// Reservations per peer.
    #[arg(long, env = "TRIPOT_RELAY_MAX_RESERVATIONS_PER_PEER", default_value_t = Limits::default().max_reservations_per_peer)]
    pub max_reservations_per_peer: usize,

    /// Reservation lifetime in seconds (clients renew).
    #[arg(long, env = "TRIPOT_RELAY_RESERVATION_SECS", default_value_t = Limits::default().reservation_duration.as_secs())]
    pub reservation_secs: u64,

    /// Relayed connections (circuits) at once.
    #[arg(long, env = "TRIPOT_RELAY_MAX_CIRCUITS", default_value_t = Limits::default().max_circuits)]
    pub max_circuits: usize,

    /// Circuits per peer.
    #[arg(long, env = "TRIPOT_RELAY_MAX_CIRCUITS_PER_PEER", default_value_t = Limits::default().max_circuits_per_peer)]
    pub max_circuits_per_peer: usize,

    /// A circuit is closed after this many seconds.
    #[arg(long, env = "TRIPOT_RELAY_MAX_CIRCUIT_SECS", default_value_t = Limits::default().max_circuit_duration.as_secs())]
    pub max_circuit_secs: u64,

    /// A circuit is closed after relaying this many bytes (0: no limit).
    #[arg(long, env = "TRIPOT_RELAY_MAX_CIRCUIT_BYTES", default_value_t = Limits::default().max_circuit_bytes)]
    pub max_circuit_bytes: u64,

    /// New reservations per IP address a minute (0: no limit).
    #[arg(long, env = "TRIPOT_RELAY_RESERVATIONS_PER_IP_PER_MINUTE", default_value_t = Limits::default().reservations_per_ip_per_minute)]
    pub reservations_per_ip_per_minute: u32,

    /// New circuits per IP address a minute (0: no limit).
    #[arg(long, env = "TRIPOT_RELAY_CIRCUITS_PER_IP_PER_MINUTE", default_value_t = Limits::default().circuits_per_ip_per_minute)]
    pub circuits_per_ip_per_minute: u32,

    /// Established connections at once.
    #[arg(long, env = "TRIPOT_RELAY_MAX_CONNECTIONS", default_value_t = Limits::default().max_connections)]
    pub max_connections: u32,

    /// Established connections per peer.
    #[arg(long, env = "TRIPOT_RELAY_MAX_CONNECTIONS_PER_PEER", default_value_t = Limits::default().max_connections_per_peer)]
    pub max_connections_per_peer: u32,

    /// Established incoming connections per remote IP address (0: no limit). Players behind
    /// one NAT share an address: a host holds two, a guest one.
    #[arg(long, env = "TRIPOT_RELAY_MAX_CONNECTIONS_PER_IP", default_value_t = Limits::default().max_connections_per_ip)]
    pub max_connections_per_ip: u32,

    /// Incoming connections still handshaking at once.
    #[arg(long, env = "TRIPOT_RELAY_MAX_PENDING_INCOMING", default_value_t = Limits::default().max_pending_incoming)]
    pub max_pending_incoming: u32,

    /// Incoming connections still handshaking at once, per remote IP address (0: no limit).
    #[arg(long, env = "TRIPOT_RELAY_MAX_PENDING_PER_IP", default_value_t = Limits::default().max_pending_per_ip)]
    pub max_pending_per_ip: u32,

    /// Refuse new connections while the process uses more memory than this (MiB).
    #[arg(long, env = "TRIPOT_RELAY_MAX_MEMORY_MIB", default_value_t = Limits::default().max_memory_mib)]
    pub max_memory_mib: usize,

    /// Close connections idle for this many seconds.
    #[arg(long, env = "TRIPOT_RELAY_IDLE_SECS", default_value_t = Limits::default().idle_connection_timeout.as_secs())]
    pub idle_secs: u64,

    /// Shortest rendezvous TTL accepted, seconds (lobby tables).
    #[arg(long, env = "TRIPOT_RELAY_RENDEZVOUS_MIN_TTL", default_value_t = Limits::default().rendezvous_min_ttl.as_secs())]
    pub rendezvous_min_ttl: u64,

    /// Longest rendezvous TTL granted, seconds: longer ones (the standard 2 h default included)
    /// are cut to it. Tripot's tables ask 20 s and refresh every 6 s.
    #[arg(long, env = "TRIPOT_RELAY_RENDEZVOUS_MAX_TTL", default_value_t = Limits::default().rendezvous_max_ttl.as_secs())]
    pub rendezvous_max_ttl: u64,

    /// Rendezvous registrations one peer may hold.
    #[arg(long, env = "TRIPOT_RELAY_RENDEZVOUS_MAX_PER_PEER", default_value_t = Limits::default().rendezvous_max_per_peer)]
    pub rendezvous_max_per_peer: usize,

    /// Rendezvous registrations made from one IP address, held at once (0: no limit).
    #[arg(long, env = "TRIPOT_RELAY_RENDEZVOUS_MAX_PER_IP", default_value_t = Limits::default().rendezvous_max_per_ip)]
    pub rendezvous_max_per_ip: usize,

    /// New rendezvous registrations (not refreshes) per IP address a minute (0: no limit).
    #[arg(long, env = "TRIPOT_RELAY_REGISTRATIONS_PER_IP_PER_MINUTE", default_value_t = Limits::default().registrations_per_ip_per_minute)]
    pub registrations_per_ip_per_minute: u32,

    /// Rendezvous registrations over all peers.
    #[arg(long, env = "TRIPOT_RELAY_RENDEZVOUS_MAX_TOTAL", default_value_t = Limits::default().rendezvous_max_total)]
    pub rendezvous_max_total: usize,

    /// Private rooms open at once.
    #[arg(long, env = "TRIPOT_RELAY_MAX_ROOMS", default_value_t = RegistryLimits::default().max_rooms)]
    pub max_rooms: usize,

    /// Private rooms opened from one IP address, open at once (0: no limit).
    #[arg(long, env = "TRIPOT_RELAY_MAX_ROOMS_PER_IP", default_value_t = RegistryLimits::default().max_rooms_per_ip.unwrap_or(0))]
    pub max_rooms_per_ip: usize,

    /// Quick-match seekers waiting at once (more are asked to come back in 5 s).
    #[arg(long, env = "TRIPOT_RELAY_QUICK_MAX_WAITING", default_value_t = Limits::default().quick_max_waiting)]
    pub quick_max_waiting: usize,

    /// Quick-match seekers waiting at once from one IP address (0: no limit).
    #[arg(long, env = "TRIPOT_RELAY_QUICK_MAX_PER_IP", default_value_t = Limits::default().quick_max_per_ip)]
    pub quick_max_per_ip: usize,

    /// Room lookups that miss, per IP address a minute (0: no per-address limit).
    #[arg(long, env = "TRIPOT_RELAY_ROOM_MISSES_PER_IP_PER_MINUTE", default_value_t = 20)]
    pub room_misses_per_ip_per_minute: u32,

    /// Count signed results of games and serve Elo tables (/ratings, /ratings.json and the
    /// protocol /tripot/ratings/1.0.0). Off by default. See docs/ratings.md.
    #[arg(long, env = "TRIPOT_RELAY_RATINGS")]
    pub ratings: bool,

    /// The SQLite file of the ratings (created if absent).
    #[arg(long, env = "TRIPOT_RELAY_RATINGS_DB", default_value = "tripot-ratings.sqlite")]
    pub ratings_db: PathBuf,

    /// Distinct opponents a player must have met in a table before their rating there stops
    /// being provisional.
    #[arg(long, env = "TRIPOT_RELAY_RATINGS_PROVISIONAL_OPPONENTS", default_value_t = 5)]
    pub ratings_provisional_opponents: u32,

    /// Rated games the same two keys may have together in 24 hours.
    #[arg(long, env = "TRIPOT_RELAY_RATINGS_PAIR_DAILY_CAP", default_value_t = 3)]
    pub ratings_pair_daily_cap: u32,

    /// Also rate games whose players never met through this relay (a private relay of a club
    /// or a LAN tournament, whose players may play directly).
    #[arg(long, env = "TRIPOT_RELAY_RATINGS_WITHOUT_MEETING")]
    pub ratings_without_meeting: bool,

    /// Ratings requests (submissions, tables) per peer a minute (0: no limit).
    #[arg(long, env = "TRIPOT_RELAY_RATINGS_REQUESTS_PER_PEER_PER_MINUTE", default_value_t = 30)]
    pub ratings_requests_per_peer_per_minute: u32,

    /// Ratings requests per IP address a minute (0: no limit).
    #[arg(long, env = "TRIPOT_RELAY_RATINGS_REQUESTS_PER_IP_PER_MINUTE", default_value_t = 120)]
    pub ratings_requests_per_ip_per_minute: u32,
}

impl Options {
    /// Parses flags from an explicit list (the first item is the program name).
    pub fn from_args<I, T>(args: I) -> Result<Self, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<std::ffi::OsString> + Clone,
    {
        Options::try_parse_from(args)
    }

    /// The node's identity: from the seed if given, else from (or into) the key file.
    pub fn keypair(&self) -> Result<Keypair, RelayError> {
        match self.secret_key_seed {
            Some(seed) => Ok(crate::keypair_from_seed(seed)),
            None => crate::load_or_create_keypair(&self.identity),
        }
    }

    /// The ratings service these flags ask for, if any.
    pub fn ratings(&self) -> Option<RatingsConfig> {
        self.ratings.then(|| RatingsConfig {
            db: self.ratings_db.clone(),
            provisional_opponents: self.ratings_provisional_opponents,
            pair_daily_cap: self.ratings_pair_daily_cap,
            require_meeting: !self.ratings_without_meeting,
            requests_per_peer_per_minute: self.ratings_requests_per_peer_per_minute,
            requests_per_ip_per_minute: self.ratings_requests_per_ip_per_minute,
        })
    }

    /// The limits these flags set.
    pub fn limits(&self) -> Limits {
        let defaults = Limits::default();
        Limits {
            max_reservations: self.max_reservations,
            max_reservations_per_peer: self.max_reservations_per_peer,
            reservation_duration: Duration::from_secs(self.reservation_secs.max(1)),
            max_circuits: self.max_circuits,
            max_circuits_per_peer: self.max_circuits_per_peer,
            max_circuit_duration: Duration::from_secs(self.max_circuit_secs.max(1)),
            max_circuit_bytes: self.max_circuit_bytes,
            reservations_per_ip_per_minute: self.reservations_per_ip_per_minute,
            circuits_per_ip_per_minute: self.circuits_per_ip_per_minute,
            max_connections: self.max_connections,
            max_connections_per_peer: self.max_connections_per_peer,
            max_connections_per_ip: self.max_connections_per_ip,
            max_pending_incoming: self.max_pending_incoming,
            max_pending_per_ip: self.max_pending_per_ip,
            max_memory_mib: self.max_memory_mib,
            idle_connection_timeout: Duration::from_secs(self.idle_secs.max(1)),
            rendezvous_min_ttl: Duration::from_secs(self.rendezvous_min_ttl.max(1)),
            rendezvous_max_ttl: Duration::from_secs(self.rendezvous_max_ttl.max(1)),
            rendezvous_max_per_peer: self.rendezvous_max_per_peer,
            rendezvous_max_per_ip: self.rendezvous_max_per_ip,
            registrations_per_ip_per_minute: self.registrations_per_ip_per_minute,
            rendezvous_max_total: self.rendezvous_max_total,
            quick_max_waiting: self.quick_max_waiting,
            quick_max_per_ip: self.quick_max_per_ip,
            rooms: RegistryLimits {
                max_rooms: self.max_rooms,
                max_rooms_per_ip: (self.max_rooms_per_ip > 0).then_some(self.max_rooms_per_ip),
                misses_per_ip: Rate::per_minute(self.room_misses_per_ip_per_minute),
                ..defaults.rooms
            },
            ..defaults
        }
    }
}
