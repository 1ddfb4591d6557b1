//! Driving the real binary in a detached tmux session: send keys, read the screen, wait for a
//! text. Shared by the terminal tests that run the binary in tmux.
#![allow(dead_code, unreachable_pub, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

/// A detached tmux session, killed when dropped.
pub struct Session(pub String);

impl Session {
    /// Starts the session `name` running the shell `script` on a `width` × `height` screen.
    pub fn start(name: String, width: u16, height: u16, script: &str) -> Session {
        let (width, height) = (width.to_string(), height.to_string());
        let status = Command::new("tmux")
            .args(["new-session", "-d", "-s", &name, "-x", &width, "-y", &height, script])
            .status()
            .unwrap();
        assert!(status.success(), "tmux could not start a session");
        Session(name)
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = Command::new("tmux").args(["kill-session", "-t", &self.0]).output();
    }
}

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

/// A prerequisite of `test` is missing (`what`, and how to get it). Under CI (`CI` set) that is a
/// failure: CI runs as root and installs every prerequisite (`scripts/install-test-deps.sh`), so
/// a missing one means a broken set-up, never a pass. Elsewhere the test is reported as skipped,
/// straight to the terminal (not through the test harness's captured output, which a passing test
/// never shows), and returns.
pub fn prerequisite_missing(test: &str, what: &str) {
    if std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0") {
        panic!("{test}: {what}; CI must provide it (scripts/install-test-deps.sh, as root)");
    }
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr(), "SKIPPED {test}: {what}");
}
