//! The swap, the Tripot's house rule (RULES.md §5).

use arrayvec::ArrayVec;

use crate::board::{ALL_HOLES, NEIGHBOURS, NONE, RAYS, SWAP_ZONE, TWO_AWAY};
use crate::chain_search::ChainSearch;
use crate::colour::Colour;
use crate::hole_set::HoleSet;
use crate::lines::Lines;
use crate::movegen::{PawnMoves, hole, jump_reads};
use crate::moves::{Move, MoveList};
use crate::position::Position;

/// The legal swaps of a position: at most 12 partners for each of 30 pawns.
pub type SwapList = ArrayVec<Move, 360>;

/// The holes in swap range of `at` (§5): its neighbours, and the holes two away on a line whose
/// middle hole is occupied.
pub(crate) fn swap_range(at: usize, occupied: u128) -> u128 {
    let mut range = NEIGHBOURS[at];
    for dir in 0..6 {
        let (middle, far) = (RAYS[at][dir][0], TWO_AWAY[at][dir]);
        if far != NONE && occupied >> middle & 1 == 1 {
            range |= 1 << far;
        }
    }
    range
}

/// Whether a pawn of `colour` on `at`, with destinations `dests`, is stuck (§5): nowhere to go,
/// or at home with every destination still at home.
pub(crate) fn is_stuck(at: usize, colour: Colour, dests: u128) -> bool {
    let home = colour.home().bits();
    dests == 0 || (home >> at & 1 == 1 && dests & !home == 0)
}

impl Position {
    /// The colour of the pawn on `at` (S where there is none).
    pub(crate) fn colour_of_index(&self, at: usize) -> Colour {
        let bit = 1u128 << at;
        Colour::ALL.into_iter().find(|c| self.pawns[c.index()] & bit != 0).unwrap_or(Colour::S)
    }

    /// Whether some step or chain of another of the mover's pawns leaves the stuck pawn on
    /// `stuck` not stuck (§5 case A); `dests` are its destinations. `lines` are the position's,
    /// and are left as they came.
    fn can_be_freed(
        &self,
        stuck: usize,
        colour: Colour,
        dests: u128,
        pawns: &PawnMoves,
        lines: &mut Lines,
    ) -> bool {
        let max_pivot = self.rules.max_pivot_distance();
        // Not stuck any more means a destination out of its home branch if it stands there,
        // any destination otherwise.
        let home = colour.home().bits();
        let wanted = if home >> stuck & 1 == 1 { ALL_HOLES & !home } else { ALL_HOLES };
        // Every candidate move is tried on the position's lines, changed and changed back, and
        // the chain search stops at the first wanted hole.
        // The search from the stuck pawn reads only its neighbours and, from each hole it
        // reaches, the holes that decide the single jumps there: a move that changes none of
        // them leaves its destinations as they are. Its chain landings are its destinations but
        // the neighbours: a jump moves a pawn an even number of holes along each axis, so no
        // chain ends next to its start.
        let reach = dests & !NEIGHBOURS[stuck];
        let lifted = self.occupied & !(1u128 << stuck);
        let looked_at = HoleSet(reach | 1 << stuck)
            .iter()
            .fold(NEIGHBOURS[stuck], |z, h| z | jump_reads(h.index(), lifted, max_pivot));
        self.another_move_frees(stuck, wanted, looked_at, pawns, lines)
    }

    /// Whether some step or chain of another of the mover's pawns (`pawns`, with their
    /// destinations) lets the pawn on `stuck` reach a hole of `wanted`. A move that touches none of
    /// the holes of `looked_at` is tried only for its destinations among them. `lines` are the
    /// position's, and are left as they came.
    pub(crate) fn another_move_frees(
        &self,
        stuck: usize,
        wanted: u128,
        looked_at: u128,
        pawns: &PawnMoves,
        lines: &mut impl ChainSearch,
    ) -> bool {
        let max_pivot = self.rules.max_pivot_distance();
        for &(other, dests) in pawns {
            let other = other as usize;
            let dests = if looked_at >> other & 1 == 1 { dests } else { dests & looked_at };
            if other == stuck || dests == 0 {
                continue;
            }
            let without = self.occupied & !(1u128 << other);
            lines.toggle(other);
            let mut freed = false;
            for to in HoleSet(dests) {
                let to = to.index();
                let steps = NEIGHBOURS[stuck] & !(without | 1 << to);
                if steps & wanted != 0 {
                    freed = true;
                    break;
                }
                lines.toggle(to);
                freed = lines.chain_reaches(stuck, wanted, max_pivot);
                lines.toggle(to);
                if freed {
                    break;
                }
            }
            lines.toggle(other);
            if freed {
                return true;
            }
        }
        false
    }

    /// The legal swaps, cases A and B together without repeats (§5), handed to `push` in order:
    /// case A's, then case B's. `lines` are the position's, and are left as they came.
    pub(crate) fn swap_moves(&self, pawns: &PawnMoves, lines: &mut Lines, mut push: impl FnMut(Move)) {
        let enemy = self.camps[self.turn.other().index()];
        let mine = self.camps[self.turn.index()];

        // Case A: a stuck pawn that no other move frees. The cheap tests (an enemy near, the pawn
        // stuck) come before the search over every other move.
        let mut case_a = 0u128;
        for &(at, dests) in pawns {
            let at = at as usize;
            if SWAP_ZONE[at] & enemy == 0 {
                continue;
            }
            let colour = self.colour_of_index(at);
            if !is_stuck(at, colour, dests) {
                continue;
            }
            let targets = swap_range(at, self.occupied) & enemy;
            if targets == 0 || self.can_be_freed(at, colour, dests, pawns, lines) {
                continue;
            }
            case_a |= 1 << at;
            for theirs in HoleSet(targets) {
                push(Move::Swap { mine: hole(at), theirs });
            }
        }

        // Case B: the last pawn out cannot enter its goal, where an enemy pawn lingers.
        if let Some((colour, at)) = self.last_pawn_out() {
            let goal = colour.goal().bits();
            let dests = pawns.iter().find(|&&(h, _)| h as usize == at).map_or(0, |&(_, d)| d);
            if dests & goal == 0 {
                for theirs in HoleSet(goal & enemy) {
                    // Swap range is symmetric, and case A offers a stuck pawn's swap with every
                    // enemy in its range: the partners it already took are exactly the repeats.
                    let partners = swap_range(theirs.index(), self.occupied) & mine & !case_a;
                    for partner in HoleSet(partners) {
                        push(Move::Swap { mine: partner, theirs });
                    }
                }
            }
        }
    }

    /// The mover's one pawn still out of its goal and its colour, if there is exactly one.
    pub(crate) fn last_pawn_out(&self) -> Option<(Colour, usize)> {
        let mut last = None;
        let mut count = 0;
        for &colour in self.format.colours(self.turn) {
            let away = self.pawns[colour.index()] & !colour.goal().bits();
            count += away.count_ones();
            if away != 0 {
                last = Some((colour, away.trailing_zeros() as usize));
            }
        }
        if count == 1 { last } else { None }
    }

    pub(crate) fn push_swaps(&self, pawns: &PawnMoves, lines: &mut Lines, list: &mut MoveList) {
        self.swap_moves(pawns, lines, |m| list.push(m));
    }

    pub(crate) fn count_swaps(&self, pawns: &PawnMoves, lines: &mut Lines) -> usize {
        let mut n = 0;
        self.swap_moves(pawns, lines, |_| n += 1);
        n
    }

    /// The legal swaps of the mover (empty under rules without the swap, or once the game is
    /// over).
    #[must_use]
    pub fn swaps(&self) -> SwapList {
        if !self.rules.swap() || self.is_over() {
            return SwapList::new();
        }
        let mut lines = Lines::new(self.occupied);
        let pawns = self.pawn_moves(&mut lines);
        let mut swaps = SwapList::new();
        self.swap_moves(&pawns, &mut lines, |m| swaps.push(m));
        swaps
    }
}
