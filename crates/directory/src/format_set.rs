//! Sets of formats a quick-match seeker accepts.

use std::fmt;

/// A set of formats (colours per camp: 1, 2 or 3), as a bit mask: bit 0 is format 1.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct FormatSet(u8);

impl FormatSet {
    /// Every format ("any").
    pub const ANY: FormatSet = FormatSet(0b111);

    /// The set of one format; `None` outside 1..=3.
    pub fn single(format: u8) -> Option<Self> {
        (1..=3).contains(&format).then(|| FormatSet(1 << (format - 1)))
    }

    /// From the wire's mask; `None` when empty or with unknown bits.
    pub fn from_mask(mask: u8) -> Option<Self> {
        (mask != 0 && mask & !Self::ANY.0 == 0).then_some(FormatSet(mask))
    }

    /// The wire's mask.
    pub fn mask(self) -> u8 {
        self.0
    }

    /// Whether `format` is in the set.
    pub fn contains(self, format: u8) -> bool {
        FormatSet::single(format).is_some_and(|f| self.0 & f.0 != 0)
    }

    /// The formats both sets hold.
    pub fn meet(self, other: FormatSet) -> FormatSet {
        FormatSet(self.0 & other.0)
    }

    /// The smallest format in the set (the quickest game), if any.
    pub fn smallest(self) -> Option<u8> {
        (1..=3).find(|&f| self.contains(f))
    }
}

impl fmt::Debug for FormatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == FormatSet::ANY {
            return write!(f, "any");
        }
        let formats: Vec<String> = (1..=3).filter(|&n| self.contains(n)).map(|n| n.to_string()).collect();
        write!(f, "{{{}}}", formats.join(","))
    }
}
