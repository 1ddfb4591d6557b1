//! A path of holes written `a-b-c`, or `pass`: the syntax the duel's notation (RULES.md §6) and
//! the star games' (RULES-STAR.md §6) share, and why a text is not such a move.

use std::fmt;

use arrayvec::ArrayVec;

use crate::hole::{Hole, HoleError};

/// Why a text is not a move written as a path of holes or `pass`: the same in the duel and the
/// star games, worded with the whole move text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PathTextError {
    /// Nothing written.
    #[error("empty move")]
    Empty,
    /// A bad hole inside the move.
    #[error("in move '{text}': {error}")]
    Hole {
        /// The whole move text.
        text: String,
        /// The bad hole.
        error: HoleError,
    },
    /// A path of one hole.
    #[error("move '{0}' needs at least two holes, like m4-m5")]
    TooShort(String),
    /// More holes than any chain can visit.
    #[error("move '{text}' has more than {max} holes: no chain is that long")]
    TooLong {
        /// The whole move text.
        text: String,
        /// The most holes a path of this notation may have.
        max: usize,
    },
}

/// `text` read as `pass` (`None`) or as a path of at most `N` holes.
pub(crate) fn parse_pass_or_path<const N: usize>(
    text: &str,
) -> Result<Option<ArrayVec<Hole, N>>, PathTextError> {
    if text.is_empty() {
        return Err(PathTextError::Empty);
    }
    if text == "pass" {
        return Ok(None);
    }
    match parse_path(text) {
        Ok(path) => Ok(Some(path)),
        Err(PathError::Hole(error)) => Err(PathTextError::Hole { text: text.to_owned(), error }),
        Err(PathError::TooLong) => Err(PathTextError::TooLong { text: text.to_owned(), max: N }),
        Err(PathError::TooShort) => Err(PathTextError::TooShort(text.to_owned())),
    }
}

/// Why `a-b-c` is not a path of holes, before it is worded with the whole move text.
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
