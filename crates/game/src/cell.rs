//! A cell of a board, and a cell with its name for messages.

use std::fmt;

/// A cell of a game's board: a hole of the star (its index `0..121`, RULES.md §1) or a square.
/// What the number means is the game's; where to draw the cell is its [`crate::BoardView`]'s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(pub u16);

impl Cell {
    /// The index.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A cell and its name in the game's notation (`m1`), as errors carry it: a front-end can both
/// show the name and light the cell up.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct NamedCell {
    /// The cell.
    pub cell: Cell,
    /// Its name in the game's notation.
    pub name: String,
}

impl fmt::Display for NamedCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}
