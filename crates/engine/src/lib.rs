//! The rules of the Tripot dame chinoise, exactly as `shared/RULES.md` states them.
//!
//! A pure library: no I/O, no async. Everything else (the computer opponent, the terminal
//! client, both online peers) asks this crate whether a move is legal and what follows from it.
//!
//! ```
//! use tripot_engine::{Camp, Format, Position, Rules};
//!
//! let start = Position::start(Format::One, Rules::Tripot, Camp::A);
//! assert_eq!(start.legal_moves().len(), 14);
//! let played = start.parse_move("m4-m5").map(|v| start.play(v.mv));
//! assert!(matches!(played, Ok(Ok(_))));
//! ```
//!
//! - [`Hole`], [`HoleSet`]: the 121 holes and sets of them; notation `m1`…`e17` (§1).
//! - [`Colour`], [`Camp`], [`Format`]: who plays which branches (§2).
//! - [`Position`]: `legal_moves`, `play`, `outcome`, the position string (§3–§7).
//! - [`Move`] for play, [`Notation`] for moves written down and verified hop by hop.
//! - [`Record`]: game records, written and replayed.
//! - [`StarPosition`], [`Variant`]: the star games for 2–6 players (`RULES-STAR.md`).
//! - [`open`], [`DuelState`], [`StarState`]: every game of this engine behind `tripot-game`'s
//!   one interface, `GameState`, by the game's name (`tripot`, `kawu-3`…).
#![forbid(unsafe_code)]

mod board;
mod chain_search;
mod colour;
mod game_impl;
mod hole;
mod hole_set;
mod illegal;
mod lines;
mod movegen;
mod moves;
mod notation;
mod outcome;
mod path_text;
mod perft;
mod position;
mod position_string;
mod record;
#[cfg(test)]
mod reference;
mod rules;
mod star;
mod swap;
mod zobrist;

pub use board::{DIRECTIONS, HOLE_COUNT, MAX_PIVOT_DISTANCE};
pub use colour::{Camp, Colour, Format};
pub use game_impl::{
    DuelState, FormatMismatch, StarBoardGame, StarBoardGames, StarState, duel_spec, open, open_at,
};
pub use hole::{Hole, HoleError};
pub use hole_set::{HoleSet, HoleSetIter};
pub use illegal::{BadHop, HopError, IllegalMove, PlayError, ReachError};
pub use moves::{MAX_MOVES, Move, MoveList};
pub use notation::{MAX_PATH, MoveError, Notation, NotationError, Path, Verified};
pub use outcome::{Outcome, WinReason};
pub use path_text::PathTextError;
pub use perft::{perft, perft_plain};
pub use position::Position;
pub use position_string::PositionError;
pub use record::{
    MAX_RECORD_BYTES, MAX_TAGS, OpenerChoice, Record, RecordError, RecordResult, Replay, STANDARD_TAGS,
    SyntaxError, Termination, date_from_unix,
};
pub use rules::{Rules, RulesError};
pub use star::{
    CLOCKWISE, GameKind, MAX_STAR_PATH, MarbleMoves, StarEnd, StarGame, StarIllegal, StarMove, StarMoveError,
    StarNotation, StarNotationError, StarOutcome, StarPath, StarPlayError, StarPosition, StarPositionError,
    StarRecord, StarRecordError, StarReplay, Variant, VariantError, partner, seat_colour_name, seats,
    star_perft, view_of,
};
pub use swap::SwapList;
