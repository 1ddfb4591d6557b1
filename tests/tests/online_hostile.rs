//! A hostile peer speaking the game protocol against an honest headless `tripot host`: every bad
//! message is refused with its reason, the honest game and save stay intact, nothing crashes,
//! and the final illegal move forfeits the hostile side.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod online_common;

#[path = "online_hostile/draw.rs"]
mod draw;
#[path = "online_hostile/handshake.rs"]
mod handshake;
#[path = "online_hostile/household.rs"]
mod household;
#[path = "online_hostile/quick_seekers.rs"]
mod quick_seekers;
#[path = "online_hostile/raw_client.rs"]
mod raw_client;
#[path = "online_hostile/refusals.rs"]
mod refusals;
#[path = "online_hostile/relay.rs"]
mod relay;
#[path = "online_hostile/strangers.rs"]
mod strangers;

use std::time::Duration;

use futures::{AsyncReadExt as _, AsyncWriteExt as _, StreamExt as _};
use online_common::reads_messages::ReadsMessages;
use online_common::{Player, args, loopback_args, replayed_record};
use tokio::sync::mpsc;
use tripot_engine::{Camp, Format, Position, Rules};
use tripot_net::swarm::{NetConfig, game_protocol};
use tripot_net::{Multiaddr, PeerId};
use tripot_protocol::{
    Commitment, FrameDecoder, GameId, Hello, Message, MoveMsg, Opens, PROTOCOL_VERSION, Place, RejectReason,
    ResumePoint, Role, Seat, encode,
};

/// Tests that load the machine (floods, crowds of identities) take this, so that they run one at
/// a time: the floods' assertions depend on how fast strangers arrive, and two crowds at once on
/// a small machine starve each other.
fn heavy() -> std::sync::MutexGuard<'static, ()> {
    static HEAVY: std::sync::Mutex<()> = std::sync::Mutex::new(());
    HEAVY.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The hostile side: a bare swarm and one raw stream at a time.
struct Hostile {
    /// Its own peer id.
    local: PeerId,
    control: libp2p_stream::Control,
    dial: mpsc::UnboundedSender<Multiaddr>,
    host: PeerId,
    addr: Multiaddr,
    stream: Option<tripot_net::Stream>,
    decoder: FrameDecoder,
    /// Messages decoded and not read yet.
    received: std::collections::VecDeque<Message>,
}

impl Hostile {
    async fn connect(addr: &str) -> Hostile {
        let addr: Multiaddr = addr.parse().unwrap();
        let host = addr
            .iter()
            .find_map(|p| if let tripot_net::multiaddr::Protocol::P2p(id) = p { Some(id) } else { None })
            .unwrap();
        let net = NetConfig {
            listen: vec!["/ip4/127.0.0.1/tcp/0".parse().unwrap()],
            mdns: false,
            ..NetConfig::default()
        };
        let keypair = tripot_net::Keypair::generate_ed25519();
        let local = keypair.public().to_peer_id();
        let mut swarm = tripot_net::swarm::build(keypair, &net).unwrap();
        let control = swarm.behaviour().stream.new_control();
        let (dial, mut dials) = mpsc::unbounded_channel::<Multiaddr>();
        swarm.dial(addr.clone()).unwrap();
        tokio::spawn(async move {
            loop {
                tokio::select! {
                    _ = swarm.select_next_some() => {}
                    Some(a) = dials.recv() => { let _ = swarm.dial(a); }
                }
            }
        });
        let mut hostile = Hostile {
            local,
            control,
            dial,
            host,
            addr,
            stream: None,
            decoder: FrameDecoder::new(),
            received: std::collections::VecDeque::new(),
        };
        hostile.open().await;
        hostile
    }

    async fn open(&mut self) {
        for _ in 0..50 {
            match self.control.open_stream(self.host, game_protocol()).await {
                Ok(stream) => {
                    self.stream = Some(stream);
                    self.decoder = FrameDecoder::new();
                    self.received.clear();
                    return;
                }
                Err(_) => {
                    let _ = self.dial.send(self.addr.clone());
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
            }
        }
        panic!("cannot open a stream to the host");
    }

    async fn raw(&mut self, bytes: &[u8]) {
        let stream = self.stream.as_mut().unwrap();
        stream.write_all(bytes).await.unwrap();
        stream.flush().await.unwrap();
    }

    async fn send(&mut self, message: &Message) {
        self.raw(&encode(message).unwrap()).await;
    }
}

impl ReadsMessages for Hostile {
    type Message = Message;
    type Reason = RejectReason;

    fn refusal(message: &Message) -> Option<&RejectReason> {
        if let Message::Reject(r) = message { Some(&r.reason) } else { None }
    }

    async fn recv(&mut self) -> Option<Message> {
        let stream = self.stream.as_mut().unwrap();
        let mut buf = [0u8; 512];
        loop {
            if let Some(message) = self.received.pop_front() {
                return Some(message);
            }
            let n = tokio::time::timeout(Duration::from_secs(15), stream.read(&mut buf))
                .await
                .expect("the host went silent")
                .ok()?;
            if n == 0 {
                return None;
            }
            for result in self.decoder.feed_all(&buf[..n]).unwrap() {
                self.received.push_back(result.unwrap());
            }
        }
    }
}

fn guest_hello() -> Message {
    Message::Hello(Hello {
        protocol: PROTOCOL_VERSION,
        app: "hostile".into(),
        game_id: GameId([0; 16]),
        role: Role::Guest,
        table: None,
        place: Place::Seat(Seat(1)),
        opens: Opens::Random,
        name: "Mallory".into(),
        commitment: Some(Commitment([1; 32])),
    })
}

/// The hostile side's move: it sits at the guest's seat, the second.
fn move_msg(position: &Position, ply: u32, index: usize) -> (MoveMsg, Position) {
    let mv = position.legal_moves()[index];
    let after = position.play(mv).unwrap();
    (MoveMsg { ply, seat: Seat(1), path: position.notation(mv).to_string(), hash: after.hash() }, after)
}

fn host_moves(host: &Player) -> usize {
    replayed_record(&host.save).moves().len()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hostile_peer_is_refused_and_forfeits() {
    let dir = tempfile::tempdir().unwrap();
    let mut host_args =
        args(&["host", "--opens", "host", "--ai", "1", "--move-delay-ms", "1500", "--name", "Honest"]);
    host_args.extend(loopback_args());
    let mut host = Player::spawn(&host_args, &dir.path().join("host"), &dir.path().join("host.tripot"));
    let addr = tokio::task::block_in_place(|| host.address());
    let mut hostile = Hostile::connect(&addr).await;

    // Handshake; the host opens.
    hostile.send(&guest_hello()).await;
    let Message::Hello(hello) = hostile.expect("hello", |m| matches!(m, Message::Hello(_))).await else {
        unreachable!()
    };
    let game_id = hello.game_id;
    let mut position = Position::start(Format::One, Rules::Tripot, Camp::A);
    let Message::Move(first) = hostile.expect("move 1", |m| matches!(m, Message::Move(_))).await else {
        unreachable!()
    };
    position = position.play(position.verify(&first.path.parse().unwrap()).unwrap().mv).unwrap();
    assert_eq!(position.hash(), first.hash);

    // A legal move, then at once a move out of turn (the host is still "thinking").
    let (m2, after2) = move_msg(&position, 2, 0);
    hostile.send(&Message::Move(m2.clone())).await;
    hostile.expect("ack 2", |m| matches!(m, Message::Ack { ply: 2, .. })).await;
    let (out_of_turn, _) = move_msg(&after2, 3, 0);
    hostile.send(&Message::Move(out_of_turn)).await;
    hostile.expect_reject(RejectReason::OutOfTurn).await;
    // The same ply again.
    hostile.send(&Message::Move(m2)).await;
    hostile.expect_reject(RejectReason::WrongPly).await;
    position = after2;

    let Message::Move(third) = hostile.expect("move 3", |m| matches!(m, Message::Move(_))).await else {
        unreachable!()
    };
    position = position.play(position.verify(&third.path.parse().unwrap()).unwrap().mv).unwrap();
    hostile.send(&Message::Ack { ply: 3, hash: position.hash() }).await;

    // A legal move with a wrong hash.
    let (mut wrong_hash, _) = move_msg(&position, 4, 0);
    wrong_hash.hash ^= 0xdead;
    hostile.send(&Message::Move(wrong_hash)).await;
    hostile.expect_reject(RejectReason::HashMismatch).await;

    // Random bytes in well-formed frames, and an unknown message kind.
    for seed in 0..3u8 {
        let mut body: Vec<u8> = (0..40).map(|i| (i as u8).wrapping_mul(37).wrapping_add(seed)).collect();
        body[0] = 0xee;
        let mut frame = (body.len() as u16).to_be_bytes().to_vec();
        frame.extend(body);
        hostile.raw(&frame).await;
        hostile.expect_reject(RejectReason::Malformed).await;
    }
    assert_eq!(tokio::task::block_in_place(|| host_moves(&host)), 3);

    // An oversized frame: refused from its length, then the stream is closed.
    let mut huge = vec![0xff, 0xff];
    huge.extend(std::iter::repeat_n(0x41u8, 1000));
    hostile.raw(&huge).await;
    hostile.expect_reject(RejectReason::TooLarge).await;
    while hostile.recv().await.is_some() {}
    assert_eq!(tokio::task::block_in_place(|| host_moves(&host)), 3);

    // Back with a resume: the host agrees on ply 3.
    hostile.open().await;
    hostile.send(&Message::Resume(ResumePoint { game_id, ply: 3, hash: position.hash() })).await;
    hostile.expect("resume", |m| matches!(m, Message::Resume(p) if p.ply == 3)).await;

    // A flood: cut off after the allowance, and what the host sends back stays bounded.
    let keep_alive = encode(&Message::KeepAlive { seq: 0 }).unwrap();
    let burst: Vec<u8> = keep_alive.iter().copied().cycle().take(keep_alive.len() * 5000).collect();
    let _ = hostile.stream.as_mut().unwrap().write_all(&burst).await;
    let _ = hostile.stream.as_mut().unwrap().flush().await;
    let mut replies = 0;
    let mut flood_refused = false;
    while let Some(message) = hostile.recv().await {
        replies += 1;
        flood_refused |= matches!(message, Message::Reject(r) if r.reason == RejectReason::Flood);
    }
    assert!(flood_refused, "no flood reject");
    assert!(replies < 50, "{replies} replies to a flood");
    assert_eq!(tokio::task::block_in_place(|| host_moves(&host)), 3);

    // Back again (once the host has closed the flooding connection), then an illegal move:
    // the hostile side forfeits.
    tokio::time::sleep(Duration::from_millis(1000)).await;
    hostile.open().await;
    hostile.send(&Message::Resume(ResumePoint { game_id, ply: 3, hash: position.hash() })).await;
    hostile.expect("resume", |m| matches!(m, Message::Resume(_))).await;
    hostile.send(&Message::Move(MoveMsg { ply: 4, seat: Seat(1), path: "e17-i9".into(), hash: 0 })).await;
    hostile.expect_reject(RejectReason::IllegalMove).await;

    let code = tokio::task::block_in_place(|| host.finish(Duration::from_secs(30)));
    assert_eq!(code, 0, "the honest client exits cleanly");
    let reasons: Vec<String> =
        host.events("rejected").iter().map(|e| e["reason"].as_str().unwrap().to_owned()).collect();
    for reason in ["OutOfTurn", "WrongPly", "HashMismatch", "Malformed", "TooLarge", "Flood", "IllegalMove"] {
        assert!(reasons.iter().any(|r| r == reason), "{reason} not reported: {reasons:?}");
    }
    let over = host.events("game_over");
    assert_eq!(over[0]["winner"], "A");
    assert_eq!(over[0]["termination"], "forfeit");
    let record = replayed_record(&host.save);
    assert_eq!(record.moves().len(), 3);
    assert_eq!(online_common::winner(&record), Some("A"));
    assert_eq!(record.termination.as_deref(), Some("forfeit"));
    assert!(record.tag("Reason").is_some_and(|r| r.contains("e17-i9")), "{:?}", record.tag("Reason"));
}
