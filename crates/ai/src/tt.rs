//! The transposition table, indexed by a Zobrist hash: the duel's (its best move stored as the
//! engine's `Move`) and the draughts players' (their best move stored as an index in the
//! position's move list).

use tripot_engine::Move;

use crate::eval::WIN_THRESHOLD;

/// What a stored score says about the true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Bound {
    /// Nothing stored.
    #[default]
    Empty,
    /// The exact value.
    Exact,
    /// The value is at least the score (a cut-off).
    Lower,
    /// The value is at most the score (no move reached alpha).
    Upper,
}

#[derive(Debug, Clone, Copy)]
struct Entry<M> {
    key: u64,
    best: Option<M>,
    score: i32,
    depth: u8,
    bound: Bound,
}

impl<M> Default for Entry<M> {
    fn default() -> Self {
        Entry { key: 0, best: None, score: 0, depth: 0, bound: Bound::Empty }
    }
}

/// A probe's answer.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Probe<M = Move> {
    pub(crate) best: Option<M>,
    pub(crate) score: i32,
    pub(crate) depth: u8,
    pub(crate) bound: Bound,
}

/// One entry per slot, always replaced: the table is cleared between games by dropping it.
#[derive(Debug, Clone)]
pub(crate) struct Table<M = Move> {
    entries: Vec<Entry<M>>,
    mask: usize,
}

impl<M: Copy> Table<M> {
    /// A table of `2^bits` entries.
    pub(crate) fn new(bits: u32) -> Table<M> {
        Table { entries: vec![Entry::default(); 1 << bits], mask: (1 << bits) - 1 }
    }

    /// Win scores are stored relative to the node, so a win found via another path keeps its
    /// true distance.
    pub(crate) fn probe(&self, key: u64, ply: usize) -> Option<Probe<M>> {
        let e = &self.entries[key as usize & self.mask];
        if e.bound == Bound::Empty || e.key != key {
            return None;
        }
        Some(Probe { best: e.best, score: from_table(e.score, ply), depth: e.depth, bound: e.bound })
    }

    pub(crate) fn store(
        &mut self,
        key: u64,
        ply: usize,
        depth: u8,
        score: i32,
        bound: Bound,
        best: Option<M>,
    ) {
        let e = &mut self.entries[key as usize & self.mask];
        // Keep a deeper result about the same position unless this one is exact.
        if e.key == key && e.depth > depth && bound != Bound::Exact {
            return;
        }
        *e = Entry { key, best, score: to_table(score, ply), depth, bound };
    }
}

fn to_table(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score > WIN_THRESHOLD {
        score + ply
    } else if score < -WIN_THRESHOLD {
        score - ply
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score > WIN_THRESHOLD {
        score - ply
    } else if score < -WIN_THRESHOLD {
        score + ply
    } else {
        score
    }
}
