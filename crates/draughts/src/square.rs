//! The 50 playable squares, numbered 1–50 as in the FMJD notation, and where they sit in a
//! bitboard.
//!
//! Square 1 is on Black's side, at the top right of the diagram seen by White; square 46 is
//! White's bottom-left corner. Each row holds five squares: rows 1, 3, …, 9 (squares 1–5,
//! 11–15, …) start one column in from White's left edge, rows 2, 4, …, 10 start on it.
//!
//! Bitboard layout: square `n` (0-based `i = n - 1`) is bit `i + i / 10`. Every pair of rows
//! takes 11 bits, the 11th a padding bit that is never a square, so that every diagonal step is a
//! shift by 5 or 6 bits: a step off the left or right edge lands on a padding bit (or off the
//! 64 bits), and masking with [`BOARD`] drops it.

use std::fmt;

/// A playable square, numbered 1–50.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

/// Bits of the 50 squares (the padding bits 10, 21, 32, 43 and everything from 54 up are not).
pub(crate) const BOARD: u64 = {
    let mut mask = 0u64;
    let mut index = 0;
    while index < 50 {
        mask |= 1u64 << bit_of_index(index);
        index += 1;
    }
    mask
};

/// The bit of the 0-based square index.
const fn bit_of_index(index: u8) -> u8 {
    index + index / 10
}

impl Square {
    /// Every square, 1 to 50.
    pub const ALL: [Square; 50] = {
        let mut all = [Square(0); 50];
        let mut index = 0;
        while index < 50 {
            all[index] = Square(index as u8);
            index += 1;
        }
        all
    };

    /// The square of number `number` (1–50), or `None`.
    pub const fn new(number: u8) -> Option<Square> {
        if number >= 1 && number <= 50 { Some(Square(number - 1)) } else { None }
    }

    /// Its number, 1–50.
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// Its row, 0 (squares 1–5, Black's back row) to 9 (squares 46–50, White's back row).
    pub const fn row(self) -> u8 {
        self.0 / 5
    }

    /// Its column seen by White, 0 (left edge) to 9 (right edge).
    pub const fn column(self) -> u8 {
        let offset = if self.row().is_multiple_of(2) { 1 } else { 0 };
        (self.0 % 5) * 2 + offset
    }

    /// The square at `row` and `column` (both 0–9), if that is a dark (playable) square.
    pub const fn from_row_column(row: u8, column: u8) -> Option<Square> {
        if row > 9 || column > 9 || (row + column).is_multiple_of(2) {
            return None;
        }
        Some(Square(row * 5 + column / 2))
    }

    /// The bit of this square in the padded layout.
    pub(crate) const fn bit(self) -> u8 {
        bit_of_index(self.0)
    }

    /// This square's bit as a mask.
    pub(crate) const fn mask(self) -> u64 {
        1u64 << self.bit()
    }

    /// The square of bit `bit`, which must be a square's bit (not padding).
    pub(crate) const fn from_bit(bit: u32) -> Square {
        let bit = bit as u8;
        Square(bit - bit / 11)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn bits_and_squares_correspond_one_to_one() {
        for square in Square::ALL {
            assert_eq!(Square::from_bit(u32::from(square.bit())), square);
            assert_ne!(square.mask() & BOARD, 0);
        }
        assert_eq!(BOARD.count_ones(), 50);
    }

    #[test]
    fn rows_and_columns_follow_the_diagram() {
        let s = |n| Square::new(n).unwrap();
        assert_eq!((s(1).row(), s(1).column()), (0, 1));
        assert_eq!((s(5).row(), s(5).column()), (0, 9));
        assert_eq!((s(6).row(), s(6).column()), (1, 0));
        assert_eq!((s(46).row(), s(46).column()), (9, 0));
        assert_eq!((s(50).row(), s(50).column()), (9, 8));
        for square in Square::ALL {
            assert_eq!(Square::from_row_column(square.row(), square.column()), Some(square));
        }
    }
}
