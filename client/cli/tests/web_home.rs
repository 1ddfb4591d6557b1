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
fn the_home_lists_every_game_and_the_game_view_holds_only_the_game() {
    let test = "the_home_lists_every_game_and_the_game_view_holds_only_the_game";
    let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/web");
    let (chromium, dir) = match browser::browser_tools(&web) {
        Ok(tools) => tools,
        Err(what) => return prerequisite_missing(test, &what.to_string()),
    };
    let server = Server::start();
    let output = Command::new("node")
        .current_dir(dir.join("../.."))
        .arg(dir.join("home.mjs"))
        .env("CHROMIUM", &chromium)
        .env("TRIPOT_URL", &server.address)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "the home's browser test failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("all home checks passed"), "{stdout}\n{stderr}");
    println!("{stdout}");
}
