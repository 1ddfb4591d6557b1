//! Games between computer players of a star variant, without building the client: the
//! measurements of docs/ai.md's star section.
//!
//! `cargo run --release -p tripot-ai --example star_arena -- VARIANT GAMES PLAYERS [SEED]`
//! e.g. `… -- kawu-3 12 impossible,moyen,moyen 0`. PLAYERS lists one level (or `greedy`) per
//! seat; game `i` uses seed `SEED + i` and rotates the list by `i` seats, so that each player
//! sits at each seat in turn. Prints, per player: games, first places, mean place, and think
//! times (median, max); then plies per game and how the games ended.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::Duration;

use tripot_ai::star::arena::{StarPlayer, play_star_game};
use tripot_engine::Variant;

#[derive(Default)]
struct Tally {
    games: u32,
    firsts: u32,
    places: u32,
    think: Vec<Duration>,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let parsed = (|| {
        let variant: Variant = args.first()?.parse().ok()?;
        let games: u64 = args.get(1)?.parse().ok()?;
        let players: Vec<StarPlayer> =
            args.get(2)?.split(',').map(str::parse).collect::<Result<_, _>>().ok()?;
        let seed: u64 = args.get(3).map_or(Some(0), |s| s.parse().ok())?;
        Some((variant, games, players, seed))
    })();
    let Some((variant, games, players, seed)) = parsed else {
        eprintln!("usage: star_arena VARIANT GAMES LEVEL,LEVEL,… [SEED]  (a level per seat, or greedy)");
        return ExitCode::from(2);
    };
    if players.len() != variant.seats().len() {
        eprintln!("{variant} has {} seats, {} players given", variant.seats().len(), players.len());
        return ExitCode::from(2);
    }
    let n = players.len();
    let mut tally: BTreeMap<(usize, &'static str), Tally> = BTreeMap::new();
    let mut plies = Vec::new();
    let mut ends: BTreeMap<String, u32> = BTreeMap::new();
    let mut failures = 0;
    for g in 0..games {
        let shift = (g as usize) % n;
        // Seat k gets the player listed at (k + n - shift) % n.
        let seating: Vec<(usize, StarPlayer)> =
            (0..n).map(|k| ((k + n - shift) % n, players[(k + n - shift) % n])).collect();
        let line_up: Vec<StarPlayer> = seating.iter().map(|&(_, p)| p).collect();
        let Some(report) = play_star_game(variant, &line_up, seed + g) else {
            eprintln!("game {g}: could not start");
            return ExitCode::FAILURE;
        };
        plies.push(report.moves.len());
        if std::env::var_os("STAR_ARENA_VERBOSE").is_some() {
            let seats: Vec<&str> = line_up.iter().map(|p| p.key()).collect();
            let end = report.outcome.as_ref().map(ToString::to_string).unwrap_or_default();
            println!("game {g}: {} plies, seats {seats:?}: {end}", report.moves.len());
            if std::env::var_os("STAR_ARENA_VERBOSE").is_some_and(|v| v == "2") {
                let mut pos = report.start;
                for (i, mv) in report.moves.iter().enumerate() {
                    println!("  {i} {}: {mv}", pos.turn());
                    pos.play_unchecked(mv);
                }
                println!("  end {pos}");
            }
        }
        match (&report.outcome, &report.illegal) {
            (Some(outcome), None) => *ends.entry(format!("{:?}", outcome.end)).or_default() += 1,
            _ => {
                failures += 1;
                eprintln!("game {g}: failure, illegal {:?}", report.illegal);
            }
        }
        for (k, &(slot, player)) in seating.iter().enumerate() {
            let t = tally.entry((slot, player.key())).or_default();
            t.games += 1;
            if let Some(place) = report.place(k) {
                t.places += u32::from(place);
                if place == 1 {
                    t.firsts += 1;
                }
            }
            t.think.extend(report.think[k].iter().copied());
        }
    }
    println!("{variant}, {games} games, seeds {seed}..{}", seed + games);
    for ((slot, key), t) in &mut tally {
        t.think.sort_unstable();
        let median = t.think.get(t.think.len() / 2).copied().unwrap_or_default();
        let max = t.think.last().copied().unwrap_or_default();
        println!(
            "  player {} {key:<10} firsts {:>3}/{:<3} ({:>3.0}%)  mean place {:.2}  think median {:>4} ms, max {:>5} ms",
            slot + 1,
            t.firsts,
            t.games,
            100.0 * f64::from(t.firsts) / f64::from(t.games.max(1)),
            f64::from(t.places) / f64::from(t.games.max(1)),
            median.as_millis(),
            max.as_millis(),
        );
    }
    let mean = plies.iter().sum::<usize>() as f64 / plies.len().max(1) as f64;
    println!(
        "  plies mean {mean:.0}, max {}; ends {ends:?}; failures {failures}",
        plies.iter().max().unwrap_or(&0)
    );
    if failures > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}
