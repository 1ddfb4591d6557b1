//! A star game in progress: the position, the hashes of the positions before it for the
//! threefold repetition of RULES-STAR.md §4.7, which a single position cannot see, and the moves
//! from the start (a computer player reads how each seat has played).

use super::error::StarPlayError;
use super::star_move::StarMove;
use super::star_outcome::{StarEnd, StarOutcome};
use super::star_position::StarPosition;
use super::variant::GameKind;

/// A game: the current position, the history of hashes that leads to it, and the moves played
/// from its first position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StarGame {
    start: StarPosition,
    position: StarPosition,
    history: Vec<u64>,
    moves: Vec<StarMove>,
}

impl StarGame {
    /// A game starting from `position`.
    #[must_use]
    pub fn new(position: StarPosition) -> StarGame {
        StarGame { start: position, position, history: vec![position.hash()], moves: Vec::new() }
    }

    /// The position the game started from.
    #[must_use]
    pub const fn start(&self) -> &StarPosition {
        &self.start
    }

    /// The moves played from [`StarGame::start`], in order.
    #[must_use]
    pub fn moves(&self) -> &[StarMove] {
        &self.moves
    }

    /// The current position.
    #[must_use]
    pub const fn position(&self) -> &StarPosition {
        &self.position
    }

    /// How many times the current position has occurred, this one included.
    #[must_use]
    pub fn occurrences(&self) -> usize {
        self.history.iter().filter(|&&h| h == self.position.hash()).count()
    }

    /// How the game ended, or `None`: the position's own ends, and in Stern-Halma the third
    /// occurrence of a position with the same seat to move (§4.7).
    ///
    /// **[choice]** Repetition ends Stern-Halma only: kawu has its 300-move cap and the captures
    /// game cannot repeat (every move takes a piece).
    #[must_use]
    pub fn outcome(&self) -> Option<StarOutcome> {
        if let Some(outcome) = self.position.outcome() {
            return Some(outcome);
        }
        if self.position.variant().game() == GameKind::Halma && self.occurrences() >= 3 {
            return Some(self.position.by_count(StarEnd::Repetition));
        }
        None
    }

    /// Plays a legal move; refused once the game is over, repetition included.
    pub fn play(&mut self, m: &StarMove) -> Result<(), StarPlayError> {
        if let Some(outcome) = self.outcome() {
            return Err(StarPlayError {
                position: Box::new(self.position),
                reason: super::error::StarIllegal::GameOver(outcome),
            });
        }
        self.position = self.position.play(m)?;
        self.history.push(self.position.hash());
        self.moves.push(m.clone());
        Ok(())
    }
}
