//! Perft: the number of move sequences of a given length, the standard check of a move
//! generator. A pass counts as one move; a finished game has none.
//!
//! The last ply is counted in bulk ([`Position::count_legal_moves`]). The last two plies share
//! work: the replies of the side not to move are searched once, pawn by pawn, with the holes each
//! search read; after each move of the side to move, a pawn whose search read neither hole the
//! move changed keeps its count, and only the others are searched again. The counts are exactly
//! those of the plain recursion (`tests/perft.rs` checks both agree).

use crate::board::NEIGHBOURS;
use crate::chain_search::ChainSearch as _;
use crate::hole_set::HoleSet;
use crate::lines::Lines;
use crate::movegen::jump_reads;
use crate::moves::Move;
use crate::position::Position;

/// Counts the move sequences of length `depth` from `position`, counting the last ply in bulk.
#[must_use]
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves() as u64,
        2 => perft_two(position),
        _ => sum_after_each_move(position, |next, _| perft(next, depth - 1)),
    }
}

/// Perft without the shared last two plies: the reference [`perft`] is checked against.
#[must_use]
pub fn perft_plain(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves() as u64,
        _ => sum_after_each_move(position, |next, _| perft_plain(next, depth - 1)),
    }
}

/// The sum of `count` over every position a legal move leads to (given with the move): the step
/// every perft here takes, so that they differ only in how they count what follows.
fn sum_after_each_move(position: &Position, count: impl Fn(&Position, Move) -> u64) -> u64 {
    position
        .legal_moves()
        .into_iter()
        .map(|m| {
            let mut next = *position;
            next.play_unchecked(m);
            count(&next, m)
        })
        .sum()
}

/// The replies of the side not to move, pawn by pawn: its number of destinations, and every hole
/// its search read.
struct Replies {
    lines: Lines,
    pawns: Vec<(usize, u32, u128)>,
}

impl Replies {
    fn new(position: &Position) -> Replies {
        let max_pivot = position.rules.max_pivot_distance();
        let mut lines = Lines::new(position.occupied);
        let pawns = HoleSet(position.camps[position.turn.other().index()])
            .iter()
            .map(|hole| {
                let at = hole.index();
                let reach = lines.chain_reach_within(at, max_pivot);
                let dests = (NEIGHBOURS[at] & !position.occupied) | reach;
                let lifted = position.occupied & !(1u128 << at);
                let mut reads = NEIGHBOURS[at];
                for landing in HoleSet(reach | 1u128 << at) {
                    reads |= jump_reads(landing.index(), lifted, max_pivot);
                }
                (at, dests.count_ones(), reads)
            })
            .collect();
        Replies { lines, pawns }
    }

    /// [`Position::count_legal_moves`] of `next`, reached from the position these replies were
    /// computed on by `m`.
    fn count_after(&self, next: &Position, m: Move) -> u64 {
        let changed = match m {
            Move::Step { from, to } | Move::Jump { from, to } => 1u128 << from.index() | 1u128 << to.index(),
            // A swap moves an enemy pawn and a pass may end the game: counted the plain way.
            Move::Swap { .. } | Move::Pass => return next.count_legal_moves() as u64,
        };
        if next.is_over() {
            return 0;
        }
        if next.rules.swap() && next.enemy_in_swap_zone() {
            return next.count_legal_moves() as u64;
        }
        let max_pivot = next.rules.max_pivot_distance();
        let mut lines: Option<Lines> = None;
        let mut n = 0u64;
        for &(at, count, reads) in &self.pawns {
            if reads & changed == 0 {
                n += u64::from(count);
                continue;
            }
            let lines = lines.get_or_insert_with(|| {
                let mut lines = self.lines;
                for hole in HoleSet(changed) {
                    lines.toggle(hole.index());
                }
                lines
            });
            let dests = (NEIGHBOURS[at] & !next.occupied) | lines.chain_reach_within(at, max_pivot);
            n += u64::from(dests.count_ones());
        }
        n.max(1)
    }
}

/// Perft to depth 2: every move of the side to move, then the bulk count of the replies, shared.
fn perft_two(position: &Position) -> u64 {
    if position.is_over() {
        return 0;
    }
    let replies = Replies::new(position);
    sum_after_each_move(position, |next, m| replies.count_after(next, m))
}
