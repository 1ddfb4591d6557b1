//! Keeps a host reachable through its relay: listens on `<relay>/p2p-circuit` (the relay client
//! transport asks the relay for a reservation), and listens again whenever that listener closes
//! — the relay restarted, the connection to it dropped, or it could not be reached yet.

use std::time::{Duration, Instant};

use libp2p::core::transport::ListenerId;
use libp2p::swarm::SwarmEvent;
use libp2p::{Multiaddr, Swarm, multiaddr::Protocol};

use crate::swarm::{Behaviour, BehaviourEvent};

/// The first wait before listening again; it doubles up to [`MAX_BACKOFF`].
const FIRST_BACKOFF: Duration = Duration::from_millis(250);
/// The longest wait between two tries: a restarted relay is found again within seconds.
const MAX_BACKOFF: Duration = Duration::from_secs(2);

/// The listener on the relay's circuit address, kept open.
#[derive(Debug)]
pub(crate) struct RelayListener {
    circuit: Option<Multiaddr>,
    listener: Option<ListenerId>,
    retry_at: Option<Instant>,
    backoff: Duration,
}

impl RelayListener {
    /// Keeps a listener on `relay`'s circuit address, if there is a relay.
    pub(crate) fn new(relay: Option<&Multiaddr>, now: Instant) -> Self {
        RelayListener {
            circuit: relay.map(|r| r.clone().with(Protocol::P2pCircuit)),
            listener: None,
            retry_at: Some(now),
            backoff: FIRST_BACKOFF,
        }
    }

    /// Listens when it is time to.
    pub(crate) fn poll(&mut self, swarm: &mut Swarm<Behaviour>, now: Instant) {
        let Some(circuit) = &self.circuit else { return };
        if self.listener.is_some() || self.retry_at.is_none_or(|t| now < t) {
            return;
        }
        self.retry_at = None;
        match swarm.listen_on(circuit.clone()) {
            Ok(id) => self.listener = Some(id),
            Err(error) => {
                tracing::debug!(%error, "listening through the relay failed");
                self.again(now);
            }
        }
    }

    /// Follows the listener's life.
    pub(crate) fn on_swarm(&mut self, event: &SwarmEvent<BehaviourEvent>, now: Instant) {
        match event {
            SwarmEvent::NewListenAddr { listener_id, .. } if Some(*listener_id) == self.listener => {
                self.backoff = FIRST_BACKOFF;
            }
            SwarmEvent::ListenerClosed { listener_id, reason, .. } if Some(*listener_id) == self.listener => {
                tracing::debug!(?reason, "the relay listener closed: listening again");
                self.listener = None;
                self.again(now);
            }
            _ => {}
        }
    }

    fn again(&mut self, now: Instant) {
        self.retry_at = Some(now + self.backoff);
        self.backoff = (self.backoff * 2).min(MAX_BACKOFF);
    }
}
