//! Times perft from the format-1 start:
//! `cargo run --release -p tripot-engine --example perft_time -- 5 [tripot|classic] [RUNS]`.
//!
//! Prints every run and the median: the machine is shared, so one run says little.
fn main() {
    let mut args = std::env::args().skip(1);
    let depth = args.next().and_then(|d| d.parse().ok()).unwrap_or(5);
    let only: Option<tripot_engine::Rules> = args.next().and_then(|r| r.parse().ok());
    let runs: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(1).max(1);
    for rules in tripot_engine::Rules::ALL.into_iter().filter(|r| only.is_none_or(|o| o == *r)) {
        let start = tripot_engine::Position::start(tripot_engine::Format::One, rules, tripot_engine::Camp::A);
        let mut times = Vec::with_capacity(runs);
        for _ in 0..runs {
            let t = std::time::Instant::now();
            let n = tripot_engine::perft(&start, depth);
            let elapsed = t.elapsed();
            println!("{rules} perft({depth}) = {n} in {elapsed:?}");
            times.push(elapsed);
        }
        if runs > 1 {
            times.sort();
            println!("{rules} perft({depth}): median {:?} of {runs} runs", times[runs / 2]);
        }
    }
}
