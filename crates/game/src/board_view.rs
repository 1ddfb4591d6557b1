//! What a front-end needs to draw any game's board: every cell with where to put it and what
//! stands on it.

use crate::cell::Cell;
use crate::seat::Seat;

/// How a board's cells are laid out, so that a front-end knows what its coordinates mean.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Geometry {
    /// The 121-hole star (RULES.md §1): `x = 2q + r` (doubled, so that it stays whole) and
    /// `y = r`, up; neighbours are 2 apart on a row and (±1, ±1) across rows.
    Star121,
    /// A 10×10 board of squares: `x` is the column from the left, `y` the row from the bottom,
    /// both `0..10`, from the first seat's side.
    Square10,
}

/// What a piece is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PieceKind {
    /// A marble or pawn of the star games (a neutral piece of the captures game too).
    Marble,
    /// An uncrowned draughts piece.
    Man,
    /// A crowned draughts piece.
    King,
}

/// A piece on a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The seat it belongs to; `None` for a piece that is nobody's (the captures game).
    pub owner: Option<Seat>,
    /// What it is.
    pub kind: PieceKind,
    /// Which of the game's colours to draw it in. Star-board games: the branch its army started
    /// from, `0..6` in the order N, NE, SE, S, SW, NW (a duel camp has up to three), and `6`
    /// for a neutral piece. Other games: the owner's seat index.
    pub colour: u8,
}

/// One cell as drawn.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CellView {
    /// The cell.
    pub cell: Cell,
    /// Its name in the game's notation (`m1`).
    pub name: String,
    /// Layout coordinates, as [`Geometry`] says.
    pub x: i16,
    /// Layout coordinates, as [`Geometry`] says.
    pub y: i16,
    /// What stands on it.
    pub piece: Option<Piece>,
}

/// Every cell of a board, with its piece.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BoardView {
    /// How to lay the cells out.
    pub geometry: Geometry,
    /// Every cell of the board, pieces or not.
    pub cells: Vec<CellView>,
}

impl BoardView {
    /// The cell view of `cell`, if the board has it.
    #[must_use]
    pub fn cell(&self, cell: Cell) -> Option<&CellView> {
        self.cells.iter().find(|c| c.cell == cell)
    }

    /// The cell named `name` in the game's notation.
    #[must_use]
    pub fn named(&self, name: &str) -> Option<&CellView> {
        self.cells.iter().find(|c| c.name == name)
    }
}
