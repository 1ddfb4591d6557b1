//! The engine's refusals in the interface's words ([`MoveError`]): the same causes, with named
//! cells and seats instead of holes, camps and branches.

use tripot_game::record::text::excerpt;
use tripot_game::{HopProblem, MoveError, MoveKind, NotationProblem, Seat};

use super::cells::named;
use crate::hole::HoleError;
use crate::illegal::{BadHop, HopError, IllegalMove, ReachError};
use crate::notation::NotationError;
use crate::path_text::PathTextError;
use crate::star::{MAX_STAR_PATH, StarIllegal, StarNotationError};

/// A text that is no move, with its cause.
pub(crate) fn notation(text: &str, problem: NotationProblem) -> MoveError {
    MoveError::Notation { text: excerpt(text), problem }
}

fn hole_problem(error: &HoleError) -> NotationProblem {
    let (HoleError::Syntax(word) | HoleError::OffBoard(word)) = error;
    NotationProblem::UnknownCell { cell: excerpt(word) }
}

/// Why a written path (or `pass`) does not parse, in the duel or a star game.
fn path_problem(error: &PathTextError) -> NotationProblem {
    match error {
        PathTextError::Empty => NotationProblem::Empty,
        PathTextError::Hole { error, .. } => hole_problem(error),
        PathTextError::TooShort(_) => NotationProblem::TooShort,
        PathTextError::TooLong { max, .. } => NotationProblem::TooLong { max: *max },
    }
}

/// Why a duel move text does not parse.
pub(crate) fn duel_notation(text: &str, error: &NotationError) -> MoveError {
    let problem = match error {
        NotationError::Path(error) => path_problem(error),
        NotationError::Swap(_) => NotationProblem::Malformed,
    };
    notation(text, problem)
}

/// Why a star move text does not parse.
pub(crate) fn star_notation(text: &str, error: &StarNotationError) -> MoveError {
    notation(text, path_problem(error))
}

fn hop(reason: &HopError) -> HopProblem {
    match *reason {
        HopError::NotInLine { .. } => HopProblem::NotInLine,
        HopError::OddDistance { distance, .. } => HopProblem::OddDistance { distance },
        HopError::TooLong { pivot_distance, limit, .. } => HopProblem::TooLong { pivot_distance, limit },
        HopError::NoPivot { pivot, .. } => HopProblem::NoPivot { pivot: named(pivot) },
        HopError::Blocked { blocker, .. } => HopProblem::Blocked { blocker: named(blocker) },
        HopError::Revisit(hole) => HopProblem::Revisit(named(hole)),
        HopError::StepInChain { .. } => HopProblem::StepInChain,
    }
}

/// Why the ends of a step or a chain do not join, in the duel and the star games alike.
fn reach(reason: ReachError) -> MoveError {
    match reason {
        ReachError::NotAStep { from, to } => MoveError::NotAStep { from: named(from), to: named(to) },
        ReachError::StepWrittenAsJump { from, to } => {
            MoveError::StepWrittenAsJump { from: named(from), to: named(to) }
        }
        ReachError::Unreachable { from, to } => MoveError::Unreachable { from: named(from), to: named(to) },
    }
}

/// The wrong hop of a written chain, in the duel or a star game.
fn bad_hop(bad: &BadHop) -> MoveError {
    MoveError::Hop { number: bad.number, from: named(bad.from), to: named(bad.to), problem: hop(&bad.reason) }
}

/// Why a duel move is illegal; `owner` says whose pawn stands on a hole.
pub(crate) fn duel_illegal(reason: &IllegalMove, owner: impl Fn(crate::Hole) -> Option<Seat>) -> MoveError {
    match *reason {
        IllegalMove::GameOver(_) => MoveError::GameOver,
        IllegalMove::EmptyHole(h) => MoveError::EmptyCell(named(h)),
        IllegalMove::NotYourPawn(h) => MoveError::NotYourPiece { cell: named(h), owner: owner(h) },
        IllegalMove::Reach(reason) => reach(reason),
        IllegalMove::Hop(ref bad) => bad_hop(bad),
        IllegalMove::Occupied(h) => MoveError::Occupied(named(h)),
        IllegalMove::NotAnEnemyPawn(h) => MoveError::NotAnOpponentsPiece(named(h)),
        IllegalMove::SwapNotAllowed { mine, theirs } => {
            MoveError::SwapNotAllowed { mine: named(mine), theirs: named(theirs) }
        }
        IllegalMove::NoSwapInRules => MoveError::KindNotPlayed(MoveKind::Swap),
        IllegalMove::PassNotAllowed => MoveError::PassNotAllowed,
        IllegalMove::PathLength { len, max } => MoveError::PathLength { len, min: 2, max },
    }
}

/// Why a star move is illegal; `seat` gives a branch's seat.
pub(crate) fn star_illegal(reason: &StarIllegal, seat: impl Fn(crate::Colour) -> Option<Seat>) -> MoveError {
    match *reason {
        StarIllegal::GameOver(_) => MoveError::GameOver,
        StarIllegal::EmptyHole(h) => MoveError::EmptyCell(named(h)),
        StarIllegal::NotYourMarble { hole, owner } => {
            MoveError::NotYourPiece { cell: named(hole), owner: seat(owner) }
        }
        StarIllegal::Occupied(h) => MoveError::Occupied(named(h)),
        StarIllegal::Reach(reason) => reach(reason),
        StarIllegal::EndsInBranch { to, .. } => MoveError::ClosedCell(named(to)),
        StarIllegal::LeavesGoal { number, from, to } => {
            MoveError::LeavesGoal { number, from: named(from), to: named(to) }
        }
        StarIllegal::Hop(ref bad) => bad_hop(bad),
        StarIllegal::StepInCaptures { from, to } => MoveError::MustJump { from: named(from), to: named(to) },
        StarIllegal::WrongKind(_) => MoveError::NoSuchMove,
        StarIllegal::PassNotAllowed => MoveError::PassNotAllowed,
        StarIllegal::PathLength(len) => MoveError::PathLength { len, min: 2, max: MAX_STAR_PATH },
    }
}
