//! The libp2p swarm of a Tripot client: TCP and QUIC, noise, yamux, identify, ping, mDNS, the
//! generic stream behaviour that carries game streams, and what reaching peers through a
//! `tripot-relay` needs: the circuit relay v2 client (a transport and a behaviour), DCUtR hole
//! punching, the rendezvous client (lobby, quick match) and the relay's room-directory client.

use std::time::Duration;

use libp2p::core::transport::ListenerId;
use libp2p::identity::Keypair;
use libp2p::swarm::behaviour::toggle::Toggle;
use libp2p::{Multiaddr, StreamProtocol, Swarm, dcutr, identify, mdns, noise, ping, rendezvous, tcp, yamux};
use tripot_protocol::{AGENT_PREFIX, GAME_PROTOCOL};

/// The identify protocol version of Tripot clients.
pub const IDENTIFY_PROTOCOL: &str = "/tripot/id/1";

/// Network settings of a client.
#[derive(Debug, Clone)]
pub struct NetConfig {
    /// Addresses to listen on (`/ip4/0.0.0.0/tcp/0`, `/ip4/0.0.0.0/udp/0/quic-v1`, …).
    pub listen: Vec<Multiaddr>,
    /// Whether to announce and discover on the LAN with mDNS (off in loopback tests).
    pub mdns: bool,
    /// How long a connection with no open stream lives. Game streams keep their connection open
    /// on their own; this only reaps probes and finished games.
    pub idle_timeout: Duration,
    /// Ping interval; a failed ping closes the connection so that a reconnection starts at once.
    pub ping_interval: Duration,
    /// A `tripot-relay` to reach and be reached through (its address ends in `/p2p/<peer id>`);
    /// none: direct connections only.
    pub relay: Option<Multiaddr>,
}

impl Default for NetConfig {
    fn default() -> NetConfig {
        NetConfig {
            listen: default_listen(),
            mdns: true,
            idle_timeout: Duration::from_secs(60),
            ping_interval: Duration::from_secs(10),
            relay: None,
        }
    }
}

/// TCP and QUIC on every IPv4 interface, ports chosen by the system.
#[must_use]
pub fn default_listen() -> Vec<Multiaddr> {
    ["/ip4/0.0.0.0/tcp/0", "/ip4/0.0.0.0/udp/0/quic-v1"].iter().filter_map(|a| a.parse().ok()).collect()
}

/// The game stream protocol.
#[must_use]
pub const fn game_protocol() -> StreamProtocol {
    StreamProtocol::new(GAME_PROTOCOL)
}

pub use behaviour::{Behaviour, BehaviourEvent};

/// The derive generates an event enum whose variants cannot carry docs.
#[allow(missing_docs)]
mod behaviour {
    use libp2p::swarm::NetworkBehaviour;
    use libp2p::swarm::behaviour::toggle::Toggle;
    use libp2p::{dcutr, identify, mdns, ping, relay, rendezvous};

    /// The behaviours of a client.
    #[derive(NetworkBehaviour)]
    pub struct Behaviour {
        /// Game streams.
        pub stream: libp2p_stream::Behaviour,
        /// Reservations on a relay (to be reached) and circuits through it (to reach).
        pub relay: relay::client::Behaviour,
        /// Hole punching: turns a relayed connection into a direct one when the routers allow.
        pub dcutr: dcutr::Behaviour,
        /// Lobby tables and quick-match seekers, under the relay's rendezvous namespaces.
        pub rendezvous: rendezvous::client::Behaviour,
        /// Private rooms: the relay's directory, by key, never listed.
        pub directory: tripot_directory::Behaviour,
        /// Who the peer is (agent version tells Tripot clients from other libp2p apps).
        pub identify: identify::Behaviour,
        /// Liveness.
        pub ping: ping::Behaviour,
        /// LAN discovery, when enabled.
        pub mdns: Toggle<mdns::tokio::Behaviour>,
    }
}

/// Why the swarm could not be built.
#[derive(Debug, thiserror::Error)]
pub enum SwarmError {
    /// Transport or behaviour set-up failed.
    #[error("network set-up: {0}")]
    Setup(String),
    /// Listening on an address failed.
    #[error("cannot listen on {addr}: {reason}")]
    Listen {
        /// The address.
        addr: Multiaddr,
        /// Why.
        reason: String,
    },
}

/// Builds the swarm (must run inside a tokio runtime) and starts listening.
///
/// # Errors
/// [`SwarmError`] when a transport or mDNS cannot be set up, or no address can be listened on.
pub fn build(keypair: Keypair, config: &NetConfig) -> Result<Swarm<Behaviour>, SwarmError> {
    build_listening(keypair, config).map(|(swarm, _)| swarm)
}

/// [`build`], with the listeners started (one per address of `config.listen` that could be
/// listened on): each reports its addresses, or its end, as the swarm is polled.
///
/// # Errors
/// As [`build`].
pub(crate) fn build_listening(
    keypair: Keypair,
    config: &NetConfig,
) -> Result<(Swarm<Behaviour>, Vec<ListenerId>), SwarmError> {
    let setup = |e: &dyn std::fmt::Display| SwarmError::Setup(e.to_string());
    let mdns_on = config.mdns;
    let ping_interval = config.ping_interval;
    let mut swarm = libp2p::SwarmBuilder::with_existing_identity(keypair)
        .with_tokio()
        .with_tcp(tcp::Config::default().nodelay(true), noise::Config::new, yamux::Config::default)
        .map_err(|e| setup(&e))?
        .with_quic()
        .with_relay_client(noise::Config::new, yamux::Config::default)
        .map_err(|e| setup(&e))?
        .with_behaviour(|key, relay| {
            let peer_id = key.public().to_peer_id();
            let identify = identify::Behaviour::new(
                identify::Config::new(IDENTIFY_PROTOCOL.to_owned(), key.public())
                    .with_agent_version(format!("{AGENT_PREFIX}{}", env!("CARGO_PKG_VERSION"))),
            );
            let mdns = if mdns_on {
                let config =
                    mdns::Config { query_interval: Duration::from_secs(2), ..mdns::Config::default() };
                Some(mdns::tokio::Behaviour::new(config, peer_id)?)
            } else {
                None
            };
            Ok(Behaviour {
                stream: libp2p_stream::Behaviour::new(),
                relay,
                dcutr: dcutr::Behaviour::new(peer_id),
                rendezvous: rendezvous::client::Behaviour::new(key.clone()),
                directory: tripot_directory::client_behaviour(),
                identify,
                ping: ping::Behaviour::new(ping::Config::new().with_interval(ping_interval)),
                mdns: Toggle::from(mdns),
            })
        })
        .map_err(|e| setup(&e))?
        .with_swarm_config(|c| c.with_idle_connection_timeout(config.idle_timeout))
        .build();
    let mut listening = Vec::new();
    let mut last_error = None;
    for addr in &config.listen {
        match swarm.listen_on(addr.clone()) {
            Ok(id) => listening.push(id),
            Err(e) => last_error = Some(SwarmError::Listen { addr: addr.clone(), reason: e.to_string() }),
        }
    }
    match last_error {
        Some(error) if listening.is_empty() => Err(error),
        _ => Ok((swarm, listening)),
    }
}

/// Closes the connection of a failed ping: ping does not close a dead connection by itself, and
/// a reconnection starts only once it is closed.
pub(crate) fn close_if_ping_failed(swarm: &mut Swarm<Behaviour>, event: &ping::Event) {
    if event.result.is_err() {
        let _ = swarm.close_connection(event.connection);
    }
}

/// Whether an identify agent version is a Tripot client's.
#[must_use]
pub fn is_tripot_agent(agent_version: &str) -> bool {
    agent_version.starts_with(AGENT_PREFIX)
}
