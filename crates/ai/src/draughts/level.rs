//! The three levels of the draughts computer players (`shared/seeds/001_*`: Facile, Moyen,
//! Difficile).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A level of the draughts computer player, weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DraughtsLevel {
    /// Two plies and a blurred judgement; now and then a move picked at random.
    Facile,
    /// Four plies, a slightly blurred judgement.
    Moyen,
    /// Iterative deepening up to 10 plies within a node budget, no deliberate mistake.
    Difficile,
}

/// Why a text is not a draughts level.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown draughts level '{0}': expected facile, moyen, difficile or 1..3")]
pub struct DraughtsLevelError(pub String);

/// What a level searches and how it errs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Profile {
    /// Deepest iteration, in plies.
    pub(crate) depth: u8,
    /// Positions searched at most for one move (the iteration under way is then abandoned).
    pub(crate) nodes: u64,
    /// Each root move's score is blurred by up to this much (a man is worth 100).
    pub(crate) noise: i32,
    /// Chance, per thousand, of playing a random legal move instead.
    pub(crate) random_move: u32,
    /// The longest a move may take when a caller gives a time (a safety cap: the node budget
    /// ends the search well before on any machine we measured).
    pub(crate) time_cap: Duration,
}

impl DraughtsLevel {
    /// All three, weakest first.
    pub const ALL: [DraughtsLevel; 3] =
        [DraughtsLevel::Facile, DraughtsLevel::Moyen, DraughtsLevel::Difficile];

    /// The French name shown in the game.
    pub const fn label_fr(self) -> &'static str {
        match self {
            DraughtsLevel::Facile => "Facile",
            DraughtsLevel::Moyen => "Moyen",
            DraughtsLevel::Difficile => "Difficile",
        }
    }

    /// The English name.
    pub const fn label_en(self) -> &'static str {
        match self {
            DraughtsLevel::Facile => "Easy",
            DraughtsLevel::Moyen => "Medium",
            DraughtsLevel::Difficile => "Hard",
        }
    }

    /// The ASCII key typed on a command line and written in records.
    pub const fn key(self) -> &'static str {
        match self {
            DraughtsLevel::Facile => "facile",
            DraughtsLevel::Moyen => "moyen",
            DraughtsLevel::Difficile => "difficile",
        }
    }

    pub(crate) const fn profile(self) -> Profile {
        match self {
            DraughtsLevel::Facile => Profile {
                depth: 2,
                nodes: 20_000,
                noise: 60,
                random_move: 150,
                time_cap: Duration::from_secs(2),
            },
            DraughtsLevel::Moyen => Profile {
                depth: 4,
                nodes: 100_000,
                noise: 15,
                random_move: 0,
                time_cap: Duration::from_secs(5),
            },
            DraughtsLevel::Difficile => Profile {
                depth: 20,
                nodes: 1_500_000,
                noise: 0,
                random_move: 0,
                time_cap: Duration::from_secs(20),
            },
        }
    }
}

impl fmt::Display for DraughtsLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl FromStr for DraughtsLevel {
    type Err = DraughtsLevelError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let key = text.trim().to_lowercase();
        DraughtsLevel::ALL
            .into_iter()
            .enumerate()
            .find(|(i, level)| key == level.key() || key == (i + 1).to_string())
            .map(|(_, level)| level)
            .ok_or_else(|| DraughtsLevelError(text.into()))
    }
}
