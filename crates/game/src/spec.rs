//! The one name of a game: [`GameSpec`], and a table of it with its seats: [`TableSpec`].

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Longest game name, in bytes: long enough for `halma-pairs-6`, short enough for a lobby
/// namespace or a wire field.
pub const MAX_SPEC_LEN: usize = 32;

/// The name of a game, the same everywhere: records (`[Game "kawu-3"]`), the wire, lobby
/// entries, `--variant`. A family and its variant in one word: `tripot`, `tripot-classic-f2`,
/// `kawu-3`, `halma-long-6`, `captures-2` (the catalogue lists them all).
///
/// Only the syntax is checked here — lower-case ASCII letters, digits and single dashes, a letter
/// first, at most [`MAX_SPEC_LEN`] bytes — so that a relay or a directory that knows no rules can
/// still carry and compare names. Whether a name is a known game is the catalogue's
/// ([`crate::catalogue::find`]) or an engine's (`tripot_engine::open`) to say; how many seats it
/// has is too ([`TableSpec`]).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GameSpec(String);

/// Why a text is not a game name, or a game name is not one that can be played here.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// Nothing written.
    #[error("empty game name")]
    Empty,
    /// Longer than [`MAX_SPEC_LEN`].
    #[error("game name of {len} bytes: at most {MAX_SPEC_LEN}")]
    TooLong {
        /// Its length in bytes.
        len: usize,
    },
    /// A character other than `a-z`, `0-9` and `-`.
    #[error("game name '{name}': '{found}' at byte {at} is not a lower-case letter, a digit or '-'")]
    Character {
        /// The name as given (cut to the limit).
        name: String,
        /// The character refused.
        found: char,
        /// Its byte offset.
        at: usize,
    },
    /// A name that starts with something else than a letter, ends with a dash, or has two dashes
    /// in a row.
    #[error("game name '{0}': words of letters and digits separated by single dashes, a letter first")]
    Shape(String),
    /// A well-formed name that no game has, or not one that this opener plays.
    #[error("unknown game '{0}'")]
    Unknown(GameSpec),
    /// A table of a game with a number of seats the game does not have.
    #[error("{game} is played by {expected} players, not {seats}")]
    SeatCount {
        /// The game.
        game: GameSpec,
        /// Seats asked for.
        seats: u8,
        /// Seats the game has.
        expected: u8,
    },
}

impl GameSpec {
    /// Checks the syntax of `name`.
    pub fn new(name: &str) -> Result<GameSpec, SpecError> {
        if name.is_empty() {
            return Err(SpecError::Empty);
        }
        if name.len() > MAX_SPEC_LEN {
            return Err(SpecError::TooLong { len: name.len() });
        }
        if let Some((at, found)) =
            name.char_indices().find(|&(_, c)| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'))
        {
            return Err(SpecError::Character { name: name.to_owned(), found, at });
        }
        let well_shaped = name.starts_with(|c: char| c.is_ascii_lowercase())
            && !name.ends_with('-')
            && !name.contains("--");
        if !well_shaped {
            return Err(SpecError::Shape(name.to_owned()));
        }
        Ok(GameSpec(name.to_owned()))
    }

    /// A name known to be well formed (the catalogue's; its tests check each).
    pub(crate) fn trusted(name: &'static str) -> GameSpec {
        GameSpec(name.to_owned())
    }

    /// The name.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The family: the name's first word (`halma` for `halma-long-6`).
    #[must_use]
    pub fn family_word(&self) -> &str {
        self.0.split('-').next().unwrap_or(&self.0)
    }
}

impl fmt::Display for GameSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for GameSpec {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<GameSpec, SpecError> {
        GameSpec::new(s)
    }
}

impl AsRef<str> for GameSpec {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl Serialize for GameSpec {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for GameSpec {
    /// Refuses a malformed name at decoding time: a peer cannot slip an unchecked one in.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<GameSpec, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        GameSpec::new(&text).map_err(serde::de::Error::custom)
    }
}

/// A table: a game and how many seats it has. What a relay or a lobby needs to know of a game
/// without knowing its rules; [`crate::catalogue::check_table`] says whether the count is the game's.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TableSpec {
    /// The game.
    pub game: GameSpec,
    /// Its number of seats.
    pub seats: u8,
}

impl fmt::Display for TableSpec {
    /// `kawu-3/3`: the game and its seats.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.game, self.seats)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn names_of_the_catalogue_shape_are_accepted() {
        for name in ["tripot", "tripot-classic-f2", "kawu-3", "halma-long-6", "captures-2", "draughts"] {
            assert_eq!(GameSpec::new(name).map(|s| s.to_string()), Ok(name.to_owned()));
        }
        assert_eq!(GameSpec::new("halma-long-6").unwrap().family_word(), "halma");
    }

    #[test]
    fn malformed_names_are_refused_with_their_cause() {
        assert_eq!(GameSpec::new(""), Err(SpecError::Empty));
        assert_eq!(GameSpec::new(&"a".repeat(33)), Err(SpecError::TooLong { len: 33 }));
        assert!(GameSpec::new(&"a".repeat(32)).is_ok());
        assert_eq!(
            GameSpec::new("Kawu-3"),
            Err(SpecError::Character { name: "Kawu-3".into(), found: 'K', at: 0 })
        );
        assert!(matches!(GameSpec::new("kawu 3"), Err(SpecError::Character { found: ' ', at: 4, .. })));
        assert!(matches!(GameSpec::new("kawu/3"), Err(SpecError::Character { found: '/', .. })));
        assert!(matches!(GameSpec::new("dé"), Err(SpecError::Character { found: 'é', at: 1, .. })));
        for bad in ["-kawu", "kawu-", "kawu--3", "3kawu", "-"] {
            assert_eq!(GameSpec::new(bad), Err(SpecError::Shape(bad.into())), "{bad}");
        }
    }

    #[test]
    fn serde_writes_a_string_and_checks_it_when_reading() {
        let spec = GameSpec::new("kawu-3").unwrap();
        assert_eq!(serde_json::to_string(&spec).unwrap(), "\"kawu-3\"");
        assert_eq!(serde_json::from_str::<GameSpec>("\"kawu-3\"").unwrap(), spec);
        assert!(serde_json::from_str::<GameSpec>("\"KAWU\"").is_err());
        let table = TableSpec { game: spec, seats: 3 };
        let json = serde_json::to_string(&table).unwrap();
        assert_eq!(json, r#"{"game":"kawu-3","seats":3}"#);
        assert_eq!(serde_json::from_str::<TableSpec>(&json).unwrap(), table);
        assert_eq!(table.to_string(), "kawu-3/3");
    }
}
