//! How a game is set up: against whom, which format, who opens.

use tripot_ai::Level;
use tripot_engine::{Camp, Format, Rules};

/// Who plays camp B. The player at the keyboard is always player 1 (camp A) in solo, as at the
/// Tripot, where a perfect tie goes to "you".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Against the computer at this level; `seed` makes its choices repeatable.
    Solo {
        /// The computer's level.
        level: Level,
        /// Seed of its random choices.
        seed: u64,
    },
    /// Two players on one device, taking turns.
    Duel,
    /// Against a player on another device; the keyboard plays `local`.
    Online {
        /// This side's camp (the host plays A, the guest B).
        local: Camp,
    },
}

/// Who opens, as chosen in the menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OpenerChoice {
    /// Player 1 ("me" in solo).
    #[default]
    First,
    /// Player 2 (the computer in solo).
    Second,
    /// A random draw.
    Draw,
}

impl OpenerChoice {
    /// All three, in menu order.
    pub const ALL: [OpenerChoice; 3] = [OpenerChoice::First, OpenerChoice::Second, OpenerChoice::Draw];

    /// The camp that opens, drawing lots if asked.
    #[must_use]
    pub fn resolve(self) -> Camp {
        match self {
            OpenerChoice::First => Camp::A,
            OpenerChoice::Second => Camp::B,
            OpenerChoice::Draw => {
                if rand::random::<bool>() {
                    Camp::A
                } else {
                    Camp::B
                }
            }
        }
    }
}

/// Everything that defines a game before its first move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Setup {
    /// Solo or duel.
    pub mode: Mode,
    /// Colours per camp.
    pub format: Format,
    /// The rules preset (the menu always plays the Tripot's).
    pub rules: Rules,
    /// The camp that opened.
    pub opener: Camp,
}

impl Setup {
    /// Whether a person (not the computer) plays `camp`.
    #[must_use]
    pub fn is_human(&self, camp: Camp) -> bool {
        match self.mode {
            Mode::Solo { .. } => camp == Camp::A,
            Mode::Duel => true,
            Mode::Online { local } => camp == local,
        }
    }

    /// The computer's level, in solo.
    #[must_use]
    pub fn level(&self) -> Option<Level> {
        match self.mode {
            Mode::Solo { level, .. } => Some(level),
            Mode::Duel | Mode::Online { .. } => None,
        }
    }

    /// The camp whose pawns the keyboard cursor starts on: the side to move if human, else the
    /// human's.
    pub fn first_human(&self, turn: Camp) -> Camp {
        if self.is_human(turn) { turn } else { turn.other() }
    }

    /// The same game again, the other camp opening.
    #[must_use]
    pub fn rematch(&self) -> Setup {
        let mode = match self.mode {
            Mode::Solo { level, seed } => Mode::Solo { level, seed: seed.wrapping_add(1) },
            other => other,
        };
        Setup { mode, opener: self.opener.other(), ..*self }
    }
}
