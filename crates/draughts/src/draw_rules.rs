//! The counters behind the draws of FMJD article 6: the 25-move rule (only kings moved, no
//! capture), and the 16- and 5-move rules of a lone king against a few pieces.

use crate::color::Color;
use crate::position::Position;

/// Plies (moves of one side) of king moves without capture after which the game is drawn:
/// 25 moves of each side.
pub const KING_MOVES_LIMIT: u32 = 50;

/// A lone king's endgame, counted from the move that brought it about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndgameRule {
    /// A lone king against three pieces including at least one king: drawn after 16 moves each.
    Sixteen,
    /// A lone king against one or two pieces including at least one king: drawn after 5 moves
    /// each.
    Five,
}

impl EndgameRule {
    /// The rule that applies to `position`, if any.
    pub fn of(position: &Position) -> Option<EndgameRule> {
        Color::ALL.into_iter().find_map(|lone| {
            let other = lone.opponent();
            let alone = position.pieces(lone).count() == 1 && position.kings(lone).count() == 1;
            if !alone || position.kings(other).is_empty() {
                return None;
            }
            match position.pieces(other).count() {
                3 => Some(EndgameRule::Sixteen),
                1 | 2 => Some(EndgameRule::Five),
                _ => None,
            }
        })
    }

    /// Plies after which the game is drawn.
    pub const fn limit(self) -> u32 {
        match self {
            EndgameRule::Sixteen => 32,
            EndgameRule::Five => 10,
        }
    }
}

/// Men and kings of each side.
fn material(position: &Position) -> [u32; 4] {
    [
        position.men(Color::White).count(),
        position.kings(Color::White).count(),
        position.men(Color::Black).count(),
        position.kings(Color::Black).count(),
    ]
}

/// Where a game stands with respect to the draws by rule, for screens ("12 moves left").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DrawCounters {
    /// How many times the current position (same side to move) has occurred; 3 draws.
    pub repetitions: u32,
    /// Plies in a row moving only kings without capture; [`KING_MOVES_LIMIT`] draws.
    pub king_moves: u32,
    /// The lone king's rule in force and the plies played under it.
    pub endgame: Option<(EndgameRule, u32)>,
}

impl DrawCounters {
    /// The counters of a game's first position.
    pub(crate) fn at_start(position: &Position) -> DrawCounters {
        DrawCounters { repetitions: 1, king_moves: 0, endgame: EndgameRule::of(position).map(|r| (r, 0)) }
    }

    /// The counters after a move from `before` to `next`: `king_only` if a king moved without
    /// capture. The lone king's count starts again whenever the material changes (a capture, a
    /// man crowned): each of the rule's configurations ("three kings", "two kings and a man",
    /// "a king and two men" against a king…) has its own count of moves, as dame-rs counts too.
    pub(crate) fn after(
        &self,
        before: &Position,
        next: &Position,
        king_only: bool,
        repetitions: u32,
    ) -> DrawCounters {
        let same_material = material(before) == material(next);
        let endgame = EndgameRule::of(next).map(|rule| match self.endgame {
            Some((previous, plies)) if previous == rule && same_material => (rule, plies + 1),
            _ => (rule, 0),
        });
        let king_moves = if king_only { self.king_moves + 1 } else { 0 };
        DrawCounters { repetitions, king_moves, endgame }
    }

    /// Moves each side may still play before the 25-move rule draws (rounded up).
    pub fn king_moves_left(&self) -> u32 {
        KING_MOVES_LIMIT.saturating_sub(self.king_moves).div_ceil(2)
    }

    /// Moves each side may still play before the lone king's rule draws, if it is in force.
    pub fn endgame_moves_left(&self) -> Option<u32> {
        self.endgame.map(|(rule, plies)| rule.limit().saturating_sub(plies).div_ceil(2))
    }

    /// The draw these counters call for, if any.
    pub(crate) fn draw(&self) -> Option<crate::DrawReason> {
        use crate::DrawReason;
        if self.repetitions >= 3 {
            return Some(DrawReason::Repetition);
        }
        match self.endgame {
            Some((EndgameRule::Sixteen, plies)) if plies >= EndgameRule::Sixteen.limit() => {
                return Some(DrawReason::SixteenMoves);
            }
            Some((EndgameRule::Five, plies)) if plies >= EndgameRule::Five.limit() => {
                return Some(DrawReason::FiveMoves);
            }
            _ => {}
        }
        (self.king_moves >= KING_MOVES_LIMIT).then_some(DrawReason::TwentyFiveMoves)
    }
}
