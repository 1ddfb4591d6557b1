//! The position string (RULES.md §7): `A:Ne17,e16,…:Sj4,…`.

use std::fmt;
use std::str::FromStr;

use crate::colour::{Camp, Colour, Format};
use crate::hole::{Hole, HoleError};
use crate::hole_set::HoleSet;
use crate::position::Position;
use crate::rules::Rules;

/// What is wrong with a position string.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Nothing to parse.
    #[error("empty position string")]
    Empty,
    /// The first field is not `A` or `B`.
    #[error("the side to move must be A or B, found '{0}'")]
    Turn(String),
    /// Only the side to move.
    #[error("no colour segment after the side to move")]
    NoSegment,
    /// A segment does not start with a branch code.
    #[error("segment '{0}' does not start with a colour N, NE, SE, S, SW or NW")]
    UnknownColour(String),
    /// A colour listed twice.
    #[error("colour {0} is listed twice")]
    DuplicateColour(Colour),
    /// A colour with no hole after its code.
    #[error("colour {0} lists no hole")]
    EmptySegment(Colour),
    /// A hole that does not parse.
    #[error("colour {colour}: {error}")]
    Hole {
        /// The segment's colour.
        colour: Colour,
        /// What is wrong with the hole.
        error: HoleError,
    },
    /// A hole listed twice, in one colour or two.
    #[error("hole {0} is listed twice")]
    DuplicateHole(Hole),
    /// A colour without exactly 10 pawns.
    #[error("colour {colour} has {count} pawns, it must have 10")]
    PawnCount {
        /// The colour.
        colour: Colour,
        /// How many it has.
        count: usize,
    },
    /// The colours are not those of a format.
    #[error("colours {0} are not one format's: expected N,S or N,SE,S,NW or all six")]
    NotAFormat(String),
}

impl Position {
    /// Parses a position string under the given rules.
    pub fn parse(text: &str, rules: Rules) -> Result<Position, PositionError> {
        if text.is_empty() {
            return Err(PositionError::Empty);
        }
        let mut fields = text.split(':');
        let turn = match fields.next() {
            Some("A") => Camp::A,
            Some("B") => Camp::B,
            Some(other) => return Err(PositionError::Turn(other.to_owned())),
            None => return Err(PositionError::Empty),
        };
        let mut pawns = [HoleSet::EMPTY; 6];
        let mut seen_colours = Vec::new();
        let mut all = HoleSet::EMPTY;
        for segment in fields {
            let split = segment.find(|c: char| !c.is_ascii_uppercase()).unwrap_or(segment.len());
            let colour: Colour =
                segment[..split].parse().map_err(|()| PositionError::UnknownColour(segment.to_owned()))?;
            if seen_colours.contains(&colour) {
                return Err(PositionError::DuplicateColour(colour));
            }
            seen_colours.push(colour);
            let holes = &segment[split..];
            if holes.is_empty() {
                return Err(PositionError::EmptySegment(colour));
            }
            let mut count = 0;
            for name in holes.split(',') {
                let hole: Hole = name.parse().map_err(|error| PositionError::Hole { colour, error })?;
                if all.contains(hole) {
                    return Err(PositionError::DuplicateHole(hole));
                }
                all.insert(hole);
                pawns[colour.index()].insert(hole);
                count += 1;
            }
            if count != 10 {
                return Err(PositionError::PawnCount { colour, count });
            }
        }
        if seen_colours.is_empty() {
            return Err(PositionError::NoSegment);
        }
        let format = Format::of_colours(&seen_colours).ok_or_else(|| {
            let names: Vec<&str> = seen_colours.iter().map(|c| c.code()).collect();
            PositionError::NotAFormat(names.join(","))
        })?;
        Ok(Position::from_parts(format, rules, turn, pawns))
    }
}

impl FromStr for Position {
    type Err = PositionError;

    /// Parses under the Tripot rules; see [`Position::parse`] for others.
    fn from_str(text: &str) -> Result<Position, PositionError> {
        Position::parse(text, Rules::Tripot)
    }
}

/// The holes in canonical order: rows from 17 down, then by letter.
pub(crate) fn canonical_order(set: HoleSet) -> Vec<Hole> {
    let mut holes: Vec<Hole> = set.iter().collect();
    holes.sort_by_key(|h| (std::cmp::Reverse(h.row()), h.letter()));
    holes
}

impl fmt::Display for Position {
    /// The canonical position string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.turn)?;
        for &colour in self.format.all_colours() {
            write!(f, ":{colour}")?;
            for (i, hole) in canonical_order(self.pawns(colour)).into_iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{hole}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START_1: &str = "A:Ne17,e16,f16,e15,f15,g15,e14,f14,g14,h14:Sj4,k4,l4,m4,k3,l3,m3,l2,m2,m1";

    #[test]
    fn the_format_1_start_of_section_7() {
        let start = Position::start(Format::One, Rules::Tripot, Camp::A);
        assert_eq!(start.to_string(), START_1);
        assert_eq!(START_1.parse::<Position>(), Ok(start));
    }

    #[test]
    fn segments_and_holes_in_any_order_parse_to_the_canonical_form() {
        let shuffled = "A:Sm1,m2,l2,m3,l3,k3,m4,l4,k4,j4:Nh14,g14,f14,e14,g15,f15,e15,f16,e16,e17";
        assert_eq!(shuffled.parse::<Position>().map(|p| p.to_string()), Ok(START_1.to_owned()));
    }

    #[test]
    fn each_kind_of_mistake_gets_its_own_error() {
        type Case = (&'static str, fn(&PositionError) -> bool);
        let cases: [Case; 11] = [
            ("", |e| matches!(e, PositionError::Empty)),
            ("C:Ne17", |e| matches!(e, PositionError::Turn(_))),
            ("A", |e| matches!(e, PositionError::NoSegment)),
            ("A:Xe17", |e| matches!(e, PositionError::UnknownColour(_))),
            ("A:N", |e| matches!(e, PositionError::EmptySegment(Colour::N))),
            ("A:Ne17,z3", |e| matches!(e, PositionError::Hole { .. })),
            ("A:Ne17,a1", |e| matches!(e, PositionError::Hole { error: HoleError::OffBoard(_), .. })),
            ("A:Ne17,e17", |e| matches!(e, PositionError::DuplicateHole(_))),
            ("A:Ne17,e16", |e| matches!(e, PositionError::PawnCount { count: 2, .. })),
            ("A:Ne17,e16,f16,e15,f15,g15,e14,f14,g14,h14:NEk13,l13,m13,k12,l12,m12,m11,l10,m10,e9", |e| {
                matches!(e, PositionError::NotAFormat(_))
            }),
            ("A:Ne17,e16,f16,e15,f15,g15,e14,f14,g14,h14:Ne13,e12,e11,e10,e9,e8,e7,e6,e5,f5", |e| {
                matches!(e, PositionError::DuplicateColour(Colour::N))
            }),
        ];
        for (text, expected) in cases {
            let error = text.parse::<Position>().err();
            assert!(error.as_ref().is_some_and(expected), "{text:?} gave {error:?}");
        }
        assert!(format!("{START_1} ").parse::<Position>().is_err());
        assert!(START_1.replacen(",", ",,", 1).parse::<Position>().is_err());
    }
}
