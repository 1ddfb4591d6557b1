//! `tripot web`'s one table of any game (`{"type":"play",…}`), the real binary on loopback:
//! - over a raw WebSocket: the catalogue offered, a draughts capture dropped on its last square,
//!   a shorter capture refused however it is sent (picked, dragged, typed), hostile cells and
//!   set-ups refused with the game unchanged, a solo duel answered by the computer, a table saved
//!   and offered back by id after a restart;
//! - in a real browser (`tests/web/draughts.mjs`): draughts from the form, moves and a capture
//!   by drag and drop, the turned board.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../../../tests/web/browser_tools.rs"]
mod browser;
#[path = "../../../tests/web/page_server.rs"]
mod page_server;
mod tmux_common;

use std::path::Path;
use std::process::{Child, Command};

use futures::SinkExt;
use serde_json::{Value, json};
use tmux_common::prerequisite_missing;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// White to move: 32 must take two men (32x12, over 27 and 17); 45x34 would take only one.
const MAXIMAL: &str = "W:W32,45:B27,17,40";

/// A `tripot web` keeping its games in `data`, stopped on drop.
struct Server {
    child: Child,
    address: String,
}

impl Server {
    fn start(data: &Path) -> Server {
        let mut child =
            page_server::web_command(Command::new(env!("CARGO_BIN_EXE_tripot")), data, data).spawn().unwrap();
        let address = page_server::printed_address(&mut child);
        Server { child, address }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The page's socket, opened from the page's own origin, its hello read.
async fn page(server: &Server) -> Socket {
    let port = page_server::loopback_port(&server.address);
    let mut request = format!("ws://127.0.0.1:{port}/ws").into_client_request().unwrap();
    let origin = HeaderValue::from_str(&format!("http://127.0.0.1:{port}")).unwrap();
    request.headers_mut().insert("Origin", origin);
    let (mut socket, _) = tokio_tungstenite::connect_async(request).await.unwrap();
    assert_eq!(page_server::next_message(&mut socket).await["type"], "hello");
    socket
}

async fn play(socket: &mut Socket, message: Value) {
    let mut message = message;
    message["type"] = json!("play");
    socket.send(Message::Text(message.to_string().into())).await.unwrap();
}

/// The next `play` reply of kind `reply`, skipping others.
async fn reply(socket: &mut Socket, reply: &str) -> Value {
    loop {
        let message = page_server::next_message(socket).await;
        if message["type"] == "play" && message["reply"] == reply {
            return message;
        }
        assert!(
            !(message["type"] == "play" && message["reply"] == "error"),
            "refused while waiting for {reply}: {message}"
        );
    }
}

/// Sends `message` and expects a refusal with `code`, then checks the state did not change.
async fn refused(socket: &mut Socket, message: Value, code: &str) {
    play(socket, message.clone()).await;
    let answer = page_server::next_message(socket).await;
    assert_eq!((&answer["type"], &answer["reply"]), (&json!("play"), &json!("error")), "{message}: {answer}");
    assert_eq!(answer["code"], code, "{message}: {answer}");
}

fn piece(state: &Value, name: &str) -> Option<String> {
    let cell = state["cells"].as_array().unwrap().iter().find(|c| c["name"] == name)?;
    cell.get("piece").map(|p| format!("{}-{}", p["kind"].as_str().unwrap(), p["colour"]))
}

async fn new_table(socket: &mut Socket, game: &str, players: &[&str], position: Option<&str>) -> Value {
    play(socket, json!({"action": "new", "game": game, "players": players, "position": position})).await;
    reply(socket, "state").await
}

#[tokio::test]
async fn a_draughts_capture_is_played_and_a_shorter_one_is_refused_however_it_is_sent() {
    let data = tempfile::tempdir().unwrap();
    let server = Server::start(data.path());
    let mut socket = page(&server).await;
    play(&mut socket, json!({"action": "games"})).await;
    let games = reply(&mut socket, "games").await;
    let draughts = games["games"].as_array().unwrap().iter().find(|g| g["name"] == "draughts").unwrap();
    assert_eq!((draughts["seats"].as_u64(), draughts["geometry"].as_str()), (Some(2), Some("square10")));
    assert!(!draughts["description_fr"].as_str().unwrap().is_empty());

    let start = new_table(&mut socket, "draughts", &["human", "human"], Some(MAXIMAL)).await;
    assert_eq!(start["geometry"], "square10");
    assert_eq!(start["pickable"], json!(["32"]), "only the maximal capture's man may be picked");
    // The shorter capture, however it is sent, and cells that are no squares.
    refused(&mut socket, json!({"action": "select", "hole": "45"}), "not_pickable").await;
    refused(&mut socket, json!({"action": "drop", "from": "45", "to": "34"}), "not_pickable").await;
    refused(&mut socket, json!({"action": "typed", "notation": "45x34"}), "refused").await;
    refused(&mut socket, json!({"action": "drop", "from": "32", "to": "21"}), "not_a_destination").await;
    refused(&mut socket, json!({"action": "select", "hole": "51"}), "bad_cell").await;
    refused(&mut socket, json!({"action": "select", "hole": "x".repeat(300)}), "bad_cell").await;
    refused(&mut socket, json!({"action": "move", "to": "12"}), "no_selection").await;
    // The game is as it was: nothing was played, nothing stays picked.
    play(&mut socket, json!({"action": "cancel"})).await;
    let unchanged = reply(&mut socket, "state").await;
    assert_eq!(unchanged["history"], json!([]));
    assert_eq!(unchanged["selection"], Value::Null);
    assert_eq!(piece(&unchanged, "27").as_deref(), Some("man-1"));

    // The capture dropped on its last square: announced square by square, both men taken.
    play(&mut socket, json!({"action": "drop", "from": "32", "to": "12"})).await;
    let moved = reply(&mut socket, "moved").await;
    assert_eq!(moved["notation"], "32x12");
    let path: Vec<&str> = moved["path"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    assert_eq!((path.first(), path.last()), (Some(&"32"), Some(&"12")));
    assert!(path.len() >= 3, "the path goes square by square: {path:?}");
    let after = reply(&mut socket, "state").await;
    assert_eq!(piece(&after, "12").as_deref(), Some("man-0"));
    assert_eq!((piece(&after, "27"), piece(&after, "17")), (None, None));
    assert_eq!((after["turn"].as_u64(), after["rotation"].as_i64()), (Some(1), Some(180)));
    assert!(after["news"].as_array().unwrap().iter().any(|e| e["kind"] == "captured" && e["pieces"] == 2));
}

#[tokio::test]
async fn a_solo_duel_is_answered_by_the_computer_and_a_table_comes_back_after_a_restart() {
    let data = tempfile::tempdir().unwrap();
    let id = {
        let server = Server::start(data.path());
        let mut socket = page(&server).await;
        let start = new_table(&mut socket, "tripot", &["human", "debutant"], None).await;
        assert_eq!(start["geometry"], "star121");
        assert_eq!(start["cells"].as_array().unwrap().len(), 121);
        play(&mut socket, json!({"action": "typed", "notation": "m4-m5"})).await;
        let mine = reply(&mut socket, "moved").await;
        assert_eq!((mine["seat"].as_u64(), mine["by_computer"].as_bool()), (Some(0), Some(false)));
        let theirs = reply(&mut socket, "moved").await;
        assert_eq!((theirs["seat"].as_u64(), theirs["by_computer"].as_bool()), (Some(1), Some(true)));
        let state = loop {
            let state = reply(&mut socket, "state").await;
            if state["next"] == "human" {
                break state;
            }
        };
        assert_eq!(state["history"].as_array().unwrap().len(), 2);
        assert_eq!(state["last_moves"].as_array().unwrap().len(), 2, "each seat's last move");
        state["saved_as"].as_str().expect("the table is saved once played").to_owned()
    };
    // Another server on the same folder offers it back, by id only.
    let server = Server::start(data.path());
    let mut socket = page(&server).await;
    play(&mut socket, json!({"action": "saved"})).await;
    let saved = reply(&mut socket, "saved").await;
    let table = saved["tables"].as_array().unwrap().iter().find(|t| t["id"] == id.as_str()).unwrap();
    assert_eq!((table["game"].as_str(), table["moves"].as_u64()), (Some("tripot"), Some(2)));
    assert_eq!(table["players"], json!(["human", "debutant"]));
    refused(&mut socket, json!({"action": "resume", "id": "../../etc/passwd"}), "unknown_table").await;
    play(&mut socket, json!({"action": "resume", "id": id})).await;
    let resumed = reply(&mut socket, "state").await;
    assert_eq!(resumed["history"].as_array().unwrap().len(), 2);
    assert_eq!(resumed["next"], "human");
}

#[tokio::test]
async fn a_table_set_up_wrong_is_refused_with_its_reason() {
    let data = tempfile::tempdir().unwrap();
    let server = Server::start(data.path());
    let mut socket = page(&server).await;
    refused(
        &mut socket,
        json!({"action": "new", "game": "chess", "players": ["human", "human"]}),
        "bad_game",
    )
    .await;
    refused(&mut socket, json!({"action": "new", "game": "kawu-3", "players": ["human"]}), "bad_seats").await;
    refused(
        &mut socket,
        json!({"action": "new", "game": "draughts", "players": ["human", "god"]}),
        "bad_player",
    )
    .await;
    let bad_position =
        json!({"action": "new", "game": "draughts", "players": ["human", "human"], "position": "W:W99"});
    refused(&mut socket, bad_position, "bad_position").await;
    refused(&mut socket, json!({"action": "undo"}), "no_table").await;
}

#[test]
fn draughts_plays_in_a_real_browser() {
    let test = "draughts_plays_in_a_real_browser";
    let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/web");
    let (chromium, dir) = match browser::browser_tools(&web) {
        Ok(tools) => tools,
        Err(what) => return prerequisite_missing(test, &what.to_string()),
    };
    let data = tempfile::tempdir().unwrap();
    let server = Server::start(data.path());
    let output = Command::new("node")
        .current_dir(dir.join("../.."))
        .arg(dir.join("draughts.mjs"))
        .env("CHROMIUM", &chromium)
        .env("TRIPOT_URL", &server.address)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "the draughts browser test failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("all draughts checks passed"), "{stdout}\n{stderr}");
    println!("{stdout}");
}
