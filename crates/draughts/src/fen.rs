//! FEN-style position strings: `W:W31,32,K46:B1,2,K5` (side to move, then each side's pieces,
//! `K` before a king). Ranges such as `W31-50` or `K1-3` are read too; writing lists every
//! square in increasing order.

use std::fmt;
use std::str::FromStr;

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::play_error::PositionError;
use crate::position::Position;
use crate::square::Square;

/// The longest position string read: 50 squares with kings and commas fit in far less.
pub const MAX_FEN_LEN: usize = 512;

/// Why a position string was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Longer than [`MAX_FEN_LEN`].
    #[error("a position string has at most {MAX_FEN_LEN} characters; this one has {0}")]
    TooLong(usize),
    /// The side to move is not `W` or `B`.
    #[error("the side to move must be W or B, not {0:?}")]
    BadTurn(String),
    /// A piece list does not start with `W` or `B`.
    #[error("a piece list starts with W or B: {0:?}")]
    BadSide(String),
    /// The same side's list appears twice.
    #[error("the pieces of {0} are listed twice")]
    SideTwice(Color),
    /// More than the side to move and two lists.
    #[error("a position string has three fields separated by ':'")]
    TooManyFields,
    /// A square that is not a number.
    #[error("{0:?} is not a square number")]
    BadNumber(String),
    /// A number outside 1–50.
    #[error("there is no square {0}: squares are numbered 1 to 50")]
    UnknownSquare(u32),
    /// A range whose end comes before its start.
    #[error("the range {0:?} goes backwards")]
    BadRange(String),
    /// The pieces do not make a position.
    #[error(transparent)]
    Position(#[from] PositionError),
}

impl Position {
    /// The position string, e.g. `W:W31,32,K46:B1,2,K5`.
    pub fn fen(&self) -> String {
        self.to_string()
    }

    /// Reads a position string (also with ranges `W31-50`, lower case letters, a final `.`,
    /// spaces around the fields).
    pub fn from_fen(text: &str) -> Result<Position, FenError> {
        if text.len() > MAX_FEN_LEN {
            return Err(FenError::TooLong(text.len()));
        }
        let text = text.trim();
        let text = text.strip_suffix('.').unwrap_or(text);
        let mut fields = text.split(':');
        let turn_field = fields.next().unwrap_or("").trim();
        let turn = side_letter(turn_field).ok_or_else(|| FenError::BadTurn(turn_field.into()))?;
        // [color][king?]
        let mut sets = [[Bitboard::EMPTY; 2]; 2];
        let mut seen = [false; 2];
        for field in fields.by_ref().take(2) {
            let field = field.trim();
            let (side_text, list) = field.split_at(field.chars().next().map_or(0, char::len_utf8));
            let color = side_letter(side_text).ok_or_else(|| FenError::BadSide(field.into()))?;
            if std::mem::replace(&mut seen[color.index()], true) {
                return Err(FenError::SideTwice(color));
            }
            read_list(list, &mut sets[color.index()])?;
        }
        if fields.next().is_some() {
            return Err(FenError::TooManyFields);
        }
        let [[white_men, white_kings], [black_men, black_kings]] = sets;
        Ok(Position::new(turn, white_men, white_kings, black_men, black_kings)?)
    }
}

fn side_letter(text: &str) -> Option<Color> {
    match text {
        "W" | "w" => Some(Color::White),
        "B" | "b" => Some(Color::Black),
        _ => None,
    }
}

/// Reads `31,32,K46` or `K1-3,7` into `[men, kings]`. A square named twice stays one piece of
/// the last kind named; two sides on one square are refused by [`Position::new`].
fn read_list(list: &str, sets: &mut [Bitboard; 2]) -> Result<(), FenError> {
    for item in list.split(',').map(str::trim).filter(|item| !item.is_empty()) {
        let (king, squares) = match item.strip_prefix(['K', 'k']) {
            Some(rest) => (true, rest),
            None => (false, item),
        };
        let (first, last) = match squares.split_once('-') {
            Some((a, b)) => (square(a)?, square(b.trim_start_matches(['K', 'k']))?),
            None => {
                let s = square(squares)?;
                (s, s)
            }
        };
        if last < first {
            return Err(FenError::BadRange(item.into()));
        }
        for n in first.number()..=last.number() {
            if let Some(s) = Square::new(n) {
                let kind = usize::from(king);
                sets[kind] = sets[kind].with(s);
                sets[kind ^ 1] = sets[kind ^ 1].without(s);
            }
        }
    }
    Ok(())
}

fn square(text: &str) -> Result<Square, FenError> {
    let text = text.trim();
    if text.is_empty() || text.len() > 3 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(FenError::BadNumber(text.into()));
    }
    let number: u32 = text.parse().map_err(|_| FenError::BadNumber(text.into()))?;
    u8::try_from(number).ok().and_then(Square::new).ok_or(FenError::UnknownSquare(number))
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.turn.letter())?;
        for color in Color::ALL {
            write!(f, ":{}", color.letter())?;
            let kings = self.kings(color);
            for (i, square) in self.pieces(color).iter().enumerate() {
                let comma = if i == 0 { "" } else { "," };
                let k = if kings.contains(square) { "K" } else { "" };
                write!(f, "{comma}{k}{square}")?;
            }
        }
        Ok(())
    }
}

impl FromStr for Position {
    type Err = FenError;
    fn from_str(text: &str) -> Result<Position, FenError> {
        Position::from_fen(text)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn the_start_reads_from_ranges_and_writes_in_full() {
        let start = Position::from_fen("W:W31-50:B1-20").unwrap();
        assert_eq!(start, Position::start());
        let text = start.fen();
        assert!(text.starts_with("W:W31,32,33,"));
        assert!(text.ends_with(",19,20"));
        assert_eq!(Position::from_fen(&text).unwrap(), start);
    }

    #[test]
    fn kings_and_the_side_to_move_are_kept() {
        let p = Position::from_fen("B:BK17,K24:W6,9,10,K31.").unwrap();
        assert_eq!(p.turn(), Color::Black);
        assert_eq!(p.fen(), "B:W6,9,10,K31:BK17,K24");
    }

    #[test]
    fn errors_say_what_is_wrong() {
        assert_eq!(Position::from_fen("X:W1:B2"), Err(FenError::BadTurn("X".into())));
        assert_eq!(Position::from_fen("W:W51:B2"), Err(FenError::UnknownSquare(51)));
        assert_eq!(Position::from_fen("W:Wa:B2"), Err(FenError::BadNumber("a".into())));
        assert_eq!(Position::from_fen("W:W9-3:B2"), Err(FenError::BadRange("9-3".into())));
        assert_eq!(Position::from_fen("W:W1:W2"), Err(FenError::SideTwice(Color::White)));
        assert!(matches!(
            Position::from_fen("W:W3:B3"),
            Err(FenError::Position(PositionError::SquareTwice(_)))
        ));
        assert!(matches!(
            Position::from_fen("W:W3:B40"),
            Err(FenError::Position(PositionError::ManOnPromotionRow { .. }))
        ));
        assert!(matches!(
            Position::from_fen("W:W6-26:B50"),
            Err(FenError::Position(PositionError::TooManyPieces { .. }))
        ));
        assert!(matches!(Position::from_fen(&"W".repeat(600)), Err(FenError::TooLong(600))));
    }
}
