//! Perft timing: `cargo run --release -p tripot-draughts --example perft -- [DEPTH] [--fen FEN]`
//! prints the node count, the time and the nodes per second (default: the start position,
//! depth 9). `--fixture` instead checks every count of `tests/data/perft.txt`, deep ones too.

use std::process::ExitCode;
use std::time::Instant;

use tripot_draughts::{Position, perft};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--fixture") {
        return check_fixture();
    }
    let mut depth = 9;
    let mut position = Position::start();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        if arg == "--fen" {
            let Some(text) = rest.next() else {
                eprintln!("--fen needs a position string");
                return ExitCode::FAILURE;
            };
            match Position::from_fen(text) {
                Ok(p) => position = p,
                Err(e) => {
                    eprintln!("{text}: {e}");
                    return ExitCode::FAILURE;
                }
            }
        } else if let Ok(d) = arg.parse() {
            depth = d;
        } else {
            eprintln!("usage: perft [DEPTH] [--fen FEN] | --fixture");
            return ExitCode::FAILURE;
        }
    }
    let started = Instant::now();
    let nodes = perft(&position, depth);
    let seconds = started.elapsed().as_secs_f64();
    println!("perft({depth}) = {nodes} in {seconds:.3} s ({:.1} M nodes/s)", nodes as f64 / seconds / 1e6);
    ExitCode::SUCCESS
}

fn check_fixture() -> ExitCode {
    let mut failures = 0;
    let data = include_str!("../tests/data/perft.txt");
    for line in data.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [name, fen, counts @ ..] = fields.as_slice() else {
            eprintln!("bad fixture line {line}");
            return ExitCode::FAILURE;
        };
        let position = match Position::from_fen(fen) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{name}: {e}");
                return ExitCode::FAILURE;
            }
        };
        for (depth, expected) in counts.iter().enumerate() {
            let depth = depth as u32 + 1;
            let started = Instant::now();
            let nodes = perft(&position, depth);
            let seconds = started.elapsed().as_secs_f64();
            let verdict = if expected.parse() == Ok(nodes) { "ok" } else { "WRONG" };
            if verdict != "ok" {
                failures += 1;
            }
            println!("{name} perft({depth}) = {nodes} (expected {expected}) {verdict} in {seconds:.3} s");
        }
    }
    if failures == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}
