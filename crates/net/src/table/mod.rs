//! A table of 2–6 seats for any game, as a **sans-IO state machine** (the style of
//! [`crate::session`]): the driver reports links and messages ([`TableInput`]) with the time,
//! calls [`Table::tick`], and takes back messages to send ([`TableOutput`]) and
//! [`TableEvent`]s. No I/O, no async, no clock of its own. The wire is
//! [`tripot_protocol::table`], on its own stream protocol.
//!
//! **Seats.** A host opens a table for a game and its seat count and sits at seat 1. Guests
//! take a seat (the one they name, or the first free); the host may put computer players at
//! empty seats ([`Table::set_computer`]). The game starts when every seat is taken. A peer
//! already seated who comes back (a restart, a new stream) gets its own seat back, keyed by
//! its peer id. Spectators, if the host lets them in, get the record then the live entries,
//! never a seat.
//! A member takes the host's announcement of a new game only once the current one is over: a
//! host cannot wipe a game it is losing.
//!
//! **Every entry verified by everyone.** The record is a chain of signed entries
//! ([`sign_entry`], [`chain_after`]): a seat's moves, resignation and draw answers signed by its own key; a
//! computer seat's move, a move the clock played and a ruling signed by the host's key and
//! marked so. A member proposes its entry to the host; the host checks it like everyone,
//! orders it and forwards it; every peer checks signature, seat, turn, chain and legality
//! ([`Record::apply`]) before applying it. A host cannot forge or alter another seat's entry (it does
//! not hold the key), a seat cannot move out of turn, a spectator holds no seat. An entry the
//! host refuses from a seated member for anything but being out of step (stale or early) makes
//! the host rule that seat out as forfeited (RULES-STAR.md §4.10: with two seats it loses; with
//! more the game ends, the leaver last). A member refusing an entry the host forwarded holds
//! the host at fault: it drops the link and hands the host's role on, and if it becomes the
//! host it rules the old host's seat out as forfeited.
//!
//! **Away and claim.** The host reports the seats whose link is down ([`tripot_protocol::table::TableMessage::Away`]);
//! after [`TableConfig::grace`] (two minutes) a seat away may be claimed by any player: the host
//! rules it out as abandoned, which every member checks against the host's own reports.
//!
//! **Host hand-over.** The hand-over order is the table's `hosts`: the first host, then every
//! other person's seat in seat order, fixed when a game starts; `epoch` is the index of the
//! current host in it. Every member holds it, and each seat's announced addresses, in the
//! [`TableState`]. When a member's link to the host has been down for
//! [`TableConfig::handover_after`] (at once if the host said goodbye or sent a bad entry), it
//! moves to the next epoch: if that is itself, it becomes the host ([`TableEvent::BecameHost`])
//! and plays the computer seats from then on; otherwise it reports [`TableEvent::HostGone`]
//! with the next host's peer id and addresses, and the driver connects there. A next host that
//! does not show up within the same delay is passed over the same way. A member's hello tells
//! the new host how many entries it holds: the new host asks whoever holds more for the rest
//! ([`tripot_protocol::table::TableMessage::Sync`]) and sends the others what they lack. Because every entry is
//! self-verifying, the records are reconciled by the **longest valid chain**: every entry a
//! peer took was checked, so a longer valid record only extends a shorter one, and nobody can
//! add an entry its seat (or the host of its epoch) did not sign. Host-signed entries name
//! their epoch, and an epoch never goes back along the chain.
//!
//! **Clocks** ([`TableClock`]): none, a time per move (after which the host plays a random legal
//! move for the seat; the third time in a row the seat times out), or a reserve with an
//! increment. The host keeps the clock; every peer runs its own and checks the host's time
//! decisions against it, allowing the round trip it measured plus a margin.
//!
//! **Draws, resignation, rematch.** A two-seat game's player may offer a draw (a computer
//! declines); any player may resign. After the game a vote for another (« Rejouer ») stays open
//! for [`TableConfig::rematch_window`]: the next game seats those who voted (in a two-seat game
//! the two seats swap), the other seats empty for guests or computers.
//!
//! **LAN.** A stranger's query instead of a hello gets one listing from the host
//! ([`Table::lan_listing`]: the game, the free seats, whether spectators may watch; a started
//! table without spectators refuses as full), and its stream is closed.
//!
//! **Chat** ([`ChatLog`]): the players' and the spectators', bounded in length and rate, with
//! mutes.

mod chat;
mod clock;
mod error;
mod events;
mod host;
mod host_game;
mod lan_listing;
mod local_actions;
mod member;
mod rate;
mod rated;
mod record;
mod rematch;
mod result_signing;
mod saved_chain;
mod signed_move;
#[cfg(test)]
mod tests;

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use libp2p::identity::Keypair;
use rand::SeedableRng as _;
use rand::rngs::StdRng;
use tripot_game::{GameSpec, Seat, TableSpec};
use tripot_protocol::table::{
    Act, ClockRule, Entry, HostWhy, PeerKey, SeatHolder, Signer, TableId, TableState, Wants,
};

pub use chat::{ChatConfig, ChatLog, MAX_CHAT_LOG};
pub use clock::TableClock;
pub use error::{EntryError, TableError};
pub use events::{LinkId, TableEvent, TableInput, TableOutput};
pub use rate::{RateLimit, RateWindow};
pub use rated::{TableResultError, table_game_id, table_result, unrated_because};
pub use record::{Applied, Record, leaving};
pub use result_signing::{ResultSignatureError, TABLE_SIGNING_TIME};
pub use saved_chain::{CHAIN_TAG, SavedChainError, chain_tag, verify_saved_chain};
pub use signed_move::{
    CHAIN_DOMAIN, ChainHash, ENTRY_DOMAIN, GameKey, chain_after, chain_root, check_signature, peer_key,
    sign_entry,
};

use crate::event::GameSnapshot;
use crate::game_openers::linked_games;
use crate::session::{OpenGame, ResultSigner};
use host::HostSide;
use member::MemberSide;
use result_signing::Signing;

/// Timings and limits of a table.
#[derive(Debug, Clone)]
pub struct TableConfig {
    /// The local player's display name.
    pub name: String,
    /// The program's version (informative, in the hello).
    pub app: String,
    /// The local identity: it signs this peer's entries.
    pub keypair: Keypair,
    /// Where others may reach this peer should it become the host (multiaddr bytes).
    pub addrs: Vec<Vec<u8>>,
    /// A seat away longer than this may be claimed.
    pub grace: Duration,
    /// A member whose link to the host is down this long hands the host's role on.
    pub handover_after: Duration,
    /// Pings go out this often (the round trip is measured with them).
    pub keep_alive: Duration,
    /// Messages a link may send (more closes it).
    pub flood: RateLimit,
    /// The chat's limits.
    pub chat: ChatConfig,
    /// The margin allowed on top of the round trip when checking the host's clock.
    pub clock_slack: Duration,
    /// How long the rematch vote stays open after a game.
    pub rematch_window: Duration,
    /// Opens the game a table names: every game the client links by default ([`linked_games`]).
    pub open_game: OpenGame,
    /// Seeds the random moves the host's clock plays.
    pub seed: u64,
    /// Signs the results of finished games for the ratings: the player's identity key. `None`
    /// for a guest's key of one game (`--guest`): such a seat declines, and the game is not
    /// rated.
    pub signer: Option<ResultSigner>,
    /// A private room's table: never listed, a LAN query gets the refusal of a full table (as
    /// a two-seat game's private room is never listed).
    pub unlisted: bool,
}

impl TableConfig {
    /// The defaults for a peer of `keypair` named `name`.
    #[must_use]
    pub fn new(name: &str, keypair: Keypair) -> TableConfig {
        TableConfig {
            name: name.to_owned(),
            app: env!("CARGO_PKG_VERSION").to_owned(),
            keypair: keypair.clone(),
            addrs: Vec::new(),
            grace: Duration::from_secs(120),
            handover_after: Duration::from_secs(20),
            keep_alive: Duration::from_secs(5),
            flood: RateLimit { count: 100, window: Duration::from_secs(1) },
            chat: ChatConfig::default(),
            clock_slack: Duration::from_secs(2),
            rematch_window: REMATCH_WINDOW,
            open_game: linked_games,
            seed: 0,
            signer: Some(ResultSigner::new(keypair.clone())),
            unlisted: false,
        }
    }
}

/// How long the rematch vote stays open after a game, by default ([`TableConfig::rematch_window`]).
pub const REMATCH_WINDOW: Duration = Duration::from_secs(120);

/// The per-move times a table offers (seconds), the default first: 1 min, then 30 s, 2 and 5 min.
pub const PER_MOVE_CHOICES: [u16; 4] = [60, 30, 120, 300];

/// What a host chooses when opening a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableOffer {
    /// The table's id (random bytes the caller draws).
    pub table: TableId,
    /// The game.
    pub game: GameSpec,
    /// Its seat count.
    pub seats: u8,
    /// The clock.
    pub clock: ClockRule,
    /// Whether spectators are let in.
    pub spectators: bool,
}

/// Which side of the table this peer runs.
#[derive(Debug)]
enum Role {
    Host(HostSide),
    Member(MemberSide),
}

/// A table of 2–6 seats, host's side or member's (see the module docs).
#[derive(Debug)]
pub struct Table {
    config: TableConfig,
    me: PeerKey,
    table: TableState,
    record: Option<Record>,
    clock: TableClock,
    chat: ChatLog,
    /// The local lines' rate, limited here as the host limits what it forwards.
    chat_sent: RateWindow,
    role: Role,
    votes: BTreeSet<Seat>,
    vote_until: Option<Instant>,
    outputs: Vec<TableOutput>,
    events: Vec<TableEvent>,
    rng: StdRng,
    /// The signatures of the last finished game's result.
    signing: Signing,
    /// The game whose complete signed result was reported.
    signing_complete: Option<u16>,
}

impl Table {
    /// A host's table, the host at seat 1.
    ///
    /// # Errors
    /// [`TableError::Open`] when the game cannot be opened with that many seats.
    pub fn host(config: TableConfig, offer: TableOffer, now: Instant) -> Result<Table, TableError> {
        let spec = TableSpec { game: offer.game, seats: offer.seats };
        let state = (config.open_game)(&spec.game, &tripot_game::Setup::default())
            .map_err(|e| TableError::Open(e.to_string()))?;
        if state.seat_count() != spec.seats
            || !(2..=tripot_protocol::table::MAX_SEATS).contains(&usize::from(spec.seats))
        {
            return Err(TableError::Open(format!("{} is not a game of {} seats", spec.game, spec.seats)));
        }
        let me = peer_key(&config.keypair);
        let host =
            SeatHolder::Human { peer: me.clone(), name: config.name.clone(), addrs: config.addrs.clone() };
        let seats: Vec<SeatHolder> = std::iter::once(host)
            .chain(std::iter::repeat_n(SeatHolder::Empty, usize::from(spec.seats) - 1))
            .collect();
        let table = TableState {
            table: offer.table,
            spec,
            seats,
            hosts: vec![me.clone()],
            epoch: 0,
            clock: offer.clock,
            spectators: offer.spectators,
            game: 0,
            started: false,
            held: 0,
            watching: 0,
        };
        let mut new = Table::new(config, me, table, Role::Host(HostSide::new(now)));
        // The host's own screens see its table from the start, before anyone sits.
        new.events.push(TableEvent::Table(new.table.clone()));
        new.maybe_start(now);
        Ok(new)
    }

    /// A member's table: it says hello to the host once its link is up. `spec` is the game
    /// the member expects (as a lobby or a room named it): a host announcing another is refused.
    #[must_use]
    pub fn member(config: TableConfig, table: TableId, spec: TableSpec, wants: Wants, now: Instant) -> Table {
        let me = peer_key(&config.keypair);
        let placeholder = TableState {
            table,
            spec,
            seats: Vec::new(),
            hosts: Vec::new(),
            epoch: 0,
            clock: ClockRule::None,
            spectators: false,
            game: 0,
            started: false,
            held: 0,
            watching: 0,
        };
        Table::new(config, me, placeholder, Role::Member(MemberSide::new(wants, now)))
    }

    fn new(config: TableConfig, me: PeerKey, table: TableState, role: Role) -> Table {
        let rng = StdRng::seed_from_u64(config.seed);
        Table {
            clock: TableClock::new(table.clock, table.spec.seats),
            config,
            me,
            table,
            record: None,
            chat: ChatLog::default(),
            chat_sent: RateWindow::default(),
            role,
            votes: BTreeSet::new(),
            vote_until: None,
            outputs: Vec::new(),
            events: Vec::new(),
            rng,
            signing: Signing::default(),
            signing_complete: None,
        }
    }

    /// Feeds what the driver saw.
    pub fn handle(&mut self, input: TableInput, now: Instant) {
        if matches!(self.role, Role::Host(_)) {
            self.host_handle(input, now)
        } else {
            self.member_handle(input, now)
        }
    }

    /// Lets time pass: pings, the clock, the grace periods, the hand-over, the vote.
    pub fn tick(&mut self, now: Instant) {
        if matches!(self.role, Role::Host(_)) {
            self.host_tick(now)
        } else {
            self.member_tick(now)
        }
        self.signing_timers(now);
    }

    /// Takes the messages to send and the links to drop.
    pub fn take_outputs(&mut self) -> Vec<TableOutput> {
        std::mem::take(&mut self.outputs)
    }

    /// Takes the events since the last call.
    pub fn take_events(&mut self) -> Vec<TableEvent> {
        std::mem::take(&mut self.events)
    }

    /// The table as this peer knows it.
    #[must_use]
    pub const fn state(&self) -> &TableState {
        &self.table
    }

    /// The current game's record, once a game started.
    #[must_use]
    pub const fn record(&self) -> Option<&Record> {
        self.record.as_ref()
    }

    /// The clock as this peer runs it.
    #[must_use]
    pub const fn clock(&self) -> &TableClock {
        &self.clock
    }

    /// The chat lines kept (the record's chat log).
    #[must_use]
    pub const fn chat_log(&self) -> &ChatLog {
        &self.chat
    }

    /// This peer's id bytes.
    #[must_use]
    pub const fn me(&self) -> &PeerKey {
        &self.me
    }

    /// Whether this peer hosts the table.
    #[must_use]
    pub const fn is_host(&self) -> bool {
        matches!(self.role, Role::Host(_))
    }

    /// This peer's seat, if it has one.
    #[must_use]
    pub fn my_seat(&self) -> Option<Seat> {
        self.seat_of(&self.me)
    }

    /// The seat of `peer`, if it has one.
    #[must_use]
    pub fn seat_of(&self, peer: &PeerKey) -> Option<Seat> {
        self.table
            .seats
            .iter()
            .position(|holder| matches!(holder, SeatHolder::Human { peer: p, .. } if p == peer))
            .and_then(|i| u8::try_from(i).ok())
            .map(Seat)
    }

    /// Applies a checked entry's effects common to every side: the clock, the events, the end.
    /// `report` is the host's reserve for the seat (checked by a member before this).
    fn after_entry(&mut self, applied: Applied, now: Instant) -> Option<u32> {
        let mut reserve = None;
        if applied.game_move.is_some() {
            reserve = self.clock.charge(applied.seat, now);
        }
        let Some(record) = self.record.as_ref() else { return reserve };
        let next = record.to_move().filter(|&s| self.is_person(s));
        self.clock.start_turn(next, now);
        let snapshot = GameSnapshot(record.state().clone_box());
        let ending = record.ending();
        if let Act::OfferDraw = applied.act {
            self.events.push(TableEvent::DrawOffered { seat: applied.seat });
        }
        self.events.push(TableEvent::Applied { applied, snapshot });
        if let Some(outcome) = ending {
            self.clock.stop();
            self.vote_until = Some(now + self.config.rematch_window);
            self.votes.clear();
            self.events.push(TableEvent::Ended(outcome));
        }
        reserve
    }

    /// Whether a person sits at `seat`.
    fn is_person(&self, seat: Seat) -> bool {
        matches!(self.table.seats.get(seat.index()), Some(SeatHolder::Human { .. }))
    }

    /// Opens the record of the game the table announces.
    fn open_record(&mut self, now: Instant) -> Result<(), TableError> {
        let record = Record::open(&self.table, self.config.open_game)?;
        self.clock = TableClock::new(self.table.clock, self.table.spec.seats);
        let first = record.to_move().filter(|&s| self.is_person(s));
        self.clock.start_turn(first, now);
        self.record = Some(record);
        self.vote_until = None;
        self.votes.clear();
        self.events.push(TableEvent::Started { game: self.table.game });
        Ok(())
    }

    /// Signs a host's decision for `seat` (the local key, the current epoch).
    fn sign_as_host(&self, seat: Seat, act: Act, why: HostWhy) -> Result<Entry, EntryError> {
        let record = self.record.as_ref().ok_or(EntryError::NoGame)?;
        record.sign_next(&self.config.keypair, seat, act, Signer::Host { epoch: self.table.epoch, why })
    }

    /// The addresses a seat's peer announced.
    fn addrs_of(&self, peer: &PeerKey) -> Vec<Vec<u8>> {
        self.table
            .seats
            .iter()
            .find_map(|holder| match holder {
                SeatHolder::Human { peer: p, addrs, .. } if p == peer => Some(addrs.clone()),
                _ => None,
            })
            .unwrap_or_default()
    }
}
