//! The page's home and its game's view in a real browser (`tests/web/home.mjs`, playwright-core
//! driving Debian's chromium), the real binary on loopback: every game of the catalogue listed
//! with its description and picture, a solo game started from the home shown alone with its
//! move list above the fold at 1280×800, the saved games listed as the home shows (no
//! « Actualiser » needed), the way back to the game, and a phone of 390 px with no horizontal
//! scroll. With `TRIPOT_SCREENSHOTS` it writes `web-home.png` there.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../../../tests/web/browser_tools.rs"]
mod browser;
#[path = "../../../tests/web/page_server.rs"]
mod page_server;
mod tmux_common;

use page_server::WebServer;
use std::path::Path;
use tmux_common::prerequisite_missing;

#[test]
fn the_home_lists_every_game_and_the_game_view_holds_only_the_game() {
    let test = "the_home_lists_every_game_and_the_game_view_holds_only_the_game";
    let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/web");
    let (chromium, dir) = match browser::browser_tools(&web) {
        Ok(tools) => tools,
        Err(what) => return prerequisite_missing(test, &what.to_string()),
    };
    let server = WebServer::start(env!("CARGO_BIN_EXE_tripot"), &[]);
    let mut script = browser::node_script(&chromium, &dir, "home.mjs");
    script.env("TRIPOT_URL", &server.url);
    browser::assert_script_passes(script, "all home checks passed");
}
