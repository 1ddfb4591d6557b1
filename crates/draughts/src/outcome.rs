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

impl WinReason {
    /// What a player reads, in French.
    pub const fn label_fr(self) -> &'static str {
        match self {
            WinReason::NoPieces => "plus aucune pièce",
            WinReason::NoMoves => "plus aucun coup possible",
            WinReason::Resignation => "abandon",
        }
    }

    /// What a player reads, in English.
    pub const fn label_en(self) -> &'static str {
        match self {
            WinReason::NoPieces => "no piece left",
            WinReason::NoMoves => "no move left",
            WinReason::Resignation => "resignation",
        }
    }
}

impl DrawReason {
    /// What a player reads, in French.
    pub const fn label_fr(self) -> &'static str {
        match self {
            DrawReason::Agreement => "nulle acceptée",
            DrawReason::Repetition => "même position trois fois",
            DrawReason::TwentyFiveMoves => "25 coups de dames sans prise",
            DrawReason::SixteenMoves => "une dame contre trois pièces : 16 coups",
            DrawReason::FiveMoves => "une dame contre deux pièces ou moins : 5 coups",
        }
    }

    /// What a player reads, in English.
    pub const fn label_en(self) -> &'static str {
        match self {
            DrawReason::Agreement => "draw agreed",
            DrawReason::Repetition => "same position three times",
            DrawReason::TwentyFiveMoves => "25 king moves without capture",
            DrawReason::SixteenMoves => "a king against three pieces: 16 moves",
            DrawReason::FiveMoves => "a king against two pieces or fewer: 5 moves",
        }
    }
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
