//! The star games for 2–6 players (`shared/RULES-STAR.md`): kawu, Stern-Halma and its variants,
//! and the captures game, on the board, lines and jump tables of the duel.
//!
//! The duel's [`crate::Position`] and its hot path are untouched: a star game has its own
//! [`StarPosition`], with the same shape of API (`legal_moves`, `verify`, `play`,
//! `play_unchecked`, `outcome`).
//!
//! ```
//! use tripot_engine::{Colour, StarPosition, Variant};
//!
//! let variant: Variant = "kawu-3".parse().map_err(|e| format!("{e}"))?;
//! let start = StarPosition::start(variant, Colour::S).map_err(|e| format!("{e}"))?;
//! let next = start.play(&start.parse_move("j4-i5").map_err(|e| format!("{e}"))?);
//! assert_eq!(next.map(|p| p.turn()), Ok(Colour::NW));
//! # Ok::<(), String>(())
//! ```

mod captures;
mod error;
mod halma_rules;
mod seat;
mod star_game;
mod star_move;
mod star_movegen;
mod star_outcome;
mod star_perft;
mod star_play;
mod star_position;
mod star_record;
mod star_string;
mod variant;

pub use error::{StarIllegal, StarMoveError, StarPlayError, StarPositionError};
pub use seat::{CLOCKWISE, partner, seat_colour_name, seats, view_of};
pub use star_game::StarGame;
pub use star_move::{MAX_STAR_PATH, StarMove, StarNotation, StarNotationError, StarPath};
pub use star_movegen::MarbleMoves;
pub use star_outcome::{StarEnd, StarOutcome};
pub use star_perft::star_perft;
pub use star_position::StarPosition;
pub use star_record::{StarRecord, StarRecordError, StarReplay};
pub use variant::{Game, Variant, VariantError};
