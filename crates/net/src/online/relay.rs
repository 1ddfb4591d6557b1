//! The link to a `tripot-relay`: kept up by itself. A host holds a reservation (it listens on
//! `<relay>/p2p-circuit`, so guests reach it through the relay); a guest only needs a
//! connection (directory lookups, then a circuit to the host). When the relay goes away — a
//! restart, a network cut — the link is dialled and the reservation asked for again every
//! couple of seconds until it is back.

use std::time::{Duration, Instant};

use libp2p::core::transport::ListenerId;
use libp2p::swarm::SwarmEvent;
use libp2p::swarm::dial_opts::DialOpts;
use libp2p::{Multiaddr, PeerId, Swarm, multiaddr::Protocol};

use super::peer_of;
use crate::swarm::{Behaviour, BehaviourEvent};

/// The first retry comes this soon after a failure; each further one waits twice as long, up
/// to [`MAX_BACKOFF`].
const FIRST_BACKOFF: Duration = Duration::from_millis(250);
/// The longest wait between two attempts: a restarted relay is found again within seconds.
const MAX_BACKOFF: Duration = Duration::from_secs(2);
/// A reservation not granted after this long is given up and asked for again.
const RESERVATION_TIMEOUT: Duration = Duration::from_secs(10);

/// Where the link to the relay stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RelayState {
    /// Reaching the relay for the first time.
    Connecting,
    /// Connected (a guest needs no more).
    Connected,
    /// Connected and holding a reservation: reachable through the relay.
    Reserved,
    /// The relay went away; trying again by itself.
    Lost,
}

/// A relay address that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the relay address {0} must end in /p2p/<the relay's peer id>")]
pub struct RelayAddrError(pub Multiaddr);

/// The link to the relay.
#[derive(Debug)]
pub(crate) struct RelayLink {
    /// The relay's address, ending in `/p2p/<peer id>`.
    addr: Multiaddr,
    peer: PeerId,
    /// Hold a reservation (host), or only a connection (guest).
    reserve: bool,
    listener: Option<ListenerId>,
    /// When the current reservation request started.
    asked_at: Option<Instant>,
    /// Direct (not relayed) connections to the relay.
    connections: usize,
    reserved: bool,
    reported: Option<RelayState>,
    next_attempt: Instant,
    backoff: Duration,
}

impl RelayLink {
    /// A link to the relay at `addr`, not started yet.
    pub(crate) fn new(addr: Multiaddr, reserve: bool) -> Result<RelayLink, RelayAddrError> {
        let peer = match addr.iter().last() {
            Some(Protocol::P2p(peer)) => peer,
            _ => return Err(RelayAddrError(addr)),
        };
        Ok(RelayLink {
            addr,
            peer,
            reserve,
            listener: None,
            asked_at: None,
            connections: 0,
            reserved: false,
            reported: None,
            next_attempt: Instant::now(),
            backoff: FIRST_BACKOFF,
        })
    }

    /// The relay's peer id.
    pub(crate) const fn peer(&self) -> PeerId {
        self.peer
    }

    /// Whether requests can go to the relay now (and, for a host, whether guests can reach it).
    pub(crate) const fn is_ready(&self) -> bool {
        self.connections > 0 && (self.reserved || !self.reserve)
    }

    /// The address that reaches `peer` through this relay.
    pub(crate) fn circuit_to(&self, peer: PeerId) -> Multiaddr {
        self.addr.clone().with(Protocol::P2pCircuit).with(Protocol::P2p(peer))
    }

    /// Whether an address goes through a relay.
    pub(crate) fn is_circuit(addr: &Multiaddr) -> bool {
        addr.iter().any(|p| matches!(p, Protocol::P2pCircuit))
    }

    /// The relay an address goes through (the part before `/p2p-circuit`), if it has one with a
    /// peer id.
    pub(crate) fn relay_of(addr: &Multiaddr) -> Option<Multiaddr> {
        let relay: Multiaddr = addr.iter().take_while(|p| !matches!(p, Protocol::P2pCircuit)).collect();
        (Self::is_circuit(addr) && peer_of(&relay).is_some()).then_some(relay)
    }

    fn failed(&mut self, now: Instant) {
        self.next_attempt = now + self.backoff;
        self.backoff = (self.backoff * 2).min(MAX_BACKOFF);
    }

    /// Dials, or asks for the reservation, when due; gives up a reservation that takes too long.
    pub(crate) fn tick(&mut self, swarm: &mut Swarm<Behaviour>, now: Instant) {
        if self.reserve {
            if let (Some(listener), Some(asked)) = (self.listener, self.asked_at)
                && !self.reserved
                && now.saturating_duration_since(asked) > RESERVATION_TIMEOUT
            {
                swarm.remove_listener(listener);
                self.listener = None;
                self.failed(now);
            }
            if self.listener.is_none() && now >= self.next_attempt {
                // Listening on the circuit address dials the relay if needed, then reserves.
                match swarm.listen_on(self.addr.clone().with(Protocol::P2pCircuit)) {
                    Ok(listener) => {
                        self.listener = Some(listener);
                        self.asked_at = Some(now);
                    }
                    Err(error) => {
                        tracing::debug!(%error, "relay reservation not started");
                        self.failed(now);
                    }
                }
            }
        } else if self.connections == 0 && now >= self.next_attempt {
            // The next attempt is set before the outcome is known: one dial at a time.
            self.failed(now);
            let opts = DialOpts::peer_id(self.peer).addresses(vec![self.addr.clone()]).build();
            if let Err(error) = swarm.dial(opts) {
                tracing::debug!(%error, "relay dial not started");
            }
        }
    }

    /// Follows the swarm's events about the relay.
    pub(crate) fn on_swarm(&mut self, event: &SwarmEvent<BehaviourEvent>, now: Instant) {
        match event {
            SwarmEvent::ConnectionEstablished { peer_id, endpoint, .. }
                if *peer_id == self.peer && !endpoint.is_relayed() =>
            {
                self.connections += 1;
                if !self.reserve {
                    self.backoff = FIRST_BACKOFF;
                }
            }
            SwarmEvent::ConnectionClosed { peer_id, endpoint, .. }
                if *peer_id == self.peer && !endpoint.is_relayed() =>
            {
                self.connections = self.connections.saturating_sub(1);
                if self.connections == 0 {
                    self.reserved = false;
                    self.failed(now);
                }
            }
            SwarmEvent::Behaviour(BehaviourEvent::Relay(
                libp2p::relay::client::Event::ReservationReqAccepted { relay_peer_id, .. },
            )) if *relay_peer_id == self.peer => {
                self.reserved = true;
                self.backoff = FIRST_BACKOFF;
            }
            SwarmEvent::ListenerClosed { listener_id, .. }
            | SwarmEvent::ListenerError { listener_id, .. }
                if Some(*listener_id) == self.listener =>
            {
                if matches!(event, SwarmEvent::ListenerClosed { .. }) {
                    self.listener = None;
                }
                self.reserved = false;
                self.failed(now);
            }
            _ => {}
        }
    }

    /// The state now, when it changed since the last call. After a loss it stays
    /// [`RelayState::Lost`] until the link is back, whatever the attempts in between.
    pub(crate) fn take_change(&mut self) -> Option<RelayState> {
        let state = if self.is_ready() {
            if self.reserve { RelayState::Reserved } else { RelayState::Connected }
        } else if self.reported.is_none_or(|r| r == RelayState::Connecting) {
            RelayState::Connecting
        } else {
            RelayState::Lost
        };
        if self.reported == Some(state) {
            return None;
        }
        self.reported = Some(state);
        Some(state)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn a_relay_address_needs_its_peer_id() {
        let bare: Multiaddr = "/ip4/127.0.0.1/tcp/4001".parse().unwrap();
        assert_eq!(RelayLink::new(bare.clone(), true).unwrap_err(), RelayAddrError(bare));
        let peer = PeerId::random();
        let full: Multiaddr = format!("/ip4/127.0.0.1/tcp/4001/p2p/{peer}").parse().unwrap();
        let link = RelayLink::new(full.clone(), false).unwrap();
        assert_eq!(link.peer(), peer);
        let host = PeerId::random();
        let circuit = link.circuit_to(host);
        assert_eq!(circuit.to_string(), format!("{full}/p2p-circuit/p2p/{host}"));
        assert!(RelayLink::is_circuit(&circuit));
        assert_eq!(RelayLink::relay_of(&circuit), Some(full.clone()));
        assert_eq!(RelayLink::relay_of(&full), None);
    }

    #[test]
    fn states_are_reported_once_and_a_loss_stays_a_loss() {
        let peer = PeerId::random();
        let mut link =
            RelayLink::new(format!("/ip4/127.0.0.1/tcp/1/p2p/{peer}").parse().unwrap(), true).unwrap();
        assert_eq!(link.take_change(), Some(RelayState::Connecting));
        assert_eq!(link.take_change(), None);
        link.connections = 1;
        assert_eq!(link.take_change(), None, "connected but not reserved yet");
        link.reserved = true;
        assert_eq!(link.take_change(), Some(RelayState::Reserved));
        link.connections = 0;
        link.reserved = false;
        assert_eq!(link.take_change(), Some(RelayState::Lost));
        assert_eq!(link.take_change(), None);
        link.connections = 1;
        link.reserved = true;
        assert_eq!(link.take_change(), Some(RelayState::Reserved));
    }
}
