//! A move: where it starts, where it lands after each capture, and what it takes.

use std::fmt;
use std::hash::{Hash, Hasher};

use arrayvec::ArrayVec;

use crate::bitboard::Bitboard;
use crate::square::Square;

/// The most pieces one move can take: a side has at most 20 pieces.
pub const MAX_CAPTURES: usize = 20;

/// A move of the side to move.
///
/// A quiet move has one landing square, its destination. A capture (a *rafle*) lands once per
/// piece it takes: [`Move::landings`] are those squares in order, the last being the
/// destination. Two moves that start and end on the same squares and take the same pieces are
/// the same move (the FMJD counts them once), whatever way they go: equality and hashing ignore
/// the landings in between, which are one way to play it (the one shown in animations).
#[derive(Debug, Clone)]
pub struct Move {
    from: Square,
    captured: Bitboard,
    landings: ArrayVec<Square, MAX_CAPTURES>,
}

impl Move {
    /// A quiet move from `from` to `to` (legal or not: [`crate::Position::play`] says).
    pub fn step(from: Square, to: Square) -> Move {
        let mut landings = ArrayVec::new();
        landings.push(to);
        Move { from, captured: Bitboard::EMPTY, landings }
    }

    /// A capture from `from` landing on each of `landings` in turn and taking `captured`; `None`
    /// if there is no landing, or more than [`MAX_CAPTURES`].
    pub fn capture(from: Square, landings: &[Square], captured: Bitboard) -> Option<Move> {
        if landings.is_empty() || captured.is_empty() {
            return None;
        }
        let landings = ArrayVec::try_from(landings).ok()?;
        Some(Move { from, captured, landings })
    }

    /// A move read from the generator's bits (`path` holds the landings' bit numbers).
    pub(crate) fn from_bits(from: u64, captured: u64, path: &[u8]) -> Move {
        let landings = path.iter().take(MAX_CAPTURES).map(|&bit| Square::from_bit(u32::from(bit))).collect();
        Move { from: Square::from_bit(from.trailing_zeros()), captured: Bitboard(captured), landings }
    }

    /// The square the piece leaves.
    pub fn from(&self) -> Square {
        self.from
    }

    /// The square the piece ends on (the same as [`Move::from`] after a capture that comes back).
    pub fn to(&self) -> Square {
        self.landings.last().copied().unwrap_or(self.from)
    }

    /// The squares of the pieces taken (empty for a quiet move).
    pub fn captured(&self) -> Bitboard {
        self.captured
    }

    /// Whether the move takes anything.
    pub fn is_capture(&self) -> bool {
        !self.captured.is_empty()
    }

    /// Where the piece lands: after each capture for a rafle, or just the destination.
    pub fn landings(&self) -> &[Square] {
        &self.landings
    }

    /// The starting square, then each landing: the corners of the path.
    pub fn path(&self) -> impl Iterator<Item = Square> + '_ {
        std::iter::once(self.from).chain(self.landings.iter().copied())
    }

    /// Every square the piece crosses, one diagonal step at a time, from the starting square to
    /// the destination (captured pieces' squares included): for animation.
    pub fn trail(&self) -> Trail<'_> {
        Trail { at: Some(self.from), next: 0, landings: &self.landings }
    }
}

impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        self.from == other.from && self.to() == other.to() && self.captured == other.captured
    }
}

impl Eq for Move {}

impl Hash for Move {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.from, self.to(), self.captured).hash(state);
    }
}

/// The short form: `32-28`, or `19x30` for a capture. [`crate::Position::notation`] adds the
/// landings when the short form is ambiguous.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let separator = if self.is_capture() { 'x' } else { '-' };
        write!(f, "{}{separator}{}", self.from, self.to())
    }
}

/// The squares a move crosses one step at a time; see [`Move::trail`].
#[derive(Debug, Clone)]
pub struct Trail<'m> {
    at: Option<Square>,
    next: usize,
    landings: &'m [Square],
}

impl Iterator for Trail<'_> {
    type Item = Square;
    fn next(&mut self) -> Option<Square> {
        let at = self.at?;
        // Skip landings already reached (a landing equal to where the piece stands).
        while self.landings.get(self.next) == Some(&at) {
            self.next += 1;
        }
        self.at = self.landings.get(self.next).map(|&target| step_towards(at, target));
        Some(at)
    }
}

/// One diagonal step from `at` towards `target`, or `target` itself when the two are not on
/// one diagonal (only a move built by hand can do that).
fn step_towards(at: Square, target: Square) -> Square {
    let (row, column) = (i16::from(at.row()), i16::from(at.column()));
    let (d_row, d_column) = (i16::from(target.row()) - row, i16::from(target.column()) - column);
    if d_row.abs() != d_column.abs() || d_row == 0 {
        return target;
    }
    let next_row = (row + d_row.signum()) as u8;
    let next_column = (column + d_column.signum()) as u8;
    Square::from_row_column(next_row, next_column).unwrap_or(target)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    fn sq(n: u8) -> Square {
        Square::new(n).unwrap()
    }

    #[test]
    fn the_trail_of_a_king_capture_crosses_every_square() {
        // 46 to 28 over 37, then 28 to 50 over 39: 46 41 37 32 28 33 39 44 50.
        let captured = [sq(37), sq(39)].into_iter().collect();
        let m = Move::capture(sq(46), &[sq(28), sq(50)], captured).unwrap();
        let trail: Vec<u8> = m.trail().map(Square::number).collect();
        assert_eq!(trail, [46, 41, 37, 32, 28, 33, 39, 44, 50]);
        assert_eq!(m.to(), sq(50));
        assert_eq!(m.to_string(), "46x50");
    }

    #[test]
    fn equal_moves_ignore_the_way_between() {
        let captured: Bitboard = [sq(37)].into_iter().collect();
        let a = Move::capture(sq(46), &[sq(28)], captured).unwrap();
        let b = Move::capture(sq(46), &[sq(28)], captured).unwrap();
        assert_eq!(a, b);
        assert_ne!(a, Move::step(sq(46), sq(28)));
    }
}
