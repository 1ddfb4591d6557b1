//! A turn's move (RULES.md §3).

use std::fmt;

use arrayvec::ArrayVec;

use crate::hole::Hole;

/// One turn. Compact and `Copy`: a jump chain is known by its ends, since every hole a chain can
/// reach is reached by some path and the resulting position does not depend on which; the path
/// itself lives in [`crate::Notation`] when it is written down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// To an empty neighbouring hole (§3.1).
    Step {
        /// Start hole.
        from: Hole,
        /// Destination, a neighbour of `from`.
        to: Hole,
    },
    /// One jump or a chain of jumps (§3.2, §3.3).
    Jump {
        /// Start hole.
        from: Hole,
        /// Where the chain stops.
        to: Hole,
    },
    /// The exchange of one of the mover's pawns with an enemy pawn (§5).
    Swap {
        /// The mover's pawn.
        mine: Hole,
        /// The enemy pawn.
        theirs: Hole,
    },
    /// The automatic pass of a blocked side (§6).
    Pass,
}

impl Move {
    /// The hole the moved pawn leaves (the mover's pawn for a swap).
    #[must_use]
    pub const fn from(self) -> Option<Hole> {
        match self {
            Move::Step { from, .. } | Move::Jump { from, .. } => Some(from),
            Move::Swap { mine, .. } => Some(mine),
            Move::Pass => None,
        }
    }

    /// The hole the mover's pawn ends in.
    #[must_use]
    pub const fn to(self) -> Option<Hole> {
        match self {
            Move::Step { to, .. } | Move::Jump { to, .. } => Some(to),
            Move::Swap { theirs, .. } => Some(theirs),
            Move::Pass => None,
        }
    }
}

impl fmt::Display for Move {
    /// By its ends: `m1-k5`, `m1<>l2`, `pass`. Use [`crate::Position::notation`] for the full path.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Step { from, to } | Move::Jump { from, to } => write!(f, "{from}-{to}"),
            Move::Swap { mine, theirs } => write!(f, "{mine}<>{theirs}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// Upper bound on the number of legal moves. A pawn has at most one move per empty hole and
/// at most 12 swaps (6 neighbours, 6 holes two away); the largest total is format 3's
/// `30 × 61 + 30 × 12 = 2190`, so the list can never overflow.
pub const MAX_MOVES: usize = 2190;

/// The legal moves of a position, on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;
