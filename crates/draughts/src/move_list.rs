//! Lists of moves that live on the stack: no allocation on the hot path.
//!
//! No proven bound keeps every legal position's move count under a small number (many kings
//! capturing with many landing squares multiply), so a list that outgrows its inline room
//! moves to the heap instead of dropping moves. Positions of real games stay far below it.

use std::ops::Deref;

use arrayvec::ArrayVec;

use crate::moves::Move;

/// Inline room of a list: more than any position of a real game needs.
const INLINE: usize = 128;

/// A list stored inline up to [`INLINE`] items, then on the heap.
#[derive(Debug, Clone)]
pub(crate) struct SpillList<T> {
    inline: ArrayVec<T, INLINE>,
    spilled: Vec<T>,
}

impl<T> SpillList<T> {
    pub(crate) const fn new() -> Self {
        SpillList { inline: ArrayVec::new_const(), spilled: Vec::new() }
    }

    #[inline]
    pub(crate) fn push(&mut self, item: T) {
        if self.spilled.is_empty() {
            if let Err(full) = self.inline.try_push(item) {
                self.spilled.reserve(INLINE * 2);
                self.spilled.extend(self.inline.drain(..));
                self.spilled.push(full.element());
            }
        } else {
            self.spilled.push(item);
        }
    }

    #[inline]
    pub(crate) fn clear(&mut self) {
        self.inline.clear();
        self.spilled.clear();
    }

    #[inline]
    pub(crate) fn as_slice(&self) -> &[T] {
        if self.spilled.is_empty() { &self.inline } else { &self.spilled }
    }
}

/// The legal moves of a position ([`crate::Position::legal_moves`]); reads as a slice.
#[derive(Debug, Clone)]
pub struct MoveList(pub(crate) SpillList<Move>);

impl MoveList {
    pub(crate) const fn new() -> Self {
        MoveList(SpillList::new())
    }
}

impl Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.0.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.as_slice().iter()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn a_full_list_spills_without_losing_items() {
        let mut list = SpillList::new();
        for i in 0..(INLINE * 3) {
            list.push(i);
        }
        assert_eq!(list.as_slice().len(), INLINE * 3);
        assert!(list.as_slice().iter().copied().eq(0..INLINE * 3));
        list.clear();
        assert!(list.as_slice().is_empty());
        list.push(7);
        assert_eq!(list.as_slice(), &[7]);
    }
}
