//! The star variants and their names (RULES-STAR.md §2).

use std::fmt;
use std::str::FromStr;

use crate::board::{BRANCHES, MAX_PIVOT_DISTANCE};
use crate::colour::Colour;

use super::seat::{HOME_15, seats};

/// Which game a variant plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Game {
    /// kawu (§3): the first seat to finish wins.
    Kawu,
    /// Stern-Halma (§4): places for everyone.
    Halma,
    /// The captures game (§5): neutral pieces, every jumped piece is taken.
    Captures,
}

/// One variant of §2: a game, a number of players and its options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Variant {
    game: Game,
    players: u8,
    long: bool,
    fifteen: bool,
    pairs: bool,
}

/// A name that is not a variant of §2.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown variant '{0}': expected kawu-N or halma-N (N = 2, 3, 4, 6), halma-long-2, halma-long-6, \
     halma-15, halma-pairs-4, halma-pairs-6, captures-N or captures-long-N (N = 2..6)"
)]
pub struct VariantError(pub String);

const fn v(game: Game, players: u8, long: bool, fifteen: bool, pairs: bool) -> Variant {
    Variant { game, players, long, fifteen, pairs }
}

impl Variant {
    /// Every variant of §2, in the order of its table.
    pub const ALL: [Variant; 23] = [
        v(Game::Kawu, 2, false, false, false),
        v(Game::Kawu, 3, false, false, false),
        v(Game::Kawu, 4, false, false, false),
        v(Game::Kawu, 6, false, false, false),
        v(Game::Halma, 2, false, false, false),
        v(Game::Halma, 3, false, false, false),
        v(Game::Halma, 4, false, false, false),
        v(Game::Halma, 6, false, false, false),
        v(Game::Halma, 2, true, false, false),
        v(Game::Halma, 6, true, false, false),
        v(Game::Halma, 2, false, true, false),
        v(Game::Halma, 4, false, false, true),
        v(Game::Halma, 6, false, false, true),
        v(Game::Captures, 2, false, false, false),
        v(Game::Captures, 3, false, false, false),
        v(Game::Captures, 4, false, false, false),
        v(Game::Captures, 5, false, false, false),
        v(Game::Captures, 6, false, false, false),
        v(Game::Captures, 2, true, false, false),
        v(Game::Captures, 3, true, false, false),
        v(Game::Captures, 4, true, false, false),
        v(Game::Captures, 5, true, false, false),
        v(Game::Captures, 6, true, false, false),
    ];

    /// The game played.
    #[must_use]
    pub const fn game(self) -> Game {
        self.game
    }

    /// Number of players.
    #[must_use]
    pub const fn players(self) -> u8 {
        self.players
    }

    /// Whether symmetric jumps (pivot up to 5) are allowed besides short ones.
    #[must_use]
    pub const fn long_jumps(self) -> bool {
        self.long
    }

    /// Whether this is `halma-15` (§4.8).
    #[must_use]
    pub const fn fifteen(self) -> bool {
        self.fifteen
    }

    /// Whether partners play in teams (§4.9).
    #[must_use]
    pub const fn pairs(self) -> bool {
        self.pairs
    }

    /// Whether a game of this variant counts for ratings: pairs games do not (§4.9).
    #[must_use]
    pub const fn rated(self) -> bool {
        !self.pairs
    }

    /// Farthest pivot a jump may use.
    #[must_use]
    pub const fn max_pivot_distance(self) -> usize {
        if self.long { MAX_PIVOT_DISTANCE } else { 1 }
    }

    /// The seats at the table, in playing order (§1).
    #[must_use]
    pub fn seats(self) -> &'static [Colour] {
        // Every variant of `ALL` has a count `seats` knows.
        seats(self.players).unwrap_or(&[])
    }

    /// Marbles per seat: 15 in `halma-15`, 10 otherwise, none in the captures game.
    #[must_use]
    pub const fn marbles(self) -> usize {
        match (self.game, self.fifteen) {
            (Game::Captures, _) => 0,
            (_, true) => 15,
            _ => 10,
        }
    }

    /// The home of `seat`: its branch, or the 15 holes of §4.8.
    #[must_use]
    pub(crate) const fn home_bits(self, seat: Colour) -> u128 {
        if self.fifteen { HOME_15[seat.index()] } else { BRANCHES[seat.index()] }
    }

    /// The goal of `seat`: the home of the opposite seat.
    #[must_use]
    pub(crate) const fn goal_bits(self, seat: Colour) -> u128 {
        self.home_bits(seat.opposite())
    }

    /// Moves after which a Stern-Halma seat must have left home (§4.6): 30, or 40 in `halma-15`.
    #[must_use]
    pub const fn home_deadline(self) -> u16 {
        if self.fifteen { 40 } else { 30 }
    }

    /// Moves each seat makes before the game stops by count: 300 in kawu (§3.5), 150 in
    /// Stern-Halma (§4.7), none in the captures game.
    #[must_use]
    pub const fn move_limit(self) -> Option<u16> {
        match self.game {
            Game::Kawu => Some(300),
            Game::Halma => Some(150),
            Game::Captures => None,
        }
    }

    /// The name of §2: `kawu-3`, `halma-long-6`, `captures-5`…
    #[must_use]
    pub fn name(self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let game = match self.game {
            Game::Kawu => "kawu",
            Game::Halma => "halma",
            Game::Captures => "captures",
        };
        if self.fifteen {
            return write!(f, "{game}-15");
        }
        let option = if self.long {
            "-long"
        } else if self.pairs {
            "-pairs"
        } else {
            ""
        };
        write!(f, "{game}{option}-{}", self.players)
    }
}

impl FromStr for Variant {
    type Err = VariantError;

    fn from_str(s: &str) -> Result<Variant, VariantError> {
        Variant::ALL.into_iter().find(|v| v.to_string() == s).ok_or_else(|| VariantError(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_round_trips() {
        for variant in Variant::ALL {
            assert_eq!(variant.to_string().parse(), Ok(variant));
        }
        assert!("halma-5".parse::<Variant>().is_err());
        assert!("tripot".parse::<Variant>().is_err());
    }
}
