//! A raw libp2p client against a real `tripot-relay`, as a stranger writes one: a fresh
//! identity each, libp2p's stock rendezvous client, the relay's directory client, and nothing of
//! Tripot's manners. Every wait is bounded.

use std::time::Duration;

use futures::StreamExt as _;
use libp2p::rendezvous::{self, Namespace};
use libp2p::swarm::SwarmEvent;
use tripot_directory::{Request, Response};
use tripot_net::multiaddr::Protocol;
use tripot_net::swarm::{self, BehaviourEvent, NetConfig};
use tripot_net::{Multiaddr, PeerId};

/// A client swarm of Tripot's stack.
pub(crate) type Swarm = libp2p::Swarm<swarm::Behaviour>;

/// A swarm with a fresh identity, listening on `listen` (none: no listener), no mDNS; its
/// rendezvous behaviour is libp2p's stock client.
fn swarm_listening(listen: Vec<Multiaddr>) -> Swarm {
    let net = NetConfig { listen, mdns: false, ..NetConfig::default() };
    swarm::build(tripot_net::Keypair::generate_ed25519(), &net).unwrap()
}

/// A swarm with a fresh identity and no listener: its TCP dials leave from 127.0.0.1.
pub(crate) fn bare_swarm() -> Swarm {
    swarm_listening(Vec::new())
}

/// A swarm whose QUIC dials leave from `ip` (another loopback address than 127.0.0.1): libp2p
/// dials QUIC from a socket it listens on, so the relay sees this address as the source. Waits
/// until it listens.
pub(crate) async fn swarm_from(ip: &str) -> Swarm {
    let mut swarm = swarm_listening(vec![format!("/ip4/{ip}/udp/0/quic-v1").parse().unwrap()]);
    until(&mut swarm, Duration::from_secs(10), |e| match e {
        SwarmEvent::NewListenAddr { .. } => Some(()),
        _ => None,
    })
    .await
    .expect("no QUIC listener on the second loopback address");
    swarm
}

/// Drives `swarm` until `f` returns `Some`, for at most `within`.
pub(crate) async fn until<T>(
    swarm: &mut Swarm,
    within: Duration,
    mut f: impl FnMut(SwarmEvent<BehaviourEvent>) -> Option<T>,
) -> Option<T> {
    tokio::time::timeout(within, async {
        loop {
            if let Some(t) = f(swarm.select_next_some().await) {
                return t;
            }
        }
    })
    .await
    .ok()
}

/// Dials the relay; whether a connection was established.
pub(crate) async fn connect(swarm: &mut Swarm, addr: &Multiaddr, relay: PeerId) -> bool {
    if swarm.dial(addr.clone()).is_err() {
        return false;
    }
    until(swarm, Duration::from_secs(20), |e| match e {
        SwarmEvent::ConnectionEstablished { peer_id, .. } if peer_id == relay => Some(true),
        SwarmEvent::OutgoingConnectionError { .. } => Some(false),
        _ => None,
    })
    .await
    .unwrap_or(false)
}

/// Asks the relay at `addr` for a reservation (connecting first); whether it was granted. The
/// circuit address becomes the swarm's external address, as a host's table says.
pub(crate) async fn reserve(swarm: &mut Swarm, addr: &Multiaddr, relay: PeerId) -> bool {
    let circuit = addr.clone().with(Protocol::P2pCircuit);
    if swarm.listen_on(circuit.clone()).is_err() {
        return false;
    }
    let granted = until(swarm, Duration::from_secs(20), |e| match e {
        SwarmEvent::Behaviour(BehaviourEvent::Relay(
            libp2p::relay::client::Event::ReservationReqAccepted { relay_peer_id, .. },
        )) if relay_peer_id == relay => Some(true),
        SwarmEvent::ListenerClosed { .. } | SwarmEvent::ListenerError { .. } => Some(false),
        _ => None,
    })
    .await
    .unwrap_or(false);
    if granted {
        swarm.add_external_address(circuit);
    }
    granted
}

/// Registrations asked at once: more streams at a time than a connection's request-response
/// allows are not answered.
const AT_ONCE: usize = 8;

/// Registers every namespace of `namespaces` with `ttl`, [`AT_ONCE`] at a time; each one's
/// outcome, in order. A signed peer record needs an address: without one, a fake's leading
/// nowhere is given.
pub(crate) async fn register_all(
    swarm: &mut Swarm,
    relay: PeerId,
    namespaces: &[String],
    ttl: Option<u64>,
) -> Vec<Result<u64, rendezvous::ErrorCode>> {
    if swarm.external_addresses().next().is_none() {
        swarm.add_external_address("/ip4/127.0.0.1/tcp/9".parse().unwrap());
    }
    let mut outcomes = Vec::with_capacity(namespaces.len());
    for batch in namespaces.chunks(AT_ONCE) {
        outcomes.extend(register_batch(swarm, relay, batch, ttl).await);
    }
    outcomes
}

async fn register_batch(
    swarm: &mut Swarm,
    relay: PeerId,
    namespaces: &[String],
    ttl: Option<u64>,
) -> Vec<Result<u64, rendezvous::ErrorCode>> {
    let asked: Vec<Namespace> = namespaces.iter().map(|n| Namespace::new(n.clone()).unwrap()).collect();
    for namespace in &asked {
        swarm.behaviour_mut().rendezvous.register(namespace.clone(), relay, ttl).unwrap();
    }
    let mut outcomes: Vec<Option<Result<u64, rendezvous::ErrorCode>>> = vec![None; asked.len()];
    // Each answer fills one place: at most as many rounds as namespaces, each bounded. The
    // client also refreshes what it registered when its addresses change: the first answer
    // about a namespace counts.
    while outcomes.iter().any(Option::is_none) {
        let answer =
            until(swarm, Duration::from_secs(10), |e| match e {
                SwarmEvent::Behaviour(BehaviourEvent::Rendezvous(
                    rendezvous::client::Event::Registered { namespace, ttl, .. },
                )) => Some((namespace, Ok(ttl))),
                SwarmEvent::Behaviour(BehaviourEvent::Rendezvous(
                    rendezvous::client::Event::RegisterFailed { namespace, error, .. },
                )) => Some((namespace, Err(error))),
                _ => None,
            })
            .await
            .expect("no answer to a registration");
        if let Some(place) = asked.iter().position(|n| *n == answer.0)
            && outcomes[place].is_none()
        {
            outcomes[place] = Some(answer.1);
        }
    }
    outcomes.into_iter().map(Option::unwrap).collect()
}

/// Registers `namespace` with a 20 s TTL; its outcome.
pub(crate) async fn register(
    swarm: &mut Swarm,
    relay: PeerId,
    namespace: &str,
) -> Result<u64, rendezvous::ErrorCode> {
    register_all(swarm, relay, &[namespace.to_owned()], Some(20)).await.remove(0)
}

/// Every namespace the relay lists now to a namespace-less discover (its first page).
pub(crate) async fn listed(swarm: &mut Swarm, relay: PeerId) -> Vec<String> {
    swarm.behaviour_mut().rendezvous.discover(None, None, None, relay);
    until(swarm, Duration::from_secs(10), |e| match e {
        SwarmEvent::Behaviour(BehaviourEvent::Rendezvous(rendezvous::client::Event::Discovered {
            registrations,
            ..
        })) => Some(registrations.iter().map(|r| r.namespace.to_string()).collect()),
        SwarmEvent::Behaviour(BehaviourEvent::Rendezvous(rendezvous::client::Event::DiscoverFailed {
            error,
            ..
        })) => panic!("discover failed: {error:?}"),
        _ => None,
    })
    .await
    .expect("no answer to a discover")
}

/// Sends `request` to the relay's directory; its answer (`None`: the request failed).
pub(crate) async fn ask(swarm: &mut Swarm, relay: PeerId, request: Request) -> Option<Response> {
    let id = swarm.behaviour_mut().directory.send_request(&relay, request);
    until(swarm, Duration::from_secs(10), |e| match e {
        SwarmEvent::Behaviour(BehaviourEvent::Directory(libp2p::request_response::Event::Message {
            message: libp2p::request_response::Message::Response { request_id, response },
            ..
        })) if request_id == id => Some(Some(response)),
        SwarmEvent::Behaviour(BehaviourEvent::Directory(
            libp2p::request_response::Event::OutboundFailure { request_id, .. },
        )) if request_id == id => Some(None),
        _ => None,
    })
    .await
    .flatten()
}

/// Keeps `swarm` running (its connections and reservation alive) until the task is aborted.
pub(crate) fn keep(mut swarm: Swarm) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            swarm.select_next_some().await;
        }
    })
}
