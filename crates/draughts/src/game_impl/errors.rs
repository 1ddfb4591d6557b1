//! The draughts refusals in the interface's words ([`MoveError`]): the same causes, with named
//! squares and seats.

use tripot_game::record::text::excerpt;
use tripot_game::{Cell, MoveError, NamedCell, NotationProblem};

use super::seat;
use crate::notation::NotationError;
use crate::play_error::PlayError;
use crate::square::Square;

/// A square as the interface names it: its number is both the cell and its name.
pub(crate) fn cell(square: Square) -> Cell {
    Cell(u16::from(square.number()))
}

/// A square with its name, as errors carry it.
pub(crate) fn named(square: Square) -> NamedCell {
    NamedCell { cell: cell(square), name: square.number().to_string() }
}

/// The square of an interface cell, if the board has it.
pub(crate) fn square(cell: Cell) -> Option<Square> {
    u8::try_from(cell.0).ok().and_then(Square::new)
}

/// Why a move text names no legal move.
pub(crate) fn notation_error(text: &str, error: &NotationError) -> MoveError {
    let notation = |problem| MoveError::Notation { text: excerpt(text), problem };
    match error {
        NotationError::Syntax(_) if text.trim().is_empty() => notation(NotationProblem::Empty),
        NotationError::TooLong(_) | NotationError::Syntax(_) => notation(NotationProblem::Malformed),
        NotationError::UnknownSquare(number) => {
            notation(NotationProblem::UnknownCell { cell: number.to_string() })
        }
        NotationError::NoSuchMove { reason, .. } => play_error(reason, ends(text)),
        NotationError::Ambiguous { candidates, .. } => {
            MoveError::Ambiguous { candidates: candidates.clone() }
        }
    }
}

/// Why the rules refuse a move from `ends.0` to `ends.1` (the written ends, when known).
pub(crate) fn play_error(error: &PlayError, ends: Option<(Square, Square)>) -> MoveError {
    match error {
        PlayError::NoPiece(square) => MoveError::EmptyCell(named(*square)),
        PlayError::NotYourPiece { square, color } => {
            MoveError::NotYourPiece { cell: named(*square), owner: Some(seat(color.opponent())) }
        }
        PlayError::CaptureRequired { required } => MoveError::CaptureRequired { required: *required },
        PlayError::NotTheLongest { taken, required } => {
            MoveError::NotTheLongest { taken: *taken, required: *required }
        }
        PlayError::NoLegalMove => MoveError::GameOver,
        PlayError::Illegal(_) => match ends {
            Some((from, to)) => MoveError::Unreachable { from: named(from), to: named(to) },
            None => MoveError::NoSuchMove,
        },
    }
}

/// The first and last squares of a move text the notation read.
fn ends(text: &str) -> Option<(Square, Square)> {
    let mut squares =
        text.split(['-', 'x', 'X']).map(|word| word.trim().parse::<u8>().ok().and_then(Square::new));
    let from = squares.next()??;
    let to = squares.next_back()??;
    Some((from, to))
}
