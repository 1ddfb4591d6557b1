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

use online_common::{prerequisite_missing, tripot_bin};
use page_server::WebServer;
use relay_common::{Relay, start_relay};

/// A `tripot web` with the relay, stopped on drop.
fn web(name: &str, relay: &Relay) -> WebServer {
    WebServer::online(tripot_bin(), name, &["--relay", &relay.addr])
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
    let (a, b) = (web("Alice", &relay), web("Bruno", &relay));
    let mut script = browser::node_script(&chromium, &dir, "online.mjs");
    script.env("TRIPOT_URL_A", &a.url).env("TRIPOT_URL_B", &b.url);
    browser::assert_script_passes(script, "all online browser checks passed");
}
