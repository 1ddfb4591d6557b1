//! Invariants of the star games on random positions (proptest): the move list, the verifier a
//! client runs on a peer's move, `is_legal`, `play`, position strings and the Zobrist hash must
//! all agree with each other, for every variant of RULES-STAR.md §2.
//!
//! Positions come from random play from each variant's start, with a random opener, long enough
//! to reach finished seats, the home rule's eliminations and the end of captures games.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod dice;

use dice::Dice;
use proptest::prelude::*;
use tripot_engine::{GameKind, Hole, StarMove, StarNotation, StarPath, StarPosition, Variant};

/// The positions met in up to `plies` random legal moves from the start of a variant.
fn playout(variant_index: usize, seed: u64, plies: usize) -> Vec<StarPosition> {
    let variant = Variant::ALL[variant_index % Variant::ALL.len()];
    let mut dice = Dice::new(seed);
    let seats = variant.seats();
    let opener = seats[dice.below(seats.len())];
    let mut position = StarPosition::start(variant, opener).unwrap();
    let mut seen = vec![position];
    for _ in 0..plies {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = &moves[dice.below(moves.len())];
        position.play_unchecked(m);
        seen.push(position);
    }
    seen
}

/// A position of a variant with every seat's marbles (or the pieces) on holes drawn at random
/// from the whole board, a random seat to move and a random count of moves made.
fn scattered(variant_index: usize, seed: u64) -> StarPosition {
    let variant = Variant::ALL[variant_index % Variant::ALL.len()];
    let mut dice = Dice::new(seed);
    let mut free: Vec<Hole> = Hole::all().collect();
    let mut take = |dice: &mut Dice| free.swap_remove(dice.below(free.len()));
    let seats = variant.seats();
    let turn = seats[dice.below(seats.len())];
    let mut text = turn.to_string();
    if variant.game() == GameKind::Captures {
        // Up to 24 pieces: denser random boards, unlike any reachable from the start (where pieces
        // only thin out), can hold millions of capture paths.
        let count = 2 + dice.below(23);
        let holes: Vec<String> = (0..count).map(|_| take(&mut dice).to_string()).collect();
        text.push_str(&format!(":X{}", holes.join(",")));
    } else {
        for &seat in seats {
            let holes: Vec<String> = (0..variant.marbles()).map(|_| take(&mut dice).to_string()).collect();
            text.push_str(&format!(":{seat}{}", holes.join(",")));
        }
    }
    text.push_str(&format!(" moves={}", dice.below(60)));
    StarPosition::parse(&text, variant).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn two(from: Hole, to: Hole) -> StarNotation {
    StarNotation::Path([from, to].into_iter().collect())
}

fn check_position(p: &StarPosition, dice: &mut Dice) {
    let moves = p.legal_moves();
    // The string round trip and the hash kept move by move.
    assert_eq!(StarPosition::parse(&p.to_string(), p.variant()), Ok(*p), "{p}");
    assert_eq!(p.hash(), p.compute_hash(), "{p}");
    assert_eq!(p.count_legal_moves(), moves.len() as u64, "{p}");
    assert_eq!(moves.is_empty(), p.is_over(), "{p}");
    // Each listed move once, accepted by the verifier as written, and by `is_legal`.
    for (i, m) in moves.iter().enumerate() {
        assert!(!moves[..i].contains(m), "{p}: {m} listed twice");
        assert_eq!(p.verify(&p.notation(m)).as_ref(), Ok(m), "{p}: {m}");
        assert!(p.is_legal(m), "{p}: {m}");
    }
    if p.is_over() {
        return;
    }
    // Every move the verifier accepts is listed: all two-hole paths from the mover's marbles
    // (every piece in captures), and in captures every listed path one hop longer.
    let starts = if p.variant().game() == GameKind::Captures { p.pieces() } else { p.marbles(p.turn()) };
    for from in starts {
        for to in Hole::all() {
            if let Ok(m) = p.verify(&two(from, to)) {
                assert!(moves.contains(&m), "{p}: {from}-{to} verified but not listed");
            }
        }
    }
    if p.variant().game() == GameKind::Captures {
        for _ in 0..moves.len().min(20) {
            let StarMove::Capture(path) = &moves[dice.below(moves.len())] else {
                panic!("{p}: a captures move that is not a capture");
            };
            for to in Hole::all() {
                let mut longer: StarPath = path.clone();
                if longer.try_push(to).is_err() {
                    continue;
                }
                if let Ok(m) = p.verify(&StarNotation::Path(longer)) {
                    assert!(moves.contains(&m), "{p}: {m} verified but not listed");
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn listed_moves_and_the_verifier_agree_and_strings_and_hashes_hold(
        variant in 0usize..23, seed in any::<u64>(), plies in 0usize..140,
    ) {
        let mut dice = Dice::new(seed ^ 0x5eed);
        let positions = playout(variant, seed, plies);
        for p in positions.iter().step_by(7).chain(positions.last()) {
            check_position(p, &mut dice);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn the_same_holds_on_marbles_scattered_over_the_whole_board(variant in 0usize..23, seed in any::<u64>()) {
        let mut dice = Dice::new(seed ^ 0xd1ce);
        let position = scattered(variant, seed);
        check_position(&position, &mut dice);
        // And after each listed move.
        for m in position.legal_moves().iter().take(12) {
            let mut next = position;
            next.play_unchecked(m);
            check_position(&next, &mut dice);
        }
    }
}

/// Long random games of Stern-Halma reach the home rule and the end of the game; every position
/// met keeps its hash and string.
#[test]
fn random_halma_games_reach_eliminations_and_ends() {
    let mut eliminated = 0;
    let mut ended = 0;
    for seed in 0..40u64 {
        for name in ["halma-3", "halma-6", "halma-pairs-4", "halma-15"] {
            let index = Variant::ALL.iter().position(|v| v.to_string() == name).unwrap();
            let positions = playout(index, seed, 400);
            let last = positions.last().unwrap();
            for p in &positions {
                assert_eq!(p.hash(), p.compute_hash(), "{p}");
            }
            assert_eq!(StarPosition::parse(&last.to_string(), last.variant()), Ok(*last));
            eliminated += usize::from(last.variant().seats().iter().any(|&s| last.is_out(s)));
            ended += usize::from(last.is_over());
        }
    }
    assert!(eliminated > 0 && ended > 0, "eliminated {eliminated}, ended {ended}");
}
