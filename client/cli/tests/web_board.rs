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

use std::path::Path;
use std::process::{Child, Command};

use tmux_common::prerequisite_missing;

/// A `tripot web` on loopback with its own data folder, stopped on drop.
struct Server {
    child: Child,
    address: String,
    _data: tempfile::TempDir,
}

impl Server {
    fn start() -> Server {
        let data = tempfile::tempdir().unwrap();
        let command = Command::new(env!("CARGO_BIN_EXE_tripot"));
        let mut child = page_server::web_command(command, data.path(), data.path()).spawn().unwrap();
        let address = page_server::printed_address(&mut child);
        Server { child, address, _data: data }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn the_board_plays_like_the_best_sites_and_speaks_to_screen_readers() {
    let test = "the_board_plays_like_the_best_sites_and_speaks_to_screen_readers";
    let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/web");
    let (chromium, dir) = match browser::browser_tools(&web) {
        Ok(tools) => tools,
        Err(what) => return prerequisite_missing(test, &what.to_string()),
    };
    let server = Server::start();
    let output = Command::new("node")
        .current_dir(dir.join("../.."))
        .arg(dir.join("board.mjs"))
        .env("CHROMIUM", &chromium)
        .env("TRIPOT_URL", &server.address)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "the board's browser test failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("all board checks passed"), "{stdout}\n{stderr}");
    println!("{stdout}");
}
