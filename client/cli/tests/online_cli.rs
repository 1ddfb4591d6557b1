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
