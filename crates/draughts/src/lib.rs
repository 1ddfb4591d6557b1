#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod bitboard;
mod color;
mod direction;
mod draw_rules;
mod fen;
mod game;
mod game_impl;
mod move_list;
mod movegen;
mod moves;
mod notation;
mod outcome;
mod pdn;
mod perft;
mod play_error;
mod position;
mod raw;
mod square;
mod zobrist;

pub use bitboard::{Bitboard, Squares};
pub use color::{Color, Piece, Role};
pub use draw_rules::{DrawCounters, EndgameRule, KING_MOVES_LIMIT};
pub use fen::{FenError, MAX_FEN_LEN};
pub use game::{Game, GameError};
pub use game_impl::{
    DRAUGHTS, Draughts, DraughtsState, PdnImportError, draughts_spec, looks_like_pdn, open, open_at,
    record_of_pdn,
};
pub use move_list::MoveList;
pub use moves::{MAX_CAPTURES, Move, Trail};
pub use notation::{MAX_MOVE_TEXT, NotationError};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use pdn::{
    MAX_PDN_BYTES, MAX_PLIES, MAX_TAG_LEN, MAX_TAGS, MAX_VARIATION_DEPTH, PdnError, PdnResult, Record, Tag,
};
pub use perft::{perft, perft_divide};
pub use play_error::{PlayError, PositionError};
pub use position::Position;
pub use square::Square;
