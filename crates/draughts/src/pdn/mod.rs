//! Game records in PDN (Portable Draughts Notation): tags such as `[Event "…"]`, numbered
//! moves, a result (`2-0`, `0-2`, `1-1`, `*`). Comments `{…}`, `;…` and `%…` lines, variations
//! `(…)` and annotations (`!`, `?`, `$3`) are read and skipped. Input is bounded: see the
//! `MAX_*` constants.

mod reader;
mod tokens;
mod writer;

use crate::game::{Game, GameError};
use crate::moves::Move;
use crate::position::Position;

pub use reader::PdnError;

/// The largest PDN text read at once.
pub const MAX_PDN_BYTES: usize = 4 << 20;
/// The most moves (plies) one game may have.
pub const MAX_PLIES: usize = 5_000;
/// The most tags one game may have.
pub const MAX_TAGS: usize = 64;
/// The longest tag name or value.
pub const MAX_TAG_LEN: usize = 1_024;
/// The deepest nesting of variations.
pub const MAX_VARIATION_DEPTH: usize = 32;

/// A game's result as PDN writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PdnResult {
    /// `2-0`.
    WhiteWins,
    /// `0-2`.
    BlackWins,
    /// `1-1`.
    Draw,
    /// `*`: unfinished or unknown.
    Unknown,
}

impl PdnResult {
    /// How PDN writes it.
    pub const fn text(self) -> &'static str {
        match self {
            PdnResult::WhiteWins => "2-0",
            PdnResult::BlackWins => "0-2",
            PdnResult::Draw => "1-1",
            PdnResult::Unknown => "*",
        }
    }

    /// Reads `2-0`, `0-2`, `1-1`, `0-0` (both lost: read as unknown), `*`, and the chess-style
    /// `1-0`, `0-1`, `1/2-1/2` some programs write.
    pub fn parse(text: &str) -> Option<PdnResult> {
        Some(match text {
            "2-0" | "1-0" => PdnResult::WhiteWins,
            "0-2" | "0-1" => PdnResult::BlackWins,
            "1-1" | "1/2-1/2" => PdnResult::Draw,
            "*" | "0-0" => PdnResult::Unknown,
            _ => return None,
        })
    }
}

/// A tag pair, `[Name "value"]`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Tag {
    /// The tag's name (`Event`, `White`, `Date`…).
    pub name: String,
    /// Its value.
    pub value: String,
}

/// A game record: tags, a first position, the moves (each checked legal), the result written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// The tags, in order (`GameType`, `FEN` and `Result` are written from the fields below).
    pub tags: Vec<Tag>,
    /// The first position (`[FEN "…"]`, else the starting position).
    pub start: Position,
    /// The moves, each legal in turn.
    pub moves: Vec<Move>,
    /// The result written in the record.
    pub result: PdnResult,
}

impl Record {
    /// The record of `game` with `tags` (the result follows the game's outcome).
    pub fn from_game(game: &Game, tags: Vec<Tag>) -> Record {
        let result = match game.outcome().map(|o| o.winner()) {
            Some(Some(crate::Color::White)) => PdnResult::WhiteWins,
            Some(Some(crate::Color::Black)) => PdnResult::BlackWins,
            Some(None) => PdnResult::Draw,
            None => PdnResult::Unknown,
        };
        Record { tags, start: *game.start(), moves: game.moves().to_vec(), result }
    }

    /// The value of tag `name`, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|t| t.name == name).map(|t| t.value.as_str())
    }

    /// The game replayed under every rule of [`Game`]; fails if a move comes after the game
    /// ended by rule (a record from elsewhere may go on past a draw we would have called).
    pub fn to_game(&self) -> Result<Game, GameError> {
        let mut game = Game::from_position(self.start);
        for m in &self.moves {
            game.play(m)?;
        }
        Ok(game)
    }

    /// Reads the first game of a PDN text.
    pub fn parse_pdn(text: &str) -> Result<Record, PdnError> {
        reader::read_games(text, 1)?.into_iter().next().ok_or(PdnError::NoGame)
    }

    /// Reads every game of a PDN text.
    pub fn parse_pdn_all(text: &str) -> Result<Vec<Record>, PdnError> {
        reader::read_games(text, usize::MAX)
    }

    /// The record in PDN.
    pub fn to_pdn(&self) -> String {
        writer::write(self)
    }
}
