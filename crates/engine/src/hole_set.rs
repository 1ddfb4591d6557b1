//! A set of holes as a 128-bit mask.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub};

use crate::board::ALL_HOLES;
use crate::hole::Hole;

/// A set of holes; 121 holes fit in one `u128`, so set operations are single instructions.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct HoleSet(pub(crate) u128);

impl HoleSet {
    /// No hole.
    pub const EMPTY: HoleSet = HoleSet(0);
    /// Every hole of the board.
    pub const ALL: HoleSet = HoleSet(ALL_HOLES);

    /// The set holding just `hole`.
    #[must_use]
    pub const fn single(hole: Hole) -> HoleSet {
        HoleSet(1 << hole.index())
    }

    /// The raw mask, bit `i` for the hole of index `i`.
    #[must_use]
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// Whether `hole` is in the set.
    #[must_use]
    pub const fn contains(self, hole: Hole) -> bool {
        self.0 >> hole.index() & 1 == 1
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many holes.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Adds `hole`.
    pub fn insert(&mut self, hole: Hole) {
        self.0 |= 1 << hole.index();
    }

    /// Removes `hole`.
    pub fn remove(&mut self, hole: Hole) {
        self.0 &= !(1 << hole.index());
    }

    /// The lowest hole of the set.
    #[must_use]
    pub fn first(self) -> Option<Hole> {
        if self.0 == 0 { None } else { Hole::new(self.0.trailing_zeros() as u8) }
    }

    /// The holes in index order.
    #[must_use]
    pub const fn iter(self) -> HoleSetIter {
        HoleSetIter(self.0)
    }
}

/// Iterator over a [`HoleSet`], lowest index first.
#[derive(Debug, Clone)]
pub struct HoleSetIter(u128);

impl Iterator for HoleSetIter {
    type Item = Hole;

    fn next(&mut self) -> Option<Hole> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Hole::from_table(index))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for HoleSetIter {}

impl IntoIterator for HoleSet {
    type Item = Hole;
    type IntoIter = HoleSetIter;

    fn into_iter(self) -> HoleSetIter {
        self.iter()
    }
}

impl FromIterator<Hole> for HoleSet {
    fn from_iter<I: IntoIterator<Item = Hole>>(iter: I) -> HoleSet {
        let mut set = HoleSet::EMPTY;
        for hole in iter {
            set.insert(hole);
        }
        set
    }
}

impl fmt::Debug for HoleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|h| h.to_string())).finish()
    }
}

impl BitAnd for HoleSet {
    type Output = HoleSet;
    fn bitand(self, rhs: HoleSet) -> HoleSet {
        HoleSet(self.0 & rhs.0)
    }
}

impl BitOr for HoleSet {
    type Output = HoleSet;
    fn bitor(self, rhs: HoleSet) -> HoleSet {
        HoleSet(self.0 | rhs.0)
    }
}

impl BitXor for HoleSet {
    type Output = HoleSet;
    fn bitxor(self, rhs: HoleSet) -> HoleSet {
        HoleSet(self.0 ^ rhs.0)
    }
}

impl Sub for HoleSet {
    type Output = HoleSet;
    fn sub(self, rhs: HoleSet) -> HoleSet {
        HoleSet(self.0 & !rhs.0)
    }
}

impl Not for HoleSet {
    type Output = HoleSet;
    fn not(self) -> HoleSet {
        HoleSet(!self.0 & ALL_HOLES)
    }
}

impl BitAndAssign for HoleSet {
    fn bitand_assign(&mut self, rhs: HoleSet) {
        self.0 &= rhs.0;
    }
}

impl BitOrAssign for HoleSet {
    fn bitor_assign(&mut self, rhs: HoleSet) {
        self.0 |= rhs.0;
    }
}
