//! Online play in the page, end to end: two `tripot web` servers (mDNS off, loopback only, each
//! with its own config directory) play each other by room code through a real `tripot-relay`
//! on 127.0.0.1, each page driven by clicks in a real browser (`tests/web/online.mjs`,
//! playwright-core driving Debian's chromium). Page A hosts a private room and shows its code;
//! page B types it and joins; they play moves by clicks, each seeing the other's; an
//! out-of-turn click changes nothing; one resigns; a rematch is offered and accepted; one
//! leaves and the other is told. Then the relay's lobby (A opens its table, B joins it from the
//! list by a click) and a quick match (both seek, the relay pairs them).
//!
//! A missing browser fails the test when `CI` is set, and skips it (saying so) otherwise. With
//! `TRIPOT_SCREENSHOTS=docs/screenshots` it writes `web-online.png` there.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../web/browser_tools.rs"]
mod browser;
mod online_common;
#[path = "../web/page_server.rs"]
mod page_server;
mod relay_common;

use std::path::{Path, PathBuf};
use std::process::{Child, Command};

use online_common::{prerequisite_missing, tripot_bin};
use relay_common::{Relay, start_relay};

/// A `tripot web` with the relay, stopped on drop.
struct Web {
    child: Child,
    url: String,
    _config: tempfile::TempDir,
}

impl Web {
    fn start(name: &str, relay: &Relay) -> Web {
        let config = tempfile::tempdir().unwrap();
        let mut child = page_server::web_command(Command::new(tripot_bin()), config.path(), config.path())
            .args(["--no-mdns", "--listen", "/ip4/127.0.0.1/tcp/0"])
            .args(["--name", name, "--relay", &relay.addr])
            .spawn()
            .unwrap();
        let url = page_server::printed_address(&mut child);
        assert!(url.starts_with("http://127.0.0.1:"), "{url}");
        Web { child, url, _config: config }
    }
}

impl Drop for Web {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What the browser test needs, or why it cannot run (`tests/web/browser_tools.rs`).
fn browser_tools() -> Result<(PathBuf, PathBuf), browser::MissingTool> {
    browser::browser_tools(&Path::new(env!("CARGO_MANIFEST_DIR")).join("web"))
}

#[test]
fn two_pages_play_each_other_by_room_code_through_a_relay_in_a_real_browser() {
    let test = "two_pages_play_each_other_by_room_code_through_a_relay_in_a_real_browser";
    let (chromium, dir) = match browser_tools() {
        Ok(tools) => tools,
        Err(what) => return prerequisite_missing(test, &what.to_string()),
    };
    let relay = start_relay(41);
    let (a, b) = (Web::start("Alice", &relay), Web::start("Bruno", &relay));
    let output = Command::new("node")
        // From the repository's root, so that a relative TRIPOT_SCREENSHOTS means the same
        // from any shell.
        .current_dir(dir.join("../.."))
        .arg(dir.join("online.mjs"))
        .env("CHROMIUM", &chromium)
        .env("TRIPOT_URL_A", &a.url)
        .env("TRIPOT_URL_B", &b.url)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "the browser test failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("all online browser checks passed"), "{stdout}\n{stderr}");
    println!("{stdout}");
}
