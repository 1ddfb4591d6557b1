//! A game's record at a table: the signed, chained entries and the game they lead to, each
//! entry checked before anything changes. Host, members and spectators all hold one and run
//! every entry through the same [`Record::apply`].
//!
//! The checks, in order: the game is on; the index is the next one and `prev` the chain so
//! far; the seat is at the table; the signature verifies with the key the signer's peer id
//! inlines; the signer may decide this act for the seat —
//! - the seat's own key (a person's seat): a move, a resignation, a draw offer or acceptance;
//! - the key of the host of the entry's epoch (`hosts[epoch]`, never an epoch older than one
//!   already in the record): a computer seat's move ([`HostWhy::Computer`]); for a person's
//!   seat, a move played when the per-move clock ran out, or a time-out ([`HostWhy::Clock`]:
//!   under the per-move clock only after two such moves in a row); a seat ruled out for being
//!   away or for breaking the table's rules ([`HostWhy::Ruling`]) —
//!
//! and last the game's own verdict: `parse_move` then `play_as` the seat, or `leave`. A draw is
//! offered in a two-seat game only and stands until the next move; accepted by the other seat,
//! it ends the game drawn by agreement.
//!
//! What a clock or a ruling needs beyond the record (was the time up, was the seat away) is
//! checked by the table ([`super::clock`]) before the entry reaches here.

use tripot_game::{
    EndReason, GameMove, GameRecord, GameState, Leaving, Outcome, Place, RecordResult, Seat, SeatStatus,
    Setup,
};
use tripot_protocol::table::{
    Act, ClockRule, Entry, HostWhy, LeaveHow, PeerKey, SeatHolder, Signer, TableState,
};

use super::error::{EntryError, TableError};
use super::signed_move::{ChainHash, GameKey, chain_after, chain_root, check_signature, sign_entry};
use crate::session::OpenGame;
use libp2p::identity::Keypair;

/// The game's `Leaving` for the wire's.
#[must_use]
pub const fn leaving(how: LeaveHow) -> Leaving {
    match how {
        LeaveHow::Resigned => Leaving::Resigned,
        LeaveHow::TimedOut => Leaving::TimedOut,
        LeaveHow::Forfeited => Leaving::Forfeited,
        LeaveHow::Abandoned => Leaving::Abandoned,
    }
}

/// What an applied entry did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    /// The entry's index.
    pub index: u32,
    /// Its seat.
    pub seat: Seat,
    /// What it did.
    pub act: Act,
    /// Who signed it.
    pub signer: Signer,
    /// The move, for a move.
    pub game_move: Option<GameMove>,
}

/// A game's record: its entries, the chain over them, the game they lead to.
#[derive(Debug, Clone)]
pub struct Record {
    key: GameKey,
    seats: Vec<SeatHolder>,
    hosts: Vec<PeerKey>,
    clock: ClockRule,
    state: Box<dyn GameState>,
    entries: Vec<Entry>,
    head: ChainHash,
    epoch_seen: u8,
    draw_offer: Option<Seat>,
    agreed: bool,
    clock_moves_in_row: Vec<u8>,
}

impl Record {
    /// The record of the game `table` announces, before its first entry.
    ///
    /// # Errors
    /// [`TableError::Open`] when the game cannot be opened with the table's seat count.
    pub fn open(table: &TableState, open_game: OpenGame) -> Result<Record, TableError> {
        let state =
            open_game(&table.spec.game, &Setup::default()).map_err(|e| TableError::Open(e.to_string()))?;
        if state.seat_count() != table.spec.seats || table.seats.len() != usize::from(table.spec.seats) {
            return Err(TableError::Open(format!(
                "{} is not a game of {} seats",
                table.spec.game, table.spec.seats
            )));
        }
        let key = GameKey { table: table.table, game: table.game };
        Ok(Record {
            key,
            seats: table.seats.clone(),
            hosts: table.hosts.clone(),
            clock: table.clock,
            state,
            entries: Vec::new(),
            head: chain_root(key, &table.spec, &table.seats),
            epoch_seen: 0,
            draw_offer: None,
            agreed: false,
            clock_moves_in_row: vec![0; usize::from(table.spec.seats)],
        })
    }

    /// The game's key (table and number).
    #[must_use]
    pub const fn key(&self) -> GameKey {
        self.key
    }

    /// The game as the entries left it.
    #[must_use]
    pub fn state(&self) -> &dyn GameState {
        self.state.as_ref()
    }

    /// The seats as the game opened with them.
    #[must_use]
    pub fn seats(&self) -> &[SeatHolder] {
        &self.seats
    }

    /// The hand-over order as the game opened with it.
    #[must_use]
    pub fn hosts(&self) -> &[PeerKey] {
        &self.hosts
    }

    /// The clock the game is played under.
    #[must_use]
    pub const fn clock_rule(&self) -> ClockRule {
        self.clock
    }

    /// The entries, in order.
    #[must_use]
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// How many entries the record holds.
    #[must_use]
    pub fn len(&self) -> u32 {
        u32::try_from(self.entries.len()).unwrap_or(u32::MAX)
    }

    /// Whether the record holds no entry yet.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The chain hash of the record so far.
    #[must_use]
    pub const fn head(&self) -> ChainHash {
        self.head
    }

    /// The seat whose draw offer stands, if any.
    #[must_use]
    pub const fn draw_offer(&self) -> Option<Seat> {
        self.draw_offer
    }

    /// How many of `seat`'s last moves in a row the clock played.
    #[must_use]
    pub fn clock_moves_in_row(&self, seat: Seat) -> u8 {
        self.clock_moves_in_row.get(seat.index()).copied().unwrap_or(0)
    }

    /// How the game ended, if it did: the game's own end, or a draw agreed.
    #[must_use]
    pub fn ending(&self) -> Option<Outcome> {
        if self.agreed {
            let places = Seat::all(self.state.seat_count())
                .map(|seat| Place { seat, rank: Some(1), status: SeatStatus::Playing })
                .collect();
            return Some(Outcome { places, reason: EndReason::Agreement });
        }
        self.state.outcome()
    }

    /// The game as a [`GameRecord`] (no players named): its moves, and an ending the moves do not
    /// give (a resignation, a forfeit, the clock, a draw agreed) written with its termination,
    /// which is what lets a replay accept it.
    #[must_use]
    pub fn game_record(&self) -> GameRecord {
        let state = self.state();
        let mut out = GameRecord::of_game(state);
        if let (None, Some(ending)) = (state.outcome(), self.ending()) {
            out.result = RecordResult::of(&ending, state);
            out.termination = Some(ending.reason.termination().to_owned());
        }
        out
    }

    /// The seat to move, `None` once the game is over.
    #[must_use]
    pub fn to_move(&self) -> Option<Seat> {
        if self.agreed { None } else { self.state.to_move() }
    }

    /// Signs the next entry with `keypair` (not applied: the caller applies it as anyone's).
    ///
    /// # Errors
    /// [`EntryError::CannotSign`] for a key that cannot sign.
    pub fn sign_next(
        &self,
        keypair: &Keypair,
        seat: Seat,
        act: Act,
        signer: Signer,
    ) -> Result<Entry, EntryError> {
        sign_entry(keypair, self.key, (self.len(), self.head), seat, act, signer)
    }

    /// Checks the entry (see the module docs) and applies it; refused, nothing changes.
    ///
    /// # Errors
    /// The first check that fails.
    pub fn apply(&mut self, entry: Entry) -> Result<Applied, EntryError> {
        if self.ending().is_some() {
            return Err(EntryError::GameOver);
        }
        if entry.index != self.len() {
            return Err(EntryError::WrongIndex { expected: self.len(), got: entry.index });
        }
        if entry.prev != self.head {
            return Err(EntryError::BrokenChain);
        }
        let holder = self.seats.get(entry.seat.index()).ok_or(EntryError::NotASeat(entry.seat))?;
        check_signature(self.key, &entry)?;
        self.check_signer(&entry, holder)?;
        let mut next = self.state.clone_box();
        let mut game_move = None;
        let mut draw_offer = self.draw_offer;
        let mut agreed = false;
        match &entry.act {
            Act::Move(text) => {
                let m = next.parse_move(text)?;
                next.play_as(entry.seat, &m)?;
                game_move = Some(m);
                draw_offer = None;
            }
            Act::Leave(how) => next.leave(entry.seat, leaving(*how))?,
            Act::OfferDraw => {
                if self.state.seat_count() != 2 || self.draw_offer.is_some() {
                    return Err(EntryError::NoDraw);
                }
                draw_offer = Some(entry.seat);
            }
            Act::AcceptDraw => {
                if self.draw_offer.is_none_or(|offerer| offerer == entry.seat) {
                    return Err(EntryError::NoDraw);
                }
                agreed = true;
            }
        }
        if let (Act::Move(_), Some(count)) = (&entry.act, self.clock_moves_in_row.get_mut(entry.seat.index()))
        {
            let by_clock = matches!(entry.signer, Signer::Host { why: HostWhy::Clock, .. });
            *count = if by_clock { count.saturating_add(1) } else { 0 };
        }
        if let Signer::Host { epoch, .. } = entry.signer {
            self.epoch_seen = epoch;
        }
        self.head = chain_after(self.key, &entry)?;
        self.state = next;
        self.draw_offer = draw_offer;
        self.agreed = agreed;
        let applied = Applied {
            index: entry.index,
            seat: entry.seat,
            act: entry.act.clone(),
            signer: entry.signer,
            game_move,
        };
        self.entries.push(entry);
        Ok(applied)
    }

    /// Whether the entry's signer may decide its act for its seat.
    fn check_signer(&self, entry: &Entry, holder: &SeatHolder) -> Result<(), EntryError> {
        let seat = entry.seat;
        let not_theirs = Err(EntryError::NotTheSignersToDecide(seat));
        let human = matches!(holder, SeatHolder::Human { .. });
        match entry.signer {
            Signer::Seat => {
                if !matches!(holder, SeatHolder::Human { peer, .. } if *peer == entry.key) {
                    return Err(EntryError::NotTheSeat(seat));
                }
                match entry.act {
                    Act::Leave(how) if how != LeaveHow::Resigned => not_theirs,
                    _ => Ok(()),
                }
            }
            Signer::Host { epoch, why } => {
                if self.hosts.get(usize::from(epoch)) != Some(&entry.key) {
                    return Err(EntryError::NotTheHost(epoch));
                }
                if epoch < self.epoch_seen {
                    return Err(EntryError::EpochWentBack { seen: self.epoch_seen, got: epoch });
                }
                let per_move = matches!(self.clock, ClockRule::PerMove { .. });
                match (why, &entry.act) {
                    (HostWhy::Computer, Act::Move(_)) if matches!(holder, SeatHolder::Computer { .. }) => {
                        Ok(())
                    }
                    (HostWhy::Clock, Act::Move(_)) if human && per_move => {
                        if self.clock_moves_in_row(seat) >= 2 {
                            return Err(EntryError::NotTheSignersToDecide(seat));
                        }
                        Ok(())
                    }
                    (HostWhy::Clock, Act::Leave(LeaveHow::TimedOut))
                        if human && self.clock != ClockRule::None =>
                    {
                        if per_move && self.clock_moves_in_row(seat) < 2 {
                            return Err(EntryError::NotThirdTimeout(seat));
                        }
                        Ok(())
                    }
                    (HostWhy::Ruling, Act::Leave(LeaveHow::Abandoned | LeaveHow::Forfeited)) if human => {
                        Ok(())
                    }
                    _ => not_theirs,
                }
            }
        }
    }
}
