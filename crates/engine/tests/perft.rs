//! Perft counts from `tests/data/perft.txt`: the known move-tree sizes of the issue, per format
//! and rules. Depths that take long in a debug build are left to `cargo bench` and `tripot perft`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use tripot_engine::{Camp, Format, Position, Rules, perft};

#[test]
fn perft_fixture() {
    let data = include_str!("data/perft.txt");
    let mut checked = 0;
    for line in data.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [rules, position, counts @ ..] = fields.as_slice() else {
            panic!("bad fixture line {line}");
        };
        let rules: Rules = rules.parse().unwrap();
        let position = match *position {
            "start1" => Position::start(Format::One, rules, Camp::A),
            "start2" => Position::start(Format::Two, rules, Camp::A),
            "start3" => Position::start(Format::Three, rules, Camp::A),
            text => Position::parse(text, rules).unwrap(),
        };
        for (depth, expected) in counts.iter().enumerate() {
            let expected: u64 = expected.parse().unwrap();
            assert_eq!(perft(&position, depth as u32 + 1), expected, "{line} at depth {}", depth + 1);
            checked += 1;
        }
    }
    assert!(checked >= 10);
}

/// The mid-game lines of `perft.txt` come from the shared move fixture: their depth-1 count under
/// the Tripot rules is the fixture's number of moves for that position, not our engine's word.
#[test]
fn perft_fixture_depth_one_agrees_with_the_shared_move_fixture() {
    let moves = include_str!("data/tripot-moves.tsv");
    let mut checked = 0;
    for line in include_str!("data/perft.txt").lines() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let ["tripot", position, depth_one, ..] = fields.as_slice() else {
            continue;
        };
        let Some(listed) = moves.lines().find_map(|m| m.strip_prefix(&format!("{position}\t"))) else {
            continue;
        };
        assert_eq!(listed.split_whitespace().count().to_string(), *depth_one, "{position}");
        checked += 1;
    }
    assert!(checked >= 6, "only {checked} fixture positions in perft.txt");
}
