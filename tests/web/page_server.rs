//! A `tripot web` server as the page tests start it, and its WebSocket as they read it: shared
//! by the client's page tests (`client/cli/tests/web.rs`, `client/cli/tests/web_online.rs`) and
//! the end-to-end ones (`tests/tests/web_lan.rs`, `tests/tests/web_online.rs`), which include
//! this file with `#[path]`.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures::StreamExt;
use serde_json::Value;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;

/// `tripot` (`command`: the binary, or a command that runs it in a network namespace) as `tripot
/// web` on a free port, not opening a browser, its settings and games in `config` and `data`, no
/// relay from the environment, its address read from stdout: the caller adds its own flags.
pub(crate) fn web_command(mut command: Command, config: &Path, data: &Path) -> Command {
    command
        .args(["web", "--no-open", "--port", "0"])
        .env("TRIPOT_CONFIG_DIR", config)
        .env("TRIPOT_DATA_DIR", data)
        .env_remove("TRIPOT_RELAY")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    command
}

/// The address a started `tripot web` prints first (`http://127.0.0.1:PORT/`); the rest of its
/// output is drained on a thread, so that the server never blocks on a full pipe.
pub(crate) fn printed_address(child: &mut Child) -> String {
    let mut out = BufReader::new(child.stdout.take().expect("tripot web's stdout is piped"));
    let mut first = String::new();
    assert!(out.read_line(&mut first).unwrap() > 0, "tripot web printed no address");
    std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
    first.trim().to_owned()
}

/// The port of a loopback page address.
pub(crate) fn loopback_port(address: &str) -> u16 {
    let rest = address
        .strip_prefix("http://127.0.0.1:")
        .unwrap_or_else(|| panic!("not a loopback address: {address}"));
    rest.trim_end_matches('/').parse().unwrap()
}

/// The next message of the page's socket, within 30 s (a computer's move included).
pub(crate) async fn next_message<S: AsyncRead + AsyncWrite + Unpin>(
    socket: &mut WebSocketStream<S>,
) -> Value {
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(30), socket.next())
            .await
            .expect("no message within 30 s")
            .expect("the socket closed")
            .unwrap();
        match frame {
            Message::Text(text) => return serde_json::from_str(&text).unwrap(),
            Message::Ping(_) | Message::Pong(_) => continue,
            other => panic!("unexpected frame {other:?}"),
        }
    }
}
