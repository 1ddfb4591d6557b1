//! A ladder match between two levels without building the whole client (no network stack):
//! the same games as `tripot tournament`, for quick measurements.
//!
//! `cargo run --release -p tripot-ai --example ladder -- A B GAMES [FORMAT] [RULES] [SEED]`
//! e.g. `… -- impossible difficile 50 1 tripot 0`. Game `i` uses seed `SEED + i`; A opens the
//! even-numbered games. Prints wins, average and longest game, and think times per side.
//! `--wa SPEC` / `--wb SPEC` (e.g. `--wa straggler=8,lateral=2`) change A's or B's evaluation
//! weights (from the level's own): a match between the same level with old and new weights is how they are tuned.
//! `--na N` / `--nb N` replace A's or B's node budget (equal-time comparisons).

use std::process::ExitCode;
use std::time::Duration;

use tripot_ai::arena::{GameSetup, play_game_tuned};
use tripot_ai::{Ai, Level, Limits, Weights};
use tripot_engine::{Camp, Format, Rules};

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut specs = [String::new(), String::new()];
    for (side, flag) in ["--wa", "--wb"].into_iter().enumerate() {
        if let Some(i) = args.iter().position(|a| a == flag) {
            specs[side] = args.get(i + 1).cloned().unwrap_or_default();
            args.drain(i..(i + 2).min(args.len()));
        }
    }
    let mut limits = [Limits::default(); 2];
    for (side, flag) in ["--na", "--nb"].into_iter().enumerate() {
        if let Some(i) = args.iter().position(|a| a == flag) {
            let Some(nodes) = args.get(i + 1).and_then(|n| n.parse().ok()) else {
                eprintln!("{flag} needs a node count");
                return ExitCode::from(2);
            };
            limits[side].nodes = Some(nodes);
            args.drain(i..i + 2);
        }
    }
    let parsed = (|| {
        let a: Level = args.first()?.parse().ok()?;
        let b: Level = args.get(1)?.parse().ok()?;
        let games: u64 = args.get(2)?.parse().ok()?;
        let format = Format::from_number(args.get(3).map_or(Some(1), |s| s.parse().ok())?)?;
        let rules: Rules = args.get(4).map_or(Some(Rules::Tripot), |s| s.parse().ok())?;
        let seed: u64 = args.get(5).map_or(Some(0), |s| s.parse().ok())?;
        Some((a, b, games, format, rules, seed))
    })();
    let Some((a, b, games, format, rules, seed)) = parsed else {
        eprintln!(
            "usage: ladder A B GAMES [FORMAT 1-3] [RULES tripot|classic] [SEED] [--wa W] [--wb W] [--na NODES] [--nb NODES]"
        );
        return ExitCode::from(2);
    };
    let mut weights = [Weights::STANDARD; 2];
    for (side, level) in [(0, a), (1, b)] {
        match Ai::weights_of(level).with(&specs[side]) {
            Ok(w) => weights[side] = w,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        }
    }
    let mut wins = [0u32; 2];
    let mut failures = 0;
    let mut plies = Vec::new();
    let mut think: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
    for game in 0..games {
        let opener = if game.is_multiple_of(2) { Camp::A } else { Camp::B };
        let setup = GameSetup { format, rules, opener, players: [a, b], seed: seed + game, opening: 2 };
        let report = play_game_tuned(&setup, weights, limits);
        match report.outcome {
            Some(o) if report.illegal.is_none() => wins[o.winner.index()] += 1,
            _ => failures += 1,
        }
        if report.outcome.is_none() || report.moves.len() > 200 {
            eprintln!(
                "\ngame {game} (seed {}): {} plies, ends at {}",
                seed + game,
                report.moves.len(),
                report.end
            );
        }
        plies.push(report.moves.len());
        for (all, this_game) in think.iter_mut().zip(&report.think) {
            all.extend_from_slice(this_game);
        }
        eprint!("\r{}/{games} games: A {} B {}", game + 1, wins[0], wins[1]);
    }
    eprintln!();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "{a} vs {b}, format {format}, {rules}, {games} games from seed {seed}: A {} ({:.0}%), B {}, failures {failures}",
        wins[0],
        100.0 * f64::from(wins[0]) / games.max(1) as f64,
        wins[1]
    );
    println!(
        "plies: average {:.1}, max {}",
        plies.iter().sum::<usize>() as f64 / plies.len().max(1) as f64,
        plies.iter().max().copied().unwrap_or(0)
    );
    for (side, level) in [(0, a), (1, b)] {
        let t = &mut think[side];
        t.sort();
        let median = t.get(t.len() / 2).copied().unwrap_or_default();
        let max = t.last().copied().unwrap_or_default();
        println!("think {level}: median {:.1} ms, max {:.1} ms over {} moves", ms(median), ms(max), t.len());
    }
    if failures > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}
