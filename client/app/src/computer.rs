//! The computer's searches, each on its own thread so that no front-end waits: the opponent's
//! move in a solo game, and the hint. The answer goes to the callback the front-end gives (the
//! terminal game turns it into an event of its loop).

use std::sync::{Arc, Mutex};
use std::thread;

use tripot_ai::Ai;
use tripot_engine::{Move, Position};

/// Searches the move of `ai` (the solo opponent; none: the hint's search) in `position`, with the
/// hashes of the positions so far (`history`) to avoid repeating them, and hands it to `reply`.
pub fn search_move(
    ai: Option<Arc<Mutex<Ai>>>,
    position: Position,
    history: Vec<u64>,
    reply: impl FnOnce(Move) + Send + 'static,
) {
    thread::spawn(move || {
        let search = || match ai {
            Some(ai) => match ai.lock() {
                Ok(mut ai) => ai.choose(&position, &history),
                Err(poisoned) => poisoned.into_inner().choose(&position, &history),
            },
            None => tripot_ai::hint(&position, &history),
        };
        // A failing search must not leave the game waiting forever: the answer is then
        // refused as illegal and replaced by the engine's first legal move.
        reply(std::panic::catch_unwind(std::panic::AssertUnwindSafe(search)).unwrap_or(Move::Pass));
    });
}

/// Searches a hint for the side to move in `position` and hands it to `reply`.
pub fn search_hint(position: Position, history: Vec<u64>, reply: impl FnOnce(Move) + Send + 'static) {
    thread::spawn(move || {
        let hint = || tripot_ai::hint(&position, &history);
        reply(std::panic::catch_unwind(hint).unwrap_or(Move::Pass));
    });
}
