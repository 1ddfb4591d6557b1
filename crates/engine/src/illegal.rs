//! Why a move is refused.

use crate::hole::Hole;
use crate::outcome::Outcome;
use crate::position::Position;

/// Why one hop of a written path is not a legal jump (RULES.md §3.2, §3.3).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HopError {
    /// The two holes are not on one line.
    #[error("{to} is not on a straight line from {from}")]
    NotInLine {
        /// Start of the hop.
        from: Hole,
        /// End of the hop.
        to: Hole,
    },
    /// An odd distance has no hole midway for a pivot.
    #[error("{to} is {distance} holes from {from}: a jump covers an even number of holes")]
    OddDistance {
        /// Start of the hop.
        from: Hole,
        /// End of the hop.
        to: Hole,
        /// Holes between them, along the line.
        distance: u8,
    },
    /// The pivot would be farther than the rules allow.
    #[error("a jump from {from} to {to} needs a pivot {pivot_distance} holes away; the limit is {limit}")]
    TooLong {
        /// Start of the hop.
        from: Hole,
        /// End of the hop.
        to: Hole,
        /// Distance of the midway hole.
        pivot_distance: u8,
        /// The rules' limit.
        limit: u8,
    },
    /// Nothing to jump over midway.
    #[error("no pawn on {pivot}, midway between {from} and {to}, to jump over")]
    NoPivot {
        /// Start of the hop.
        from: Hole,
        /// End of the hop.
        to: Hole,
        /// The empty midway hole.
        pivot: Hole,
    },
    /// A pawn stands between the jumper and the pivot, or between the pivot and the landing.
    #[error("{blocker} is occupied: the line from {from} to {to} must be empty except for the pivot")]
    Blocked {
        /// Start of the hop.
        from: Hole,
        /// End of the hop.
        to: Hole,
        /// The occupied hole.
        blocker: Hole,
    },
    /// The chain comes back to a hole it already visited, the start included.
    #[error("{0} was already visited in this chain")]
    Revisit(Hole),
    /// A step in the middle of a chain, or after a jump.
    #[error("{from}-{to} is a step; a step cannot be part of a chain")]
    StepInChain {
        /// Start of the step.
        from: Hole,
        /// End of the step.
        to: Hole,
    },
}

/// The hop of a written path that is wrong, and why: the same in the duel (RULES.md §3.3) and in
/// the star games, whose chains are the duel's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("hop {number} ({from}-{to}): {reason}")]
pub struct BadHop {
    /// Which hop, counting from 1.
    pub number: usize,
    /// Start of the hop.
    pub from: Hole,
    /// End of the hop.
    pub to: Hole,
    /// What is wrong with it.
    pub reason: HopError,
}

/// Why a move given by its two ends, a step or a chain, does not go there: the same in the duel
/// (RULES.md §3) and in the star games (RULES-STAR.md), whose steps and chains are the duel's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ReachError {
    /// A step to a hole that is not an empty neighbour: the move is a chain.
    #[error("{from}-{to} is not a step to an empty neighbour")]
    NotAStep {
        /// Start.
        from: Hole,
        /// Destination.
        to: Hole,
    },
    /// A jump written to a hole a step reaches: the move is the step.
    #[error("{to} is an empty neighbour of {from}: that move is a step")]
    StepWrittenAsJump {
        /// Start.
        from: Hole,
        /// Destination.
        to: Hole,
    },
    /// No step or chain from `from` reaches `to`.
    #[error("no step or jump chain leads from {from} to {to}")]
    Unreachable {
        /// Start.
        from: Hole,
        /// Destination.
        to: Hole,
    },
}

/// Why a move is not legal in a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The game has ended.
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    /// The move starts on an empty hole.
    #[error("there is no pawn on {0}")]
    EmptyHole(Hole),
    /// The move starts on a pawn of the other camp.
    #[error("the pawn on {0} is not the mover's")]
    NotYourPawn(Hole),
    /// The ends of a step or a chain that it does not join.
    #[error(transparent)]
    Reach(#[from] ReachError),
    /// One hop of a written path is wrong.
    #[error(transparent)]
    Hop(#[from] BadHop),
    /// The destination of a step or jump is occupied.
    #[error("{0} is occupied")]
    Occupied(Hole),
    /// The swap's second pawn is not the other camp's.
    #[error("the pawn on {0} is not an enemy pawn")]
    NotAnEnemyPawn(Hole),
    /// Neither case of §5 allows this swap.
    #[error(
        "swap {mine}<>{theirs} not allowed: the pawns must be in range, and either {mine} is stuck \
         with no other move to free it, or the last pawn out cannot enter a goal held by {theirs}"
    )]
    SwapNotAllowed {
        /// The mover's pawn.
        mine: Hole,
        /// The enemy pawn.
        theirs: Hole,
    },
    /// The swap is not in the rules in force.
    #[error("these rules have no swap")]
    NoSwapInRules,
    /// A pass while a move exists.
    #[error("pass is only allowed when no other move exists")]
    PassNotAllowed,
    /// A path of a single hole, or longer than any chain can be.
    #[error("a path needs 2 to {max} holes, this one has {len}")]
    PathLength {
        /// Holes in the path.
        len: usize,
        /// Most holes a chain can visit.
        max: usize,
    },
}

/// A refused move: the reason, and the position unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct PlayError {
    /// The position the move was tried on, as it was.
    pub position: Box<Position>,
    /// Why the move was refused.
    pub reason: IllegalMove,
}
