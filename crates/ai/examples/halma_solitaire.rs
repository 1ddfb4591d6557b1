//! The solitaire race of `halma-2` (one seat alone, home to goal) under the Stern-Halma rules
//! that a solitaire can break: a move ends only on the hexagon, its home or its goal (§4.3), a
//! marble in its goal stays in it (§4.4), every marble out of home by move 30 and none back
//! after (§4.6). The engine's star positions always hold both seats, so the race is Impossible's
//! race planner on the duel's board with short jumps (the same moves), checked here rule by rule.
//!
//! `cargo run --release -p tripot-ai --example halma_solitaire -- [LEVEL]`

use std::process::ExitCode;

use tripot_ai::{Level, solitaire};
use tripot_engine::{Colour, Hole, Rules};

fn main() -> ExitCode {
    let level: Level = std::env::args().nth(1).and_then(|l| l.parse().ok()).unwrap_or(Level::Impossible);
    let race = solitaire(level, Rules::Classic);
    let bits = |h: Hole| 1u128 << h.index();
    let branches = Colour::ALL.iter().fold(0u128, |acc, c| acc | c.branch().bits());
    let hexagon = Hole::all().fold(0u128, |acc, h| acc | bits(h)) & !branches;
    let (home, goal) = (Colour::S.branch().bits(), Colour::N.branch().bits());
    let mut marbles = home;
    let mut broken = Vec::new();
    for (k, path) in race.moves.iter().enumerate() {
        let (Some(&from), Some(&to)) = (path.first(), path.last()) else {
            broken.push(format!("move {}: empty", k + 1));
            continue;
        };
        if goal & bits(from) != 0 && path.iter().skip(1).any(|&h| goal & bits(h) == 0) {
            broken.push(format!("move {}: a marble leaves its goal (§4.4)", k + 1));
        }
        if (hexagon | home | goal) & bits(to) == 0 {
            broken.push(format!("move {}: ends in another branch (§4.3)", k + 1));
        }
        marbles = marbles & !bits(from) | bits(to);
        if k + 1 >= 30 && marbles & home != 0 {
            broken.push(format!("move {}: a marble at home after the deadline (§4.6)", k + 1));
        }
    }
    if marbles != goal {
        broken.push("the goal is not filled".into());
    }
    println!("{level}: halma-2 solitaire in {} moves; rules broken: {}", race.moves.len(), broken.len());
    for b in &broken {
        println!("  {b}");
    }
    if broken.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}
