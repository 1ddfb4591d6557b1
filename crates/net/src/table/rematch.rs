//! The rematch vote (« Rejouer »), as the host runs it.
//!
//! Once a game is over, every seated person may vote for another during
//! [`super::TableConfig::rematch_window`]. The vote closes when every person seated voted, or
//! when the window ends. If anyone voted, the next game keeps the voters at their seats (in a
//! two-seat game the two seats swap, so colours or the opener change hands), keeps the
//! computer seats, and frees the seats of those who did not vote for guests or computers; it
//! starts when every seat is taken again. If nobody voted, the table stays as it was.

use std::time::Instant;

use tripot_game::Seat;
use tripot_protocol::table::{SeatHolder, TableMessage};

use super::Table;
use super::events::TableEvent;

impl Table {
    /// Counts `seat`'s vote and tells everyone.
    pub(super) fn take_vote(&mut self, seat: Seat, now: Instant) {
        if self.vote_until.is_none_or(|until| now >= until) || !self.is_person(seat) {
            return;
        }
        self.votes.insert(seat);
        let seats: Vec<Seat> = self.votes.iter().copied().collect();
        self.broadcast(&TableMessage::Votes { seats: seats.clone() });
        self.events.push(TableEvent::Votes(seats));
        let persons = Seat::all(self.table.spec.seats).filter(|&s| self.is_person(s)).count();
        if self.votes.len() == persons {
            self.close_vote(now);
        }
    }

    /// Closes the vote when its window is over.
    pub(super) fn vote_tick(&mut self, now: Instant) {
        if self.vote_until.is_some_and(|until| now >= until) {
            self.close_vote(now);
        }
    }

    /// Sets the next game up with the voters, or leaves the table as it is.
    fn close_vote(&mut self, now: Instant) {
        self.vote_until = None;
        let votes = std::mem::take(&mut self.votes);
        let rematch = !votes.is_empty();
        if rematch {
            let mut seats: Vec<SeatHolder> = self
                .table
                .seats
                .iter()
                .enumerate()
                .map(|(i, holder)| match holder {
                    SeatHolder::Human { .. } if !votes.iter().any(|s| s.index() == i) => SeatHolder::Empty,
                    other => other.clone(),
                })
                .collect();
            if seats.len() == 2 {
                seats.reverse();
            }
            self.table.seats = seats;
            self.table.started = false;
            self.announce();
        }
        self.events.push(TableEvent::VoteClosed { rematch });
        if rematch {
            self.maybe_start(now);
        }
    }
}
