//! Running the real `tripot` binary from the CLI tests: its exit code and outputs, and the
//! conventions of a failure.
#![allow(dead_code, unreachable_pub, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::Write;
use std::process::{Command, Stdio};

/// What a run of the binary gave.
pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `tripot ARGS…` with `input` on its standard input (none: an empty one).
pub fn tripot_with_input(args: &[&str], input: Option<&[u8]>) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tripot"))
        .args(args)
        .stdin(if input.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if let Some(input) = input {
        // The child may stop reading early (a huge input): a broken pipe is its business.
        let _ = child.stdin.take().unwrap().write_all(input);
    }
    let output = child.wait_with_output().unwrap();
    Run {
        code: output.status.code(),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    }
}

/// Runs `tripot ARGS…`.
pub fn tripot(args: &[&str]) -> Run {
    tripot_with_input(args, None)
}

/// Asserts a failure by the conventions: the exit code, nothing on stdout, one line on stderr
/// starting with `tripot: `; returns that line.
pub fn assert_fails(run: &Run, code: i32, what: &str) -> String {
    assert_eq!(run.code, Some(code), "{what}: stderr {}", run.stderr);
    assert_eq!(run.stdout, "", "{what}: nothing on stdout on failure");
    assert_eq!(run.stderr.lines().count(), 1, "{what}: one line on stderr, got {:?}", run.stderr);
    assert!(run.stderr.starts_with("tripot: "), "{what}: {}", run.stderr);
    run.stderr.trim_end().to_owned()
}
