//! Load tool: N games played through one `tripot-relay`, each a host and a guest meeting by
//! room code (directory lookup, relayed circuit, proof handshake), then exchanging moves.
//! Reports room-code join time, move round trip (median, p99, max, and p99 window by window),
//! the relay's memory and CPU, and — to tell the relay's delays from the tool's own — the tool's
//! CPU and its scheduling lag (how late a 5 ms timer wakes inside the tool while it plays).
//!
//! Pace: each game sends one move (48 bytes, echoed back by the host: one round trip) on average
//! every `--interval-ms`, starting at a random phase, each wait drawn uniformly in
//! [0.5, 1.5] × the interval, so the games do not move in step (`--lockstep` makes them all
//! move at the same instant, a worst case). A human thinks several seconds a move: 5,000 ms is a
//! brisk real game, 1,000 ms a stress pace.
//!
//! Loopback only, bounded: N games × M moves, then it stops. Start a relay without per-IP
//! rate limits (every player here shares 127.0.0.1), then the tool:
//!
//! ```text
//! cargo build --release -p tripot-relay --bin tripot-relay --example relay_load
//! target/release/tripot-relay --listen /ip4/127.0.0.1/tcp/4001 --secret-key-seed 1 \
//!     --reservations-per-ip-per-minute 0 --circuits-per-ip-per-minute 0 \
//!     --room-misses-per-ip-per-minute 0 &
//! target/release/examples/relay_load --relay /ip4/127.0.0.1/tcp/4001/p2p/<id> --relay-pid $! --games 1000
//! ```
//! `--direct` plays the same games over direct loopback connections, for comparison. The
//! relay started with `--secret-key-seed 1` has the id
//! `12D3KooWPjceQrSwdWXPyLLeABRXmuqt69Rg3sBYbU1Nft9HyQ6X`.
//!
//! On a machine shared with other work, Linux's autogroup scheduler gives each session an equal
//! share of the CPU whatever the nice values: a relay and tool that need 40% of one core can
//! then wait for a CPU most of the time and the round trip measures the machine, not the relay
//! (the "waited for a CPU" figures show it). To measure them as if they had the machine, run
//! both in one session weighted above the others (as root):
//! `setsid -w sh -c 'echo -10 > /proc/self/autogroup; <relay> & <tool>; kill $!'`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use clap::Parser;
use futures::{AsyncReadExt, AsyncWriteExt, StreamExt};
use libp2p::multiaddr::Protocol;
use libp2p::swarm::{NetworkBehaviour, SwarmEvent};
use libp2p::{Multiaddr, PeerId, StreamProtocol, Swarm, noise, relay, request_response, tcp, yamux};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};
use tripot_directory::{self as directory, Request, Response};
use tripot_game::SplitMix64;
use tripot_net::room::{ProofThrottle, RoomCode, handshake};

const GAME: StreamProtocol = StreamProtocol::new("/tripot-load/game");
/// About the size of a move message (ply, path, hash).
const MOVE_BYTES: usize = 48;

#[derive(Parser, Debug)]
struct Args {
    /// The relay's address, ending in /p2p/<peer id>.
    #[arg(long)]
    relay: Multiaddr,
    /// The relay's process id, to read its memory from /proc.
    #[arg(long)]
    relay_pid: Option<u32>,
    /// Concurrent games.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Moves per game (each is one round trip).
    #[arg(long, default_value_t = 20)]
    moves: usize,
    /// Mean time between a game's moves, ms (random phase, each wait 0.5–1.5 × this).
    #[arg(long, default_value_t = 1000)]
    interval_ms: u64,
    /// Every game moves at the same instant, every interval exactly (a worst case).
    #[arg(long)]
    lockstep: bool,
    /// Seed of the phases and waits.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The tool's runtime worker threads (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
    /// Width of the windows the round trip's p99 is reported by, s.
    #[arg(long, default_value_t = 5)]
    window_secs: u64,
    /// Games set up at once.
    #[arg(long, default_value_t = 32)]
    setup_concurrency: usize,
    /// Play over direct connections instead of the relay (setup still uses it).
    #[arg(long)]
    direct: bool,
}

#[derive(NetworkBehaviour)]
struct Player {
    relay: relay::client::Behaviour,
    directory: directory::Behaviour,
    stream: libp2p_stream::Behaviour,
}

enum Command {
    Dial(Multiaddr, PeerId, oneshot::Sender<Result<(), String>>),
    Ask(PeerId, Request, oneshot::Sender<Result<Response, String>>),
    Reserve(Multiaddr, oneshot::Sender<()>),
    Listen(Multiaddr, oneshot::Sender<Multiaddr>),
}

struct Driver {
    commands: mpsc::UnboundedSender<Command>,
    control: libp2p_stream::Control,
    peer_id: PeerId,
}

fn player() -> Swarm<Player> {
    libp2p::SwarmBuilder::with_new_identity()
        .with_tokio()
        .with_tcp(tcp::Config::default().nodelay(true), noise::Config::new, yamux::Config::default)
        .unwrap()
        .with_relay_client(noise::Config::new, yamux::Config::default)
        .unwrap()
        .with_behaviour(|_, relay| Player {
            relay,
            directory: directory::client_behaviour(),
            stream: libp2p_stream::Behaviour::new(),
        })
        .unwrap()
        .with_swarm_config(|c| c.with_idle_connection_timeout(Duration::from_secs(3600)))
        .build()
}

/// Runs a swarm in a task; commands in, results out through oneshots.
fn drive(mut swarm: Swarm<Player>) -> Driver {
    let (tx, mut rx) = mpsc::unbounded_channel::<Command>();
    let control = swarm.behaviour().stream.new_control();
    let peer_id = *swarm.local_peer_id();
    tokio::spawn(async move {
        let mut dials: Vec<(PeerId, oneshot::Sender<Result<(), String>>)> = Vec::new();
        let mut asks: Vec<(request_response::OutboundRequestId, oneshot::Sender<Result<Response, String>>)> =
            Vec::new();
        let mut reserve: Option<oneshot::Sender<()>> = None;
        let mut listen: Option<oneshot::Sender<Multiaddr>> = None;
        loop {
            tokio::select! {
                command = rx.recv() => match command {
                    None => return,
                    Some(Command::Dial(addr, peer, done)) => {
                        if swarm.is_connected(&peer) {
                            let _ = done.send(Ok(()));
                        } else if let Err(e) = swarm.dial(addr) {
                            let _ = done.send(Err(e.to_string()));
                        } else {
                            dials.push((peer, done));
                        }
                    }
                    Some(Command::Ask(peer, request, done)) => {
                        let id = swarm.behaviour_mut().directory.send_request(&peer, request);
                        asks.push((id, done));
                    }
                    Some(Command::Reserve(addr, done)) => {
                        swarm.listen_on(addr.with(Protocol::P2pCircuit)).unwrap();
                        reserve = Some(done);
                    }
                    Some(Command::Listen(addr, done)) => {
                        swarm.listen_on(addr).unwrap();
                        listen = Some(done);
                    }
                },
                event = swarm.select_next_some() => match event {
                    SwarmEvent::ConnectionEstablished { peer_id, .. } => {
                        for (_, done) in dials.extract_if(.., |(p, _)| *p == peer_id) {
                            let _ = done.send(Ok(()));
                        }
                    }
                    SwarmEvent::OutgoingConnectionError { peer_id: Some(peer), error, .. } => {
                        for (_, done) in dials.extract_if(.., |(p, _)| *p == peer) {
                            let _ = done.send(Err(error.to_string()));
                        }
                    }
                    SwarmEvent::NewListenAddr { address, .. } => {
                        if let Some(done) = listen.take() {
                            let _ = done.send(address);
                        }
                    }
                    SwarmEvent::Behaviour(PlayerEvent::Relay(relay::client::Event::ReservationReqAccepted { .. })) => {
                        if let Some(done) = reserve.take() {
                            let _ = done.send(());
                        }
                    }
                    SwarmEvent::Behaviour(PlayerEvent::Directory(request_response::Event::Message {
                        message: request_response::Message::Response { request_id, response }, ..
                    })) => {
                        for (_, done) in asks.extract_if(.., |(id, _)| *id == request_id) {
                            let _ = done.send(Ok(response.clone()));
                        }
                    }
                    SwarmEvent::Behaviour(PlayerEvent::Directory(request_response::Event::OutboundFailure {
                        request_id, error, ..
                    })) => {
                        for (_, done) in asks.extract_if(.., |(id, _)| *id == request_id) {
                            let _ = done.send(Err(error.to_string()));
                        }
                    }
                    _ => {}
                },
            }
        }
    });
    Driver { commands: tx, control, peer_id }
}

impl Driver {
    async fn dial(&self, addr: Multiaddr, peer: PeerId) -> Result<(), String> {
        let (tx, rx) = oneshot::channel();
        self.commands.send(Command::Dial(addr, peer, tx)).map_err(|e| e.to_string())?;
        rx.await.map_err(|e| e.to_string())?
    }
    async fn ask(&self, relay: PeerId, request: Request) -> Result<Response, String> {
        let (tx, rx) = oneshot::channel();
        self.commands.send(Command::Ask(relay, request, tx)).map_err(|e| e.to_string())?;
        rx.await.map_err(|e| e.to_string())?
    }
    async fn reserve(&self, relay: Multiaddr) {
        let (tx, rx) = oneshot::channel();
        self.commands.send(Command::Reserve(relay, tx)).unwrap();
        rx.await.unwrap();
    }
    async fn listen(&self, addr: Multiaddr) -> Multiaddr {
        let (tx, rx) = oneshot::channel();
        self.commands.send(Command::Listen(addr, tx)).unwrap();
        rx.await.unwrap()
    }
}

/// The host: reachable through the relay, room open, proof checked, moves echoed back.
async fn host(
    relay_addr: Multiaddr,
    relay_id: PeerId,
    code: RoomCode,
    direct: bool,
) -> (Driver, Option<Multiaddr>) {
    let driver = drive(player());
    let direct_addr = if direct {
        Some(driver.listen("/ip4/127.0.0.1/tcp/0".parse().unwrap()).await.with(Protocol::P2p(driver.peer_id)))
    } else {
        None
    };
    driver.dial(relay_addr.clone(), relay_id).await.unwrap();
    driver.reserve(relay_addr).await;
    let opened =
        driver.ask(relay_id, Request::Open { key: code.directory_key(), ttl_secs: 600 }).await.unwrap();
    assert!(matches!(opened, Response::Opened { .. }), "{opened:?}");
    let mut control = driver.control.clone();
    let mut proofs = control.accept(handshake::PROTOCOL).unwrap();
    let mut games = control.accept(GAME).unwrap();
    let me = driver.peer_id;
    let throttle = Arc::new(Mutex::new(ProofThrottle::default()));
    tokio::spawn(async move {
        while let Some((guest, mut stream)) = proofs.next().await {
            let throttle = throttle.clone();
            tokio::spawn(async move {
                let _ = handshake::host(&mut stream, &code, &throttle, me, guest).await;
            });
        }
    });
    tokio::spawn(async move {
        while let Some((_, mut stream)) = games.next().await {
            tokio::spawn(async move {
                let mut buf = [0u8; MOVE_BYTES];
                while stream.read_exact(&mut buf).await.is_ok() {
                    if stream.write_all(&buf).await.is_err() || stream.flush().await.is_err() {
                        break;
                    }
                }
            });
        }
    });
    (driver, direct_addr)
}

/// The guest: from the code to the first echoed move (connecting to the relay included);
/// returns the join time and the stream.
async fn join(
    relay_addr: &Multiaddr,
    relay_id: PeerId,
    code: RoomCode,
    direct_addr: Option<Multiaddr>,
) -> (Driver, Duration, libp2p::Stream) {
    let start = Instant::now();
    let driver = drive(player());
    driver.dial(relay_addr.clone(), relay_id).await.unwrap();
    let host = match driver.ask(relay_id, Request::Find { key: code.directory_key() }).await.unwrap() {
        Response::Found { host } => host,
        other => panic!("room not found: {other:?}"),
    };
    let addr = direct_addr
        .unwrap_or_else(|| relay_addr.clone().with(Protocol::P2pCircuit).with(Protocol::P2p(host)));
    driver.dial(addr, host).await.unwrap();
    let mut control = driver.control.clone();
    let mut proof = control.open_stream(host, handshake::PROTOCOL).await.unwrap();
    handshake::guest(&mut proof, &code, driver.peer_id, host).await.unwrap();
    let mut game = control.open_stream(host, GAME).await.unwrap();
    let mut buf = [1u8; MOVE_BYTES];
    game.write_all(&buf).await.unwrap();
    game.flush().await.unwrap();
    game.read_exact(&mut buf).await.unwrap();
    (driver, start.elapsed(), game)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn status_field(pid: u32, name: &str) -> String {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status.lines().find_map(|l| l.strip_prefix(name)).map(|v| v.trim().to_owned()).unwrap_or_default()
}

fn memory(pid: u32) -> String {
    format!("VmRSS {} (peak VmHWM {})", status_field(pid, "VmRSS:"), status_field(pid, "VmHWM:"))
}

fn rss_kib(pid: u32) -> u64 {
    status_field(pid, "VmRSS:").trim_end_matches("kB").trim().parse().unwrap_or(0)
}

/// CPU time (user + system) of a process or thread, in clock ticks (USER_HZ, 100 on Linux),
/// from a `/proc/.../stat` line; the name in parentheses may hold spaces.
fn cpu_ticks(stat_path: &str) -> Option<(String, u64)> {
    let stat = std::fs::read_to_string(stat_path).ok()?;
    let open = stat.find('(')?;
    let close = stat.rfind(')')?;
    let name = stat[open + 1..close].to_owned();
    let fields: Vec<&str> = stat[close + 2..].split(' ').collect();
    // After the name: state is field 3 of stat(5), utime 14 and stime 15.
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some((name, utime + stime))
}

/// Each thread of a process: (tid, name, CPU ticks).
fn thread_ticks(pid: u32) -> Vec<(String, String, u64)> {
    let Ok(dir) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return Vec::new();
    };
    let mut threads: Vec<(String, String, u64)> = dir
        .flatten()
        .filter_map(|e| {
            let tid = e.file_name().to_string_lossy().into_owned();
            let (name, ticks) = cpu_ticks(&format!("/proc/{pid}/task/{tid}/stat"))?;
            Some((tid, name, ticks))
        })
        .collect();
    threads.sort();
    threads
}

/// Time a process's threads ran and time they were runnable but waited for a CPU (ns, summed
/// over threads), from `/proc/<pid>/task/*/schedstat`. Much waiting beside little running says
/// the process was starved by the machine's other work, not busy with its own.
fn sched_ns(pid: u32) -> (u64, u64) {
    let Ok(dir) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return (0, 0);
    };
    dir.flatten()
        .filter_map(|e| std::fs::read_to_string(e.path().join("schedstat")).ok())
        .map(|line| {
            let mut f = line.split_whitespace().map(|v| v.parse::<u64>().unwrap_or(0));
            (f.next().unwrap_or(0), f.next().unwrap_or(0))
        })
        .fold((0, 0), |(r, w), (r2, w2)| (r + r2, w + w2))
}

fn sched_line(before: (u64, u64), after: (u64, u64), wall: Duration) -> String {
    let share = |ns: u64| ns as f64 / 1e9 / wall.as_secs_f64() * 100.0;
    format!(
        "ran {:.0}%, waited for a CPU {:.0}% (of one core's time, summed over threads)",
        share(after.0.saturating_sub(before.0)),
        share(after.1.saturating_sub(before.1))
    )
}

fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .unwrap_or_default()
        .split(' ')
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

/// CPU used over `wall` as a share of one core, from clock ticks.
fn cpu_share(ticks: u64, wall: Duration) -> f64 {
    ticks as f64 / 100.0 / wall.as_secs_f64() * 100.0
}

fn main() {
    let args = Args::parse();
    let mut runtime = tokio::runtime::Builder::new_multi_thread();
    if let Some(threads) = args.threads {
        runtime.worker_threads(threads.clamp(1, 64));
    }
    runtime.enable_all().build().unwrap().block_on(run(args));
}

async fn run(args: Args) {
    let relay_id = match args.relay.iter().last() {
        Some(Protocol::P2p(id)) => id,
        _ => panic!("--relay must end in /p2p/<peer id>"),
    };
    let games = args.games.clamp(1, 5000);
    let moves = args.moves.clamp(1, 10_000);
    println!(
        "setting up {games} games through {} ({}); load average {}",
        args.relay,
        if args.direct { "direct" } else { "relayed" },
        loadavg()
    );
    let setup = Arc::new(tokio::sync::Semaphore::new(args.setup_concurrency.max(1)));
    let mut tasks = Vec::new();
    let setup_start = Instant::now();
    for _ in 0..games {
        let relay = args.relay.clone();
        let setup = setup.clone();
        let direct = args.direct;
        tasks.push(tokio::spawn(async move {
            let _permit = setup.acquire().await.unwrap();
            let code = RoomCode::random();
            let (host, direct_addr) = host(relay.clone(), relay_id, code, direct).await;
            let (guest, joined, game) = join(&relay, relay_id, code, direct_addr).await;
            (host, guest, joined, game)
        }));
    }
    let mut ready = Vec::new();
    for t in tasks {
        ready.push(t.await.unwrap());
    }
    let mut joins: Vec<Duration> = ready.iter().map(|r| r.2).collect();
    joins.sort();
    println!(
        "{games} games set up in {:.1} s ({} at a time); join time (code → relay, room, circuit, proofs, first move echoed): median {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        setup_start.elapsed().as_secs_f64(),
        args.setup_concurrency.max(1),
        ms(percentile(&joins, 0.5)),
        ms(percentile(&joins, 0.99)),
        ms(joins.last().copied().unwrap_or_default())
    );
    if let Some(pid) = args.relay_pid {
        println!("relay memory with {games} games open: {}", memory(pid));
    }

    let interval = Duration::from_millis(args.interval_ms.max(1));
    let pace = if args.lockstep {
        "every game at the same instant".to_owned()
    } else {
        "random phase, waits 0.5–1.5 × interval".to_owned()
    };
    println!(
        "playing {moves} moves a game, one every {} ms on average per game ({pace}): {:.0} moves/s over all games",
        interval.as_millis(),
        games as f64 / interval.as_secs_f64()
    );

    // The tool's own scheduling lag: how late a short timer wakes while the games play. A lag
    // as large as the round trip's tail says the tail is spent in the tool, not the relay.
    const PROBE: Duration = Duration::from_millis(5);
    let playing = Arc::new(AtomicBool::new(true));
    let probe = {
        let playing = playing.clone();
        tokio::spawn(async move {
            let mut lags = Vec::new();
            while playing.load(Ordering::Relaxed) {
                let asked = Instant::now();
                tokio::time::sleep(PROBE).await;
                lags.push(asked.elapsed().saturating_sub(PROBE));
            }
            lags
        })
    };
    let rss_sampler = args.relay_pid.map(|pid| {
        let playing = playing.clone();
        tokio::spawn(async move {
            let mut peak = 0;
            while playing.load(Ordering::Relaxed) {
                peak = peak.max(rss_kib(pid));
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            peak
        })
    });
    let me = std::process::id();
    let tool_before = cpu_ticks(&format!("/proc/{me}/stat")).map_or(0, |t| t.1);
    let relay_before = args.relay_pid.map(thread_ticks).unwrap_or_default();
    let tool_sched_before = sched_ns(me);
    let relay_sched_before = args.relay_pid.map(sched_ns).unwrap_or_default();
    let load_before = loadavg();

    let start = tokio::time::Instant::now();
    let mut rng = SplitMix64::new(args.seed);
    let mut players = Vec::new();
    let mut keep = Vec::new();
    for (host, guest, _, mut game) in ready {
        keep.push((host, guest));
        let lockstep = args.lockstep;
        let phase = if lockstep { Duration::ZERO } else { interval.mul_f64(rng.unit()) };
        let mut rng = SplitMix64::new(rng.next_u64());
        players.push(tokio::spawn(async move {
            let mut next = start + phase;
            let mut rtts = Vec::with_capacity(moves);
            let mut buf = [2u8; MOVE_BYTES];
            for _ in 0..moves {
                tokio::time::sleep_until(next).await;
                let sent = Instant::now();
                game.write_all(&buf).await.unwrap();
                game.flush().await.unwrap();
                game.read_exact(&mut buf).await.unwrap();
                rtts.push((sent.duration_since(start.into_std()), sent.elapsed()));
                next += if lockstep { interval } else { interval.mul_f64(0.5 + rng.unit()) };
            }
            rtts
        }));
    }
    let mut timed = Vec::new();
    for p in players {
        timed.extend(p.await.unwrap());
    }
    let wall = start.elapsed();
    playing.store(false, Ordering::Relaxed);
    let tool_after = cpu_ticks(&format!("/proc/{me}/stat")).map_or(0, |t| t.1);
    let relay_after = args.relay_pid.map(thread_ticks).unwrap_or_default();
    let tool_sched_after = sched_ns(me);
    let relay_sched_after = args.relay_pid.map(sched_ns).unwrap_or_default();

    let mut rtts: Vec<Duration> = timed.iter().map(|t| t.1).collect();
    rtts.sort();
    println!(
        "{} moves in {:.1} s: round trip median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        rtts.len(),
        wall.as_secs_f64(),
        ms(percentile(&rtts, 0.5)),
        ms(percentile(&rtts, 0.99)),
        ms(rtts.last().copied().unwrap_or_default())
    );
    let window = Duration::from_secs(args.window_secs.max(1));
    let windows = usize::try_from(wall.as_secs() / window.as_secs()).unwrap_or(0) + 1;
    let mut by_window: Vec<Vec<Duration>> = vec![Vec::new(); windows];
    for (at, rtt) in &timed {
        let w = usize::try_from(at.as_secs() / window.as_secs()).unwrap_or(0).min(windows - 1);
        by_window[w].push(*rtt);
    }
    let line: Vec<String> = by_window
        .iter_mut()
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.sort();
            format!("{:.1}", ms(percentile(w, 0.99)))
        })
        .collect();
    println!("round trip p99 by {} s window, ms: {}", window.as_secs(), line.join(" "));

    let mut lags = probe.await.unwrap();
    lags.sort();
    println!(
        "tool scheduling lag (a {} ms timer, {} samples): median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        PROBE.as_millis(),
        lags.len(),
        ms(percentile(&lags, 0.5)),
        ms(percentile(&lags, 0.99)),
        ms(lags.last().copied().unwrap_or_default())
    );
    println!(
        "tool CPU while playing: {:.0}% of one core; {}; load average {load_before} → {}",
        cpu_share(tool_after.saturating_sub(tool_before), wall),
        sched_line(tool_sched_before, tool_sched_after, wall),
        loadavg()
    );
    if let Some(pid) = args.relay_pid {
        let mut total = 0;
        let mut threads = Vec::new();
        for (tid, name, after) in &relay_after {
            let before = relay_before.iter().find(|b| b.0 == *tid).map_or(0, |b| b.2);
            let used = after.saturating_sub(before);
            total += used;
            if used > 0 {
                threads.push(format!("{name} {:.1}%", cpu_share(used, wall)));
            }
        }
        println!(
            "relay CPU while playing: {:.0}% of one core ({}); {}",
            cpu_share(total, wall),
            threads.join(", "),
            sched_line(relay_sched_before, relay_sched_after, wall)
        );
        let peak = match rss_sampler {
            Some(s) => s.await.unwrap(),
            None => 0,
        };
        println!(
            "relay memory while playing: peak VmRSS {:.1} MiB sampled; now {}",
            peak as f64 / 1024.0,
            memory(pid)
        );
    }
    drop(keep);
}
