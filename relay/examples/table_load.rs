//! Load tool for online tables: N tables of S seats (every seat a person played by the tool,
//! each its own peer, swarm and key), played through one `tripot-relay` (`--relay`) or over
//! direct loopback connections (no `--relay`), with Tripot's own table driver
//! (`tripot_net::table_online`). Reports the join time (from a guest's start — its swarm
//! built, listening, the host dialled, the stream opened, its hello answered — to the host's
//! table naming it at its seat), the time to the game's start at its seat (which waits for the
//! table's last guest: the guests of a table start one after the other), the move round trip (a guest's move sent to
//! the host and back, checked, to the guest: what a player waits before the board shows its own
//! move as the table's), and, given `--relay-pid`, the relay's resident memory before the
//! tables and with every table playing, per table.
//!
//! Each seat plays a pseudo-random legal move after a wait drawn in [0.5, 1.5] ×
//! `--interval-ms`; a table stops playing after `--moves` entries. Loopback only, bounded: the
//! tool ends when every table is done or after `--deadline-secs`.
//!
//! ```text
//! cargo build --release -p tripot-relay --bin tripot-relay --example table_load
//! target/release/tripot-relay --listen /ip4/127.0.0.1/tcp/4101 --secret-key-seed 1 \
//!     --reservations-per-ip-per-minute 0 --circuits-per-ip-per-minute 0 \
//!     --room-misses-per-ip-per-minute 0 --max-connections-per-ip 0 --max-pending-per-ip 0 &
//! target/release/examples/table_load --relay /ip4/127.0.0.1/tcp/4101/p2p/12D3KooWPjceQrSwdWXPyLLeABRXmuqt69Rg3sBYbU1Nft9HyQ6X \
//!     --relay-pid $! --tables 10
//! target/release/examples/table_load --tables 10        # the same tables, direct
//! ```
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::Parser;
use libp2p::Multiaddr;
use libp2p::multiaddr::Protocol;
use tripot_game::{GameSpec, TableSpec};
use tripot_net::NetConfig;
use tripot_net::table::{TableConfig, TableEvent, TableOffer};
use tripot_net::table_online::{
    TableHandle, TableNetConfig, TableNetEvent, TableStart, random_table_id, start_table,
};
use tripot_protocol::table::{ClockRule, SeatHolder, Wants};

#[derive(Parser)]
struct Args {
    /// The relay to play through (its address with `/p2p/`); none: direct loopback connections.
    #[arg(long)]
    relay: Option<Multiaddr>,
    /// The relay's process id, to read its memory.
    #[arg(long)]
    relay_pid: Option<u32>,
    /// Tables played at once.
    #[arg(long, default_value_t = 10)]
    tables: usize,
    /// The game (its seat count is the table's).
    #[arg(long, default_value = "halma-6")]
    game: String,
    /// Entries after which a table stops playing.
    #[arg(long, default_value_t = 60)]
    moves: u32,
    /// A seat's mean wait before its move, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    interval_ms: u64,
    /// The tool ends after this whatever is left.
    #[arg(long, default_value_t = 600)]
    deadline_secs: u64,
}

/// What every guest measured.
#[derive(Default)]
struct Figures {
    seated: Vec<Duration>,
    joins: Vec<Duration>,
    round_trips: Vec<Duration>,
    tables_done: usize,
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let args = Arc::new(Args::parse());
    let spec: GameSpec = args.game.parse().expect("no such game");
    let seats = tripot_net::linked_games(&spec, &tripot_game::Setup::default())
        .expect("cannot open the game")
        .seat_count();
    let figures = Arc::new(Mutex::new(Figures::default()));
    let before = args.relay_pid.and_then(rss_kib);
    let started = Instant::now();
    for table in 0..args.tables {
        let (args, spec, figures) = (args.clone(), spec.clone(), figures.clone());
        tokio::spawn(async move { play_table(table, &args, spec, seats, &figures).await });
        // Tables open a little apart, as players arrive.
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let deadline = started + Duration::from_secs(args.deadline_secs);
    let mut playing: Option<u64> = None;
    let expected_joins = args.tables * usize::from(seats - 1);
    while Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(500)).await;
        let (joined, done) = {
            let f = figures.lock().unwrap();
            (f.joins.len(), f.tables_done)
        };
        // Every table seated and playing: the relay holds all of them now.
        if joined == expected_joins && playing.is_none() {
            tokio::time::sleep(Duration::from_secs(2)).await;
            playing = args.relay_pid.and_then(rss_kib);
        }
        if done == args.tables {
            break;
        }
    }
    let f = figures.lock().unwrap();
    let path = if args.relay.is_some() { "relayed" } else { "direct" };
    println!(
        "{} tables of {seats} seats ({}), {path}, {} of {} guests seated, {} tables done in {:.1} s",
        args.tables,
        args.game,
        f.joins.len(),
        expected_joins,
        f.tables_done,
        started.elapsed().as_secs_f64()
    );
    println!("seated (a guest's start → the host's table names it at its seat): {}", summary(&f.seated));
    println!("game started at the guest's seat (the last guest seated, all told): {}", summary(&f.joins));
    println!("move round trip (a guest's move back from the host): {}", summary(&f.round_trips));
    if let (Some(before), Some(playing)) = (before, playing) {
        let per_table = playing.saturating_sub(before) as f64 / args.tables as f64;
        println!(
            "relay memory: {before} KiB before, {playing} KiB with every table playing: {per_table:.0} KiB a table"
        );
    }
}

/// One table: its host, then its guests as soon as the host has an address to give.
async fn play_table(table: usize, args: &Args, spec: GameSpec, seats: u8, figures: &Arc<Mutex<Figures>>) {
    let id = random_table_id();
    let offer = TableOffer { table: id, game: spec.clone(), seats, clock: ClockRule::None, spectators: true };
    let mut host = start(args, TableStart::Host { offer, computers: vec![], room: None }, "host").await;
    let relayed = args.relay.is_some();
    let addr = loop {
        match host.next_event().await {
            Some(TableNetEvent::Listening(addr))
                if addr.iter().any(|p| p == Protocol::P2pCircuit) == relayed =>
            {
                break addr;
            }
            Some(_) => {}
            None => panic!("table {table}: the host stopped before listening"),
        }
    };
    let seed = table as u64 * 7919;
    let figures_host = figures.clone();
    let moves = args.moves;
    let interval = args.interval_ms;
    tokio::spawn(async move { seat_player(host, None, seed, moves, interval, &figures_host).await });
    for guest in 1..seats {
        let spec = TableSpec { game: spec.clone(), seats };
        let start = TableStart::Join { addr: addr.clone(), table: id, spec, wants: Wants::Seat(None) };
        let since = Instant::now();
        let handle = self::start(args, start, &format!("guest {guest}")).await;
        let figures = figures.clone();
        tokio::spawn(async move {
            seat_player(handle, Some(since), seed + u64::from(guest), moves, interval, &figures).await;
        });
    }
}

async fn start(args: &Args, start: TableStart, name: &str) -> TableHandle {
    let keypair = tripot_net::Keypair::generate_ed25519();
    // Relayed, no peer listens anywhere but on the relay: nothing to punch a hole to, every
    // byte goes through the relay as it would between two homes behind NATs.
    let listen = if args.relay.is_some() { vec![] } else { vec!["/ip4/127.0.0.1/tcp/0".parse().unwrap()] };
    let net = NetConfig { listen, mdns: false, relay: args.relay.clone(), ..NetConfig::default() };
    let table = TableConfig::new(name, keypair.clone());
    let config = TableNetConfig { table, net, save: None, computers: None };
    start_table(keypair, config, start).await.expect("the table did not start")
}

/// Plays one seat: a pseudo-random legal move after a drawn wait whenever it is its turn; a
/// guest (started at `since`; the host has none) records its join time and its moves' round
/// trips.
async fn seat_player(
    mut handle: TableHandle,
    since: Option<Instant>,
    seed: u64,
    moves: u32,
    interval_ms: u64,
    figures: &Arc<Mutex<Figures>>,
) {
    let host = since.is_none();
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut sent: Option<(Instant, usize)> = None;
    let mut joined = false;
    let mut seated = false;
    let me = tripot_protocol::table::PeerKey(handle.local_peer().to_bytes());
    while let Some(event) = handle.next_event().await {
        match event {
            TableNetEvent::Table(TableEvent::Table(state)) if !seated && !host => {
                let mine = |h: &SeatHolder| matches!(h, SeatHolder::Human { peer, .. } if *peer == me);
                if state.seats.iter().any(mine) {
                    seated = true;
                    if let Some(since) = since {
                        figures.lock().unwrap().seated.push(since.elapsed());
                    }
                }
            }
            TableNetEvent::Table(TableEvent::Started { .. }) if !joined && !host => {
                joined = true;
                if let Some(since) = since {
                    figures.lock().unwrap().joins.push(since.elapsed());
                }
            }
            TableNetEvent::Position { snapshot, my_seat } => {
                let state = snapshot.0;
                let played = state.moves().len();
                if let Some((at, before)) = sent
                    && played > before
                {
                    sent = None;
                    if !host {
                        figures.lock().unwrap().round_trips.push(at.elapsed());
                    }
                }
                let over = state.outcome().is_some() || played >= moves as usize;
                if over {
                    if host {
                        figures.lock().unwrap().tables_done += 1;
                    }
                    // Stay at the table (its links up) until the tool ends.
                    while handle.next_event().await.is_some() {}
                    return;
                }
                if my_seat.is_none() || state.to_move() != my_seat || sent.is_some() {
                    continue;
                }
                let wait = interval_ms / 2 + next() % interval_ms.max(1);
                tokio::time::sleep(Duration::from_millis(wait)).await;
                let legal = state.legal_moves();
                let Some(chosen) = legal.get(usize::try_from(next() % legal.len().max(1) as u64).unwrap())
                else {
                    continue;
                };
                sent = Some((Instant::now(), played));
                handle.play(&state.move_text(chosen));
            }
            _ => {}
        }
    }
}

/// Median, 90th percentile and maximum, in milliseconds.
fn summary(samples: &[Duration]) -> String {
    if samples.is_empty() {
        return "no samples".to_owned();
    }
    let mut ms: Vec<f64> = samples.iter().map(|d| d.as_secs_f64() * 1000.0).collect();
    ms.sort_by(f64::total_cmp);
    let at = |q: f64| ms[((ms.len() - 1) as f64 * q).round() as usize];
    format!("median {:.1} ms, p90 {:.1} ms, max {:.1} ms over {}", at(0.5), at(0.9), at(1.0), ms.len())
}

/// The resident memory of a process, in KiB (Linux).
fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
