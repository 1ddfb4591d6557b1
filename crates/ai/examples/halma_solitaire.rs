//! The solitaire race of `halma-2` (one seat alone, home to goal) under the Stern-Halma rules
//! that a solitaire can break: a move ends only on the hexagon, its home or its goal (§4.3), a
//! marble in its goal stays in it (§4.4), every marble out of home by move 30 and none back
//! after (§4.6). Played twice: by the duel's race planner on the duel's board with short jumps
//! (the same moves), checked here rule by rule; and by `StarAi` itself in the engine's `halma-2`
//! (whose positions always hold both seats: N's marbles are parked where they can never move,
//! so N passes), the engine checking every rule (`star_race` below).
//!
//! `cargo run --release -p tripot-ai --example halma_solitaire -- [LEVEL]`

use std::process::ExitCode;

use std::time::{Duration, Instant};

use tripot_ai::{Level, StarAi, solitaire};
use tripot_engine::{Colour, Hole, Rules, StarGame, StarMove, StarPosition, Variant};

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
    let star = star_race(level);
    match &star {
        Ok(moves) => println!("{level}: halma-2 solitaire played by StarAi in {moves} moves"),
        Err(why) => println!("{level}: halma-2 solitaire played by StarAi failed: {why}"),
    }
    if broken.is_empty() && star.is_ok() { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

/// The same race played by `StarAi` on the engine's `halma-2`, which always holds both seats:
/// N's ten marbles stand at the tips of the four side branches (the two rows at each tip),
/// where no move of theirs can end (§4.3: only on the hexagon, their home or their goal) and
/// no chain of theirs can reach a piece to jump beyond the branch's empty third row (S never
/// ends a move in a side branch), so N passes every turn and S races alone,
/// home rule, goal rule and move limit checked by the engine itself. Returns S's moves to fill
/// its goal, or why it did not.
fn star_race(level: Level) -> Result<usize, String> {
    let variant: Variant = "halma-2".parse().map_err(|_| "no halma-2 variant".to_owned())?;
    let hexagon: Vec<Hole> = Hole::all().filter(|&h| Colour::of_hole(h).is_none()).collect();
    // A side branch's holes three steps or more from the hexagon: its two rows at the tip.
    let tips = |c: Colour| -> Vec<Hole> {
        c.branch().iter().filter(|&h| hexagon.iter().all(|&x| h.distance(x) > 2)).collect()
    };
    let parked: Vec<Hole> =
        [Colour::SE, Colour::SW, Colour::NE, Colour::NW].into_iter().flat_map(tips).take(10).collect();
    let start = StarPosition::start(variant, Colour::S).map_err(|e| e.to_string())?;
    let text = start.to_string();
    // Replace N's segment (`N…`) by the parked holes.
    let segments: Vec<String> = text
        .split(' ')
        .next()
        .unwrap_or("")
        .split(':')
        .map(|seg| {
            if seg.starts_with('N') && seg.len() > 2 {
                let holes: Vec<String> = parked.iter().map(ToString::to_string).collect();
                format!("N{}", holes.join(","))
            } else {
                seg.to_owned()
            }
        })
        .collect();
    let pos = StarPosition::parse(&segments.join(":"), variant).map_err(|e| e.to_string())?;
    let mut game = StarGame::new(pos);
    let mut ai = StarAi::new(level, 0);
    let mut think_max = Duration::ZERO;
    let mut think_total = Duration::ZERO;
    while game.outcome().is_none() {
        let pos = *game.position();
        let mv = if pos.turn() == Colour::S {
            let started = Instant::now();
            let mv = ai.choose(&game);
            think_max = think_max.max(started.elapsed());
            think_total += started.elapsed();
            mv
        } else {
            let moves = pos.legal_moves();
            if moves != [StarMove::Pass] {
                let named: Vec<String> = moves.iter().map(ToString::to_string).collect();
                return Err(format!("N could move in {pos}: {named:?}"));
            }
            StarMove::Pass
        };
        game.play(&mv).map_err(|e| format!("{mv}: {e}"))?;
    }
    let end = game.position();
    println!(
        "  StarAi: outcome {:?}; S's think max {} ms, total {} ms",
        game.outcome().map(|o| o.end),
        think_max.as_millis(),
        think_total.as_millis()
    );
    if end.place(Colour::S) == Some(1) {
        Ok(usize::from(end.moves_of(Colour::S)))
    } else {
        Err("S not first".into())
    }
}
