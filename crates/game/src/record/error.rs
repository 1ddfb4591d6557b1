//! What can be wrong with a record: its text ([`RecordError`]), or the game it tells
//! ([`ReplayError`]).

use crate::move_error::MoveError;
use crate::opener::OpenError;
use crate::outcome::Outcome;
use crate::spec::SpecError;

use super::text::TextAt;

/// Why a record's text is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// Larger than any record.
    #[error("the record is {len} bytes long, more than the {max} a record may have")]
    TooLarge {
        /// Its length.
        len: usize,
        /// The limit.
        max: usize,
    },
    /// Bytes that are not UTF-8 text.
    #[error("not a text file: invalid UTF-8 at byte {offset}")]
    NotText {
        /// Offset of the first bad byte.
        offset: usize,
    },
    /// A mistake at a known place in the text.
    #[error("line {}, column {}: {problem}", at.line, at.column)]
    Syntax {
        /// Where.
        at: TextAt,
        /// What is wrong there.
        problem: TextProblem,
    },
    /// A required tag is absent.
    #[error("missing tag [{0} \"…\"]")]
    MissingTag(&'static str),
    /// More tags than a record may have.
    #[error("more than {0} tags")]
    TooManyTags(usize),
    /// A tag name given to [`super::GameRecord::set_tag`] that is not letters, digits and `_`
    /// starting with a letter.
    #[error("'{0}' is not a tag name: use letters, digits and _, starting with a letter")]
    BadTagName(String),
    /// A tag with a field of its own, given to [`super::GameRecord::set_tag`].
    #[error("[{0}] is a tag of the record's own: set it through its field")]
    OwnTag(String),
}

/// What is wrong at one place of a record's text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TextProblem {
    /// A control character: binary data, not a text record.
    #[error("control character U+{0:04X}: not a text record")]
    ControlCharacter(u32),
    /// A tag line that is not `[Name "value"]`.
    #[error("malformed tag, expected {0}; a tag is written [Name \"value\"]")]
    Tag(&'static str),
    /// A tag name that is not letters, digits and `_` starting with a letter.
    #[error("'{0}' is not a tag name: use letters, digits and _, starting with a letter")]
    TagName(String),
    /// The line ends inside a tag value.
    #[error("the tag value has no closing quote")]
    UnclosedValue,
    /// A backslash followed by something else than a known escape.
    #[error("unknown escape '{0}' in a tag value: use \\\" \\\\ \\n \\r \\t or \\u{{hex}}")]
    Escape(String),
    /// A tag given twice.
    #[error("tag [{0}] is given twice")]
    DuplicateTag(String),
    /// A tag line after the first moves.
    #[error("tag [{0}] after the moves: tags come first")]
    TagAfterMoves(String),
    /// The game's name is malformed.
    #[error("[Game]: {0}")]
    Spec(SpecError),
    /// A tag with a value it cannot have.
    #[error("[{tag} \"{value}\"]: expected {expected}")]
    Value {
        /// The tag.
        tag: &'static str,
        /// The value found (shortened).
        value: String,
        /// What it may be.
        expected: &'static str,
    },
    /// A `Game` tag beside an older tag naming the game another way (`Variant`, `Rules`).
    #[error("[Game \"{game}\"] and [{tag}] name the game twice")]
    GameNamedTwice {
        /// The `Game` tag's value.
        game: String,
        /// The older tag.
        tag: &'static str,
    },
    /// A `Termination` tag with `[Result "*"]`.
    #[error("[Termination \"{0}\"] but [Result \"*\"]: an unfinished game has no termination")]
    TerminationWithoutResult(String),
    /// A move number not followed by a move.
    #[error("found '{found}' where a move was expected")]
    NumberWithoutMove {
        /// What is there instead.
        found: String,
    },
    /// A token longer than any move can be.
    #[error("'{0}' is not a move: longer than any move")]
    LongToken(String),
    /// The result after the moves disagrees with the `Result` tag.
    #[error("the moves end with result '{found}' but [Result \"{tag}\"] says otherwise")]
    ResultToken {
        /// The result token (shortened).
        found: String,
        /// The tag's value.
        tag: String,
    },
    /// Something after the result that closes the moves.
    #[error("'{0}' after the result: the result ends the record")]
    AfterResult(String),
}

/// Why a well-formed record does not replay: its start cannot be set up, a move is illegal where
/// it is played, or the result is not what the moves give.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The game or its start cannot be set up.
    #[error("{0}")]
    Open(#[from] OpenError),
    /// A seat name (the `Opener`, a place of the `Result`) that the game's table does not have.
    #[error("[{tag}]: no seat of this game is called {name}")]
    UnknownSeat {
        /// The tag.
        tag: &'static str,
        /// The name.
        name: String,
    },
    /// A move number that is not the round of the move after it.
    #[error("{}found '{found}.' where {expected}. was expected", place(*at))]
    MoveNumber {
        /// Where, for a record read from text.
        at: Option<TextAt>,
        /// The round of the move that follows.
        expected: u32,
        /// The number written.
        found: u32,
    },
    /// A move that cannot be played where the record plays it.
    #[error("move {ply} by {seat} ({text}): {error}")]
    Move {
        /// Which move, counting every move from 1.
        ply: usize,
        /// The name of the seat that played it.
        seat: String,
        /// The move as written.
        text: String,
        /// Where it is written, for a record read from text.
        at: Option<TextAt>,
        /// Why it is refused.
        error: Box<MoveError>,
    },
    /// The recorded result is not what the moves produce.
    #[error("the record says {recorded} but the moves give {moves_give}")]
    ResultMismatch {
        /// The recorded result and termination, as written.
        recorded: String,
        /// What the moves give, written the same way (`A1,B2 (goal)`).
        moves_give: String,
        /// How the moves end the game, if they do.
        actual: Option<Outcome>,
    },
}

/// `line 7, column 42: `, or nothing for a record built in memory.
fn place(at: Option<TextAt>) -> String {
    at.map_or_else(String::new, |at| format!("line {}, column {}: ", at.line, at.column))
}

impl ReplayError {
    /// Whether the record is malformed (a start or a move that is not written as the game
    /// writes them, a wrong move number) rather than a well-written record of a game that
    /// cannot have been played (an illegal move, a result the moves contradict).
    #[must_use]
    pub fn is_malformed(&self) -> bool {
        match self {
            ReplayError::Open(_) | ReplayError::UnknownSeat { .. } | ReplayError::MoveNumber { .. } => true,
            ReplayError::Move { error, .. } => matches!(**error, MoveError::Notation { .. }),
            ReplayError::ResultMismatch { .. } => false,
        }
    }
}
