//! How a game ends, and why.

use crate::color::Color;

/// The end of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One side won.
    Win {
        /// The winner.
        winner: Color,
        /// Why the loser lost.
        reason: WinReason,
    },
    /// Nobody won.
    Draw(DrawReason),
}

/// Why a side lost (FMJD article 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// The loser has no piece left.
    NoPieces,
    /// The loser, to move, has no legal move.
    NoMoves,
    /// The loser gave up (or left the table).
    Resignation,
}

/// Why a game is drawn (FMJD article 6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// Both players agreed.
    Agreement,
    /// The same position, with the same side to move, for the third time.
    Repetition,
    /// 25 moves of each side moving only kings, without capture.
    TwentyFiveMoves,
    /// A lone king against three pieces including a king: 16 moves each.
    SixteenMoves,
    /// A lone king against two pieces or fewer including a king: 5 moves each.
    FiveMoves,
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(&self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(*winner),
            Outcome::Draw(_) => None,
        }
    }

    /// The PDN result: `2-0` (White won), `0-2` (Black won) or `1-1`.
    pub fn result(&self) -> &'static str {
        match self.winner() {
            Some(Color::White) => "2-0",
            Some(Color::Black) => "0-2",
            None => "1-1",
        }
    }
}
