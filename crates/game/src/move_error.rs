//! Why a move is refused, in a structure a front-end can word in French or English.
//!
//! The `Display` texts are English sentences for logs and tools; a front-end words each variant
//! from its fields (cells carry their notation names).

use crate::cell::NamedCell;
use crate::game_move::MoveKind;
use crate::seat::Seat;

/// Why a text is not a move of the game at all (before any look at the position).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationProblem {
    /// Nothing written.
    #[error("empty move")]
    Empty,
    /// A word that names no cell of the board.
    #[error("'{cell}' is not a cell of the board")]
    UnknownCell {
        /// The word.
        cell: String,
    },
    /// A path of one cell.
    #[error("a move needs at least two cells")]
    TooShort,
    /// More cells than any move of the game can have.
    #[error("more than {max} cells: no move is that long")]
    TooLong {
        /// The most a move has.
        max: usize,
    },
    /// Not written the way the game writes moves (a swap of three cells, say).
    #[error("not written as a move of this game")]
    Malformed,
}

/// What is wrong with one hop of a written path.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HopProblem {
    /// The two cells are not on one line.
    #[error("not on a straight line")]
    NotInLine,
    /// An odd distance has no cell midway for a pivot.
    #[error("{distance} cells apart: a jump covers an even number")]
    OddDistance {
        /// Cells between the two, along the line.
        distance: u8,
    },
    /// The pivot would be farther than the rules allow.
    #[error("the pivot would be {pivot_distance} cells away; the limit is {limit}")]
    TooLong {
        /// Distance of the midway cell.
        pivot_distance: u8,
        /// The rules' limit.
        limit: u8,
    },
    /// Nothing to jump over midway.
    #[error("no piece on {pivot} to jump over")]
    NoPivot {
        /// The empty midway cell.
        pivot: NamedCell,
    },
    /// A piece in the way, before or after the pivot.
    #[error("{blocker} is in the way")]
    Blocked {
        /// The occupied cell.
        blocker: NamedCell,
    },
    /// Back on a cell the chain already visited.
    #[error("{0} was already visited in this chain")]
    Revisit(NamedCell),
    /// A step inside a chain of jumps.
    #[error("a step cannot be part of a chain")]
    StepInChain,
}

/// Why a move (a text, or a [`crate::GameMove`]) cannot be played in a state. The state is
/// unchanged whenever one of these comes back.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not a move of this game.
    #[error("'{text}' is not a move: {problem}")]
    Notation {
        /// The text (shortened if long).
        text: String,
        /// What is wrong with it.
        problem: NotationProblem,
    },
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A seat that is not the one to move tried to move.
    #[error("{seat} tried to move, but it is {to_move}'s turn")]
    OutOfTurn {
        /// Who tried.
        seat: Seat,
        /// Who is to move.
        to_move: Seat,
    },
    /// A seat this table does not have.
    #[error("{0} is not at this table")]
    NotASeat(Seat),
    /// That seat no longer plays (finished, eliminated, or left).
    #[error("{0} no longer plays")]
    NotPlaying(Seat),
    /// The move starts on an empty cell.
    #[error("there is nothing on {0}")]
    EmptyCell(NamedCell),
    /// The move starts on a piece the mover may not move.
    #[error("the piece on {cell} is not the mover's")]
    NotYourPiece {
        /// The cell.
        cell: NamedCell,
        /// Whose piece it is, if anyone's.
        owner: Option<Seat>,
    },
    /// The move ends on an occupied cell.
    #[error("{0} is occupied")]
    Occupied(NamedCell),
    /// Written as a step, but the destination is not an empty neighbour.
    #[error("{from}-{to} is not a step to an empty neighbour")]
    NotAStep {
        /// Start.
        from: NamedCell,
        /// Destination.
        to: NamedCell,
    },
    /// Written as a jump to a cell a step reaches: the move is the step.
    #[error("{to} is an empty neighbour of {from}: that move is a step")]
    StepWrittenAsJump {
        /// Start.
        from: NamedCell,
        /// Destination.
        to: NamedCell,
    },
    /// No move of the piece leads there.
    #[error("no move leads from {from} to {to}")]
    Unreachable {
        /// Start.
        from: NamedCell,
        /// Destination.
        to: NamedCell,
    },
    /// One hop of a written path is wrong.
    #[error("hop {number} ({from}-{to}): {problem}")]
    Hop {
        /// Which hop, from 1.
        number: usize,
        /// Start of the hop.
        from: NamedCell,
        /// End of the hop.
        to: NamedCell,
        /// What is wrong with it.
        problem: HopProblem,
    },
    /// A move may not end there: a region of the board closed to the mover (Stern-Halma §4.3).
    #[error("a move may not end on {0}")]
    ClosedCell(NamedCell),
    /// A piece in its goal may only move within it (Stern-Halma §4.4).
    #[error("hop {number} ({from}-{to}): a piece in its goal may only move within the goal")]
    LeavesGoal {
        /// Which hop, from 1.
        number: usize,
        /// Start of the hop.
        from: NamedCell,
        /// The landing outside the goal.
        to: NamedCell,
    },
    /// A step where every move must jump (the captures game).
    #[error("{from}-{to} is a step: every move of this game is a jump")]
    MustJump {
        /// Start.
        from: NamedCell,
        /// Destination.
        to: NamedCell,
    },
    /// The second piece of a swap is not an opponent's.
    #[error("the piece on {0} is not an opponent's")]
    NotAnOpponentsPiece(NamedCell),
    /// A swap the rules do not allow here (RULES.md §5).
    #[error("swap {mine}<>{theirs} is not allowed here")]
    SwapNotAllowed {
        /// The mover's piece.
        mine: NamedCell,
        /// The other piece.
        theirs: NamedCell,
    },
    /// This kind of move is not part of this game or of its rules (a swap in classic rules).
    #[error("this game has no move of this kind ({0:?})")]
    KindNotPlayed(MoveKind),
    /// A pass while a move exists.
    #[error("pass is only allowed when there is no other move")]
    PassNotAllowed,
    /// A path with too few or too many cells for a move.
    #[error("a path needs {min} to {max} cells, this one has {len}")]
    PathLength {
        /// Cells in the path.
        len: usize,
        /// Fewest a move has.
        min: usize,
        /// Most a move has.
        max: usize,
    },
    /// The text matches several legal moves: write more of the path.
    #[error("several moves match: {}", candidates.join(", "))]
    Ambiguous {
        /// The matching moves, written in full.
        candidates: Vec<String>,
    },
    /// A capture is possible, so the move must capture (draughts, FMJD art. 4.1).
    #[error("a capture is compulsory: take {required} piece(s)")]
    CaptureRequired {
        /// Pieces the longest capture takes.
        required: u32,
    },
    /// A longer capture exists, and the longest is compulsory (draughts, FMJD art. 4.13).
    #[error("this capture takes {taken} piece(s); the longest takes {required}")]
    NotTheLongest {
        /// Pieces the move takes.
        taken: u32,
        /// Pieces the longest capture takes.
        required: u32,
    },
    /// A move that is no move of this state (made for another game, say).
    #[error("no such move here")]
    NoSuchMove,
}

/// Something a player should confirm before a legal move is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveWarning {
    /// The move breaks the home rule and eliminates the mover (Stern-Halma §4.6).
    EliminatesMover,
}
