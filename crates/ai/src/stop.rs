//! When a search stops before its node budget: the level's wall-clock cap (or a caller's
//! shorter time), or a caller's [`Cancel`] flag, checked where the searches check the clock.

use std::time::{Duration, Instant};

use tripot_game::Cancel;

/// A search's wall-clock limit and, if given, the caller's cancel flag.
#[derive(Debug, Clone)]
pub(crate) struct Stop {
    started: Instant,
    time: Duration,
    cancel: Option<Cancel>,
    /// The node count at which [`Stop::poll`] next looks at the clock and the flag.
    next_poll: u64,
}

impl Stop {
    /// `time` from `started` (the shorter of `time` and `at_most`, when a caller gives a time),
    /// or sooner if `cancel` is raised.
    pub(crate) fn new(
        started: Instant,
        time: Duration,
        at_most: Option<Duration>,
        cancel: Option<Cancel>,
    ) -> Stop {
        Stop { started, time: at_most.map_or(time, |t| t.min(time)), cancel, next_poll: 0 }
    }

    /// Whether the search must stop, looked at once `every` nodes: reading the clock at every
    /// node would cost more than the node. `nodes` only grows; a search that counts several
    /// nodes at once is still polled at its next call.
    pub(crate) fn poll(&mut self, nodes: u64, every: u64) -> bool {
        if nodes < self.next_poll {
            return false;
        }
        self.next_poll = nodes + every;
        self.reached()
    }

    /// Whether the search must stop now.
    pub(crate) fn reached(&self) -> bool {
        self.cancelled() || Instant::now() >= self.started + self.time
    }

    /// Whether half the time is spent (or the search cancelled).
    pub(crate) fn halfway(&self) -> bool {
        self.cancelled() || Instant::now() >= self.started + self.time / 2
    }

    /// Whether the caller raised its flag.
    pub(crate) fn cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(Cancel::is_cancelled)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use tripot_engine::{Camp, Colour, Format, Position, Rules, StarGame, StarPosition};

    use super::*;
    use crate::{Ai, Level, Limits, StarAi};

    fn raised() -> Option<Cancel> {
        let cancel = Cancel::new();
        cancel.cancel();
        Some(cancel)
    }

    #[test]
    fn the_searches_stop_at_their_first_check_of_a_raised_flag() {
        // Every search polls the flag where it polls its clock (every 1,024 nodes, 256 in the
        // captures search): with the flag up from the start it stops at its first poll, give or
        // take the nodes one position adds at once, where the same search without it goes on.
        let position = Position::start(Format::Three, Rules::Tripot, Camp::A);
        let mut ai = Ai::new(Level::Impossible, 1);
        ai.choose_stoppable(&position, &[position.hash()], Limits::default(), None, raised());
        let stopped = ai.last_search().unwrap().nodes;
        ai.choose_stoppable(&position, &[position.hash()], Limits::default(), None, None);
        let searched = ai.last_search().unwrap().nodes;
        assert!(stopped <= 2048 && searched > 10 * stopped, "{stopped} vs {searched}");
        for name in ["halma-6", "captures-4"] {
            let game = StarGame::new(StarPosition::start(name.parse().unwrap(), Colour::S).unwrap());
            let mut ai = StarAi::new(Level::Impossible, 1);
            ai.choose_stoppable(&game, None, raised());
            let stopped = ai.last_search().unwrap().nodes;
            ai.choose_stoppable(&game, None, None);
            let searched = ai.last_search().unwrap().nodes;
            assert!(stopped <= 2048 && searched > 4 * stopped, "{name}: {stopped} vs {searched}");
        }
    }

    #[test]
    fn a_callers_time_never_lengthens_the_levels() {
        let started = Instant::now();
        let cap = Duration::from_secs(3600);
        assert!(!Stop::new(started, cap, None, None).reached());
        assert!(Stop::new(started, cap, Some(Duration::ZERO), None).reached());
        assert!(Stop::new(started, Duration::ZERO, Some(cap), None).reached());
        assert!(Stop::new(started, cap, None, raised()).reached());
        assert!(Stop::new(started, cap, None, raised()).halfway());
    }
}
