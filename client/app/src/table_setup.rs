//! How a star table is set up (RULES-STAR.md §1–§2): the variant, who sits at each seat (a
//! person at this device or a computer player at a level), and who opens.
//!
//! The seats are written in a record's `Table` tag as `human,moyen,…` in playing order, so that
//! a saved table comes back with the same players.

use std::fmt;
use std::str::FromStr;

use tripot_ai::Level;
use tripot_engine::{Colour, Variant};

/// Who sits at a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatPlayer {
    /// A person at this device (hot-seat: the humans take turns at the keyboard).
    Human,
    /// A computer player at this level.
    Computer(Level),
}

impl SeatPlayer {
    /// `human`, or the level's key (`moyen`…): the word of the `Table` tag.
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            SeatPlayer::Human => "human",
            SeatPlayer::Computer(level) => level.key(),
        }
    }

    /// Every choice, in the order the menu cycles through them.
    pub const ALL: [SeatPlayer; 6] = [
        SeatPlayer::Human,
        SeatPlayer::Computer(Level::Debutant),
        SeatPlayer::Computer(Level::Facile),
        SeatPlayer::Computer(Level::Moyen),
        SeatPlayer::Computer(Level::Difficile),
        SeatPlayer::Computer(Level::Impossible),
    ];
}

/// Who opens a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TableOpener {
    /// Seat 1 (S), the rules' default (§1).
    #[default]
    First,
    /// The seat numbered `n` (1-based) in playing order.
    Seat(u8),
    /// A draw among the seats.
    Draw,
}

impl TableOpener {
    /// The seat that opens at a table of `variant`, drawing lots if asked.
    #[must_use]
    pub fn resolve(self, variant: Variant) -> Colour {
        let seats = variant.seats();
        let index = match self {
            TableOpener::First => 0,
            TableOpener::Seat(n) => usize::from(n.saturating_sub(1)),
            TableOpener::Draw => rand::random_range(0..seats.len().max(1)),
        };
        seats.get(index).or(seats.first()).copied().unwrap_or(Colour::S)
    }
}

/// Why a table cannot be set up as asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableSetupError {
    /// Not one player per seat.
    #[error("{variant} has {seats} seats but {players} players were given")]
    SeatCount {
        /// The variant.
        variant: Variant,
        /// Its seats.
        seats: usize,
        /// Players given.
        players: usize,
    },
    /// A word of the `Table` tag that is neither `human` nor a level.
    #[error("unknown player '{0}': expected human or a level")]
    Player(String),
    /// The opener does not sit at this table.
    #[error("{0} does not sit at a table of {1}")]
    Opener(Colour, Variant),
    /// The game chosen has no variant for this number of players.
    #[error("this game is not played by {0} players")]
    Players(u8),
}

/// Everything that defines a table before its first move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableSetup {
    /// The game and its number of players.
    pub variant: Variant,
    /// One player per seat, in playing order (`variant.seats()`).
    pub players: Vec<SeatPlayer>,
    /// The seat that opens.
    pub opener: Colour,
    /// Seeds the computer players' choices (each seat its own, from this one).
    pub seed: u64,
}

impl TableSetup {
    /// A table, checked: one player per seat, an opener that sits there.
    pub fn new(
        variant: Variant,
        players: Vec<SeatPlayer>,
        opener: Colour,
        seed: u64,
    ) -> Result<TableSetup, TableSetupError> {
        let seats = variant.seats().len();
        if players.len() != seats {
            return Err(TableSetupError::SeatCount { variant, seats, players: players.len() });
        }
        if !variant.seats().contains(&opener) {
            return Err(TableSetupError::Opener(opener, variant));
        }
        Ok(TableSetup { variant, players, opener, seed })
    }

    /// Who sits at `seat`; `None` for a seat not at this table.
    #[must_use]
    pub fn player(&self, seat: Colour) -> Option<SeatPlayer> {
        let i = self.variant.seats().iter().position(|&s| s == seat)?;
        self.players.get(i).copied()
    }

    /// Whether a person plays `seat`.
    #[must_use]
    pub fn is_human(&self, seat: Colour) -> bool {
        self.player(seat) == Some(SeatPlayer::Human)
    }

    /// The seats played by people, in playing order.
    #[must_use]
    pub fn humans(&self) -> Vec<Colour> {
        self.variant.seats().iter().copied().filter(|&s| self.is_human(s)).collect()
    }

    /// The number (1-based, playing order) of `seat` at this table.
    #[must_use]
    pub fn number(&self, seat: Colour) -> Option<usize> {
        self.variant.seats().iter().position(|&s| s == seat).map(|i| i + 1)
    }

    /// The players as the `Table` tag writes them.
    #[must_use]
    pub fn players_tag(&self) -> String {
        self.players.iter().map(|p| p.key()).collect::<Vec<_>>().join(",")
    }

    /// Reads a `Table` tag back into players.
    pub fn parse_players(text: &str) -> Result<Vec<SeatPlayer>, TableSetupError> {
        text.split(',').map(str::parse).collect()
    }
}

impl FromStr for SeatPlayer {
    type Err = TableSetupError;

    fn from_str(s: &str) -> Result<SeatPlayer, TableSetupError> {
        let word = s.trim();
        if word == "human" {
            return Ok(SeatPlayer::Human);
        }
        word.parse::<Level>().map(SeatPlayer::Computer).map_err(|_| TableSetupError::Player(word.to_owned()))
    }
}

impl fmt::Display for SeatPlayer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn the_table_tag_round_trips_and_refuses_unknown_players() {
        let variant: Variant = "kawu-3".parse().unwrap();
        let players = vec![
            SeatPlayer::Human,
            SeatPlayer::Computer(Level::Moyen),
            SeatPlayer::Computer(Level::Impossible),
        ];
        let setup = TableSetup::new(variant, players.clone(), Colour::S, 1).unwrap();
        assert_eq!(setup.players_tag(), "human,moyen,impossible");
        assert_eq!(TableSetup::parse_players(&setup.players_tag()), Ok(players));
        assert_eq!("robot".parse::<SeatPlayer>(), Err(TableSetupError::Player("robot".into())));
        assert_eq!(setup.player(Colour::NW), Some(SeatPlayer::Computer(Level::Moyen)));
        assert_eq!(setup.player(Colour::SW), None);
        assert_eq!(setup.humans(), vec![Colour::S]);
    }

    #[test]
    fn a_table_needs_one_player_per_seat_and_an_opener_who_sits_there() {
        let variant: Variant = "halma-4".parse().unwrap();
        let two = vec![SeatPlayer::Human; 2];
        assert!(matches!(
            TableSetup::new(variant, two, Colour::S, 0),
            Err(TableSetupError::SeatCount { .. })
        ));
        let four = vec![SeatPlayer::Human; 4];
        assert_eq!(
            TableSetup::new(variant, four, Colour::NW, 0),
            Err(TableSetupError::Opener(Colour::NW, variant))
        );
        assert_eq!(TableOpener::Seat(3).resolve(variant), Colour::N);
        assert!(variant.seats().contains(&TableOpener::Draw.resolve(variant)));
    }
}
