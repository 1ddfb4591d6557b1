//! Shared by the relay's process tests: start the real binary, and a libp2p client swarm.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::zombie_processes)]

use futures::StreamExt;
use libp2p::swarm::{NetworkBehaviour, SwarmEvent};
use libp2p::{Multiaddr, PeerId, Swarm, identify, noise, ping, relay, rendezvous, tcp, yamux};
use std::io::{Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::Duration;
use tripot_directory as directory;

#[path = "../../../tests/tests/online_common/relay_process.rs"]
mod relay_process;

use relay_process::RelayLaunch;

/// The relay of these tests: the real binary on loopback (TCP and QUIC, port 0), `/metrics`
/// served; started by the one launcher every test of the workspace uses.
pub(crate) struct RelayProcess {
    pub(crate) process: relay_process::RelayProcess,
    pub(crate) peer_id: PeerId,
    pub(crate) http: Option<String>,
}

impl RelayProcess {
    /// Starts it with a fresh identity and these extra flags, and waits for READY.
    pub(crate) fn start(extra: &[&str]) -> RelayProcess {
        static NEXT_SEED: AtomicU8 = AtomicU8::new(100);
        RelayProcess::start_seeded(NEXT_SEED.fetch_add(1, Ordering::Relaxed), extra)
    }

    /// Starts it with the identity of `seed`.
    pub(crate) fn start_seeded(seed: u8, extra: &[&str]) -> RelayProcess {
        RelayProcess::launched(RelayProcess::launch(seed).args(extra))
    }

    /// Starts it with its identity from the key file `path`.
    pub(crate) fn start_with_identity(path: &Path) -> RelayProcess {
        RelayProcess::launched(RelayProcess::launch(0).identity_file(path))
    }

    fn launch(seed: u8) -> RelayLaunch {
        RelayLaunch::new(Path::new(env!("CARGO_BIN_EXE_tripot-relay")), seed)
            .listen("/ip4/127.0.0.1/tcp/0,/ip4/127.0.0.1/udp/0/quic-v1")
            .http()
    }

    fn launched(launch: RelayLaunch) -> RelayProcess {
        let process = launch.start();
        let peer_id = process.peer_id.parse().unwrap();
        let http = process.http.clone();
        RelayProcess { process, peer_id, http }
    }

    /// The TCP address (with /p2p).
    pub(crate) fn tcp_addr(&self) -> Multiaddr {
        self.process.addr.parse().unwrap()
    }

    /// The QUIC address (with /p2p).
    pub(crate) fn quic_addr(&self) -> Multiaddr {
        self.process.quic_addr().parse().unwrap()
    }

    /// Sends SIGTERM.
    pub(crate) fn terminate(&self) {
        self.process.terminate();
    }
}

/// `GET path` on the relay's HTTP endpoint: (status line, body).
pub(crate) fn http_get(addr: &str, path: &str) -> (String, String) {
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    write!(stream, "GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    (head.lines().next().unwrap().to_owned(), body.to_owned())
}

#[derive(NetworkBehaviour)]
pub(crate) struct Client {
    pub(crate) relay: relay::client::Behaviour,
    pub(crate) ping: ping::Behaviour,
    pub(crate) identify: identify::Behaviour,
    pub(crate) rendezvous: rendezvous::client::Behaviour,
    pub(crate) directory: directory::Behaviour,
    pub(crate) stream: libp2p_stream::Behaviour,
}

/// A player's swarm: TCP, QUIC, relay client, identify, ping every second, rendezvous and
/// directory clients, raw streams. Connections stay open while idle (a quiet game).
pub(crate) fn client() -> Swarm<Client> {
    client_with(libp2p::identity::Keypair::generate_ed25519())
}

/// [`client`] with the identity `key` (a player whose key signs their results).
pub(crate) fn client_with(key: libp2p::identity::Keypair) -> Swarm<Client> {
    node_with(key, directory::client_behaviour())
}

/// A node like [`client`] whose directory behaviour is `directory` (an older relay's, say).
pub(crate) fn node_with(key: libp2p::identity::Keypair, directory: directory::Behaviour) -> Swarm<Client> {
    libp2p::SwarmBuilder::with_existing_identity(key)
        .with_tokio()
        .with_tcp(tcp::Config::default().nodelay(true), noise::Config::new, yamux::Config::default)
        .unwrap()
        .with_quic()
        .with_relay_client(noise::Config::new, yamux::Config::default)
        .unwrap()
        .with_behaviour(|key, relay| Client {
            relay,
            ping: ping::Behaviour::new(ping::Config::new().with_interval(Duration::from_secs(1))),
            identify: identify::Behaviour::new(identify::Config::new("/tripot/1.0.0".into(), key.public())),
            rendezvous: rendezvous::client::Behaviour::new(key.clone()),
            directory,
            stream: libp2p_stream::Behaviour::new(),
        })
        .unwrap()
        .with_swarm_config(|c| c.with_idle_connection_timeout(Duration::from_secs(3600)))
        .build()
}

/// Drives `swarm` until `f` returns `Some`, or fails after `secs` seconds.
pub(crate) async fn until<T>(
    swarm: &mut Swarm<Client>,
    secs: u64,
    mut f: impl FnMut(SwarmEvent<ClientEvent>) -> Option<T>,
) -> T {
    tokio::time::timeout(Duration::from_secs(secs), async {
        loop {
            if let Some(t) = f(swarm.select_next_some().await) {
                return t;
            }
        }
    })
    .await
    .expect("timed out waiting for a swarm event")
}

/// Runs a swarm in the background, forwarding its events.
pub(crate) fn spawn(
    mut swarm: Swarm<Client>,
) -> tokio::sync::mpsc::UnboundedReceiver<SwarmEvent<ClientEvent>> {
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    tokio::spawn(async move {
        loop {
            let event = swarm.select_next_some().await;
            if tx.send(event).is_err() {
                return;
            }
        }
    });
    rx
}

/// A host reachable through the relay: connected to it, holding a reservation.
pub(crate) async fn reserve(host: &mut Swarm<Client>, relay_addr: &Multiaddr, relay_id: PeerId) {
    host.listen_on(relay_addr.clone().with(libp2p::multiaddr::Protocol::P2pCircuit)).unwrap();
    until(host, 10, |e| match e {
        SwarmEvent::Behaviour(ClientEvent::Relay(relay::client::Event::ReservationReqAccepted {
            relay_peer_id,
            ..
        })) if relay_peer_id == relay_id => Some(()),
        SwarmEvent::ListenerClosed { reason, .. } => panic!("relay listener closed: {reason:?}"),
        _ => None,
    })
    .await;
}

/// The address that reaches `host` through the relay.
pub(crate) fn circuit_addr(relay_addr: &Multiaddr, host: PeerId) -> Multiaddr {
    relay_addr
        .clone()
        .with(libp2p::multiaddr::Protocol::P2pCircuit)
        .with(libp2p::multiaddr::Protocol::P2p(host))
}

/// Sends a directory request to the relay and waits for its answer.
pub(crate) async fn ask(
    swarm: &mut Swarm<Client>,
    relay_id: PeerId,
    request: directory::Request,
) -> directory::Response {
    let id = swarm.behaviour_mut().directory.send_request(&relay_id, request);
    until(swarm, 10, |e| match e {
        SwarmEvent::Behaviour(ClientEvent::Directory(libp2p::request_response::Event::Message {
            message: libp2p::request_response::Message::Response { request_id, response },
            ..
        })) if request_id == id => Some(response),
        SwarmEvent::Behaviour(ClientEvent::Directory(libp2p::request_response::Event::OutboundFailure {
            request_id,
            error,
            ..
        })) if request_id == id => panic!("directory request failed: {error}"),
        _ => None,
    })
    .await
}

/// Connects `swarm` to the relay directly.
pub(crate) async fn connect(swarm: &mut Swarm<Client>, relay_addr: &Multiaddr, relay_id: PeerId) {
    swarm.dial(relay_addr.clone()).unwrap();
    until(swarm, 10, |e| match e {
        SwarmEvent::ConnectionEstablished { peer_id, .. } if peer_id == relay_id => Some(()),
        SwarmEvent::OutgoingConnectionError { error, .. } => panic!("cannot reach the relay: {error}"),
        _ => None,
    })
    .await;
}

/// Whether a second loopback address (127.0.0.2) can be bound here, as on Linux. A missing
/// prerequisite fails under CI (`CI` set) and is reported as not run, loudly, elsewhere.
pub(crate) fn second_loopback(test: &str) -> bool {
    if std::net::UdpSocket::bind("127.0.0.2:0").is_ok() {
        return true;
    }
    if std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0") {
        panic!("{test}: 127.0.0.2 cannot be bound here; CI must provide a second loopback address");
    }
    eprintln!("SKIPPED {test}: 127.0.0.2 cannot be bound here (no second loopback address)");
    false
}
