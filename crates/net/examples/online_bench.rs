//! Measures online play on loopback with real swarms (TCP, noise, yamux) in one process:
//! the time from `join` to the first position (the guest's `Connected` event), and the move
//! round trip (sent → verified and applied by the peer → acknowledged), median and p99.
//!
//! ```text
//! cargo run --release -p tripot-net --example online_bench -- [MOVES] [quic]
//! ```
//! Games are played greedily (each side takes the move that brings it closest to its goal) until
//! at least MOVES moves (default 400) were acknowledged; every game is a fresh join.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::time::{Duration, Instant};

use tripot_engine::{Camp, Position};
use tripot_net::session::{Offer, SessionConfig};
use tripot_net::{NetConfig, NetEvent, OnlineConfig, SessionEvent, SessionHandle, Start};
use tripot_protocol::Opens;

fn config(name: &str, listen: &str) -> OnlineConfig {
    OnlineConfig {
        session: SessionConfig { name: name.into(), ..SessionConfig::default() },
        net: NetConfig { listen: vec![listen.parse().unwrap()], mdns: false, ..NetConfig::default() },
        save: None,
        sign_results: false,
    }
}

fn greedy(position: &Position) -> tripot_engine::Move {
    let mover = position.turn();
    position
        .legal_moves()
        .iter()
        .copied()
        .min_by_key(|&mv| {
            let mut after = *position;
            after.play_unchecked(mv);
            (after.total_distance(mover), after.hash())
        })
        .unwrap()
}

struct Side {
    handle: SessionHandle,
    camp: Option<Camp>,
    position: Option<Position>,
    over: bool,
}

impl Side {
    fn on(&mut self, event: &NetEvent, round_trips: &mut Vec<Duration>) {
        let NetEvent::Session(event) = event else { return };
        match event {
            SessionEvent::Connected { local_seat, state, .. } => {
                self.camp = Some(if local_seat.0 == 0 { Camp::A } else { Camp::B });
                self.position = duel_position(state);
            }
            SessionEvent::MoveSent { state, .. } | SessionEvent::MoveReceived { state, .. } => {
                self.position = duel_position(state);
            }
            SessionEvent::MoveAcknowledged { round_trip, .. } => round_trips.push(*round_trip),
            SessionEvent::GameOver(_) => self.over = true,
            _ => {}
        }
        if let (Some(camp), Some(position)) = (self.camp, self.position)
            && !self.over
            && !position.is_over()
            && position.turn() == camp
            && matches!(event, SessionEvent::Connected { .. } | SessionEvent::MoveReceived { .. })
        {
            self.handle.play(position.notation(greedy(&position)).to_string());
        }
    }
}

/// The duel's position in the session's game.
fn duel_position(state: &tripot_net::GameSnapshot) -> Option<Position> {
    state.0.as_any().downcast_ref::<tripot_engine::DuelState>().map(|duel| *duel.position())
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index]
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let mut args = std::env::args().skip(1);
    let target: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(400);
    let quic = args.next().is_some_and(|a| a == "quic");
    let listen = if quic { "/ip4/127.0.0.1/udp/0/quic-v1" } else { "/ip4/127.0.0.1/tcp/0" };
    let mut connects = Vec::new();
    let mut round_trips = Vec::new();
    let mut games = 0;
    while round_trips.len() < target {
        let offer = Offer { game: "tripot".parse().unwrap(), opens: Opens::Random };
        let host_key = tripot_net::Keypair::generate_ed25519();
        let mut host =
            tripot_net::online::start(host_key, config("host", listen), Start::Host(offer)).unwrap();
        let addr = loop {
            if let Some(NetEvent::Listening(addr)) = host.next_event().await {
                break addr;
            }
        };
        let guest_key = tripot_net::Keypair::generate_ed25519();
        let joined = Instant::now();
        let guest = tripot_net::online::start(guest_key, config("guest", listen), Start::Join(addr)).unwrap();
        let mut host = Side { handle: host, camp: None, position: None, over: false };
        let mut guest = Side { handle: guest, camp: None, position: None, over: false };
        let mut connected = false;
        let deadline = tokio::time::sleep(Duration::from_secs(120));
        tokio::pin!(deadline);
        while !(host.over && guest.over) {
            tokio::select! {
                Some(event) = host.handle.next_event() => host.on(&event, &mut round_trips),
                Some(event) = guest.handle.next_event() => {
                    if !connected && matches!(event, NetEvent::Session(SessionEvent::Connected { .. })) {
                        connected = true;
                        connects.push(joined.elapsed());
                    }
                    guest.on(&event, &mut round_trips);
                }
                () = &mut deadline => panic!("game {games} stalled"),
            }
        }
        // Let the last acknowledgement arrive.
        let settle = tokio::time::sleep(Duration::from_millis(100));
        tokio::pin!(settle);
        loop {
            tokio::select! {
                Some(event) = host.handle.next_event() => host.on(&event, &mut round_trips),
                Some(event) = guest.handle.next_event() => guest.on(&event, &mut round_trips),
                () = &mut settle => break,
            }
        }
        games += 1;
    }
    connects.sort();
    round_trips.sort();
    println!("transport: {}", if quic { "QUIC" } else { "TCP + noise + yamux" });
    println!(
        "join → first position: {} games, median {:.2} ms, p99 {:.2} ms",
        connects.len(),
        percentile(&connects, 0.5).as_secs_f64() * 1e3,
        percentile(&connects, 0.99).as_secs_f64() * 1e3
    );
    println!(
        "move round trip: {} moves, median {:.3} ms, p99 {:.3} ms",
        round_trips.len(),
        percentile(&round_trips, 0.5).as_secs_f64() * 1e3,
        percentile(&round_trips, 0.99).as_secs_f64() * 1e3
    );
}
