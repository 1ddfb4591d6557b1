//! Tables over in-memory links: several peers in one test, every frame through the real codec.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod clocks;
mod draughts;
mod games;
mod handover;
mod hostile;
mod lan_listing;
mod property;
mod saved_chain;
mod signing;
mod votes_and_chat;

use std::time::{Duration, Instant};

use libp2p::identity::Keypair;
use rand::rngs::StdRng;
use rand::{Rng as _, SeedableRng as _};
use tripot_game::{GameMove, Seat, TableSpec};
use tripot_protocol::table::{
    ClockRule, TableDecoder, TableId, TableMessage, TableRejectReason, Wants, encode_table,
};

use super::*;

const TABLE: TableId = TableId([7; 16]);

/// One link between two peers: each end has its own id.
struct Wire {
    ends: [(usize, LinkId); 2],
    up: bool,
}

/// Peers of one table, and the links between them.
struct Net {
    peers: Vec<Table>,
    /// The table's id.
    table: TableId,
    keys: Vec<Keypair>,
    wires: Vec<Wire>,
    events: Vec<Vec<TableEvent>>,
    now: Instant,
    next_link: u64,
    rng: StdRng,
    /// Messages seen on the wire, by sender: (peer, message).
    sent: Vec<(usize, TableMessage)>,
}

fn config(name: &str, keypair: &Keypair) -> TableConfig {
    TableConfig { addrs: vec![name.as_bytes().to_vec()], ..TableConfig::new(name, keypair.clone()) }
}

/// Frames a message and reads it back, as a stream would.
fn through_codec(message: &TableMessage) -> TableMessage {
    let frame = encode_table(message).unwrap();
    let mut decoded = TableDecoder::new().feed_all(&frame).unwrap();
    assert_eq!(decoded.len(), 1);
    decoded.remove(0).unwrap()
}

impl Net {
    /// A host at seat 1 of `game`, alone.
    fn open(game: &str, seats: u8, clock: ClockRule) -> Net {
        Net::open_table(TABLE, game, seats, clock)
    }

    /// A host of the table `table` at seat 1 of `game`, alone.
    fn open_table(table: TableId, game: &str, seats: u8, clock: ClockRule) -> Net {
        let now = Instant::now();
        let key = Keypair::generate_ed25519();
        let offer = TableOffer { table, game: game.parse().unwrap(), seats, clock, spectators: true };
        let host = Table::host(config("host", &key), offer, now).unwrap();
        Net {
            peers: vec![host],
            table,
            keys: vec![key],
            wires: Vec::new(),
            events: vec![Vec::new()],
            now,
            next_link: 1,
            rng: StdRng::seed_from_u64(23),
            sent: Vec::new(),
        }
    }

    /// A table of kawu-3 with the host and two guests (a at seat 2, b at seat 3): it starts.
    fn three_people() -> (Net, usize, usize) {
        let mut net = Net::open("kawu-3", 3, ClockRule::None);
        let a = net.join(0, Wants::Seat(None));
        let b = net.join(0, Wants::Seat(None));
        (net, a, b)
    }

    fn spec(&self) -> TableSpec {
        self.peers[0].state().spec.clone()
    }

    /// A new member asking for `wants`, linked to peer `host`; its index.
    fn join(&mut self, host: usize, wants: Wants) -> usize {
        self.join_with(host, wants, |_| {})
    }

    /// A new member as [`Net::join`], its configuration changed by `change`.
    fn join_with(&mut self, host: usize, wants: Wants, change: impl FnOnce(&mut TableConfig)) -> usize {
        let key = Keypair::generate_ed25519();
        let name = format!("p{}", self.peers.len());
        let mut config = config(&name, &key);
        change(&mut config);
        let member = Table::member(config, self.table, self.spec(), wants, self.now);
        self.peers.push(member);
        self.keys.push(key);
        self.events.push(Vec::new());
        let index = self.peers.len() - 1;
        self.link(index, host);
        self.settle();
        index
    }

    /// Links member `a` to host `b`.
    fn link(&mut self, a: usize, b: usize) {
        let (la, lb) = (LinkId(self.next_link), LinkId(self.next_link + 1));
        self.next_link += 2;
        self.wires.push(Wire { ends: [(a, la), (b, lb)], up: true });
        let now = self.now;
        let (ka, kb) = (peer_key(&self.keys[a]), peer_key(&self.keys[b]));
        self.peers[b].handle(TableInput::Up { link: lb, peer: ka }, now);
        self.peers[a].handle(TableInput::Up { link: la, peer: kb }, now);
    }

    /// Cuts every link of peer `p` (it vanishes).
    fn vanish(&mut self, p: usize) {
        let now = self.now;
        for wire in &mut self.wires {
            if wire.up && wire.ends.iter().any(|&(q, _)| q == p) {
                wire.up = false;
                for &(q, link) in &wire.ends {
                    if q != p {
                        self.peers[q].handle(TableInput::Down { link }, now);
                    }
                }
            }
        }
    }

    /// Delivers `message` to peer `to` on its end of its link with `from`.
    fn deliver(&mut self, from: usize, to: usize, message: TableMessage) {
        let link = self
            .wires
            .iter()
            .filter(|w| w.up)
            .find_map(|w| match w.ends {
                [(a, _), (b, lb)] if a == from && b == to => Some(lb),
                [(a, la), (b, _)] if b == from && a == to => Some(la),
                _ => None,
            })
            .unwrap();
        let now = self.now;
        self.peers[to].handle(TableInput::Message { link, message: through_codec(&message) }, now);
    }

    /// Polls everyone and carries messages until nothing moves; computer seats are answered
    /// with a random legal move.
    fn settle(&mut self) {
        for _ in 0..10_000 {
            let mut moved = false;
            for p in 0..self.peers.len() {
                let now = self.now;
                self.peers[p].tick(now);
                let events = self.peers[p].take_events();
                for event in &events {
                    if let TableEvent::ComputerToMove { seat, snapshot, .. } = event {
                        let moves = snapshot.0.legal_moves();
                        let m = moves[self.rng.random_range(0..moves.len())].clone();
                        self.peers[p].computer_move(*seat, &m, now).unwrap();
                        moved = true;
                    }
                }
                self.events[p].extend(events);
                for output in self.peers[p].take_outputs() {
                    moved = true;
                    match output {
                        TableOutput::Send { link, message } => self.route(p, link, &message),
                        TableOutput::Close { link } => self.close(p, link),
                    }
                }
            }
            if !moved {
                return;
            }
        }
        panic!("the table never settled");
    }

    fn route(&mut self, p: usize, link: LinkId, message: &TableMessage) {
        let Some(wire) = self.wires.iter().find(|w| w.up && w.ends.contains(&(p, link))) else {
            return;
        };
        let &(to, to_link) = wire.ends.iter().find(|&&e| e != (p, link)).unwrap();
        self.sent.push((p, message.clone()));
        let now = self.now;
        self.peers[to].handle(TableInput::Message { link: to_link, message: through_codec(message) }, now);
    }

    fn close(&mut self, p: usize, link: LinkId) {
        let now = self.now;
        for wire in &mut self.wires {
            if wire.up && wire.ends.contains(&(p, link)) {
                wire.up = false;
                for &(q, l) in &wire.ends {
                    self.peers[q].handle(TableInput::Down { link: l }, now);
                }
            }
        }
    }

    fn advance(&mut self, by: Duration) {
        self.now += by;
        self.settle();
    }

    /// The peer hosting now (among those not vanished: the last to have become host).
    fn host(&self) -> usize {
        (0..self.peers.len()).rev().find(|&p| self.peers[p].is_host()).unwrap()
    }

    /// The peer at `seat`.
    fn at(&self, seat: Seat) -> usize {
        let key = match &self.peers[self.host()].state().seats[seat.index()] {
            SeatHolder::Human { peer, .. } => peer.clone(),
            other => panic!("{seat} is {other:?}"),
        };
        (0..self.peers.len()).find(|&p| peer_key(&self.keys[p]) == key).unwrap()
    }

    fn game_over(&self) -> bool {
        self.peers[self.host()].record().is_some_and(|r| r.ending().is_some())
    }

    /// The person to move plays a random legal move.
    fn play_one(&mut self) -> GameMove {
        let record = self.peers[self.host()].record().unwrap();
        let seat = record.to_move().unwrap();
        let moves = record.state().legal_moves();
        let m = moves[self.rng.random_range(0..moves.len())].clone();
        let p = self.at(seat);
        // A person takes a moment: the links stay under their flood limit.
        self.now += Duration::from_millis(250);
        let now = self.now;
        self.peers[p].play(&m, now).unwrap();
        self.settle();
        m
    }

    /// Plays to the end (persons and computers alike at random).
    fn play_to_end(&mut self) {
        for _ in 0..5_000 {
            if self.game_over() {
                return;
            }
            self.play_one();
        }
        panic!("the game never ended");
    }

    /// Every peer in `peers` holds the same record (same chain) as the host.
    fn assert_same_record(&self, peers: &[usize]) {
        let host = self.peers[self.host()].record().unwrap();
        for &p in peers {
            let record = self.peers[p].record().unwrap();
            assert_eq!(record.len(), host.len(), "peer {p}");
            assert_eq!(record.head(), host.head(), "peer {p}");
            assert_eq!(record.ending(), host.ending(), "peer {p}");
        }
    }

    fn events_of(&self, p: usize) -> &[TableEvent] {
        &self.events[p]
    }
}

/// Checks a record from scratch: every entry again through a fresh record.
fn replays(record: &Record, table: &TableState) -> bool {
    let mut fresh = Record::open(table, linked_games).unwrap();
    record.entries().iter().all(|e| fresh.apply(e.clone()).is_ok()) && fresh.head() == record.head()
}
