//! `tripot moves|apply|perft|replay --variant NAME`: the star games of RULES-STAR.md through the
//! real binary, with the exit codes of the duel's commands (0 ok, 1 illegal, 2 malformed).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod cli_common;

use cli_common::{assert_fails, tripot, tripot_with_input};
use tripot_engine::{Colour, StarPosition, StarRecord, Variant};

/// halma-3 with S one step (h13-h14) from filling its goal.
const S_ABOUT_TO_FINISH: &str = "S:NEj13,k13,l13,m13,k12,l12,m12,l11,m11,m10:Se17,e16,f16,e15,f15,g15,e14,f14,g14,h13:NWa13,b13,c13,d13,b12,c12,d12,c11,d11,d10";

#[test]
fn moves_lists_each_distinct_move_of_every_variant_once_as_a_path() {
    for variant in Variant::ALL {
        let name = variant.to_string();
        let run = tripot(&["moves", "start", "--variant", &name]);
        assert_eq!(run.code, Some(0), "{name}: {}", run.stderr);
        let lines: Vec<&str> = run.stdout.lines().collect();
        let start = StarPosition::start(variant, Colour::S).unwrap();
        assert_eq!(lines.len(), start.legal_moves().len(), "{name}");
        let mut distinct = lines.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), lines.len(), "{name}: a move listed twice");
        for line in lines {
            assert!(start.parse_move(line).is_ok(), "{name}: {line}");
        }
    }
    // In the captures game every path is its own move, even to one hole.
    let run = tripot(&["moves", "NW:Xi9,j9,k10,i10,j11", "--variant", "captures-3"]);
    assert!(run.stdout.lines().any(|l| l == "i9-k9-k11") && run.stdout.lines().any(|l| l == "i9-i11-k11"));
}

#[test]
fn apply_names_the_seat_whose_part_ends_and_the_result_at_the_end() {
    let run = tripot(&["apply", S_ABOUT_TO_FINISH, "h13-h14", "--variant", "halma-3"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert!(lines[0].starts_with("NW:") && lines[0].ends_with(" done=S1"), "{lines:?}");
    assert_eq!(lines[1..], ["result: S done, place 1"]);
    let run = tripot(&["apply", "NW:Xi9,j9,k10,m12", "i9-k9-k11", "--variant", "captures-3"]);
    assert_eq!(run.stdout, "NE:Xm12,k11 taken=NW2\nresult: NW wins (no jump left)\n");
    let run = tripot(&["apply", "start", "j4-j5 e14-e13", "--variant", "kawu-2"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout.lines().count(), 1);
    // Stern-Halma's threefold repetition ends the game, as the moves are applied.
    let shuffle = "j4-j5 e14-e13 j5-j4 e13-e14 j4-j5 e14-e13 j5-j4 e13-e14";
    let run = tripot(&["apply", "start", shuffle, "--variant", "halma-2"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.lines().nth(1).is_some_and(|l| l.contains("threefold repetition")), "{}", run.stdout);
    let line = assert_fails(
        &tripot(&["apply", "start", &format!("{shuffle} j4-j5"), "--variant", "halma-2"]),
        1,
        "after",
    );
    assert!(line.contains("the game is over"), "{line}");
}

#[test]
fn apply_refuses_illegal_and_malformed_input_with_its_exit_code() {
    let line = assert_fails(&tripot(&["apply", "start", "m5-o5-m7", "--variant", "halma-2"]), 1, "illegal");
    assert!(line.contains("illegal move m5-o5-m7"), "{line}");
    let line = assert_fails(&tripot(&["apply", "start", "k3-k5-k7", "--variant", "halma-2"]), 1, "a bad hop");
    assert!(line.contains("hop 2 (k5-k7)"), "{line}");
    assert_fails(&tripot(&["apply", "start", "k3-z9", "--variant", "halma-2"]), 2, "a bad move");
    assert_fails(&tripot(&["apply", "A:Ne17", "--variant", "halma-2"]), 2, "a bad position");
    let run = tripot(&["moves", "start", "--variant", "halma-5"]);
    assert_eq!(run.code, Some(2));
}

#[test]
fn perft_counts_every_variant_as_the_engine_fixture_says() {
    let fixture = include_str!("../../../crates/engine/tests/data/star-perft.txt");
    for line in fixture.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let run = tripot(&["perft", "2", "--variant", fields[0]]);
        assert_eq!(run.code, Some(0), "{line}: {}", run.stderr);
        assert_eq!(run.stdout, format!("1 {}\n2 {}\n", fields[1], fields[2]), "{line}");
    }
}

#[test]
fn replay_verifies_a_star_record_and_names_the_places() {
    let variant: Variant = "kawu-3".parse().unwrap();
    let mut record = StarRecord::new(variant, Colour::S).unwrap();
    let mut position = record.start_position();
    for _ in 0..9 {
        let m = position.legal_moves()[0].clone();
        record.push(position.notation(&m));
        position = position.play(&m).unwrap();
    }
    let run = tripot_with_input(&["replay", "-"], Some(record.to_string().as_bytes()));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, format!("{position}\nresult: unfinished\n"));
    let bad = record.to_string().replacen("k3-", "k3-z", 1);
    assert_fails(&tripot_with_input(&["replay", "-"], Some(bad.as_bytes())), 2, "a bad move");
    let illegal = "[Variant \"kawu-3\"]\n[Opener \"S\"]\n[Result \"*\"]\n\n1. j4-j7 *\n";
    let line = assert_fails(&tripot_with_input(&["replay", "-"], Some(illegal.as_bytes())), 1, "illegal");
    assert!(line.contains("move 1 by S (j4-j7)"), "{line}");
}
