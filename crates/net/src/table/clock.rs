//! The table's clock, as each peer runs it from its own view of the moves.
//!
//! The clock runs for the seat of a person to move (a computer seat has none). Under
//! [`ClockRule::PerMove`] the turn has that much time; under [`ClockRule::Reserve`] the seat
//! spends its reserve and gains the increment after each of its moves. The host keeps the clock
//! that counts: it plays the random move or times the seat out, and reports the reserve left
//! with each move. Every other peer runs the same clock from the moment each entry reached it
//! and checks the host's decisions against it, allowing `slack` (the round trip it measured to
//! the host, plus a margin): a time-out more than `slack` before this peer's own deadline, or a
//! reserve reported further than `slack` from its own, cannot be right and is refused.

use std::time::{Duration, Instant};

use tripot_game::Seat;
use tripot_protocol::table::ClockRule;

/// One peer's view of the table's clock.
#[derive(Debug, Clone)]
pub struct TableClock {
    rule: ClockRule,
    turn: Option<(Seat, Instant)>,
    reserves: Vec<Duration>,
}

impl TableClock {
    /// A clock under `rule` for `seats` seats, stopped.
    #[must_use]
    pub fn new(rule: ClockRule, seats: u8) -> TableClock {
        let reserve = match rule {
            ClockRule::Reserve { secs, .. } => Duration::from_secs(u64::from(secs)),
            ClockRule::None | ClockRule::PerMove { .. } => Duration::ZERO,
        };
        TableClock { rule, turn: None, reserves: vec![reserve; usize::from(seats)] }
    }

    /// The rule.
    #[must_use]
    pub const fn rule(&self) -> ClockRule {
        self.rule
    }

    /// The turn of `seat` (a person's, or `None`: no clock runs) starts at `now`.
    pub fn start_turn(&mut self, seat: Option<Seat>, now: Instant) {
        self.turn = seat.filter(|_| self.rule != ClockRule::None).map(|seat| (seat, now));
    }

    /// Stops the clock (the game is over).
    pub fn stop(&mut self) {
        self.turn = None;
    }

    /// The seat whose clock runs, and when its time runs out.
    #[must_use]
    pub fn deadline(&self) -> Option<(Seat, Instant)> {
        let (seat, since) = self.turn?;
        let allowed = match self.rule {
            ClockRule::None => return None,
            ClockRule::PerMove { secs } => Duration::from_secs(u64::from(secs)),
            ClockRule::Reserve { .. } => self.reserve(seat),
        };
        Some((seat, since + allowed))
    }

    /// The reserve `seat` had when its turn began (under a reserve clock).
    #[must_use]
    pub fn reserve(&self, seat: Seat) -> Duration {
        self.reserves.get(seat.index()).copied().unwrap_or(Duration::ZERO)
    }

    /// The time `seat` has left at `now`: of its move, or of its reserve.
    #[must_use]
    pub fn left(&self, seat: Seat, now: Instant) -> Option<Duration> {
        match (self.deadline(), self.rule) {
            (_, ClockRule::None) => None,
            (Some((running, deadline)), _) if running == seat => {
                Some(deadline.saturating_duration_since(now))
            }
            (_, ClockRule::PerMove { secs }) => Some(Duration::from_secs(u64::from(secs))),
            (_, ClockRule::Reserve { .. }) => Some(self.reserve(seat)),
        }
    }

    /// Whether, by this view, `seat`'s time may be up at `now`, allowing `slack`.
    #[must_use]
    pub fn may_have_run_out(&self, seat: Seat, now: Instant, slack: Duration) -> bool {
        self.deadline().is_some_and(|(running, deadline)| running == seat && now + slack >= deadline)
    }

    /// `seat` moved at `now`: its reserve is charged the turn and credited the increment.
    /// Returns the reserve left, in milliseconds, under a reserve clock.
    pub fn charge(&mut self, seat: Seat, now: Instant) -> Option<u32> {
        let ClockRule::Reserve { increment_secs, .. } = self.rule else { return None };
        let (running, since) = self.turn.filter(|(running, _)| *running == seat)?;
        let spent = now.saturating_duration_since(since);
        let reserve = self.reserves.get_mut(running.index())?;
        *reserve = reserve.saturating_sub(spent) + Duration::from_secs(u64::from(increment_secs));
        Some(u32::try_from(reserve.as_millis()).unwrap_or(u32::MAX))
    }

    /// Whether the host's report of `seat`'s reserve after its move agrees with this view
    /// (already charged) within `slack`; when it does, this view takes the host's figure.
    pub fn accept_report(&mut self, seat: Seat, reported_ms: u32, slack: Duration) -> bool {
        let Some(reserve) = self.reserves.get_mut(seat.index()) else { return false };
        let reported = Duration::from_millis(u64::from(reported_ms));
        let gap = reported.abs_diff(*reserve);
        if gap > slack {
            return false;
        }
        *reserve = reported;
        true
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn a_per_move_clock_runs_out_after_its_time_and_a_peer_allows_its_slack() {
        let start = Instant::now();
        let mut clock = TableClock::new(ClockRule::PerMove { secs: 30 }, 3);
        clock.start_turn(Some(Seat(1)), start);
        assert_eq!(clock.deadline(), Some((Seat(1), start + Duration::from_secs(30))));
        let slack = Duration::from_secs(2);
        assert!(!clock.may_have_run_out(Seat(1), start + Duration::from_secs(27), slack));
        assert!(clock.may_have_run_out(Seat(1), start + Duration::from_secs(28), slack));
        assert!(!clock.may_have_run_out(Seat(0), start + Duration::from_secs(40), slack));
        clock.start_turn(None, start);
        assert_eq!(clock.deadline(), None);
    }

    #[test]
    fn a_reserve_is_charged_and_credited_and_reports_are_checked() {
        let start = Instant::now();
        let mut clock = TableClock::new(ClockRule::Reserve { secs: 60, increment_secs: 5 }, 2);
        clock.start_turn(Some(Seat(0)), start);
        assert_eq!(clock.charge(Seat(0), start + Duration::from_secs(10)), Some(55_000));
        assert!(clock.accept_report(Seat(0), 54_500, Duration::from_secs(1)));
        assert_eq!(clock.reserve(Seat(0)), Duration::from_millis(54_500));
        assert!(!clock.accept_report(Seat(0), 20_000, Duration::from_secs(1)));
        clock.start_turn(Some(Seat(1)), start);
        assert_eq!(clock.left(Seat(1), start + Duration::from_secs(61)), Some(Duration::ZERO));
    }

    #[test]
    fn no_clock_never_runs() {
        let mut clock = TableClock::new(ClockRule::None, 2);
        clock.start_turn(Some(Seat(0)), Instant::now());
        assert_eq!(clock.deadline(), None);
        assert_eq!(clock.charge(Seat(0), Instant::now()), None);
    }
}
