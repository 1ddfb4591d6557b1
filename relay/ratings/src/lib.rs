//! tripot-ratings: the ratings service a `tripot-relay` runs when asked (`--ratings`).
//!
//! A [`Book`] takes a signed result ([`tripot_ratings_wire::SignedResult`]) and counts it once:
//! bounds, seat kinds (no computer, no guest, no teams), every human seat's signature, the
//! clock, the game id (the same result again is [`Counted::AlreadyCounted`], another result of
//! the same game is refused), the [`Policy`] (the players met through this relay, a daily cap
//! per pair of keys), and the record replayed by a [`RecordVerifier`] ([`GameVerifier`]: through
//! the game interface of `tripot-game`) to the claimed places and final position. Then, in one SQLite transaction, the game's all-time table and the table of
//! the month it finished in (UTC) take their new Elo ratings ([`elo`], skillratings' maths).
//!
//! This crate links the rules (the engine's games, to replay records); `tripot-relay`'s core does not,
//! and links this crate only behind its `ratings` feature.
#![forbid(unsafe_code)]

mod book;
pub mod elo;
mod policy;
mod schema;
mod tables;
mod verifier;

pub use book::{Book, Counted};
pub use policy::Policy;
pub use schema::StoreError;
pub use verifier::{GameFacts, GameVerifier, OPENERS, RecordVerifier};
