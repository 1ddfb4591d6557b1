//! The record fixtures of `tests/data/records/`: finished games of each format and rules, a game
//! won by a swap, a classic game from a set-up where A is blocked and passes, a resignation, an
//! unfinished game, and corrupt or impossible records, each with the result or the error
//! `expected.tsv` gives for it.
//!
//! There is no game ended by count: it needs both camps blocked in a row, so every pawn with all
//! its neighbours occupied, which only a full board (121 pawns, more than any format has) allows.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;

use tripot_engine::{Notation, Record, RecordError, RecordResult, Termination};

fn records_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/records"))
}

/// What replaying a record file gives, in the words of `expected.tsv`.
fn verdict(bytes: &[u8]) -> String {
    match Record::parse_bytes(bytes).and_then(|record| record.replay()) {
        Ok(replay) => match replay.outcome {
            Some(outcome) => format!("result: {outcome}"),
            None => format!("result: {}", replay.result),
        },
        Err(error) => format!("error: {error}"),
    }
}

#[test]
fn every_fixture_gives_its_expected_result_or_error() {
    let expected = std::fs::read_to_string(records_dir().join("expected.tsv")).unwrap();
    let mut listed = Vec::new();
    for line in expected.lines().filter(|l| !l.trim().is_empty()) {
        let (file, want) = line.split_once('\t').unwrap();
        let bytes = std::fs::read(records_dir().join(file)).unwrap();
        assert_eq!(verdict(&bytes), want, "{file}");
        assert_eq!(
            file.starts_with("bad-"),
            want.starts_with("error: "),
            "{file}: name it bad-* iff it fails"
        );
        listed.push(file.to_owned());
    }
    for entry in std::fs::read_dir(records_dir()).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".tripot") {
            assert!(listed.contains(&name), "{name} has no line in expected.tsv");
        }
    }
    assert!(listed.len() >= 10);
}

#[test]
fn good_fixtures_round_trip_through_the_writer() {
    for entry in std::fs::read_dir(records_dir()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.ends_with(".tripot") || name.starts_with("bad-") {
            continue;
        }
        let record = Record::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let written = record.to_string();
        let again = Record::parse(&written).unwrap();
        assert_eq!(again, record, "{name}");
        assert_eq!(again.replay().unwrap(), record.replay().unwrap(), "{name}");
    }
}

#[test]
fn the_swap_fixture_is_won_by_its_last_move_a_swap() {
    let text = std::fs::read_to_string(records_dir().join("swap-ends-the-game.tripot")).unwrap();
    let record = Record::parse(&text).unwrap();
    assert!(matches!(record.moves().last(), Some(Notation::Swap { .. })));
    let replay = record.replay().unwrap();
    let before = replay.positions[replay.positions.len() - 2];
    assert!(!before.is_over());
    assert!(replay.final_position.is_over());
    assert!(matches!(record.result, RecordResult::Won { termination: Termination::Goal, .. }));
}

#[test]
fn the_blocked_fixture_passes_twice_then_plays() {
    let text = std::fs::read_to_string(records_dir().join("classic-blocked-passes.tripot")).unwrap();
    let record = Record::parse(&text).unwrap();
    assert!(record.setup().is_some());
    let passes: Vec<usize> =
        record.moves().iter().enumerate().filter(|(_, m)| **m == Notation::Pass).map(|(i, _)| i).collect();
    assert_eq!(passes, [0, 2]);
    let replay = record.replay().unwrap();
    assert!(replay.positions[1].previous_was_pass());
    assert_eq!(replay.outcome, None);
    // A pass that is not forced is refused: B, not blocked, may not pass back.
    let mut forced = Record::from_position(*record.setup().unwrap());
    forced.push(Notation::Pass);
    forced.push(Notation::Pass);
    let error = forced.replay().unwrap_err();
    assert!(error.to_string().starts_with("move 1 by B (pass): pass is only allowed"), "{error}");
}

#[test]
fn corrupt_fixtures_are_malformed_and_impossible_games_are_not() {
    for (file, malformed) in [
        ("bad-binary.tripot", true),
        ("bad-unclosed-tag.tripot", true),
        ("bad-move-number.tripot", true),
        ("bad-truncated-mid-move.tripot", true),
        ("bad-illegal-hop.tripot", false),
        ("bad-wrong-winner.tripot", false),
        ("bad-goal-not-reached.tripot", false),
        ("bad-truncated-between-moves.tripot", false),
    ] {
        let bytes = std::fs::read(records_dir().join(file)).unwrap();
        let error: RecordError = Record::parse_bytes(&bytes).and_then(|r| r.replay()).unwrap_err();
        assert_eq!(error.is_malformed(), malformed, "{file}: {error}");
    }
}
