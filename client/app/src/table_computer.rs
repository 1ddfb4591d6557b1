//! The computer players of a [`Table`] think off the front-end's thread: a seat's move, and the
//! hint for a person. A search is a [`Search`] taken from the table — a copy of the game, the
//! player, the budget and the table's generation — that runs anywhere: on a thread of its own
//! ([`Table::search_computer_move`], the terminal) or on a pool of search threads (the page's
//! server, [`Search::run`]). Its [`Answer`] comes back to the table, which drops it if the table
//! moved on meanwhile (another generation), and otherwise plays it through the game: a failed
//! search, or a move the game refuses, gives the game's first legal move, so that the table
//! never waits forever.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::thread;
use std::time::Duration;

use tripot_ai::Level;
use tripot_game::{Budget, GameMove, GameState, PlayerError, Seat};

use crate::table::{SharedPlayer, Table};
use crate::table_event::TableEvent;

/// The hint's thinking time: the Difficile level's move, found in well under a second.
const HINT_TIME: Duration = Duration::from_millis(900);

/// What a search is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchKind {
    /// The move of the computer at this seat.
    Move(Seat),
    /// A hint for the person at this seat.
    Hint(Seat),
}

/// A search to run: everything it needs, taken from the table, so that it runs on any thread.
pub struct Search {
    kind: SearchKind,
    generation: u64,
    state: Box<dyn GameState>,
    player: SharedPlayer,
    budget: Budget,
}

impl std::fmt::Debug for Search {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Search").field("kind", &self.kind).field("generation", &self.generation).finish()
    }
}

/// A search's answer, for the table that asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// What it searched.
    pub kind: SearchKind,
    /// The table's generation when it started.
    pub generation: u64,
    /// The move, or why there is none.
    pub result: Result<GameMove, PlayerError>,
}

/// What the table did with an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answered {
    /// The table moved on since the search started (a move, an undo): dropped.
    Stale,
    /// The computer's move was played, and what it brought.
    Played(Vec<TableEvent>),
    /// The hint is shown ([`Table::hint`]); `false` if the search gave none.
    Hint(bool),
}

impl Search {
    /// What it searches.
    #[must_use]
    pub const fn kind(&self) -> SearchKind {
        self.kind
    }

    /// Runs the search on this thread. A player that panics gives no move, never a crash.
    #[must_use]
    pub fn run(self) -> Answer {
        let Search { kind, generation, state, player, budget } = self;
        let choose = || match player.lock() {
            Ok(mut player) => player.choose(state.as_ref(), &budget),
            Err(poisoned) => poisoned.into_inner().choose(state.as_ref(), &budget),
        };
        let result = catch_unwind(AssertUnwindSafe(choose)).unwrap_or(Err(PlayerError::Unavailable));
        Answer { kind, generation, result }
    }
}

impl Table {
    /// The search of the computer whose turn it is; `None` when the seat to move is not a
    /// computer's (or the game is over).
    #[must_use]
    pub fn computer_search(&self) -> Option<Search> {
        let seat = self.state.to_move()?;
        let player = self.players.get(seat.index())?.clone()?;
        let budget = Budget { time: self.time, cancel: Some(self.cancel.clone()) };
        Some(self.search(SearchKind::Move(seat), player, budget))
    }

    /// The search of a hint for the person to move: the move Difficile would play.
    #[must_use]
    pub fn hint_search(&self) -> Option<Search> {
        let seat = self.state.to_move().filter(|_| self.person_to_move())?;
        let player = tripot_ai::player(self.state.spec(), Level::Difficile, 0).ok()?;
        let time = Some(self.time.map_or(HINT_TIME, |t| t.min(HINT_TIME)));
        let budget = Budget { time, cancel: Some(self.cancel.clone()) };
        Some(self.search(SearchKind::Hint(seat), std::sync::Arc::new(std::sync::Mutex::new(player)), budget))
    }

    fn search(&self, kind: SearchKind, player: SharedPlayer, budget: Budget) -> Search {
        Search { kind, generation: self.generation, state: self.state.clone_box(), player, budget }
    }

    /// Starts the computer's search on a thread of its own and hands its answer to `reply`;
    /// `false` (nothing started) when the seat to move is not a computer's.
    pub fn search_computer_move(&self, reply: impl FnOnce(Answer) + Send + 'static) -> bool {
        self.spawn(self.computer_search(), reply)
    }

    /// Starts a hint's search on a thread of its own; `false` when no person is to move.
    pub fn search_hint(&self, reply: impl FnOnce(Answer) + Send + 'static) -> bool {
        self.spawn(self.hint_search(), reply)
    }

    fn spawn(&self, search: Option<Search>, reply: impl FnOnce(Answer) + Send + 'static) -> bool {
        let Some(search) = search else { return false };
        thread::spawn(move || reply(search.run()));
        true
    }

    /// An answer back from a search: dropped if stale, else played (a computer's move) or shown
    /// (a hint). A computer's move the game refuses, or a failed search, plays the first legal
    /// move instead.
    pub fn answer(&mut self, answer: Answer) -> Answered {
        let stale = answer.generation != self.generation;
        match answer.kind {
            SearchKind::Move(seat) => {
                if stale || self.state.to_move() != Some(seat) {
                    return Answered::Stale;
                }
                let chosen = answer.result.ok().filter(|m| self.state.legal_moves().contains(m));
                let Some(m) = chosen.or_else(|| self.state.legal_moves().into_iter().next()) else {
                    return Answered::Stale;
                };
                match self.commit(&m) {
                    Ok(events) => Answered::Played(events),
                    Err(_) => Answered::Stale,
                }
            }
            SearchKind::Hint(seat) => {
                if stale || self.state.to_move() != Some(seat) {
                    return Answered::Stale;
                }
                self.hint = answer.result.ok().filter(|m| self.state.legal_moves().contains(m));
                Answered::Hint(self.hint.is_some())
            }
        }
    }
}
