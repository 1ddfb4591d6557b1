//! How fast the book counts results and reads a table, on a real SQLite file (WAL,
//! `synchronous = FULL`: every accepted result is on disk before its answer).
//!
//! ```sh
//! cargo run --release -p tripot-ratings --example book_speed -- 1000 400
//! ```
//! Arguments: results to submit (default 1000), players they are drawn among (default 400).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../tests/support/games.rs"]
mod games;

use games::*;
use std::time::{Duration, Instant};
use tripot_ratings::{Book, Counted, GameVerifier, Policy};
use tripot_ratings_wire::{Period, StandingsQuery};

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<usize>().expect("a number"));
    let results = args.next().unwrap_or(1000);
    let count = args.next().unwrap_or(400).max(2);
    let dir = tempfile::tempdir().unwrap();
    let policy = Policy { require_meeting: false, pair_daily_cap: u32::MAX, ..Policy::default() };
    let book = Book::open(&dir.path().join("speed.sqlite"), Box::new(GameVerifier), policy).unwrap();
    let people = players(count);
    // Signed beforehand: the measure is the book's, not ed25519 signing.
    let batch: Vec<_> = (0..results)
        .map(|n| {
            let a = &people[n % count];
            let b = &people[(n * 7 + 1 + n / count) % count];
            let b = if std::ptr::eq(a, b) { &people[(n + 1) % count] } else { b };
            signed(duel(u32::try_from(n).unwrap(), a, b, n % 2 == 0, DECEMBER_1ST), &[a, b])
        })
        .collect();
    let now = DECEMBER_1ST + 60;
    let mut slowest = Duration::ZERO;
    let start = Instant::now();
    for game in &batch {
        let one = Instant::now();
        assert_eq!(book.submit(game, now), Ok(Counted::Accepted));
        slowest = slowest.max(one.elapsed());
    }
    let total = start.elapsed();
    let again = Instant::now();
    for game in batch.iter().take(100) {
        assert_eq!(book.submit(game, now), Ok(Counted::AlreadyCounted));
    }
    let again = again.elapsed() / 100.min(u32::try_from(results).unwrap()).max(1);
    let query = StandingsQuery { game: "tripot".into(), period: Period::AllTime };
    let read = Instant::now();
    let reads = 50;
    let mut players_listed = 0;
    for _ in 0..reads {
        players_listed = book.standings(&query).unwrap().entries.len();
    }
    let read = read.elapsed() / reads;
    let per_result = total / u32::try_from(results).unwrap();
    println!(
        "{results} results among {count} players: {total:.2?} ({per_result:.2?} a result, slowest {slowest:.2?})"
    );
    println!("the same result again: {again:.2?}; a table of {players_listed} entries: {read:.2?}");
}
