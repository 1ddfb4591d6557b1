//! What a move brought at a [`crate::table::Table`], read from the game's interface alone: the
//! seats' standings before and after ([`GameState::seat_status`]), their counters
//! ([`GameState::counters`]) and the outcome. A front-end announces these; no rule is read here.

use tripot_game::{CounterKind, GameState, Leaving, Outcome, Seat, SeatStatus};

/// Something a move (or an automatic pass) brought, for the front-end to announce.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableEvent {
    /// The seat could not move and passed.
    Passed(Seat),
    /// The seat reached its goal, or was given a place (the last one standing); `place` once the
    /// game says it (at the end).
    Finished {
        /// The seat.
        seat: Seat,
        /// Its place, once given.
        place: Option<u8>,
    },
    /// The rules put the seat out (Stern-Halma's home rule).
    Eliminated {
        /// The seat.
        seat: Seat,
        /// Its place, once given.
        place: Option<u8>,
    },
    /// The seat left the game.
    Left {
        /// The seat.
        seat: Seat,
        /// How.
        how: Leaving,
    },
    /// The mover took pieces.
    Captured {
        /// The mover.
        seat: Seat,
        /// Pieces taken by this move.
        pieces: u32,
    },
    /// The game ended.
    Over(Outcome),
}

/// The figures of every seat that say what a move changed: read before the move, compared after.
#[derive(Debug, Clone)]
pub(crate) struct Standings {
    statuses: Vec<SeatStatus>,
    /// Per seat: its `Captured` counter, if the game keeps one.
    captured: Vec<Option<u32>>,
    /// Per seat: its `Pieces` counter, if the game keeps one.
    pieces: Vec<Option<u32>>,
    over: bool,
}

/// The value of `seat`'s counter of `kind`, if the game keeps one.
fn counter(state: &dyn GameState, seat: Seat, kind: CounterKind) -> Option<u32> {
    state.counters(seat).iter().find(|c| c.kind == kind).map(|c| c.value)
}

impl Standings {
    /// Where every seat of `state` stands now.
    pub(crate) fn of(state: &dyn GameState) -> Standings {
        let seats = || Seat::all(state.seat_count());
        Standings {
            statuses: seats().map(|s| state.seat_status(s)).collect(),
            captured: seats().map(|s| counter(state, s, CounterKind::Captured)).collect(),
            pieces: seats().map(|s| counter(state, s, CounterKind::Pieces)).collect(),
            over: state.outcome().is_some(),
        }
    }

    /// What a move of `mover` (a pass if `passed`), or its leaving, brought: `self` is before,
    /// `state` after.
    pub(crate) fn events_after(&self, mover: Seat, passed: bool, state: &dyn GameState) -> Vec<TableEvent> {
        let after = Standings::of(state);
        let outcome = state.outcome();
        let place = |seat: Seat| outcome.as_ref().and_then(|o| o.rank(seat));
        let mut events = Vec::new();
        if passed {
            events.push(TableEvent::Passed(mover));
        }
        let taken = self.taken_by(mover, &after);
        if taken > 0 {
            events.push(TableEvent::Captured { seat: mover, pieces: taken });
        }
        for seat in Seat::all(state.seat_count()) {
            let (was, now) = (self.statuses[seat.index()], after.statuses[seat.index()]);
            if was == now {
                continue;
            }
            match now {
                SeatStatus::Finished | SeatStatus::Placed => {
                    events.push(TableEvent::Finished { seat, place: place(seat) });
                }
                SeatStatus::Eliminated => events.push(TableEvent::Eliminated { seat, place: place(seat) }),
                SeatStatus::Left(how) => events.push(TableEvent::Left { seat, how }),
                SeatStatus::Playing => {}
            }
        }
        if let Some(outcome) = outcome.filter(|_| !self.over) {
            events.push(TableEvent::Over(outcome));
        }
        events
    }

    /// Pieces `mover` took: its own capture counter's rise where the game keeps one (the
    /// captures game), else what the other seats lost (draughts).
    fn taken_by(&self, mover: Seat, after: &Standings) -> u32 {
        let i = mover.index();
        if let (Some(before), Some(now)) = (self.captured[i], after.captured[i]) {
            return now.saturating_sub(before);
        }
        (0..self.pieces.len())
            .filter(|&j| j != i)
            .filter_map(|j| Some(self.pieces[j]?.saturating_sub(after.pieces[j]?)))
            .sum()
    }
}
