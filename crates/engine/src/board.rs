//! The geometry of the star, computed once at compile time (RULES.md §1).
//!
//! Everything the move generator asks of the board is a table lookup: neighbours, the holes
//! along each line, and for every (hole, direction, pivot distance) the landing hole and the
//! mask of holes that must be empty for the jump.

/// Number of holes.
pub const HOLE_COUNT: usize = 121;

/// Marks "no hole" in the tables.
pub(crate) const NONE: u8 = u8::MAX;

/// Longest pivot distance of a symmetric jump (RULES.md §3.2).
pub const MAX_PIVOT_DISTANCE: usize = 5;

/// The six directions in axial coordinates. The first three raise the hole index, the last three
/// lower it; direction `i + 3` is the opposite of direction `i`.
pub const DIRECTIONS: [(i8, i8); 6] = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];

const fn on_board(q: i8, r: i8) -> bool {
    let s = -q - r;
    (q <= 4 && r <= 4 && s <= 4) || (q >= -4 && r >= -4 && s >= -4)
}

static GRID: [[u8; 17]; 17] = {
    let mut grid = [[NONE; 17]; 17];
    let mut index = 0u8;
    let mut r = -8i8;
    while r <= 8 {
        let mut q = -8i8;
        while q <= 8 {
            if on_board(q, r) {
                grid[(q + 8) as usize][(r + 8) as usize] = index;
                index += 1;
            }
            q += 1;
        }
        r += 1;
    }
    grid
};

/// The index of the hole at `(q, r)`, if on the board.
pub(crate) const fn index_of(q: i8, r: i8) -> Option<u8> {
    if q < -8 || q > 8 || r < -8 || r > 8 {
        return None;
    }
    let i = GRID[(q + 8) as usize][(r + 8) as usize];
    if i == NONE { None } else { Some(i) }
}

/// Axial coordinates of each hole, by index.
pub(crate) static HOLE_COORDS: [(i8, i8); HOLE_COUNT] = {
    let mut coords = [(0i8, 0i8); HOLE_COUNT];
    let mut r = -8i8;
    while r <= 8 {
        let mut q = -8i8;
        while q <= 8 {
            let i = GRID[(q + 8) as usize][(r + 8) as usize];
            if i != NONE {
                coords[i as usize] = (q, r);
            }
            q += 1;
        }
        r += 1;
    }
    coords
};

/// Bits of every hole.
pub(crate) const ALL_HOLES: u128 = (1u128 << HOLE_COUNT) - 1;

/// The holes along each line from each hole, nearest first, padded with [`NONE`].
pub(crate) static RAYS: [[[u8; 16]; 6]; HOLE_COUNT] = {
    let mut rays = [[[NONE; 16]; 6]; HOLE_COUNT];
    let mut h = 0;
    while h < HOLE_COUNT {
        let (q, r) = HOLE_COORDS[h];
        let mut d = 0;
        while d < 6 {
            let (dq, dr) = DIRECTIONS[d];
            let mut k = 1i8;
            while k <= 16 {
                match index_of(q + k * dq, r + k * dr) {
                    Some(i) => rays[h][d][(k - 1) as usize] = i,
                    None => break,
                }
                k += 1;
            }
            d += 1;
        }
        h += 1;
    }
    rays
};

/// The holes at distances `near..=far` from hole `h` in direction `dir`, as a mask; holes past the
/// edge of the board are left out.
const fn ray_span(h: usize, dir: usize, near: usize, far: usize) -> u128 {
    let mut mask = 0u128;
    let mut k = near;
    while k <= far {
        let i = RAYS[h][dir][k - 1];
        if i != NONE {
            mask |= 1 << i;
        }
        k += 1;
    }
    mask
}

/// The six neighbours of each hole, as a mask.
pub(crate) static NEIGHBOURS: [u128; HOLE_COUNT] = {
    let mut masks = [0u128; HOLE_COUNT];
    let mut h = 0;
    while h < HOLE_COUNT {
        let mut d = 0;
        while d < 6 {
            masks[h] |= ray_span(h, d, 1, 1);
            d += 1;
        }
        h += 1;
    }
    masks
};

/// For each hole and direction, the holes at distances `1..=5`: where a pivot may stand.
pub(crate) static PIVOT_ZONE: [[u128; 6]; HOLE_COUNT] = {
    let mut masks = [[0u128; 6]; HOLE_COUNT];
    let mut h = 0;
    while h < HOLE_COUNT {
        let mut d = 0;
        while d < 6 {
            masks[h][d] = ray_span(h, d, 1, MAX_PIVOT_DISTANCE);
            d += 1;
        }
        h += 1;
    }
    masks
};

/// `JUMP_BEYOND[hole][direction][d - 1]`: for a pivot at distance `d` in `1..=5`, the holes at
/// distances `d+1 ..= 2d`, which must all be empty; the landing hole is the farthest of them.
/// When the line leaves the board before the landing, the entry is every hole: the pivot itself
/// is then among them, so the "all empty" test fails and no jump is generated, with no extra
/// branch in the move generator.
pub(crate) static JUMP_BEYOND: [[[u128; MAX_PIVOT_DISTANCE]; 6]; HOLE_COUNT] = {
    let mut table = [[[ALL_HOLES; MAX_PIVOT_DISTANCE]; 6]; HOLE_COUNT];
    let mut h = 0;
    while h < HOLE_COUNT {
        let mut dir = 0;
        while dir < 6 {
            let mut d = 1;
            while d <= MAX_PIVOT_DISTANCE {
                if RAYS[h][dir][2 * d - 1] != NONE {
                    table[h][dir][d - 1] = ray_span(h, dir, d + 1, 2 * d);
                }
                d += 1;
            }
            dir += 1;
        }
        h += 1;
    }
    table
};

/// For each hole, every hole a single jump from it may look at: up to 10 holes along each of the
/// six directions (a pivot at distance 5 and the 5 holes past it). Only the reference generator
/// still uses it; the swap search now asks for the holes actually read (`movegen::jump_reads`).
#[cfg(test)]
pub(crate) static JUMP_READS: [u128; HOLE_COUNT] = {
    let mut masks = [0u128; HOLE_COUNT];
    let mut h = 0;
    while h < HOLE_COUNT {
        let mut d = 0;
        while d < 6 {
            masks[h] |= ray_span(h, d, 1, 2 * MAX_PIVOT_DISTANCE);
            d += 1;
        }
        h += 1;
    }
    masks
};

/// For each hole and direction, the neighbour that way as a mask (0 off the board): the only
/// pivot a short jump may use.
pub(crate) static NEIGHBOUR_TOWARDS: [[u128; 6]; HOLE_COUNT] = {
    let mut masks = [[0u128; 6]; HOLE_COUNT];
    let mut h = 0;
    while h < HOLE_COUNT {
        let mut d = 0;
        while d < 6 {
            masks[h][d] = ray_span(h, d, 1, 1);
            d += 1;
        }
        h += 1;
    }
    masks
};

/// Which hole along a ray a given index is: `RAY_DISTANCE[hole][other]` is the distance when the
/// two are on one line, else 0.
pub(crate) static LINE_DISTANCE: [[u8; HOLE_COUNT]; HOLE_COUNT] = {
    let mut table = [[0u8; HOLE_COUNT]; HOLE_COUNT];
    let mut h = 0;
    while h < HOLE_COUNT {
        let mut dir = 0;
        while dir < 6 {
            let mut k = 0;
            while k < 16 {
                let i = RAYS[h][dir][k];
                if i == NONE {
                    break;
                }
                table[h][i as usize] = (k + 1) as u8;
                k += 1;
            }
            dir += 1;
        }
        h += 1;
    }
    table
};

/// The direction from one hole to another on the same line, if any.
pub(crate) fn direction_between(from: usize, to: usize) -> Option<usize> {
    let (q1, r1) = HOLE_COORDS[from];
    let (q2, r2) = HOLE_COORDS[to];
    let (dq, dr) = ((q2 - q1).signum(), (r2 - r1).signum());
    let d = LINE_DISTANCE[from][to];
    if d == 0 {
        return None;
    }
    DIRECTIONS.iter().position(|&dir| dir == (dq, dr))
}

/// For each hole and direction, the hole two away on that line ([`NONE`] if off the board).
pub(crate) static TWO_AWAY: [[u8; 6]; HOLE_COUNT] = {
    let mut table = [[NONE; 6]; HOLE_COUNT];
    let mut h = 0;
    while h < HOLE_COUNT {
        let mut d = 0;
        while d < 6 {
            table[h][d] = RAYS[h][d][1];
            d += 1;
        }
        h += 1;
    }
    table
};

/// For each hole, its neighbours and the holes two away in a straight line: every hole a swap
/// partner may stand on (RULES.md §5), before asking whether the middle hole is occupied.
pub(crate) static SWAP_ZONE: [u128; HOLE_COUNT] = {
    let mut masks = [0u128; HOLE_COUNT];
    let mut h = 0;
    while h < HOLE_COUNT {
        masks[h] = NEIGHBOURS[h];
        let mut d = 0;
        while d < 6 {
            if TWO_AWAY[h][d] != NONE {
                masks[h] |= 1 << TWO_AWAY[h][d];
            }
            d += 1;
        }
        h += 1;
    }
    masks
};

/// Masks of the six branches, in the order N, NE, SE, S, SW, NW (RULES.md §1).
pub(crate) static BRANCHES: [u128; 6] = {
    let mut masks = [0u128; 6];
    let mut h = 0;
    while h < HOLE_COUNT {
        let (q, r) = HOLE_COORDS[h];
        let s = -q - r;
        let branch = if r >= 5 {
            0
        } else if s <= -5 {
            1
        } else if q >= 5 {
            2
        } else if r <= -5 {
            3
        } else if s >= 5 {
            4
        } else if q <= -5 {
            5
        } else {
            6
        };
        if branch < 6 {
            masks[branch] |= 1 << h;
        }
        h += 1;
    }
    masks
};

/// `GOAL_DISTANCE[branch][hole]`: hex distance from the hole to the nearest hole of the branch.
pub(crate) static BRANCH_DISTANCE: [[u8; HOLE_COUNT]; 6] = {
    let mut table = [[u8::MAX; HOLE_COUNT]; 6];
    let mut b = 0;
    while b < 6 {
        let mut h = 0;
        while h < HOLE_COUNT {
            let (q1, r1) = HOLE_COORDS[h];
            let mut g = 0;
            while g < HOLE_COUNT {
                if BRANCHES[b] >> g & 1 == 1 {
                    let (q2, r2) = HOLE_COORDS[g];
                    let dq = (q1 - q2).unsigned_abs();
                    let dr = (r1 - r2).unsigned_abs();
                    let ds = ((q1 + r1) - (q2 + r2)).unsigned_abs();
                    let dist = (dq + dr + ds) / 2;
                    if dist < table[b][h] {
                        table[b][h] = dist;
                    }
                }
                g += 1;
            }
            h += 1;
        }
        b += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_star_has_121_holes_a_hexagon_of_61_and_six_branches_of_10() {
        // RULES.md §1.
        assert_eq!(ALL_HOLES.count_ones(), 121);
        let branches: u128 = BRANCHES.iter().fold(0, |acc, b| acc | b);
        assert_eq!((ALL_HOLES & !branches).count_ones(), 61);
        for (i, b) in BRANCHES.iter().enumerate() {
            assert_eq!(b.count_ones(), 10, "branch {i}");
            for (j, c) in BRANCHES.iter().enumerate() {
                if i != j {
                    assert_eq!(b & c, 0);
                }
            }
        }
    }

    #[test]
    fn directions_keep_index_order() {
        for (h, rays) in RAYS.iter().enumerate() {
            for (d, ray) in rays.iter().enumerate() {
                let mut previous = h;
                for &i in ray.iter().take_while(|&&i| i != NONE) {
                    assert_eq!(i as usize > previous, d < 3);
                    previous = i as usize;
                }
            }
        }
    }

    #[test]
    fn the_longest_jump_covers_ten_holes() {
        // RULES.md §3.2: d = 5 lands 10 holes away, which needs a line of 11 holes.
        let longest = (0..HOLE_COUNT)
            .flat_map(|h| (0..6).map(move |d| JUMP_BEYOND[h][d][4]))
            .filter(|&beyond| beyond != ALL_HOLES)
            .count();
        assert!(longest > 0);
    }
}
