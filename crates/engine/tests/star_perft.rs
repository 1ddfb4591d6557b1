//! Perft counts of the star games: every variant's start position (`tests/data/star-perft.txt`)
//! and mid-game positions of 3, 4 and 6 players (`tests/data/star-midgame.tsv`).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use tripot_engine::{Colour, Position, Rules, StarPosition, Variant, perft, star_perft};

/// Counts above this are left to the release-build example that produced them.
const MAX_NODES_IN_TESTS: u64 = 4_000_000;

#[test]
fn star_perft_fixture_of_every_start_position() {
    let mut variants = Vec::new();
    for line in include_str!("data/star-perft.txt").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let variant: Variant = fields[0].parse().unwrap();
        let start = StarPosition::start(variant, Colour::S).unwrap();
        for (depth, expected) in fields[1..].iter().enumerate() {
            let expected: u64 = expected.parse().unwrap();
            if expected <= MAX_NODES_IN_TESTS {
                assert_eq!(star_perft(&start, depth as u32 + 1), expected, "{line} at depth {}", depth + 1);
            }
        }
        variants.push(variant);
    }
    assert_eq!(variants, Variant::ALL, "one line per variant, in the order of §2");
}

#[test]
fn star_midgame_fixture_of_3_4_and_6_players() {
    let mut players = Vec::new();
    for line in include_str!("data/star-midgame.tsv").lines() {
        if line.starts_with('#') {
            continue;
        }
        let [name, text, moves, perft2] = line.split('\t').collect::<Vec<_>>()[..] else {
            panic!("bad fixture line {line}");
        };
        let variant: Variant = name.parse().unwrap();
        let position = StarPosition::parse(text, variant).unwrap();
        assert_eq!(position.legal_moves().len().to_string(), moves, "{line}");
        assert_eq!(star_perft(&position, 2).to_string(), perft2, "{line}");
        players.push(variant.players());
    }
    for n in [3, 4, 6] {
        assert!(players.iter().filter(|&&p| p == n).count() >= 6, "{n} players");
    }
}

/// kawu with two players is the duel's classic preset in format 1 (short jumps, no swap, S
/// against N) for as long as no goal fills up: their perft must agree.
#[test]
fn kawu_2_agrees_with_the_classic_duel() {
    let duel = Position::start(tripot_engine::Format::One, Rules::Classic, tripot_engine::Camp::A);
    let kawu = StarPosition::start("kawu-2".parse().unwrap(), Colour::S).unwrap();
    for depth in 1..=4 {
        assert_eq!(star_perft(&kawu, depth), perft(&duel, depth), "depth {depth}");
    }
}
