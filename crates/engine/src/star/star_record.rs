//! Game records of the star games: the duel's record format (`record.rs`) with a `Variant` tag,
//! an `Opener` seat and one player tag per seat (RULES-STAR.md §2, §6).
//!
//! ```text
//! [Variant "halma-3"]
//! [Opener "S"]
//! [PlayerS "Edmonde"]
//! [PlayerNW "Marie Curie"]
//! [PlayerNE "Jean Médecin"]
//! [Result "S1,NW2,NE3"]
//!
//! 1. j4-j5 a13-... j13-... 2. … S1,NW2,NE3
//! ```
//!
//! The moves are numbered by rounds (`N.` before the first move of each round; the numbers are
//! read as markers and not checked, since skipped seats make rounds of varying length). The
//! result is `*` while the game goes on, else the places of the seats that have one, clockwise
//! from S: `S1,NW2,NE3` in Stern-Halma, the winner `S1` (or the drawn seats `S1,N1`) in kawu and
//! the captures game. A `Start` tag holds a set-up position string; a `Termination` tag (any
//! value, `resign` or `time` say) lets a record end by a result the moves do not reach (§4.10).
//! [`StarRecord::replay`] checks every move with [`StarPosition::verify`] and the result against
//! what the moves produce.

use std::fmt;

use crate::colour::Colour;
use crate::record::RecordError;
use crate::record::SyntaxError;
use crate::record::parse::{MAX_TOKEN, at};
use tripot_game::record::text::{self, Escaped, RawTag, excerpt, is_tag_name};

use super::error::{StarIllegal, StarPositionError};
use super::seat::CLOCKWISE;
use super::star_game::StarGame;
use super::star_move::{StarMove, StarNotation, StarNotationError};
use super::star_outcome::StarOutcome;
use super::star_position::StarPosition;
use super::variant::{Variant, VariantError};

/// Why a star record is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StarRecordError {
    /// The text is not a record: too large, binary, a malformed tag line…
    #[error(transparent)]
    Text(#[from] RecordError),
    /// A required tag is absent.
    #[error("missing tag [{0} \"…\"]")]
    MissingTag(&'static str),
    /// The `Variant` tag names no variant.
    #[error("line {line}: {error}")]
    Variant {
        /// Line of the tag.
        line: usize,
        /// What is wrong.
        error: VariantError,
    },
    /// A tag value that cannot be: an `Opener` or player tag of a seat not at the table, a bad
    /// `Result`, a bad `Start`.
    #[error("line {line}: [{tag} \"{value}\"]: {reason}")]
    Value {
        /// Line of the tag.
        line: usize,
        /// The tag.
        tag: String,
        /// Its value (shortened).
        value: String,
        /// What is wrong.
        reason: String,
    },
    /// The `Start` position does not parse.
    #[error("line {line}: [Start]: {error}")]
    Start {
        /// Line of the tag.
        line: usize,
        /// What is wrong.
        error: StarPositionError,
    },
    /// A token of the moves that is not a move.
    #[error("line {line}, column {column}: {error}")]
    Move {
        /// Line, from 1.
        line: usize,
        /// Column, from 1.
        column: usize,
        /// What is wrong.
        error: StarNotationError,
    },
    /// A move that cannot be played where the record plays it.
    #[error("move {ply} by {seat} ({text}): {reason}")]
    Illegal {
        /// Which move, counting every move from 1.
        ply: usize,
        /// The seat that played it.
        seat: Colour,
        /// The move as written.
        text: String,
        /// Why it is illegal.
        reason: StarIllegal,
    },
    /// The recorded result is not what the moves produce.
    #[error("the record says {recorded} but the moves give {}", actual.map_or("an unfinished game".to_owned(), |o| o.to_string()))]
    ResultMismatch {
        /// The `Result` tag.
        recorded: String,
        /// How the moves end the game, if they do.
        actual: Option<StarOutcome>,
    },
}

/// A star game record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StarRecord {
    variant: Variant,
    opener: Colour,
    setup: Option<StarPosition>,
    players: Vec<(Colour, String)>,
    result: Option<[u8; 6]>,
    moves: Vec<StarNotation>,
    tags: Vec<(String, String)>,
}

/// What replaying a record gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StarReplay {
    /// The moves as played.
    pub moves: Vec<StarMove>,
    /// The positions, the start first: one more than the moves.
    pub positions: Vec<StarPosition>,
    /// How the game ended, if it did.
    pub outcome: Option<StarOutcome>,
}

/// `S1,NW2,NE3`, or `*`.
fn result_text(result: Option<[u8; 6]>) -> String {
    match result {
        None => "*".to_owned(),
        Some(places) => {
            let items: Vec<String> = CLOCKWISE
                .into_iter()
                .filter(|s| places[s.index()] != 0)
                .map(|s| format!("{s}{}", places[s.index()]))
                .collect();
            items.join(",")
        }
    }
}

fn parse_result(text: &str, variant: Variant) -> Option<Option<[u8; 6]>> {
    if text == "*" {
        return Some(None);
    }
    let mut places = [0u8; 6];
    for item in text.split(',') {
        let split = item.find(|c: char| c.is_ascii_digit())?;
        let seat: Colour = item[..split].parse().ok()?;
        let place: u8 = item[split..].parse().ok()?;
        if !variant.seats().contains(&seat)
            || place == 0
            || place > variant.players()
            || places[seat.index()] != 0
        {
            return None;
        }
        places[seat.index()] = place;
    }
    Some(Some(places))
}

impl StarRecord {
    /// An empty record of a game of `variant` opened by `opener`.
    pub fn new(variant: Variant, opener: Colour) -> Result<StarRecord, StarPositionError> {
        StarPosition::start(variant, opener)?;
        Ok(StarRecord {
            variant,
            opener,
            setup: None,
            players: Vec::new(),
            result: None,
            moves: Vec::new(),
            tags: Vec::new(),
        })
    }

    /// An empty record of a game from a set-up position (written in a `Start` tag).
    #[must_use]
    pub fn from_position(start: StarPosition) -> StarRecord {
        StarRecord {
            variant: start.variant(),
            opener: start.opener(),
            setup: Some(start),
            players: Vec::new(),
            result: None,
            moves: Vec::new(),
            tags: Vec::new(),
        }
    }

    /// The variant.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The position the moves start from.
    #[must_use]
    pub fn start_position(&self) -> StarPosition {
        match self.setup {
            Some(position) => position,
            None => StarPosition::start(self.variant, self.opener).unwrap_or_else(|_| {
                StarPosition::from_parts(self.variant, [0; 6], 0, self.opener, self.opener)
            }),
        }
    }

    /// The moves, as written.
    #[must_use]
    pub fn moves(&self) -> &[StarNotation] {
        &self.moves
    }

    /// Adds a move, as the verifier wrote it.
    pub fn push(&mut self, notation: StarNotation) {
        self.moves.push(notation);
    }

    /// The player of `seat`, if named.
    #[must_use]
    pub fn player(&self, seat: Colour) -> Option<&str> {
        self.players.iter().find(|(s, _)| *s == seat).map(|(_, name)| name.as_str())
    }

    /// Names the player of `seat` (a `PlayerS`, `PlayerNW`… tag).
    pub fn set_player(&mut self, seat: Colour, name: &str) {
        self.players.retain(|(s, _)| *s != seat);
        self.players.push((seat, name.to_owned()));
        self.players.sort_by_key(|(s, _)| CLOCKWISE.iter().position(|c| c == s));
    }

    /// The recorded places, or `None` for an unfinished game.
    #[must_use]
    pub const fn result(&self) -> Option<[u8; 6]> {
        self.result
    }

    /// Records the end of the game.
    pub fn set_result(&mut self, outcome: Option<&StarOutcome>) {
        self.result = outcome.map(|o| o.places);
    }

    /// Another tag (`Date`, `Termination`, `GameId`…), if present.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Parses a record's text.
    pub fn parse(text: &str) -> Result<StarRecord, StarRecordError> {
        let split = text::split(text).map_err(RecordError::from)?;
        let (tags, tokens) = (split.tags, split.tokens);
        let mut record = StarRecord::from_tags(&tags)?;
        let result = result_text(record.result);
        let mut result_seen = false;
        for token in &tokens {
            let error = |problem| StarRecordError::from(at(token.at.line, token.at.column, problem));
            if result_seen {
                return Err(error(SyntaxError::AfterResult(excerpt(token.text))));
            }
            if token.text.len() > MAX_TOKEN {
                return Err(error(SyntaxError::LongToken(excerpt(token.text))));
            }
            let mut text = token.text;
            let mut column = token.at.column;
            if text == result
                || text == "*"
                || text.contains(',')
                || parse_result(text, record.variant).is_some()
            {
                if text != result {
                    return Err(error(SyntaxError::ResultToken { found: excerpt(text), tag: "Result" }));
                }
                result_seen = true;
                continue;
            }
            let digits = text.bytes().take_while(u8::is_ascii_digit).count();
            if digits > 0 {
                if text.as_bytes().get(digits) != Some(&b'.') {
                    let found = excerpt(text);
                    return Err(error(SyntaxError::MoveNumber {
                        expected: "a round number like 3.".into(),
                        found,
                    }));
                }
                text = &text[digits + 1..];
                column += digits + 1;
                if text.is_empty() {
                    continue;
                }
            }
            let notation: StarNotation =
                text.parse().map_err(|error| StarRecordError::Move { line: token.at.line, column, error })?;
            record.moves.push(notation);
        }
        Ok(record)
    }

    fn from_tags(tags: &[RawTag]) -> Result<StarRecord, StarRecordError> {
        let find = |name: &str| tags.iter().find(|t| t.name == name);
        let bad = |tag: &RawTag, reason: String| StarRecordError::Value {
            line: tag.at.line,
            tag: tag.name.clone(),
            value: excerpt(&tag.value),
            reason,
        };
        let variant_tag = find("Variant").ok_or(StarRecordError::MissingTag("Variant"))?;
        let variant: Variant = variant_tag
            .value
            .parse()
            .map_err(|error| StarRecordError::Variant { line: variant_tag.at.line, error })?;
        let seat_of = |tag: &RawTag, text: &str| -> Result<Colour, StarRecordError> {
            let seat: Colour =
                text.parse().map_err(|()| bad(tag, "expected a seat S, SW, NW, N, NE or SE".into()))?;
            if variant.seats().contains(&seat) {
                Ok(seat)
            } else {
                Err(bad(tag, format!("{seat} has no seat in {variant}")))
            }
        };
        let setup = match find("Start") {
            Some(tag) => Some(
                StarPosition::parse(&tag.value, variant)
                    .map_err(|error| StarRecordError::Start { line: tag.at.line, error })?,
            ),
            None => None,
        };
        let opener = match (find("Opener"), setup) {
            (Some(tag), Some(start)) if seat_of(tag, &tag.value)? != start.opener() => {
                return Err(bad(tag, format!("the Start position was opened by {}", start.opener())));
            }
            (Some(tag), _) => seat_of(tag, &tag.value)?,
            (None, Some(start)) => start.opener(),
            (None, None) => return Err(StarRecordError::MissingTag("Opener")),
        };
        let mut record =
            StarRecord::new(variant, opener).map_err(|error| StarRecordError::Start { line: 0, error })?;
        record.setup = setup;
        if let Some(tag) = find("Result") {
            record.result = parse_result(&tag.value, variant).ok_or_else(|| {
                bad(tag, "expected * or the places of seats at the table, like S1,NW2".into())
            })?;
        }
        for tag in tags {
            match tag.name.as_str() {
                "Variant" | "Opener" | "Start" | "Result" => {}
                name => match name.strip_prefix("Player").filter(|code| !code.is_empty()) {
                    Some(code) => {
                        let seat = seat_of(tag, code)?;
                        record.set_player(seat, &tag.value);
                    }
                    None => record.tags.push((tag.name.clone(), tag.value.clone())),
                },
            }
        }
        Ok(record)
    }

    /// Replays the moves: each through [`StarPosition::verify`], then the result against the
    /// end the moves reach.
    pub fn replay(&self) -> Result<StarReplay, StarRecordError> {
        let mut game = StarGame::new(self.start_position());
        let mut replay = StarReplay { moves: Vec::new(), positions: vec![*game.position()], outcome: None };
        for (index, notation) in self.moves.iter().enumerate() {
            let position = *game.position();
            let illegal = |reason| StarRecordError::Illegal {
                ply: index + 1,
                seat: position.turn(),
                text: notation.to_string(),
                reason,
            };
            if let Some(outcome) = game.outcome() {
                return Err(illegal(StarIllegal::GameOver(outcome)));
            }
            let m = position.verify(notation).map_err(illegal)?;
            game.play(&m).map_err(|e| illegal(e.reason))?;
            replay.moves.push(m);
            replay.positions.push(*game.position());
        }
        replay.outcome = game.outcome();
        let mismatch =
            || StarRecordError::ResultMismatch { recorded: result_text(self.result), actual: replay.outcome };
        match (self.result, replay.outcome) {
            (None, None) => {}
            (Some(places), Some(outcome)) if places == outcome.places => {}
            (Some(_), None) if self.tag("Termination").is_some() => {}
            _ => return Err(mismatch()),
        }
        Ok(replay)
    }
}

impl fmt::Display for StarRecord {
    /// The record's text, with the moves numbered by rounds from the start position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "[Variant \"{}\"]", self.variant)?;
        writeln!(f, "[Opener \"{}\"]", self.opener)?;
        for (seat, name) in &self.players {
            writeln!(f, "[Player{seat} \"{}\"]", Escaped(name))?;
        }
        for (name, value) in &self.tags {
            if is_tag_name(name) {
                writeln!(f, "[{name} \"{}\"]", Escaped(value))?;
            }
        }
        writeln!(f, "[Result \"{}\"]", result_text(self.result))?;
        if let Some(start) = self.setup {
            writeln!(f, "[Start \"{start}\"]")?;
        }
        writeln!(f)?;
        let mut position = Some(self.start_position());
        let mut previous_round: Option<u16> = None;
        let mut words: Vec<String> = Vec::new();
        for notation in &self.moves {
            // A number opens each round, as far as the moves can be followed.
            let mut word = String::new();
            if let Some(p) = position {
                let round = p.moves_of(p.turn()) + 1;
                if previous_round != Some(round) {
                    word.push_str(&format!("{round}. "));
                    previous_round = Some(round);
                }
                position = p.verify(notation).ok().and_then(|m| p.play(&m).ok());
            }
            word.push_str(&notation.to_string());
            words.push(word);
        }
        words.push(result_text(self.result));
        writeln!(f, "{}", words.join(" "))
    }
}
