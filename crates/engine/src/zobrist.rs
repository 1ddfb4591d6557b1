//! Zobrist keys: a 64-bit hash of a position, updated incrementally as moves are played.
//!
//! The keys are fixed constants (SplitMix64 from a fixed seed) so that two clients, or a client
//! and a saved game, agree on the hash of a position: the network protocol sends it with every
//! move to detect a desync.

use crate::board::HOLE_COUNT;

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// `PAWN_KEYS[colour][hole]`.
pub(crate) static PAWN_KEYS: [[u64; HOLE_COUNT]; 6] = {
    let mut keys = [[0u64; HOLE_COUNT]; 6];
    let mut state = 0x5472_6970_6f74_2121; // "Tripot!!"
    let mut c = 0;
    while c < 6 {
        let mut h = 0;
        while h < HOLE_COUNT {
            let (next, key) = splitmix64(state);
            state = next;
            keys[c][h] = key;
            h += 1;
        }
        c += 1;
    }
    keys
};

/// Added when camp B is to move.
pub(crate) const TURN_KEY: u64 = splitmix64(0x4361_6d70_2042_2121).1;

/// Added when the previous turn was a pass, since a second pass then ends the game.
pub(crate) const PASSED_KEY: u64 = splitmix64(0x5061_7373_6564_2121).1;

/// Keys of the star games (RULES-STAR.md), from their own seed so that the duel's keys stay as
/// they are: `[neutral piece on each hole]`, then a key per seat to move, then a key per seat that
/// no longer plays (finished or eliminated).
const STAR_KEYS: [u64; HOLE_COUNT + 12] = {
    let mut keys = [0u64; HOLE_COUNT + 12];
    let mut state = 0x5374_6172_2121_2121; // "Star!!!!"
    let mut i = 0;
    while i < HOLE_COUNT + 12 {
        let (next, key) = splitmix64(state);
        state = next;
        keys[i] = key;
        i += 1;
    }
    keys
};

/// A neutral piece of the captures game on a hole.
pub(crate) const fn neutral_key(hole: usize) -> u64 {
    STAR_KEYS[hole]
}

/// The seat of colour index `seat` is to move.
pub(crate) const fn seat_turn_key(seat: usize) -> u64 {
    STAR_KEYS[HOLE_COUNT + seat]
}

/// The seat of colour index `seat` no longer plays.
pub(crate) const fn seat_done_key(seat: usize) -> u64 {
    STAR_KEYS[HOLE_COUNT + 6 + seat]
}
