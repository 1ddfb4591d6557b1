//! The games a table is set up for: those of the star board (RULES-STAR.md §2), each with the
//! numbers of players it has, and international draughts: what the terminal's set-up page
//! offers and the catalogue names.

use tripot_engine::Variant;

/// The games of the star board, each with the numbers of players it has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableGame {
    /// The Tripot duel (RULES.md), started as the main menu's Solo or Duel.
    Tripot,
    /// kawu (§3).
    Kawu,
    /// Stern-Halma (§4).
    Halma,
    /// Stern-Halma with symmetric jumps.
    HalmaLong,
    /// Stern-Halma with 15 marbles (§4.8).
    Halma15,
    /// Stern-Halma in pairs (§4.9).
    HalmaPairs,
    /// The captures game (§5).
    Captures,
    /// The captures game with symmetric jumps.
    CapturesLong,
    /// International draughts (10×10), played at the one table ([`crate::table::Table`]).
    Draughts,
}

impl TableGame {
    /// Every game, in menu order.
    pub const ALL: [TableGame; 9] = [
        TableGame::Tripot,
        TableGame::Kawu,
        TableGame::Halma,
        TableGame::HalmaLong,
        TableGame::Halma15,
        TableGame::HalmaPairs,
        TableGame::Captures,
        TableGame::CapturesLong,
        TableGame::Draughts,
    ];

    /// The numbers of players the game has (§2).
    #[must_use]
    pub const fn counts(self) -> &'static [u8] {
        match self {
            TableGame::Tripot | TableGame::Halma15 | TableGame::Draughts => &[2],
            TableGame::Kawu | TableGame::Halma => &[2, 3, 4, 6],
            TableGame::HalmaLong => &[2, 6],
            TableGame::HalmaPairs => &[4, 6],
            TableGame::Captures | TableGame::CapturesLong => &[2, 3, 4, 5, 6],
        }
    }

    /// The star variant of this game for `players`, if it has that many (none for the duel).
    #[must_use]
    pub fn variant(self, players: u8) -> Option<Variant> {
        let name = match self {
            TableGame::Tripot | TableGame::Draughts => return None,
            TableGame::Kawu => format!("kawu-{players}"),
            TableGame::Halma => format!("halma-{players}"),
            TableGame::HalmaLong => format!("halma-long-{players}"),
            TableGame::Halma15 if players == 2 => "halma-15".to_owned(),
            TableGame::Halma15 => return None,
            TableGame::HalmaPairs => format!("halma-pairs-{players}"),
            TableGame::Captures => format!("captures-{players}"),
            TableGame::CapturesLong => format!("captures-long-{players}"),
        };
        name.parse().ok()
    }
}
