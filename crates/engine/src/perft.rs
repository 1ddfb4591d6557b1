//! Perft: the number of move sequences of a given length, the standard check of a move
//! generator. A pass counts as one move; a finished game has none.

use crate::position::Position;

/// Counts the move sequences of length `depth` from `position`, counting the last ply in bulk.
#[must_use]
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves() as u64,
        _ => position
            .legal_moves()
            .into_iter()
            .map(|m| {
                let mut next = *position;
                next.play_unchecked(m);
                perft(&next, depth - 1)
            })
            .sum(),
    }
}
