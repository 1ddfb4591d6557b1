//! Legal moves: steps, jump chains, and the pass (RULES.md §3, §6). Swaps are in `swap.rs`.

use arrayvec::ArrayVec;

use crate::board::{
    ALL_HOLES, JUMP_BEYOND, LINE_DISTANCE, MAX_PIVOT_DISTANCE, NEIGHBOUR_TOWARDS, NEIGHBOURS, PIVOT_ZONE,
    SWAP_ZONE,
};
use crate::chain_search::ChainSearch as _;
use crate::hole::Hole;
use crate::hole_set::HoleSet;
use crate::lines::Lines;
use crate::moves::{Move, MoveList};
use crate::position::Position;

/// The landing hole of the single jump from `from` in direction `dir` as a one-bit mask, or 0;
/// `lifted` is the board as the jumping pawn sees it (itself lifted). `MAX` is the farthest pivot
/// allowed: 1 (short jumps) or [`MAX_PIVOT_DISTANCE`] (symmetric jumps).
#[inline(always)]
fn landing_bit<const MAX: usize>(from: usize, dir: usize, lifted: u128) -> u128 {
    // Directions 0..3 raise the index, so the nearest pawn is the lowest bit; the others lower it.
    let up = dir < 3;
    let beyond = if MAX == 1 {
        if NEIGHBOUR_TOWARDS[from][dir] & lifted == 0 {
            return 0;
        }
        JUMP_BEYOND[from][dir][0]
    } else {
        let line = PIVOT_ZONE[from][dir];
        let zone = line & lifted;
        if zone == 0 {
            return 0;
        }
        // The nearest pawn is the pivot.
        let pivot = if up { zone.trailing_zeros() } else { 127 - zone.leading_zeros() } as usize;
        let d = LINE_DISTANCE[from][pivot] as usize;
        JUMP_BEYOND[from][dir][d - 1]
    };
    if beyond & lifted != 0 {
        return 0;
    }
    // The landing is the farthest hole past the pivot.
    if up { 1u128 << (127 - beyond.leading_zeros()) } else { beyond & beyond.wrapping_neg() }
}

/// The landing hole of the single jump from `from` in direction `dir`, with `occupied` the
/// board as the jumping pawn sees it (itself lifted), or `None`.
#[inline]
pub(crate) fn jump_landing(from: usize, dir: usize, occupied: u128, max_pivot: usize) -> Option<usize> {
    let bit = if max_pivot == 1 {
        landing_bit::<1>(from, dir, occupied)
    } else {
        landing_bit::<MAX_PIVOT_DISTANCE>(from, dir, occupied)
    };
    let landing = bit.trailing_zeros() as usize;
    // Limits between 1 and 5 (no preset has one) keep only the jumps short enough.
    if bit == 0 || LINE_DISTANCE[from][landing] as usize > 2 * max_pivot {
        return None;
    }
    Some(landing)
}

/// The holes that decide the single jumps from `at` (RULES.md §3.2), `occupied` being the board
/// as the jumper sees it: along each direction, the holes up to the pivot (or the whole pivot
/// zone when it is empty) and the holes past the pivot that must be empty.
pub(crate) fn jump_reads(at: usize, occupied: u128, max_pivot: usize) -> u128 {
    let mut reads = 0;
    for dir in 0..6 {
        let zone = if max_pivot == 1 { NEIGHBOUR_TOWARDS[at][dir] } else { PIVOT_ZONE[at][dir] };
        let pawns = zone & occupied;
        if pawns == 0 {
            reads |= zone;
            continue;
        }
        let pivot = if dir < 3 { pawns.trailing_zeros() } else { 127 - pawns.leading_zeros() } as usize;
        reads |= if dir < 3 { zone & ((2u128 << pivot) - 1) } else { zone & !((1u128 << pivot) - 1) };
        let beyond = JUMP_BEYOND[at][dir][LINE_DISTANCE[at][pivot] as usize - 1];
        if beyond != ALL_HOLES {
            reads |= beyond;
        }
    }
    reads
}

/// Every hole a chain of jumps can reach from `from` (§3.3), by a search over single jumps
/// found along the rays: the reference for the line-based search of [`Lines`].
#[cfg(test)]
pub(crate) fn chain_reach_by_rays(from: usize, occupied: u128, max_pivot: usize) -> u128 {
    let start = 1u128 << from;
    let lifted = occupied & !start;
    let mut reached = start;
    let mut todo = start;
    while todo != 0 {
        let at = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        for dir in 0..6 {
            if let Some(landing) = jump_landing(at, dir, lifted, max_pivot)
                && reached >> landing & 1 == 0
            {
                reached |= 1 << landing;
                todo |= 1 << landing;
            }
        }
    }
    reached & !start
}

/// The mover's pawns with their destinations, the raw material of move generation.
pub(crate) type PawnMoves = ArrayVec<(u8, u128), 30>;

impl Position {
    /// Where the pawn on `from` can go by a step or a chain, whoever owns it.
    #[must_use]
    pub fn destinations(&self, from: Hole) -> HoleSet {
        if !self.occupied().contains(from) {
            return HoleSet::EMPTY;
        }
        let at = from.index();
        let reach = Lines::new(self.occupied).chain_reach_within(at, self.rules.max_pivot_distance());
        HoleSet((NEIGHBOURS[at] & !self.occupied) | reach)
    }

    /// The empty neighbours of `from`: the destinations reached by a step.
    #[must_use]
    pub fn empty_neighbours(&self, from: Hole) -> HoleSet {
        HoleSet(NEIGHBOURS[from.index()] & !self.occupied)
    }

    /// Where a single jump from `from` lands, the pawn on `from` lifted.
    #[must_use]
    pub fn single_jumps(&self, from: Hole) -> HoleSet {
        let lifted = self.occupied & !(1u128 << from.index());
        let mut set = HoleSet::EMPTY;
        for dir in 0..6 {
            if let Some(l) = jump_landing(from.index(), dir, lifted, self.rules.max_pivot_distance()) {
                set.0 |= 1 << l;
            }
        }
        set
    }

    /// Each pawn of the mover with its destinations; `lines` are the position's (the swap
    /// search goes on with them), and are left as they came.
    #[inline(always)]
    pub(crate) fn pawn_moves(&self, lines: &mut Lines) -> PawnMoves {
        // One compiled loop per preset, so that the chain search inlines into it.
        match self.rules.max_pivot_distance() {
            1 => self.pawn_moves_within::<1>(lines),
            _ => self.pawn_moves_within::<{ MAX_PIVOT_DISTANCE as u32 }>(lines),
        }
    }

    #[inline(always)]
    fn pawn_moves_within<const MAX: u32>(&self, lines: &mut Lines) -> PawnMoves {
        let mut list = PawnMoves::new();
        self.each_pawn_within::<MAX>(lines, |at, dests| list.push((at as u8, dests)));
        list
    }

    /// Hands each pawn of the mover, with its destinations, to `f`.
    #[inline(always)]
    fn each_pawn_within<const MAX: u32>(&self, lines: &mut Lines, mut f: impl FnMut(usize, u128)) {
        for hole in HoleSet(self.camps[self.turn.index()]) {
            let at = hole.index();
            // Every step lands on a neighbour and every jump passes a neighbour (d > 1) or
            // lands two away (d = 1): with all of those taken, there is nothing to search.
            let dests = if SWAP_ZONE[at] & !self.occupied == 0 {
                0
            } else {
                (NEIGHBOURS[at] & !self.occupied) | lines.chain_reach::<MAX>(at)
            };
            f(at, dests);
        }
    }

    /// The number of steps and chains of the mover.
    fn count_destinations(&self, lines: &mut Lines) -> usize {
        let mut n = 0;
        let count = |_, dests: u128| n += dests.count_ones() as usize;
        match self.rules.max_pivot_distance() {
            1 => self.each_pawn_within::<1>(lines, count),
            _ => self.each_pawn_within::<{ MAX_PIVOT_DISTANCE as u32 }>(lines, count),
        }
        n
    }

    /// Every legal move: one per distinct destination of each pawn of the mover, then the swaps,
    /// or the single [`Move::Pass`] when there is none. Empty once the game is over.
    #[must_use]
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        // A small function, inlined where it is called, so that the list is built in the
        // caller's own place for it: returned from the generator, all 6.5 KB of it were copied.
        let mut list = MoveList::new();
        if !self.is_over() {
            self.push_legal_moves(&mut list);
        }
        list
    }

    fn push_legal_moves(&self, list: &mut MoveList) {
        let mut lines = Lines::new(self.occupied);
        let pawns = self.pawn_moves(&mut lines);
        for &(from, dests) in &pawns {
            let steps = NEIGHBOURS[from as usize];
            let from = hole(from as usize);
            // The destinations in index order, one 64-bit half at a time: bit scans on a `u128`
            // cost twice as much. `extend` writes the moves without building a `Result` each.
            for (base, half, step_half) in
                [(0, dests as u64, steps as u64), (64, (dests >> 64) as u64, (steps >> 64) as u64)]
            {
                list.extend(Bits(half).map(|i| {
                    let to = hole(base + i);
                    if step_half >> i & 1 == 1 { Move::Step { from, to } } else { Move::Jump { from, to } }
                }));
            }
        }
        if self.rules.swap() && self.enemy_in_swap_zone() {
            self.push_swaps(&pawns, &mut lines, list);
        }
        if list.is_empty() {
            list.push(Move::Pass);
        }
    }

    /// The number of legal moves, without listing them: what perft counts at its last ply.
    #[must_use]
    pub fn count_legal_moves(&self) -> usize {
        if self.is_over() {
            return 0;
        }
        let mut lines = Lines::new(self.occupied);
        // Both cases of the swap need an enemy pawn in range of one of the mover's, and swap
        // range is symmetric: without one, skip the swap generator, and the list of each pawn's
        // destinations it needs.
        let n = if self.rules.swap() && self.enemy_in_swap_zone() {
            let pawns = self.pawn_moves(&mut lines);
            let n: usize = pawns.iter().map(|&(_, d)| d.count_ones() as usize).sum();
            n + self.count_swaps(&pawns, &mut lines)
        } else {
            self.count_destinations(&mut lines)
        };
        n.max(1)
    }

    /// Whether some pawn of the mover has an enemy pawn within swap distance (§5): a cheap
    /// necessary condition for any swap.
    #[inline]
    pub(crate) fn enemy_in_swap_zone(&self) -> bool {
        let enemy = self.camps[self.turn.other().index()];
        HoleSet(self.camps[self.turn.index()]).iter().any(|h| SWAP_ZONE[h.index()] & enemy != 0)
    }

    /// Whether the mover has a step, a chain or a swap.
    pub(crate) fn has_move_other_than_pass(&self) -> bool {
        let mut lines = Lines::new(self.occupied);
        let pawns = self.pawn_moves(&mut lines);
        pawns.iter().any(|&(_, d)| d != 0) || (self.rules.swap() && self.count_swaps(&pawns, &mut lines) > 0)
    }
}

/// The set bits of a 64-bit word, lowest first.
struct Bits(u64);

impl Iterator for Bits {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }
}

/// A hole index from the tables, always below 121.
#[inline]
pub(crate) const fn hole(index: usize) -> Hole {
    Hole::from_table(index as u8)
}

/// A shortest chain of single jumps from `start` to `to`, both ends included, on the board
/// `lifted` (the jumper already off it), every landing in `landings`: a breadth-first search, so
/// the path written for a move (duel or star) is the same whoever asks.
pub(crate) fn shortest_chain(
    start: usize,
    to: usize,
    lifted: u128,
    max_pivot: usize,
    landings: u128,
) -> Option<Vec<Hole>> {
    let mut parent = [u8::MAX; crate::board::HOLE_COUNT];
    let mut queue = ArrayVec::<u8, { crate::board::HOLE_COUNT }>::new();
    queue.push(start as u8);
    let mut visited = 1u128 << start;
    let mut head = 0;
    while let Some(&at) = queue.get(head) {
        let at = at as usize;
        head += 1;
        if at == to {
            let mut reversed = vec![hole(to)];
            let mut cur = at;
            while cur != start {
                cur = parent[cur] as usize;
                reversed.push(hole(cur));
            }
            reversed.reverse();
            return Some(reversed);
        }
        for dir in 0..6 {
            if let Some(landing) = jump_landing(at, dir, lifted, max_pivot)
                && visited >> landing & 1 == 0
                && landings >> landing & 1 == 1
            {
                visited |= 1 << landing;
                parent[landing] = at as u8;
                queue.push(landing as u8);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{ALL_HOLES, HOLE_COUNT};

    /// The chain search along lines finds exactly what the search along rays finds, on boards
    /// from empty to crowded, for every pivot limit.
    #[test]
    fn line_search_agrees_with_ray_search() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..800 {
            let density = round % 8;
            let mut occupied = 0u128;
            for h in 0..HOLE_COUNT {
                if next() % 8 < density {
                    occupied |= 1 << h;
                }
            }
            occupied &= ALL_HOLES;
            let mut lines = Lines::new(occupied);
            for from in 0..HOLE_COUNT {
                for max_pivot in 1..=MAX_PIVOT_DISTANCE {
                    let with_pawn = occupied | 1 << from;
                    let mut lines_with = Lines::new(with_pawn);
                    assert_eq!(
                        lines_with.chain_reach_within(from, max_pivot),
                        chain_reach_by_rays(from, with_pawn, max_pivot),
                        "from {from} max {max_pivot} occupied {with_pawn:#x}"
                    );
                }
            }
            // Lifting and putting back leaves the lines as they were.
            let before = lines.occupied_lines();
            for from in HoleSet(occupied) {
                lines.chain_reach_within(from.index(), 5);
            }
            assert_eq!(lines.occupied_lines(), before);
        }
    }
}
