//! Rule presets (RULES.md §9).

use std::fmt;
use std::str::FromStr;

/// Which rules a game is played under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Rules {
    /// The Tripot d'Edmonde: symmetric jumps up to pivot distance 5, and the swap.
    #[default]
    Tripot,
    /// The common core of other sites: short jumps only, no swap.
    Classic,
}

impl Rules {
    /// Both presets.
    pub const ALL: [Rules; 2] = [Rules::Tripot, Rules::Classic];

    /// Farthest pivot a jump may use (RULES.md §3.2).
    #[must_use]
    pub const fn max_pivot_distance(self) -> usize {
        match self {
            Rules::Tripot => 5,
            Rules::Classic => 1,
        }
    }

    /// Whether the swap of §5 is in force.
    #[must_use]
    pub const fn swap(self) -> bool {
        matches!(self, Rules::Tripot)
    }

    /// The preset's name, as typed on the command line and written in records.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Rules::Tripot => "tripot",
            Rules::Classic => "classic",
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown preset name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown rules '{0}': expected tripot or classic")]
pub struct RulesError(pub String);

impl FromStr for Rules {
    type Err = RulesError;

    fn from_str(s: &str) -> Result<Rules, RulesError> {
        Rules::ALL.into_iter().find(|r| r.name() == s).ok_or_else(|| RulesError(s.to_owned()))
    }
}
