//! Load tool: N games played through one `tripot-relay`, each a host and a guest meeting by
//! room code (directory lookup, relayed circuit, proof handshake), then exchanging moves.
//! Reports room-code join time, move round trip (median, p99, max) and the relay's memory.
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
//! `--direct` plays the same games over direct loopback connections, for comparison.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use clap::Parser;
use futures::{AsyncReadExt, AsyncWriteExt, StreamExt};
use libp2p::multiaddr::Protocol;
use libp2p::swarm::{NetworkBehaviour, SwarmEvent};
use libp2p::{Multiaddr, PeerId, StreamProtocol, Swarm, noise, relay, request_response, tcp, yamux};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};
use tripot_net::room::{ProofThrottle, RoomCode, handshake};
use tripot_relay::directory::{self, Request, Response};

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
    /// Time between a game's moves, ms.
    #[arg(long, default_value_t = 1000)]
    interval_ms: u64,
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

fn memory(pid: u32) -> String {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .map(|l| l[name.len()..].trim().to_owned())
            .unwrap_or_default()
    };
    format!("VmRSS {} (peak VmHWM {})", field("VmRSS:"), field("VmHWM:"))
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    let relay_id = match args.relay.iter().last() {
        Some(Protocol::P2p(id)) => id,
        _ => panic!("--relay must end in /p2p/<peer id>"),
    };
    let games = args.games.clamp(1, 5000);
    let moves = args.moves.clamp(1, 10_000);
    println!(
        "setting up {games} games through {} ({})",
        args.relay,
        if args.direct { "direct" } else { "relayed" }
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
        "{games} games set up in {:.1} s; join time (code → relay, room, circuit, proofs, first move echoed): median {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        setup_start.elapsed().as_secs_f64(),
        percentile(&joins, 0.5).as_secs_f64() * 1e3,
        percentile(&joins, 0.99).as_secs_f64() * 1e3,
        joins.last().copied().unwrap_or_default().as_secs_f64() * 1e3
    );
    if let Some(pid) = args.relay_pid {
        println!("relay memory with {games} games open: {}", memory(pid));
    }

    let interval = Duration::from_millis(args.interval_ms);
    let mut players = Vec::new();
    let mut keep = Vec::new();
    for (i, (host, guest, _, mut game)) in ready.into_iter().enumerate() {
        keep.push((host, guest));
        // Spread the games' moves over the interval.
        let offset = interval * u32::try_from(i % 1000).unwrap() / 1000;
        players.push(tokio::spawn(async move {
            tokio::time::sleep(offset).await;
            let mut rtts = Vec::with_capacity(moves);
            let mut buf = [2u8; MOVE_BYTES];
            for _ in 0..moves {
                let sent = Instant::now();
                game.write_all(&buf).await.unwrap();
                game.flush().await.unwrap();
                game.read_exact(&mut buf).await.unwrap();
                rtts.push(sent.elapsed());
                tokio::time::sleep(interval.saturating_sub(sent.elapsed())).await;
            }
            rtts
        }));
    }
    let sampler = args.relay_pid.map(|pid| {
        tokio::spawn(async move {
            tokio::time::sleep(interval * 2).await;
            memory(pid)
        })
    });
    let mut rtts = Vec::new();
    for p in players {
        rtts.extend(p.await.unwrap());
    }
    rtts.sort();
    println!(
        "{} moves: round trip median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        rtts.len(),
        percentile(&rtts, 0.5).as_secs_f64() * 1e3,
        percentile(&rtts, 0.99).as_secs_f64() * 1e3,
        rtts.last().copied().unwrap_or_default().as_secs_f64() * 1e3
    );
    if let Some(s) = sampler {
        println!("relay memory while playing: {}", s.await.unwrap());
    }
    drop(keep);
}
