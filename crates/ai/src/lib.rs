//! The Tripot computer opponent: five levels, the hint, and the solitaire race.
//!
//! ```
//! use tripot_ai::{Ai, Level};
//! use tripot_engine::{Camp, Format, Position, Rules};
//!
//! let start = Position::start(Format::One, Rules::Tripot, Camp::A);
//! let mut ai = Ai::new(Level::Facile, 7);
//! let mv = ai.choose(&start, &[start.hash()]);
//! assert!(start.is_legal(mv));
//! ```
//!
//! - [`Level`]: Débutant (Jean Médecin) … Impossible (Marie Curie).
//! - [`Ai`]: iterative-deepening alpha-beta with a transposition table, an evaluation built for a
//!   race, repetition avoidance, and each level's human-like mistakes.
//! - [`hint`]: the Difficile level's move for a hesitating human.
//! - [`player`]: the computer player of any game by its name, behind `tripot-game`'s `Player`
//!   interface (implemented by [`Ai`] and [`StarAi`]), with a time budget and a cancel flag.
//! - [`star`]: the same five levels for every seat of the star games of 2–6 players
//!   ([`StarAi`], [`star_hint`]), kawu, Stern-Halma and the captures game.
//! - [`draughts`]: the computer players of international draughts (Facile, Moyen, Difficile).
#![forbid(unsafe_code)]

mod ai;
pub mod arena;
pub mod draughts;
mod eval;
mod geometry;
mod level;
mod player;
mod race;
mod rng;
mod search;
pub mod star;
mod stop;
mod tt;

pub use ai::{Ai, Limits, SearchInfo, hint};
pub use eval::{Weights, WeightsError};
pub use level::{Level, LevelError};
pub use player::{draughts_hint, draughts_level, player};
pub use race::{Race, solitaire};
pub use star::{StarAi, StarSearchInfo, greedy_capture, star_hint};
