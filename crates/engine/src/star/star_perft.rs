//! Perft for the star games: the number of move sequences of a given length, counted in bulk at
//! the last ply. A pass counts as one move; a finished game has none. Repetition (§4.7) needs a
//! history and is not counted, as in chess perft.

use super::star_position::StarPosition;

/// Counts the move sequences of length `depth` from `position`.
#[must_use]
pub fn star_perft(position: &StarPosition, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves(),
        _ => position
            .legal_moves()
            .iter()
            .map(|m| {
                let mut next = *position;
                next.play_unchecked(m);
                star_perft(&next, depth - 1)
            })
            .sum(),
    }
}
