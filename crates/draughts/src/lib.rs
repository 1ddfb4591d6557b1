#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod bitboard;
mod color;
mod direction;
mod fen;
mod move_list;
mod movegen;
mod moves;
mod outcome;
mod perft;
mod play_error;
mod position;
mod raw;
mod square;
mod zobrist;

pub use bitboard::{Bitboard, Squares};
pub use color::{Color, Piece, Role};
pub use fen::{FenError, MAX_FEN_LEN};
pub use move_list::MoveList;
pub use moves::{MAX_CAPTURES, Move, Trail};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use perft::{perft, perft_divide};
pub use play_error::{PlayError, PositionError};
pub use position::Position;
pub use square::Square;
