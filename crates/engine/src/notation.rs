//! Moves written down (RULES.md §3.3, §5, §6): `m4-m5`, `m1-m3-k5`, `m1<>l2`, `pass`; and the
//! verifier that checks a written move hop by hop, as a client does with a peer's move.

use std::fmt;
use std::str::FromStr;

use arrayvec::ArrayVec;

use crate::board::{LINE_DISTANCE, NEIGHBOURS, RAYS, direction_between};
use crate::hole::Hole;
use crate::illegal::{BadHop, HopError, IllegalMove, ReachError};
use crate::movegen::{hole, shortest_chain};
use crate::moves::Move;
use crate::path_text::{PathTextError, parse_pass_or_path, write_path};
use crate::position::Position;

/// Most holes a written path may have. Jumps keep the parity of both coordinates, so a chain
/// stays within one of four classes of at most 36 holes and can never visit more.
pub const MAX_PATH: usize = 36;

/// The holes of a path, start first.
pub type Path = ArrayVec<Hole, MAX_PATH>;

/// A move as written: a path of holes, a swap, or a pass.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Notation {
    /// `m4-m5` (a step), `m1-m3-k5` (jumps), or the ends of a chain `m1-k5`.
    Path(Path),
    /// `m1<>l2`: the mover's pawn, then the enemy pawn.
    Swap {
        /// The mover's pawn.
        mine: Hole,
        /// The enemy pawn.
        theirs: Hole,
    },
    /// `pass`.
    Pass,
}

/// Why a text is not a move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// Not `pass` nor a path of holes.
    #[error(transparent)]
    Path(#[from] PathTextError),
    /// `a<>b` with something else than two holes.
    #[error("swap '{0}' must be two holes, like m1<>l2")]
    Swap(String),
}

impl FromStr for Notation {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Notation, NotationError> {
        if let Some((mine, theirs)) = text.split_once("<>") {
            if mine.is_empty() || theirs.is_empty() || theirs.contains("<>") {
                return Err(NotationError::Swap(text.to_owned()));
            }
            let parse = |name: &str| {
                name.parse::<Hole>().map_err(|error| PathTextError::Hole { text: text.to_owned(), error })
            };
            return Ok(Notation::Swap { mine: parse(mine)?, theirs: parse(theirs)? });
        }
        Ok(parse_pass_or_path(text)?.map_or(Notation::Pass, Notation::Path))
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Notation::Path(path) => write_path(f, path),
            Notation::Swap { mine, theirs } => write!(f, "{mine}<>{theirs}"),
            Notation::Pass => f.write_str("pass"),
        }
    }
}

/// A written move that the verifier accepted: the move, and the path to record (the one given,
/// or, for a chain given by its ends, a valid path found for it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified {
    /// The move to play.
    pub mv: Move,
    /// How to write it.
    pub notation: Notation,
}

/// A move text that cannot be played: it does not parse, or it is illegal here.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Not a move at all.
    #[error(transparent)]
    Syntax(#[from] NotationError),
    /// A move, but not a legal one here.
    #[error("illegal move {text}: {reason}")]
    Illegal {
        /// The move as written.
        text: String,
        /// Why it is refused.
        reason: IllegalMove,
    },
}

/// What is wrong with the jump from `from` to `to`, the board being `occupied` (the jumping
/// pawn lifted), if anything.
pub(crate) fn hop_error(from: Hole, to: Hole, occupied: u128, max_pivot: usize) -> Option<HopError> {
    let distance = LINE_DISTANCE[from.index()][to.index()] as usize;
    let Some(dir) = direction_between(from.index(), to.index()) else {
        return Some(HopError::NotInLine { from, to });
    };
    if distance == 1 {
        return Some(HopError::StepInChain { from, to });
    }
    if distance % 2 == 1 {
        return Some(HopError::OddDistance { from, to, distance: distance as u8 });
    }
    let pivot_distance = distance / 2;
    if pivot_distance > max_pivot {
        return Some(HopError::TooLong {
            from,
            to,
            pivot_distance: pivot_distance as u8,
            limit: max_pivot as u8,
        });
    }
    let ray = &RAYS[from.index()][dir];
    let occupied_at = |k: usize| occupied >> ray[k - 1] & 1 == 1;
    if let Some(k) = (1..pivot_distance).find(|&k| occupied_at(k)) {
        return Some(HopError::Blocked { from, to, blocker: hole(ray[k - 1] as usize) });
    }
    if !occupied_at(pivot_distance) {
        return Some(HopError::NoPivot { from, to, pivot: hole(ray[pivot_distance - 1] as usize) });
    }
    if let Some(k) = (pivot_distance + 1..=distance).find(|&k| occupied_at(k)) {
        return Some(HopError::Blocked { from, to, blocker: hole(ray[k - 1] as usize) });
    }
    None
}

impl Position {
    /// Checks a written move against this position and turns it into a [`Move`].
    ///
    /// A path of three holes or more is checked hop by hop, and the error names the first wrong
    /// hop. A path of two holes is a step, a single jump, or the ends of a chain: it is accepted
    /// when the destination is reachable, and the returned notation gives a full path.
    pub fn verify(&self, notation: &Notation) -> Result<Verified, IllegalMove> {
        if let Some(outcome) = self.outcome() {
            return Err(IllegalMove::GameOver(outcome));
        }
        let mv = match *notation {
            Notation::Pass => Move::Pass,
            Notation::Swap { mine, theirs } => Move::Swap { mine, theirs },
            Notation::Path(ref path) => return self.verify_path(path),
        };
        self.check(mv)?;
        Ok(Verified { mv, notation: notation.clone() })
    }

    fn verify_path(&self, path: &Path) -> Result<Verified, IllegalMove> {
        let (&from, &to) = match (path.first(), path.last()) {
            (Some(from), Some(to)) if path.len() >= 2 => (from, to),
            _ => return Err(IllegalMove::PathLength { len: path.len(), max: MAX_PATH }),
        };
        self.check_own(from)?;
        let is_neighbour = NEIGHBOURS[from.index()] >> to.index() & 1 == 1;
        if path.len() == 2 {
            if self.occupied().contains(to) {
                return Err(IllegalMove::Occupied(to));
            }
            if is_neighbour {
                return Ok(Verified { mv: Move::Step { from, to }, notation: Notation::Path(path.clone()) });
            }
            if !self.destinations(from).contains(to) {
                return Err(ReachError::Unreachable { from, to }.into());
            }
            let mv = Move::Jump { from, to };
            return Ok(Verified { mv, notation: self.notation(mv) });
        }
        let lifted = self.occupied & !(1u128 << from.index());
        let max_pivot = self.rules.max_pivot_distance();
        let mut visited = 1u128 << from.index();
        for (number, hop) in path.windows(2).enumerate() {
            let (a, b) = (hop[0], hop[1]);
            let error = |reason| IllegalMove::Hop(BadHop { number: number + 1, from: a, to: b, reason });
            if let Some(reason) = hop_error(a, b, lifted, max_pivot) {
                return Err(error(reason));
            }
            if visited >> b.index() & 1 == 1 {
                return Err(error(HopError::Revisit(b)));
            }
            visited |= 1 << b.index();
        }
        let mv = if is_neighbour { Move::Step { from, to } } else { Move::Jump { from, to } };
        Ok(Verified { mv, notation: Notation::Path(path.clone()) })
    }

    /// Parses and verifies a move text in one go.
    pub fn parse_move(&self, text: &str) -> Result<Verified, MoveError> {
        let notation: Notation = text.parse()?;
        self.verify(&notation).map_err(|reason| MoveError::Illegal { text: text.to_owned(), reason })
    }

    /// How to write `mv`: a jump gets a path with the fewest hops (ties broken the same way
    /// every time), so that a listed move reads as a path one can follow on the board.
    #[must_use]
    pub fn notation(&self, mv: Move) -> Notation {
        match mv {
            Move::Step { from, to } => Notation::Path([from, to].into_iter().collect()),
            Move::Jump { from, to } => {
                let path = self.jump_path(from, to).unwrap_or_else(|| [from, to].into_iter().collect());
                Notation::Path(path)
            }
            Move::Swap { mine, theirs } => Notation::Swap { mine, theirs },
            Move::Pass => Notation::Pass,
        }
    }

    /// A shortest chain of jumps from `from` to `to`, if the pawn on `from` can reach `to`.
    #[must_use]
    pub fn jump_path(&self, from: Hole, to: Hole) -> Option<Path> {
        let start = from.index();
        let lifted = self.occupied & !(1u128 << start);
        let max_pivot = self.rules.max_pivot_distance();
        let chain = shortest_chain(start, to.index(), lifted, max_pivot, crate::board::ALL_HOLES)?;
        Some(chain.into_iter().take(MAX_PATH).collect())
    }
}
