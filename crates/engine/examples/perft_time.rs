//! Times perft from the format-1 start: `cargo run --release --example perft_time -- 5`.
fn main() {
    let depth = std::env::args().nth(1).and_then(|d| d.parse().ok()).unwrap_or(5);
    for rules in tripot_engine::Rules::ALL {
        let start = tripot_engine::Position::start(tripot_engine::Format::One, rules, tripot_engine::Camp::A);
        let t = std::time::Instant::now();
        let n = tripot_engine::perft(&start, depth);
        println!("{rules} perft({depth}) = {n} in {:?}", t.elapsed());
    }
}
