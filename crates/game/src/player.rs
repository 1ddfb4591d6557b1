//! Computer players of any game: [`Player`], with the [`Budget`] a caller gives one move.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::game_move::GameMove;
use crate::spec::GameSpec;
use crate::state::GameState;

/// A flag a caller raises to stop a search from another thread; clones share it.
#[derive(Debug, Clone, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A flag, down.
    #[must_use]
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Raises the flag: the search stops at its next check and its `choose` returns
    /// [`PlayerError::Cancelled`].
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag is up.
    #[must_use]
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// What a caller allows one move. The default is the player's own: a level has its own node
/// budget and time cap, and plays the same moves for the same seed.
#[derive(Debug, Clone, Default)]
pub struct Budget {
    /// At most this much thinking time (never more than the level's own cap). A search cut short
    /// by time is no longer reproducible.
    pub time: Option<Duration>,
    /// Raised to stop the search.
    pub cancel: Option<Cancel>,
}

impl Budget {
    /// The player's own budget, stoppable through `cancel`.
    #[must_use]
    pub fn cancellable(cancel: Cancel) -> Budget {
        Budget { time: None, cancel: Some(cancel) }
    }

    /// Whether the caller has asked to stop.
    #[must_use]
    pub fn is_cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(Cancel::is_cancelled)
    }
}

/// Why a computer player gives no move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayerError {
    /// There is nothing to play: the game is over.
    #[error("the game is over")]
    GameOver,
    /// This player does not play this game.
    #[error("this player does not play {0}")]
    Unsupported(GameSpec),
    /// The caller raised the [`Cancel`] flag.
    #[error("cancelled")]
    Cancelled,
    /// The player cannot give a move: an external engine stopped, or answered with no legal move.
    #[error("the player gave no move")]
    Unavailable,
}

/// A computer player: given any game's state, a legal move of the seat to move.
pub trait Player: Send {
    /// The name it plays under (a level's named opponent, `Marie Curie`).
    fn name(&self) -> String;

    /// The move it plays for the seat to move in `state`: always one of `state`'s legal moves.
    fn choose(&mut self, state: &dyn GameState, budget: &Budget) -> Result<GameMove, PlayerError>;
}
