//! Driving the real binary in a detached tmux session: send keys, read the screen, wait for a
//! text. Shared by the smoke test and the online terminal test.
#![allow(dead_code, unreachable_pub, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

/// Runs tmux and returns its standard output.
pub fn tmux(args: &[&str]) -> String {
    let out = Command::new("tmux").args(args).output().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The session's screen as text.
pub fn screen(session: &str) -> String {
    tmux(&["capture-pane", "-p", "-t", session])
}

/// Waits until the screen shows `text` (panics with the screen after `timeout`).
pub fn wait_for(session: &str, text: &str, timeout: Duration) -> String {
    let start = Instant::now();
    loop {
        let shown = screen(session);
        if shown.contains(text) {
            return shown;
        }
        assert!(start.elapsed() < timeout, "never showed {text:?}:\n{shown}");
        sleep(Duration::from_millis(50));
    }
}

/// Sends keys one by one, pausing `pause` after each.
pub fn keys(session: &str, keys: &[&str], pause: Duration) {
    for key in keys {
        tmux(&["send-keys", "-t", session, key]);
        sleep(pause);
    }
}
