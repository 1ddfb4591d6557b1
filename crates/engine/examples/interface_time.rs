//! What the one game interface costs over the engine's own types, move by move:
//! `cargo run --release -p tripot-engine --example interface_time -- [RUNS]`.
//!
//! For a few games, the same seeded random games (300 moves at most, or to their end) are played
//! twice: through `Box<dyn GameState>` (`legal_moves`, which writes each chain's shortest path,
//! then `play`, which verifies the move again as a peer's would be), and through the engine's
//! `Position` / `StarGame` (`legal_moves`, `play`). Also timed: `parse_move` of every listed
//! move's text in the games' positions. Prints every run's microseconds per move, then the
//! median and minimum: the machine is shared, so one run says little. Each run checks that both
//! ways reach the same final position.

use std::time::{Duration, Instant};

use tripot_engine::{Camp, Format, Position, Rules, StarGame, StarPosition, Variant, open};
// SplitMix64, as the property tests use.
use tripot_game::{GameSpec, SplitMix64 as Dice};

const PLIES: usize = 300;
const GAMES: u64 = 20;

/// Random games through the interface: moves played, the final positions.
fn through_the_interface(spec: &GameSpec) -> (usize, Vec<String>) {
    let mut moves = 0;
    let mut finals = Vec::new();
    for seed in 0..GAMES {
        let mut dice = Dice::new(seed);
        let Ok(mut state) = open(spec) else { return (0, finals) };
        for _ in 0..PLIES {
            let listed = state.legal_moves();
            if listed.is_empty() {
                break;
            }
            if state.play(&listed[dice.below(listed.len())]).is_err() {
                break;
            }
            moves += 1;
        }
        finals.push(state.position_string());
    }
    (moves, finals)
}

/// The same games through the engine's own types.
fn through_the_engine(spec: &GameSpec) -> (usize, Vec<String>) {
    let mut moves = 0;
    let mut finals = Vec::new();
    for seed in 0..GAMES {
        let mut dice = Dice::new(seed);
        if let Ok(variant) = spec.as_str().parse::<Variant>() {
            let Ok(start) = StarPosition::start(variant, variant.seats()[0]) else { return (0, finals) };
            let mut game = StarGame::new(start);
            for _ in 0..PLIES {
                if game.outcome().is_some() {
                    break;
                }
                let listed = game.position().legal_moves();
                if listed.is_empty() || game.play(&listed[dice.below(listed.len())]).is_err() {
                    break;
                }
                moves += 1;
            }
            finals.push(game.position().to_string());
        } else {
            let format = match spec.as_str() {
                "tripot-f3" => Format::Three,
                _ => Format::One,
            };
            let mut position = Position::start(format, Rules::Tripot, Camp::A);
            for _ in 0..PLIES {
                let listed = position.legal_moves();
                if listed.is_empty() || position.is_over() {
                    break;
                }
                let Ok(next) = position.play(listed[dice.below(listed.len())]) else { break };
                position = next;
                moves += 1;
            }
            finals.push(position.to_string());
        }
    }
    (moves, finals)
}

/// `parse_move` of every listed move's text along one game: texts verified.
fn verify_texts(spec: &GameSpec) -> usize {
    let mut dice = Dice::new(99);
    let Ok(mut state) = open(spec) else { return 0 };
    let mut verified = 0;
    for _ in 0..PLIES {
        let listed = state.legal_moves();
        if listed.is_empty() {
            break;
        }
        for m in &listed {
            if state.parse_move(&state.move_text(m)).is_ok() {
                verified += 1;
            }
        }
        if state.play(&listed[dice.below(listed.len())]).is_err() {
            break;
        }
    }
    verified
}

fn summary(label: &str, per_move: &mut [f64]) {
    per_move.sort_by(f64::total_cmp);
    let median = per_move[per_move.len() / 2];
    println!("  {label:<28} median {median:8.2} µs   min {:8.2} µs", per_move[0]);
}

fn micros(elapsed: Duration, count: usize) -> f64 {
    elapsed.as_secs_f64() * 1e6 / count.max(1) as f64
}

fn main() {
    let runs: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(5);
    for name in ["tripot", "tripot-f3", "kawu-6", "halma-3", "captures-4"] {
        let Ok(spec) = name.parse::<GameSpec>() else { continue };
        let (mut interface, mut engine, mut texts) = (Vec::new(), Vec::new(), Vec::new());
        println!("{name}");
        for run in 0..runs {
            let clock = Instant::now();
            let (moves, finals) = through_the_interface(&spec);
            let a = micros(clock.elapsed(), moves);
            let clock = Instant::now();
            let (engine_moves, engine_finals) = through_the_engine(&spec);
            let b = micros(clock.elapsed(), engine_moves);
            assert_eq!((moves, &finals), (engine_moves, &engine_finals), "{name}: the two ways differ");
            let clock = Instant::now();
            let verified = verify_texts(&spec);
            let c = micros(clock.elapsed(), verified);
            println!(
                "  run {run}: {moves} moves, interface {a:.2} µs, engine {b:.2} µs a move; {verified} texts, {c:.2} µs each"
            );
            interface.push(a);
            engine.push(b);
            texts.push(c);
        }
        summary("interface, a move", &mut interface);
        summary("engine types, a move", &mut engine);
        summary("parse_move, a listed text", &mut texts);
    }
}
