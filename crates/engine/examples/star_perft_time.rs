//! Perft of every star variant's start position, depth by depth, with the time each took:
//! `cargo run --release -p tripot-engine --example star_perft_time [MAX_SECONDS]`.
//!
//! Prints one line per variant, `NAME count1 count2 …`, with the depths that ran within
//! MAX_SECONDS (default 1): the lines of `tests/data/star-perft.txt`. A depth is not started when
//! the previous one's time times its growth promises more than three times the limit.

use std::time::Instant;

use tripot_engine::{Colour, StarPosition, Variant, star_perft};

fn main() {
    let limit: f64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1.0);
    for variant in Variant::ALL {
        let Ok(start) = StarPosition::start(variant, Colour::S) else {
            continue;
        };
        let mut line = format!("{variant}");
        let mut previous = 1u64;
        for depth in 1..=12 {
            let t = Instant::now();
            let n = star_perft(&start, depth);
            let secs = t.elapsed().as_secs_f64();
            eprintln!(
                "{variant} depth {depth}: {n} nodes in {secs:.3} s ({:.2} Mnodes/s)",
                n as f64 / secs / 1e6
            );
            if secs > limit {
                break;
            }
            line.push_str(&format!(" {n}"));
            let growth = n as f64 / previous as f64;
            previous = n;
            if secs * growth > 3.0 * limit {
                break;
            }
        }
        println!("{line}");
    }
}
