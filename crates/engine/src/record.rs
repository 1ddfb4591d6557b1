//! Game records: a small text format in the spirit of PGN (issue 2).
//!
//! ```text
//! [Format "1"]
//! [Rules "tripot"]
//! [Opener "A"]
//! [PlayerA "Edmonde"]
//! [PlayerB "Marie Curie"]
//! [Date "2026.11.30"]
//! [Result "*"]
//!
//! 1. m4-m5 e14-e13 2. l3-l5 f14-f12 *
//! ```
//!
//! Tag pairs first, one per line, then the moves numbered by pairs starting with the opener's
//! move, then the result (`A`, `B` or `*` for an unfinished game). A move is a full path
//! (`m1-m3-k5`), a swap (`m1<>l2`) or `pass`; a chain given only by its ends (`m1-k5`) is
//! accepted and expanded to a path by [`Record::replay`]. Tags other than the standard ones
//! (`GameId`, `Peer`, …) are kept, in order.
//!
//! Parsing checks the text only; [`Record::replay`] checks the game: every move goes through
//! [`Position::verify`], the same verifier a client uses on a peer's move, and the recorded
//! result must agree with what the moves produce.

use std::fmt;
use std::str::FromStr;

use tripot_game::record::text::{Escaped, write_wrapped};

use crate::colour::{Camp, Format};
use crate::illegal::{IllegalMove, PlayError};
use crate::moves::Move;
use crate::notation::{Notation, Verified};
use crate::outcome::{Outcome, WinReason};
use crate::position::Position;
use crate::rules::Rules;

mod error;
pub(crate) mod parse;
pub(crate) mod tag;

pub use error::{RecordError, SyntaxError};
pub use tag::{MAX_RECORD_BYTES, MAX_TAGS, STANDARD_TAGS};

/// How a finished game ended: the `Termination` tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The winner filled its goals (RULES.md §4).
    Goal,
    /// Both camps passed in a row and the count decided (§6).
    Count,
    /// The loser resigned.
    Resign,
    /// The loser forfeited: ran out of time, broke the protocol, sent an illegal move.
    Forfeit,
    /// The loser left the game and did not come back.
    Abandon,
    /// The winner claimed the game after the loser's grace period ran out.
    Claim,
}

impl Termination {
    /// Every termination, in tag order.
    pub const ALL: [Termination; 6] = [
        Termination::Goal,
        Termination::Count,
        Termination::Resign,
        Termination::Forfeit,
        Termination::Abandon,
        Termination::Claim,
    ];

    /// The tag value: `goal`, `count`, `resign`, `forfeit`, `abandon`, `claim`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Termination::Goal => "goal",
            Termination::Count => "count",
            Termination::Resign => "resign",
            Termination::Forfeit => "forfeit",
            Termination::Abandon => "abandon",
            Termination::Claim => "claim",
        }
    }

    /// Whether the moves themselves decide this ending (goal, count); the others are recorded
    /// facts about the players that the moves cannot confirm.
    #[must_use]
    pub const fn decided_by_moves(self) -> bool {
        matches!(self, Termination::Goal | Termination::Count)
    }

    /// Words for a person: `goal complete`, `resignation`, …
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            Termination::Goal => "goal complete",
            Termination::Count => "count",
            Termination::Resign => "resignation",
            Termination::Forfeit => "forfeit",
            Termination::Abandon => "abandonment",
            Termination::Claim => "claim",
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Termination {
    type Err = ();

    fn from_str(s: &str) -> Result<Termination, ()> {
        Termination::ALL.into_iter().find(|t| t.name() == s).ok_or(())
    }
}

/// How the opener was chosen (RULES.md §2): the `OpenerChoice` tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OpenerChoice {
    /// A player chose who opens.
    Chosen,
    /// A random draw.
    Random,
}

impl OpenerChoice {
    /// The tag value: `chosen` or `random`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            OpenerChoice::Chosen => "chosen",
            OpenerChoice::Random => "random",
        }
    }
}

impl fmt::Display for OpenerChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for OpenerChoice {
    type Err = ();

    fn from_str(s: &str) -> Result<OpenerChoice, ()> {
        [OpenerChoice::Chosen, OpenerChoice::Random].into_iter().find(|c| c.name() == s).ok_or(())
    }
}

/// The recorded result: the `Result` tag with, for a finished game, its `Termination`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum RecordResult {
    /// `[Result "*"]`: the game goes on, or stopped without a winner.
    #[default]
    Unfinished,
    /// `[Result "A"]` or `[Result "B"]` with its `Termination`.
    Won {
        /// The winning camp.
        winner: Camp,
        /// How the game ended.
        termination: Termination,
    },
}

impl RecordResult {
    /// The winner, if the game is decided.
    #[must_use]
    pub const fn winner(self) -> Option<Camp> {
        match self {
            RecordResult::Unfinished => None,
            RecordResult::Won { winner, .. } => Some(winner),
        }
    }

    /// The `Result` tag value: `A`, `B` or `*`.
    #[must_use]
    pub const fn tag_value(self) -> &'static str {
        match self.winner() {
            None => "*",
            Some(Camp::A) => "A",
            Some(Camp::B) => "B",
        }
    }
}

impl From<Outcome> for RecordResult {
    fn from(outcome: Outcome) -> RecordResult {
        let termination = match outcome.reason {
            WinReason::Goal => Termination::Goal,
            WinReason::Count { .. } => Termination::Count,
        };
        RecordResult::Won { winner: outcome.winner, termination }
    }
}

impl fmt::Display for RecordResult {
    /// `unfinished`, or `A wins (resignation)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordResult::Unfinished => f.write_str("unfinished"),
            RecordResult::Won { winner, termination } => {
                write!(f, "{winner} wins ({})", termination.description())
            }
        }
    }
}

/// A game record: who played what, from which start, and how it ended.
///
/// The start is either the standard set-up of a format, rules and opener, or a set-up position
/// (the `Start` tag); the constructors keep the two consistent. Build a record while playing with
/// [`Record::play`] (which also records the result when a move ends the game), write it with
/// `Display`, read it with [`Record::parse`], check it with [`Record::replay`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    format: Format,
    rules: Rules,
    opener: Camp,
    setup: Option<Position>,
    /// How the opener was chosen, if known.
    pub opener_choice: Option<OpenerChoice>,
    /// The players' names, camp A then camp B (`PlayerA`, `PlayerB`).
    pub players: [Option<String>; 2],
    /// The date, written `YYYY.MM.DD` (see [`date_from_unix`]).
    pub date: Option<String>,
    /// The result; keep it consistent with the moves, or [`Record::replay`] refuses the record.
    pub result: RecordResult,
    /// Free text on how the game ended (`Reason`), e.g. `connection lost`.
    pub reason: Option<String>,
    extra: Vec<(String, String)>,
    moves: Vec<Notation>,
}

/// A record replayed move by move, every move verified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    /// The start, then the position after each move: one more than there are moves.
    pub positions: Vec<Position>,
    /// The position after the last move (the start if there is none).
    pub final_position: Position,
    /// Every move as played, with a full path (a chain recorded by its ends is expanded).
    pub moves: Vec<Verified>,
    /// How the moves end the game, if they do.
    pub outcome: Option<Outcome>,
    /// The recorded result, which agrees with `outcome`.
    pub result: RecordResult,
}

impl Record {
    /// An empty record of a game from the standard start.
    #[must_use]
    pub fn new(format: Format, rules: Rules, opener: Camp) -> Record {
        Record {
            format,
            rules,
            opener,
            setup: None,
            opener_choice: None,
            players: [None, None],
            date: None,
            result: RecordResult::Unfinished,
            reason: None,
            extra: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// An empty record of a game from a set-up position (written as the `Start` tag). Its format,
    /// rules and side to move are the record's.
    #[must_use]
    pub fn from_position(start: Position) -> Record {
        let mut record = Record::new(start.format(), start.rules(), start.turn());
        record.setup = Some(start);
        record
    }

    /// The format (colours per camp).
    #[must_use]
    pub const fn format(&self) -> Format {
        self.format
    }

    /// The rules the game is played under.
    #[must_use]
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// The camp that made the first move.
    #[must_use]
    pub const fn opener(&self) -> Camp {
        self.opener
    }

    /// The set-up position, for a game that did not start from the standard start.
    #[must_use]
    pub const fn setup(&self) -> Option<&Position> {
        self.setup.as_ref()
    }

    /// The position before the first move.
    #[must_use]
    pub fn start_position(&self) -> Position {
        self.setup.unwrap_or_else(|| Position::start(self.format, self.rules, self.opener))
    }

    /// The moves as written.
    #[must_use]
    pub fn moves(&self) -> &[Notation] {
        &self.moves
    }

    /// Appends a move as written, unchecked: [`Record::replay`] checks it.
    pub fn push(&mut self, notation: Notation) {
        self.moves.push(notation);
    }

    /// Removes and returns the last move (an undo), setting the result back to unfinished when
    /// the moves decided it.
    pub fn pop(&mut self) -> Option<Notation> {
        let last = self.moves.pop()?;
        if let RecordResult::Won { termination, .. } = self.result
            && termination.decided_by_moves()
        {
            self.result = RecordResult::Unfinished;
        }
        Some(last)
    }

    /// Plays `mv` on `before`, which must be the position after the record's moves, and records
    /// it as a full path. When the move ends the game, the result is recorded too.
    pub fn play(&mut self, before: &Position, mv: Move) -> Result<Position, PlayError> {
        let after = before.play(mv)?;
        self.moves.push(before.notation(mv));
        self.conclude(&after);
        Ok(after)
    }

    /// As [`Record::play`], keeping the path the verifier accepted (the one a player typed or a
    /// peer sent).
    pub fn play_verified(&mut self, before: &Position, verified: &Verified) -> Result<Position, PlayError> {
        let after = before.play(verified.mv)?;
        self.moves.push(verified.notation.clone());
        self.conclude(&after);
        Ok(after)
    }

    /// Records the result of `position` if the game is over there.
    fn conclude(&mut self, position: &Position) {
        if let Some(outcome) = position.outcome() {
            self.result = outcome.into();
        }
    }

    /// The value of a non-standard tag.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.extra.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// The non-standard tags, in order.
    #[must_use]
    pub fn extra_tags(&self) -> &[(String, String)] {
        &self.extra
    }

    /// Sets a non-standard tag (`GameId`, `Peer`, …): replaces its value, or appends it.
    /// Names are letters, digits and `_`, starting with a letter; the standard tags have fields.
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), RecordError> {
        tag::check_extra_name(name)?;
        match self.extra.iter_mut().find(|(n, _)| n == name) {
            Some((_, v)) => value.clone_into(v),
            None => {
                if self.extra.len() + STANDARD_TAGS.len() >= MAX_TAGS {
                    return Err(RecordError::TooManyTags(MAX_TAGS));
                }
                self.extra.push((name.to_owned(), value.to_owned()));
            }
        }
        Ok(())
    }

    /// Removes a non-standard tag, returning its value.
    pub fn remove_tag(&mut self, name: &str) -> Option<String> {
        let index = self.extra.iter().position(|(n, _)| n == name)?;
        Some(self.extra.remove(index).1)
    }

    /// Parses a record. Checks the text (tags, move syntax, numbering), not the game: see
    /// [`Record::replay`].
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        parse::parse(text)
    }

    /// Parses a record from bytes, e.g. a file's content: refuses what is not UTF-8 text.
    pub fn parse_bytes(bytes: &[u8]) -> Result<Record, RecordError> {
        parse::parse(tripot_game::record::text::text_of(bytes)?)
    }

    /// Replays the game: verifies every move from the start, and checks the recorded result
    /// against the moves. A game the moves end (goal, count) must be recorded with that winner
    /// and termination; a resignation, forfeit, abandonment or claim is accepted as recorded
    /// when the moves leave the game open.
    pub fn replay(&self) -> Result<Replay, RecordError> {
        let mut position = self.start_position();
        let mut positions = Vec::with_capacity(self.moves.len() + 1);
        let mut moves = Vec::with_capacity(self.moves.len());
        positions.push(position);
        for (ply, notation) in self.moves.iter().enumerate() {
            let illegal = |reason: IllegalMove| RecordError::Illegal {
                number: ply / 2 + 1,
                camp: position.turn(),
                text: notation.to_string(),
                reason,
            };
            let verified = position.verify(notation).map_err(illegal)?;
            position = position.play(verified.mv).map_err(|e| illegal(e.reason))?;
            positions.push(position);
            moves.push(verified);
        }
        let outcome = position.outcome();
        let consistent = match (outcome, self.result) {
            (Some(outcome), recorded) => recorded == RecordResult::from(outcome),
            (None, RecordResult::Unfinished) => true,
            (None, RecordResult::Won { termination, .. }) => !termination.decided_by_moves(),
        };
        if !consistent {
            return Err(RecordError::ResultMismatch { recorded: self.result, actual: outcome });
        }
        Ok(Replay { positions, final_position: position, moves, outcome, result: self.result })
    }
}

impl FromStr for Record {
    type Err = RecordError;

    fn from_str(text: &str) -> Result<Record, RecordError> {
        Record::parse(text)
    }
}

impl fmt::Display for Record {
    /// The record's text: standard tags in a fixed order, the other tags in theirs, a blank line,
    /// the numbered moves wrapped at 79 columns, and the result.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut write_tag =
            |name: &str, value: &str| -> fmt::Result { writeln!(f, "[{name} \"{}\"]", Escaped(value)) };
        write_tag("Format", &self.format.to_string())?;
        write_tag("Rules", self.rules.name())?;
        write_tag("Opener", &self.opener.to_string())?;
        if let Some(choice) = self.opener_choice {
            write_tag("OpenerChoice", choice.name())?;
        }
        for (camp, name) in [(Camp::A, "PlayerA"), (Camp::B, "PlayerB")] {
            if let Some(player) = &self.players[camp.index()] {
                write_tag(name, player)?;
            }
        }
        if let Some(date) = &self.date {
            write_tag("Date", date)?;
        }
        write_tag("Result", self.result.tag_value())?;
        if let RecordResult::Won { termination, .. } = self.result {
            write_tag("Termination", termination.name())?;
        }
        if let Some(reason) = &self.reason {
            write_tag("Reason", reason)?;
        }
        if let Some(setup) = &self.setup {
            write_tag("Start", &setup.to_string())?;
        }
        for (name, value) in &self.extra {
            write_tag(name, value)?;
        }
        writeln!(f)?;
        let mut tokens = Vec::with_capacity(self.moves.len() * 3 / 2 + 1);
        for (ply, notation) in self.moves.iter().enumerate() {
            // A number stays on the line of the move it numbers.
            tokens.push(if ply % 2 == 0 {
                format!("{}. {notation}", ply / 2 + 1)
            } else {
                notation.to_string()
            });
        }
        tokens.push(self.result.tag_value().to_owned());
        write_wrapped(f, tokens)
    }
}

/// The date of a Unix time (UTC) as a `Date` tag value, `YYYY.MM.DD`: the one record format's,
/// from `tripot-game`.
pub use tripot_game::date_from_unix;

#[cfg(test)]
mod tests;
