//! A `tripot-relay` on the LAN: a relay started with `--mdns` announces itself there, and a
//! client with mDNS on and no relay configured uses the first one it finds.
//!
//! mDNS only says "a libp2p node is at these addresses"; identify says what the node is. A relay
//! is recognised by its agent version (`tripot-relay/…`), so other libp2p applications on the
//! LAN, and Tripot players, are never taken for one.

use std::collections::HashSet;
use std::time::Duration;

use futures::StreamExt as _;
use libp2p::identity::Keypair;
use libp2p::swarm::SwarmEvent;
use libp2p::swarm::dial_opts::DialOpts;
use libp2p::{Multiaddr, PeerId, multiaddr::Protocol};

use crate::swarm::{self, BehaviourEvent, NetConfig, SwarmError};

/// Whether an identify agent version is a `tripot-relay`'s.
#[must_use]
pub fn is_relay_agent(agent_version: &str) -> bool {
    agent_version.starts_with(tripot_directory::RELAY_AGENT_PREFIX)
}

/// Looks for a `tripot-relay` announced by mDNS on the LAN for at most `wait`; returns its
/// address (ending in `/p2p/<peer id>`), the one this side could connect to.
///
/// A short-lived swarm of its own does the looking (mDNS on, listening nowhere), so the game's
/// swarm starts afterwards with the relay already known and can listen before dialling it.
///
/// # Errors
/// [`SwarmError`] when the swarm cannot start (mDNS cannot bind its socket, for one).
pub async fn find_lan_relay(
    keypair: Keypair,
    net: &NetConfig,
    wait: Duration,
) -> Result<Option<Multiaddr>, SwarmError> {
    let net = NetConfig { mdns: true, listen: Vec::new(), relay: None, ..net.clone() };
    let mut swarm = swarm::build(keypair, &net)?;
    let mut dialled: HashSet<PeerId> = HashSet::new();
    // Where each connection reached its peer: identify comes after the connection.
    let mut reached: Vec<(PeerId, Multiaddr)> = Vec::new();
    let deadline = tokio::time::sleep(wait);
    tokio::pin!(deadline);
    loop {
        let event = tokio::select! {
            () = &mut deadline => return Ok(None),
            event = swarm.select_next_some() => event,
        };
        match event {
            SwarmEvent::Behaviour(BehaviourEvent::Mdns(libp2p::mdns::Event::Discovered(list))) => {
                let mut by_peer: Vec<(PeerId, Vec<Multiaddr>)> = Vec::new();
                for (peer, addr) in list {
                    match by_peer.iter_mut().find(|(p, _)| *p == peer) {
                        Some((_, addrs)) => addrs.push(addr),
                        None => by_peer.push((peer, vec![addr])),
                    }
                }
                for (peer, addrs) in by_peer {
                    // One try per peer, bounded: a crowded LAN cannot make us dial forever.
                    if dialled.len() < 32 && dialled.insert(peer) {
                        let _ = swarm.dial(DialOpts::peer_id(peer).addresses(addrs).build());
                    }
                }
            }
            SwarmEvent::ConnectionEstablished { peer_id, endpoint, .. } if endpoint.is_dialer() => {
                reached.push((peer_id, endpoint.get_remote_address().clone()));
            }
            SwarmEvent::Behaviour(BehaviourEvent::Identify(libp2p::identify::Event::Received {
                peer_id,
                info,
                ..
            })) => {
                if !is_relay_agent(&info.agent_version) {
                    let _ = swarm.disconnect_peer_id(peer_id);
                    continue;
                }
                if let Some((_, addr)) = reached.iter().find(|(p, _)| *p == peer_id) {
                    return Ok(Some(with_peer(addr.clone(), peer_id)));
                }
            }
            _ => {}
        }
    }
}

/// `addr` ending in `/p2p/<peer>`.
fn with_peer(mut addr: Multiaddr, peer: PeerId) -> Multiaddr {
    if !matches!(addr.iter().last(), Some(Protocol::P2p(_))) {
        addr.push(Protocol::P2p(peer));
    }
    addr
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn only_relay_agents_count() {
        assert!(is_relay_agent("tripot-relay/0.1.0"));
        assert!(!is_relay_agent("tripot/0.1.0"));
        assert!(!is_relay_agent("rust-libp2p/0.57"));
        assert!(!is_relay_agent(""));
    }

    #[test]
    fn the_address_names_the_relay_once() {
        let peer = Keypair::generate_ed25519().public().to_peer_id();
        let addr: Multiaddr = "/ip4/10.0.0.1/tcp/4001".parse().unwrap();
        let full = with_peer(addr, peer);
        assert_eq!(full.iter().filter(|p| matches!(p, Protocol::P2p(_))).count(), 1);
        assert_eq!(with_peer(full.clone(), peer), full);
    }
}
