//! The four diagonal directions, as shifts of the padded bitboard, and the rays a king slides
//! along.

use crate::square::BOARD;

/// Up-left seen by White (towards square 1's side): 6 bits down.
pub(crate) const NORTH_WEST: usize = 0;
/// Up-right seen by White: 5 bits down.
pub(crate) const NORTH_EAST: usize = 1;
/// Down-left seen by White: 5 bits up.
pub(crate) const SOUTH_WEST: usize = 2;
/// Down-right seen by White: 6 bits up.
pub(crate) const SOUTH_EAST: usize = 3;

/// Bit offset of one step in each direction. The opposite of direction `d` is `3 - d`.
const OFFSETS: [i32; 4] = [-6, -5, 5, 6];

/// `bits` moved one step in direction `d`; bits that leave the board (onto padding or past
/// the 64 bits) are dropped.
#[inline(always)]
pub(crate) const fn shift(bits: u64, d: usize) -> u64 {
    let offset = OFFSETS[d];
    let moved = if offset < 0 { bits >> (-offset) } else { bits << offset };
    moved & BOARD
}

/// The opposite direction.
#[inline(always)]
pub(crate) const fn opposite(d: usize) -> usize {
    3 - d
}

/// Whether direction `d` goes towards higher bits (so the nearest square of a ray is its lowest
/// bit).
#[inline(always)]
const fn increasing(d: usize) -> bool {
    d >= SOUTH_WEST
}

/// `RAYS[d][bit]`: every square reached from the square of `bit` by stepping in direction `d`,
/// not the square itself.
static RAYS: [[u64; 64]; 4] = {
    let mut rays = [[0u64; 64]; 4];
    let mut d = 0;
    while d < 4 {
        let mut bit = 0;
        while bit < 64 {
            let start = 1u64 << bit;
            if start & BOARD != 0 {
                let mut ray = 0;
                let mut at = shift(start, d);
                while at != 0 {
                    ray |= at;
                    at = shift(at, d);
                }
                rays[d][bit] = ray;
            }
            bit += 1;
        }
        d += 1;
    }
    rays
};

/// The ray from the single-bit square `from` in direction `d`.
#[inline(always)]
pub(crate) fn ray(from: u64, d: usize) -> u64 {
    RAYS[d][from.trailing_zeros() as usize & 63]
}

/// The nearest square of `ray_bits & occupied` along direction `d`, as a one-bit mask (0 if
/// none). `ray_bits` must be a ray in direction `d`.
#[inline(always)]
pub(crate) fn nearest(ray_bits: u64, occupied: u64, d: usize) -> u64 {
    let hits = ray_bits & occupied;
    if hits == 0 {
        0
    } else if increasing(d) {
        hits & hits.wrapping_neg()
    } else {
        1u64 << (63 - hits.leading_zeros())
    }
}

/// The squares of a ray in direction `d` that come before `blocker` (a one-bit mask on the
/// ray, or 0 for no blocker: then the whole ray).
#[inline(always)]
pub(crate) fn before(ray_bits: u64, blocker: u64, d: usize) -> u64 {
    if blocker == 0 {
        ray_bits
    } else if increasing(d) {
        ray_bits & (blocker - 1)
    } else {
        ray_bits & !((blocker << 1).wrapping_sub(1))
    }
}

/// The squares a king on `from` slides to in direction `d` over `empty` squares.
#[inline(always)]
pub(crate) fn slide(from: u64, empty: u64, d: usize) -> u64 {
    let ray_bits = ray(from, d);
    before(ray_bits, nearest(ray_bits, !empty & BOARD, d), d)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use crate::square::Square;

    fn sq(n: u8) -> u64 {
        Square::new(n).unwrap().mask()
    }

    #[test]
    fn steps_follow_the_diagram() {
        // 28 is in row 6 (0-based 5), column 4; its neighbours are 22, 23 above and 32, 33 below.
        assert_eq!(shift(sq(28), NORTH_WEST), sq(22));
        assert_eq!(shift(sq(28), NORTH_EAST), sq(23));
        assert_eq!(shift(sq(28), SOUTH_WEST), sq(32));
        assert_eq!(shift(sq(28), SOUTH_EAST), sq(33));
        // Edges: 6 and 16 are on the left edge, 5 and 15 on the right, 46 in the corner.
        assert_eq!(shift(sq(6), NORTH_WEST), 0);
        assert_eq!(shift(sq(6), SOUTH_WEST), 0);
        assert_eq!(shift(sq(16), NORTH_WEST), 0);
        assert_eq!(shift(sq(15), NORTH_EAST), 0);
        assert_eq!(shift(sq(15), SOUTH_EAST), 0);
        assert_eq!(shift(sq(46), SOUTH_WEST), 0);
        assert_eq!(shift(sq(50), SOUTH_EAST), 0);
        assert_eq!(shift(sq(46), NORTH_EAST), sq(41));
    }

    #[test]
    fn the_long_diagonal_is_ten_squares() {
        let long = ray(sq(46), NORTH_EAST);
        assert_eq!(long.count_ones(), 9);
        assert_ne!(long & sq(5), 0);
        assert_eq!(slide(sq(46), BOARD & !sq(28), NORTH_EAST).count_ones(), 3);
        assert_eq!(slide(sq(5), BOARD & !sq(28), SOUTH_WEST).count_ones(), 4);
    }
}
