//! The draughts computer players: legal moves through whole games at every level, the same
//! game for the same seed, the one winning move found, draw offers refused.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use tripot_ai::draughts::{DraughtsAi, DraughtsLevel};
use tripot_draughts::{Color, Game, Outcome, Position, WinReason};

/// Plays `white` against `black` for at most `plies` plies; returns the game.
fn play(white: &mut DraughtsAi, black: &mut DraughtsAi, plies: usize) -> Game {
    let mut game = Game::new();
    while game.outcome().is_none() && game.moves().len() < plies {
        let player = if game.turn() == Color::White { &mut *white } else { &mut *black };
        let m = player.choose(&game).expect("a move while the game goes on");
        assert!(game.position().is_legal(&m), "{m} in {}", game.position().fen());
        game.play(&m).unwrap();
    }
    game
}

#[test]
fn every_level_plays_legal_moves_to_the_end_of_a_game() {
    let mut facile = DraughtsAi::new(DraughtsLevel::Facile, 1);
    let mut moyen = DraughtsAi::new(DraughtsLevel::Moyen, 2);
    let game = play(&mut facile, &mut moyen, 400);
    assert!(game.outcome().is_some() || game.moves().len() == 400);
    assert_eq!(moyen.choose(&game).is_none(), game.outcome().is_some());

    let mut difficile = DraughtsAi::new(DraughtsLevel::Difficile, 3);
    let mut facile = DraughtsAi::new(DraughtsLevel::Facile, 4);
    let game = play(&mut difficile, &mut facile, 12);
    assert_eq!(game.moves().len(), 12);
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let games: Vec<Vec<String>> = (0..2)
        .map(|_| {
            let mut a = DraughtsAi::new(DraughtsLevel::Facile, 11);
            let mut b = DraughtsAi::new(DraughtsLevel::Moyen, 12);
            play(&mut a, &mut b, 60).moves().iter().map(ToString::to_string).collect()
        })
        .collect();
    assert_eq!(games[0], games[1]);
}

#[test]
fn the_move_that_leaves_the_opponent_without_a_move_is_found() {
    // 46-41 shuts in the man on 36 (47 covers 41); 47-41 would let it take.
    let position = Position::from_fen("W:W46,47:B36").unwrap();
    for level in [DraughtsLevel::Moyen, DraughtsLevel::Difficile] {
        let mut ai = DraughtsAi::new(level, 5);
        let m = ai.choose_in(&position, &[position.hash_key()]).unwrap();
        assert_eq!(m.to_string(), "46-41", "{level}");
        let after = position.play(&m).unwrap();
        assert_eq!(after.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::NoMoves }));
    }
}

#[test]
fn a_man_left_hanging_is_taken_and_a_free_man_is_not_given() {
    // White to move; 28-22 would give the man on 22 away for nothing (17x28), 28-23 is safe.
    let position = Position::from_fen("W:W28,38:B17,1").unwrap();
    let mut ai = DraughtsAi::new(DraughtsLevel::Difficile, 6);
    let scored = ai.analyse(&position, &[], 4).unwrap();
    let best = &scored[0];
    assert_ne!(best.0.to_string(), "28-22", "{scored:?}");
    assert!(scored.iter().any(|(m, score)| m.to_string() == "28-22" && *score < best.1 - 50), "{scored:?}");
}

#[test]
fn the_computer_player_refuses_draws_and_has_three_levels() {
    assert!(!DraughtsAi::new(DraughtsLevel::Moyen, 0).accepts_draw());
    let names: Vec<&str> = DraughtsLevel::ALL.iter().map(|l| l.label_fr()).collect();
    assert_eq!(names, ["Facile", "Moyen", "Difficile"]);
    assert_eq!("2".parse::<DraughtsLevel>().unwrap(), DraughtsLevel::Moyen);
    assert_eq!("Difficile".parse::<DraughtsLevel>().unwrap(), DraughtsLevel::Difficile);
    assert!("expert".parse::<DraughtsLevel>().is_err());
    assert_eq!(DraughtsLevel::Facile.label_en(), "Easy");
}

#[test]
fn the_deepest_level_plays_the_move_its_search_rates_best() {
    // 34-29 loses two men (25x23) and 30-24 one; the other moves keep the balance. The search
    // ranks most moves with a null window: a move only shown "no better" must not win a tie
    // with the best one.
    let position = Position::from_fen(
        "W:W30,34,36,37,38,39,40,41,42,43,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,14,19,20,21,22,25",
    )
    .unwrap();
    let mut ai = DraughtsAi::new(DraughtsLevel::Difficile, 0);
    let m = ai.choose_in(&position, &[position.hash_key()]).unwrap();
    assert!(!["34-29", "30-24"].contains(&m.to_string().as_str()), "{m}");
    let info = ai.last_search().unwrap();
    assert!(info.score > -50 && info.depth >= 6, "{info:?}");
}
