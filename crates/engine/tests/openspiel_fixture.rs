//! Our kawu move generation against OpenSpiel's `chinese_checkers` (an independent public
//! implementation of the classic game), on the positions of `tests/data/openspiel-kawu.tsv`:
//! positions of 2, 3, 4 and 6 players from random OpenSpiel games, each with every move
//! OpenSpiel allows, all chains explored (`scripts/openspiel_crosscheck.py` made the file).
//! OpenSpiel's seats and hole numbers are ours turned by 180 degrees; the script maps them.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use tripot_engine::{StarPosition, Variant};

#[test]
fn kawu_moves_equal_openspiel_chinese_checkers_moves() {
    let mut players = Vec::new();
    for line in include_str!("data/openspiel-kawu.tsv").lines() {
        if line.starts_with('#') {
            continue;
        }
        let [name, text, moves] = line.split('\t').collect::<Vec<_>>()[..] else {
            panic!("bad fixture line {line}");
        };
        let variant: Variant = name.parse().unwrap();
        let position = StarPosition::parse(text, variant).unwrap_or_else(|e| panic!("{text}: {e}"));
        let mut ours: Vec<String> = position.legal_moves().iter().map(ToString::to_string).collect();
        ours.sort();
        let theirs: Vec<&str> = moves.split(' ').collect();
        assert_eq!(ours, theirs, "{line}");
        players.push(variant.players());
    }
    for n in [2, 3, 4, 6] {
        assert!(players.iter().filter(|&&p| p == n).count() >= 50, "{n} players");
    }
}
