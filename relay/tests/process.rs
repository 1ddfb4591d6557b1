//! The real `tripot-relay` binary on loopback: reservations, circuits, health, metrics, the
//! room directory, rendezvous TTLs, its own circuit limits, a stable identity, SIGTERM.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use futures::{AsyncReadExt, AsyncWriteExt, StreamExt};
use libp2p::swarm::SwarmEvent;
use libp2p::{StreamProtocol, ping, rendezvous};
use std::time::{Duration, Instant};
use support::*;
use tripot_directory::{GameSpec, QuickSeek, RefuseReason, Request, Response, RoomKey, TableSpec};

const BULK: StreamProtocol = StreamProtocol::new("/tripot-test/bulk");

async fn wait_for_exit(relay: &mut RelayProcess, within: Duration) -> std::process::ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = relay.process.try_wait() {
            return status;
        }
        assert!(start.elapsed() < within, "tripot-relay did not stop within {within:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reservation_circuit_health_metrics_and_sigterm() {
    let mut relay = RelayProcess::start_seeded(1, &[]);
    assert_eq!(relay.peer_id, tripot_relay::keypair_from_seed(1).public().to_peer_id());
    let http = relay.http.clone().unwrap();
    let (status, body) = http_get(&http, "/health");
    assert!(status.contains("200"), "{status}");
    assert!(body.contains(&relay.peer_id.to_string()));
    assert!(http_get(&http, "/nope").0.contains("404"));

    let tcp = relay.tcp_addr();
    let mut host = client();
    reserve(&mut host, &tcp, relay.peer_id).await;
    let host_id = *host.local_peer_id();
    let _host_events = spawn(host);

    // One guest through the relay over TCP, one over QUIC: both reach the host relayed.
    let mut guests = Vec::new();
    for relay_addr in [tcp.clone(), relay.quic_addr()] {
        let mut guest = client();
        guest.dial(circuit_addr(&relay_addr, host_id)).unwrap();
        until(&mut guest, 10, |e| match e {
            SwarmEvent::Behaviour(ClientEvent::Ping(ping::Event { peer, result: Ok(_), .. }))
                if peer == host_id =>
            {
                Some(())
            }
            SwarmEvent::OutgoingConnectionError { error, .. } => panic!("circuit refused: {error}"),
            _ => None,
        })
        .await;
        guests.push(spawn(guest));
    }

    let (status, metrics) = http_get(&http, "/metrics");
    assert!(status.contains("200"));
    assert!(metrics.contains("tripot_circuits 2"), "{metrics}");
    assert!(metrics.contains("tripot_circuits_opened_total 2"), "{metrics}");
    assert!(metrics.contains("tripot_reservations 1"), "{metrics}");
    assert!(metrics.contains("libp2p_relay"), "libp2p's relay metrics are exported");

    relay.terminate();
    let status = wait_for_exit(&mut relay, Duration::from_secs(10)).await;
    assert!(status.success(), "{status:?}");
    assert!(relay.process.printed_until_exit(Duration::from_secs(5)).contains("STOPPED"));
}

/// Opens a relayed connection guest → host and returns the guest, the host's id and a
/// control to open streams, with the host echoing the byte count of every bulk stream.
async fn relayed_pair(relay: &RelayProcess) -> (libp2p::Swarm<Client>, libp2p::PeerId) {
    let tcp = relay.tcp_addr();
    let mut host = client();
    reserve(&mut host, &tcp, relay.peer_id).await;
    let host_id = *host.local_peer_id();
    let mut incoming = host.behaviour().stream.new_control().accept(BULK).unwrap();
    tokio::spawn(async move {
        while let Some((_, mut stream)) = incoming.next().await {
            let mut total = 0u64;
            let mut buf = vec![0u8; 64 * 1024];
            loop {
                match stream.read(&mut buf).await {
                    Ok(0) | Err(_) => break,
                    Ok(n) => total += n as u64,
                }
            }
            let _ = stream.write_all(&total.to_be_bytes()).await;
            let _ = stream.close().await;
        }
    });
    let _host_events = spawn(host);
    let mut guest = client();
    guest.dial(circuit_addr(&tcp, host_id)).unwrap();
    until(&mut guest, 10, |e| match e {
        SwarmEvent::ConnectionEstablished { peer_id, .. } if peer_id == host_id => Some(()),
        SwarmEvent::OutgoingConnectionError { error, .. } => panic!("circuit refused: {error}"),
        _ => None,
    })
    .await;
    // Keep the host's events flowing for the whole test.
    std::mem::forget(_host_events);
    (guest, host_id)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_relay_applies_its_own_circuit_limits() {
    // Our defaults: a circuit carries far more than libp2p's 128 KiB default.
    let relay = RelayProcess::start(&[]);
    let (guest, host_id) = relayed_pair(&relay).await;
    let mut control = guest.behaviour().stream.new_control();
    let mut events = spawn(guest);
    let mut stream = control.open_stream(host_id, BULK).await.unwrap();
    let payload = vec![7u8; 1 << 20];
    stream.write_all(&payload).await.unwrap();
    stream.close().await.unwrap();
    let mut count = [0u8; 8];
    stream.read_exact(&mut count).await.unwrap();
    assert_eq!(u64::from_be_bytes(count), 1 << 20, "1 MiB relayed, 8 times libp2p's default cap");
    // And the circuit is still up afterwards.
    let mut pings = 0;
    while pings < 2 {
        match tokio::time::timeout(Duration::from_secs(5), events.recv()).await.unwrap().unwrap() {
            SwarmEvent::Behaviour(ClientEvent::Ping(ping::Event { peer, result: Ok(_), .. }))
                if peer == host_id =>
            {
                pings += 1
            }
            SwarmEvent::ConnectionClosed { peer_id, .. } if peer_id == host_id => panic!("circuit cut"),
            _ => {}
        }
    }
    drop(relay);

    // The duration flag is the one in force: set to 3 s, the circuit is cut at 3 s, not at
    // libp2p's 2 minutes.
    let relay = RelayProcess::start(&["--max-circuit-secs", "3"]);
    let (mut guest, host_id) = relayed_pair(&relay).await;
    let opened = Instant::now();
    until(&mut guest, 15, |e| match e {
        SwarmEvent::ConnectionClosed { peer_id, .. } if peer_id == host_id => Some(()),
        _ => None,
    })
    .await;
    let lasted = opened.elapsed();
    assert!(lasted >= Duration::from_millis(2500) && lasted < Duration::from_secs(10), "{lasted:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rooms_are_found_by_key_and_never_listed() {
    let relay = RelayProcess::start(&[]);
    let tcp = relay.tcp_addr();
    let key = RoomKey([42; 32]);

    let mut host = client();
    reserve(&mut host, &tcp, relay.peer_id).await;
    let host_id = *host.local_peer_id();
    assert_eq!(
        ask(&mut host, relay.peer_id, Request::Open { key, ttl_secs: 60 }).await,
        Response::Opened { ttl_secs: 60 }
    );
    // A public lobby table beside it, with a short TTL (rendezvous' 2 h minimum is lifted)...
    host.add_external_address(circuit_addr(&tcp, host_id));
    let lobby = rendezvous::Namespace::from_static("tripot/lobby/kawu-2/2/1/5/Edmonde");
    host.behaviour_mut().rendezvous.register(lobby.clone(), relay.peer_id, Some(20)).unwrap();
    until(&mut host, 10, |e| match e {
        SwarmEvent::Behaviour(ClientEvent::Rendezvous(rendezvous::client::Event::Registered {
            ttl, ..
        })) => {
            assert_eq!(ttl, 20);
            Some(())
        }
        SwarmEvent::Behaviour(ClientEvent::Rendezvous(rendezvous::client::Event::RegisterFailed {
            error,
            ..
        })) => {
            panic!("short TTL refused: {error:?}")
        }
        _ => None,
    })
    .await;
    // ...and the standard default TTL (none given: 2 h) is accepted, cut to the relay's minute.
    let quick = rendezvous::Namespace::from_static("tripot/quick/any");
    host.behaviour_mut().rendezvous.register(quick, relay.peer_id, None).unwrap();
    until(&mut host, 10, |e| match e {
        SwarmEvent::Behaviour(ClientEvent::Rendezvous(rendezvous::client::Event::Registered {
            ttl, ..
        })) => {
            assert_eq!(ttl, 60);
            Some(())
        }
        SwarmEvent::Behaviour(ClientEvent::Rendezvous(rendezvous::client::Event::RegisterFailed {
            error,
            ..
        })) => {
            panic!("default TTL refused: {error:?}")
        }
        _ => None,
    })
    .await;
    let _host_events = spawn(host);

    // A stranger lists everything rendezvous holds: the lobby and quick-match entries, and
    // nothing that reveals or leads to the room.
    let mut stranger = client();
    connect(&mut stranger, &tcp, relay.peer_id).await;
    stranger.behaviour_mut().rendezvous.discover(None, None, None, relay.peer_id);
    let listed = until(&mut stranger, 10, |e| match e {
        SwarmEvent::Behaviour(ClientEvent::Rendezvous(rendezvous::client::Event::Discovered {
            registrations,
            ..
        })) => Some(registrations),
        SwarmEvent::Behaviour(ClientEvent::Rendezvous(rendezvous::client::Event::DiscoverFailed {
            error,
            ..
        })) => panic!("discover failed: {error:?}"),
        _ => None,
    })
    .await;
    let mut namespaces: Vec<String> = listed.iter().map(|r| r.namespace.to_string()).collect();
    namespaces.sort();
    assert_eq!(namespaces, ["tripot/lobby/kawu-2/2/1/5/Edmonde", "tripot/quick/any"]);

    // Guessing keys: a few misses, then throttled — even for the right key.
    let mut misses = 0;
    let mut throttled = false;
    for b in 0..12u8 {
        match ask(&mut stranger, relay.peer_id, Request::Find { key: RoomKey([b; 32]) }).await {
            Response::NotFound => misses += 1,
            Response::Refused { reason: RefuseReason::Throttled, retry_after_ms } => {
                assert!(retry_after_ms > 0);
                throttled = true;
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    assert!(throttled && misses <= 5, "misses {misses}");
    assert!(matches!(
        ask(&mut stranger, relay.peer_id, Request::Find { key }).await,
        Response::Refused { reason: RefuseReason::Throttled, .. }
    ));

    // A friend with the key finds the host at once (throttling follows the guesser's peer id;
    // on loopback both share an address, whose budget is larger).
    let mut friend = client();
    connect(&mut friend, &tcp, relay.peer_id).await;
    assert_eq!(
        ask(&mut friend, relay.peer_id, Request::Find { key }).await,
        Response::Found { host: host_id }
    );
    // Nobody else can take the key over, even holding a reservation.
    reserve(&mut friend, &tcp, relay.peer_id).await;
    assert_eq!(
        ask(&mut friend, relay.peer_id, Request::Open { key, ttl_secs: 60 }).await,
        Response::Refused { reason: RefuseReason::Taken, retry_after_ms: 0 }
    );
    let (_, metrics) = http_get(relay.http.as_deref().unwrap(), "/metrics");
    assert!(metrics.contains("tripot_rooms 1"), "{metrics}");
    assert!(metrics.contains("tripot_lobby_tables 1"), "{metrics}");
    // Quick match is paired by the directory, not rendezvous: a registration is no seeker.
    assert!(metrics.contains("tripot_quick_waiting 0"), "{metrics}");
    assert!(metrics.contains("tripot_room_lookups_total{result=\"found\"} 1"), "{metrics}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_closes_when_its_host_leaves() {
    let relay = RelayProcess::start(&[]);
    let tcp = relay.tcp_addr();
    let key = RoomKey([9; 32]);
    // Only a host the relay can reach may open a room.
    let mut stranger = client();
    connect(&mut stranger, &tcp, relay.peer_id).await;
    assert_eq!(
        ask(&mut stranger, relay.peer_id, Request::Open { key, ttl_secs: 600 }).await,
        Response::Refused { reason: RefuseReason::NoReservation, retry_after_ms: 0 }
    );
    let mut host = client();
    reserve(&mut host, &tcp, relay.peer_id).await;
    assert!(matches!(
        ask(&mut host, relay.peer_id, Request::Open { key, ttl_secs: 600 }).await,
        Response::Opened { .. }
    ));
    let mut friend = client();
    connect(&mut friend, &tcp, relay.peer_id).await;
    assert!(matches!(ask(&mut friend, relay.peer_id, Request::Find { key }).await, Response::Found { .. }));
    drop(host);
    // The relay sees the connection close and drops the room with it.
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        match ask(&mut friend, relay.peer_id, Request::Find { key }).await {
            Response::NotFound => break,
            Response::Found { .. } => {}
            other => panic!("unexpected {other:?}"),
        }
        assert!(Instant::now() < deadline, "the room outlived its host");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_identity_file_keeps_the_peer_id() {
    let dir = tempfile::tempdir().unwrap();
    let key = dir.path().join("relay.key");
    let first = RelayProcess::start_with_identity(&key).peer_id;
    let second = RelayProcess::start_with_identity(&key).peer_id;
    assert_eq!(first, second);
    let other = tempfile::tempdir().unwrap();
    let third = RelayProcess::start_with_identity(&other.path().join("k")).peer_id;
    assert_ne!(first, third);
}

/// The answer to request `id` among a spawned swarm's events.
async fn answer(
    events: &mut tokio::sync::mpsc::UnboundedReceiver<SwarmEvent<ClientEvent>>,
    id: libp2p::request_response::OutboundRequestId,
) -> Response {
    tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            if let Some(SwarmEvent::Behaviour(ClientEvent::Directory(
                libp2p::request_response::Event::Message {
                    message: libp2p::request_response::Message::Response { request_id, response },
                    ..
                },
            ))) = events.recv().await
                && request_id == id
            {
                return response;
            }
        }
    })
    .await
    .expect("no answer from the relay")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_match_answers_both_seekers_at_once() {
    let relay = RelayProcess::start(&[]);
    let tcp = relay.tcp_addr();
    let http = relay.http.clone().unwrap();
    let table = |name: &str| TableSpec { game: GameSpec::new(name).unwrap(), seats: 2 };
    let seek = |name: &str| Request::Seek(QuickSeek::exactly(table(name)));

    // A kawu-2 seeker, then a tripot-f2 one: both requests are held, nobody is paired.
    let mut first = client();
    connect(&mut first, &tcp, relay.peer_id).await;
    let first_id = *first.local_peer_id();
    let first_seek = first.behaviour_mut().directory.send_request(&relay.peer_id, seek("kawu-2"));
    let mut first_events = spawn(first);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut other = client();
    connect(&mut other, &tcp, relay.peer_id).await;
    let other_seek = other.behaviour_mut().directory.send_request(&relay.peer_id, seek("tripot-f2"));
    let other_sent = std::time::Instant::now();
    let mut other_events = spawn(other);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (_, metrics) = http_get(&http, "/metrics");
    assert!(metrics.contains("tripot_quick_waiting 2"), "{metrics}");

    // "any" is paired at once with the one that waited longest, plays its game, and both hear
    // it together.
    let mut second = client();
    connect(&mut second, &tcp, relay.peer_id).await;
    let second_id = *second.local_peer_id();
    assert_eq!(
        ask(&mut second, relay.peer_id, Request::Seek(QuickSeek::any(table("tripot")))).await,
        Response::Matched { peer: first_id, you_host: false, table: table("kawu-2") }
    );
    assert_eq!(
        answer(&mut first_events, first_seek).await,
        Response::Matched { peer: second_id, you_host: true, table: table("kawu-2") }
    );

    // The tripot-f2 seeker hears "still waiting" when its hold (4 s) ends, and asks again.
    assert!(matches!(answer(&mut other_events, other_seek).await, Response::Waiting { .. }));
    assert!(other_sent.elapsed() >= Duration::from_secs(3), "the hold lasts about 4 s");
    let (_, metrics) = http_get(&http, "/metrics");
    assert!(metrics.contains("tripot_quick_matches_total 1"), "{metrics}");
    assert!(metrics.contains("tripot_quick_waiting 0"), "{metrics}");
}

/// A client of the directory's first version (its seeks named duel formats and rules) is
/// answered, whatever it asks, with a refusal in its own layout that it reads and stops on;
/// its old-style lobby table is refused too. (Such a client's frames, written here by hand.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_of_the_first_directory_version_is_refused_in_words_it_reads() {
    let relay = RelayProcess::start(&[]);
    let tcp = relay.tcp_addr();
    let mut old = client();
    reserve(&mut old, &tcp, relay.peer_id).await;
    let old_id = *old.local_peer_id();
    let mut control = old.behaviour().stream.new_control();
    old.add_external_address(circuit_addr(&tcp, old_id));
    let lobby = rendezvous::Namespace::from_static("tripot/lobby/1/tripot/1764480000/Edmonde");
    old.behaviour_mut().rendezvous.register(lobby, relay.peer_id, Some(20)).unwrap();
    let refused = until(&mut old, 10, |e| match e {
        SwarmEvent::Behaviour(ClientEvent::Rendezvous(rendezvous::client::Event::RegisterFailed {
            error,
            ..
        })) => Some(error),
        SwarmEvent::Behaviour(ClientEvent::Rendezvous(rendezvous::client::Event::Registered { .. })) => {
            panic!("an old-style table was listed")
        }
        _ => None,
    })
    .await;
    assert_eq!(refused, rendezvous::ErrorCode::InvalidNamespace);
    let _events = spawn(old);

    // Version 1: a seek for any format under the Tripot rules, and a room lookup.
    for frame in [vec![4u8, 0b111, 0], [&[3u8][..], &[7; 32]].concat()] {
        let mut stream = control.open_stream(relay.peer_id, tripot_directory::PROTOCOL_V1).await.unwrap();
        let len = u16::try_from(frame.len()).unwrap().to_be_bytes();
        stream.write_all(&[&len[..], &frame].concat()).await.unwrap();
        stream.flush().await.unwrap();
        let mut answer = Vec::new();
        tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut answer))
            .await
            .unwrap()
            .unwrap();
        // Length 6, `Refused` (5), `Invalid` (5): the last refusal a version-1 client knows.
        assert_eq!(answer, [0, 6, 5, 5, 0, 0, 0, 0]);
    }
    let (_, metrics) = http_get(relay.http.as_deref().unwrap(), "/metrics");
    assert!(metrics.contains("tripot_quick_waiting 0"), "{metrics}");
    assert!(
        metrics.contains(r#"tripot_denials_total{what="directory",reason="outdated_client"} 2"#),
        "{metrics}"
    );
    assert!(
        metrics.contains(r#"tripot_denials_total{what="lobby_registration",reason="not_a_table"} 1"#),
        "{metrics}"
    );
}

/// A client of this version meeting a relay of the directory's first version (which answers
/// `/tripot/rooms/1.0.0` only) says that the relay needs updating, rather than seek forever.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_meeting_a_relay_of_the_first_version_says_it_needs_updating() {
    use libp2p::request_response::{self, ProtocolSupport};
    use tripot_net::online::matchmaking::MatchError;
    use tripot_net::online::matchmaking::quick;

    let v1_only = request_response::Behaviour::with_codec(
        tripot_directory::Codec,
        [(tripot_directory::PROTOCOL_V1, ProtocolSupport::Inbound)],
        request_response::Config::default(),
    );
    let mut old_relay = node_with(libp2p::identity::Keypair::generate_ed25519(), v1_only);
    old_relay.listen_on("/ip4/127.0.0.1/tcp/0".parse().unwrap()).unwrap();
    let listening = until(&mut old_relay, 10, |e| match e {
        SwarmEvent::NewListenAddr { address, .. } => Some(address),
        _ => None,
    })
    .await;
    let addr = listening.with(libp2p::multiaddr::Protocol::P2p(*old_relay.local_peer_id()));
    let _old_relay = spawn(old_relay);

    let net = tripot_net::NetConfig { listen: Vec::new(), mdns: false, ..tripot_net::NetConfig::default() };
    let wanted = QuickSeek::any(TableSpec { game: GameSpec::new("tripot").unwrap(), seats: 2 });
    let keypair = libp2p::identity::Keypair::generate_ed25519();
    let sought =
        tokio::time::timeout(Duration::from_secs(20), quick::seek(keypair, &net, &addr, wanted, |_| {}))
            .await
            .expect("the seek neither ended nor failed");
    assert!(matches!(sought, Err(MatchError::RelayOutdated)), "{sought:?}");
}
