//! Private rooms through a real `tripot-relay`: real `tripot` processes on loopback, headless,
//! mDNS off. A whole game by room code; a wrong code refused while the host stays joinable;
//! nothing listable by a stranger; the relay killed and restarted under an open room.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod online_common;

use std::path::Path;
use std::time::{Duration, Instant};

use futures::StreamExt as _;
use libp2p::swarm::SwarmEvent;
use online_common::relay_bin;
use online_common::relay_process::{RelayLaunch, RelayProcess};
use online_common::{Player, args, loopback_args, relay_player, replayed_record, same_game};
use tripot_directory::{Request, Response};
use tripot_net::room::{RoomCode, handshake};
use tripot_net::swarm::{self, BehaviourEvent, NetConfig};
use tripot_net::{Multiaddr, PeerId};

/// Starts a room host and returns it with its code once the room is open. The host opens: with
/// a random draw the guest may finish the handshake first and, when hole punching succeeds on
/// loopback at that moment, move the game to the direct connection before the host has it.
/// (The path tests cover the move itself.)
fn host_room(dir: &Path, relay: &RelayProcess) -> (Player, String) {
    let mut host = relay_player(
        dir,
        "Edmonde",
        relay,
        &["host", "--room", "--opens", "host", "--ai", "1", "--seed", "3"],
    );
    let open = host
        .wait_for("the room open", Duration::from_secs(20), |v| v["event"] == "room" && v["state"] == "open");
    let code = open["code"].as_str().unwrap().to_owned();
    assert!(code.parse::<RoomCode>().is_ok(), "{code}");
    (host, code)
}

#[test]
fn a_whole_game_by_room_code() {
    let dir = tempfile::tempdir().unwrap();
    let relay = RelayLaunch::new(&relay_bin(), 11).in_dir(&dir.path().join("relay")).start();
    let (mut host, code) = host_room(dir.path(), &relay);
    // The host is reachable through the relay, at an address it announces.
    assert!(host.events("relay").iter().any(|v| v["state"] == "reserved"));
    let circuit = format!("{}/p2p-circuit/p2p/", relay.addr);
    let shared = host.events("listening");
    let relayed = shared.iter().find_map(|v| v["addr"].as_str().filter(|a| a.starts_with(&circuit))).unwrap();
    assert_eq!(relayed.matches("/p2p/").count(), 2, "{relayed}");

    let started = Instant::now();
    let mut guest = relay_player(
        dir.path(),
        "Marie",
        &relay,
        &["join", &code.to_lowercase(), "--ai", "2", "--seed", "5"],
    );
    let connected = guest.wait_event("connected", Duration::from_secs(20));
    eprintln!("room join, process start to first position: {:?}", started.elapsed());
    assert_eq!(connected["peer"], "Edmonde");
    assert_eq!(guest.events("room").iter().filter(|v| v["state"] == "joined").count(), 1);

    assert_eq!(guest.finish(Duration::from_secs(120)), 0);
    assert_eq!(host.finish(Duration::from_secs(30)), 0);
    // The room closed when its game started.
    assert!(host.events("room").iter().any(|v| v["state"] == "closed"));
    assert!(host.events("rejected").is_empty() && guest.events("rejected").is_empty());
    let (a, b) = (replayed_record(&host.save), replayed_record(&guest.save));
    same_game(&a, &b);
    assert_eq!(host.events("game_over")[0]["termination"], "normal");
}

/// A swarm of our own for the stranger, with no listener and no mDNS.
fn stranger() -> libp2p::Swarm<swarm::Behaviour> {
    let net = NetConfig { listen: Vec::new(), mdns: false, ..NetConfig::default() };
    swarm::build(tripot_net::Keypair::generate_ed25519(), &net).unwrap()
}

/// Drives `swarm` until `f` returns `Some`, for at most 10 s.
async fn until<T>(
    swarm: &mut libp2p::Swarm<swarm::Behaviour>,
    mut f: impl FnMut(SwarmEvent<BehaviourEvent>) -> Option<T>,
) -> T {
    tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            if let Some(t) = f(swarm.select_next_some().await) {
                return t;
            }
        }
    })
    .await
    .expect("timed out waiting for a swarm event")
}

/// Connects to the relay and asks its directory.
async fn ask(swarm: &mut libp2p::Swarm<swarm::Behaviour>, relay: PeerId, request: Request) -> Response {
    let id = swarm.behaviour_mut().directory.send_request(&relay, request);
    until(swarm, |e| match e {
        SwarmEvent::Behaviour(BehaviourEvent::Directory(libp2p::request_response::Event::Message {
            message: libp2p::request_response::Message::Response { request_id, response },
            ..
        })) if request_id == id => Some(response),
        SwarmEvent::Behaviour(BehaviourEvent::Directory(
            libp2p::request_response::Event::OutboundFailure { request_id, error, .. },
        )) if request_id == id => panic!("directory request failed: {error}"),
        _ => None,
    })
    .await
}

#[test]
fn a_wrong_code_is_refused_and_the_host_stays_joinable() {
    let dir = tempfile::tempdir().unwrap();
    let relay = RelayLaunch::new(&relay_bin(), 12).in_dir(&dir.path().join("relay")).start();
    let (mut host, code) = host_room(dir.path(), &relay);
    let right: RoomCode = code.parse().unwrap();
    let wrong = loop {
        let other = RoomCode::random();
        if other != right {
            break other;
        }
    };

    // A player with the wrong code: the directory has no such room. Clear error, exit 1.
    let mut lost = relay_player(dir.path(), "Perdu", &relay, &["join", &wrong.to_string(), "--ai", "1"]);
    assert_eq!(lost.finish(Duration::from_secs(20)), 1);
    let error = &lost.events("room_error")[0];
    assert_eq!(error["kind"], "not_found");
    assert!(error["detail"].as_str().unwrap().contains(&wrong.to_string()));

    // A stranger who learnt the host's peer id reaches it through the relay and tries a wrong
    // code: the host refuses the proof (and never proves anything back).
    let host_peer: PeerId = {
        let listening = host.events("listening");
        let addr = listening[0]["addr"].as_str().unwrap();
        addr.rsplit('/').next().unwrap().parse().unwrap()
    };
    let relay_addr: Multiaddr = relay.addr.parse().unwrap();
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let refusal = runtime.block_on(async {
        let mut swarm = stranger();
        let me = *swarm.local_peer_id();
        let circuit = relay_addr
            .with(libp2p::multiaddr::Protocol::P2pCircuit)
            .with(libp2p::multiaddr::Protocol::P2p(host_peer));
        swarm.dial(circuit).unwrap();
        until(&mut swarm, |e| match e {
            SwarmEvent::ConnectionEstablished { peer_id, .. } if peer_id == host_peer => Some(()),
            _ => None,
        })
        .await;
        let mut control = swarm.behaviour().stream.new_control();
        let driver = tokio::spawn(async move {
            loop {
                swarm.select_next_some().await;
            }
        });
        let mut stream = control.open_stream(host_peer, handshake::PROTOCOL).await.unwrap();
        let result = handshake::guest(&mut stream, &wrong, me, host_peer).await;
        driver.abort();
        result
    });
    assert!(
        matches!(
            refusal,
            Err(handshake::HandshakeError::Refused { reason: handshake::Refusal::WrongCode, .. })
        ),
        "{refusal:?}"
    );
    host.wait_for("the refusal reported", Duration::from_secs(10), |v| {
        v["event"] == "room" && v["state"] == "refused" && v["detail"] == "wrong room code"
    });

    // The host is unaffected: the friend with the right code gets in (its relay from its
    // config file this time).
    let friend_dir = dir.path().join("Marie");
    std::fs::create_dir_all(&friend_dir).unwrap();
    std::fs::write(
        friend_dir.join("config.toml"),
        format!("# the club's relay\nrelay = \"{}\"\n", relay.addr),
    )
    .unwrap();
    let mut list = args(&["join", &code, "--ai", "2", "--name", "Marie"]);
    list.extend(loopback_args());
    let mut friend =
        Player::spawn_with(without_relay_env(), &list, &friend_dir, &dir.path().join("Marie.tripot"));
    let connected = friend.wait_event("connected", Duration::from_secs(20));
    assert_eq!(connected["peer"], "Edmonde");
    host.wait_event("connected", Duration::from_secs(10));
}

#[test]
fn a_strangers_discovery_finds_no_room() {
    let dir = tempfile::tempdir().unwrap();
    let relay = RelayLaunch::new(&relay_bin(), 13).in_dir(&dir.path().join("relay")).start();
    let (_host, code) = host_room(dir.path(), &relay);
    let key = code.parse::<RoomCode>().unwrap().directory_key();
    let key_hex: String = key.0.iter().map(|b| format!("{b:02x}")).collect();
    let relay_addr: Multiaddr = relay.addr.parse().unwrap();
    let relay_peer: PeerId = relay.peer_id.parse().unwrap();
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    runtime.block_on(async {
        let mut swarm = stranger();
        swarm.dial(relay_addr).unwrap();
        until(&mut swarm, |e| match e {
            SwarmEvent::ConnectionEstablished { peer_id, .. } if peer_id == relay_peer => Some(()),
            _ => None,
        })
        .await;
        // Rendezvous without a namespace lists every registration: none is a room.
        swarm.behaviour_mut().rendezvous.discover(None, None, None, relay_peer);
        let namespaces = until(&mut swarm, |e| match e {
            SwarmEvent::Behaviour(BehaviourEvent::Rendezvous(
                libp2p::rendezvous::client::Event::Discovered { registrations, .. },
            )) => Some(registrations.iter().map(|r| r.namespace.to_string()).collect::<Vec<_>>()),
            SwarmEvent::Behaviour(BehaviourEvent::Rendezvous(
                libp2p::rendezvous::client::Event::DiscoverFailed { error, .. },
            )) => panic!("discover failed: {error:?}"),
            _ => None,
        })
        .await;
        let raw = code.replace('-', "");
        for namespace in &namespaces {
            let lower = namespace.to_lowercase();
            assert!(
                !lower.contains(&raw.to_lowercase()) && !lower.contains(&key_hex[..16]),
                "a room is listed: {namespace}"
            );
        }
        // The directory finds only by exact key: a neighbouring guess finds nothing.
        let mut near = key;
        near.0[31] ^= 1;
        assert_eq!(ask(&mut swarm, relay_peer, Request::Find { key: near }).await, Response::NotFound);
    });
}

#[test]
fn the_relay_restarts_and_the_room_opens_again_by_itself() {
    let dir = tempfile::tempdir().unwrap();
    let mut relay = RelayLaunch::new(&relay_bin(), 14).in_dir(&dir.path().join("relay")).start();
    let (mut host, code) = host_room(dir.path(), &relay);

    relay.kill();
    host.wait_for("the relay lost", Duration::from_secs(20), |v| {
        v["event"] == "relay" && v["state"] == "lost"
    });
    relay.restart();
    let restarted = Instant::now();
    host.wait_for("the reservation again", Duration::from_secs(10), |v| {
        v["event"] == "relay" && v["state"] == "reserved"
    });
    let reopened = host.wait_for("the room open again", Duration::from_secs(10), |v| {
        v["event"] == "room" && v["state"] == "open"
    });
    eprintln!("relay restarted: room open again after {:?}", restarted.elapsed());
    assert_eq!(reopened["code"], code.as_str());

    let mut guest = relay_player(dir.path(), "Marie", &relay, &["join", &code, "--ai", "2"]);
    guest.wait_event("connected", Duration::from_secs(20));
    host.wait_event("connected", Duration::from_secs(10));
}

/// `tripot` with no relay from the environment.
fn without_relay_env() -> std::process::Command {
    let mut command = std::process::Command::new(online_common::tripot_bin());
    command.env_remove("TRIPOT_RELAY");
    command
}

#[test]
fn a_room_without_a_relay_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let mut list = args(&["host", "--room", "--ai", "1"]);
    list.extend(loopback_args());
    let mut host =
        Player::spawn_with(without_relay_env(), &list, &dir.path().join("h"), &dir.path().join("h.tripot"));
    assert_eq!(host.finish(Duration::from_secs(10)), 2);
    assert!(host.stderr().contains("needs a tripot-relay"), "{}", host.stderr());

    // A malformed config file is reported with its line.
    std::fs::create_dir_all(dir.path().join("g")).unwrap();
    std::fs::write(dir.path().join("g").join("config.toml"), "relay = /ip4/1.2.3.4\n").unwrap();
    let mut list = args(&["join", "K7M-4QP", "--ai", "1"]);
    list.extend(loopback_args());
    let mut guest =
        Player::spawn_with(without_relay_env(), &list, &dir.path().join("g"), &dir.path().join("g.tripot"));
    assert_eq!(guest.finish(Duration::from_secs(10)), 2);
    assert!(guest.stderr().contains("config.toml:1"), "{}", guest.stderr());
}
