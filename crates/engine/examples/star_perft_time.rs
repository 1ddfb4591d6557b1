//! Perft of every star variant's start position, depth by depth, with the time each took:
//! `cargo run --release -p tripot-engine --example star_perft_time [MAX_SECONDS]`. Stops a
//! variant at the first depth that took longer than MAX_SECONDS (default 1).

use std::time::Instant;

use tripot_engine::{Colour, StarPosition, Variant, star_perft};

fn main() {
    let limit: f64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1.0);
    for variant in Variant::ALL {
        let Ok(start) = StarPosition::start(variant, Colour::S) else {
            continue;
        };
        let mut line = format!("{variant}");
        for depth in 1..=12 {
            let t = Instant::now();
            let n = star_perft(&start, depth);
            let secs = t.elapsed().as_secs_f64();
            line.push_str(&format!(" {n}"));
            eprintln!(
                "{variant} depth {depth}: {n} nodes in {secs:.3} s ({:.1} Mnodes/s)",
                n as f64 / secs / 1e6
            );
            if secs > limit {
                break;
            }
        }
        println!("{line}");
    }
}
