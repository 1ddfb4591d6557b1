//! Connections per remote IP address: one address cannot take every connection slot.
//!
//! libp2p's `connection_limits` bounds connections overall and per peer id, but peer ids are
//! free: one machine with fresh identities filled `--max-connections` alone and locked every
//! other player out (issue 21). This behaviour counts inbound connections by the address they
//! come from, both still handshaking and established, and refuses one over either bound before
//! any other behaviour spends on it. Players behind one NAT share an address, so the defaults
//! leave room for a household (see `Limits`).

use crate::counts::{count_one, forget_one, held};
use libp2p::core::Endpoint;
use libp2p::core::transport::PortUse;
use libp2p::multiaddr::Protocol;
use libp2p::swarm::{
    ConnectionClosed, ConnectionDenied, ConnectionId, FromSwarm, ListenFailure, NetworkBehaviour, THandler,
    THandlerInEvent, THandlerOutEvent, ToSwarm, dummy,
};
use libp2p::{Multiaddr, PeerId};
use std::collections::HashMap;
use std::convert::Infallible;
use std::net::IpAddr;
use std::task::{Context, Poll};

/// The IP address of a multiaddr (its first `/ip4` or `/ip6`), if it has one.
pub(crate) fn ip_of(addr: &Multiaddr) -> Option<IpAddr> {
    addr.iter().find_map(|p| match p {
        Protocol::Ip4(ip) => Some(IpAddr::V4(ip)),
        Protocol::Ip6(ip) => Some(IpAddr::V6(ip)),
        _ => None,
    })
}

/// The bounds; `None` is no bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct IpLimits {
    /// Inbound connections still handshaking, per address.
    pub(crate) max_pending: Option<u32>,
    /// Inbound connections established, per address.
    pub(crate) max_established: Option<u32>,
}

/// Which bound refused a connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub(crate) enum IpLimitExceeded {
    /// Too many handshakes from this address at once.
    #[error("too many connections handshaking from {0} (at most {1})")]
    Pending(IpAddr, u32),
    /// Too many established connections from this address.
    #[error("too many connections from {0} (at most {1})")]
    Established(IpAddr, u32),
}

impl IpLimitExceeded {
    /// The `reason` label of the denial.
    pub(crate) fn label(self) -> &'static str {
        match self {
            IpLimitExceeded::Pending(..) => "per_ip_pending",
            IpLimitExceeded::Established(..) => "per_ip",
        }
    }

    /// The address refused.
    pub(crate) fn ip(self) -> IpAddr {
        match self {
            IpLimitExceeded::Pending(ip, _) | IpLimitExceeded::Established(ip, _) => ip,
        }
    }
}

/// Counts by address, and which connection counts where.
#[derive(Debug, Default)]
struct Tally {
    of: HashMap<ConnectionId, IpAddr>,
    per_ip: HashMap<IpAddr, usize>,
}

impl Tally {
    fn count(&self, ip: &IpAddr) -> usize {
        held(&self.per_ip, ip)
    }

    fn add(&mut self, id: ConnectionId, ip: IpAddr) {
        if self.of.insert(id, ip).is_none() {
            count_one(&mut self.per_ip, ip);
        }
    }

    fn remove(&mut self, id: &ConnectionId) {
        if let Some(ip) = self.of.remove(id) {
            forget_one(&mut self.per_ip, &ip);
        }
    }
}

/// The behaviour: refuses, never emits.
#[derive(Debug)]
pub(crate) struct Behaviour {
    limits: IpLimits,
    pending: Tally,
    established: Tally,
}

impl Behaviour {
    /// No connection counted yet.
    pub(crate) fn new(limits: IpLimits) -> Self {
        Behaviour { limits, pending: Tally::default(), established: Tally::default() }
    }
}

fn check(
    limit: Option<u32>,
    count: usize,
    refusal: impl FnOnce(u32) -> IpLimitExceeded,
) -> Result<(), ConnectionDenied> {
    match limit {
        Some(max) if count >= usize::try_from(max).unwrap_or(usize::MAX) => {
            Err(ConnectionDenied::new(refusal(max)))
        }
        _ => Ok(()),
    }
}

impl NetworkBehaviour for Behaviour {
    type ConnectionHandler = dummy::ConnectionHandler;
    type ToSwarm = Infallible;

    fn handle_pending_inbound_connection(
        &mut self,
        connection_id: ConnectionId,
        _local_addr: &Multiaddr,
        remote_addr: &Multiaddr,
    ) -> Result<(), ConnectionDenied> {
        let Some(ip) = ip_of(remote_addr) else { return Ok(()) };
        check(self.limits.max_pending, self.pending.count(&ip), |max| IpLimitExceeded::Pending(ip, max))?;
        // Established ones count too: an address at its bound is refused before its handshake.
        check(self.limits.max_established, self.established.count(&ip), |max| {
            IpLimitExceeded::Established(ip, max)
        })?;
        self.pending.add(connection_id, ip);
        Ok(())
    }

    fn handle_established_inbound_connection(
        &mut self,
        connection_id: ConnectionId,
        _peer: PeerId,
        _local_addr: &Multiaddr,
        remote_addr: &Multiaddr,
    ) -> Result<THandler<Self>, ConnectionDenied> {
        self.pending.remove(&connection_id);
        if let Some(ip) = ip_of(remote_addr) {
            check(self.limits.max_established, self.established.count(&ip), |max| {
                IpLimitExceeded::Established(ip, max)
            })?;
            // Counted here, not when the swarm reports it established: two handshakes that
            // finish in the same instant must not both pass.
            self.established.add(connection_id, ip);
        }
        Ok(dummy::ConnectionHandler)
    }

    fn handle_established_outbound_connection(
        &mut self,
        _connection_id: ConnectionId,
        _peer: PeerId,
        _addr: &Multiaddr,
        _role_override: Endpoint,
        _port_use: PortUse,
    ) -> Result<THandler<Self>, ConnectionDenied> {
        // The relay dials nobody of its own accord; what it dials is not a stranger's doing.
        Ok(dummy::ConnectionHandler)
    }

    fn on_swarm_event(&mut self, event: FromSwarm) {
        match event {
            FromSwarm::ConnectionClosed(ConnectionClosed { connection_id, .. }) => {
                self.established.remove(&connection_id);
            }
            // A handshake that failed, or a connection a later behaviour refused.
            FromSwarm::ListenFailure(ListenFailure { connection_id, .. }) => {
                self.pending.remove(&connection_id);
                self.established.remove(&connection_id);
            }
            _ => {}
        }
    }

    fn on_connection_handler_event(&mut self, _: PeerId, _: ConnectionId, event: THandlerOutEvent<Self>) {
        match event {}
    }

    fn poll(&mut self, _: &mut Context<'_>) -> Poll<ToSwarm<Self::ToSwarm, THandlerInEvent<Self>>> {
        Poll::Pending
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    fn addr(ip: &str, port: u16) -> Multiaddr {
        format!("/ip4/{ip}/tcp/{port}").parse().unwrap()
    }

    fn limits(pending: u32, established: u32) -> Behaviour {
        Behaviour::new(IpLimits { max_pending: Some(pending), max_established: Some(established) })
    }

    fn reason(denied: ConnectionDenied) -> IpLimitExceeded {
        *denied.downcast_ref::<IpLimitExceeded>().expect("refused by the address bound")
    }

    #[test]
    fn handshakes_per_address_are_bounded_and_freed() {
        let mut b = limits(2, 10);
        let local = addr("127.0.0.1", 4001);
        let (a, c) = (ConnectionId::new_unchecked(1), ConnectionId::new_unchecked(2));
        assert!(b.handle_pending_inbound_connection(a, &local, &addr("192.0.2.1", 1)).is_ok());
        assert!(b.handle_pending_inbound_connection(c, &local, &addr("192.0.2.1", 2)).is_ok());
        let third = ConnectionId::new_unchecked(3);
        let refused = b.handle_pending_inbound_connection(third, &local, &addr("192.0.2.1", 3)).unwrap_err();
        assert_eq!(reason(refused).label(), "per_ip_pending");
        // Another address is not concerned.
        assert!(b.handle_pending_inbound_connection(third, &local, &addr("192.0.2.2", 3)).is_ok());
        // A failed handshake frees its slot.
        let failure = ListenFailure {
            local_addr: &local,
            send_back_addr: &addr("192.0.2.1", 1),
            error: &libp2p::swarm::ListenError::Aborted,
            connection_id: a,
            peer_id: None,
        };
        b.on_swarm_event(FromSwarm::ListenFailure(failure));
        let fourth = ConnectionId::new_unchecked(4);
        assert!(b.handle_pending_inbound_connection(fourth, &local, &addr("192.0.2.1", 4)).is_ok());
    }

    #[test]
    fn established_connections_per_address_are_bounded() {
        let mut b = limits(10, 2);
        let local = addr("127.0.0.1", 4001);
        for n in 0..2u16 {
            let id = ConnectionId::new_unchecked(usize::from(n));
            let remote = addr("192.0.2.1", n);
            b.handle_pending_inbound_connection(id, &local, &remote).unwrap();
            assert!(b.handle_established_inbound_connection(id, PeerId::random(), &local, &remote).is_ok());
        }
        // At its bound, the address is refused before its handshake, and after one.
        let id = ConnectionId::new_unchecked(9);
        let remote = addr("192.0.2.1", 9);
        assert_eq!(
            reason(b.handle_pending_inbound_connection(id, &local, &remote).unwrap_err()).label(),
            "per_ip"
        );
        let Err(refused) = b.handle_established_inbound_connection(id, PeerId::random(), &local, &remote)
        else {
            panic!("one connection over the bound was accepted");
        };
        assert_eq!(reason(refused), IpLimitExceeded::Established("192.0.2.1".parse().unwrap(), 2));
        let other = addr("192.0.2.2", 9);
        assert!(b.handle_established_inbound_connection(id, PeerId::random(), &local, &other).is_ok());
        assert_eq!(b.established.count(&"192.0.2.1".parse().unwrap()), 2);
        assert_eq!(b.pending.of.len(), 0, "a handshake that ends is no longer pending");
    }

    #[test]
    fn no_bound_means_none() {
        let mut b = Behaviour::new(IpLimits { max_pending: None, max_established: None });
        let local = addr("127.0.0.1", 4001);
        for n in 0..100u16 {
            let id = ConnectionId::new_unchecked(usize::from(n));
            let remote = addr("192.0.2.1", n);
            b.handle_pending_inbound_connection(id, &local, &remote).unwrap();
            b.handle_established_inbound_connection(id, PeerId::random(), &local, &remote).unwrap();
        }
        assert_eq!(b.established.count(&"192.0.2.1".parse().unwrap()), 100);
    }
}
