//! `tripot moves|apply|perft|replay|bestmove --game draughts`: international draughts through
//! the real binary, with the exit codes of the other commands (0 ok, 1 illegal, 2 malformed).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod cli_common;

use std::path::PathBuf;

use cli_common::{assert_fails, tripot, tripot_with_input};
use tripot_draughts::Position;

/// Random178 of the FMJD forum's perft thread (14 moves, Black to move, kings on both sides).
const RANDOM178: &str = "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46";

fn pdn_fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../crates/draughts/tests/data/pdn/pydraughts-random-game.pdn")
}

#[test]
fn perft_counts_the_published_figures_from_the_start() {
    let run = tripot(&["perft", "4", "--game", "draughts"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, "1 9\n2 81\n3 658\n4 4265\n");
    let run = tripot(&["perft", "3", RANDOM178, "--game", "draughts"]);
    assert_eq!(run.stdout, "1 14\n2 55\n3 1168\n");
}

#[test]
fn moves_lists_each_legal_move_once_in_draughts_notation() {
    let run = tripot(&["moves", RANDOM178, "--game", "draughts"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 14);
    let position = Position::from_fen(RANDOM178).unwrap();
    let mut distinct = lines.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), 14, "a move listed twice");
    for line in lines {
        let m = position.parse_move(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(position.notation(&m), line);
    }
    let run = tripot(&["moves", "start", "--game", "draughts"]);
    assert_eq!(run.stdout.lines().count(), 9);
    assert!(run.stdout.lines().any(|l| l == "32-28"));
}

#[test]
fn apply_plays_the_moves_and_refuses_an_illegal_one_with_exit_1() {
    let run = tripot(&["apply", "start", "32-28 19-23", "28x19", "--game", "draughts"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "B:W19,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,20\n"
    );
    // The capture is compulsory.
    let line =
        assert_fails(&tripot(&["apply", "start", "32-28 19-23 31-27", "--game", "draughts"]), 1, "illegal");
    assert!(line.contains("31-27") && line.contains("capture"), "{line}");
    // A typo is malformed even after an illegal move.
    assert_fails(&tripot(&["apply", "start", "32-27 19-23 51-46", "--game", "draughts"]), 2, "typo");
    let run = tripot(&["apply", "W:W28:B23", "28x19", "--game", "draughts"]);
    assert_eq!(run.stdout, "B:W19:B\nresult: White wins (no piece left)\n");
    assert_fails(&tripot(&["apply", "B:W19:B", "19-14", "--game", "draughts"]), 1, "over");
}

#[test]
fn a_garbage_position_exits_2() {
    for fen in ["garbage", "W:W51:B1", "X:W31-50:B1-20", "W:W31:B31", "W:W1:B40"] {
        for command in ["moves", "perft"] {
            let mut args = vec![command];
            if command == "perft" {
                args.push("2");
            }
            args.extend([fen, "--game", "draughts"]);
            assert_fails(&tripot(&args), 2, fen);
        }
    }
    assert_fails(&tripot(&["bestmove", "garbage", "--game", "draughts"]), 2, "bestmove");
}

#[test]
fn replay_reads_a_pdn_and_our_record_of_the_same_game() {
    let pdn = pdn_fixture();
    let run = tripot(&["replay", pdn.to_str().unwrap()]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stdout);
    assert!(Position::from_fen(lines[0]).is_ok(), "{}", lines[0]);
    assert_eq!(lines[1], "result: W2,B1 (no-piece)");
    let text = std::fs::read_to_string(&pdn).unwrap();
    let ours = tripot_draughts::record_of_pdn(&text).unwrap().to_string();
    let run = tripot_with_input(&["replay", "-"], Some(ours.as_bytes()));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout.lines().next(), Some(lines[0]));
    // One move changed into an illegal one: exit 1, the move named.
    let broken = text.replace("1. 33-29 17-22", "1. 33-29 17-23");
    let line = assert_fails(
        &tripot_with_input(&["replay", "-", "--game", "draughts"], Some(broken.as_bytes())),
        1,
        "pdn",
    );
    assert!(line.contains("17-23"), "{line}");
    let garbage = b"[Game \"draughts\"]\n[Result \"W1,B2\"\n\n1. 32-28 *\n";
    assert_fails(&tripot_with_input(&["replay", "-"], Some(garbage)), 2, "garbage record");
}

#[test]
fn bestmove_gives_a_legal_move_of_each_level() {
    for level in ["facile", "moyen", "difficile"] {
        let run = tripot(&["bestmove", RANDOM178, "--game", "draughts", "--level", level]);
        assert_eq!(run.code, Some(0), "{level}: {}", run.stderr);
        let position = Position::from_fen(RANDOM178).unwrap();
        assert!(position.parse_move(run.stdout.trim()).is_ok(), "{level}: {}", run.stdout);
    }
    assert_fails(&tripot(&["bestmove", "B:W19:B", "--game", "draughts"]), 1, "over");
}
