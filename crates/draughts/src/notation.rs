//! Moves written down: `32-28`, `19x30`, and `19x28x37x30` (every landing) where two rafles
//! share both ends. A text resolves to exactly one legal move, or says why not.

use crate::bitboard::Bitboard;
use crate::direction::{before, nearest, ray};
use crate::moves::{MAX_CAPTURES, Move};
use crate::play_error::PlayError;
use crate::position::Position;
use crate::square::Square;

/// The longest move text read: a rafle of 20 landings fits in 70 characters.
pub const MAX_MOVE_TEXT: usize = 128;

/// Why a move text does not name a legal move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// Longer than [`MAX_MOVE_TEXT`].
    #[error("a move has at most {MAX_MOVE_TEXT} characters; this one has {0}")]
    TooLong(usize),
    /// Not squares separated by `-` or `x`.
    #[error("{0:?} is not a move: write it as 32-28, 19x30 or 19x28x30")]
    Syntax(String),
    /// A number outside 1–50.
    #[error("there is no square {0}: squares are numbered 1 to 50")]
    UnknownSquare(u32),
    /// No legal move has these squares.
    #[error("{text}: {reason}")]
    NoSuchMove {
        /// The text read.
        text: String,
        /// Why the move it names is not legal.
        reason: PlayError,
    },
    /// Several legal moves have these squares: the landings tell them apart.
    #[error("{text} could be {}; write the landings", candidates.join(" or "))]
    Ambiguous {
        /// The text read.
        text: String,
        /// The moves it could be, written in full.
        candidates: Vec<String>,
    },
}

impl NotationError {
    /// What a player reads, in French (the `Display` text is the English one).
    pub fn message_fr(&self) -> String {
        match self {
            NotationError::TooLong(n) => {
                format!("un coup s'écrit en {MAX_MOVE_TEXT} caractères au plus, pas {n}")
            }
            NotationError::Syntax(text) => {
                format!("« {text} » n'est pas un coup : écrivez-le 32-28, 19x30 ou 19x28x30")
            }
            NotationError::UnknownSquare(n) => format!("il n'y a pas de case {n} : les cases vont de 1 à 50"),
            NotationError::NoSuchMove { text, reason } => format!("{text} : {}", reason.message_fr()),
            NotationError::Ambiguous { text, candidates } => {
                format!("{text} peut être {} ; précisez les cases d'arrivée", candidates.join(" ou "))
            }
        }
    }
}

impl Position {
    /// How `m` is written: the short form, or every landing when another legal move shares its
    /// two ends.
    pub fn notation(&self, m: &Move) -> String {
        notation_among(m, &self.legal_moves())
    }

    /// The legal move that `text` names (`32-28`, `19x30`, `19x28x37x30`; a capture may also be
    /// written with `-`, and landings may be left out as long as one move fits).
    pub fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        self.parse_move_among(text, &self.legal_moves())
    }

    /// [`Position::parse_move`] with the legal moves already at hand.
    pub(crate) fn parse_move_among(&self, text: &str, legal: &[Move]) -> Result<Move, NotationError> {
        if text.len() > MAX_MOVE_TEXT {
            return Err(NotationError::TooLong(text.len()));
        }
        let text = text.trim();
        let squares = read_squares(text)?;
        let (Some(&from), Some(&to)) = (squares.first(), squares.last()) else {
            return Err(NotationError::Syntax(text.into()));
        };
        let between = &squares[1..squares.len() - 1];
        let written = self.captured_along(&squares);
        let fits = |m: &&Move| {
            m.from() == from
                && m.to() == to
                && (between.is_empty()
                    || written == Some(m.captured())
                    || is_subsequence(between, m.landings()))
        };
        let mut candidates = legal.iter().filter(fits);
        match (candidates.next(), candidates.next()) {
            (Some(m), None) => Ok(m.clone()),
            (Some(_), Some(_)) => Err(NotationError::Ambiguous {
                text: text.into(),
                candidates: legal.iter().filter(fits).map(full_notation).collect(),
            }),
            (None, _) => {
                let probe = match written.filter(|c| !c.is_empty()) {
                    Some(captured) => Move::capture(from, &squares[1..], captured),
                    None => None,
                }
                .unwrap_or_else(|| Move::step(from, to));
                Err(NotationError::NoSuchMove {
                    text: text.into(),
                    reason: PlayError::explain(self, &probe, legal),
                })
            }
        }
    }

    /// The opponent's pieces strictly between consecutive squares of a written path, or `None`
    /// if two consecutive squares are not on one diagonal.
    fn captured_along(&self, squares: &[Square]) -> Option<Bitboard> {
        let opp = self.pieces(self.turn().opponent()).0;
        let mut captured = 0;
        for pair in squares.windows(2) {
            let (a, b) = (pair[0].mask(), pair[1].mask());
            let d = (0..4).find(|&d| ray(a, d) & b != 0)?;
            let between = before(ray(a, d), nearest(ray(a, d), b, d), d);
            captured |= between & opp;
        }
        Some(Bitboard(captured))
    }
}

/// How `m` is written among the legal moves `legal`.
pub(crate) fn notation_among(m: &Move, legal: &[Move]) -> String {
    let shares_ends = legal.iter().any(|o| o != m && o.from() == m.from() && o.to() == m.to());
    if shares_ends { full_notation(m) } else { m.to_string() }
}

/// Every landing: `19x28x37x30`.
fn full_notation(m: &Move) -> String {
    if !m.is_capture() {
        return m.to_string();
    }
    let mut text = m.from().to_string();
    for landing in m.landings() {
        text.push('x');
        text.push_str(&landing.to_string());
    }
    text
}

/// The squares of a move text, separated by `-`, `x` or `X`.
fn read_squares(text: &str) -> Result<Vec<Square>, NotationError> {
    let parts: Vec<&str> = text.split(['-', 'x', 'X']).collect();
    if parts.len() < 2 || parts.len() > MAX_CAPTURES + 1 {
        return Err(NotationError::Syntax(text.into()));
    }
    parts
        .iter()
        .map(|part| {
            if part.is_empty() || part.len() > 3 || !part.bytes().all(|b| b.is_ascii_digit()) {
                return Err(NotationError::Syntax(text.into()));
            }
            let number: u32 = part.parse().map_err(|_| NotationError::Syntax(text.into()))?;
            u8::try_from(number).ok().and_then(Square::new).ok_or(NotationError::UnknownSquare(number))
        })
        .collect()
}

/// Whether `needle` appears in `haystack` in order (not necessarily side by side).
fn is_subsequence(needle: &[Square], haystack: &[Square]) -> bool {
    let mut rest = haystack.iter();
    needle.iter().all(|n| rest.any(|h| h == n))
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn quiet_moves_read_and_write() {
        let start = Position::start();
        let m = start.parse_move("32-28").unwrap();
        assert_eq!(start.notation(&m), "32-28");
        assert!(matches!(start.parse_move("32-26"), Err(NotationError::NoSuchMove { .. })));
        assert_eq!(start.parse_move("32-51"), Err(NotationError::UnknownSquare(51)));
        assert!(matches!(start.parse_move("32"), Err(NotationError::Syntax(_))));
        assert!(matches!(start.parse_move("a-b"), Err(NotationError::Syntax(_))));
        assert!(matches!(
            start.parse_move("19-23"),
            Err(NotationError::NoSuchMove { reason: PlayError::NotYourPiece { .. }, .. })
        ));
    }
}
