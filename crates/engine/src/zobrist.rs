//! Zobrist keys: a 64-bit hash of a position, updated incrementally as moves are played.
//!
//! The keys are fixed constants (SplitMix64 from a fixed seed) so that two clients, or a client
//! and a saved game, agree on the hash of a position: the network protocol sends it with every
//! move to detect a desync.

use tripot_game::{split_mix_table, split_mix64};

use crate::board::HOLE_COUNT;

/// `PAWN_KEYS[colour][hole]`.
pub(crate) static PAWN_KEYS: [[u64; HOLE_COUNT]; 6] = split_mix_table(0x5472_6970_6f74_2121); // "Tripot!!"

/// Added when camp B is to move.
pub(crate) const TURN_KEY: u64 = split_mix64(0x4361_6d70_2042_2121).1;

/// Added when the previous turn was a pass, since a second pass then ends the game.
pub(crate) const PASSED_KEY: u64 = split_mix64(0x5061_7373_6564_2121).1;

/// Keys of the star games (RULES-STAR.md), from their own seed so that the duel's keys stay as
/// they are: `[neutral piece on each hole]`, then a key per seat to move, then a key per seat that
/// no longer plays (finished or eliminated).
const STAR_KEYS: [u64; HOLE_COUNT + 12] = split_mix_table::<1, { HOLE_COUNT + 12 }>(0x5374_6172_2121_2121)[0]; // "Star!!!!"

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
