//! Legal moves: steps, jump chains, and the pass (RULES.md §3, §6). Swaps are in `swap.rs`.

use arrayvec::ArrayVec;

use crate::board::{HOLE_COUNT, JUMPS, LINE_DISTANCE, NEIGHBOURS, NONE, PIVOT_ZONE};
use crate::hole::Hole;
use crate::hole_set::HoleSet;
use crate::moves::{Move, MoveList};
use crate::position::Position;

/// The landing hole of the single jump from `from` in direction `dir`, with `occupied` the
/// board as the jumping pawn sees it (itself lifted), or `None`.
#[inline]
pub(crate) fn jump_landing(from: usize, dir: usize, occupied: u128, max_pivot: usize) -> Option<usize> {
    let zone = PIVOT_ZONE[from][dir] & occupied;
    if zone == 0 {
        return None;
    }
    // Directions 0..3 raise the index, so the nearest pawn is the lowest bit; the others lower it.
    let pivot = if dir < 3 { zone.trailing_zeros() } else { 127 - zone.leading_zeros() } as usize;
    let d = LINE_DISTANCE[from][pivot] as usize;
    if d > max_pivot {
        return None;
    }
    let span = &JUMPS[from][dir][d - 1];
    if span.landing == NONE || span.beyond & occupied != 0 {
        return None;
    }
    Some(span.landing as usize)
}

/// Every hole a chain of jumps can reach from `from` (§3.3): a breadth-first search of the
/// single-jump graph on the board without the moving pawn. `occupied` still includes it.
#[inline]
pub(crate) fn chain_reach(from: usize, occupied: u128, max_pivot: usize) -> u128 {
    let lifted = occupied & !(1u128 << from);
    let mut visited = 1u128 << from;
    let mut queue = [0u8; HOLE_COUNT];
    queue[0] = from as u8;
    let (mut head, mut tail) = (0, 1);
    while head < tail {
        let at = queue[head] as usize;
        head += 1;
        for dir in 0..6 {
            if let Some(landing) = jump_landing(at, dir, lifted, max_pivot) {
                let bit = 1u128 << landing;
                if visited & bit == 0 {
                    visited |= bit;
                    queue[tail] = landing as u8;
                    tail += 1;
                }
            }
        }
    }
    visited & !(1u128 << from)
}

/// Every destination of the pawn on `from`: empty neighbours and chain ends (§3.3).
#[inline]
pub(crate) fn destinations(from: usize, occupied: u128, max_pivot: usize) -> u128 {
    (NEIGHBOURS[from] & !occupied) | chain_reach(from, occupied, max_pivot)
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
        HoleSet(destinations(from.index(), self.occupied, self.rules.max_pivot_distance()))
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

    pub(crate) fn pawn_moves(&self) -> PawnMoves {
        let max_pivot = self.rules.max_pivot_distance();
        let mut list = PawnMoves::new();
        for hole in HoleSet(self.camps[self.turn.index()]) {
            list.push((hole.index() as u8, destinations(hole.index(), self.occupied, max_pivot)));
        }
        list
    }

    /// Every legal move: one per distinct destination of each pawn of the mover, then the swaps,
    /// or the single [`Move::Pass`] when there is none. Empty once the game is over.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.is_over() {
            return list;
        }
        let pawns = self.pawn_moves();
        for &(from, dests) in &pawns {
            let steps = NEIGHBOURS[from as usize];
            for to in HoleSet(dests) {
                let (from, to) = (hole(from as usize), to);
                list.push(if steps >> to.index() & 1 == 1 {
                    Move::Step { from, to }
                } else {
                    Move::Jump { from, to }
                });
            }
        }
        if self.rules.swap() {
            self.push_swaps(&pawns, &mut list);
        }
        if list.is_empty() {
            list.push(Move::Pass);
        }
        list
    }

    /// The number of legal moves, without listing them: what perft counts at its last ply.
    #[must_use]
    pub fn count_legal_moves(&self) -> usize {
        if self.is_over() {
            return 0;
        }
        let pawns = self.pawn_moves();
        let mut n: usize = pawns.iter().map(|&(_, d)| d.count_ones() as usize).sum();
        if self.rules.swap() {
            n += self.count_swaps(&pawns);
        }
        n.max(1)
    }

    /// Whether the mover has a step, a chain or a swap.
    pub(crate) fn has_move_other_than_pass(&self) -> bool {
        let pawns = self.pawn_moves();
        pawns.iter().any(|&(_, d)| d != 0) || (self.rules.swap() && self.count_swaps(&pawns) > 0)
    }
}

/// A hole index from the tables, always below 121.
#[inline]
pub(crate) const fn hole(index: usize) -> Hole {
    Hole::from_table(index as u8)
}
