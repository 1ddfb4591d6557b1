//! Draughts levels against each other: `cargo run --release -p tripot-ai --example
//! draughts_arena -- [GAMES] [PAIRS] [FIRST]` plays GAMES games (default 10) for each pair of levels
//! and prints, for the stronger level, its wins, draws and losses, its share of the decisive
//! games, and the time each level takes per move. PAIRS picks the pairs (default `fm,md,fd`:
//! Facile–Moyen, Moyen–Difficile, Facile–Difficile). The tally so far goes to stderr after each
//! game. FIRST (default 0) starts at that game's number: every game is decided by its number
//! alone (its opening and colours; the levels search by node budget), so a long run that was
//! stopped goes on from where its tally ended and the two tallies add up.
//!
//! Games go two by two: both games of a couple start from the same opening (two plies drawn
//! from the couple's number, so that the levels' own determinism does not replay one game a
//! hundred times) with the colours swapped, so every opening is played once from each side.

use std::time::{Duration, Instant};

use tripot_ai::draughts::{DraughtsAi, DraughtsLevel};
use tripot_draughts::{Color, Game};

/// Plies after which a game is stopped and counted a draw (the rules end most games sooner).
const MAX_PLIES: usize = 400;

/// Plies of each opening, drawn at random before the levels play.
const OPENING_PLIES: usize = 2;

/// What the stronger level of a pair got.
#[derive(Default)]
struct Score {
    wins: u64,
    draws: u64,
    losses: u64,
}

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(10);
    let pairs = std::env::args().nth(2).unwrap_or_else(|| "fm,md,fd".to_owned());
    let first: u64 = std::env::args().nth(3).and_then(|a| a.parse().ok()).unwrap_or(0);
    let mut think = [(Duration::ZERO, 0u32); 3];
    for pair in pairs.split(',') {
        let Some((weak, strong)) = parse_pair(pair) else {
            eprintln!("unknown pair {pair:?}: use fm, md or fd");
            std::process::exit(2);
        };
        let mut score = Score::default();
        for game_number in first..games {
            let strong_color = if game_number % 2 == 0 { Color::White } else { Color::Black };
            match play(weak, strong, strong_color, game_number, &mut think) {
                None => score.draws += 1,
                Some(winner) if winner == strong_color => score.wins += 1,
                Some(_) => score.losses += 1,
            }
            // A long run can be read while it goes (and what finished, if it is stopped).
            eprintln!(
                "{pair} after game {} ({} played): {} won, {} drawn, {} lost",
                game_number + 1,
                game_number + 1 - first,
                score.wins,
                score.draws,
                score.losses
            );
        }
        let decisive = score.wins + score.losses;
        let share = 100.0 * score.wins as f64 / decisive.max(1) as f64;
        println!(
            "{} vs {}: {} won, {} drawn or stopped, {} lost; {share:.0}% of \
             the {decisive} decisive games (games {} to {games})",
            strong.label_fr(),
            weak.label_fr(),
            score.wins,
            score.draws,
            score.losses,
            first + 1,
        );
    }
    for level in DraughtsLevel::ALL {
        let (total, moves) = think[level as usize];
        let per_move = total.as_secs_f64() * 1000.0 / f64::from(moves.max(1));
        println!("{}: {per_move:.1} ms a move over {moves} moves", level.label_fr());
    }
}

/// `fm` → (Facile, Moyen): the weaker level first.
fn parse_pair(text: &str) -> Option<(DraughtsLevel, DraughtsLevel)> {
    let [weak, strong] = match text.trim() {
        "fm" => [0, 1],
        "md" => [1, 2],
        "fd" => [0, 2],
        _ => return None,
    };
    Some((DraughtsLevel::ALL[weak], DraughtsLevel::ALL[strong]))
}

/// One game from the opening of its couple; the winner's colour, `None` for a draw.
fn play(
    weak: DraughtsLevel,
    strong: DraughtsLevel,
    strong_color: Color,
    game_number: u64,
    think: &mut [(Duration, u32); 3],
) -> Option<Color> {
    let couple = game_number / 2;
    let mut players = [DraughtsAi::new(strong, couple), DraughtsAi::new(weak, couple + 1000)];
    if strong_color == Color::Black {
        players.swap(0, 1);
    }
    let mut game = Game::new();
    let mut draw = couple.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(1);
    for _ in 0..OPENING_PLIES {
        let legal = game.legal_moves();
        draw ^= draw << 13;
        draw ^= draw >> 7;
        draw ^= draw << 17;
        let m = legal[(draw % legal.len() as u64) as usize].clone();
        game.play(&m).ok()?;
    }
    while game.outcome().is_none() && game.moves().len() < MAX_PLIES {
        let seat = usize::from(game.turn() == Color::Black);
        let started = Instant::now();
        let m = players[seat].choose(&game)?;
        let level = players[seat].level() as usize;
        think[level].0 += started.elapsed();
        think[level].1 += 1;
        if game.play(&m).is_err() {
            eprintln!("illegal move {m}");
            std::process::exit(1);
        }
    }
    game.outcome().and_then(|o| o.winner())
}
