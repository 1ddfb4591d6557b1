//! One record format for every game, read by one reader: tag pairs, then the moves in the game's
//! own notation, then the result.
//!
//! ```text
//! [Game "halma-3"]
//! [Opener "S"]
//! [PlayerS "Edmonde"]
//! [PlayerNW "Marie Curie"]
//! [Date "2026.11.30"]
//! [Result "S1,NE2,NW3"]
//! [Termination "goal"]
//!
//! 1. j4-j5 c12-d12 k12-j11 2. … S1,NE2,NW3
//! ```
//!
//! - `Game` names the game ([`crate::GameSpec`]). Records saved before it exists are read too:
//!   the star games' `[Variant "kawu-3"]` names it the same way, and the duel's
//!   `[Format "2"]` + `[Rules "classic"]` stand for `tripot-classic-f2` (see `legacy.rs`).
//! - `Opener` is the seat that moved first, by its name (`A`, `S`); `Start` a set-up position
//!   string; `Player<seat>` the players (`PlayerA`, `PlayerNW`); any other tag is kept, in order.
//! - `Result` is `*` while the game goes on, else the places of the seats that have one, by seat
//!   name: `S1,NE2,NW3`, `A1,B2`, `S1,N1` (a draw); a duel record of before says only its
//!   winner, `A`. `Termination` says how it ended: what the moves decide (`goal`, `count`,
//!   `move-limit`, `repetition`, `no-move`), or how a seat left (`resign`, `time`, `forfeit`,
//!   `abandon`, `claim`, or any word an older record used) — a result the moves do not reach.
//! - Moves are numbered by rounds (`N.` or `N...` before a move: the round that move is played
//!   in, checked on replay); the result closes them.
//!
//! [`GameRecord::parse`] checks the text only. [`GameRecord::replay`] checks the game: every move
//! goes through the game's own verifier ([`crate::GameState::parse_move`]) and the recorded result
//! must be what the moves give.

use std::fmt;
use std::str::FromStr;

mod error;
mod legacy;
mod read;
mod replay;
pub mod text;

pub use error::{RecordError, ReplayError, TextProblem};
pub use replay::GameReplay;
pub use text::{MAX_RECORD_BYTES, MAX_TAGS, TextAt};

use crate::outcome::Outcome;
use crate::spec::GameSpec;
use crate::state::GameState;
use text::Escaped;

/// The tags with a field of their own in a [`GameRecord`].
pub const OWN_TAGS: [&str; 5] = ["Game", "Opener", "Start", "Result", "Termination"];

/// The recorded result: the `Result` tag.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub enum RecordResult {
    /// `*`: the game goes on, or stopped without a result.
    #[default]
    Unfinished,
    /// The seats that have a place, by name, with their places (`S1,NE2`).
    Places(Vec<(String, u8)>),
    /// A winner alone, by name: how the duel's records of before wrote a result (`A`).
    Winner(String),
}

impl RecordResult {
    /// The places of `outcome` by the names `state` gives its seats.
    #[must_use]
    pub fn of(outcome: &Outcome, state: &dyn GameState) -> RecordResult {
        let places = outcome.places.iter().filter_map(|p| Some((state.seat_name(p.seat), p.rank?))).collect();
        RecordResult::Places(places)
    }

    /// Whether a result is recorded.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        *self != RecordResult::Unfinished
    }
}

impl fmt::Display for RecordResult {
    /// The `Result` tag's value, and the token closing the moves.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordResult::Unfinished => f.write_str("*"),
            RecordResult::Winner(name) => f.write_str(name),
            RecordResult::Places(places) => {
                for (i, (name, place)) in places.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{name}{place}")?;
                }
                Ok(())
            }
        }
    }
}

/// A move as a record holds it: its text in the game's notation, and the round number written
/// before it, if one is. Two are equal when text and round are: where a move was read from is
/// not part of the record.
#[derive(Debug, Clone, Eq)]
pub struct RecordedMove {
    /// The move, as the game writes it.
    pub text: String,
    /// The round number written before it (`3.`), if any: the writer writes one before the
    /// first move of each round.
    pub round: Option<u32>,
    /// Where it stands in the text it was read from.
    pub at: Option<TextAt>,
    /// Where its round number stands in that text.
    pub round_at: Option<TextAt>,
}

impl PartialEq for RecordedMove {
    fn eq(&self, other: &RecordedMove) -> bool {
        (&self.text, self.round) == (&other.text, other.round)
    }
}

/// A game record of any game. Build one from a game with [`GameRecord::of_game`], write it with
/// `Display`, read it with [`GameRecord::parse`], check it with [`GameRecord::replay`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    game: GameSpec,
    /// The name of the seat that moved first (`Opener`), if recorded.
    pub opener: Option<String>,
    /// A set-up position string the moves start from (`Start`).
    pub start: Option<String>,
    /// The result; keep it what the moves give, or [`GameRecord::replay`] refuses the record.
    pub result: RecordResult,
    /// How the game ended (`Termination`), if it did.
    pub termination: Option<String>,
    tags: Vec<(String, String)>,
    moves: Vec<RecordedMove>,
}

impl GameRecord {
    /// An empty record of `game` from its start.
    #[must_use]
    pub fn new(game: GameSpec) -> GameRecord {
        GameRecord {
            game,
            opener: None,
            start: None,
            result: RecordResult::Unfinished,
            termination: None,
            tags: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// The record of a game as played so far: its opener, its set-up if any, every move with its
    /// round, and its result and termination once it is over. Players and other tags are the
    /// caller's to add.
    #[must_use]
    pub fn of_game(state: &dyn GameState) -> GameRecord {
        let mut record = GameRecord::new(state.spec().clone());
        record.opener = Some(state.seat_name(state.opener()));
        record.start = state.setup_string();
        let mut replayed = state.initial();
        let mut previous = None;
        for m in state.moves() {
            // Numbered as written: the first move of each round.
            let round = Some(replayed.round()).filter(|&r| previous != Some(r));
            previous = Some(replayed.round());
            record.moves.push(RecordedMove { text: state.move_text(m), round, at: None, round_at: None });
            // The moves were played on this very game: replaying them cannot fail.
            if replayed.play(m).is_err() {
                break;
            }
        }
        if let Some(outcome) = state.outcome() {
            record.result = RecordResult::of(&outcome, state);
            record.termination = Some(outcome.reason.termination().to_owned());
        }
        record
    }

    /// The game's name.
    #[must_use]
    pub const fn game(&self) -> &GameSpec {
        &self.game
    }

    /// The moves, as written.
    #[must_use]
    pub fn moves(&self) -> &[RecordedMove] {
        &self.moves
    }

    /// Appends a move as the game writes it, with the round number to write before it, if any;
    /// [`GameRecord::replay`] checks both.
    pub fn push(&mut self, text: &str, round: Option<u32>) {
        self.moves.push(RecordedMove { text: text.to_owned(), round, at: None, round_at: None });
    }

    /// Removes and returns the last move (an undo); a result the moves decided goes with it.
    pub fn pop(&mut self) -> Option<RecordedMove> {
        let last = self.moves.pop()?;
        if self.termination.as_deref().is_none_or(|t| crate::outcome::DECIDED_BY_MOVES.contains(&t)) {
            self.result = RecordResult::Unfinished;
            self.termination = None;
        }
        Some(last)
    }

    /// The value of a tag other than the record's own ([`OWN_TAGS`]).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// The other tags, in order.
    #[must_use]
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// Sets a tag other than the record's own: replaces its value, or appends it.
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), RecordError> {
        if !text::is_tag_name(name) {
            return Err(RecordError::BadTagName(name.to_owned()));
        }
        if OWN_TAGS.contains(&name) {
            return Err(RecordError::OwnTag(name.to_owned()));
        }
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some((_, v)) => value.clone_into(v),
            None => {
                if self.tags.len() + OWN_TAGS.len() >= MAX_TAGS {
                    return Err(RecordError::TooManyTags(MAX_TAGS));
                }
                self.tags.push((name.to_owned(), value.to_owned()));
            }
        }
        Ok(())
    }

    /// Removes a tag other than the record's own, returning its value.
    pub fn remove_tag(&mut self, name: &str) -> Option<String> {
        let index = self.tags.iter().position(|(n, _)| n == name)?;
        Some(self.tags.remove(index).1)
    }

    /// The player of the seat named `seat` (`Player<seat>`).
    #[must_use]
    pub fn player(&self, seat: &str) -> Option<&str> {
        self.tag(&format!("Player{seat}"))
    }

    /// Names the player of the seat named `seat`.
    pub fn set_player(&mut self, seat: &str, name: &str) -> Result<(), RecordError> {
        self.set_tag(&format!("Player{seat}"), name)
    }

    /// Parses a record's text, of any game, today's or an older record's. Checks the text (tags,
    /// numbers, where the result stands), not the game: see [`GameRecord::replay`].
    pub fn parse(text: &str) -> Result<GameRecord, RecordError> {
        read::parse(text)
    }

    /// Parses a record from bytes, e.g. a file's content: refuses what is not UTF-8 text.
    pub fn parse_bytes(bytes: &[u8]) -> Result<GameRecord, RecordError> {
        read::parse(text::text_of(bytes)?)
    }
}

impl FromStr for GameRecord {
    type Err = RecordError;

    fn from_str(text: &str) -> Result<GameRecord, RecordError> {
        GameRecord::parse(text)
    }
}

impl fmt::Display for GameRecord {
    /// The record's text: `Game`, `Opener`, the other tags in their order, `Result`,
    /// `Termination`, `Start`; a blank line; the moves with their round numbers, wrapped at 79
    /// columns; the result.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut tag =
            |name: &str, value: &str| -> fmt::Result { writeln!(f, "[{name} \"{}\"]", Escaped(value)) };
        tag("Game", self.game.as_str())?;
        if let Some(opener) = &self.opener {
            tag("Opener", opener)?;
        }
        for (name, value) in &self.tags {
            tag(name, value)?;
        }
        tag("Result", &self.result.to_string())?;
        if let Some(termination) = &self.termination {
            tag("Termination", termination)?;
        }
        if let Some(start) = &self.start {
            tag("Start", start)?;
        }
        writeln!(f)?;
        let mut tokens = Vec::with_capacity(self.moves.len() + 1);
        let mut previous = None;
        for m in &self.moves {
            // A number opens each round, and stays on the line of the move it numbers.
            match m.round {
                Some(round) if previous != Some(round) => tokens.push(format!("{round}. {}", m.text)),
                _ => tokens.push(m.text.clone()),
            }
            previous = m.round.or(previous);
        }
        tokens.push(self.result.to_string());
        text::write_wrapped(f, tokens)
    }
}
