//! The online subcommands' command lines (their games are tested end to end in `tests/`).
//! Being an integration test of this package, it also makes `cargo test` build the `tripot`
//! binary that the end-to-end tests run.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::Command;

fn tripot(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tripot")).args(args).output().unwrap()
}

#[test]
fn join_refuses_a_malformed_address() {
    let out = tripot(&["join", "not-an-address", "--no-mdns"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
}

#[test]
fn host_refuses_a_bad_format() {
    let out = tripot(&["host", "--format", "4", "--no-mdns"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn headless_needs_a_level() {
    let out = tripot(&["host", "--headless", "--no-mdns"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn resuming_a_corrupt_save_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("bad.tripot");
    std::fs::write(&save, "[Format \"9\"]\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tripot"))
        .args(["join", "--resume"])
        .arg(&save)
        .args(["--no-mdns", "--headless", "--ai", "1"])
        .env("TRIPOT_CONFIG_DIR", dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad.tripot"));
}

#[test]
fn ratings_refuses_a_malformed_month_a_missing_relay_and_a_relay_with_no_service() {
    let relay = "/ip4/127.0.0.1/tcp/9/p2p/12D3KooWDpJ7As7BWAwRMfu1VU2WCqNjvq387JEYKDBj4kx6nXTN";
    let config = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_tripot"))
            .args(args)
            .env("TRIPOT_CONFIG_DIR", config.path())
            .env_remove("TRIPOT_RELAY")
            .output()
            .unwrap()
    };
    let out = run(&["ratings", "--relay", relay, "--month", "2026-13"]);
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stdout.is_empty());
    let out = run(&["ratings"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no relay"));
    // Nothing listens there: a failure of the network, exit 1, one line on stderr.
    let out = run(&["ratings", "--relay", relay]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
    // With no kept result, `submit` says so and succeeds.
    let out = run(&["--lang", "en", "ratings", "--relay", relay, "submit"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "No kept result to send.");
}

/// `tripot host --plain` (the line console) in `lang` until it prints its address; the line.
fn plain_host_address_line(lang: &str) -> String {
    use std::io::{BufRead as _, BufReader};
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tripot"))
        .args(["--lang", lang, "host", "--plain", "--no-mdns", "--listen", "/ip4/127.0.0.1/tcp/0"])
        .env("TRIPOT_CONFIG_DIR", dir.path())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    // Bounded: the address comes among the first lines, or the process ends.
    let line =
        BufReader::new(stdout).lines().map_while(Result::ok).take(20).find(|l| l.contains("/ip4/127.0.0.1/"));
    let _ = child.kill();
    let _ = child.wait();
    line.unwrap_or_else(|| panic!("no address printed in {lang}"))
}

#[test]
fn the_plain_console_speaks_the_players_language() {
    assert!(plain_host_address_line("en").starts_with("Address to share: /ip4/127.0.0.1/tcp/"));
    assert!(plain_host_address_line("fr").starts_with("Adresse à partager : /ip4/127.0.0.1/tcp/"));
}
