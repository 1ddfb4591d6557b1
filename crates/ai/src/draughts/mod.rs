//! The computer players of international draughts (`tripot-draughts`), at the three levels of
//! the tables: Facile, Moyen, Difficile.
//!
//! ```
//! use tripot_ai::draughts::{DraughtsAi, DraughtsLevel};
//! use tripot_draughts::Game;
//!
//! let game = Game::new();
//! let mut ai = DraughtsAi::new(DraughtsLevel::Moyen, 7);
//! let m = ai.choose(&game).unwrap();
//! assert!(game.position().is_legal(&m));
//! ```
//!
//! A negamax alpha-beta search, deepened one ply at a time within a node budget (so that the
//! same seed plays the same game on any machine), over an evaluation of material (a king about
//! three men), the men's progress, the centre and the back row. Captures are compulsory, so the
//! search plays them out past its horizon; a position that comes back is a draw; the
//! transposition table keeps each position's best move for the next iteration and the next
//! moves. Facile blurs its judgement and sometimes plays at random; Moyen blurs it a little;
//! Difficile plays its best.
//!
//! Measured with `cargo run --release -p tripot-ai --example draughts_arena -- 6` (6 games a
//! pair, colours alternating; machine shared with other builds, load average 9–10): Moyen beat
//! Facile 6–0, Difficile beat Moyen 6–0 and Facile 6–0; 0.4 ms a move for Facile, 7.3 ms for
//! Moyen, 357 ms for Difficile (then a 400,000-node budget; depth 8–10 in the opening). Its budget
//! is now 1,500,000 nodes: against dame-rs at 100,000 nodes it went from 9 to 14.5 points of 20
//! (docs/ai.md).

mod eval;
mod level;
mod player;

pub use level::{DraughtsLevel, DraughtsLevelError};
pub use player::{DraughtsAi, DraughtsSearchInfo};
