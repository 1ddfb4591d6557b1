//! The transposition table of the draughts search, indexed by the position's Zobrist hash.

use super::eval::WIN_THRESHOLD;

/// Entries: 2^18 of 16 bytes, 4 MiB a player.
const SIZE: usize = 1 << 18;

/// What a stored score says about the true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Bound {
    /// Nothing stored.
    #[default]
    Empty,
    /// The exact value.
    Exact,
    /// At least the score (a cut-off).
    Lower,
    /// At most the score (no move reached alpha).
    Upper,
}

#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    key: u64,
    score: i32,
    /// Index of the best move in the position's legal move list (always listed in one order).
    best: u16,
    depth: u8,
    bound: Bound,
}

/// A probe's answer.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Hit {
    pub(crate) score: i32,
    pub(crate) best: usize,
    pub(crate) depth: u8,
    pub(crate) bound: Bound,
}

/// A direct-mapped table: a newer entry replaces an older one on the same slot.
#[derive(Debug, Clone)]
pub(crate) struct Table {
    entries: Vec<Entry>,
}

impl Table {
    pub(crate) fn new() -> Table {
        Table { entries: vec![Entry::default(); SIZE] }
    }

    fn slot(key: u64) -> usize {
        (key as usize) & (SIZE - 1)
    }

    /// The entry of `key`, its win scores made relative to `ply` again.
    pub(crate) fn probe(&self, key: u64, ply: u32) -> Option<Hit> {
        let entry = self.entries.get(Table::slot(key))?;
        if entry.bound == Bound::Empty || entry.key != key {
            return None;
        }
        Some(Hit {
            score: from_table(entry.score, ply),
            best: usize::from(entry.best),
            depth: entry.depth,
            bound: entry.bound,
        })
    }

    pub(crate) fn store(&mut self, key: u64, ply: u32, depth: u8, score: i32, bound: Bound, best: usize) {
        if let Some(entry) = self.entries.get_mut(Table::slot(key)) {
            *entry = Entry {
                key,
                score: to_table(score, ply),
                best: u16::try_from(best).unwrap_or(0),
                depth,
                bound,
            };
        }
    }
}

/// Win scores count plies from the root; stored, they count from the position itself.
fn to_table(score: i32, ply: u32) -> i32 {
    let ply = ply as i32;
    if score > WIN_THRESHOLD {
        score + ply
    } else if score < -WIN_THRESHOLD {
        score - ply
    } else {
        score
    }
}

fn from_table(score: i32, ply: u32) -> i32 {
    let ply = ply as i32;
    if score > WIN_THRESHOLD {
        score - ply
    } else if score < -WIN_THRESHOLD {
        score + ply
    } else {
        score
    }
}
