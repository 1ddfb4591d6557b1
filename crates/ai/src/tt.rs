//! The transposition table, indexed by the engine's Zobrist hash.

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

#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    key: u64,
    best: Option<Move>,
    score: i32,
    depth: u8,
    bound: Bound,
}

/// A probe's answer.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Probe {
    pub(crate) best: Option<Move>,
    pub(crate) score: i32,
    pub(crate) depth: u8,
    pub(crate) bound: Bound,
}

/// One entry per slot, always replaced: the table is cleared between games by dropping it.
pub(crate) struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` entries.
    pub(crate) fn new(bits: u32) -> Table {
        Table { entries: vec![Entry::default(); 1 << bits], mask: (1 << bits) - 1 }
    }

    /// Win scores are stored relative to the node, so a win found via another path keeps its
    /// true distance.
    pub(crate) fn probe(&self, key: u64, ply: usize) -> Option<Probe> {
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
        best: Option<Move>,
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
