//! Draughts levels against each other: `cargo run --release -p tripot-ai --example
//! draughts_arena -- [GAMES]` plays GAMES games (default 10, half with each colour) for each
//! pair of levels and prints the points of the stronger one (a win 2, a draw 1), the share of
//! wins, and the time each level takes per move.

use std::time::{Duration, Instant};

use tripot_ai::draughts::{DraughtsAi, DraughtsLevel};
use tripot_draughts::{Color, Game};

/// Plies after which a game is stopped and counted a draw (the rules end most games sooner).
const MAX_PLIES: usize = 400;

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(10);
    let mut think = [(Duration::ZERO, 0u32); 3];
    for (weak, strong) in [(0, 1), (1, 2), (0, 2)] {
        let (weak, strong) = (DraughtsLevel::ALL[weak], DraughtsLevel::ALL[strong]);
        let (mut points, mut wins, mut losses) = (0, 0, 0);
        for game_number in 0..games {
            let strong_color = if game_number % 2 == 0 { Color::White } else { Color::Black };
            let mut players =
                [DraughtsAi::new(strong, game_number), DraughtsAi::new(weak, game_number + 1000)];
            if strong_color == Color::Black {
                players.swap(0, 1);
            }
            let mut game = Game::new();
            while game.outcome().is_none() && game.moves().len() < MAX_PLIES {
                let seat = usize::from(game.turn() == Color::Black);
                let started = Instant::now();
                let Some(m) = players[seat].choose(&game) else { break };
                let level = players[seat].level() as usize;
                think[level].0 += started.elapsed();
                think[level].1 += 1;
                if game.play(&m).is_err() {
                    eprintln!("illegal move {m}");
                    return;
                }
            }
            match game.outcome().and_then(|o| o.winner()) {
                Some(winner) if winner == strong_color => {
                    points += 2;
                    wins += 1;
                }
                Some(_) => losses += 1,
                None => points += 1,
            }
        }
        println!(
            "{} vs {}: {points}/{} points ({wins} won, {losses} lost, {} drawn or stopped)",
            strong.label_fr(),
            weak.label_fr(),
            2 * games,
            games - wins - losses
        );
    }
    for level in DraughtsLevel::ALL {
        let (total, moves) = think[level as usize];
        let per_move = total.as_secs_f64() * 1000.0 / f64::from(moves.max(1));
        println!("{}: {per_move:.1} ms a move over {moves} moves", level.label_fr());
    }
}
