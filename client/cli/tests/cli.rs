//! The analysis subcommands run as a user runs them: the real `tripot` binary, its stdout, its
//! stderr and its exit code (0 ok, 1 illegal move, 2 malformed input; on failure one line on
//! stderr and nothing on stdout).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

mod cli_common;

use cli_common::{assert_fails, tripot, tripot_with_input};
use tripot_engine::{Camp, Format, Position, Record, Rules};

const START_1: &str = "A:Ne17,e16,f16,e15,f15,g15,e14,f14,g14,h14:Sj4,k4,l4,m4,k3,l3,m3,l2,m2,m1";

/// A position where A completes its goal with `h12-h13`, `i5-i6`, `h13-h14`.
const NEAR_THE_END: &str = "A:Nj4,k4,l4,m4,k3,l3,m3,l2,m2,i5:Se17,e16,f16,e15,f15,g15,e14,f14,g14,h12";

fn engine_data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../crates/engine/tests/data")
}

#[test]
fn help_lists_the_subcommands_and_each_has_its_own() {
    let run = tripot(&["--help"]);
    assert_eq!(run.code, Some(0));
    for name in ["moves", "apply", "perft", "replay"] {
        assert!(run.stdout.lines().any(|l| l.trim_start().starts_with(name)), "{name} in {}", run.stdout);
        let help = tripot(&[name, "--help"]);
        assert_eq!(help.code, Some(0), "{name} --help");
        assert!(help.stdout.contains("Usage: tripot"), "{name}: {}", help.stdout);
    }
    assert!(tripot(&["apply", "--help"]).stdout.contains("Exit codes"));
    assert!(tripot(&["perft", "--help"]).stdout.contains("DEPTH NODES"));
    assert!(tripot(&["replay", "--help"]).stdout.contains("result: unfinished"));
}

#[test]
fn moves_lists_every_legal_move_of_the_start() {
    let run = tripot(&["moves", START_1]);
    assert_eq!(run.code, Some(0));
    let start: Position = START_1.parse().unwrap();
    let listed: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(listed.len(), 14);
    for text in listed {
        assert!(start.parse_move(text).is_ok(), "{text}");
    }
    assert_fails(&tripot(&["moves", "A:Ne17"]), 2, "moves with a malformed position");
}

#[test]
fn apply_prints_the_position_reached() {
    let run = tripot(&["apply", START_1, "m4-m5", "e14-e13"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let mut expected: Position = START_1.parse().unwrap();
    for text in ["m4-m5", "e14-e13"] {
        expected = expected.play(expected.parse_move(text).unwrap().mv).unwrap();
    }
    assert_eq!(run.stdout, format!("{expected}\n"));
    assert_eq!(run.stderr, "");
    // Several moves in one argument, and a chain given by its ends.
    let together = tripot(&["apply", START_1, "m4-m5 e14-e13"]);
    assert_eq!(together.stdout, run.stdout);
}

#[test]
fn apply_ends_with_the_result_when_the_game_is_over() {
    let run = tripot(&["apply", NEAR_THE_END, "h12-h13", "i5-i6", "h13-h14"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stdout);
    assert!(lines[0].starts_with("B:N"));
    assert_eq!(lines[1], "result: A wins (goal complete)");
    let after = tripot(&["apply", NEAR_THE_END, "h12-h13", "i5-i6", "h13-h14", "i6-i7"]);
    let line = assert_fails(&after, 1, "a move after the end");
    assert!(line.contains("illegal move i6-i7: the game is over: A wins (goal complete)"), "{line}");
}

#[test]
fn apply_refuses_an_illegal_move_naming_it_and_the_wrong_hop() {
    let run = tripot(&["apply", START_1, "m4-m5", "e14-e13", "m1-m3-k5"]);
    let line = assert_fails(&run, 1, "illegal chain");
    assert_eq!(
        line,
        "tripot: illegal move m1-m3-k5: hop 1 (m1-m3): m3 is occupied: the line from m1 to m3 must be \
         empty except for the pivot"
    );
    let line = assert_fails(&tripot(&["apply", START_1, "e14-e13"]), 1, "the other camp's pawn");
    assert_eq!(line, "tripot: illegal move e14-e13: the pawn on e14 is not the mover's");
    let line = assert_fails(&tripot(&["apply", START_1, "m1<>l2"]), 1, "a swap not allowed");
    assert!(line.starts_with("tripot: illegal move m1<>l2: "), "{line}");
    let classic = tripot(&["apply", START_1, "m4-m5", "e14-e13", "l3-l5", "--rules", "classic"]);
    assert_eq!(classic.code, Some(0), "{}", classic.stderr);
}

#[test]
fn apply_refuses_malformed_input_with_exit_2() {
    for (args, what) in [
        (vec!["apply", START_1, "m4-z5"], "a hole off the notation"),
        (vec!["apply", START_1, "m4"], "a one-hole move"),
        (vec!["apply", START_1, "m4<>"], "half a swap"),
        (vec!["apply", START_1, "m1-m3-k5", "m4-z5"], "a malformed move after an illegal one"),
        (vec!["apply", "A:Ne17,e16", "m4-m5"], "a colour with two pawns"),
        (vec!["apply", "", "m4-m5"], "an empty position"),
        (vec!["apply", START_1, "m4-m5", "--rules", "chess"], "unknown rules"),
    ] {
        let run = tripot(&args);
        assert_eq!(run.code, Some(2), "{what}: {}", run.stderr);
        assert_eq!(run.stdout, "", "{what}");
        if args.contains(&"chess") {
            continue; // clap's own usage error, several lines
        }
        assert_fails(&run, 2, what);
    }
}

#[test]
fn perft_matches_the_engine_fixture_to_depth_3() {
    let fixture = std::fs::read_to_string(engine_data().join("perft.txt")).unwrap();
    let mut checked = 0;
    for line in fixture.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (rules, position, counts) = (fields[0], fields[1], &fields[2..]);
        let depth = counts.len().min(3);
        let depth_text = depth.to_string();
        let mut args = vec!["perft", depth_text.as_str(), "--rules", rules];
        let format_flag;
        match position.strip_prefix("start") {
            Some(number) => {
                format_flag = number.to_owned();
                args.extend(["--format", format_flag.as_str()]);
            }
            None => args.push(position),
        }
        let run = tripot(&args);
        assert_eq!(run.code, Some(0), "{line}: {}", run.stderr);
        let expected: String =
            counts[..depth].iter().enumerate().map(|(d, n)| format!("{} {n}\n", d + 1)).collect();
        assert_eq!(run.stdout, expected, "{line}");
        assert_eq!(run.stderr, "", "{line}: quiet without --time");
        checked += 1;
    }
    assert!(checked >= 4);
}

#[test]
fn perft_defaults_to_the_format_1_start_and_times_on_stderr_only() {
    let run = tripot(&["perft", "3", "--time"]);
    assert_eq!(run.code, Some(0));
    assert_eq!(run.stdout, "1 14\n2 196\n3 5348\n");
    assert_eq!(run.stderr.lines().count(), 3);
    assert!(run.stderr.starts_with("depth 1: 14 nodes in "), "{}", run.stderr);
    let given = tripot(&["perft", "2", START_1, "--rules", "classic"]);
    assert_eq!(given.stdout, "1 14\n2 196\n");
    // B to move from the start: the same counts by symmetry.
    let b_start = Position::start(Format::One, Rules::Tripot, Camp::B).to_string();
    assert_eq!(tripot(&["perft", "3", &b_start]).stdout, "1 14\n2 196\n3 5348\n");
}

#[test]
fn perft_refuses_bad_arguments_with_exit_2() {
    for args in [
        vec!["perft", "0"],
        vec!["perft", "x"],
        vec!["perft", "2", "--format", "4"],
        vec!["perft", "2", START_1, "--format", "2"],
    ] {
        let run = tripot(&args);
        assert_eq!(run.code, Some(2), "{args:?}");
        assert_eq!(run.stdout, "", "{args:?}");
    }
    let line = assert_fails(&tripot(&["perft", "2", "A:Ne17"]), 2, "a malformed position");
    assert!(line.starts_with("tripot: bad position: "), "{line}");
}

#[test]
fn replay_gives_each_fixture_record_its_expected_result_or_error() {
    let records = engine_data().join("records");
    let expected = std::fs::read_to_string(records.join("expected.tsv")).unwrap();
    let mut good = 0;
    for line in expected.lines().filter(|l| !l.trim().is_empty()) {
        let (file, want) = line.split_once('\t').unwrap();
        let path = records.join(file);
        let run = tripot(&["replay", path.to_str().unwrap()]);
        let replayed = Record::parse_bytes(&std::fs::read(&path).unwrap()).and_then(|r| r.replay());
        match replayed {
            Ok(replay) => {
                assert_eq!(run.code, Some(0), "{file}: {}", run.stderr);
                let lines: Vec<&str> = run.stdout.lines().collect();
                assert_eq!(lines.len(), 2, "{file}: {}", run.stdout);
                assert_eq!(lines[0], replay.final_position.to_string(), "{file}");
                assert!(lines[1].starts_with(want.trim_end_matches(')')), "{file}: {} vs {want}", lines[1]);
                good += 1;
            }
            Err(error) => {
                let code = if error.is_malformed() { 2 } else { 1 };
                let message = assert_fails(&run, code, file);
                let want = want.strip_prefix("error: ").unwrap();
                assert!(message.ends_with(want), "{file}: {message}");
                assert!(message.contains(file), "{file}: the message names the file");
            }
        }
    }
    assert!(good >= 6);
}

#[test]
fn replay_reports_the_reason_of_a_resignation() {
    let path = engine_data().join("records/resigned.tripot");
    let run = tripot(&["replay", path.to_str().unwrap()]);
    assert_eq!(run.stdout.lines().nth(1), Some("result: B wins (resignation: A resigned after move 6)"));
}

#[test]
fn replay_reads_standard_input_and_refuses_garbage() {
    let mut record = Record::new(Format::Two, Rules::Classic, Camp::B);
    let mut position = record.start_position();
    for _ in 0..6 {
        position = record.play(&position, position.legal_moves()[0]).unwrap();
    }
    let run = tripot_with_input(&["replay", "-"], Some(record.to_string().as_bytes()));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, format!("{position}\nresult: unfinished\n"));

    let garbage: Vec<u8> = (0..5000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    assert_fails(&tripot_with_input(&["replay", "-"], Some(&garbage)), 2, "binary garbage");
    let huge = vec![b'['; tripot_engine::MAX_RECORD_BYTES + 10];
    let line = assert_fails(&tripot_with_input(&["replay", "-"], Some(&huge)), 2, "a huge file");
    assert!(line.contains("more than"), "{line}");
    let long_line = format!("[Format \"{}\"]\n", "9".repeat(100_000));
    let line =
        assert_fails(&tripot_with_input(&["replay", "-"], Some(long_line.as_bytes())), 2, "a long line");
    assert!(line.len() < 300, "the error quotes a short excerpt: {line}");
    let run = tripot(&["replay", "/nonexistent/game.tripot"]);
    assert_fails(&run, 1, "a missing file");
}

#[test]
fn game_names_any_catalogue_game_and_its_aliases_agree() {
    // `--game SPEC` and the older flags name the same game: the same lines out.
    for (by_game, by_alias) in [
        (vec!["moves", "start", "--game", "kawu-3"], vec!["moves", "start", "--variant", "kawu-3"]),
        (vec!["moves", START_1, "--game", "tripot-classic"], vec!["moves", START_1, "--rules", "classic"]),
        (vec!["perft", "2", "--game", "halma-6"], vec!["perft", "2", "--variant", "halma-6"]),
        (vec!["perft", "2", "--game", "tripot-f3"], vec!["perft", "2", "--format", "3"]),
        (vec!["apply", START_1, "m4-m5", "--game", "tripot"], vec!["apply", START_1, "m4-m5"]),
        (vec!["moves", "start", "--game", "tripot"], vec!["moves", START_1]),
        (
            vec!["perft", "2", "start", "--game", "tripot-classic-f3"],
            vec!["perft", "2", "--format", "3", "--rules", "classic"],
        ),
        (
            vec!["bestmove", "start", "--game", "kawu-3", "--level", "facile"],
            vec!["bestmove", "start", "--variant", "kawu-3", "--level", "facile"],
        ),
    ] {
        let (game, alias) = (tripot(&by_game), tripot(&by_alias));
        assert_eq!(game.code, Some(0), "{by_game:?}: {}", game.stderr);
        assert!(!game.stdout.is_empty(), "{by_game:?}");
        assert_eq!(game.stdout, alias.stdout, "{by_game:?} ~ {by_alias:?}");
    }
    assert_eq!(tripot(&["perft", "2", "--game", "tripot-classic-f2"]).stdout, "1 28\n2 784\n");
}

#[test]
fn game_refuses_an_unknown_name_and_a_position_of_another_format() {
    let unknown = assert_fails(&tripot(&["moves", START_1, "--game", "chess"]), 2, "an unknown game");
    assert!(unknown.contains("chess"), "{unknown}");
    let format = assert_fails(&tripot(&["moves", START_1, "--game", "tripot-f2"]), 2, "a format-1 position");
    assert!(format.contains("format"), "{format}");
    let both = tripot(&["moves", START_1, "--game", "tripot", "--variant", "kawu-3"]);
    assert_eq!(both.code, Some(2), "--game and --variant together: {}", both.stderr);
    let time =
        assert_fails(&tripot(&["bestmove", "start", "--game", "kawu-3", "--time-ms", "10"]), 2, "time");
    assert!(time.contains("duel only"), "{time}");
    let over =
        assert_fails(&tripot(&["bestmove", NEAR_THE_END_DONE, "--level", "facile"]), 1, "a decided game");
    assert!(over.contains("the game is over: A wins (goal)"), "{over}");
}

/// [`NEAR_THE_END`] after `h12-h13 i5-i6 h13-h14`: A has completed its goal.
const NEAR_THE_END_DONE: &str = "B:Ni6,j4,k4,l4,m4,k3,l3,m3,l2,m2:Se17,e16,f16,e15,f15,g15,e14,f14,g14,h14";
