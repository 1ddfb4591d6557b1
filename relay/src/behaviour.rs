//! The relay's composed libp2p behaviour.

use crate::{Limits, directory, ip_limits, lobby};
use libp2p::identity::Keypair;
use libp2p::swarm::NetworkBehaviour;
use libp2p::swarm::behaviour::toggle::Toggle;
use libp2p::{connection_limits, identify, mdns, memory_connection_limits, ping, relay};
use tripot_directory::RELAY_AGENT_PREFIX;

/// Identify's protocol version: peers see what they are talking to.
pub(crate) const IDENTIFY_PROTOCOL: &str = "/tripot/1.0.0";

#[derive(NetworkBehaviour)]
pub(crate) struct RelayBehaviour {
    // Limits first: they refuse connections before any other behaviour spends on them. The
    // per-address bound comes first of all, so that one address over it is told so.
    pub(crate) ip_limits: ip_limits::Behaviour,
    pub(crate) connection_limits: connection_limits::Behaviour,
    pub(crate) memory_limits: memory_connection_limits::Behaviour,
    pub(crate) relay: relay::Behaviour,
    /// Rendezvous, served by us: registrations only from reserved peers (see [`lobby`]).
    pub(crate) rendezvous: lobby::Behaviour,
    pub(crate) directory: directory::Behaviour,
    pub(crate) identify: identify::Behaviour,
    pub(crate) ping: ping::Behaviour,
    /// Announces the relay on the LAN, only when asked (`--mdns`).
    pub(crate) mdns: Toggle<mdns::tokio::Behaviour>,
}

impl RelayBehaviour {
    pub(crate) fn new(key: &Keypair, limits: &Limits, mdns: Option<mdns::tokio::Behaviour>) -> Self {
        let peer_id = key.public().to_peer_id();
        RelayBehaviour {
            ip_limits: ip_limits::Behaviour::new(limits.ip_limits()),
            connection_limits: connection_limits::Behaviour::new(limits.connection_limits()),
            memory_limits: memory_connection_limits::Behaviour::with_max_bytes(limits.max_memory_mib << 20),
            relay: relay::Behaviour::new(peer_id, limits.relay_config()),
            rendezvous: lobby::server_behaviour(),
            directory: directory::server_behaviour(),
            identify: identify::Behaviour::new(
                identify::Config::new(IDENTIFY_PROTOCOL.to_owned(), key.public())
                    .with_agent_version(format!("{RELAY_AGENT_PREFIX}{}", env!("CARGO_PKG_VERSION"))),
            ),
            ping: ping::Behaviour::default(),
            mdns: Toggle::from(mdns),
        }
    }
}
