//! The host and the game: starting it, checking and forwarding entries, the computer seats, the
//! clock's decisions, claims and forfeits.

use std::time::Instant;

use rand::rngs::StdRng;
use rand::seq::SliceRandom as _;
use rand::{Rng as _, SeedableRng as _};
use tripot_game::{GameMove, Seat};
use tripot_protocol::table::{
    Act, ClockRule, Entry, HostWhy, LeaveHow, PeerKey, SeatHolder, Signer, TableMessage, TableRejectReason,
};

use super::error::{EntryError, TableError};
use super::events::{LinkId, TableEvent};
use super::{Role, Table};
use crate::event::GameSnapshot;

impl Table {
    /// Puts a computer player at an empty seat before the game (the host only).
    ///
    /// # Errors
    /// [`TableError::NotHost`], or [`TableError::SeatTaken`] for a seat not free.
    pub fn set_computer(&mut self, seat: Seat, level: u8, now: Instant) -> Result<(), TableError> {
        if !self.is_host() {
            return Err(TableError::NotHost);
        }
        match self.table.seats.get(seat.index()) {
            Some(SeatHolder::Empty) if !self.table.started => {}
            _ => return Err(TableError::SeatTaken(seat)),
        }
        self.table.seats[seat.index()] = SeatHolder::Computer { level };
        self.announce();
        self.maybe_start(now);
        Ok(())
    }

    /// The computer seat's move, as the caller's computer player chose it: signed with the host's
    /// key, marked as a computer's, checked and forwarded.
    ///
    /// # Errors
    /// [`TableError::NotHost`], [`TableError::NotComputersTurn`], or the record's refusal.
    pub fn computer_move(&mut self, seat: Seat, m: &GameMove, now: Instant) -> Result<(), TableError> {
        if !self.is_host() {
            return Err(TableError::NotHost);
        }
        let record = self.record.as_ref().ok_or(EntryError::NoGame)?;
        let computer = matches!(self.table.seats.get(seat.index()), Some(SeatHolder::Computer { .. }));
        if !computer || record.to_move() != Some(seat) {
            return Err(TableError::NotComputersTurn(seat));
        }
        let text = record.state().move_text(m);
        let entry = self.sign_as_host(seat, Act::Move(text), HostWhy::Computer)?;
        self.host_accept(entry, now, None)?;
        Ok(())
    }

    /// Starts the next game once every seat is taken: the hand-over order is fixed then.
    pub(super) fn maybe_start(&mut self, now: Instant) {
        if self.table.started || self.table.seats.iter().any(|h| matches!(h, SeatHolder::Empty)) {
            return;
        }
        if self.table.game == 0 {
            self.draw_colours();
        }
        let mut hosts = vec![self.me.clone()];
        hosts.extend(self.table.seats.iter().filter_map(|holder| match holder {
            SeatHolder::Human { peer, .. } if *peer != self.me => Some(peer.clone()),
            _ => None,
        }));
        self.table.hosts = hosts;
        self.table.epoch = 0;
        self.table.game = self.table.game.saturating_add(1);
        self.table.started = true;
        if let Err(error) = self.open_record(now) {
            // The game opened when the table was set up; it cannot fail now.
            tracing::warn!(%error, "a table's game did not open");
            self.table.started = false;
            return;
        }
        self.announce();
        self.ask_computer();
    }

    /// In a game whose rules name the first mover (draughts: White begins), who opens is who
    /// sits at the first seat: the host draws the seats (the colours) before the first game,
    /// and the rematches swap them ([`super::rematch`]). The draw is seeded by the table's
    /// random id, so that two tables of one program do not draw alike.
    fn draw_colours(&mut self) {
        let fixed = tripot_game::catalogue::find(&self.table.spec.game).is_some_and(|info| info.opener_fixed);
        if !fixed {
            return;
        }
        let mut id = [0u8; 8];
        id.copy_from_slice(&self.table.table.0[..8]);
        let mut rng = StdRng::seed_from_u64(self.config.seed ^ u64::from_le_bytes(id));
        self.table.seats.shuffle(&mut rng);
    }

    /// The host checks an entry like everyone, applies it and forwards it to every link.
    pub(super) fn host_accept(
        &mut self,
        entry: Entry,
        now: Instant,
        _report: Option<u32>,
    ) -> Result<Option<u32>, EntryError> {
        let record = self.record.as_mut().ok_or(EntryError::NoGame)?;
        let applied = record.apply(entry.clone())?;
        let seat = applied.seat;
        let offered = matches!(applied.act, Act::OfferDraw);
        let clock_ms = self.after_entry(applied, now);
        self.broadcast(&TableMessage::Entry { entry, clock_ms });
        if offered {
            self.computer_declines(seat);
        }
        self.ask_computer();
        self.sign_if_over(now);
        Ok(clock_ms)
    }

    /// A computer declines every draw offered.
    fn computer_declines(&mut self, offerer: Seat) {
        let other = Seat(1 - offerer.0.min(1));
        if matches!(self.table.seats.get(other.index()), Some(SeatHolder::Computer { .. })) {
            self.broadcast(&TableMessage::DrawDeclined { seat: other });
            self.events.push(TableEvent::DrawDeclined { seat: other });
        }
    }

    /// Asks the caller for the move of a computer seat to move.
    pub(super) fn ask_computer(&mut self) {
        let Some(record) = self.record.as_ref() else { return };
        let Some(seat) = record.to_move() else { return };
        if let Some(SeatHolder::Computer { level }) = self.table.seats.get(seat.index()) {
            let snapshot = GameSnapshot(record.state().clone_box());
            self.events.push(TableEvent::ComputerToMove { seat, level: *level, snapshot });
        }
    }

    /// An entry from a member's link: its own (signed by the link's peer), or any entry of the
    /// record while the host asked it for a sync.
    pub(super) fn host_entry_from(&mut self, link: LinkId, peer: PeerKey, entry: Entry, now: Instant) {
        let held = self.record.as_ref().map_or(0, |r| r.len());
        let syncing = match &self.role {
            Role::Host(host) => host.links.get(&link).is_some_and(|l| held < l.syncing_until),
            Role::Member(_) => false,
        };
        let index = entry.index;
        let own = entry.key == peer && entry.signer == Signer::Seat;
        if syncing && index < held {
            return; // Already held: the sync overlaps what came from elsewhere.
        }
        let result = if own || syncing {
            self.host_accept(entry, now, None).map(|_| ())
        } else {
            Err(EntryError::NotTheSeat(entry.seat))
        };
        let Err(error) = result else { return };
        self.reject(link, TableRejectReason::BadEntry, Some(index));
        self.events.push(TableEvent::EntryRefused { from: Some(peer.clone()), error: error.clone() });
        if !error.is_out_of_step()
            && let Some(seat) = self.seat_of(&peer)
        {
            self.rule_out(seat, LeaveHow::Forfeited, now);
        }
    }

    /// The host rules `seat` out of the game (forfeited or abandoned).
    pub(super) fn rule_out(&mut self, seat: Seat, how: LeaveHow, now: Instant) {
        let live = self.record.as_ref().is_some_and(|r| r.ending().is_none());
        if !live {
            return;
        }
        match self.sign_as_host(seat, Act::Leave(how), HostWhy::Ruling) {
            Ok(entry) => {
                if let Err(error) = self.host_accept(entry, now, None) {
                    tracing::warn!(%error, "the host's ruling was refused by its own record");
                }
            }
            Err(error) => tracing::warn!(%error, "the host could not sign a ruling"),
        }
    }

    /// Rules out a seat away past the grace period, at a player's claim.
    pub(super) fn host_claim(&mut self, seat: Seat, now: Instant) -> Result<(), TableError> {
        let grace = self.config.grace;
        let away = match &self.role {
            Role::Host(host) => {
                host.away.get(&seat).is_some_and(|&since| now.saturating_duration_since(since) >= grace)
            }
            Role::Member(_) => false,
        };
        if !away {
            return Err(TableError::CannotClaim(seat));
        }
        self.rule_out(seat, LeaveHow::Abandoned, now);
        Ok(())
    }

    /// The host's clock: a person out of time gets a random move, or times out.
    pub(super) fn host_clock_tick(&mut self, now: Instant) {
        let Some((seat, deadline)) = self.clock.deadline() else { return };
        if now < deadline {
            return;
        }
        let Some(record) = self.record.as_ref() else { return };
        if record.to_move() != Some(seat) {
            return;
        }
        let per_move = matches!(self.clock.rule(), ClockRule::PerMove { .. });
        let act = if per_move && record.clock_moves_in_row(seat) < 2 {
            let moves = record.state().legal_moves();
            if moves.is_empty() {
                return;
            }
            let m = &moves[self.rng.random_range(0..moves.len())];
            Act::Move(record.state().move_text(m))
        } else {
            Act::Leave(LeaveHow::TimedOut)
        };
        let result =
            self.sign_as_host(seat, act, HostWhy::Clock).and_then(|entry| self.host_accept(entry, now, None));
        if let Err(error) = result {
            tracing::warn!(%error, "the host's clock decision was refused by its own record");
            self.clock.stop();
        }
    }
}
