//! Prints a relay's ratings table, fetched over `/tripot/ratings/1.0.0` with
//! `tripot_net::ratings::standings`: what `tripot ratings` will show once the command line has
//! it (a developer's tool until then).
//!
//! ```text
//! cargo run -p tripot-net --example ratings_table -- RELAY_ADDRESS [GAME] [YYYY-MM]
//! ```
//! GAME defaults to `tripot`; without a month, the all-time table.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use tripot_net::Multiaddr;
use tripot_net::ratings::standings;
use tripot_ratings_wire::{Period, StandingsQuery};

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let mut args = std::env::args().skip(1);
    let relay: Multiaddr = args.next().expect("a relay address ending in /p2p/<peer id>").parse().unwrap();
    let game = args.next().unwrap_or_else(|| "tripot".into());
    let period = args.next().map_or(Period::AllTime, |m| Period::Month(m.parse().unwrap()));
    match standings(&relay, StandingsQuery { game, period }).await {
        Ok(table) => {
            println!("{} — {} — {} players", table.game, table.period, table.players);
            for (rank, e) in table.entries.iter().enumerate() {
                let provisional = if e.provisional { " (provisional)" } else { "" };
                println!(
                    "{:>4}. {:<32} {:>6.0}{provisional}  {} games, {} opponents  {}",
                    rank + 1,
                    e.name,
                    e.rating,
                    e.games,
                    e.opponents,
                    e.peer_id
                );
            }
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
