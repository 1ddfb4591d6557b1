//! Reading PDN games: tags, then moves checked one by one against the legal moves.

use super::tokens::{Token, tokenize};
use super::{MAX_PDN_BYTES, MAX_PLIES, MAX_TAGS, PdnResult, Record, Tag};
use crate::fen::FenError;
use crate::notation::NotationError;
use crate::position::Position;

/// Why a PDN text was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PdnError {
    /// Larger than [`super::MAX_PDN_BYTES`].
    #[error("a PDN text has at most {MAX_PDN_BYTES} bytes; this one has {0}")]
    TooLarge(usize),
    /// No game in the text.
    #[error("no game in this text")]
    NoGame,
    /// A `[` tag without its closing quote or `]`.
    #[error("line {line}: a tag is not closed")]
    UnclosedTag {
        /// Where the tag starts.
        line: usize,
    },
    /// A tag that is not `[Name "value"]`.
    #[error("line {line}: a tag is written [Name \"value\"]")]
    BadTag {
        /// Where the tag starts.
        line: usize,
    },
    /// A tag name or value longer than [`super::MAX_TAG_LEN`].
    #[error("line {line}: tag too long")]
    TagTooLong {
        /// Where the tag starts.
        line: usize,
    },
    /// More than [`super::MAX_TAGS`] tags in one game.
    #[error("line {line}: more than {MAX_TAGS} tags in one game")]
    TooManyTags {
        /// The tag too many.
        line: usize,
    },
    /// A `{` comment never closed.
    #[error("line {line}: a comment is not closed")]
    UnclosedComment {
        /// Where it starts.
        line: usize,
    },
    /// A `(` variation never closed.
    #[error("line {line}: a variation is not closed")]
    UnclosedVariation {
        /// Where it starts.
        line: usize,
    },
    /// A `)` without its `(`.
    #[error("line {line}: ')' closes no variation")]
    UnopenedVariation {
        /// Where it stands.
        line: usize,
    },
    /// Variations nested deeper than [`super::MAX_VARIATION_DEPTH`].
    #[error("line {line}: variations nested too deep")]
    VariationTooDeep {
        /// Where the limit was passed.
        line: usize,
    },
    /// The game is not international draughts (`[GameType "20"]`).
    #[error("line {line}: game type {value:?} is not international draughts (20)")]
    UnsupportedGameType {
        /// The tag's line.
        line: usize,
        /// Its value.
        value: String,
    },
    /// The `[FEN "…"]` tag is not a position.
    #[error("line {line}: {error}")]
    Fen {
        /// The tag's line.
        line: usize,
        /// What is wrong with it.
        error: FenError,
    },
    /// A move that is not legal, or not a move.
    #[error("line {line}, move {ply}: {error}")]
    Move {
        /// Where it stands.
        line: usize,
        /// Its rank in the game, from 1 (one per side's move).
        ply: usize,
        /// What is wrong with it.
        error: NotationError,
    },
    /// More than [`super::MAX_PLIES`] moves in one game.
    #[error("line {line}: more than {MAX_PLIES} moves in one game")]
    TooManyPlies {
        /// The move too many.
        line: usize,
    },
}

/// A game being read.
struct Reading {
    tags: Vec<Tag>,
    /// The first position, once the first move or the end needed it.
    start: Option<Position>,
    position: Position,
    moves: Vec<crate::Move>,
    /// The lines of the `FEN` and `GameType` tags, for error messages.
    fen_line: usize,
    game_type_line: usize,
}

impl Reading {
    fn new() -> Reading {
        Reading {
            tags: Vec::new(),
            start: None,
            position: Position::start(),
            moves: Vec::new(),
            fen_line: 0,
            game_type_line: 0,
        }
    }

    fn is_empty(&self) -> bool {
        self.tags.is_empty() && self.moves.is_empty()
    }

    fn tag(&mut self, name: &str, value: String, line: usize) -> Result<(), PdnError> {
        if self.tags.len() >= MAX_TAGS {
            return Err(PdnError::TooManyTags { line });
        }
        match name {
            "FEN" => self.fen_line = line,
            "GameType" => self.game_type_line = line,
            _ => {}
        }
        self.tags.push(Tag { name: name.into(), value });
        Ok(())
    }

    /// The first position, from the `FEN` and `GameType` tags.
    fn started(&mut self) -> Result<Position, PdnError> {
        if let Some(start) = self.start {
            return Ok(start);
        }
        let tag = |name: &str| self.tags.iter().find(|t| t.name == name).map(|t| t.value.trim());
        if let Some(game_type) = tag("GameType")
            && game_type.split(',').next().map(str::trim) != Some("20")
        {
            return Err(PdnError::UnsupportedGameType { line: self.game_type_line, value: game_type.into() });
        }
        let start = match tag("FEN") {
            Some(fen) => Position::from_fen(fen.trim_matches('"'))
                .map_err(|error| PdnError::Fen { line: self.fen_line, error })?,
            None => Position::start(),
        };
        self.start = Some(start);
        self.position = start;
        Ok(start)
    }

    fn play(&mut self, text: &str, line: usize) -> Result<(), PdnError> {
        self.started()?;
        if self.moves.len() >= MAX_PLIES {
            return Err(PdnError::TooManyPlies { line });
        }
        let ply = self.moves.len() + 1;
        let m = self.position.parse_move(text).map_err(|error| PdnError::Move { line, ply, error })?;
        self.position = self.position.play_unchecked(&m);
        self.moves.push(m);
        Ok(())
    }

    fn finish(mut self, result: PdnResult) -> Result<Record, PdnError> {
        let start = self.started()?;
        let written = self.tags.iter().find(|t| t.name == "Result").and_then(|t| PdnResult::parse(&t.value));
        let result = if result == PdnResult::Unknown { written.unwrap_or(result) } else { result };
        Ok(Record { tags: self.tags, start, moves: self.moves, result })
    }
}

/// Reads up to `max_games` games.
pub(super) fn read_games(text: &str, max_games: usize) -> Result<Vec<Record>, PdnError> {
    if text.len() > MAX_PDN_BYTES {
        return Err(PdnError::TooLarge(text.len()));
    }
    let mut games = Vec::new();
    let mut reading = Reading::new();
    for token in tokenize(text)? {
        if games.len() >= max_games {
            break;
        }
        match token {
            Token::Tag { name, value, line } => {
                if !reading.moves.is_empty() {
                    // Tags after moves: a new game, the last one having no result.
                    games.push(std::mem::replace(&mut reading, Reading::new()).finish(PdnResult::Unknown)?);
                }
                reading.tag(name, value, line)?;
            }
            Token::Word { text, line } => match PdnResult::parse(text) {
                Some(result) => {
                    games.push(std::mem::replace(&mut reading, Reading::new()).finish(result)?);
                }
                None => reading.play(text, line)?,
            },
        }
    }
    if games.len() < max_games && !reading.is_empty() {
        games.push(reading.finish(PdnResult::Unknown)?);
    }
    if games.is_empty() {
        return Err(PdnError::NoGame);
    }
    Ok(games)
}
