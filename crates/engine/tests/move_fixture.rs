//! The move sets of `tests/data/tripot-moves.tsv`, computed by an independent implementation of
//! RULES.md, must equal ours on every line: steps, chains and swaps (§3, §5, §6).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeSet;

use tripot_engine::{Move, Position};

fn by_ends(m: Move) -> String {
    m.to_string()
}

#[test]
fn every_position_of_the_shared_fixture_has_exactly_the_listed_moves() {
    let data = include_str!("data/tripot-moves.tsv");
    let mut checked = 0;
    let mut with_swaps = 0;
    for (number, line) in data.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let (position, moves) =
            line.split_once('\t').unwrap_or_else(|| panic!("line {}: no tab", number + 1));
        let position: Position = position.parse().unwrap_or_else(|e| panic!("line {}: {e}", number + 1));
        let expected: BTreeSet<String> = moves.split_whitespace().map(str::to_owned).collect();
        let ours: BTreeSet<String> = position.legal_moves().into_iter().map(by_ends).collect();
        assert_eq!(ours.len(), position.legal_moves().len(), "line {}: a move listed twice", number + 1);
        let missing: Vec<_> = expected.difference(&ours).collect();
        let extra: Vec<_> = ours.difference(&expected).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "line {}: {position}\nmissing {missing:?}\nextra {extra:?}",
            number + 1
        );
        assert_eq!(position.count_legal_moves(), expected.len(), "line {}", number + 1);
        if expected.iter().any(|m| m.contains("<>")) {
            with_swaps += 1;
        }
        checked += 1;
    }
    assert_eq!(checked, 200);
    // The data README says 26 lines, counting the header, which mentions `a<>b` too.
    assert_eq!(with_swaps, 25);
}
