//! Measures the room-code join on loopback: a `tripot-relay` node and real client drivers in one
//! process (TCP, noise, yamux; the relay's circuit). For each run a host opens a fresh room,
//! then a guest joins by its code; the join time runs from `start(JoinRoom)` to the guest's
//! first position (its `Connected` event): relay connection, directory lookup, circuit to the
//! host, both proofs of the code, game stream, hello and draw. Prints each phase's median.
//!
//! ```text
//! cargo run --release -p tripot-e2e --example room_bench -- [RUNS]
//! ```
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::time::{Duration, Instant};

use clap::Parser as _;
use tripot_net::online::{RelayState, RoomEvent};
use tripot_net::room::RoomCode;
use tripot_net::session::{Offer, SessionConfig};
use tripot_net::{Multiaddr, NetConfig, NetEvent, OnlineConfig, SessionEvent, SessionHandle, Start};
use tripot_protocol::Opens;

fn config(name: &str, relay: &Multiaddr) -> OnlineConfig {
    OnlineConfig {
        session: SessionConfig { name: name.into(), ..SessionConfig::default() },
        net: NetConfig {
            listen: vec!["/ip4/127.0.0.1/tcp/0".parse().unwrap()],
            mdns: false,
            relay: Some(relay.clone()),
            ..NetConfig::default()
        },
        save: None,
        sign_results: false,
    }
}

async fn until(handle: &mut SessionHandle, what: &str, mut f: impl FnMut(&NetEvent) -> bool) {
    tokio::time::timeout(Duration::from_secs(20), async {
        loop {
            let event = handle.next_event().await.unwrap_or_else(|| panic!("stopped before {what}"));
            if let NetEvent::Room(RoomEvent::Failed(error)) = &event {
                panic!("{what}: {error}");
            }
            if f(&event) {
                return;
            }
        }
    })
    .await
    .unwrap_or_else(|_| panic!("timed out waiting for {what}"));
}

fn median(values: &mut [Duration]) -> Duration {
    values.sort();
    values[values.len() / 2]
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let runs: usize = std::env::args().nth(1).and_then(|n| n.parse().ok()).unwrap_or(20).clamp(1, 1000);
    let options = tripot_relay::Options::try_parse_from([
        "tripot-relay",
        "--listen",
        "/ip4/127.0.0.1/tcp/0",
        "--secret-key-seed",
        "1",
        "--reservations-per-ip-per-minute",
        "0",
        "--circuits-per-ip-per-minute",
        "0",
        "--room-misses-per-ip-per-minute",
        "0",
    ])
    .unwrap();
    let relay = tripot_relay::Relay::start(&options).await.unwrap();
    let relay_addr = relay.addresses()[0].clone();
    println!("relay {relay_addr}; {runs} joins by room code");
    let offer = Offer { game: "tripot".parse().unwrap(), opens: Opens::Host };
    let (mut to_relay, mut to_found, mut to_joined, mut to_position) = (vec![], vec![], vec![], vec![]);
    for _ in 0..runs {
        let code = RoomCode::random();
        let mut host = tripot_net::online::start(
            tripot_net::Keypair::generate_ed25519(),
            config("host", &relay_addr),
            Start::HostRoom { offer: offer.clone(), code },
        )
        .unwrap();
        until(&mut host, "the room open", |e| matches!(e, NetEvent::Room(RoomEvent::Open(_)))).await;
        let started = Instant::now();
        let mut guest = tripot_net::online::start(
            tripot_net::Keypair::generate_ed25519(),
            config("guest", &relay_addr),
            Start::JoinRoom(code),
        )
        .unwrap();
        until(&mut guest, "the relay", |e| matches!(e, NetEvent::Relay(RelayState::Connected))).await;
        to_relay.push(started.elapsed());
        until(&mut guest, "the host found", |e| matches!(e, NetEvent::Room(RoomEvent::Found(_)))).await;
        to_found.push(started.elapsed());
        until(&mut guest, "both proofs", |e| matches!(e, NetEvent::Room(RoomEvent::Joined))).await;
        to_joined.push(started.elapsed());
        until(&mut guest, "the first position", |e| {
            matches!(e, NetEvent::Session(SessionEvent::Connected { .. }))
        })
        .await;
        to_position.push(started.elapsed());
        drop((host, guest));
    }
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let p99 = {
        let mut v = to_position.clone();
        v.sort();
        v[(v.len() - 1) * 99 / 100]
    };
    println!(
        "join by room code, medians: relay connected {:.1} ms, host found {:.1} ms, proofs done {:.1} ms, \
         first position {:.1} ms (p99 {:.1} ms)",
        ms(median(&mut to_relay)),
        ms(median(&mut to_found)),
        ms(median(&mut to_joined)),
        ms(median(&mut to_position)),
        ms(p99)
    );
    relay.shutdown().await;
}
