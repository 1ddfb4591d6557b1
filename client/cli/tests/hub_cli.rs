//! The Hub protocol (draughts GUIs; dame-rs speaks it): `tripot hub` driven by a script of Hub
//! lines, and an external Hub engine (`python3 -m dame hub`) at a seat of `tripot match` and
//! `tripot bestmove --engine`. Where python3 or dame-rs is missing the engine test fails under
//! CI and says it did not run elsewhere (`scripts/install-test-deps.sh` installs it).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod cli_common;

use std::process::Command;

use cli_common::{tripot, tripot_with_input};
use tripot_draughts::Position;

const DAME: &str = "python3 -m dame hub";

/// Whether `python3 -m dame` runs here; under `CI` its absence fails the test.
fn dame_available() -> bool {
    let ok = Command::new("python3").args(["-c", "import dame"]).output().is_ok_and(|o| o.status.success());
    if !ok {
        assert!(
            std::env::var_os("CI").is_none(),
            "python3 -m dame is missing: run scripts/install-test-deps.sh"
        );
        eprintln!("skipped: python3 -m dame is missing (pip install dame-rs==0.2.0)");
    }
    ok
}

#[test]
fn tripot_hub_answers_a_script_of_hub_lines() {
    let start = format!("W{}{}{}", "b".repeat(20), "e".repeat(10), "w".repeat(20));
    let script = format!(
        "hub\ninit\nping\nlevel nodes=1000\npos pos={start} moves=\"32-28 19-23\"\ngo think\npos pos=Xyz\nfrobnicate\nquit\nping\n"
    );
    let run = tripot_with_input(&["hub", "--level", "facile"], Some(script.as_bytes()));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert!(lines[0].starts_with("id name=tripot"), "{lines:?}");
    let wait = lines.iter().position(|l| *l == "wait").unwrap();
    assert_eq!(lines[wait + 1..wait + 3], ["ready", "pong"]);
    // After 32-28 19-23 the capture 28x19 (taking 23) is compulsory and the only move.
    assert_eq!(lines[wait + 3], "done move=28x19x23");
    assert!(lines[wait + 4].starts_with("error message="), "{lines:?}");
    assert!(lines[wait + 5].starts_with("error message="), "{lines:?}");
    assert_eq!(lines.len(), wait + 6, "nothing after quit: {lines:?}");
}

#[test]
fn a_game_against_dame_through_the_hub_protocol() {
    if !dame_available() {
        return;
    }
    let run = tripot(&[
        "match", "--game", "draughts", "--engine", DAME, "--level", "facile", "--games", "2", "--nodes",
        "2000",
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{}", run.stdout);
    assert!(lines[0].starts_with("game 1: we play White") && lines[1].starts_with("game 2: we play Black"));
    let summary = lines[2];
    assert!(summary.contains("against dame") && summary.contains("median think"), "{summary}");
    let total: usize = ["wins ", "draws ", "losses "]
        .iter()
        .map(|word| {
            let at = summary.find(word).unwrap() + word.len();
            summary[at..].split(|c: char| !c.is_ascii_digit()).next().unwrap().parse::<usize>().unwrap()
        })
        .sum();
    assert_eq!(total, 2, "{summary}");
    let fen = "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46";
    let run = tripot(&["bestmove", fen, "--game", "draughts", "--engine", DAME, "--nodes", "2000"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(Position::from_fen(fen).unwrap().parse_move(run.stdout.trim()).is_ok(), "{}", run.stdout);
}
