//! The board cut into lines: the fast path of the chain search (RULES.md §3.2, §3.3).
//!
//! Every line of the star along each of the three axes is at most 13 holes long, so the pawns on
//! it fit in a `u16`. A jump along a line is then a few shifts on that small integer: the pivot
//! is the nearest set bit, and the jump is legal when it is the only set bit among the `2d` holes
//! past the jumper and the line is long enough. The perft and search hot loop spends most of
//! its time here.

use crate::board::{DIRECTIONS, HOLE_COORDS, HOLE_COUNT, index_of};

/// Lines per axis: one per value of the coordinate held constant, `-8..=8`.
const LINES: usize = 17;

/// Where a hole sits on the line through it along each axis: `(line, position)`. Axis `a` runs
/// along `DIRECTIONS[a]`; positions count from the line's first hole in that direction.
static PLACES: [[(u8, u8); HOLE_COUNT]; 3] = {
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
static LINE_LENGTH: [[u8; LINES]; 3] = {
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
static HOLE_AT: [[[u8; 16]; LINES]; 3] = {
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

/// The pawns of a position, line by line along the three axes. Built afresh for each move
/// generation rather than kept in [`crate::Position`]: 102 more bytes in every position copied
/// by the search (and held in network events) cost more than they save.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Lines {
    occupied: [[u16; LINES]; 3],
}

impl std::fmt::Debug for Lines {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The same information as the occupied holes, printed elsewhere.
        f.debug_struct("Lines").finish_non_exhaustive()
    }
}

impl Lines {
    /// No pawn on any line.
    pub(crate) const EMPTY: Lines = Lines { occupied: [[0; LINES]; 3] };

    /// The lines of the board whose occupied holes are `occupied`.
    #[inline]
    pub(crate) fn new(occupied: u128) -> Lines {
        let mut lines = Lines::EMPTY;
        // Holes are numbered row by row, so each row (axis 0) is a run of bits to cut out; the
        // other two axes are filled pawn by pawn.
        for (line, row) in lines.occupied[0].iter_mut().enumerate() {
            let length = LINE_LENGTH[0][line];
            *row = (occupied >> HOLE_AT[0][line][0]) as u16 & ((1u32 << length) - 1) as u16;
        }
        let mut rest = occupied;
        while rest != 0 {
            let h = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            for (places, lines) in PLACES.iter().zip(&mut lines.occupied).skip(1) {
                let (line, pos) = places[h];
                lines[line as usize] ^= 1 << pos;
            }
        }
        lines
    }

    /// Adds or removes the pawn on `hole`.
    #[inline(always)]
    pub(crate) fn toggle(&mut self, hole: usize) {
        for (places, lines) in PLACES.iter().zip(&mut self.occupied) {
            let (line, pos) = places[hole];
            lines[line as usize] ^= 1 << pos;
        }
    }

    /// The landings of the single jumps from `at`, as a mask; the pivot may be at most `MAX`
    /// holes away.
    #[inline(always)]
    fn jumps_from<const MAX: u32>(&self, at: usize) -> u128 {
        let mut landings = 0u128;
        for axis in 0..3 {
            let (line, pos) = PLACES[axis][at];
            let (line, pos) = (line as usize, u32::from(pos));
            let pawns = u32::from(self.occupied[axis][line]);
            let length = u32::from(LINE_LENGTH[axis][line]);
            // Forwards: the holes past `at`, nearest in bit 0.
            let ahead = pawns >> (pos + 1);
            if ahead != 0 {
                let d = ahead.trailing_zeros() + 1;
                if d <= MAX && pos + 2 * d < length && ahead & ((1 << (2 * d)) - 1) == 1 << (d - 1) {
                    landings |= 1 << HOLE_AT[axis][line][(pos + 2 * d) as usize];
                }
            }
            // Backwards: the holes before `at`, nearest in the highest bit.
            let behind = pawns & ((1 << pos) - 1);
            if behind != 0 {
                let d = pos - (31 - behind.leading_zeros());
                if d <= MAX && 2 * d <= pos && behind >> (pos - 2 * d) == 1 << d {
                    landings |= 1 << HOLE_AT[axis][line][(pos - 2 * d) as usize];
                }
            }
        }
        landings
    }

    /// Every hole a chain of jumps can reach from the pawn on `from` (§3.3): the holes reachable
    /// in the single-jump graph of the board without that pawn, `from` itself excluded.
    #[inline(always)]
    pub(crate) fn chain_reach<const MAX: u32>(&mut self, from: usize) -> u128 {
        let start = 1u128 << from;
        // The first jumps never see the jumper's own hole, so they need no lifting; most pawns
        // have none, and skip the lifting altogether.
        let first = self.jumps_from::<MAX>(from);
        if first == 0 {
            return 0;
        }
        // The moving pawn is lifted for the rest of the chain.
        self.toggle(from);
        let mut reached = start | first;
        let mut todo = first;
        while todo != 0 {
            let at = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let new = self.jumps_from::<MAX>(at) & !reached;
            reached |= new;
            todo |= new;
        }
        self.toggle(from);
        reached & !start
    }

    /// Whether a chain of jumps from the pawn on `from` can reach a hole of `targets`: the
    /// search of [`Lines::chain_reach`], stopped as soon as it gets there.
    #[inline]
    pub(crate) fn chain_reaches(&mut self, from: usize, targets: u128, max_pivot: usize) -> bool {
        match max_pivot {
            1 => self.chain_reaches_within::<1>(from, targets),
            2 => self.chain_reaches_within::<2>(from, targets),
            3 => self.chain_reaches_within::<3>(from, targets),
            4 => self.chain_reaches_within::<4>(from, targets),
            _ => self.chain_reaches_within::<5>(from, targets),
        }
    }

    fn chain_reaches_within<const MAX: u32>(&mut self, from: usize, targets: u128) -> bool {
        let start = 1u128 << from;
        self.toggle(from);
        let mut reached = start;
        let mut todo = start;
        let mut found = false;
        while todo != 0 && !found {
            let at = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let new = self.jumps_from::<MAX>(at) & !reached;
            found = new & targets != 0;
            reached |= new;
            todo |= new;
        }
        self.toggle(from);
        found
    }

    /// The holes a chain of jumps from the pawn on `from` can reach when every landing must lie
    /// in `allowed` (RULES-STAR.md §4.4: a marble in its goal stays in it). Not on the duel's
    /// hot path, which uses [`Lines::chain_reach`].
    pub(crate) fn chain_reach_inside(&mut self, from: usize, allowed: u128, max_pivot: usize) -> u128 {
        match max_pivot {
            1 => self.chain_reach_inside_within::<1>(from, allowed),
            _ => self.chain_reach_inside_within::<5>(from, allowed),
        }
    }

    fn chain_reach_inside_within<const MAX: u32>(&mut self, from: usize, allowed: u128) -> u128 {
        let start = 1u128 << from;
        self.toggle(from);
        let mut reached = start;
        let mut todo = start;
        while todo != 0 {
            let at = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let new = self.jumps_from::<MAX>(at) & !reached & allowed;
            reached |= new;
            todo |= new;
        }
        self.toggle(from);
        reached & !start
    }

    /// The raw line masks, for tests.
    #[cfg(test)]
    pub(crate) fn occupied_lines(&self) -> [[u16; LINES]; 3] {
        self.occupied
    }

    /// [`Lines::chain_reach`] for a pivot limit known only at run time: the presets have 1 and 5.
    #[inline]
    pub(crate) fn chain_reach_within(&mut self, from: usize, max_pivot: usize) -> u128 {
        match max_pivot {
            1 => self.chain_reach::<1>(from),
            2 => self.chain_reach::<2>(from),
            3 => self.chain_reach::<3>(from),
            4 => self.chain_reach::<4>(from),
            _ => self.chain_reach::<5>(from),
        }
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
