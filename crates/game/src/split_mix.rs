//! SplitMix64, the one small deterministic generator of the workspace: the engines' Zobrist keys
//! (fixed constants, so that two clients agree on every hash they send), the computer players'
//! seeded choices, and the random games of the tests, benches and load tools. Not for anything a
//! player must not be able to predict.

/// One step of SplitMix64 from `state`: the next state and the number it gives. `const`, so that
/// key tables are computed at compile time.
#[must_use]
pub const fn split_mix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// A table of keys drawn in a row from `seed`, row by row: `table[0][0]` is
/// `split_mix64(seed).1`, `table[0][1]` the number after it, and so on. `const`, for the
/// engines' Zobrist tables.
#[must_use]
pub const fn split_mix_table<const ROWS: usize, const COLUMNS: usize>(seed: u64) -> [[u64; COLUMNS]; ROWS] {
    let mut table = [[0u64; COLUMNS]; ROWS];
    let mut state = seed;
    let mut row = 0;
    while row < ROWS {
        let mut column = 0;
        while column < COLUMNS {
            let (next, key) = split_mix64(state);
            state = next;
            table[row][column] = key;
            column += 1;
        }
        row += 1;
    }
    table
}

/// A SplitMix64 generator: the same numbers from the same seed on every machine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// The generator whose first number is `split_mix64(seed).1`.
    #[must_use]
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        let (state, number) = split_mix64(self.0);
        self.0 = state;
        number
    }

    /// A number in `0..n` (`0` when `n` is `0`), as the remainder of the next one: the bias is
    /// below `n / 2^64`, nothing for picking a move among a few hundred.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % (n as u64).max(1)) as usize
    }

    /// A number in `[0, 1)`, of 53 bits.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference sequence of SplitMix64 from seed 0 (Vigna's `splitmix64.c`): the keys every
    /// client derives depend on it never changing.
    #[test]
    fn the_sequence_is_the_published_one() {
        let mut dice = SplitMix64::new(0);
        assert_eq!(dice.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(dice.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(dice.next_u64(), 0x06C4_5D18_8009_454F);
    }

    #[test]
    fn a_table_is_the_sequence_row_by_row() {
        let table = split_mix_table::<2, 3>(5);
        let mut dice = SplitMix64::new(5);
        assert!(table.iter().flatten().all(|&key| key == dice.next_u64()));
    }

    #[test]
    fn below_stays_below_and_unit_stays_in_the_unit_interval() {
        let mut dice = SplitMix64::new(7);
        for n in [1, 2, 3, 10, 121, 1000] {
            assert!((0..200).all(|_| dice.below(n) < n));
        }
        assert_eq!(dice.below(0), 0);
        assert!((0..200).map(|_| dice.unit()).all(|u| (0.0..1.0).contains(&u)));
    }
}
