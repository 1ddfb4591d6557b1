//! Colours, camps and formats (RULES.md §2).

use std::fmt;
use std::str::FromStr;

use crate::board::BRANCHES;
use crate::hole::Hole;
use crate::hole_set::HoleSet;

/// A colour of pawns, named by its home branch; the branch names double as board regions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Colour {
    /// Top branch, `r ≥ 5`.
    N,
    /// Upper right branch, `s ≤ -5`.
    NE,
    /// Lower right branch, `q ≥ 5`.
    SE,
    /// Bottom branch, `r ≤ -5`.
    S,
    /// Lower left branch, `s ≥ 5`.
    SW,
    /// Upper left branch, `q ≤ -5`.
    NW,
}

impl Colour {
    /// All six, in canonical order (RULES.md §7): N, NE, SE, S, SW, NW.
    pub const ALL: [Colour; 6] = [Colour::N, Colour::NE, Colour::SE, Colour::S, Colour::SW, Colour::NW];

    /// Position in [`Colour::ALL`].
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The branch code used in position strings.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Colour::N => "N",
            Colour::NE => "NE",
            Colour::SE => "SE",
            Colour::S => "S",
            Colour::SW => "SW",
            Colour::NW => "NW",
        }
    }

    /// How far the star turns, in degrees counter-clockwise, to bring this branch to the
    /// bottom: the branches follow each other clockwise from S, 60° apart.
    #[must_use]
    pub const fn home_turn(self) -> u16 {
        match self {
            Colour::S => 0,
            Colour::SW => 60,
            Colour::NW => 120,
            Colour::N => 180,
            Colour::NE => 240,
            Colour::SE => 300,
        }
    }

    /// The opposite branch.
    #[must_use]
    pub const fn opposite(self) -> Colour {
        Colour::ALL[(self as usize + 3) % 6]
    }

    /// The holes of this branch.
    #[must_use]
    pub const fn branch(self) -> HoleSet {
        HoleSet(BRANCHES[self as usize])
    }

    /// Where this colour starts.
    #[must_use]
    pub const fn home(self) -> HoleSet {
        self.branch()
    }

    /// Where this colour must arrive: the branch opposite its home.
    #[must_use]
    pub const fn goal(self) -> HoleSet {
        self.opposite().branch()
    }

    /// The camp owning this colour: S, SE and SW belong to camp A.
    #[must_use]
    pub const fn camp(self) -> Camp {
        match self {
            Colour::SE | Colour::S | Colour::SW => Camp::A,
            Colour::N | Colour::NE | Colour::NW => Camp::B,
        }
    }

    /// The branch a hole lies in, if not in the central hexagon.
    #[must_use]
    pub fn of_hole(hole: Hole) -> Option<Colour> {
        Colour::ALL.into_iter().find(|c| c.branch().contains(hole))
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Colour {
    type Err = ();

    fn from_str(s: &str) -> Result<Colour, ()> {
        Colour::ALL.into_iter().find(|c| c.code() == s).ok_or(())
    }
}

/// One of the two sides. Player 1 owns camp A.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Camp {
    /// Player 1: S, SE, SW.
    A,
    /// Player 2: N, NW, NE.
    B,
}

impl Camp {
    /// The other camp.
    #[must_use]
    pub const fn other(self) -> Camp {
        match self {
            Camp::A => Camp::B,
            Camp::B => Camp::A,
        }
    }

    /// `0` for A, `1` for B.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `'A'` or `'B'`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Camp::A => 'A',
            Camp::B => 'B',
        }
    }
}

impl fmt::Display for Camp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// How many colours each camp plays (RULES.md §2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Format {
    /// S against N, 10 pawns a camp.
    One,
    /// S, SE against N, NW, 20 pawns a camp.
    Two,
    /// SW, S, SE against NE, N, NW, 30 pawns a camp.
    Three,
}

impl Format {
    /// All three formats.
    pub const ALL: [Format; 3] = [Format::One, Format::Two, Format::Three];

    /// From the number of colours per camp.
    #[must_use]
    pub const fn from_number(n: u8) -> Option<Format> {
        match n {
            1 => Some(Format::One),
            2 => Some(Format::Two),
            3 => Some(Format::Three),
            _ => None,
        }
    }

    /// Colours per camp: 1, 2 or 3.
    #[must_use]
    pub const fn number(self) -> u8 {
        match self {
            Format::One => 1,
            Format::Two => 2,
            Format::Three => 3,
        }
    }

    /// The colours of a camp, in canonical order.
    #[must_use]
    pub const fn colours(self, camp: Camp) -> &'static [Colour] {
        match (self, camp) {
            (Format::One, Camp::A) => &[Colour::S],
            (Format::One, Camp::B) => &[Colour::N],
            (Format::Two, Camp::A) => &[Colour::SE, Colour::S],
            (Format::Two, Camp::B) => &[Colour::N, Colour::NW],
            (Format::Three, Camp::A) => &[Colour::SE, Colour::S, Colour::SW],
            (Format::Three, Camp::B) => &[Colour::N, Colour::NE, Colour::NW],
        }
    }

    /// Every colour in play, in canonical order.
    #[must_use]
    pub const fn all_colours(self) -> &'static [Colour] {
        match self {
            Format::One => &[Colour::N, Colour::S],
            Format::Two => &[Colour::N, Colour::SE, Colour::S, Colour::NW],
            Format::Three => &Colour::ALL,
        }
    }

    /// The format whose colours are exactly `colours` (any order), if any.
    #[must_use]
    pub fn of_colours(colours: &[Colour]) -> Option<Format> {
        let mut sorted = colours.to_vec();
        sorted.sort();
        Format::ALL.into_iter().find(|f| f.all_colours() == sorted.as_slice())
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opposite_pairs_of_section_1() {
        assert_eq!(Colour::N.opposite(), Colour::S);
        assert_eq!(Colour::NE.opposite(), Colour::SW);
        assert_eq!(Colour::SE.opposite(), Colour::NW);
        for c in Colour::ALL {
            assert_eq!(c.opposite().opposite(), c);
            assert_ne!(c.camp(), c.opposite().camp());
        }
    }

    #[test]
    fn formats_of_section_2_pit_each_colour_against_its_goal() {
        for f in Format::ALL {
            for &c in f.colours(Camp::A) {
                assert!(f.colours(Camp::B).contains(&c.opposite()));
            }
            assert_eq!(Format::of_colours(f.all_colours()), Some(f));
        }
        assert_eq!(Format::of_colours(&[Colour::S, Colour::NE]), None);
    }
}
