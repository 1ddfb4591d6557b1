//! `tripot web`: the real binary serving the page, on loopback.
//!
//! - The WebSocket protocol from a Rust client (tokio-tungstenite): the duel at the page's one
//!   table — a solo game, a chain built hop by hop, a near-finished position played to the end, and what a hostile or broken page
//!   may send — garbage frames, illegal moves, a foreign `Origin` or `Host`, a flood — each
//!   refused with a clear error, the game unchanged.
//! - `--lan`: nothing is served without the token.
//! - Star tables at the page's one table, in the browser: `tests/web/table.mjs` (a kawu-3 table
//!   with two computers, `web-table.png`); their messages are tested in `web_play.rs`.
//! - What strangers cannot do (`web/strangers.rs`): share a record by starting games together,
//!   freeze the server with sockets or searches, stall it with a FIFO, make it read a huge file,
//!   keep a page out with half-sent requests, read the `--lan` token on a command line.
//! - The page in a real browser: `tests/web/play.mjs`, playwright-core driving Debian's chromium
//!   (`scripts/install-test-deps.sh` installs both). With `TRIPOT_SCREENSHOTS=docs/screenshots`
//!   (relative to the repository's root) it also writes the page's screenshots there
//!   (`web-desktop.png`, `web-phone.png`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../../../tests/web/browser_tools.rs"]
mod browser;
#[path = "../../../tests/web/page_server.rs"]
mod page_server;
mod tmux_common;

use page_server::http_get as get;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tmux_common::prerequisite_missing;
use tokio::net::TcpStream as TokioStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};
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
    /// Its own data directory, removed when it stops (games are saved there).
    _data: Option<tempfile::TempDir>,
}

impl Server {
    fn start(lan: bool) -> Server {
        let data = tempfile::tempdir().unwrap();
        let mut command = Command::new(env!("CARGO_BIN_EXE_tripot"));
        command.args(["web", "--no-open", "--port", "0"]);
        if lan {
            command.arg("--lan");
        }
        command.env("TRIPOT_DATA_DIR", data.path());
        let mut server = Server::spawn(command);
        server._data = Some(data);
        server
    }

    /// A server keeping its games in `data` (the test owns the folder).
    fn start_in(lan: bool, data: &Path) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_tripot"));
        command.args(["web", "--no-open", "--port", "0"]);
        if lan {
            command.arg("--lan");
        }
        command.env("TRIPOT_DATA_DIR", data);
        Server::spawn(command)
    }

    /// Runs `command` (a `tripot web`) and reads the address it prints.
    fn spawn(mut command: Command) -> Server {
        let mut child =
            command.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::inherit()).spawn().unwrap();
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
        Server { child, port, base: format!("/{path}"), printed, _data: None }
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

type Socket = WebSocketStream<MaybeTlsStream<TokioStream>>;

/// Opens the page's WebSocket with this `Origin` (none: no header).
async fn open(server: &Server, origin: Option<&str>) -> Result<Socket, WsError> {
    open_at(server.port, &server.base, origin).await
}

/// Opens the WebSocket at `base` (`/` or `/TOKEN/`) on loopback.
async fn open_at(port: u16, base: &str, origin: Option<&str>) -> Result<Socket, WsError> {
    let url = format!("ws://127.0.0.1:{port}{base}ws");
    let mut request = url.into_client_request().unwrap();
    if let Some(origin) = origin {
        request.headers_mut().insert("Origin", HeaderValue::from_str(origin).unwrap());
    }
    tokio_tungstenite::connect_async(request).await.map(|(s, _)| s)
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
    page_server::next_message(socket).await
}

/// Whether `message` is `kind`: a message's type, or a reply of the one table (`state`,
/// `moved`, `path`, `error`: `{"type":"play","reply":…}`).
fn is(message: &Value, kind: &str) -> bool {
    message["type"] == kind || (message["type"] == "play" && message["reply"] == kind)
}

/// Reads messages until one of type `kind` (or the table's reply `kind`); returns it.
async fn until(socket: &mut Socket, kind: &str) -> Value {
    loop {
        let message = next(socket).await;
        if is(&message, kind) {
            return message;
        }
    }
}

/// Reads until the table's state where `next` is `who` (`human`, `computer`, `over`).
async fn state_where(socket: &mut Socket, who: &str) -> Value {
    loop {
        let state = until(socket, "state").await;
        if state["next"] == who {
            return state;
        }
    }
}

/// Sends `message` and expects an error with `code` (the page's, or the table's).
async fn refused(socket: &mut Socket, message: Value, code: &str) {
    send(socket, message.clone()).await;
    let answer = next(socket).await;
    assert!(is(&answer, "error"), "{message} was not refused: {answer}");
    assert_eq!(answer["code"], code, "{message}: {answer}");
}

/// A request to the one table.
fn play(action: &str, more: Value) -> Value {
    let mut message = json!({"type": "play", "action": action});
    for (key, value) in more.as_object().unwrap() {
        message[key] = value.clone();
    }
    message
}

/// A duel at the one table: `players` (`human` or a level's key), from `position` if any.
fn duel(players: [&str; 2], position: Option<&str>) -> Value {
    let mut new = play("new", json!({"game": "tripot", "players": players}));
    if let Some(position) = position {
        new["position"] = json!(position);
    }
    new
}

fn strings(value: &Value) -> Vec<String> {
    value.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_owned()).collect()
}

/// The cells holding a piece.
fn pieces(state: &Value) -> usize {
    state["cells"].as_array().unwrap().iter().filter(|c| !c["piece"].is_null()).count()
}

/// The very last move's cells.
fn last_move(state: &Value) -> Vec<String> {
    state["last_moves"].as_array().unwrap().last().map(|m| strings(&m["path"])).unwrap_or_default()
}

#[tokio::test]
async fn a_solo_move_is_answered_by_the_computer_hop_by_hop() {
    let server = Server::start(false);
    let mut ws = page(&server).await;
    send(&mut ws, duel(["human", "debutant"], None)).await;
    let start = state_where(&mut ws, "human").await;
    assert_eq!(pieces(&start), 20);
    assert_eq!((start["game"].as_str(), start["turn"].as_u64()), (Some("tripot"), Some(0)));
    assert_eq!(start["seats"][1]["player"], "debutant");
    send(&mut ws, play("select", json!({"hole": "m4"}))).await;
    let picked = until(&mut ws, "state").await;
    let selection = &picked["selection"];
    assert_eq!(strings(&selection["path"]), ["m4"]);
    assert!(strings(&selection["ends"]).contains(&"m5".to_owned()), "{selection}");
    send(&mut ws, play("move", json!({"to": "m5"}))).await;
    let mine = until(&mut ws, "moved").await;
    assert_eq!((mine["notation"].as_str(), mine["by_computer"].as_bool()), (Some("m4-m5"), Some(false)));
    assert_eq!(until(&mut ws, "state").await["next"], "computer");
    let reply = until(&mut ws, "moved").await;
    assert_eq!((reply["seat"].as_u64(), reply["by_computer"].as_bool()), (Some(1), Some(true)));
    assert!(reply["path"].as_array().unwrap().len() >= 2, "the computer's move hop by hop: {reply}");
    let after = until(&mut ws, "state").await;
    assert_eq!(after["next"], "human");
    assert_eq!(after["history"].as_array().unwrap().len(), 2);
    assert_eq!(last_move(&after), strings(&reply["path"]));
    // Undo takes back the computer's reply and the move.
    send(&mut ws, play("undo", json!({}))).await;
    let undone = until(&mut ws, "state").await;
    assert_eq!(undone["history"].as_array().unwrap().len(), 0);
    assert_eq!(undone["cells"], start["cells"]);
}

#[tokio::test]
async fn a_chain_is_built_hop_by_hop_and_ended_with_fin_du_saut() {
    let server = Server::start(false);
    let mut ws = page(&server).await;
    send(&mut ws, duel(["human", "human"], Some(LANE))).await;
    state_where(&mut ws, "human").await;
    send(&mut ws, play("select", json!({"hole": "k3"}))).await;
    let picked = until(&mut ws, "state").await;
    let hops = strings(&picked["selection"]["hops"]);
    assert!(hops.contains(&"k5".to_owned()), "{picked}");
    send(&mut ws, play("hop", json!({"to": "k5"}))).await;
    let hopped = until(&mut ws, "state").await;
    let selection = &hopped["selection"];
    assert_eq!(strings(&selection["path"]), ["k3", "k5"]);
    assert!(strings(&selection["hops"]).contains(&"m5".to_owned()), "the chain may go on: {selection}");
    assert_eq!(hopped["history"].as_array().unwrap().len(), 0, "nothing is played before the chain ends");
    // A hop elsewhere than one jump away is refused; the chain is kept.
    refused(&mut ws, play("hop", json!({"to": "a13"})), "not_a_destination").await;
    send(&mut ws, play("end_chain", json!({}))).await;
    let played = until(&mut ws, "moved").await;
    assert_eq!(played["notation"], "k3-k5");
    let after = until(&mut ws, "state").await;
    assert_eq!(after["turn"], 1);
    assert!(after["selection"].is_null());
}

#[tokio::test]
async fn a_near_finished_position_is_played_to_the_end() {
    let server = Server::start(false);
    let mut ws = page(&server).await;
    send(&mut ws, duel(["human", "facile"], Some(NEAR_END))).await;
    state_where(&mut ws, "human").await;
    send(&mut ws, play("select", json!({"hole": "h13"}))).await;
    until(&mut ws, "state").await;
    send(&mut ws, play("move", json!({"to": "h14"}))).await;
    until(&mut ws, "moved").await;
    let end = until(&mut ws, "state").await;
    assert_eq!(end["next"], "over");
    let outcome = &end["outcome"];
    assert_eq!(
        (outcome["places"][0]["seat"].as_u64(), outcome["places"][0]["rank"].as_u64()),
        (Some(0), Some(1))
    );
    assert_eq!(outcome["draw"], false);
    // Nothing moves after the end.
    refused(&mut ws, play("select", json!({"hole": "h14"})), "game_over").await;
    refused(&mut ws, play("undo", json!({})), "game_over").await;
}

#[tokio::test]
async fn garbage_frames_are_refused_and_the_game_is_unchanged() {
    let server = Server::start(false);
    let mut ws = page(&server).await;
    send(&mut ws, duel(["human", "human"], None)).await;
    let before = state_where(&mut ws, "human").await;
    for garbage in [
        "not json",
        "{}",
        r#"{"type":"fly"}"#,
        r#"{"type":"play","action":"select"}"#,
        r#"{"type":"play","action":"select","hole":7}"#,
        r#"{"type":"play","action":"new","game":"tripot"}"#,
        r#"{"type":"new_game","mode":"duel"}"#,
        r#"{"type":"board","action":"select","hole":"m4"}"#,
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
    refused(&mut ws, duel(["human", "godlike"], None), "bad_player").await;
    refused(&mut ws, play("new", json!({"game": "tripot-f4", "players": ["human", "human"]})), "bad_game")
        .await;
    refused(&mut ws, duel(["human", "facile"], Some("A:Sm1")), "bad_position").await;
    refused(&mut ws, play("new", json!({"game": "tripot", "players": ["human"]})), "bad_seats").await;
    refused(
        &mut ws,
        play("new", json!({"game": "tripot", "players": ["human", "human"], "opener": 3})),
        "bad_opener",
    )
    .await;
    // The game in progress is still the same, and still answers.
    send(&mut ws, play("cancel", json!({}))).await;
    let after = until(&mut ws, "state").await;
    assert_eq!(after["cells"], before["cells"]);
    assert_eq!(
        strings(&after["seats"].as_array().unwrap().iter().map(|s| s["player"].clone()).collect()),
        ["human", "human"]
    );
}

#[tokio::test]
async fn illegal_moves_are_refused_with_their_reason_and_change_nothing() {
    let server = Server::start(false);
    let mut ws = page(&server).await;
    refused(&mut ws, play("select", json!({"hole": "m4"})), "no_table").await;
    send(&mut ws, duel(["human", "human"], None)).await;
    let before = state_where(&mut ws, "human").await;
    refused(&mut ws, play("select", json!({"hole": "z99"})), "bad_cell").await;
    refused(&mut ws, play("select", json!({"hole": "e17"})), "not_pickable").await;
    refused(&mut ws, play("select", json!({"hole": "i9"})), "not_pickable").await;
    refused(&mut ws, play("move", json!({"to": "m5"})), "no_selection").await;
    refused(&mut ws, play("path", json!({"to": "m5"})), "no_selection").await;
    refused(&mut ws, play("undo", json!({})), "nothing_to_undo").await;
    refused(&mut ws, play("end_chain", json!({})), "no_chain").await;
    send(&mut ws, play("select", json!({"hole": "m4"}))).await;
    until(&mut ws, "state").await;
    refused(&mut ws, play("move", json!({"to": "i9"})), "not_a_destination").await;
    send(&mut ws, play("select", json!({"hole": "m4"}))).await;
    until(&mut ws, "state").await;
    refused(&mut ws, play("move", json!({"to": "e17"})), "not_a_destination").await;
    send(&mut ws, play("select", json!({"hole": "m4"}))).await;
    until(&mut ws, "state").await;
    refused(&mut ws, play("hop", json!({"to": "a13"})), "not_a_destination").await;
    send(&mut ws, play("select", json!({"hole": "m4"}))).await;
    until(&mut ws, "state").await;
    refused(&mut ws, play("path", json!({"to": "a13"})), "not_a_destination").await;
    send(&mut ws, play("path", json!({"to": "m5"}))).await;
    let path = until(&mut ws, "path").await;
    assert_eq!(strings(&path["cells"]), ["m4", "m5"]);
    send(&mut ws, play("cancel", json!({}))).await;
    let after = until(&mut ws, "state").await;
    assert_eq!(after["cells"], before["cells"]);
    assert!(after["history"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn a_foreign_origin_or_host_is_refused() {
    let server = Server::start(false);
    for origin in [Some("http://evil.example"), Some("http://127.0.0.1:1"), Some("null"), None] {
        let error = open(&server, origin).await.err().unwrap_or_else(|| panic!("{origin:?} was let in"));
        assert!(error.to_string().contains("403"), "{origin:?}: {error}");
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
    send(&mut ws, duel(["human", "human"], None)).await;
    let before = state_where(&mut ws, "human").await;
    for _ in 0..400 {
        send(&mut ws, play("select", json!({"hole": "m4"}))).await;
    }
    let mut states = 0;
    let mut floods = 0;
    // Read what came back until quiet.
    while let Ok(Some(Ok(Message::Text(text)))) =
        tokio::time::timeout(Duration::from_millis(700), ws.next()).await
    {
        let message: Value = serde_json::from_str(&text).unwrap();
        match (message["type"].as_str(), message["reply"].as_str().or(message["code"].as_str())) {
            (Some("play"), Some("state")) => states += 1,
            (Some("error"), Some("too_many_messages")) => floods += 1,
            other => panic!("unexpected {other:?}"),
        }
    }
    assert!((30..400).contains(&states), "the burst is served, the rest dropped: {states}");
    // Once a second at most: a slow machine may spread the 400 sends over a few seconds.
    assert!((1..=5).contains(&floods), "the flood is said once a second: {floods}");
    tokio::time::sleep(Duration::from_millis(1500)).await;
    send(&mut ws, play("select", json!({"hole": "l4"}))).await;
    let after = until(&mut ws, "state").await;
    assert_eq!(strings(&after["selection"]["path"]), ["l4"]);
    assert_eq!(after["cells"], before["cells"]);
}

#[tokio::test]
async fn new_games_started_in_a_burst_do_not_pile_up_searches() {
    let server = Server::start(false);
    let mut ws = page(&server).await;
    let threads = || std::fs::read_dir(format!("/proc/{}/task", server.child.id())).map(|d| d.count()).ok();
    let before = threads();
    // Each of these would have the strongest computer search its opening move.
    let game = play("new", json!({"game": "tripot", "players": ["human", "impossible"], "opener": 2}));
    for _ in 0..50 {
        send(&mut ws, game.clone()).await;
    }
    let started = std::time::Instant::now();
    let mut states = 0;
    loop {
        let message = next(&mut ws).await;
        // One fresh table a request; the page's first table (the duel against Facile) and the
        // move of a game still current when its search ended (a quick opening move, the next
        // request still on its way) are not among them.
        let fresh = message["history"].as_array().is_some_and(Vec::is_empty);
        if is(&message, "state") && fresh && message["seats"][1]["player"] == "impossible" {
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
    let reply = until(&mut ws, "moved").await;
    assert_eq!(reply["seat"], 1);
    let after = until(&mut ws, "state").await;
    assert_eq!((after["next"].as_str(), after["history"].as_array().unwrap().len()), (Some("human"), 1));
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
    assert!(error.to_string().contains("404"), "{error}");
    let mut ws = page(&server).await;
    send(&mut ws, duel(["human", "human"], None)).await;
    state_where(&mut ws, "human").await;
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

/// What the browser tests need, or why they cannot run (`tests/web/browser_tools.rs`).
fn browser_tools() -> Result<(PathBuf, PathBuf), browser::MissingTool> {
    browser::browser_tools(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/web"))
}

#[test]
fn the_page_plays_in_a_real_browser() {
    let test = "the_page_plays_in_a_real_browser";
    let (chromium, dir) = match browser_tools() {
        Ok(tools) => tools,
        Err(what) => return prerequisite_missing(test, &what.to_string()),
    };
    let local = Server::start(false);
    let lan = Server::start(true);
    let mut script = browser::node_script(&chromium, &dir, "play.mjs");
    script
        .env("TRIPOT_URL", local.url())
        .env("TRIPOT_LAN_URL", lan.url())
        .env("TRIPOT_LAN_NO_TOKEN", format!("http://127.0.0.1:{}/", lan.port))
        .env("TRIPOT_NEAR_END", NEAR_END)
        .env("TRIPOT_LANE", LANE);
    browser::assert_script_passes(script, "all browser checks passed");
}

// ---- Saved games, replays, typed moves, `--lang` (the saves part) ----------------------------

/// A `tripot web` whose games go to `dirs` (data and config directories, as the terminal's),
/// with more arguments and the environment's `LANG`.
fn saves_server(dirs: &Path, args: &[&str], lang_env: &str) -> Server {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tripot"));
    command
        .args(["web", "--no-open", "--port", "0"])
        .args(args)
        .env("TRIPOT_DATA_DIR", dirs.join("data"))
        .env("TRIPOT_CONFIG_DIR", dirs.join("config"))
        .env("LANG", lang_env);
    Server::spawn(command)
}

/// Sends a `saves` request.
async fn saves(socket: &mut Socket, action: &str, more: Value) -> Value {
    let mut message = json!({"type": "saves", "action": action});
    for (key, value) in more.as_object().unwrap() {
        message[key] = value.clone();
    }
    send(socket, message.clone()).await;
    next(socket).await
}

/// Plays `notation` typed at the table, and returns the state after it (the move announced
/// first).
async fn typed(socket: &mut Socket, notation: &str) -> Value {
    send(socket, play("typed", json!({"notation": notation}))).await;
    let played = next(socket).await;
    assert!(is(&played, "moved"), "{notation}: {played}");
    assert_eq!(played["notation"], notation);
    until(socket, "state").await
}

/// A duel started and played to `k3-k5-m5` (a chain of two hops) by typed moves.
async fn duel_with_a_chain(socket: &mut Socket) {
    send(socket, duel(["human", "human"], None)).await;
    state_where(socket, "human").await;
    typed(socket, "l4-l5").await;
    typed(socket, "e14-e13").await;
    let state = typed(socket, "k3-k5-m5").await;
    assert_eq!(state["history"].as_array().unwrap().len(), 3);
}

/// The list's records.
async fn listed(socket: &mut Socket) -> Value {
    let list = saves(socket, "list", json!({})).await;
    assert_eq!(list["type"], "records", "{list}");
    list
}

/// An online duel's record as the network session leaves one (its own tags besides).
fn online_record() -> String {
    "[Format \"1\"]\n[Rules \"tripot\"]\n[Opener \"A\"]\n[PlayerA \"Alice\"]\n[PlayerB \"Bruno\"]\n\
     [Result \"*\"]\n[Mode \"online\"]\n[Role \"host\"]\n\n1. l4-l5 e14-e13 *\n"
        .to_owned()
}

/// A kawu-3 star table's record of `moves` moves, as the terminal writes one.
fn star_record(moves: usize) -> String {
    use tripot_engine::{Colour, StarRecord, Variant};
    let variant: Variant = "kawu-3".parse().unwrap();
    let mut record = StarRecord::new(variant, Colour::S).unwrap();
    let mut position = record.start_position();
    for &seat in variant.seats() {
        record.set_player(seat, &format!("Siège {}", seat.code()));
    }
    for _ in 0..moves {
        let m = position.legal_moves()[0].clone();
        record.push(position.notation(&m));
        position = position.play(&m).unwrap();
    }
    format!("[Table \"human,facile,facile\"]\n[Seed \"1\"]\n{record}")
}

#[tokio::test]
async fn typed_moves_are_checked_by_the_engine_and_a_bad_one_changes_nothing() {
    let dirs = tempfile::tempdir().unwrap();
    let server = saves_server(dirs.path(), &[], "C");
    let mut ws = page(&server).await;
    refused(&mut ws, play("typed", json!({"notation": "l4-l5"})), "no_table").await;
    // The duel's own typed move is gone: moves are typed at the table.
    refused(&mut ws, json!({"type": "saves", "action": "play", "notation": "l4-l5"}), "bad_message").await;
    send(&mut ws, duel(["human", "human"], None)).await;
    let start = state_where(&mut ws, "human").await;
    for bad in ["zz", "", "m1-", "m1<>", "m1-m9", "e14-e13", "pass", "l4-l5-l6"] {
        refused(&mut ws, play("typed", json!({"notation": bad})), "refused").await;
    }
    refused(&mut ws, play("typed", json!({})), "bad_message").await;
    refused(&mut ws, play("typed", json!({"notation": 12})), "bad_message").await;
    // Nothing changed: the same position, no move, no file.
    send(&mut ws, play("cancel", json!({}))).await;
    let same = until(&mut ws, "state").await;
    assert_eq!(same["cells"], start["cells"]);
    assert!(same["history"].as_array().unwrap().is_empty());
    assert!(listed(&mut ws).await["records"].as_array().unwrap().is_empty(), "no move, no file");
    // A pawn picked on the board is dropped by a typed move.
    send(&mut ws, play("select", json!({"hole": "m4"}))).await;
    until(&mut ws, "state").await;
    let after = typed(&mut ws, "l4-l5").await;
    assert!(after["selection"].is_null());
    assert_eq!(after["turn"], 1);
    typed(&mut ws, "e14-e13").await;
    send(&mut ws, play("typed", json!({"notation": "k3-k5-m5"}))).await;
    let chain = until(&mut ws, "moved").await;
    assert_eq!(strings(&chain["path"]), ["k3", "k5", "m5"], "shown hop by hop");
}

#[tokio::test]
async fn saved_games_are_listed_and_replayed_by_id_only() {
    let dirs = tempfile::tempdir().unwrap();
    let games = dirs.path().join("data/games");
    std::fs::create_dir_all(&games).unwrap();
    std::fs::write(games.join("2026-01-01-120000.tripot"), star_record(4)).unwrap();
    let online = dirs.path().join("config/games");
    std::fs::create_dir_all(&online).unwrap();
    std::fs::write(online.join("online-1.tripot"), online_record()).unwrap();
    let server = saves_server(dirs.path(), &[], "C");
    let mut ws = page(&server).await;
    duel_with_a_chain(&mut ws).await;
    let list = listed(&mut ws).await;
    let records = list["records"].as_array().unwrap();
    assert_eq!(records.len(), 3, "{list}");
    let net = records.iter().find(|r| r["kind"] == "online").unwrap();
    assert_eq!(strings(&net["players"]), ["Alice", "Bruno"]);
    assert_eq!((net["moves"].as_u64(), net["resumable"].as_bool()), (Some(2), Some(false)));
    let replay = saves(&mut ws, "open", json!({"id": net["id"]})).await;
    assert_eq!(strings(&replay["moves"][1]["path"]), ["e14", "e13"]);
    assert_eq!(next(&mut ws).await["index"], 0);
    refused(&mut ws, json!({"type": "saves", "action": "resume", "id": net["id"]}), "not_resumable").await;
    let duel = records.iter().find(|r| r["kind"] == "duel").unwrap();
    let table = records.iter().find(|r| r["kind"] == "table").unwrap();
    assert_eq!((duel["moves"].as_u64(), duel["resumable"].as_bool()), (Some(3), Some(true)));
    assert_eq!(strings(&duel["players"]), ["Joueur 1", "Joueur 2"]);
    assert_eq!(duel["finished"], false);
    assert!(duel["date"].as_str().unwrap().starts_with("20"), "{duel}");
    // A star table of this device is taken up at the one table too.
    assert_eq!((table["moves"].as_u64(), table["resumable"].as_bool()), (Some(4), Some(true)));
    assert_eq!(table["variant"], "kawu-3");
    assert_eq!(strings(&table["players"]).len(), 3);
    // Nothing in the list says where the files are.
    assert!(!list.to_string().contains(dirs.path().to_str().unwrap()), "{list}");

    // The duel, step by step: positions come from the program.
    let replay = saves(&mut ws, "open", json!({"id": duel["id"]})).await;
    assert_eq!(replay["type"], "replay", "{replay}");
    let moves = replay["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3);
    assert_eq!(strings(&moves[2]["path"]), ["k3", "k5", "m5"]);
    assert_eq!((moves[0]["seat"].as_u64(), moves[1]["seat"].as_u64()), (Some(0), Some(1)));
    assert_eq!(strings(&replay["seats"][0]["colours"]), ["S"]);
    assert_eq!(
        (replay["geometry"].as_str(), replay["cells"].as_array().unwrap().len()),
        (Some("star121"), 121)
    );
    let start = next(&mut ws).await;
    assert_eq!((start["type"].as_str(), start["index"].as_u64()), (Some("replay_frame"), Some(0)));
    assert_eq!(start["pieces"].as_array().unwrap().len(), 20);
    assert!(start["pieces"].as_array().unwrap().iter().any(|p| p["cell"] == "k3"));
    let last = saves(&mut ws, "show", json!({"index": 3})).await;
    assert_eq!(last["index"], 3);
    assert_eq!(strings(&last["last_move"]), ["k3", "k5", "m5"]);
    let at =
        |frame: &Value, hole: &str| frame["pieces"].as_array().unwrap().iter().any(|p| p["cell"] == hole);
    assert!(at(&last, "m5") && !at(&last, "k3") && !at(&last, "k5") && at(&last, "l5"));
    let second = saves(&mut ws, "show", json!({"index": 2})).await;
    assert!(at(&second, "k3") && !at(&second, "m5") && at(&second, "e13"));
    refused(&mut ws, json!({"type": "saves", "action": "show", "index": 4}), "no_such_move").await;
    refused(&mut ws, json!({"type": "saves", "action": "show", "index": -1}), "bad_message").await;

    // The star table: six colour codes, a seat per move.
    let replay = saves(&mut ws, "open", json!({"id": table["id"]})).await;
    assert_eq!(replay["kind"], "table");
    assert_eq!(replay["seats"].as_array().unwrap().len(), 3);
    assert_eq!(replay["moves"].as_array().unwrap().len(), 4);
    let start = next(&mut ws).await;
    assert_eq!(start["pieces"].as_array().unwrap().len(), 30);
    let one = saves(&mut ws, "show", json!({"index": 1})).await;
    assert_eq!(one["last_move"], replay["moves"][0]["path"]);

    // Only the list's ids name a record: paths and forged ids are refused, and an id of an
    // older list no longer counts.
    let passwd = "/etc/passwd";
    let file = games.join("2026-01-01-120000.tripot");
    for forged in [passwd, "../../../etc/passwd", file.to_str().unwrap(), "r0", "r999", "", "R1", "r1 "] {
        refused(&mut ws, json!({"type": "saves", "action": "open", "id": forged}), "unknown_record").await;
        refused(&mut ws, json!({"type": "saves", "action": "resume", "id": forged}), "unknown_record").await;
    }
    refused(&mut ws, json!({"type": "saves", "action": "open", "path": passwd}), "bad_message").await;
    refused(&mut ws, json!({"type": "saves", "action": "open", "id": 1}), "bad_message").await;
    refused(&mut ws, json!({"type": "saves", "action": "delete", "id": duel["id"]}), "bad_message").await;
    let old = duel["id"].clone();
    listed(&mut ws).await;
    refused(&mut ws, json!({"type": "saves", "action": "open", "id": old}), "unknown_record").await;
    // Another page has its own ids.
    let mut other = page(&server).await;
    refused(&mut other, json!({"type": "saves", "action": "show", "index": 0}), "no_record").await;
    refused(&mut other, json!({"type": "saves", "action": "open", "id": old}), "unknown_record").await;
}

#[tokio::test]
async fn a_corrupt_save_is_moved_aside_reported_and_never_overwritten() {
    let dirs = tempfile::tempdir().unwrap();
    let games = dirs.path().join("data/games");
    std::fs::create_dir_all(&games).unwrap();
    let broken = "[Format \"1\"]\n[Result \"*\"]\n\n1. m4-m9 *\n";
    std::fs::write(games.join("broken.tripot"), broken).unwrap();
    let bad_table = "[Table \"human,facile,facile\"]\n[Variant \"kawu-3\"]\n[Opener \"S\"]\n[Result \"*\"]\n\n1. j4-j7 *\n";
    std::fs::write(games.join("table.tripot"), bad_table).unwrap();
    std::fs::write(games.join("binary.tripot"), [0xff, 0xfe, 0, 1, 2]).unwrap();
    let server = saves_server(dirs.path(), &[], "C");
    let mut ws = page(&server).await;
    let list = listed(&mut ws).await;
    assert!(list["records"].as_array().unwrap().is_empty(), "{list}");
    let mut moved: Vec<String> =
        list["moved"].as_array().unwrap().iter().map(|m| m["file"].as_str().unwrap().to_owned()).collect();
    moved.sort();
    assert_eq!(moved, ["binary.tripot.corrupt", "broken.tripot.corrupt", "table.tripot.corrupt"], "{list}");
    assert!(list["moved"].as_array().unwrap().iter().all(|m| !m["reason"].as_str().unwrap().is_empty()));
    assert_eq!(std::fs::read_to_string(games.join("broken.tripot.corrupt")).unwrap(), broken);
    assert_eq!(std::fs::read_to_string(games.join("table.tripot.corrupt")).unwrap(), bad_table);
    assert!(!games.join("broken.tripot").exists());
    // A game played now gets a file of its own; the corrupt ones stay as they are.
    duel_with_a_chain(&mut ws).await;
    let list = listed(&mut ws).await;
    assert_eq!(list["records"].as_array().unwrap().len(), 1);
    assert!(list["moved"].as_array().unwrap().is_empty(), "reported once: {list}");
    assert_eq!(std::fs::read_to_string(games.join("broken.tripot.corrupt")).unwrap(), broken);
    // A second corrupt file of the same name goes beside the first, not over it.
    std::fs::write(games.join("broken.tripot"), "not a record").unwrap();
    let list = listed(&mut ws).await;
    assert_eq!(list["moved"][0]["file"], "broken.tripot.corrupt-1");
    assert_eq!(std::fs::read_to_string(games.join("broken.tripot.corrupt")).unwrap(), broken);
    // The server is still there.
    send(&mut ws, play("cancel", json!({}))).await;
    assert_eq!(until(&mut ws, "state").await["history"].as_array().unwrap().len(), 3);
}

#[tokio::test]
async fn an_unfinished_game_is_offered_again_after_a_restart_and_resumed_at_its_level() {
    let dirs = tempfile::tempdir().unwrap();
    {
        let server = saves_server(dirs.path(), &[], "C");
        let mut ws = page(&server).await;
        send(&mut ws, duel(["human", "debutant"], None)).await;
        state_where(&mut ws, "human").await;
        typed(&mut ws, "l4-l5").await;
        let answered = state_where(&mut ws, "human").await;
        assert_eq!(answered["history"].as_array().unwrap().len(), 2);
    }
    let server = saves_server(dirs.path(), &[], "C");
    let mut ws = page(&server).await;
    let list = listed(&mut ws).await;
    let records = list["records"].as_array().unwrap();
    assert_eq!(records.len(), 1, "{list}");
    assert_eq!((records[0]["resumable"].as_bool(), records[0]["moves"].as_u64()), (Some(true), Some(2)));
    assert_eq!(records[0]["level"], "debutant");
    // Taken up at the one table, its seats as they were.
    send(&mut ws, json!({"type": "saves", "action": "resume", "id": records[0]["id"]})).await;
    let resumed = until(&mut ws, "state").await;
    assert_eq!(
        (resumed["game"].as_str(), resumed["seats"][1]["player"].as_str()),
        (Some("tripot"), Some("debutant"))
    );
    assert_eq!(resumed["history"].as_array().unwrap().len(), 2);
    assert_eq!((resumed["next"].as_str(), resumed["turn"].as_u64()), (Some("human"), Some(0)));
    assert_eq!(resumed["history"][0]["notation"], "l4-l5");
    // The game goes on in the same file: the computer answers, and the list still holds one game.
    send(&mut ws, play("select", json!({"hole": "m4"}))).await;
    let picked = until(&mut ws, "state").await;
    let to = picked["selection"]["ends"][0].as_str().unwrap().to_owned();
    send(&mut ws, play("move", json!({"to": to}))).await;
    state_where(&mut ws, "human").await;
    let list = listed(&mut ws).await;
    assert_eq!(list["records"].as_array().unwrap().len(), 1, "{list}");
    assert_eq!(list["records"][0]["moves"], 4);
    // The terminal's own reading of the store offers it too.
    let files: Vec<_> = std::fs::read_dir(dirs.path().join("data/games")).unwrap().collect();
    assert_eq!(files.len(), 1);
    let text = std::fs::read_to_string(files[0].as_ref().unwrap().path()).unwrap();
    assert!(text.contains("[Game \"tripot\"]") && text.contains("[Table \"human,debutant\"]"), "{text}");
    assert!(text.contains("[Result \"*\"]"), "{text}");
}

#[tokio::test]
async fn lang_is_told_to_the_page_and_the_printed_lines_follow_it() {
    let dirs = tempfile::tempdir().unwrap();
    for (args, lang_env, stop, hello_lang) in [
        (&[][..], "C", "Ctrl-C arrête le serveur.", Value::Null),
        (&[][..], "en_GB.UTF-8", "Ctrl-C stops the server.", Value::Null),
        (&["--lang", "en"][..], "C", "Ctrl-C stops the server.", json!("en")),
        (&["--lang", "fr"][..], "en_GB.UTF-8", "Ctrl-C arrête le serveur.", json!("fr")),
    ] {
        let server = saves_server(dirs.path(), args, lang_env);
        let first = server.printed.lines().next().unwrap();
        assert_eq!(first, format!("http://127.0.0.1:{}/", server.port), "the bare address first");
        assert_eq!(server.printed.lines().last(), Some(stop), "{args:?} {lang_env}: {}", server.printed);
        let origin = format!("http://127.0.0.1:{}", server.port);
        let mut socket = open(&server, Some(&origin)).await.unwrap();
        let hello = next(&mut socket).await;
        assert_eq!(hello["lang"], hello_lang, "{args:?} {lang_env}");
    }
    let bad = Command::new(env!("CARGO_BIN_EXE_tripot"))
        .args(["web", "--no-open", "--lang", "de"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2), "clap refuses another language");
}

#[test]
fn saved_games_replays_and_typed_moves_in_a_real_browser() {
    let test = "saved_games_replays_and_typed_moves_in_a_real_browser";
    let (chromium, dir) = match browser_tools() {
        Ok(tools) => tools,
        Err(what) => return prerequisite_missing(test, &what.to_string()),
    };
    let dirs = tempfile::tempdir().unwrap();
    let games = dirs.path().join("data/games");
    std::fs::create_dir_all(&games).unwrap();
    std::fs::write(games.join("2026-01-01-120000.tripot"), star_record(4)).unwrap();
    // No seats named: a record to replay, not one offered back.
    std::fs::write(games.join("2025-12-01-120000.tripot"), "[Game \"draughts\"]\n\n1. 32-28 19-23 *\n")
        .unwrap();
    std::fs::write(games.join("broken.tripot"), "not a record").unwrap();
    let mut script = browser::node_script(&chromium, &dir, "saves.mjs");
    script
        .env("TRIPOT_BIN", env!("CARGO_BIN_EXE_tripot"))
        .env("TRIPOT_DATA_DIR", dirs.path().join("data"))
        .env("TRIPOT_CONFIG_DIR", dirs.path().join("config"))
        .env("LANG", "C");
    browser::assert_script_passes(script, "all saves checks passed");
}

// ---- Star tables (at the one table: `web_play.rs` tests its messages) ----------------------

/// `tests/web/table.mjs`: a kawu-3 table with two computers set up and played by clicks (the
/// board turned to the person's home, the computers' moves hop by hop, undo, a hint, a few
/// rounds, the table resumed from « Reprendre », the goals tinted), the duel's hot-seat board turned for camp B,
/// Stern-Halma's closed branches greyed,
/// and a phone-sized table. With `TRIPOT_SCREENSHOTS` it also writes `web-table.png`.
#[test]
fn a_table_plays_in_a_real_browser() {
    let test = "a_table_plays_in_a_real_browser";
    let (chromium, dir) = match browser_tools() {
        Ok(tools) => tools,
        Err(what) => return prerequisite_missing(test, &what.to_string()),
    };
    let data = tempfile::tempdir().unwrap();
    let server = Server::start_in(false, data.path());
    let mut script = browser::node_script(&chromium, &dir, "table.mjs");
    script.env("TRIPOT_URL", server.url());
    browser::assert_script_passes(script, "all table checks passed");
}

// ---- Ratings (« Classements ») ---------------------------------------------------------

/// A `tripot web` with `args` and an empty config directory, whatever the environment says.
fn ratings_server(config: &Path, args: &[&str]) -> Server {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tripot"));
    command
        .args(["web", "--no-open", "--port", "0"])
        .args(args)
        .env("TRIPOT_CONFIG_DIR", config)
        .env("TRIPOT_DATA_DIR", config.join("data"))
        .env_remove("TRIPOT_RELAY");
    Server::spawn(command)
}

/// The ratings view's refusals: a request malformed is refused before any relay is asked, no
/// relay configured is said, and a relay that cannot answer is said too; the page goes on.
#[tokio::test]
async fn ratings_are_refused_with_their_reason_and_the_page_goes_on() {
    let config = tempfile::tempdir().unwrap();
    let server = ratings_server(config.path(), &[]);
    let mut ws = page(&server).await;
    refused(&mut ws, json!({"type": "ratings", "game": "chess"}), "bad_ratings_query").await;
    refused(&mut ws, json!({"type": "ratings", "game": "kawu-3", "month": "2026-13"}), "bad_ratings_query")
        .await;
    refused(&mut ws, json!({"type": "ratings", "game": "kawu-3", "month": 7}), "bad_message").await;
    refused(&mut ws, json!({"type": "ratings", "game": "tripot"}), "no_relay").await;
    // A relay where nothing listens.
    let nobody = "/ip4/127.0.0.1/tcp/9/p2p/12D3KooWDpJ7As7BWAwRMfu1VU2WCqNjvq387JEYKDBj4kx6nXTN";
    let server = ratings_server(config.path(), &["--relay", nobody]);
    let mut ws = page(&server).await;
    refused(&mut ws, json!({"type": "ratings", "game": "kawu-2", "month": "2026-11"}), "ratings_unavailable")
        .await;
    // The page still plays.
    send(&mut ws, duel(["human", "human"], None)).await;
    state_where(&mut ws, "human").await;
}

#[path = "web/strangers.rs"]
mod strangers;
