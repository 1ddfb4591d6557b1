//! The board of the page's one table in a real browser (`tests/web/board.mjs`, playwright-core
//! driving Debian's chromium), the real binary on loopback: a move dragged and dropped and one
//! dropped off its destinations, the pieces gliding hop by hop, both seats' last moves ringed
//! in their colours, « Tourner le plateau », coordinates on demand, a past position looked at
//! from the move list, the live region's words, the sounds' switch, the board reached by Tab and
//! played from the keyboard, every cell named in Chromium's accessibility tree, a star chain
//! dragged hop by hop, and a draughts capture dropped on its end with both sides' last moves
//! ringed.
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
fn the_board_plays_like_the_best_sites_and_speaks_to_screen_readers() {
    let test = "the_board_plays_like_the_best_sites_and_speaks_to_screen_readers";
    let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/web");
    let (chromium, dir) = match browser::browser_tools(&web) {
        Ok(tools) => tools,
        Err(what) => return prerequisite_missing(test, &what.to_string()),
    };
    let server = WebServer::start(env!("CARGO_BIN_EXE_tripot"), &[]);
    let mut script = browser::node_script(&chromium, &dir, "board.mjs");
    script.env("TRIPOT_URL", &server.url);
    browser::assert_script_passes(script, "all board checks passed");
}
