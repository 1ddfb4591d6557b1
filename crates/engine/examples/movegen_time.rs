//! Times single-position move generation, the work the computer opponent repeats at every node:
//! `cargo run --release -p tripot-engine --example movegen_time -- [plain DEPTH RULES | legal | count | played] [RUNS] [FORMAT]`.
//!
//! `plain` runs [`tripot_engine::perft_plain`] from the format-1 start (every node generated
//! afresh, unlike `perft`, which shares its last two plies); `legal` lists the legal moves of the
//! 24 mid-game positions of `benches/data/midgame.txt` 10,000 times, `count` counts them
//! (`count_legal_moves`, perft's last ply); a FORMAT keeps only its 8 positions, as the criterion
//! bench does. `played` lists the moves of 9,000 distinct positions from random games, 10 times.
//! Each run checks its count.
//! Prints every run and the median and minimum: the machine is shared, so one run says little.
//! Under `valgrind --tool=callgrind` a single run gives an instruction count that does not
//! depend on the load.

use std::time::{Duration, Instant};

use tripot_engine::{Camp, Format, Position, Rules, perft_plain};

#[path = "../benches/support/positions.rs"]
mod positions;
use positions::{PERFT, midgame, played};

/// The known perft count from the format-1 start at `depth` under `rules`.
fn expected(rules: Rules, depth: u32) -> Option<u64> {
    PERFT.iter().find(|&&(r, d, _)| (r, d) == (rules, depth)).map(|&(_, _, nodes)| nodes)
}

fn report(what: &str, mut times: Vec<Duration>) {
    times.sort();
    if let (Some(min), Some(median)) = (times.first(), times.get(times.len() / 2)) {
        println!("{what}: min {min:?}, median {median:?} of {} runs", times.len());
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let word = |i: usize| args.get(i).map(String::as_str);
    match word(0) {
        Some("plain") => {
            let depth: u32 = word(1).and_then(|d| d.parse().ok()).unwrap_or(5);
            let rules: Rules = word(2).and_then(|r| r.parse().ok()).unwrap_or_default();
            let runs: usize = word(3).and_then(|n| n.parse().ok()).unwrap_or(1).max(1);
            let start = Position::start(Format::One, rules, Camp::A);
            let mut times = Vec::with_capacity(runs);
            for _ in 0..runs {
                let t = Instant::now();
                let n = perft_plain(&start, depth);
                times.push(t.elapsed());
                if let Some(want) = expected(rules, depth)
                    && n != want
                {
                    eprintln!("perft_plain({depth}) = {n}, expected {want}");
                    std::process::exit(1);
                }
            }
            report(&format!("{rules} perft_plain({depth})"), times);
        }
        Some(mode @ ("legal" | "count")) => {
            let runs: usize = word(1).and_then(|n| n.parse().ok()).unwrap_or(1).max(1);
            let positions = midgame(word(2).and_then(|f| f.parse().ok()));
            let total: usize = positions.iter().map(|(_, n)| n).sum();
            let mut times = Vec::with_capacity(runs);
            for _ in 0..runs {
                let t = Instant::now();
                for _ in 0..10_000 {
                    let listed: usize = positions
                        .iter()
                        .map(|(p, _)| {
                            let p = std::hint::black_box(p);
                            if mode == "count" { p.count_legal_moves() } else { p.legal_moves().len() }
                        })
                        .sum();
                    if listed != total {
                        eprintln!("{listed} moves listed, expected {total}");
                        std::process::exit(1);
                    }
                }
                times.push(t.elapsed());
            }
            report(&format!("{mode} of {} positions x 10,000", positions.len()), times);
        }
        Some("played") => {
            // Many distinct positions, each generated once a pass: what a search meets, where no
            // position comes back often enough for the branch predictor to learn it.
            let runs: usize = word(1).and_then(|n| n.parse().ok()).unwrap_or(1).max(1);
            let positions = played(3_000);
            let total: usize = positions.iter().map(|p| p.legal_moves().len()).sum();
            let mut times = Vec::with_capacity(runs);
            for _ in 0..runs {
                let t = Instant::now();
                for _ in 0..10 {
                    let listed: usize =
                        positions.iter().map(|p| std::hint::black_box(p).legal_moves().len()).sum();
                    if listed != total {
                        eprintln!("{listed} moves listed, expected {total}");
                        std::process::exit(1);
                    }
                }
                times.push(t.elapsed());
            }
            report(
                &format!("legal_moves of {} played positions ({total} moves) x 10", positions.len()),
                times,
            );
        }
        _ => eprintln!("usage: movegen_time [plain DEPTH RULES | legal | count | played] [RUNS] [FORMAT]"),
    }
}
