//! `tripot web`: the real binary serving the page, on loopback.
//!
//! - The WebSocket protocol from a Rust client (tokio-tungstenite): a solo game, a chain built
//!   hop by hop, a near-finished position played to the end, and what a hostile or broken page
//!   may send — garbage frames, illegal moves, a foreign `Origin` or `Host`, a flood — each
//!   refused with a clear error, the game unchanged.
//! - `--lan`: nothing is served without the token.
//! - The page in a real browser: `tests/web/play.mjs`, playwright-core driving Debian's chromium
//!   (`scripts/install-test-deps.sh` installs both). With `TRIPOT_SCREENSHOTS=docs/screenshots`
//!   (relative to the repository's root) it also writes the page's screenshots there
//!   (`web-desktop.png`, `web-phone.png`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod tmux_common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tmux_common::prerequisite_missing;
use tokio::net::TcpStream as TokioStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// One move from the end: camp A's last pawn steps h13-h14 into its goal.
const NEAR_END: &str = "A:Nj4,k4,l4,m4,k3,l3,m3,l2,m2,i5:Se17,e16,f16,e15,f15,g15,e14,f14,g14,h13";

/// After l4-l5 e14-e13: k3 hops to k5, then on over l5 to m5 (`k3-k5-m5`).
const LANE: &str = "A:Ne17,e16,f16,e15,f15,g15,f14,g14,h14,e13:Sl5,j4,k4,m4,k3,l3,m3,l2,m2,m1";

/// A `tripot web --no-open --port 0` process, stopped on drop.
struct Server {
    child: Child,
    port: u16,
    /// `/` or `/TOKEN/`.
    base: String,
    /// Everything it printed on stdout before the address was read.
    printed: String,
}

impl Server {
    fn start(lan: bool) -> Server {
        let data = tempfile::tempdir().unwrap();
        let mut command = Command::new(env!("CARGO_BIN_EXE_tripot"));
        command.args(["web", "--no-open", "--port", "0"]);
        if lan {
            command.arg("--lan");
        }
        let mut child = command
            .env("TRIPOT_DATA_DIR", data.path())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut printed = String::new();
        // The address is the first line; with --lan the QR code and the local address follow.
        loop {
            let mut line = String::new();
            assert!(out.read_line(&mut line).unwrap() > 0, "tripot web printed no address: {printed}");
            printed.push_str(&line);
            if line.starts_with("Ctrl-C") {
                break;
            }
        }
        // Keep draining stdout so the server never blocks on a full pipe.
        std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
        let first = printed.lines().next().unwrap();
        let rest = first.strip_prefix("http://").unwrap_or_else(|| panic!("not an address: {first}"));
        let (host_port, path) = rest.split_once('/').unwrap();
        let port = host_port.rsplit_once(':').unwrap().1.parse().unwrap();
        Server { child, port, base: format!("/{path}"), printed }
    }

    /// The page's address through loopback (the only way the tests reach it).
    fn url(&self) -> String {
        format!("http://127.0.0.1:{}{}", self.port, self.base)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A plain HTTP/1.1 GET on loopback: the status code and the body.
fn get(port: u16, path: &str, host: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(stream, "GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let status = response.split(' ').nth(1).unwrap().parse().unwrap();
    let body = response.split_once("\r\n\r\n").map(|(_, b)| b.to_owned()).unwrap_or_default();
    (status, body)
}

type Socket = WebSocketStream<MaybeTlsStream<TokioStream>>;

/// Opens the page's WebSocket with this `Origin` (none: no header).
async fn open(server: &Server, origin: Option<&str>) -> Result<Socket, String> {
    open_at(server.port, &server.base, origin).await
}

/// Opens the WebSocket at `base` (`/` or `/TOKEN/`) on loopback.
async fn open_at(port: u16, base: &str, origin: Option<&str>) -> Result<Socket, String> {
    let url = format!("ws://127.0.0.1:{port}{base}ws");
    let mut request = url.into_client_request().unwrap();
    if let Some(origin) = origin {
        request.headers_mut().insert("Origin", HeaderValue::from_str(origin).unwrap());
    }
    tokio_tungstenite::connect_async(request).await.map(|(s, _)| s).map_err(|e| e.to_string())
}

/// Opens the WebSocket as the page would (its own origin) and reads the hello.
async fn page(server: &Server) -> Socket {
    let origin = format!("http://127.0.0.1:{}", server.port);
    let mut socket = open(server, Some(&origin)).await.unwrap();
    let hello = next(&mut socket).await;
    assert_eq!(hello["type"], "hello");
    assert_eq!(hello["holes"].as_array().unwrap().len(), 121);
    assert_eq!(hello["levels"].as_array().unwrap().len(), 5);
    socket
}

async fn send(socket: &mut Socket, message: Value) {
    socket.send(Message::Text(message.to_string().into())).await.unwrap();
}

/// The next message, within 30 s (a computer's move included).
async fn next(socket: &mut Socket) -> Value {
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

/// Reads messages until one of type `kind`; returns it.
async fn until(socket: &mut Socket, kind: &str) -> Value {
    loop {
        let message = next(socket).await;
        if message["type"] == kind {
            return message;
        }
    }
}

/// Reads until the state where `next` is `who`.
async fn state_where(socket: &mut Socket, who: &str) -> Value {
    loop {
        let state = until(socket, "state").await;
        if state["next"] == who {
            return state;
        }
    }
}

/// Sends `message` and expects an error with `code`.
async fn refused(socket: &mut Socket, message: Value, code: &str) {
    send(socket, message.clone()).await;
    let answer = next(socket).await;
    assert_eq!(answer["type"], "error", "{message} was not refused: {answer}");
    assert_eq!(answer["code"], code, "{message}: {answer}");
}

fn strings(value: &Value) -> Vec<String> {
    value.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_owned()).collect()
}

#[tokio::test]
async fn a_solo_move_is_answered_by_the_computer_hop_by_hop() {
    let server = Server::start(false);
    let mut ws = page(&server).await;
    send(&mut ws, json!({"type": "new_game", "mode": "solo", "level": "debutant"})).await;
    let start = state_where(&mut ws, "player").await;
    assert_eq!(start["pawns"].as_array().unwrap().len(), 20);
    assert_eq!(start["turn"], "A");
    send(&mut ws, json!({"type": "select", "hole": "m4"})).await;
    let picked = until(&mut ws, "state").await;
    let selection = &picked["selection"];
    assert_eq!(strings(&selection["path"]), ["m4"]);
    assert!(strings(&selection["steps"]).contains(&"m5".to_owned()), "{selection}");
    send(&mut ws, json!({"type": "move", "to": "m5"})).await;
    let mine = until(&mut ws, "move_played").await;
    assert_eq!((mine["notation"].as_str(), mine["by_computer"].as_bool()), (Some("m4-m5"), Some(false)));
    assert_eq!(until(&mut ws, "state").await["next"], "computer");
    let reply = until(&mut ws, "move_played").await;
    assert_eq!((reply["camp"].as_str(), reply["by_computer"].as_bool()), (Some("B"), Some(true)));
    assert!(reply["path"].as_array().unwrap().len() >= 2, "the computer's move hop by hop: {reply}");
    let after = until(&mut ws, "state").await;
    assert_eq!(after["next"], "player");
    assert_eq!(after["history"].as_array().unwrap().len(), 2);
    assert_eq!(strings(&after["last_move"]), strings(&reply["path"]));
    // Undo takes back the computer's reply and the move.
    send(&mut ws, json!({"type": "undo"})).await;
    let undone = until(&mut ws, "state").await;
    assert_eq!(undone["history"].as_array().unwrap().len(), 0);
    assert_eq!(undone["position"], start["position"]);
}

#[tokio::test]
async fn a_chain_is_built_hop_by_hop_and_ended_with_fin_du_saut() {
    let server = Server::start(false);
    let mut ws = page(&server).await;
    send(&mut ws, json!({"type": "new_game", "mode": "duel", "position": LANE})).await;
    state_where(&mut ws, "player").await;
    send(&mut ws, json!({"type": "select", "hole": "k3"})).await;
    let picked = until(&mut ws, "state").await;
    let hops = strings(&picked["selection"]["hops"]);
    assert!(hops.contains(&"k5".to_owned()), "{picked}");
    send(&mut ws, json!({"type": "hop", "to": "k5"})).await;
    let hopped = until(&mut ws, "state").await;
    let selection = &hopped["selection"];
    assert_eq!(strings(&selection["path"]), ["k3", "k5"]);
    assert!(strings(&selection["hops"]).contains(&"m5".to_owned()), "the chain may go on: {selection}");
    assert_eq!(hopped["history"].as_array().unwrap().len(), 0, "nothing is played before the chain ends");
    // A hop elsewhere than one jump away is refused; the chain is kept.
    refused(&mut ws, json!({"type": "hop", "to": "a13"}), "not_a_destination").await;
    send(&mut ws, json!({"type": "end_chain"})).await;
    let played = until(&mut ws, "move_played").await;
    assert_eq!(played["notation"], "k3-k5");
    let after = until(&mut ws, "state").await;
    assert_eq!(after["turn"], "B");
    assert!(after["selection"].is_null());
}

#[tokio::test]
async fn a_near_finished_position_is_played_to_the_end() {
    let server = Server::start(false);
    let mut ws = page(&server).await;
    send(&mut ws, json!({"type": "new_game", "mode": "solo", "position": NEAR_END})).await;
    state_where(&mut ws, "player").await;
    send(&mut ws, json!({"type": "select", "hole": "h13"})).await;
    until(&mut ws, "state").await;
    send(&mut ws, json!({"type": "move", "to": "h14"})).await;
    until(&mut ws, "move_played").await;
    let end = until(&mut ws, "state").await;
    assert_eq!(end["next"], "over");
    assert_eq!(end["outcome"], json!({"winner": "A", "reason": "goal"}));
    // Nothing moves after the end.
    refused(&mut ws, json!({"type": "select", "hole": "h14"}), "game_over").await;
    refused(&mut ws, json!({"type": "undo"}), "game_over").await;
}

#[tokio::test]
async fn garbage_frames_are_refused_and_the_game_is_unchanged() {
    let server = Server::start(false);
    let mut ws = page(&server).await;
    send(&mut ws, json!({"type": "new_game", "mode": "duel"})).await;
    let before = state_where(&mut ws, "player").await;
    for garbage in [
        "not json",
        "{}",
        r#"{"type":"fly"}"#,
        r#"{"type":"select"}"#,
        r#"{"type":"select","hole":7}"#,
        "[1,2]",
    ] {
        ws.send(Message::Text(garbage.into())).await.unwrap();
        let answer = next(&mut ws).await;
        assert_eq!(
            (answer["type"].as_str(), answer["code"].as_str()),
            (Some("error"), Some("bad_message")),
            "{garbage}"
        );
        assert!(!answer["detail"].as_str().unwrap().is_empty());
    }
    ws.send(Message::Binary(vec![0, 1, 2].into())).await.unwrap();
    assert_eq!(next(&mut ws).await["code"], "bad_message");
    ws.send(Message::Text("x".repeat(5000).into())).await.unwrap();
    assert_eq!(next(&mut ws).await["code"], "too_large");
    refused(&mut ws, json!({"type": "new_game", "mode": "solo", "level": "godlike"}), "bad_level").await;
    refused(&mut ws, json!({"type": "new_game", "mode": "solo", "format": 4}), "bad_format").await;
    refused(&mut ws, json!({"type": "new_game", "mode": "solo", "position": "A:Sm1"}), "bad_position").await;
    // The game in progress is still the same, and still answers.
    send(&mut ws, json!({"type": "cancel"})).await;
    let after = until(&mut ws, "state").await;
    assert_eq!(after["position"], before["position"]);
    assert_eq!(after["mode"], "duel");
}

#[tokio::test]
async fn illegal_moves_are_refused_with_their_reason_and_change_nothing() {
    let server = Server::start(false);
    let mut ws = page(&server).await;
    refused(&mut ws, json!({"type": "select", "hole": "m4"}), "no_game").await;
    send(&mut ws, json!({"type": "new_game", "mode": "duel"})).await;
    let before = state_where(&mut ws, "player").await;
    refused(&mut ws, json!({"type": "select", "hole": "z99"}), "bad_hole").await;
    refused(&mut ws, json!({"type": "select", "hole": "e17"}), "not_your_pawn").await;
    refused(&mut ws, json!({"type": "select", "hole": "i9"}), "not_your_pawn").await;
    refused(&mut ws, json!({"type": "move", "to": "m5"}), "no_selection").await;
    refused(&mut ws, json!({"type": "path", "to": "m5"}), "no_selection").await;
    refused(&mut ws, json!({"type": "undo"}), "nothing_to_undo").await;
    refused(&mut ws, json!({"type": "end_chain"}), "no_chain").await;
    send(&mut ws, json!({"type": "select", "hole": "m4"})).await;
    until(&mut ws, "state").await;
    refused(&mut ws, json!({"type": "move", "to": "i9"}), "not_a_destination").await;
    refused(&mut ws, json!({"type": "move", "to": "e17"}), "not_a_destination").await;
    refused(&mut ws, json!({"type": "hop", "to": "m5"}), "not_a_destination").await;
    refused(&mut ws, json!({"type": "path", "to": "a13"}), "not_a_destination").await;
    send(&mut ws, json!({"type": "path", "to": "m5"})).await;
    let path = until(&mut ws, "path").await;
    assert_eq!(strings(&path["holes"]), ["m4", "m5"]);
    send(&mut ws, json!({"type": "cancel"})).await;
    let after = until(&mut ws, "state").await;
    assert_eq!(after["position"], before["position"]);
    assert!(after["history"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn a_foreign_origin_or_host_is_refused() {
    let server = Server::start(false);
    for origin in [Some("http://evil.example"), Some("http://127.0.0.1:1"), Some("null"), None] {
        let error = open(&server, origin).await.err().unwrap_or_else(|| panic!("{origin:?} was let in"));
        assert!(error.contains("403"), "{origin:?}: {error}");
    }
    let port = server.port;
    assert_eq!(get(port, "/", &format!("127.0.0.1:{port}")).0, 200);
    assert_eq!(get(port, "/app.js", &format!("localhost:{port}")).0, 200);
    // A site that points its own name at 127.0.0.1 (DNS rebinding) is refused.
    assert_eq!(get(port, "/", &format!("evil.example:{port}")).0, 403);
    assert_eq!(get(port, "/nothing-here", &format!("127.0.0.1:{port}")).0, 404);
    // The page itself still connects.
    page(&server).await;
}

#[tokio::test]
async fn a_flood_is_dropped_with_one_error_and_the_game_goes_on() {
    let server = Server::start(false);
    let mut ws = page(&server).await;
    send(&mut ws, json!({"type": "new_game", "mode": "duel"})).await;
    let before = state_where(&mut ws, "player").await;
    for _ in 0..400 {
        send(&mut ws, json!({"type": "select", "hole": "m4"})).await;
    }
    let mut states = 0;
    let mut floods = 0;
    // Read what came back until quiet.
    while let Ok(Some(Ok(Message::Text(text)))) =
        tokio::time::timeout(Duration::from_millis(700), ws.next()).await
    {
        let message: Value = serde_json::from_str(&text).unwrap();
        match (message["type"].as_str(), message["code"].as_str()) {
            (Some("state"), _) => states += 1,
            (Some("error"), Some("too_many_messages")) => floods += 1,
            other => panic!("unexpected {other:?}"),
        }
    }
    assert!((30..400).contains(&states), "the burst is served, the rest dropped: {states}");
    // Once a second at most: a slow machine may spread the 400 sends over a few seconds.
    assert!((1..=5).contains(&floods), "the flood is said once a second: {floods}");
    tokio::time::sleep(Duration::from_millis(1500)).await;
    send(&mut ws, json!({"type": "select", "hole": "l4"})).await;
    let after = until(&mut ws, "state").await;
    assert_eq!(strings(&after["selection"]["path"]), ["l4"]);
    assert_eq!(after["position"], before["position"]);
}

#[tokio::test]
async fn new_games_started_in_a_burst_do_not_pile_up_searches() {
    let server = Server::start(false);
    let mut ws = page(&server).await;
    let threads = || std::fs::read_dir(format!("/proc/{}/task", server.child.id())).map(|d| d.count()).ok();
    let before = threads();
    // Each of these would have the strongest computer search its opening move.
    let game = json!({"type": "new_game", "mode": "solo", "level": "impossible", "opener": "second"});
    for _ in 0..50 {
        send(&mut ws, game.clone()).await;
    }
    let started = std::time::Instant::now();
    let mut states = 0;
    loop {
        let message = next(&mut ws).await;
        if message["type"] == "state" {
            states += 1;
            if states == 50 {
                break;
            }
        }
    }
    // Two searches at most run (they cannot be stopped), not fifty threads (Linux's /proc tells;
    // one more is allowed for a search thread still exiting).
    if let (Some(before), Some(now)) = (before, threads()) {
        assert!(now <= before + 3, "{now} threads, {before} before the burst");
    }
    let reply = until(&mut ws, "move_played").await;
    assert_eq!(reply["camp"], "B");
    let after = until(&mut ws, "state").await;
    assert_eq!((after["next"].as_str(), after["history"].as_array().unwrap().len()), (Some("player"), 1));
    // Only one move is ever played: every answer but the last game's is dropped.
    let quiet = tokio::time::timeout(Duration::from_secs(3), ws.next()).await;
    assert!(quiet.is_err(), "a stale search played: {quiet:?}");
    eprintln!("the last game's move came {:?} after its start", started.elapsed());
}

#[tokio::test]
async fn lan_mode_serves_nothing_without_its_token() {
    let server = Server::start(true);
    let token = server.base.trim_matches('/').to_owned();
    assert_eq!(token.len(), 32, "{}", server.printed);
    assert!(server.printed.contains('\u{2588}') || server.printed.contains("No local network address"));
    let port = server.port;
    let host = format!("127.0.0.1:{port}");
    for path in ["/", "/index.html", "/app.js", "/ws", "/rules-fr.html", "/0123456789abcdef0123456789abcdef/"]
    {
        assert_eq!(get(port, path, &host).0, 404, "{path} served without the token");
    }
    let (status, body) = get(port, &format!("/{token}/"), &host);
    assert_eq!(status, 200);
    assert!(body.contains("app.js"));
    assert_eq!(get(port, &format!("/{token}/rules-en.html"), &host).0, 200);
    // The WebSocket without the token: refused; with it: served.
    let error = open_at(port, "/", Some(&format!("http://{host}"))).await.err().unwrap();
    assert!(error.contains("404"), "{error}");
    let mut ws = page(&server).await;
    send(&mut ws, json!({"type": "new_game", "mode": "duel"})).await;
    state_where(&mut ws, "player").await;
}

#[test]
fn a_port_already_taken_is_a_clear_error_and_exit_code_1() {
    let taken = std::net::TcpListener::bind(("127.0.0.1", 0)).unwrap();
    let port = taken.local_addr().unwrap().port();
    let output = Command::new(env!("CARGO_BIN_EXE_tripot"))
        .args(["web", "--no-open", "--port", &port.to_string()])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty(), "nothing on stdout on failure");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.starts_with(&format!("tripot: cannot listen on 127.0.0.1:{port}: ")), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

/// Where the browser test finds chromium, node and playwright-core, or what is missing.
fn browser_tools() -> Result<(PathBuf, PathBuf), String> {
    let chromium = std::env::var_os("CHROMIUM")
        .map(PathBuf::from)
        .or_else(|| {
            ["/usr/bin/chromium", "/usr/bin/chromium-browser"].iter().map(PathBuf::from).find(|p| p.exists())
        })
        .ok_or("chromium is not installed (scripts/install-test-deps.sh installs Debian's chromium)")?;
    let node = Command::new("node").arg("--version").output().map_err(|_| "node is not installed")?;
    if !node.status.success() {
        return Err("node does not run".into());
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/web");
    if !dir.join("node_modules/playwright-core/package.json").exists() {
        return Err(
            "playwright-core is not installed in tests/web (scripts/install-test-deps.sh runs npm ci there)"
                .into(),
        );
    }
    Ok((chromium, dir))
}

#[test]
fn the_page_plays_in_a_real_browser() {
    let test = "the_page_plays_in_a_real_browser";
    let (chromium, dir) = match browser_tools() {
        Ok(tools) => tools,
        Err(what) => return prerequisite_missing(test, &what),
    };
    let local = Server::start(false);
    let lan = Server::start(true);
    let mut command = Command::new("node");
    // From the repository's root, so that a relative TRIPOT_SCREENSHOTS (`docs/screenshots`)
    // means the same from any shell.
    command
        .current_dir(dir.join("../.."))
        .arg(dir.join("play.mjs"))
        .env("CHROMIUM", &chromium)
        .env("TRIPOT_URL", local.url())
        .env("TRIPOT_LAN_URL", lan.url())
        .env("TRIPOT_LAN_NO_TOKEN", format!("http://127.0.0.1:{}/", lan.port))
        .env("TRIPOT_NEAR_END", NEAR_END)
        .env("TRIPOT_LANE", LANE);
    let output = command.output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "the browser test failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("all browser checks passed"), "{stdout}\n{stderr}");
    // The checks made, for `--nocapture`.
    println!("{stdout}");
}
