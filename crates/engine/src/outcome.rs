//! How a game ends (RULES.md §4 and §6).

use std::fmt;

use crate::colour::Camp;

/// Why a camp won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// Every goal hole of each of its colours holds a pawn of that colour (§4).
    Goal,
    /// Both camps passed in a row and the count decided (§6).
    Count {
        /// Arrived pawns, camp A then camp B.
        arrived: [u8; 2],
        /// Total distance to the goals, camp A then camp B.
        distance: [u16; 2],
    },
}

/// The end of a game: who won, and why. A game never ends drawn: a perfect tie goes to camp A.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winning camp.
    pub winner: Camp,
    /// Why.
    pub reason: WinReason,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.reason {
            WinReason::Goal => write!(f, "{} wins (goal complete)", self.winner),
            WinReason::Count { arrived, distance } => write!(
                f,
                "{} wins (count: arrived A {} - B {}, distance A {} - B {})",
                self.winner, arrived[0], arrived[1], distance[0], distance[1]
            ),
        }
    }
}

impl Outcome {
    /// Decides the count between the two camps' figures (§6): more arrived pawns, then the
    /// smaller total distance, then camp A.
    #[must_use]
    pub fn by_count(arrived: [u8; 2], distance: [u16; 2]) -> Outcome {
        let winner = if arrived[0] != arrived[1] {
            if arrived[0] > arrived[1] { Camp::A } else { Camp::B }
        } else if distance[0] != distance[1] {
            if distance[0] < distance[1] { Camp::A } else { Camp::B }
        } else {
            Camp::A
        };
        Outcome { winner, reason: WinReason::Count { arrived, distance } }
    }
}
