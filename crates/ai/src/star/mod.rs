//! The computer players of the star games for 2–6 players (RULES-STAR.md): kawu, Stern-Halma
//! and its variants, and the captures game.
//!
//! - [`StarAi`]: a paranoid alpha-beta search (every other unit plays against us) with
//!   iterative deepening and a node budget per level, over a per-seat race evaluation (a team
//!   evaluation in the pairs games) or the captures score.
//! - [`star_hint`]: the Difficile level's move for a hesitating human.
//! - [`greedy_capture`]: the yardstick of the captures game, the longest capture every time.
//!
//! The duel's search ([`crate::Ai`]) is untouched: a star game has more than two sides, seats
//! that leave the table, and rules (home deadline, places) the duel does not know.

pub mod arena;
mod eval;
mod player;
mod profile;
mod search;

pub use player::{StarAi, StarSearchInfo, greedy_capture, star_hint};
pub use search::OpponentModel;
