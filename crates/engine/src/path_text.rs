//! A path of holes written `a-b-c`: the syntax the duel's notation (RULES.md §6) and the star
//! games' (RULES-STAR.md §6) share; each words its errors with the whole move text.

use std::fmt;

use arrayvec::ArrayVec;

use crate::hole::{Hole, HoleError};

/// Why `a-b-c` is not a path of holes; each notation words it with the whole move text.
pub(crate) enum PathError {
    /// A name that is no hole.
    Hole(HoleError),
    /// More holes than the path can hold.
    TooLong,
    /// Fewer than two holes.
    TooShort,
}

/// The holes of `a-b-c`, at least two and at most `N`: the path syntax the duel's and the star
/// games' notations share.
pub(crate) fn parse_path<const N: usize>(text: &str) -> Result<ArrayVec<Hole, N>, PathError> {
    let mut path = ArrayVec::new();
    for name in text.split('-') {
        let hole: Hole = name.parse().map_err(PathError::Hole)?;
        path.try_push(hole).map_err(|_| PathError::TooLong)?;
    }
    if path.len() < 2 {
        return Err(PathError::TooShort);
    }
    Ok(path)
}

/// Writes `path` as `a-b-c`.
pub(crate) fn write_path(f: &mut fmt::Formatter<'_>, path: &[Hole]) -> fmt::Result {
    for (i, hole) in path.iter().enumerate() {
        if i > 0 {
            f.write_str("-")?;
        }
        write!(f, "{hole}")?;
    }
    Ok(())
}
