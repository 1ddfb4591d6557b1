//! A seat at a game's table.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A seat, by its index in the game's playing order: `0` is the first seat (the duel's camp A,
/// the star games' `S`). Its name in the game's own words (`A`, `NW`) is
/// [`crate::GameState::seat_name`]; people count seats from 1 ([`Seat::number`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Seat(pub u8);

impl Seat {
    /// The index in playing order, from 0.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The number people use, from 1.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// Every seat of a table of `count`, in playing order.
    pub fn all(count: u8) -> impl Iterator<Item = Seat> {
        (0..count).map(Seat)
    }
}

impl fmt::Display for Seat {
    /// `seat 2`: by its number, for logs; players read [`crate::GameState::seat_name`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.number())
    }
}
