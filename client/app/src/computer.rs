//! The computer's searches, off the front-end's thread so that no front-end waits: the
//! opponent's move in a solo game, and the hint. The terminal starts each on its own thread
//! ([`search_move`], [`search_hint`]) and turns the answer into an event of its loop; the web
//! page's server runs them on its own bounded search threads ([`choose_now`], [`hint_now`]).
//!
//! The opponent is a [`LazyAi`]: the strongest level's search table is tens of megabytes, built
//! by its first search on the searching thread, never where a front-end waits, and never for a
//! game left before the computer's first move.

use std::sync::{Arc, Mutex};
use std::thread;

use tripot_ai::{Ai, Level};
use tripot_engine::{Move, Position};

/// A computer player of a level and seed, built when it first searches. It then keeps its
/// state (its table, its recent moves) for the rest of the game, as the [`Ai`] it wraps.
pub struct LazyAi {
    level: Level,
    seed: u64,
    ai: Option<Ai>,
}

impl LazyAi {
    /// A player of `level` whose choices follow `seed`; nothing is allocated yet.
    #[must_use]
    pub fn new(level: Level, seed: u64) -> LazyAi {
        LazyAi { level, seed, ai: None }
    }

    /// Its move in `position` (built first if this is its first search).
    pub fn choose(&mut self, position: &Position, history: &[u64]) -> Move {
        let (level, seed) = (self.level, self.seed);
        self.ai.get_or_insert_with(|| Ai::new(level, seed)).choose(position, history)
    }
}

/// Searches the move of `ai` in `position` on this thread, with the hashes of the positions so
/// far (`history`) to avoid repeating them. A failing search must not leave the game waiting
/// forever: it answers `Move::Pass`, which the game refuses as illegal and replaces by the
/// engine's first legal move.
pub fn choose_now(ai: &Mutex<LazyAi>, position: &Position, history: &[u64]) -> Move {
    let search = || match ai.lock() {
        Ok(mut ai) => ai.choose(position, history),
        Err(poisoned) => poisoned.into_inner().choose(position, history),
    };
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(search)).unwrap_or(Move::Pass)
}

/// Searches a hint for the side to move in `position` on this thread (`Move::Pass` if the
/// search failed, as [`choose_now`]).
pub fn hint_now(position: &Position, history: &[u64]) -> Move {
    std::panic::catch_unwind(|| tripot_ai::hint(position, history)).unwrap_or(Move::Pass)
}

/// Searches the move of `ai` (the solo opponent; none: the hint's search) on a thread of its
/// own and hands it to `reply`.
pub fn search_move(
    ai: Option<Arc<Mutex<LazyAi>>>,
    position: Position,
    history: Vec<u64>,
    reply: impl FnOnce(Move) + Send + 'static,
) {
    thread::spawn(move || {
        reply(match ai {
            Some(ai) => choose_now(&ai, &position, &history),
            None => hint_now(&position, &history),
        });
    });
}

/// Searches a hint for the side to move in `position` on a thread of its own and hands it to
/// `reply`.
pub fn search_hint(position: Position, history: Vec<u64>, reply: impl FnOnce(Move) + Send + 'static) {
    thread::spawn(move || reply(hint_now(&position, &history)));
}
