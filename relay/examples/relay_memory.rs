//! Where a relayed table's memory goes in the relay: T tables of S peers built up in three
//! stages against one running `tripot-relay`, its resident memory read after each stage.
//!
//! 1. every peer connected to the relay (TCP, noise, yamux; identify and ping as Tripot's
//!    client runs them), nothing else;
//! 2. every peer holding a reservation (as every member of a table does, to be able to host);
//! 3. every guest of a table with a circuit to its host through the relay, one stream open on it
//!    and one message echoed (a table's links stay open between moves).
//!
//! The deltas divided by the peers, reservations and circuits added give each one's cost. The
//! peers are raw swarms, not Tripot's table driver (`table_load` measures the whole table), so
//! that each stage adds one thing only. Loopback only, bounded (`--deadline-secs`).
//!
//! ```text
//! cargo build --release -p tripot-relay --bin tripot-relay --example relay_memory
//! target/release/tripot-relay --listen /ip4/127.0.0.1/tcp/4102 --secret-key-seed 1 \
//!     --reservations-per-ip-per-minute 0 --circuits-per-ip-per-minute 0 \
//!     --room-misses-per-ip-per-minute 0 --max-connections-per-ip 0 --max-pending-per-ip 0 &
//! target/release/examples/relay_memory --relay /ip4/127.0.0.1/tcp/4102/p2p/12D3KooWPjceQrSwdWXPyLLeABRXmuqt69Rg3sBYbU1Nft9HyQ6X \
//!     --relay-pid $! --tables 20
//! ```
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::time::Duration;

use clap::Parser;
use futures::{AsyncReadExt, AsyncWriteExt, StreamExt};
use libp2p::multiaddr::Protocol;
use libp2p::swarm::{NetworkBehaviour, SwarmEvent};
use libp2p::{Multiaddr, PeerId, StreamProtocol, Swarm, identify, noise, ping, relay, tcp, yamux};
use tokio::sync::{mpsc, oneshot};

const ECHO: StreamProtocol = StreamProtocol::new("/tripot/relay-memory/1");

#[derive(Parser)]
struct Args {
    /// The relay (its address with `/p2p/`).
    #[arg(long)]
    relay: Multiaddr,
    /// The relay's process id, to read its memory.
    #[arg(long)]
    relay_pid: u32,
    /// Tables.
    #[arg(long, default_value_t = 20)]
    tables: usize,
    /// Peers a table (one host, the others guests).
    #[arg(long, default_value_t = 6)]
    seats: usize,
    /// Wait after each stage before reading the memory, in milliseconds.
    #[arg(long, default_value_t = 2000)]
    settle_ms: u64,
    /// The tool gives up after this.
    #[arg(long, default_value_t = 300)]
    deadline_secs: u64,
}

#[derive(NetworkBehaviour)]
struct Peer {
    relay: relay::client::Behaviour,
    identify: identify::Behaviour,
    ping: ping::Behaviour,
    stream: libp2p_stream::Behaviour,
}

enum Command {
    Dial(Multiaddr, oneshot::Sender<()>),
    Reserve(Multiaddr, oneshot::Sender<Multiaddr>),
}

struct Driver {
    commands: mpsc::UnboundedSender<Command>,
    control: libp2p_stream::Control,
    peer_id: PeerId,
}

fn peer() -> Swarm<Peer> {
    libp2p::SwarmBuilder::with_new_identity()
        .with_tokio()
        .with_tcp(tcp::Config::default().nodelay(true), noise::Config::new, yamux::Config::default)
        .unwrap()
        .with_relay_client(noise::Config::new, yamux::Config::default)
        .unwrap()
        .with_behaviour(|key, relay| Peer {
            relay,
            identify: identify::Behaviour::new(identify::Config::new(
                "/tripot/1.0.0".to_owned(),
                key.public(),
            )),
            ping: ping::Behaviour::default(),
            stream: libp2p_stream::Behaviour::new(),
        })
        .unwrap()
        .with_swarm_config(|c| c.with_idle_connection_timeout(Duration::from_secs(3600)))
        .build()
}

/// Runs a swarm in a task: commands in, their results out through oneshots.
fn drive(mut swarm: Swarm<Peer>) -> Driver {
    let (tx, mut rx) = mpsc::unbounded_channel::<Command>();
    let control = swarm.behaviour().stream.new_control();
    let peer_id = *swarm.local_peer_id();
    tokio::spawn(async move {
        let mut dialled: Option<oneshot::Sender<()>> = None;
        let mut reserved: Option<oneshot::Sender<Multiaddr>> = None;
        loop {
            tokio::select! {
                command = rx.recv() => match command {
                    None => return,
                    Some(Command::Dial(addr, done)) => {
                        swarm.dial(addr).unwrap();
                        dialled = Some(done);
                    }
                    Some(Command::Reserve(addr, done)) => {
                        swarm.listen_on(addr.with(Protocol::P2pCircuit)).unwrap();
                        reserved = Some(done);
                    }
                },
                event = swarm.select_next_some() => match event {
                    SwarmEvent::ConnectionEstablished { .. } => {
                        if let Some(done) = dialled.take() {
                            let _ = done.send(());
                        }
                    }
                    SwarmEvent::NewListenAddr { address, .. } => {
                        if let Some(done) = reserved.take() {
                            let _ = done.send(address);
                        }
                    }
                    SwarmEvent::OutgoingConnectionError { error, .. } => panic!("dial: {error}"),
                    _ => {}
                },
            }
        }
    });
    Driver { commands: tx, control, peer_id }
}

/// Echoes every stream opened to `driver` (the host side of a circuit).
fn echo(driver: &Driver) {
    let mut incoming = driver.control.clone().accept(ECHO).unwrap();
    tokio::spawn(async move {
        while let Some((_, mut stream)) = incoming.next().await {
            tokio::spawn(async move {
                let mut buf = [0u8; 64];
                while let Ok(n) = stream.read(&mut buf).await {
                    if n == 0 || stream.write_all(&buf[..n]).await.is_err() || stream.flush().await.is_err() {
                        return;
                    }
                }
            });
        }
    });
}

/// Connects every peer to the relay.
async fn connect(peers: &[Driver], relay: &Multiaddr) {
    for p in peers {
        let (done, wait) = oneshot::channel();
        p.commands.send(Command::Dial(relay.clone(), done)).unwrap();
        wait.await.unwrap();
    }
}

/// Reserves a slot for every peer; their relayed addresses, each ending with the peer's id.
async fn reserve(peers: &[Driver], relay: &Multiaddr) -> Vec<Multiaddr> {
    let mut addrs = Vec::new();
    for p in peers {
        let (done, wait) = oneshot::channel();
        p.commands.send(Command::Reserve(relay.clone(), done)).unwrap();
        addrs.push(wait.await.unwrap());
    }
    addrs
}

/// Each table's guests dial its host (the first peer of every `seats`) through the relay, open
/// a stream and have one message echoed; the streams, held open.
async fn circuits(peers: &[Driver], addrs: &[Multiaddr], seats: usize) -> Vec<libp2p::Stream> {
    let mut held = Vec::new();
    for host in (0..peers.len()).step_by(seats) {
        echo(&peers[host]);
        for guest in &peers[host + 1..host + seats] {
            let (done, wait) = oneshot::channel();
            guest.commands.send(Command::Dial(addrs[host].clone(), done)).unwrap();
            wait.await.unwrap();
            let mut stream = guest.control.clone().open_stream(peers[host].peer_id, ECHO).await.unwrap();
            let hello = [7u8; 48];
            stream.write_all(&hello).await.unwrap();
            stream.flush().await.unwrap();
            let mut back = [0u8; 48];
            stream.read_exact(&mut back).await.unwrap();
            assert_eq!(back, hello);
            held.push(stream);
        }
    }
    held
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let args = Args::parse();
    let deadline = Duration::from_secs(args.deadline_secs);
    tokio::time::timeout(deadline, run(args)).await.expect("the tool ran past its deadline");
}

async fn run(args: Args) {
    let settle = Duration::from_millis(args.settle_ms);
    let pid = args.relay_pid;
    // One table first, not counted: the relay's first connection, reservation and circuit
    // fault in code and grow its tables once, which no further table costs.
    let warm: Vec<Driver> = (0..args.seats).map(|_| drive(peer())).collect();
    connect(&warm, &args.relay).await;
    let warm_addrs = reserve(&warm, &args.relay).await;
    let _warm_streams = circuits(&warm, &warm_addrs, args.seats).await;

    let peers: Vec<Driver> = (0..args.tables * args.seats).map(|_| drive(peer())).collect();
    tokio::time::sleep(settle).await;
    let before = memory(pid);
    connect(&peers, &args.relay).await;
    tokio::time::sleep(settle).await;
    let connected = memory(pid);
    let addrs = reserve(&peers, &args.relay).await;
    tokio::time::sleep(settle).await;
    let reserved = memory(pid);
    let held = circuits(&peers, &addrs, args.seats).await;
    tokio::time::sleep(settle).await;
    let relayed = memory(pid);

    let (n, k) = (peers.len() as f64, held.len() as f64);
    println!(
        "{} tables of {} peers: {n} connections, {n} reservations, {k} circuits",
        args.tables, args.seats
    );
    for (name, at) in [("resident (VmRSS)", 0), ("anonymous (RssAnon)", 1)] {
        let [b, c, r, x] = [before[at], connected[at], reserved[at], relayed[at]];
        let per = |a: u64, b: u64, by: f64| b.saturating_sub(a) as f64 / by;
        let s = args.seats as f64;
        let (pc, pr, pk) = (per(b, c, n), per(c, r, n), per(r, x, k));
        println!("{name}: {b} KiB before, {c} connected, {r} reserved, {x} with the circuits");
        println!(
            "  a connection {pc:.1} KiB, a reservation {pr:.1} KiB, a circuit {pk:.1} KiB; a table {:.0} KiB = {:.0} + {:.0} + {:.0}",
            per(b, x, args.tables as f64),
            pc * s,
            pr * s,
            pk * (s - 1.0)
        );
    }
}

/// The resident and the anonymous resident memory of a process, in KiB (Linux).
fn memory(pid: u32) -> [u64; 2] {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let field = |name: &str| -> u64 {
        let line = status.lines().find(|l| l.starts_with(name)).unwrap();
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    };
    [field("VmRSS:"), field("RssAnon:")]
}
