//! Zobrist hashing: one random key per piece kind and square, and one for Black to move, from
//! SplitMix64 (a fixed, well-mixed sequence, so hashes are the same on every machine and run).

use crate::position::Position;
use tripot_game::{split_mix_table, split_mix64};

/// `KEYS[kind][bit]`, kind = 2 × side + (1 if king); bits of the padded layout.
static KEYS: [[u64; 64]; 4] = split_mix_table(0x7D1A_6B00_5EED_0001);

/// XORed in when Black is to move.
const BLACK_TO_MOVE: u64 = split_mix64(0x0B1A_C6B1_ACC0_FFEE).1;

impl Position {
    /// A 64-bit Zobrist hash of the pieces and the side to move: equal positions hash equal,
    /// and different ones almost never do.
    pub fn hash_key(&self) -> u64 {
        let mut hash = match self.turn {
            crate::Color::White => 0,
            crate::Color::Black => BLACK_TO_MOVE,
        };
        for (side, &pieces) in self.pieces.iter().enumerate() {
            let mut bits = pieces;
            while bits != 0 {
                let bit = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let kind = side * 2 + usize::from(self.kings >> bit & 1 == 1);
                hash ^= KEYS[kind & 3][bit & 63];
            }
        }
        hash
    }
}
