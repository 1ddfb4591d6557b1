//! Invariants over random positions (random games from the start, and random placements full of
//! kings): listed ⇔ accepted, FEN and notation round trips, bulk counts equal to the lists,
//! and no input — move, text, position string or PDN — makes anything panic.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use proptest::prelude::*;
use tripot_draughts::{Bitboard, Color, Game, Move, NotationError, Position, Record, Square, perft};

/// A game of up to `plies` random moves from the start (drawn from `seed` by xorshift), shorter
/// if it ends before.
fn random_game(seed: u64, plies: usize) -> Game {
    let mut state = seed | 1;
    let mut game = Game::new();
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        game.play(&moves[(state % moves.len() as u64) as usize]).unwrap();
    }
    game
}

/// A position reached by random moves from the start.
fn played(seed: u64, plies: usize) -> Position {
    *random_game(seed, plies).position()
}

/// A valid position from arbitrary pieces: men on their crowning row become kings, at most
/// 20 pieces a side, first come first served.
fn placed(pieces: &[(u8, u8)], black_to_move: bool) -> Position {
    let mut sets = [Bitboard::EMPTY; 4]; // white men, white kings, black men, black kings
    let mut taken = Bitboard::EMPTY;
    let mut counts = [0; 2];
    for &(number, kind) in pieces {
        let square = Square::new(number).unwrap();
        let side = usize::from(kind >= 2);
        if taken.contains(square) || counts[side] == 20 {
            continue;
        }
        let crowning = if side == 0 { square.row() == 0 } else { square.row() == 9 };
        let king = kind % 2 == 1 || crowning;
        sets[side * 2 + usize::from(king)] = sets[side * 2 + usize::from(king)].with(square);
        taken = taken.with(square);
        counts[side] += 1;
    }
    let turn = if black_to_move { Color::Black } else { Color::White };
    Position::new(turn, sets[0], sets[1], sets[2], sets[3]).unwrap()
}

fn any_position() -> impl Strategy<Value = Position> {
    prop_oneof![
        (any::<u64>(), 0usize..150).prop_map(|(seed, plies)| played(seed, plies)),
        (proptest::collection::vec((1u8..=50, 0u8..4), 0..30), any::<bool>())
            .prop_map(|(pieces, black)| placed(&pieces, black)),
    ]
}

fn square() -> impl Strategy<Value = Square> {
    (1u8..=50).prop_map(|n| Square::new(n).unwrap())
}

/// Moves that are near a legal one or anything at all.
fn any_move() -> impl Strategy<Value = Move> {
    prop_oneof![
        (square(), square()).prop_map(|(a, b)| Move::step(a, b)),
        (square(), proptest::collection::vec(square(), 1..5), proptest::collection::vec(square(), 1..5))
            .prop_map(|(from, landings, captured)| {
                Move::capture(from, &landings, captured.into_iter().collect()).unwrap()
            }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn every_listed_move_is_accepted_and_reads_back_from_its_notation(p in any_position()) {
        let legal = p.legal_moves();
        for m in legal.iter() {
            prop_assert!(p.is_legal(m));
            let after = p.play(m).unwrap();
            prop_assert_eq!(after.turn(), p.turn().opponent());
            let theirs = p.pieces(p.turn().opponent()).count() - after.pieces(p.turn().opponent()).count();
            prop_assert_eq!(theirs, m.captured().count());
            prop_assert_eq!(&p.parse_move(&p.notation(m)).unwrap(), m);
            match p.parse_move(&m.to_string()) {
                Ok(read) => prop_assert_eq!(&read, m),
                Err(NotationError::Ambiguous { candidates, .. }) => prop_assert!(candidates.len() >= 2),
                Err(e) => prop_assert!(false, "{} of {}: {e}", m, p.fen()),
            }
            // The trail is made of diagonal steps from the start to the destination.
            let trail: Vec<Square> = m.trail().collect();
            prop_assert_eq!(trail.first(), Some(&m.from()));
            prop_assert_eq!(trail.last(), Some(&m.to()));
        }
        // Equal moves (same ends, same captured set) are listed once.
        for (i, a) in legal.iter().enumerate() {
            prop_assert!(legal[i + 1..].iter().all(|b| b != a));
        }
        // Rafles all take the same, largest number of pieces.
        if let Some(first) = legal.first() {
            prop_assert!(legal.iter().all(|m| m.captured().count() == first.captured().count()));
            prop_assert_eq!(first.is_capture(), p.must_capture());
        }
        prop_assert_eq!(perft(&p, 1), legal.len() as u64);
        prop_assert_eq!(p.outcome().is_some(), legal.is_empty());
    }

    #[test]
    fn a_move_is_accepted_only_if_listed(p in any_position(), m in any_move()) {
        let listed = p.legal_moves().contains(&m);
        prop_assert_eq!(p.play(&m).is_ok(), listed);
        prop_assert_eq!(p.is_legal(&m), listed);
    }

    #[test]
    fn a_legal_move_changed_a_little_is_refused_unless_it_is_another_legal_move(
        p in any_position(),
        pick in any::<prop::sample::Index>(),
        other in square(),
    ) {
        let legal = p.legal_moves();
        if legal.is_empty() {
            return Ok(());
        }
        let m = &legal[pick.index(legal.len())];
        let mut landings = m.landings().to_vec();
        let last = landings.len() - 1;
        landings[last] = other;
        let mut variants = vec![Move::capture(m.from(), &landings, m.captured())];
        for taken in m.captured() {
            variants.push(Move::capture(m.from(), m.landings(), m.captured().without(taken)));
        }
        variants.push(Move::capture(m.from(), m.landings(), m.captured().with(other)));
        variants.push(Some(Move::step(m.from(), other)));
        for variant in variants.into_iter().flatten() {
            prop_assert_eq!(p.play(&variant).is_ok(), legal.contains(&variant), "{:?}", variant);
        }
    }

    #[test]
    fn position_strings_read_back_the_same(p in any_position()) {
        let text = p.fen();
        prop_assert_eq!(Position::from_fen(&text).unwrap(), p);
        prop_assert_eq!(text.parse::<Position>().unwrap().hash_key(), p.hash_key());
    }

    #[test]
    fn no_text_makes_the_readers_panic(text in ".{0,60}", p in any_position()) {
        let _ = Position::from_fen(&text);
        let _ = p.parse_move(&text);
        let _ = Record::parse_pdn(&text);
    }

    #[test]
    fn move_like_texts_resolve_to_a_legal_move_or_a_typed_error(
        p in any_position(),
        squares in proptest::collection::vec(0u8..60, 2..5),
        capture in any::<bool>(),
    ) {
        let separator = if capture { "x" } else { "-" };
        let text = squares.iter().map(u8::to_string).collect::<Vec<_>>().join(separator);
        if let Ok(m) = p.parse_move(&text) {
            prop_assert!(p.is_legal(&m));
        }
    }

    #[test]
    fn random_games_write_and_read_back_as_pdn(seed in any::<u64>(), plies in 0usize..120) {
        let game = random_game(seed, plies);
        let record = Record::from_game(&game, Vec::new());
        let back = Record::parse_pdn(&record.to_pdn()).unwrap();
        prop_assert_eq!(&back.moves, &record.moves);
        prop_assert_eq!(back.result, record.result);
    }
}
