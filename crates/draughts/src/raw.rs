//! The generator's own move form, without landings: what perft and searches play.

use crate::move_list::{MoveList, SpillList};
use crate::movegen::Sink;
use crate::moves::Move;

/// A move as one-bit masks: enough to play it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RawMove {
    pub(crate) from: u64,
    pub(crate) to: u64,
    pub(crate) captured: u64,
}

/// A list of [`RawMove`]s.
pub(crate) type RawList = SpillList<RawMove>;

impl Sink for RawList {
    const WANTS_PATH: bool = false;

    #[inline(always)]
    fn quiet(&mut self, from: u64, to: u64) {
        self.push(RawMove { from, to, captured: 0 });
    }

    #[inline(always)]
    fn capture(&mut self, from: u64, to: u64, captured: u64, _path: &[u8], may_repeat: bool) {
        let m = RawMove { from, to, captured };
        if !(may_repeat && self.as_slice().contains(&m)) {
            self.push(m);
        }
    }

    #[inline(always)]
    fn clear(&mut self) {
        SpillList::clear(self);
    }
}

impl Sink for MoveList {
    const WANTS_PATH: bool = true;

    fn quiet(&mut self, from: u64, to: u64) {
        self.0.push(Move::from_bits(from, 0, &[to.trailing_zeros() as u8]));
    }

    fn capture(&mut self, from: u64, to: u64, captured: u64, path: &[u8], may_repeat: bool) {
        let repeated = may_repeat
            && self
                .0
                .as_slice()
                .iter()
                .any(|m| m.from().mask() == from && m.to().mask() == to && m.captured().0 == captured);
        if !repeated {
            self.0.push(Move::from_bits(from, captured, path));
        }
    }

    fn clear(&mut self) {
        self.0.clear();
    }
}
