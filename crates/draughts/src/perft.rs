//! Perft: the number of move sequences of a given length, the generator's test.
//!
//! Moves equal in the FMJD sense (same ends, same captured set) count once, as in the
//! published tables. The last ply is counted without being played ("bulk counting").

use crate::movegen;
use crate::moves::Move;
use crate::position::Position;
use crate::raw::{RawList, RawMove};

/// The number of legal move sequences of `depth` plies from `position` (1 for depth 0).
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_moves(position),
        _ => perft_below(position, depth),
    }
}

/// Perft for `depth` ≥ 2: quiet moves are played as they are generated, without a list; only
/// rafles, which must be told apart from equal ones, go through a list.
fn perft_below(position: &Position, depth: u32) -> u64 {
    let sides = position.sides();
    let mut nodes = 0;
    if movegen::can_capture(&sides) {
        let mut captures = RawList::new();
        movegen::generate_captures(&sides, &mut captures);
        for &m in captures.as_slice() {
            nodes += perft(&position.play_raw(m), depth - 1);
        }
    } else {
        movegen::for_each_quiet(&sides, |from, to| {
            nodes += perft(&position.play_raw(RawMove { from, to, captured: 0 }), depth - 1);
        });
    }
    nodes
}

/// Perft below each legal move (`depth` ≥ 1 counts the move itself as the first ply).
pub fn perft_divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    position
        .legal_moves()
        .iter()
        .map(|m| (m.clone(), perft(&position.play_unchecked(m), depth.saturating_sub(1))))
        .collect()
}

/// How many legal moves `position` has, without building quiet moves.
fn count_moves(position: &Position) -> u64 {
    movegen::count_legal(&position.sides())
}
