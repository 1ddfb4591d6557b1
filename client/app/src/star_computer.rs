//! The computer players of a star table think on their own threads, so that no front-end waits:
//! a seat's move, and the hint for a person. The answer goes to the callback the front-end gives
//! (the terminal turns it into an event of its loop); the table checks it with the engine before
//! it is shown or played.

use std::thread;

use tripot_ai::star::star_hint;
use tripot_engine::{StarGame, StarMove};

use super::star_table::StarTable;

impl StarTable {
    /// Starts the search of the computer player whose turn it is and hands its move to `reply`.
    /// `false` when the seat to move is not a computer's (nothing is started).
    pub fn search_computer_move(&self, reply: impl FnOnce(StarMove) + Send + 'static) -> bool {
        let Some(ai) = self.ai_of(self.position().turn()) else { return false };
        let game = self.game.clone();
        thread::spawn(move || {
            let search = || match ai.0.lock() {
                Ok(mut ai) => ai.choose(&game),
                Err(poisoned) => poisoned.into_inner().choose(&game),
            };
            // A failing search must not leave the table waiting forever: `Pass` is then refused
            // by the engine and replaced by its first legal move.
            reply(std::panic::catch_unwind(std::panic::AssertUnwindSafe(search)).unwrap_or(StarMove::Pass));
        });
        true
    }

    /// Searches a hint for the seat to move and hands it to `reply`.
    pub fn search_hint(&self, reply: impl FnOnce(StarMove) + Send + 'static) {
        let game: StarGame = self.game.clone();
        thread::spawn(move || {
            reply(std::panic::catch_unwind(|| star_hint(&game)).unwrap_or(StarMove::Pass));
        });
    }
}
