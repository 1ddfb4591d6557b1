//! The board cut into lines: the fast path of the chain search (RULES.md §3.2, §3.3).
//!
//! Every line of the star along each of the three axes is at most 13 holes long. Each is kept in
//! a `u64` word with its holes at bits `10..10 + length` and every other bit set, as if the line
//! went on with pawns beyond both ends. A symmetric jump looks at most 10 holes ahead (a pivot at
//! distance 5 and the 5 holes past it), so the jump from a hole in one direction is decided by the
//! 10 bits next to it in that direction: one shift and mask, then a lookup in a 1 KiB table of
//! all 1024 patterns. The set bits past the ends need no test of their own: a pivot or a landing
//! off the board meets a set bit where the rule wants an empty hole, so the table says "no jump".
//! No branch, no loop over the holes. Short jumps alone (the classic preset) test their two holes
//! each way with a branch instead: such jumps are rare, so the branch is well predicted and the
//! clock preferred it. The perft and search hot loop spends most of its time here.

use crate::board::{DIRECTIONS, HOLE_COORDS, HOLE_COUNT, MAX_PIVOT_DISTANCE, index_of};
use crate::chain_search::ChainSearch;

/// Lines per axis: one per value of the coordinate held constant, `-8..=8`.
pub(crate) const LINES: usize = 17;

/// Where a hole sits on the line through it along each axis: `(line, position)`. Axis `a` runs
/// along `DIRECTIONS[a]`; positions count from the line's first hole in that direction.
pub(crate) static PLACES: [[(u8, u8); HOLE_COUNT]; 3] = {
    let mut places = [[(0u8, 0u8); HOLE_COUNT]; 3];
    let mut axis = 0;
    while axis < 3 {
        let (dq, dr) = DIRECTIONS[axis];
        let mut h = 0;
        while h < HOLE_COUNT {
            let (q, r) = HOLE_COORDS[h];
            let key = match axis {
                0 => r,
                1 => q,
                _ => -q - r,
            };
            // Lines of the star are unbroken, so the position is the number of holes behind.
            let mut pos = 0i8;
            while index_of(q - (pos + 1) * dq, r - (pos + 1) * dr).is_some() {
                pos += 1;
            }
            places[axis][h] = ((key + 8) as u8, pos as u8);
            h += 1;
        }
        axis += 1;
    }
    places
};

/// Number of holes of each line.
pub(crate) static LINE_LENGTH: [[u8; LINES]; 3] = {
    let mut lengths = [[0u8; LINES]; 3];
    let mut axis = 0;
    while axis < 3 {
        let mut h = 0;
        while h < HOLE_COUNT {
            let (line, pos) = PLACES[axis][h];
            if pos + 1 > lengths[axis][line as usize] {
                lengths[axis][line as usize] = pos + 1;
            }
            h += 1;
        }
        axis += 1;
    }
    lengths
};

/// The hole at each position of each line.
pub(crate) static HOLE_AT: [[[u8; 16]; LINES]; 3] = {
    let mut holes = [[[u8::MAX; 16]; LINES]; 3];
    let mut axis = 0;
    while axis < 3 {
        let mut h = 0;
        while h < HOLE_COUNT {
            let (line, pos) = PLACES[axis][h];
            holes[axis][line as usize][pos as usize] = h as u8;
            h += 1;
        }
        axis += 1;
    }
    holes
};

/// How far past the jumper a symmetric jump may look: a pivot at distance 5, then 5 holes.
const WINDOW: u32 = 2 * MAX_PIVOT_DISTANCE as u32;

/// Where the holes of a line start in its word; the bits below and past the line are set.
const OFFSET: u32 = WINDOW;

/// Number of line words: 17 lines along each of the three axes.
const WORDS: usize = 3 * LINES;

/// Where each hole sits in the three words of its lines: `word[axis]` is the index of the word,
/// `bit[axis]` the bit of the hole in it.
#[derive(Clone, Copy)]
struct Place {
    word: [u8; 3],
    bit: [u8; 3],
}

static PLACE: [Place; HOLE_COUNT] = {
    let mut places = [Place { word: [0; 3], bit: [0; 3] }; HOLE_COUNT];
    let mut h = 0;
    while h < HOLE_COUNT {
        let mut axis = 0;
        while axis < 3 {
            let (line, pos) = PLACES[axis][h];
            places[h].word[axis] = (axis * LINES) as u8 + line;
            places[h].bit[axis] = OFFSET as u8 + pos;
            axis += 1;
        }
        h += 1;
    }
    places
};

/// The hole at each bit of each word, as a one-bit mask (0 for the bits off the line): the
/// landing of a jump is read straight from the bit it lands on.
static HOLE_BIT_AT: [[u128; 32]; WORDS] = {
    let mut holes = [[0u128; 32]; WORDS];
    let mut h = 0;
    while h < HOLE_COUNT {
        let mut axis = 0;
        while axis < 3 {
            let p = PLACE[h];
            holes[p.word[axis] as usize][p.bit[axis] as usize] = 1 << h;
            axis += 1;
        }
        h += 1;
    }
    holes
};

/// Each word with no pawn on its line: every bit set but those of its holes.
static EMPTY_WORDS: [u64; WORDS] = {
    let mut words = [0u64; WORDS];
    let mut axis = 0;
    while axis < 3 {
        let mut line = 0;
        while line < LINES {
            let holes = (1u64 << LINE_LENGTH[axis][line]) - 1;
            words[axis * LINES + line] = !(holes << OFFSET);
            line += 1;
        }
        axis += 1;
    }
    words
};

/// `JUMP_AHEAD[max - 1][pattern]`: how far the jump goes when bit `k - 1` of `pattern` says
/// whether the hole at distance `k` is taken (`k = 1..=10`), with pivots at most `max` away
/// (RULES.md §3.2): `2d` for a pivot at distance `d` with the `d - 1` holes before it and the `d`
/// holes past it empty, else 0.
static JUMP_AHEAD: [[u8; 1 << WINDOW]; MAX_PIVOT_DISTANCE] = {
    let mut table = [[0u8; 1 << WINDOW]; MAX_PIVOT_DISTANCE];
    let mut max = 1;
    while max <= MAX_PIVOT_DISTANCE {
        let mut pattern = 1u32;
        while pattern < 1 << WINDOW {
            let d = pattern.trailing_zeros() + 1;
            // Bits 0..2d hold distances 1..=2d: only the pivot may be set among them.
            if d as usize <= max && pattern & ((1 << (2 * d)) - 1) == 1 << (d - 1) {
                table[max - 1][pattern as usize] = 2 * d as u8;
            }
            pattern += 1;
        }
        max += 1;
    }
    table
};

/// The same for the patterns read backwards: bit `10 - k` for the hole at distance `k`, which is
/// how the holes behind a hole lie in its word.
static JUMP_BEHIND: [[u8; 1 << WINDOW]; MAX_PIVOT_DISTANCE] = {
    let mut table = [[0u8; 1 << WINDOW]; MAX_PIVOT_DISTANCE];
    let mut max = 0;
    while max < MAX_PIVOT_DISTANCE {
        let mut pattern = 0u32;
        while pattern < 1 << WINDOW {
            let reversed = pattern.reverse_bits() >> (32 - WINDOW);
            table[max][pattern as usize] = JUMP_AHEAD[max][reversed as usize];
            pattern += 1;
        }
        max += 1;
    }
    table
};

/// The pawns of a position, line by line along the three axes. Built afresh for each move
/// generation rather than kept in [`crate::Position`]: 408 more bytes in every position copied
/// by the search (and held in network events) would cost more than they save.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Lines {
    words: [u64; WORDS],
}

impl std::fmt::Debug for Lines {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The same information as the occupied holes, printed elsewhere.
        f.debug_struct("Lines").finish_non_exhaustive()
    }
}

impl Lines {
    /// The lines of the board whose occupied holes are `occupied`.
    #[inline(always)]
    pub(crate) fn new(occupied: u128) -> Lines {
        let mut lines = Lines { words: EMPTY_WORDS };
        // Holes are numbered row by row, so each row (axis 0) is a run of bits to cut out; the
        // other two axes are filled pawn by pawn.
        for (line, word) in lines.words[..LINES].iter_mut().enumerate() {
            let holes = (1u64 << LINE_LENGTH[0][line]) - 1;
            let row = (occupied >> HOLE_AT[0][line][0]) as u64 & holes;
            *word ^= row << OFFSET;
        }
        let mut rest = occupied;
        while rest != 0 {
            let h = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let place = &PLACE[h];
            for axis in 1..3 {
                lines.words[place.word[axis] as usize] ^= 1 << place.bit[axis];
            }
        }
        lines
    }

    /// The raw line words, for tests.
    #[cfg(test)]
    pub(crate) fn occupied_lines(&self) -> [u64; WORDS] {
        self.words
    }
}

impl ChainSearch for Lines {
    #[inline(always)]
    fn toggle(&mut self, hole: usize) {
        let place = &PLACE[hole];
        for axis in 0..3 {
            self.words[place.word[axis] as usize] ^= 1 << place.bit[axis];
        }
    }

    #[inline(always)]
    fn jumps_from<const MAX: u32>(&self, at: usize) -> u128 {
        let place = &PLACE[at];
        let ahead_table = &JUMP_AHEAD[MAX as usize - 1];
        let behind_table = &JUMP_BEHIND[MAX as usize - 1];
        let mut landings = 0u128;
        if MAX == 1 {
            // Short jumps only need the two holes each way, and are rare enough that a branch
            // (well predicted) costs less than the lookups of the general case.
            for axis in 0..3 {
                let word = place.word[axis] as usize;
                let bit = u32::from(place.bit[axis]);
                let pawns = self.words[word];
                let holes = &HOLE_BIT_AT[word];
                if (pawns >> (bit + 1)) & 3 == 1 {
                    landings |= holes[(bit as usize + 2) & 31];
                }
                if (pawns >> (bit - 2)) & 3 == 2 {
                    landings |= holes[(bit as usize - 2) & 31];
                }
            }
            return landings;
        }
        for axis in 0..3 {
            let word = place.word[axis] as usize;
            let bit = u32::from(place.bit[axis]);
            let pawns = self.words[word];
            let ahead = (pawns >> (bit + 1)) as usize & ((1 << WINDOW) - 1);
            let behind = (pawns >> (bit - WINDOW)) as usize & ((1 << WINDOW) - 1);
            // No jump reads as distance 0, which lands on `at` itself: cleared below rather
            // than tested here, so that the loop has no branch.
            let forwards = bit as usize + ahead_table[ahead] as usize;
            let backwards = bit as usize - behind_table[behind] as usize;
            // A jump lands on the line, at most at bit 22: the mask only spares a bounds check.
            let holes = &HOLE_BIT_AT[word];
            landings |= holes[forwards & 31] | holes[backwards & 31];
        }
        // The bit of `at` itself, from the same table (a variable shift of a `u128` costs more).
        landings & !HOLE_BIT_AT[place.word[0] as usize][place.bit[0] as usize & 31]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{NONE, RAYS};

    #[test]
    fn lines_follow_the_rays_of_the_board() {
        for h in 0..HOLE_COUNT {
            for axis in 0..3 {
                let (line, pos) = PLACES[axis][h];
                let (line, pos) = (line as usize, pos as usize);
                assert_eq!(HOLE_AT[axis][line][pos] as usize, h);
                // Forwards along the line is the ray in direction `axis`, backwards the opposite.
                let forwards: Vec<u8> = RAYS[h][axis].iter().copied().take_while(|&i| i != NONE).collect();
                let on_line: Vec<u8> =
                    HOLE_AT[axis][line][pos + 1..LINE_LENGTH[axis][line] as usize].to_vec();
                assert_eq!(forwards, on_line, "hole {h} axis {axis}");
                let backwards: Vec<u8> =
                    RAYS[h][axis + 3].iter().copied().take_while(|&i| i != NONE).collect();
                let mut before: Vec<u8> = HOLE_AT[axis][line][..pos].to_vec();
                before.reverse();
                assert_eq!(backwards, before, "hole {h} axis {axis}");
            }
        }
    }

    #[test]
    fn no_line_is_longer_than_a_u16() {
        assert!(LINE_LENGTH.iter().flatten().all(|&n| (1..=16).contains(&n)));
    }
}
