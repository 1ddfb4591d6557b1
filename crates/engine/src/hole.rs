//! A hole of the star board and its notation (RULES.md §1).

use std::fmt;
use std::str::FromStr;

use crate::board::{HOLE_COORDS, HOLE_COUNT, index_of};

/// One of the 121 holes of the board.
///
/// Holes are numbered row by row from the bottom tip (`m1`) to the top tip (`e17`), left to right
/// within a row; so every board direction either always raises or always lowers the index, which
/// the move generator relies on to find the first pawn along a line with one bit scan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Hole(u8);

/// Why a text is not a hole.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HoleError {
    /// Not a letter `a..q` followed by a row `1..17`.
    #[error("'{0}' is not a hole: expected a letter a..q and a row 1..17, like m1 or e17")]
    Syntax(String),
    /// Well formed, but outside the star.
    #[error("'{0}' is not on the board")]
    OffBoard(String),
}

impl Hole {
    /// The hole with this index, if it is below 121.
    #[must_use]
    pub const fn new(index: u8) -> Option<Hole> {
        if (index as usize) < HOLE_COUNT { Some(Hole(index)) } else { None }
    }

    /// A hole from an index the board tables produced, so known to be below 121.
    pub(crate) const fn from_table(index: u8) -> Hole {
        debug_assert!((index as usize) < HOLE_COUNT);
        Hole(index)
    }

    /// The hole at axial coordinates `(q, r)`, if it is on the board.
    #[must_use]
    pub const fn from_axial(q: i8, r: i8) -> Option<Hole> {
        match index_of(q, r) {
            Some(i) => Some(Hole(i)),
            None => None,
        }
    }

    /// The index, `0..121`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Axial coordinates `(q, r)`.
    #[must_use]
    pub const fn axial(self) -> (i8, i8) {
        HOLE_COORDS[self.0 as usize]
    }

    /// Oblique line letter index, `0` for `a` to `16` for `q`.
    #[must_use]
    pub const fn letter(self) -> u8 {
        (self.axial().0 + 8) as u8
    }

    /// Row number, `1` (bottom) to `17` (top).
    #[must_use]
    pub const fn row(self) -> u8 {
        (self.axial().1 + 9) as u8
    }

    /// Position on screen: `x = q + r/2` doubled so it stays whole, and `y = r` (up).
    #[must_use]
    pub const fn screen(self) -> (i8, i8) {
        let (q, r) = self.axial();
        (2 * q + r, r)
    }

    /// Hex distance between two holes.
    #[must_use]
    pub const fn distance(self, other: Hole) -> u8 {
        let (q1, r1) = self.axial();
        let (q2, r2) = other.axial();
        let dq = (q1 - q2).unsigned_abs();
        let dr = (r1 - r2).unsigned_abs();
        let ds = ((q1 + r1) - (q2 + r2)).unsigned_abs();
        (dq + dr + ds) / 2
    }

    /// Every hole, in index order.
    pub fn all() -> impl Iterator<Item = Hole> {
        (0..HOLE_COUNT as u8).map(Hole)
    }
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.letter()), self.row())
    }
}

impl FromStr for Hole {
    type Err = HoleError;

    fn from_str(s: &str) -> Result<Hole, HoleError> {
        let syntax = || HoleError::Syntax(s.to_owned());
        let mut chars = s.chars();
        let letter = chars.next().ok_or_else(syntax)?;
        if !('a'..='q').contains(&letter) {
            return Err(syntax());
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(syntax());
        }
        let row: i8 = digits.parse().map_err(|_| syntax())?;
        if !(1..=17).contains(&row) || digits.starts_with('0') {
            return Err(syntax());
        }
        let q = (letter as u8 - b'a') as i8 - 8;
        let r = row - 9;
        Hole::from_axial(q, r).ok_or_else(|| HoleError::OffBoard(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_checks_of_rules_section_1() {
        // RULES.md §1: m1 = (4,-8), e17 = (-4,8), i9 = (0,0).
        assert_eq!("m1".parse::<Hole>().map(Hole::axial), Ok((4, -8)));
        assert_eq!("e17".parse::<Hole>().map(Hole::axial), Ok((-4, 8)));
        assert_eq!("i9".parse::<Hole>().map(Hole::axial), Ok((0, 0)));
    }

    #[test]
    fn every_hole_round_trips_through_its_name() {
        for hole in Hole::all() {
            assert_eq!(hole.to_string().parse::<Hole>(), Ok(hole));
        }
    }

    #[test]
    fn bad_names_are_refused_with_the_reason() {
        assert!(matches!("a1".parse::<Hole>(), Err(HoleError::OffBoard(_))));
        for bad in ["", "m", "z3", "m0", "m18", "m01", "M1", "m1x", "m+1"] {
            assert!(matches!(bad.parse::<Hole>(), Err(HoleError::Syntax(_))), "{bad}");
        }
    }

    #[test]
    fn indices_follow_rows_bottom_to_top() {
        let mut previous = (i8::MIN, i8::MIN);
        for hole in Hole::all() {
            let (q, r) = hole.axial();
            assert!((r, q) > previous);
            previous = (r, q);
        }
    }
}
