//! What can be wrong with a record: its text, or the game it tells.

use crate::colour::{Camp, Format};
use crate::illegal::IllegalMove;
use crate::notation::NotationError;
use crate::outcome::Outcome;
use crate::position_string::PositionError;

use super::{RecordResult, Termination};

use tripot_game::record::TextProblem;

impl From<tripot_game::record::RecordError> for RecordError {
    /// The one reader's refusals of a record's text, in the duel record's words.
    fn from(error: tripot_game::record::RecordError) -> RecordError {
        use tripot_game::record::RecordError as Text;
        match error {
            Text::TooLarge { .. } | Text::NotText { .. } => RecordError::Unreadable(error),
            Text::Syntax { at, problem } => {
                RecordError::Syntax { line: at.line, column: at.column, problem: SyntaxError::Text(problem) }
            }
            Text::MissingTag(tag) => RecordError::MissingTag(tag),
            Text::TooManyTags(max) => RecordError::TooManyTags(max),
            Text::BadTagName(name) => RecordError::BadTagName(name),
            Text::OwnTag(name) => RecordError::StandardTag(name),
        }
    }
}

/// Why a record is refused.
///
/// [`RecordError::is_malformed`] separates a text that is not a record (a corrupt or truncated
/// file) from a well-formed record of a game that cannot have been played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// Bytes that are no record's text (larger than any record, or not UTF-8), refused as the one
    /// reader of records refuses them for every game.
    #[error(transparent)]
    Unreadable(tripot_game::record::RecordError),
    /// A mistake at a known place in the text.
    #[error("line {line}, column {column}: {problem}")]
    Syntax {
        /// Line, from 1.
        line: usize,
        /// Column in characters, from 1.
        column: usize,
        /// What is wrong there.
        problem: SyntaxError,
    },
    /// A required tag is absent.
    #[error("missing tag [{0} \"…\"]")]
    MissingTag(&'static str),
    /// The `Start` position is of another format than the `Format` tag.
    #[error("[Start] is a format-{start} position but [Format \"{tag}\"] says otherwise")]
    StartFormat {
        /// The start position's format.
        start: Format,
        /// The tag's.
        tag: Format,
    },
    /// The `Start` position has the other camp to move than the `Opener` tag.
    #[error("[Start] has {start} to move but [Opener \"{tag}\"] says otherwise")]
    StartOpener {
        /// The side to move in the start position.
        start: Camp,
        /// The tag's.
        tag: Camp,
    },
    /// More tags than [`super::MAX_TAGS`].
    #[error("more than {0} tags")]
    TooManyTags(usize),
    /// A tag name that is not letters, digits and `_` starting with a letter.
    #[error("'{0}' is not a tag name: use letters, digits and _, starting with a letter")]
    BadTagName(String),
    /// A standard tag set through [`super::Record::set_tag`].
    #[error("[{0}] is a standard tag: set it through the record's field")]
    StandardTag(String),
    /// A move that cannot be played where the record plays it.
    #[error("move {number} by {camp} ({text}): {reason}")]
    Illegal {
        /// Move number, counting pairs from the opener's first move as the record does.
        number: usize,
        /// The camp that played it.
        camp: Camp,
        /// The move as written.
        text: String,
        /// Why it is illegal.
        reason: IllegalMove,
    },
    /// The recorded result is not what the moves produce.
    #[error("{}", mismatch(*.recorded, *.actual))]
    ResultMismatch {
        /// What the record says.
        recorded: RecordResult,
        /// How the moves end the game, if they do.
        actual: Option<Outcome>,
    },
}

impl RecordError {
    /// Whether the text is not a well-formed record (as opposed to a record of an impossible
    /// game: an illegal move, or a result the moves contradict).
    #[must_use]
    pub const fn is_malformed(&self) -> bool {
        !matches!(self, RecordError::Illegal { .. } | RecordError::ResultMismatch { .. })
    }
}

fn mismatch(recorded: RecordResult, actual: Option<Outcome>) -> String {
    match (actual, recorded) {
        (Some(outcome), RecordResult::Unfinished) => {
            format!("the moves end the game ({outcome}) but [Result \"*\"] says it is unfinished")
        }
        (Some(outcome), recorded) => {
            format!("the moves end the game ({outcome}) but the record says {recorded}")
        }
        (None, recorded) => format!("the record says {recorded} but the moves do not end the game"),
    }
}

/// What is wrong at one place of a record's text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SyntaxError {
    /// A tag line or a character that is not a record's text (the one reader's lexing:
    /// control characters, malformed tags, escapes, a tag twice or after the moves).
    #[error("{0}")]
    Text(TextProblem),
    /// A standard tag with a value it cannot have.
    #[error("[{tag} \"{value}\"]: expected {expected}")]
    Value {
        /// The tag.
        tag: &'static str,
        /// The value found (shortened).
        value: String,
        /// What it may be.
        expected: &'static str,
    },
    /// The `Start` tag is not a position string.
    #[error("[Start]: {0}")]
    Start(PositionError),
    /// A `Termination` tag with `[Result "*"]`.
    #[error("[Termination \"{0}\"] but [Result \"*\"]: an unfinished game has no termination")]
    TerminationWithoutWinner(Termination),
    /// A winner without a `Termination` tag.
    #[error("[Result \"{0}\"] needs a [Termination \"…\"] tag saying how the game ended")]
    WinnerWithoutTermination(Camp),
    /// A move number out of sequence.
    #[error("found '{found}' where {expected} was expected")]
    MoveNumber {
        /// What should be here: `3.`, `3...` or `a move`.
        expected: String,
        /// What is here (shortened).
        found: String,
    },
    /// A token that does not parse as a move.
    #[error("{0}")]
    Move(NotationError),
    /// A token longer than any move can be.
    #[error("'{0}' is not a move: longer than any path")]
    LongToken(String),
    /// The result after the moves disagrees with the `Result` tag.
    #[error("the moves end with result '{found}' but [Result \"{tag}\"] says otherwise")]
    ResultToken {
        /// The result token.
        found: String,
        /// The tag's value.
        tag: &'static str,
    },
    /// Something after the result that closes the moves.
    #[error("'{0}' after the result: the result ends the record")]
    AfterResult(String),
}
