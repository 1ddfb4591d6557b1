//! The computer players of the star games for 2–6 players (RULES-STAR.md): kawu, Stern-Halma
//! and its variants, and the captures game.
//!
//! - [`StarAi`]: a paranoid alpha-beta search (every other unit plays against us), or each
//!   other unit for itself in the races of three sides or more, with iterative deepening and a
//!   node budget per level, over a per-seat race evaluation (a team evaluation in the pairs
//!   games) or the captures score. The captures game from three seats on has its own search
//!   (`capture_search`): the others' answers as each of them plays, read from the moves already
//!   played at the upper levels (`table_reading`).
//! - [`star_hint`]: the Difficile level's move for a hesitating human.
//! - [`greedy_capture`]: the yardstick of the captures game, the longest capture every time.
//!
//! The duel's search ([`crate::Ai`]) is untouched: a star game has more than two sides, seats
//! that leave the table, and rules (home deadline, places) the duel does not know.

pub mod arena;
mod capture_search;
mod eval;
mod foresight;
mod player;
mod profile;
mod search;
mod table_reading;

pub use player::{StarAi, StarSearchInfo, greedy_capture, star_hint};
pub use search::OpponentModel;
