//! The FMJD rules of international draughts, one test per rule (articles of the FMJD rules;
//! `shared/seeds/001_*` states them for the players).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::HashSet;

use tripot_draughts::{
    Color, DrawReason, EndgameRule, Game, GameError, Move, Outcome, PlayError, Position, Role, Square,
    WinReason,
};

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

fn sq(n: u8) -> Square {
    Square::new(n).unwrap()
}

/// The moves of `fen` as written (disambiguated), sorted.
fn moves(fen: &str) -> Vec<String> {
    let p = position(fen);
    let mut list: Vec<String> = p.legal_moves().iter().map(|m| p.notation(m)).collect();
    list.sort();
    list
}

fn squares(list: &[u8]) -> tripot_draughts::Bitboard {
    list.iter().map(|&n| sq(n)).collect()
}

#[test]
fn the_start_has_twenty_men_a_side_and_white_moves_first() {
    let start = Position::start();
    assert_eq!(start.turn(), Color::White);
    assert_eq!(start.men(Color::White), squares(&(31..=50).collect::<Vec<_>>()));
    assert_eq!(start.men(Color::Black), squares(&(1..=20).collect::<Vec<_>>()));
    assert!(start.kings(Color::White).is_empty() && start.kings(Color::Black).is_empty());
    assert_eq!(moves("W:W31-50:B1-20").len(), 9);
}

#[test]
fn a_man_steps_one_square_diagonally_forward_only() {
    assert_eq!(moves("W:W28:B1"), ["28-22", "28-23"]);
    assert_eq!(moves("B:W50:B23"), ["23-28", "23-29"]);
}

#[test]
fn a_man_captures_backward_too() {
    assert_eq!(moves("W:W28:B33"), ["28x39"]);
}

#[test]
fn a_king_moves_any_distance_along_a_free_diagonal() {
    assert_eq!(moves("W:WK46:B1").len(), 9);
    assert_eq!(moves("W:WK46,32:B1").iter().filter(|m| m.starts_with("46")).count(), 2);
}

#[test]
fn a_king_captures_at_a_distance_and_lands_on_any_free_square_beyond() {
    assert_eq!(moves("W:WK46:B28"), ["46x10", "46x14", "46x19", "46x23", "46x5"]);
}

#[test]
fn a_king_goes_on_capturing_along_the_same_line() {
    // 28 then 14 on the long diagonal: both taken, then any square beyond.
    assert_eq!(moves("W:WK46:B28,14"), ["46x10", "46x5"]);
    let p = position("W:WK46:B28,14");
    assert!(p.legal_moves().iter().all(|m| m.captured() == squares(&[14, 28])));
}

#[test]
fn capturing_is_compulsory() {
    let p = position("W:W28,40:B33");
    assert_eq!(moves("W:W28,40:B33"), ["28x39"]);
    assert!(p.must_capture());
    let refused = p.play(&Move::step(sq(40), sq(34)));
    assert_eq!(refused, Err(PlayError::CaptureRequired { required: 1 }));
}

#[test]
fn the_rafle_taking_the_most_pieces_is_compulsory_whatever_they_are() {
    // The man on 32 may take the king on 28 alone, or the men on 27 and 17: two beat one,
    // a king counting as much as a man.
    let p = position("W:W32:B27,17,K28");
    assert_eq!(moves("W:W32:B27,17,K28"), ["32x12"]);
    let one_king = Move::capture(sq(32), &[sq(23)], squares(&[28])).unwrap();
    assert_eq!(p.play(&one_king), Err(PlayError::NotTheLongest { taken: 1, required: 2 }));
}

#[test]
fn taken_pieces_stay_on_the_board_until_the_rafle_ends() {
    // The king takes 37, 33 and 43 and lands on 48; from there 31 is behind the taken 37,
    // which still blocks the diagonal (the "Turkish strike"), so 31 survives.
    let p = position("W:WK46:B31,33,37,43");
    assert_eq!(moves("W:WK46:B31,33,37,43"), ["46x48"]);
    let m = &p.legal_moves()[0];
    assert_eq!(m.captured(), squares(&[33, 37, 43]));
    assert_eq!(m.landings(), [sq(28), sq(39), sq(48)]);
    let after = p.play(m).unwrap();
    assert_eq!(after.pieces(Color::Black), squares(&[31]));
}

#[test]
fn no_piece_is_jumped_twice() {
    // After taking 27 the man cannot come back over it: one piece only.
    assert_eq!(moves("W:W32:B27"), ["32x21"]);
}

#[test]
fn a_man_that_passes_the_last_row_during_a_rafle_stays_a_man() {
    // 12 takes 8 landing on 3 (White's crowning row), then 9 landing on 14: still a man.
    let p = position("W:W12:B8,9");
    assert_eq!(moves("W:W12:B8,9"), ["12x14"]);
    let after = p.play(&p.legal_moves()[0]).unwrap();
    assert_eq!(after.piece_at(sq(14)).map(|piece| piece.role), Some(Role::Man));
}

#[test]
fn a_man_that_ends_on_the_last_row_becomes_a_king() {
    let p = position("W:W12:B8");
    let after = p.play(&p.parse_move("12x3").unwrap()).unwrap();
    assert_eq!(after.piece_at(sq(3)).map(|piece| piece.role), Some(Role::King));
    let p = position("B:W31:B42");
    let after = p.play(&p.parse_move("42-47").unwrap()).unwrap();
    assert_eq!(after.kings(Color::Black), squares(&[47]));
}

#[test]
fn a_side_without_pieces_loses() {
    let p = position("W:W:B1");
    assert_eq!(p.outcome(), Some(Outcome::Win { winner: Color::Black, reason: WinReason::NoPieces }));
}

#[test]
fn a_side_without_a_legal_move_loses() {
    // The man on 46 is stuck behind 41, which 37 covers.
    let p = position("W:W46:B41,37");
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.outcome(), Some(Outcome::Win { winner: Color::Black, reason: WinReason::NoMoves }));
    let mut game = Game::from_position(p);
    assert!(matches!(game.play_notation("46-41"), Err(GameError::Over(_))));
}

/// Plays quiet moves that lead to positions not seen before and leave no capture to either
/// side, until `plies` are played (each time the move leaving the opponent the most such
/// replies, so that nobody gets cornered); returns the game.
fn wander(fen: &str, plies: usize, check: impl Fn(&Game, usize)) -> Game {
    let mut game = Game::from_position(position(fen));
    let mut seen = HashSet::from([game.hash_key()]);
    for ply in 0..plies {
        check(&game, ply);
        let here = *game.position();
        let safe_replies = |after: &Position| {
            after
                .legal_moves()
                .iter()
                .filter(|reply| !reply.is_capture() && !after.play_unchecked(reply).must_capture())
                .count()
        };
        let next = here
            .legal_moves()
            .iter()
            .filter(|m| {
                let after = here.play_unchecked(m);
                !m.is_capture() && !seen.contains(&after.hash_key()) && !after.must_capture()
            })
            .max_by_key(|m| safe_replies(&here.play_unchecked(m)))
            .cloned()
            .unwrap_or_else(|| panic!("no fresh quiet move at ply {ply} in {}", here.fen()));
        game.play(&next).unwrap();
        seen.insert(game.hash_key());
    }
    game
}

#[test]
fn the_same_position_three_times_is_a_draw() {
    let mut game = Game::from_position(position("W:WK47,K49:BK2,K4"));
    let shuffle = ["47-42", "2-7", "42-47", "7-2"];
    for (i, text) in shuffle.iter().cycle().take(8).enumerate() {
        assert_eq!(game.outcome(), None, "before move {i}");
        game.play_notation(text).unwrap();
    }
    assert_eq!(game.draw_counters().repetitions, 3);
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

#[test]
fn twenty_five_moves_each_moving_only_kings_is_a_draw() {
    let game = wander("W:WK46,K50,K36:BK1,K5,K15", 50, |game, ply| {
        assert_eq!(game.outcome(), None, "ply {ply}");
        assert_eq!(game.draw_counters().king_moves, ply as u32);
    });
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::TwentyFiveMoves)));
    assert_eq!(game.draw_counters().king_moves_left(), 0);
}

#[test]
fn a_man_move_or_a_capture_restarts_the_twenty_five_moves() {
    let mut game = Game::from_position(position("W:WK47,36:BK2,15"));
    game.play_notation("47-42").unwrap();
    assert_eq!(game.draw_counters().king_moves, 1);
    game.play_notation("15-20").unwrap();
    assert_eq!(game.draw_counters().king_moves, 0);
    assert_eq!(game.draw_counters().king_moves_left(), 25);
}

#[test]
fn a_lone_king_against_three_pieces_with_a_king_draws_after_sixteen_moves_each() {
    let fen = "W:WK47,K38,K49:BK3";
    assert_eq!(EndgameRule::of(&position(fen)), Some(EndgameRule::Sixteen));
    let game = wander(fen, 32, |game, ply| {
        assert_eq!(game.outcome(), None, "ply {ply}");
        assert_eq!(game.draw_counters().endgame, Some((EndgameRule::Sixteen, ply as u32)));
    });
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::SixteenMoves)));
    assert_eq!(game.draw_counters().endgame_moves_left(), Some(0));
}

#[test]
fn a_lone_king_against_two_pieces_with_a_king_draws_after_five_moves_each() {
    let fen = "W:WK47,38:BK3";
    assert_eq!(EndgameRule::of(&position(fen)), Some(EndgameRule::Five));
    // Three men and no king: no such rule.
    assert_eq!(EndgameRule::of(&position("W:W36,37,38:BK5")), None);
    let game = wander("W:WK47,K38:BK3", 10, |game, ply| {
        assert_eq!(game.outcome(), None, "ply {ply}");
        assert_eq!(game.draw_counters().endgame_moves_left(), Some(5 - ply as u32 / 2));
    });
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::FiveMoves)));
}

#[test]
fn the_lone_king_count_starts_when_a_capture_brings_the_ending_about() {
    // White takes 28 and 14: its lone king against two kings.
    let mut game = Game::from_position(position("W:WK46:BK1,K3,28,14"));
    assert_eq!(game.draw_counters().endgame, None);
    game.play_notation("46x10").unwrap_or_else(|_| game.play_notation("46x5").unwrap());
    assert_eq!(game.draw_counters().endgame, Some((EndgameRule::Five, 0)));
}

#[test]
fn a_draw_by_agreement_or_a_resignation_ends_the_game() {
    let mut game = Game::new();
    game.agree_draw().unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Agreement)));
    assert!(game.legal_moves().is_empty());
    assert!(matches!(game.play_notation("32-28"), Err(GameError::Over(_))));
    assert!(matches!(game.resign(Color::White), Err(GameError::Over(_))));

    let mut game = Game::new();
    game.resign(Color::White).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Win { winner: Color::Black, reason: WinReason::Resignation }));
    assert_eq!(game.outcome().unwrap().result(), "0-2");
}

#[test]
fn equal_rafles_count_once() {
    // The man on 32 takes the four men around 22 clockwise or anticlockwise and comes back to
    // 32: the same move (same ends, same pieces), listed once (FMJD 4.13; perft counts it once).
    let p = position("W:W32:B27,17,28,18");
    let list = p.legal_moves();
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].captured(), squares(&[17, 18, 27, 28]));
    assert_eq!(p.notation(&list[0]), "32x32");
    assert_eq!(tripot_draughts::perft(&p, 1), 1);
}

#[test]
fn every_end_and_refusal_reads_in_french_and_english() {
    use tripot_draughts::DrawReason::*;
    for reason in [Agreement, Repetition, TwentyFiveMoves, SixteenMoves, FiveMoves] {
        assert!(!reason.label_fr().is_empty() && reason.label_fr() != reason.label_en());
    }
    for reason in [WinReason::NoPieces, WinReason::NoMoves, WinReason::Resignation] {
        assert!(!reason.label_fr().is_empty() && reason.label_fr() != reason.label_en());
    }
    let refused = position("W:W28,40:B33").play(&Move::step(sq(40), sq(34))).unwrap_err();
    assert_eq!(refused.message_fr(), "la prise est obligatoire : prenez 1 pièce(s)");
    assert_eq!(refused.to_string(), "a capture is compulsory: take 1 piece(s)");
}

#[test]
fn the_lone_king_count_starts_again_when_the_material_changes() {
    // A king and two men against a king: the 16-move count runs, and starts again when a man
    // is crowned (two kings and a man is another of the rule's configurations), as dame-rs
    // counts too (tests/reference_games.rs).
    let mut game = Game::from_position(position("W:WK50,6,7:BK35"));
    assert_eq!(game.draw_counters().endgame, Some((EndgameRule::Sixteen, 0)));
    game.play_notation("50-45").unwrap();
    game.play_notation("35-30").unwrap();
    assert_eq!(game.draw_counters().endgame, Some((EndgameRule::Sixteen, 2)));
    game.play_notation("6-1").unwrap();
    assert_eq!(game.draw_counters().endgame, Some((EndgameRule::Sixteen, 0)));
    game.play_notation("30-35").unwrap();
    assert_eq!(game.draw_counters().endgame_moves_left(), Some(16));
}
