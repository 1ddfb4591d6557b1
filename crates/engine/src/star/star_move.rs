//! A turn of a star game and its written form (RULES-STAR.md §3.2, §4.2, §5.2, §5.3).

use std::fmt;
use std::str::FromStr;

use arrayvec::ArrayVec;

use crate::hole::Hole;
use crate::path_text::{PathTextError, parse_pass_or_path, write_path};

/// Most holes a written star path may have. A capture chain takes a piece per jump and may come
/// back to holes it visited (§5.2), so it is bounded by the 60 pieces, not by the holes:
/// at most 59 jumps, 60 holes.
pub const MAX_STAR_PATH: usize = 64;

/// The holes of a star path, start first.
pub type StarPath = ArrayVec<Hole, MAX_STAR_PATH>;

/// One turn of a star game.
///
/// In kawu and Stern-Halma, a chain is known by its ends, as in the duel: the position it leads
/// to does not depend on the path. In the captures game it does (the path decides which pieces
/// are taken), so every distinct path is a distinct move (§5.3).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum StarMove {
    /// To an empty neighbouring hole.
    Step {
        /// Start hole.
        from: Hole,
        /// Destination.
        to: Hole,
    },
    /// A chain of jumps, by its ends.
    Jump {
        /// Start hole.
        from: Hole,
        /// Where the chain stops.
        to: Hole,
    },
    /// A capture chain, by its whole path of landings (§5.3).
    Capture(StarPath),
    /// A seat with no move passes (§3.4, §4.7).
    Pass,
}

impl StarMove {
    /// The hole the moving marble or piece leaves.
    #[must_use]
    pub fn from(&self) -> Option<Hole> {
        match self {
            StarMove::Step { from, .. } | StarMove::Jump { from, .. } => Some(*from),
            StarMove::Capture(path) => path.first().copied(),
            StarMove::Pass => None,
        }
    }

    /// The hole it ends on.
    #[must_use]
    pub fn to(&self) -> Option<Hole> {
        match self {
            StarMove::Step { to, .. } | StarMove::Jump { to, .. } => Some(*to),
            StarMove::Capture(path) => path.last().copied(),
            StarMove::Pass => None,
        }
    }
}

impl fmt::Display for StarMove {
    /// By its ends (`m1-k5`), by its path for a capture, or `pass`; see
    /// [`super::StarPosition::path_of`] for the full path of a chain.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StarMove::Step { from, to } | StarMove::Jump { from, to } => write!(f, "{from}-{to}"),
            StarMove::Capture(path) => write_path(f, path),
            StarMove::Pass => f.write_str("pass"),
        }
    }
}

/// A star move as written: a path of holes or `pass`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum StarNotation {
    /// `m4-m5`, `m1-m3-k5`, or the ends of a chain `m1-k5`; in captures `i7-i9-g9`.
    Path(StarPath),
    /// `pass`.
    Pass,
}

/// Why a text is not a star move: a star move is written as a path of holes or `pass`, as a duel
/// move but for the swap.
pub type StarNotationError = PathTextError;

impl FromStr for StarNotation {
    type Err = StarNotationError;

    fn from_str(text: &str) -> Result<StarNotation, StarNotationError> {
        Ok(parse_pass_or_path(text)?.map_or(StarNotation::Pass, StarNotation::Path))
    }
}

impl fmt::Display for StarNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StarNotation::Path(path) => write_path(f, path),
            StarNotation::Pass => f.write_str("pass"),
        }
    }
}
