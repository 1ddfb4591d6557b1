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
    /// What the rules make of it beyond its piece: whose goal it is, who may not stop on it.
    pub zone: CellZone,
}

/// The goal a cell belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GoalOf {
    /// The seat that must bring its pieces there.
    pub seat: Seat,
    /// The colour of the army bound there, as [`Piece::colour`] numbers it: a duel camp of
    /// several branches has one goal per branch, each tinted by its own army.
    pub colour: u8,
}

/// The zones of the rules a cell lies in, so that a board can show them without knowing the
/// rules (RULES-STAR.md §4.3: the goals, Stern-Halma's branches closed to a seat). Games
/// without zones leave it empty (`CellZone::default()`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct CellZone {
    /// The goal the cell belongs to, if any.
    pub goal: Option<GoalOf>,
    /// The seats whose pieces may not end a move on it: a board shown for one of them greys it.
    pub closed_to: Vec<Seat>,
}

impl CellZone {
    /// Whether a move of `seat` may not end on the cell.
    #[must_use]
    pub fn is_closed_to(&self, seat: Seat) -> bool {
        self.closed_to.contains(&seat)
    }
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
