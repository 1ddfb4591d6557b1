//! A `tripot web` server as the page tests start it (stopped on drop), a plain GET of it, and
//! its WebSocket as they open, read and drive it (online requests, a step played by the
//! program's own selection and paths, two pages playing in turn): shared by the client's page
//! tests (`client/cli/tests/web*.rs`) and the end-to-end ones (`tests/tests/web_*.rs`), which
//! include this file with `#[path]`.
#![allow(dead_code)]

use std::ffi::OsStr;
use std::io::{BufRead, BufReader, Read as _, Write as _};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream as TokioStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

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

/// A `tripot web` (`web_command`) with its settings and games in a folder of its own, stopped
/// on drop.
pub(crate) struct WebServer {
    child: Child,
    /// The address it printed.
    pub(crate) url: String,
    pub(crate) port: u16,
    _folder: tempfile::TempDir,
}

impl WebServer {
    /// The binary `tripot` as `tripot web` with `args` added.
    pub(crate) fn start(tripot: impl AsRef<OsStr>, args: &[&str]) -> WebServer {
        let folder = tempfile::tempdir().unwrap();
        let mut child =
            web_command(Command::new(tripot), folder.path(), folder.path()).args(args).spawn().unwrap();
        let url = printed_address(&mut child);
        let port = loopback_port(&url);
        WebServer { child, url, port, _folder: folder }
    }

    /// The same for online play on loopback only (mDNS off), named `name`.
    pub(crate) fn online(tripot: impl AsRef<OsStr>, name: &str, args: &[&str]) -> WebServer {
        let online = ["--no-mdns", "--listen", "/ip4/127.0.0.1/tcp/0", "--name", name];
        WebServer::start(tripot, &[&online[..], args].concat())
    }

    /// A plain HTTP/1.1 GET: the status code and the body.
    pub(crate) fn get(&self, path: &str) -> (u16, String) {
        http_get(self.port, path, &format!("127.0.0.1:{}", self.port))
    }
}

impl Drop for WebServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A page's WebSocket, as a test opens it.
pub(crate) type Socket = WebSocketStream<MaybeTlsStream<TokioStream>>;

/// A new page's WebSocket on the loopback `port`, from the page's own origin, its hello read.
pub(crate) async fn open_page(port: u16) -> Socket {
    let mut request = format!("ws://127.0.0.1:{port}/ws").into_client_request().unwrap();
    let origin = format!("http://127.0.0.1:{port}");
    request.headers_mut().insert("Origin", HeaderValue::from_str(&origin).unwrap());
    let (mut socket, _) = tokio_tungstenite::connect_async(request).await.unwrap();
    assert_eq!(next_message(&mut socket).await["type"], "hello");
    socket
}

/// A plain HTTP/1.1 GET on loopback, asking for `host`: the status code and the body.
pub(crate) fn http_get(port: u16, path: &str, host: &str) -> (u16, String) {
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(stream, "GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let status = response.split(' ').nth(1).unwrap().parse().unwrap();
    let body = response.split_once("\r\n\r\n").map(|(_, b)| b.to_owned()).unwrap_or_default();
    (status, body)
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

/// Sends `message` on the page's socket.
pub(crate) async fn send<S: AsyncRead + AsyncWrite + Unpin>(socket: &mut WebSocketStream<S>, message: Value) {
    socket.send(Message::Text(message.to_string().into())).await.unwrap();
}

/// Sends the page's online request `action` with `fields`.
pub(crate) async fn online<S: AsyncRead + AsyncWrite + Unpin>(
    socket: &mut WebSocketStream<S>,
    action: &str,
    fields: Value,
) {
    let mut message = json!({"type": "online", "action": action});
    if let (Some(m), Some(f)) = (message.as_object_mut(), fields.as_object()) {
        m.extend(f.clone());
    }
    send(socket, message).await;
}

/// Reads until a message for which `pred` holds; returns it. A refusal on the way (a pawn
/// picked that cannot step, the next one then tried) is said on stderr.
pub(crate) async fn until<S: AsyncRead + AsyncWrite + Unpin>(
    socket: &mut WebSocketStream<S>,
    what: &str,
    pred: impl Fn(&Value) -> bool,
) -> Value {
    for _ in 0..2000 {
        let message = next_message(socket).await;
        if pred(&message) {
            return message;
        }
        if message["type"] == "online_error" {
            eprintln!("while waiting for {what}: {message}");
        }
    }
    panic!("never got {what}");
}

/// Reads until an online view for which `pred` holds.
pub(crate) async fn view_where<S: AsyncRead + AsyncWrite + Unpin>(
    socket: &mut WebSocketStream<S>,
    what: &str,
    pred: impl Fn(&Value) -> bool,
) -> Value {
    until(socket, what, |m| m["type"] == "online" && !m["online"].is_null() && pred(&m["online"])).await["online"]
        .clone()
}

/// The cells of the pieces of `view`'s own seat, as the board (the one table's) says.
pub(crate) fn own_pawns(view: &Value) -> Vec<String> {
    view["board"]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| !view["seat"].is_null() && c["piece"]["owner"] == view["seat"])
        .map(|c| c["name"].as_str().unwrap().to_owned())
        .collect()
}

/// Waits until the guest's page `b`, then the host's `a`, is connected with a board: their
/// views, `a`'s first.
pub(crate) async fn both_connected<S: AsyncRead + AsyncWrite + Unpin>(
    a: &mut WebSocketStream<S>,
    b: &mut WebSocketStream<S>,
) -> (Value, Value) {
    let connected = |v: &Value| v["connection"] == "connected" && !v["board"].is_null();
    let b_view = view_where(b, "B connected", connected).await;
    let a_view = view_where(a, "A connected", connected).await;
    (a_view, b_view)
}

/// Plays `plies` steps in turn, from the page `to_move` (whose view is `view`), each seen by the
/// other page as the opponent's move and then on its board: the two pages, the one to move
/// next first.
pub(crate) async fn steps_in_turn<'a, S: AsyncRead + AsyncWrite + Unpin>(
    mut to_move: &'a mut WebSocketStream<S>,
    mut other: &'a mut WebSocketStream<S>,
    mut view: Value,
    plies: usize,
) -> (&'a mut WebSocketStream<S>, &'a mut WebSocketStream<S>) {
    for ply in 1..=plies {
        let (notation, _) = play_a_step(to_move, &view).await;
        let seen = until(other, "the opponent's move", |m| m["type"] == "online_move").await;
        assert_eq!(seen["notation"], notation.as_str(), "ply {ply}");
        view = view_where(other, "its turn", |v| moves(v) == ply && v["your_turn"] == true).await;
        std::mem::swap(&mut to_move, &mut other);
    }
    (to_move, other)
}

pub(crate) fn moves(view: &Value) -> usize {
    view["board"]["history"].as_array().map_or(0, Vec::len)
}

/// Of the destinations `ends` of the piece picked, the first one hop away (its path two cells
/// long, as the program says); none: the pick is cancelled.
pub(crate) async fn one_hop_end<S: AsyncRead + AsyncWrite + Unpin>(
    ws: &mut WebSocketStream<S>,
    ends: Vec<Value>,
) -> Option<Value> {
    for end in ends {
        online(ws, "path", json!({"to": end})).await;
        let path = until(ws, "the path", |m| m["type"] == "online_path").await;
        if path["holes"].as_array().map(Vec::len) == Some(2) {
            return Some(end);
        }
    }
    online(ws, "cancel", json!({})).await;
    None
}

/// Plays a step of one of the player's pawns (the program says which may go where); returns
/// the move's notation and the view after it.
pub(crate) async fn play_a_step<S: AsyncRead + AsyncWrite + Unpin>(
    ws: &mut WebSocketStream<S>,
    view: &Value,
) -> (String, Value) {
    let before = moves(view);
    for hole in own_pawns(view) {
        online(ws, "select", json!({"hole": hole})).await;
        let picked =
            until(ws, "the selection", |m| m["type"] == "online" || m["type"] == "online_error").await;
        let ends = picked["online"]["board"]["selection"]["ends"].as_array().cloned().unwrap_or_default();
        let Some(step) = one_hop_end(ws, ends).await else {
            continue;
        };
        online(ws, "move", json!({"to": step})).await;
        // A jump that may go on is a hop of a chain: « fin du saut » plays it.
        let answer = until(ws, "the move sent or a hop made", |m| {
            m["type"] == "online_move"
                || (m["type"] == "online" && !m["online"]["board"]["selection"].is_null())
        })
        .await;
        let played = if answer["type"] == "online_move" {
            answer
        } else {
            online(ws, "end_chain", json!({})).await;
            until(ws, "our move announced", |m| m["type"] == "online_move").await
        };
        let path = played["path"].as_array().unwrap();
        assert_eq!((path.first(), path.last()), (Some(&json!(hole)), Some(&step)), "{played}");
        let after = view_where(ws, "our move on the board", |v| moves(v) == before + 1).await;
        assert!(!after["your_turn"].as_bool().unwrap());
        return (played["notation"].as_str().unwrap().to_owned(), after);
    }
    panic!("no pawn could step: {view}");
}
