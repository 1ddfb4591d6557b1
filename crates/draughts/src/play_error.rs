//! Why a move or a position is refused.

use crate::color::Color;
use crate::moves::Move;
use crate::position::Position;
use crate::square::Square;

/// Why [`Position::play`] refused a move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// Nothing stands on the starting square.
    #[error("no piece on {0}")]
    NoPiece(Square),
    /// The piece on the starting square is the opponent's.
    #[error("the piece on {square} is not {color}'s")]
    NotYourPiece {
        /// The starting square.
        square: Square,
        /// The side to move.
        color: Color,
    },
    /// A capture is possible, so a capture is compulsory (FMJD article 4.1).
    #[error("a capture is compulsory: take {required} piece(s)")]
    CaptureRequired {
        /// Pieces the longest rafle takes.
        required: u32,
    },
    /// A longer rafle exists, and the longest is compulsory (article 4.13).
    #[error("this rafle takes {taken} piece(s); the longest takes {required}")]
    NotTheLongest {
        /// Pieces the move takes.
        taken: u32,
        /// Pieces the longest rafle takes.
        required: u32,
    },
    /// The game is over: the side to move has no move.
    #[error("the side to move has no legal move")]
    NoLegalMove,
    /// Any other illegal move (a wrong destination, a blocked path, a man moving backwards).
    #[error("{0} is not a legal move here")]
    Illegal(String),
}

impl PlayError {
    /// What a player reads, in French (the `Display` text is the English one).
    pub fn message_fr(&self) -> String {
        match self {
            PlayError::NoPiece(square) => format!("aucune pièce en {square}"),
            PlayError::NotYourPiece { square, .. } => format!("la pièce en {square} n'est pas à vous"),
            PlayError::CaptureRequired { required } => {
                format!("la prise est obligatoire : prenez {required} pièce(s)")
            }
            PlayError::NotTheLongest { taken, required } => {
                format!("cette rafle prend {taken} pièce(s) ; la plus longue en prend {required}")
            }
            PlayError::NoLegalMove => "aucun coup possible".to_string(),
            PlayError::Illegal(text) => format!("{text} n'est pas un coup légal ici"),
        }
    }

    /// The most precise reason why `m`, absent from `legal`, is refused in `position`.
    pub(crate) fn explain(position: &Position, m: &Move, legal: &[Move]) -> PlayError {
        let Some(piece) = position.piece_at(m.from()) else {
            return PlayError::NoPiece(m.from());
        };
        let turn = position.turn();
        if piece.color != turn {
            return PlayError::NotYourPiece { square: m.from(), color: turn };
        }
        let Some(first) = legal.first() else {
            return PlayError::NoLegalMove;
        };
        let required = first.captured().count();
        if required > 0 && !m.is_capture() {
            return PlayError::CaptureRequired { required };
        }
        let taken = m.captured().count();
        if required > 0 && taken < required {
            return PlayError::NotTheLongest { taken, required };
        }
        PlayError::Illegal(m.to_string())
    }
}

/// Why a set of pieces is not a position ([`Position::new`], FEN).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Two pieces on one square.
    #[error("square {0} holds two pieces")]
    SquareTwice(Square),
    /// More than 20 pieces of one side.
    #[error("{color} has {count} pieces; a side has at most 20")]
    TooManyPieces {
        /// The side.
        color: Color,
        /// How many it has.
        count: u32,
    },
    /// A man on the far row would have been crowned.
    #[error("a {color} man stands on {square}, its promotion row")]
    ManOnPromotionRow {
        /// The man's side.
        color: Color,
        /// Its square.
        square: Square,
    },
}
