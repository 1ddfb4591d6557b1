//! Whole games against `tests/data/reference-games.tsv`: games from random endgame setups that
//! dame-rs played to their end, some by a win, most by a draw by rule (repetition, 25, 16 and
//! 5 moves). Our `Game` must accept every move, go on exactly as long, and end the same way.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;

use tripot_draughts::{Color, DrawReason, Game, Move, Outcome, Position};

/// The fixture's form of a move: `32-28`, or `19x30:24,25`.
fn written(m: &Move) -> String {
    if m.is_capture() {
        let captured: Vec<String> = m.captured().iter().map(|s| s.to_string()).collect();
        format!("{}x{}:{}", m.from(), m.to(), captured.join(","))
    } else {
        format!("{}-{}", m.from(), m.to())
    }
}

/// dame-rs's termination and winner, in our words.
fn expected(termination: &str, winner: &str) -> (Option<DrawReason>, Option<Color>) {
    let winner = match winner {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    };
    let draw = match termination {
        "repetition" => Some(DrawReason::Repetition),
        "twenty_five_moves" => Some(DrawReason::TwentyFiveMoves),
        "sixteen_moves" => Some(DrawReason::SixteenMoves),
        "five_moves" => Some(DrawReason::FiveMoves),
        "no_moves" => None,
        other => panic!("unknown termination {other}"),
    };
    (draw, winner)
}

#[test]
fn games_end_where_and_how_the_reference_program_ends_them() {
    let data = include_str!("data/reference-games.tsv");
    let mut endings: BTreeMap<String, usize> = BTreeMap::new();
    for line in data.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let [fen, moves, termination, winner] = line.split('\t').collect::<Vec<_>>()[..] else {
            panic!("bad fixture line {line}");
        };
        let mut game = Game::from_position(Position::from_fen(fen).unwrap());
        for (ply, text) in moves.split_whitespace().enumerate() {
            assert_eq!(game.outcome(), None, "{fen}: over before move {ply} ({text})");
            let legal = game.legal_moves();
            let m = legal
                .iter()
                .find(|m| written(m) == text)
                .unwrap_or_else(|| panic!("{fen}: move {ply} {text} not legal in {}", game.position().fen()));
            game.play(m).unwrap();
        }
        let (draw, winner) = expected(termination, winner);
        match (game.outcome(), draw) {
            (Some(Outcome::Draw(reason)), Some(expected)) => assert_eq!(reason, expected, "{fen} {moves}"),
            (Some(Outcome::Win { winner: ours, .. }), None) => assert_eq!(Some(ours), winner, "{fen}"),
            (ours, _) => panic!("{fen}: we say {ours:?}, dame-rs {termination} {winner:?}"),
        }
        *endings.entry(termination.to_string()).or_default() += 1;
    }
    // Every way a game ends must stay in the fixture.
    for ending in ["no_moves", "repetition", "twenty_five_moves", "sixteen_moves", "five_moves"] {
        assert!(endings.get(ending).copied().unwrap_or(0) >= 5, "{ending}: {endings:?}");
    }
}
