//! Strangers at a real `tripot host` table, as a hostile programmer writes them: fresh libp2p
//! identities, raw table streams, entries signed with their own keys and chained correctly,
//! and nothing of Tripot's manners. A spectator sends garbage and moves for seats not its own
//! (its key, and a forged host signature): each is refused and the game goes on. A seated
//! stranger sends entries out of step — a wrong index, a broken chain — (refused, no harm: a late message is not a fault), plays
//! one honest move (a second spectator then arrives mid-game and ends with the same record),
//! then signs a move for the host's seat: refused by the host, and the
//! stranger forfeits (RULES-STAR.md §4.10: a table of three ends). Every peer sees the same end,
//! and the host's saved record replays.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod online_common;

use std::collections::VecDeque;
use std::process::Command;
use std::time::Duration;

use futures::{AsyncReadExt as _, AsyncWriteExt as _, StreamExt as _};
use online_common::reads_messages::ReadsMessages;
use online_common::{Player, args, loopback_args, replayed_record, tripot_bin};
use tripot_game::Seat;
use tripot_net::linked_games;
use tripot_net::swarm::NetConfig;
use tripot_net::table::{Record, peer_key, sign_entry};
use tripot_net::table_online::{TableLink, table_protocol};
use tripot_net::{Keypair, Multiaddr, PeerId};
use tripot_protocol::table::{
    Act, HostWhy, PeerKey, SeatHolder, Signer, TABLE_VERSION, TableDecoder, TableHello, TableMessage,
    TableRejectReason, TableState, Wants, encode_table,
};

const START: Duration = Duration::from_secs(30);
const WAIT: Duration = Duration::from_secs(30);

/// A stranger: its own swarm, one raw table stream to the host, and its own copy of the
/// record, checked as any peer checks it.
struct Stranger {
    keypair: Keypair,
    stream: tripot_net::Stream,
    decoder: TableDecoder,
    received: VecDeque<TableMessage>,
    record: Option<Record>,
}

impl Stranger {
    async fn connect(host: &Multiaddr, hello: TableHello) -> Stranger {
        let peer = host
            .iter()
            .find_map(|p| if let tripot_net::multiaddr::Protocol::P2p(id) = p { Some(id) } else { None })
            .unwrap();
        let net = NetConfig { listen: vec![], mdns: false, ..NetConfig::default() };
        let keypair = Keypair::generate_ed25519();
        let mut swarm = tripot_net::swarm::build(keypair.clone(), &net).unwrap();
        let mut control = swarm.behaviour().stream.new_control();
        swarm.dial(host.clone()).unwrap();
        tokio::spawn(async move {
            loop {
                swarm.select_next_some().await;
            }
        });
        let stream = open(&mut control, peer).await;
        let mut stranger = Stranger {
            keypair,
            stream,
            decoder: TableDecoder::new(),
            received: VecDeque::new(),
            record: None,
        };
        stranger.send(&TableMessage::Hello(hello)).await;
        stranger
    }

    fn key(&self) -> PeerKey {
        peer_key(&self.keypair)
    }

    async fn raw(&mut self, bytes: &[u8]) {
        self.stream.write_all(bytes).await.unwrap();
        self.stream.flush().await.unwrap();
    }

    async fn send(&mut self, message: &TableMessage) {
        self.raw(&encode_table(message).unwrap()).await;
    }

    /// Keeps the stranger's record as an honest member would: opened at the start, every
    /// entry the host forwards checked and applied (its own, forwarded back, already held).
    fn follow(&mut self, message: &TableMessage) {
        match message {
            TableMessage::State(state) if state.started && self.record.is_none() => {
                self.record = Some(Record::open(state, linked_games).unwrap());
            }
            TableMessage::Entry { entry, .. } => {
                let record = self.record.as_mut().expect("an entry before the game's start");
                if entry.index >= record.len() {
                    record.apply(entry.clone()).expect("the host forwarded an entry that does not hold");
                }
            }
            _ => {}
        }
    }

    /// Reads until the game has `entries` entries.
    async fn until_entries(&mut self, entries: u32) {
        while self.record.as_ref().is_none_or(|r| r.len() < entries) {
            assert!(self.recv().await.is_some(), "the stream ended before entry {entries}");
        }
    }

    /// Reads until its record says the game is over.
    async fn until_over(&mut self) {
        while self.record.as_ref().is_none_or(|r| r.ending().is_none()) {
            assert!(self.recv().await.is_some(), "the stream ended before the game did");
        }
    }

    fn record(&self) -> &Record {
        self.record.as_ref().unwrap()
    }
}

impl ReadsMessages for Stranger {
    type Message = TableMessage;
    type Reason = TableRejectReason;

    fn refusal(message: &TableMessage) -> Option<&TableRejectReason> {
        if let TableMessage::Reject(r) = message { Some(&r.reason) } else { None }
    }

    async fn recv(&mut self) -> Option<TableMessage> {
        let mut buf = [0u8; 1024];
        loop {
            if let Some(message) = self.received.pop_front() {
                self.follow(&message);
                return Some(message);
            }
            let n = tokio::time::timeout(WAIT, self.stream.read(&mut buf))
                .await
                .expect("the host went silent")
                .ok()?;
            if n == 0 {
                return None;
            }
            for result in self.decoder.feed_all(&buf[..n]).unwrap() {
                self.received.push_back(result.expect("the host sent a frame that does not decode"));
            }
        }
    }
}

async fn open(control: &mut libp2p_stream::Control, host: PeerId) -> tripot_net::Stream {
    for _ in 0..50 {
        if let Ok(stream) = control.open_stream(host, table_protocol()).await {
            return stream;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    panic!("cannot open a table stream to the host");
}

fn hello(link: &TableLink, name: &str, wants: Wants) -> TableHello {
    TableHello {
        protocol: TABLE_VERSION,
        app: "hostile".into(),
        table: link.table,
        name: name.to_owned(),
        wants,
        addrs: vec![],
        holds: 0,
    }
}

/// A frame of the right length whose body is no message (an enum tag past every variant).
fn garbage() -> Vec<u8> {
    let mut frame = encode_table(&TableMessage::Vote).unwrap();
    let body = frame.len() - 1;
    frame[body] = 0xff;
    frame
}

fn seat_of(state: &TableState, key: &PeerKey) -> Option<Seat> {
    state
        .seats
        .iter()
        .position(|h| matches!(h, SeatHolder::Human { peer, .. } if peer == key))
        .map(|i| Seat(i as u8))
}

/// The spectator's attacks, once the game runs: garbage, then a move for the computer's seat
/// under its own key, then the same under a host signature it forged. Each is refused and the
/// game goes on; it then watches to the end.
async fn spectator(mut watcher: Stranger, computer: Seat) -> Stranger {
    watcher.until_entries(1).await;
    watcher.raw(&garbage()).await;
    watcher.expect_reject(TableRejectReason::Malformed).await;
    for signer in [Signer::Seat, Signer::Host { epoch: 0, why: HostWhy::Computer }] {
        let record = watcher.record();
        let m = record.state().legal_moves()[0].clone();
        let text = record.state().move_text(&m);
        let entry = sign_entry(
            &watcher.keypair,
            record.key(),
            (record.len(), record.head()),
            computer,
            Act::Move(text),
            signer,
        )
        .unwrap();
        watcher.send(&TableMessage::Entry { entry, clock_ms: None }).await;
        watcher.expect_reject(TableRejectReason::BadEntry).await;
    }
    let seen = watcher.record().len();
    watcher.until_entries(seen + 1).await;
    watcher.until_over().await;
    watcher
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn strangers_at_a_table_are_refused_and_a_forger_forfeits() {
    let dir = tempfile::tempdir().unwrap();
    let mut host_args = args(&[
        "host",
        "--variant",
        "kawu-3",
        "--computer",
        "1",
        "--ai",
        "1",
        "--move-delay-ms",
        "200",
        "--name",
        "Honest",
    ]);
    host_args.extend(loopback_args());
    let mut host = Player::spawn(&host_args, &dir.path().join("host"), &dir.path().join("host.tripot"));
    let line =
        tokio::task::block_in_place(|| host.wait_for("the table's link", START, |v| v["event"] == "link"));
    let link: TableLink = line["link"].as_str().unwrap().parse().unwrap();

    // A spectator first, so that it sees the whole game live.
    let watcher = Stranger::connect(&link.host, hello(&link, "Eve", Wants::Watch)).await;
    let mut seated = Stranger::connect(&link.host, hello(&link, "Mallory", Wants::Seat(None))).await;
    let TableMessage::State(state) =
        seated.expect("the game's start", |m| matches!(m, TableMessage::State(s) if s.started)).await
    else {
        unreachable!()
    };
    let mine = seat_of(&state, &seated.key()).expect("the stranger got a seat");
    let computer =
        Seat(state.seats.iter().position(|h| matches!(h, SeatHolder::Computer { .. })).unwrap() as u8);
    let host_seat = seat_of(&state, &state.hosts[0]).expect("the host sits");
    let watching = tokio::spawn(spectator(watcher, computer));

    // The seated stranger's turn: an entry out of step first (a wrong index: late, not a fault).
    while seated.record().to_move() != Some(mine) {
        assert!(seated.recv().await.is_some());
    }
    let record = seated.record();
    let m = record.state().legal_moves()[0].clone();
    let text = record.state().move_text(&m);
    let late = sign_entry(
        &seated.keypair,
        record.key(),
        (record.len() + 5, record.head()),
        mine,
        Act::Move(text.clone()),
        Signer::Seat,
    )
    .unwrap();
    seated.send(&TableMessage::Entry { entry: late, clock_ms: None }).await;
    seated.expect_reject(TableRejectReason::BadEntry).await;
    // A broken chain (the right index, another record's hash before it): late too, or forged.
    let record = seated.record();
    let broken = sign_entry(
        &seated.keypair,
        record.key(),
        (record.len(), [7; 32]),
        mine,
        Act::Move(text.clone()),
        Signer::Seat,
    )
    .unwrap();
    seated.send(&TableMessage::Entry { entry: broken, clock_ms: None }).await;
    seated.expect_reject(TableRejectReason::BadEntry).await;
    // Then an honest move, which the host forwards.
    let honest = seated.record().sign_next(&seated.keypair, mine, Act::Move(text), Signer::Seat).unwrap();
    let index = honest.index;
    seated.send(&TableMessage::Entry { entry: honest, clock_ms: None }).await;
    seated.until_entries(index + 1).await;
    // A spectator arriving mid-game gets the verified record so far, then the live moves.
    let latecomer = Stranger::connect(&link.host, hello(&link, "Louis", Wants::Watch)).await;
    let late_watching = tokio::spawn(async move {
        let mut latecomer = latecomer;
        latecomer.until_over().await;
        latecomer
    });

    // Then a move for the host's seat, signed with its own key when it is not its turn.
    while seated.record().to_move() != Some(host_seat) {
        assert!(seated.recv().await.is_some());
    }
    let record = seated.record();
    let m = record.state().legal_moves()[0].clone();
    let forged = record
        .sign_next(&seated.keypair, host_seat, Act::Move(record.state().move_text(&m)), Signer::Seat)
        .unwrap();
    seated.send(&TableMessage::Entry { entry: forged, clock_ms: None }).await;
    seated.expect_reject(TableRejectReason::BadEntry).await;
    seated.until_over().await;

    let ending = seated.record().ending().unwrap();
    let watcher = tokio::time::timeout(Duration::from_secs(60), watching)
        .await
        .expect("the spectator saw no end")
        .unwrap();
    assert_eq!(watcher.record().ending(), Some(ending.clone()));
    assert_eq!(watcher.record().len(), seated.record().len());
    let latecomer = tokio::time::timeout(Duration::from_secs(60), late_watching)
        .await
        .expect("the latecomer saw no end")
        .unwrap();
    assert_eq!(
        latecomer.record().entries(),
        seated.record().entries(),
        "the latecomer's record is the game's"
    );
    // The forger is out: the host's ruling, signed by the host.
    let last = seated.record().entries().last().unwrap().clone();
    assert_eq!(
        (last.seat, &last.act),
        (mine, &Act::Leave(tripot_protocol::table::LeaveHow::Forfeited)),
        "{last:?}"
    );
    assert!(matches!(last.signer, Signer::Host { why: HostWhy::Ruling, .. }), "{last:?}");

    let over = tokio::task::block_in_place(|| host.wait_event("game_over", WAIT));
    assert_eq!(over["termination"], "forfeit", "{over}");
    assert!(!host.events("entry_refused").is_empty(), "the host reported no refusal");
    assert_eq!(tokio::task::block_in_place(|| host.finish(Duration::from_secs(20))), 0, "{}", host.stderr());
    let saved = replayed_record(&host.save);
    assert_eq!(
        saved.moves().len(),
        usize::try_from(seated.record().len()).unwrap() - 1,
        "every move but the ruling"
    );
    let out = Command::new(tripot_bin()).arg("replay").arg(&host.save).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// A host as a hostile programmer writes one: its own swarm, listening on loopback, that
/// accepts one table stream and speaks it raw.
async fn raw_host() -> (tripot_net::Keypair, Multiaddr, libp2p_stream::IncomingStreams) {
    let net = NetConfig {
        listen: vec!["/ip4/127.0.0.1/tcp/0".parse().unwrap()],
        mdns: false,
        ..NetConfig::default()
    };
    let keypair = Keypair::generate_ed25519();
    let peer = keypair.public().to_peer_id();
    let mut swarm = tripot_net::swarm::build(keypair.clone(), &net).unwrap();
    let incoming = swarm.behaviour().stream.new_control().accept(table_protocol()).unwrap();
    let (tell, listening) = tokio::sync::oneshot::channel();
    tokio::spawn(async move {
        let mut tell = Some(tell);
        loop {
            if let libp2p::swarm::SwarmEvent::NewListenAddr { address, .. } = swarm.select_next_some().await
                && let Some(tell) = tell.take()
            {
                let _ = tell.send(address);
            }
        }
    });
    let addr = tokio::time::timeout(START, listening).await.unwrap().unwrap();
    (keypair, addr.with(tripot_net::multiaddr::Protocol::P2p(peer)), incoming)
}

/// A hostile host seats a real `tripot join`, plays its own first move honestly, then signs a
/// move for the guest's seat with its own key. The guest refuses it, drops the host, takes the
/// host's role as the next in the hand-over order and rules the forger out: it wins by forfeit,
/// and its saved record holds no forged move and replays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_host_forging_a_guests_move_is_refused_and_forfeits() {
    let dir = tempfile::tempdir().unwrap();
    let (keypair, addr, mut incoming) = raw_host().await;
    let spec = tripot_game::TableSpec { game: "kawu-2".parse().unwrap(), seats: 2 };
    let link = TableLink { spec: spec.clone(), table: tripot_protocol::table::TableId([9; 16]), host: addr };
    let mut guest_args = args(&[
        "join",
        &link.to_string(),
        "--ai",
        "1",
        "--move-delay-ms",
        "3000",
        "--name",
        "Honest",
        "--grace-secs",
        "2",
        "--keep-alive-ms",
        "500",
        // A guest's key: its results are never rated, so it waits for no signature of the
        // forger's once the game is over.
        "--guest",
    ]);
    guest_args.extend(loopback_args());
    let mut guest = Player::spawn(&guest_args, &dir.path().join("guest"), &dir.path().join("guest.tripot"));

    let (guest_peer, stream) =
        tokio::time::timeout(START, incoming.next()).await.expect("the guest never came").unwrap();
    let mut host =
        Stranger { keypair, stream, decoder: TableDecoder::new(), received: VecDeque::new(), record: None };
    let TableMessage::Hello(hello) =
        host.expect("the guest's hello", |m| matches!(m, TableMessage::Hello(_))).await
    else {
        unreachable!()
    };
    let guest_key = PeerKey(guest_peer.to_bytes());
    let me = host.key();
    let state = TableState {
        table: link.table,
        spec,
        seats: vec![
            SeatHolder::Human { peer: me.clone(), name: "Mallory".into(), addrs: vec![] },
            SeatHolder::Human {
                peer: guest_key.clone(),
                name: hello.name.clone(),
                addrs: hello.addrs.clone(),
            },
        ],
        hosts: vec![me, guest_key],
        epoch: 0,
        clock: tripot_protocol::table::ClockRule::None,
        spectators: true,
        game: 1,
        started: true,
        held: 0,
        watching: 0,
    };
    host.send(&TableMessage::State(state.clone())).await;
    host.follow(&TableMessage::State(state));
    let (host_seat, guest_seat) = (Seat(0), Seat(1));
    if host.record().to_move() == Some(host_seat) {
        let record = host.record();
        let m = record.state().legal_moves()[0].clone();
        let entry = record
            .sign_next(&host.keypair, host_seat, Act::Move(record.state().move_text(&m)), Signer::Seat)
            .unwrap();
        host.record.as_mut().unwrap().apply(entry.clone()).unwrap();
        host.send(&TableMessage::Entry { entry, clock_ms: None }).await;
    }
    let honest_moves = host.record().len();
    // The guest's move, written and signed by the host.
    let record = host.record();
    let m = record.state().legal_moves()[0].clone();
    let forged = record
        .sign_next(&host.keypair, guest_seat, Act::Move(record.state().move_text(&m)), Signer::Seat)
        .unwrap();
    host.send(&TableMessage::Entry { entry: forged, clock_ms: None }).await;
    host.expect_reject(TableRejectReason::BadEntry).await;

    let over = tokio::task::block_in_place(|| guest.wait_event("game_over", WAIT));
    assert_eq!(over["termination"], "forfeit", "{over}");
    assert!(!guest.events("entry_refused").is_empty(), "the guest reported no refusal");
    assert!(!guest.events("became_host").is_empty(), "the guest did not take the host's role");
    assert_eq!(
        tokio::task::block_in_place(|| guest.finish(Duration::from_secs(20))),
        0,
        "{}",
        guest.stderr()
    );
    let saved = replayed_record(&guest.save);
    assert_eq!(saved.moves().len(), usize::try_from(honest_moves).unwrap(), "no forged move was kept");
    let out = Command::new(tripot_bin()).arg("replay").arg(&guest.save).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}
