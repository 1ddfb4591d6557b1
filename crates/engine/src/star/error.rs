//! Why a star position string or a star move is refused.

use crate::colour::Colour;
use crate::hole::{Hole, HoleError};
use crate::illegal::{BadHop, ReachError};

use super::star_move::StarNotationError;
use super::star_outcome::StarOutcome;
use super::star_position::StarPosition;
use super::variant::Variant;

/// What is wrong with a star position string (RULES-STAR.md §6).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StarPositionError {
    /// Nothing to parse.
    #[error("empty position string")]
    Empty,
    /// The first field is not a branch code.
    #[error("the seat to move must be a branch code S, SW, NW, N, NE or SE, found '{0}'")]
    Turn(String),
    /// A seat (to move, in a segment or a field) that has no place at this table.
    #[error("{seat} has no seat in {variant} (seats: {})", seat_list(*variant))]
    NotASeat {
        /// The seat named.
        seat: Colour,
        /// The variant.
        variant: Variant,
    },
    /// The seat to move has finished or was eliminated, and the game goes on.
    #[error("{0} cannot be to move: it no longer plays")]
    TurnNotPlaying(Colour),
    /// Only the seat to move.
    #[error("no segment after the seat to move")]
    NoSegment,
    /// A segment that starts with neither a branch code nor `X`.
    #[error(
        "segment '{0}' does not start with a seat S, SW, NW, N, NE, SE (or X for the pieces of captures)"
    )]
    UnknownSeat(String),
    /// A seat listed twice.
    #[error("seat {0} is listed twice")]
    DuplicateSeat(Colour),
    /// A seat of the table without its segment.
    #[error("seat {0} has no segment")]
    MissingSeat(Colour),
    /// A segment with no hole after its code.
    #[error("segment {0} lists no hole")]
    EmptySegment(String),
    /// A hole that does not parse.
    #[error("segment {segment}: {error}")]
    Hole {
        /// The segment's code.
        segment: String,
        /// What is wrong with the hole.
        error: HoleError,
    },
    /// A hole listed twice.
    #[error("hole {0} is listed twice")]
    DuplicateHole(Hole),
    /// A seat without its number of marbles.
    #[error("seat {seat} has {count} marbles, it must have {expected}")]
    MarbleCount {
        /// The seat.
        seat: Colour,
        /// How many it has.
        count: usize,
        /// How many the variant gives each seat.
        expected: usize,
    },
    /// Seat segments in the captures game, or the pieces segment `X` in another.
    #[error("{0}")]
    WrongSegments(&'static str),
    /// More neutral pieces than the 60 of the set-up.
    #[error("the captures game has at most 60 pieces, this position has {0}")]
    TooManyPieces(usize),
    /// A field that is not `key=value` with a known key.
    #[error("unknown field '{0}': expected moves=, opener=, done=, out= or taken=")]
    UnknownField(String),
    /// A field given twice.
    #[error("field {0} is given twice")]
    DuplicateField(String),
    /// A field whose value does not parse.
    #[error("bad value in field '{field}': {reason}")]
    FieldValue {
        /// The whole field.
        field: String,
        /// What is wrong.
        reason: &'static str,
    },
    /// An eliminated seat still has marbles on the board (with three players or more).
    #[error("seat {0} is eliminated but still has marbles on the board")]
    OutWithMarbles(Colour),
}

fn seat_list(variant: Variant) -> String {
    let codes: Vec<&str> = variant.seats().iter().map(|s| s.code()).collect();
    codes.join(", ")
}

/// Why a star move is not legal in a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StarIllegal {
    /// The game has ended.
    #[error("the game is over: {0}")]
    GameOver(StarOutcome),
    /// The move starts on an empty hole.
    #[error("there is nothing on {0}")]
    EmptyHole(Hole),
    /// The move starts on another seat's marble.
    #[error("the marble on {hole} is {owner}'s, not the mover's")]
    NotYourMarble {
        /// The start hole.
        hole: Hole,
        /// Whose marble it is.
        owner: Colour,
    },
    /// The destination of a step or a chain is occupied.
    #[error("{0} is occupied")]
    Occupied(Hole),
    /// The ends of a step or a chain that it does not join.
    #[error(transparent)]
    Reach(#[from] ReachError),
    /// A move that would end in a branch other than the mover's home and goal (§4.3).
    #[error(
        "a move may not end on {to}, in branch {branch}: only the hexagon, the mover's home and its goal"
    )]
    EndsInBranch {
        /// Where it would end.
        to: Hole,
        /// The branch of that hole.
        branch: Colour,
    },
    /// A step or a landing outside the goal for a marble that stands in it (§4.4).
    #[error("hop {number} ({from}-{to}): a marble in its goal may only move within the goal")]
    LeavesGoal {
        /// Which hop, counting from 1.
        number: usize,
        /// Start of the hop.
        from: Hole,
        /// The landing outside the goal.
        to: Hole,
    },
    /// One hop of a written path is wrong.
    #[error(transparent)]
    Hop(#[from] BadHop),
    /// A step in the captures game, where every move is a chain of jumps (§5.2).
    #[error("{from}-{to} is a step: in the captures game every move is a jump")]
    StepInCaptures {
        /// Start.
        from: Hole,
        /// Destination.
        to: Hole,
    },
    /// A move of the wrong kind for the game: a capture path outside the captures game, or a
    /// step or chain by its ends in it.
    #[error("this kind of move is not played in {0}")]
    WrongKind(Variant),
    /// A pass while a move exists.
    #[error("pass is only allowed when the seat to move has no other move")]
    PassNotAllowed,
    /// A path of a single hole.
    #[error("a path needs at least 2 holes, this one has {0}")]
    PathLength(usize),
}

/// A refused star move: the reason, and the position unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct StarPlayError {
    /// The position the move was tried on, as it was.
    pub position: Box<StarPosition>,
    /// Why the move was refused.
    pub reason: StarIllegal,
}

/// A star move text that cannot be played: it does not parse, or it is illegal here.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StarMoveError {
    /// Not a move at all.
    #[error(transparent)]
    Syntax(#[from] StarNotationError),
    /// A move, but not a legal one here.
    #[error("illegal move {text}: {reason}")]
    Illegal {
        /// The move as written.
        text: String,
        /// Why it is refused.
        reason: StarIllegal,
    },
}
