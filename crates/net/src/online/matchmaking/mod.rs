//! Finding an opponent through a `tripot-relay`: the open lobby ([`lobby`]) and quick match
//! ([`quick`]).
//!
//! Both talk to the relay on a short-lived swarm of their own (same identity as the game, so
//! that the peer id others see is the one that plays), then the game runs as any online game:
//! the host waits on its relay address, the guest dials `<relay>/p2p-circuit/p2p/<host>`.

mod announcer;
pub mod lobby;
pub mod quick;

use std::time::Duration;

use futures::StreamExt as _;
use libp2p::swarm::SwarmEvent;
use libp2p::{Multiaddr, PeerId, Swarm, multiaddr::Protocol};
use tripot_game::TableSpec;

use crate::swarm::{self, Behaviour, BehaviourEvent, NetConfig, SwarmError};

/// Why the lobby or quick match failed.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// The swarm.
    #[error(transparent)]
    Swarm(#[from] SwarmError),
    /// The relay address does not end in `/p2p/<peer id>`.
    #[error("the relay address {0} does not end in /p2p/<peer id>")]
    NoRelayPeer(Multiaddr),
    /// The relay cannot be reached.
    #[error("cannot reach the relay: {0}")]
    RelayUnreachable(String),
    /// The relay refused or failed a request.
    #[error("the relay refused: {0}")]
    Refused(String),
    /// The driver of the game could not start.
    #[error(transparent)]
    Online(#[from] super::OnlineError),
    /// A game this client does not play online (not of the catalogue, or not of two seats).
    #[error("not a game played online here: {0}")]
    Unsupported(String),
    /// The relay speaks an older version of the directory (`/tripot/rooms/1.0.0`): it must be
    /// updated before it can pair players by game.
    #[error("the relay speaks an older directory protocol: it needs updating for quick match")]
    RelayOutdated,
}

/// Checks that `table` is a game this client plays online (a game of the catalogue, of two
/// seats: the session plays no other), before seeking it or hosting it.
///
/// # Errors
/// [`MatchError::Unsupported`] otherwise.
pub fn playable(table: &TableSpec) -> Result<(), MatchError> {
    tripot_game::catalogue::check_table(table).map_err(|e| MatchError::Unsupported(e.to_string()))?;
    if table.seats == 2 {
        Ok(())
    } else {
        Err(MatchError::Unsupported(format!("{table}: online games have two seats")))
    }
}

/// The relay's peer id: the last `/p2p/` of its address.
///
/// # Errors
/// [`MatchError::NoRelayPeer`] when there is none.
pub fn relay_peer(relay: &Multiaddr) -> Result<PeerId, MatchError> {
    relay
        .iter()
        .filter_map(|p| if let Protocol::P2p(peer) = p { Some(peer) } else { None })
        .last()
        .ok_or_else(|| MatchError::NoRelayPeer(relay.clone()))
}

/// The address that reaches `peer` through the relay: `<relay>/p2p-circuit/p2p/<peer>`.
#[must_use]
pub fn circuit_addr(relay: &Multiaddr, peer: PeerId) -> Multiaddr {
    relay.clone().with(Protocol::P2pCircuit).with(Protocol::P2p(peer))
}

/// How long the first connection to the relay may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// A swarm that listens nowhere (it only talks to the relay) and is connected to it.
async fn connected_swarm(
    keypair: libp2p::identity::Keypair,
    net: &NetConfig,
    relay: &Multiaddr,
) -> Result<(Swarm<Behaviour>, PeerId), MatchError> {
    let relay_id = relay_peer(relay)?;
    let mut net = net.clone();
    net.listen = Vec::new();
    net.mdns = false;
    let mut swarm = swarm::build(keypair, &net)?;
    swarm.dial(relay.clone()).map_err(|e| MatchError::RelayUnreachable(e.to_string()))?;
    let connected = tokio::time::timeout(CONNECT_TIMEOUT, async {
        loop {
            match swarm.select_next_some().await {
                SwarmEvent::ConnectionEstablished { peer_id, .. } if peer_id == relay_id => return Ok(()),
                SwarmEvent::OutgoingConnectionError { peer_id, error, .. }
                    if peer_id.is_none_or(|p| p == relay_id) =>
                {
                    return Err(MatchError::RelayUnreachable(error.to_string()));
                }
                _ => {}
            }
        }
    })
    .await;
    match connected {
        Ok(result) => result.map(|()| (swarm, relay_id)),
        Err(_) => Err(MatchError::RelayUnreachable(format!("no answer from {relay} within 10 s"))),
    }
}

/// Whether a swarm event says the connection to `relay` is gone.
fn relay_lost(event: &SwarmEvent<BehaviourEvent>, relay: PeerId) -> bool {
    matches!(event, SwarmEvent::ConnectionClosed { peer_id, num_established: 0, .. } if *peer_id == relay)
}
