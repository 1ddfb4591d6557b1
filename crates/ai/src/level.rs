//! The five levels of the computer opponent and their named opponents (RULES.md §8).

use std::fmt;
use std::str::FromStr;

/// A level of the computer opponent, from the weakest to the strongest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Jean Médecin: looks one move ahead, sees short chains only, often misjudges.
    Debutant,
    /// Catherine Ségurane: two plies, chains of up to three hops, sometimes misjudges.
    Facile,
    /// Giuseppe Garibaldi: three plies over the most forward moves, chains of up to four hops,
    /// rarely misjudges.
    Moyen,
    /// Henri Matisse: three plies, every chain, no deliberate mistake.
    Difficile,
    /// Marie Curie: up to seven plies, an evaluation that credits the side to move with its
    /// best move, a race plan from 30 rows per colour from its goals, well under a second a move.
    Impossible,
}

/// Why a text is not a level.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown level '{0}': expected debutant, facile, moyen, difficile, impossible or 1..5")]
pub struct LevelError(pub String);

impl Level {
    /// All five, weakest first.
    pub const ALL: [Level; 5] =
        [Level::Debutant, Level::Facile, Level::Moyen, Level::Difficile, Level::Impossible];

    /// `1` (Débutant) to `5` (Impossible).
    #[must_use]
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }

    /// The level with this number, `1..=5`.
    #[must_use]
    pub const fn from_number(n: u8) -> Option<Level> {
        match n {
            1 => Some(Level::Debutant),
            2 => Some(Level::Facile),
            3 => Some(Level::Moyen),
            4 => Some(Level::Difficile),
            5 => Some(Level::Impossible),
            _ => None,
        }
    }

    /// The French name shown in the game: "Débutant" … "Impossible".
    #[must_use]
    pub const fn label_fr(self) -> &'static str {
        match self {
            Level::Debutant => "Débutant",
            Level::Facile => "Facile",
            Level::Moyen => "Moyen",
            Level::Difficile => "Difficile",
            Level::Impossible => "Impossible",
        }
    }

    /// The English name: "Beginner" … "Impossible".
    #[must_use]
    pub const fn label_en(self) -> &'static str {
        match self {
            Level::Debutant => "Beginner",
            Level::Facile => "Easy",
            Level::Moyen => "Medium",
            Level::Difficile => "Hard",
            Level::Impossible => "Impossible",
        }
    }

    /// The ASCII key typed on a command line and written in records: `debutant` … `impossible`.
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            Level::Debutant => "debutant",
            Level::Facile => "facile",
            Level::Moyen => "moyen",
            Level::Difficile => "difficile",
            Level::Impossible => "impossible",
        }
    }

    /// The named opponent who plays at this level. People tied to Nice, save the last: Jean
    /// Médecin (mayor of Nice), Catherine Ségurane (heroine of the 1543 siege), Giuseppe
    /// Garibaldi (born in Nice), Henri Matisse (painted in Nice for 37 years), Marie Curie.
    #[must_use]
    pub const fn opponent(self) -> &'static str {
        match self {
            Level::Debutant => "Jean Médecin",
            Level::Facile => "Catherine Ségurane",
            Level::Moyen => "Giuseppe Garibaldi",
            Level::Difficile => "Henri Matisse",
            Level::Impossible => "Marie Curie",
        }
    }

    /// One level up, if any.
    #[must_use]
    pub const fn above(self) -> Option<Level> {
        Level::from_number(self.number() + 1)
    }
}

impl fmt::Display for Level {
    /// The French label, which [`FromStr`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label_fr())
    }
}

impl FromStr for Level {
    type Err = LevelError;

    /// Accepts the key, the French label with or without accent, or the number, in any case.
    fn from_str(s: &str) -> Result<Level, LevelError> {
        let lower = s.trim().to_lowercase();
        let text = lower.replace('é', "e");
        if let Ok(n) = text.parse::<u8>() {
            return Level::from_number(n).ok_or_else(|| LevelError(s.to_owned()));
        }
        Level::ALL.into_iter().find(|l| l.key() == text).ok_or_else(|| LevelError(s.to_owned()))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_of_the_brief_parses() {
        for (text, level) in [
            ("debutant", Level::Debutant),
            ("Débutant", Level::Debutant),
            ("DÉBUTANT", Level::Debutant),
            ("facile", Level::Facile),
            ("MOYEN", Level::Moyen),
            ("Difficile", Level::Difficile),
            ("impossible", Level::Impossible),
            ("1", Level::Debutant),
            ("5", Level::Impossible),
        ] {
            assert_eq!(text.parse::<Level>(), Ok(level), "{text}");
        }
        for bad in ["", "0", "6", "expert", "debutante"] {
            assert!(bad.parse::<Level>().is_err(), "{bad}");
        }
    }

    #[test]
    fn display_reads_back() {
        for level in Level::ALL {
            assert_eq!(level.to_string().parse::<Level>(), Ok(level));
            assert_eq!(Level::from_number(level.number()), Some(level));
        }
        assert_eq!(Level::Debutant.opponent(), "Jean Médecin");
        assert_eq!(Level::Impossible.opponent(), "Marie Curie");
    }
}
