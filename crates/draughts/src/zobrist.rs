//! Zobrist hashing: one random key per piece kind and square, and one for Black to move.

use crate::position::Position;

/// SplitMix64: a fixed, well-mixed sequence, so hashes are the same on every machine and run.
const fn split_mix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// `KEYS[kind][bit]`, kind = 2 × side + (1 if king); bits of the padded layout.
static KEYS: [[u64; 64]; 4] = {
    let mut keys = [[0u64; 64]; 4];
    let mut state = 0x7D1A_6B00_5EED_0001u64;
    let mut kind = 0;
    while kind < 4 {
        let mut bit = 0;
        while bit < 64 {
            let (next, key) = split_mix(state);
            state = next;
            keys[kind][bit] = key;
            bit += 1;
        }
        kind += 1;
    }
    keys
};

/// XORed in when Black is to move.
const BLACK_TO_MOVE: u64 = split_mix(0x0B1A_C6B1_ACC0_FFEE).1;

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
