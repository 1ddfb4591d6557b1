//! The computer players of a star table think off the front-end's thread, so that no front-end
//! waits: a seat's move, and the hint for a person. The terminal starts each search on its own
//! thread and turns the answer into an event of its loop; the web page's server runs them on
//! its bounded search threads (the `…_now` forms). The table checks every answer with the
//! engine before it is shown or played.

use std::thread;

use tripot_ai::star::star_hint;
use tripot_engine::StarMove;

use super::star_table::StarTable;

impl StarTable {
    /// Searches, on this thread, the move of the computer player whose turn it is; `None` when
    /// the seat to move is not a computer's. A failing search gives `Pass`, which the engine
    /// refuses and replaces by its first legal move: the table never waits forever.
    #[must_use]
    pub fn computer_move_now(&self) -> Option<StarMove> {
        let ai = self.ai_of(self.position().turn())?;
        let search = || match ai.0.lock() {
            Ok(mut ai) => ai.choose(&self.game),
            Err(poisoned) => poisoned.into_inner().choose(&self.game),
        };
        Some(std::panic::catch_unwind(std::panic::AssertUnwindSafe(search)).unwrap_or(StarMove::Pass))
    }

    /// Searches, on this thread, a hint for the seat to move (`Pass` if the search failed).
    #[must_use]
    pub fn hint_now(&self) -> StarMove {
        std::panic::catch_unwind(|| star_hint(&self.game)).unwrap_or(StarMove::Pass)
    }

    /// Starts the search of the computer player whose turn it is and hands its move to `reply`.
    /// `false` when the seat to move is not a computer's (nothing is started).
    pub fn search_computer_move(&self, reply: impl FnOnce(StarMove) + Send + 'static) -> bool {
        if self.ai_of(self.position().turn()).is_none() {
            return false;
        }
        let table = self.clone();
        thread::spawn(move || reply(table.computer_move_now().unwrap_or(StarMove::Pass)));
        true
    }

    /// Searches a hint for the seat to move and hands it to `reply`.
    pub fn search_hint(&self, reply: impl FnOnce(StarMove) + Send + 'static) {
        let table = self.clone();
        thread::spawn(move || reply(table.hint_now()));
    }
}
