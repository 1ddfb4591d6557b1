//! `tripot web`'s one table of any game (`{"type":"play",…}`), the real binary on loopback:
//! - over a raw WebSocket: the catalogue offered, a draughts capture dropped on its last square,
//!   a shorter capture refused however it is sent (picked, dragged, typed), hostile cells and
//!   set-ups refused with the game unchanged, a solo duel answered by the computer, a table saved
//!   and offered back by id after a restart;
//! - in a real browser (`tests/web/draughts.mjs`): draughts from the form, moves and a capture
//!   by drag and drop, the turned board, « Règles » opening the draughts rules.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../../../tests/web/browser_tools.rs"]
mod browser;
#[path = "../../../tests/web/page_server.rs"]
mod page_server;
mod tmux_common;

use std::path::Path;
use std::process::{Child, Command};

use futures::SinkExt;
use page_server::{Socket, open_page};
use serde_json::{Value, json};
use tmux_common::prerequisite_missing;
use tokio_tungstenite::tungstenite::Message;

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

/// The page's socket.
async fn page(server: &Server) -> Socket {
    open_page(page_server::loopback_port(&server.address)).await
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
    refused(
        &mut socket,
        json!({"action": "new", "game": "kawu-3", "players": ["human", "human", "human"], "opener": 9}),
        "bad_opener",
    )
    .await;
    // Not even a request of the table: the socket's own error.
    let answer = {
        socket
            .send(Message::Text(json!({"type": "play", "action": "fly"}).to_string().into()))
            .await
            .unwrap();
        page_server::next_message(&mut socket).await
    };
    assert_eq!((answer["type"].as_str(), answer["code"].as_str()), (Some("error"), Some("bad_message")));
    // On a computer's turn nobody at the page acts (Impossible thinks for seconds at least).
    let thinking = new_table(&mut socket, "kawu-3", &["impossible", "human", "human"], None).await;
    assert_eq!((thinking["next"].as_str(), thinking["turn"].as_u64()), (Some("computer"), Some(0)));
    assert_eq!(thinking["pickable"], json!([]));
    refused(&mut socket, json!({"action": "select", "hole": "a13"}), "not_your_turn").await;
    refused(&mut socket, json!({"action": "hint"}), "not_your_turn").await;
    refused(&mut socket, json!({"action": "end_chain"}), "not_your_turn").await;
}

/// Reads until the state where `next` is `who`.
async fn state_where(socket: &mut Socket, who: &str) -> Value {
    loop {
        let state = reply(socket, "state").await;
        if state["next"] == who {
            return state;
        }
    }
}

fn strings(value: &Value) -> Vec<String> {
    value.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_owned()).collect()
}

/// A person's move: the first pickable piece with somewhere to go, played to its first end
/// (a chain that could go on is ended there). Returns its notation.
async fn person_steps(socket: &mut Socket, state: &Value) -> String {
    for from in strings(&state["pickable"]) {
        play(socket, json!({"action": "select", "hole": from})).await;
        // A state sent before the selection (a hint's, answering an earlier request) is not
        // its answer.
        let picked = loop {
            let state = reply(socket, "state").await;
            if !state["selection"].is_null() {
                break state;
            }
        };
        let Some(to) = strings(&picked["selection"]["ends"]).into_iter().next() else { continue };
        play(socket, json!({"action": "move", "to": to})).await;
        loop {
            let message = page_server::next_message(socket).await;
            match message["reply"].as_str() {
                Some("moved") => {
                    assert_eq!(message["by_computer"], false);
                    let path = strings(&message["path"]);
                    assert_eq!((path.first(), path.last()), (Some(&from), Some(&to)));
                    return message["notation"].as_str().unwrap().to_owned();
                }
                Some("state") => play(socket, json!({"action": "end_chain"})).await,
                _ => panic!("while playing {from} to {to}: {message}"),
            }
        }
    }
    panic!("no piece with a move in {state}");
}

#[tokio::test]
async fn a_kawu_3_table_with_two_computers_plays_refuses_bad_input_and_undoes() {
    let data = tempfile::tempdir().unwrap();
    let server = Server::start(data.path());
    let mut ws = page(&server).await;
    let state = new_table(&mut ws, "kawu-3", &["human", "debutant", "debutant"], None).await;
    assert_eq!((state["game"].as_str(), state["turn"].as_u64()), (Some("kawu-3"), Some(0)));
    assert_eq!((state["viewer"].as_u64(), state["rotation"].as_i64()), (Some(0), Some(0)));
    // Only the marbles that can move: the back row is blocked at the start.
    assert_eq!(strings(&state["pickable"]).len(), 7, "S's marbles that can move");
    let pieces = state["cells"].as_array().unwrap().iter().filter(|c| c.get("piece").is_some()).count();
    assert_eq!(pieces, 30);
    assert_eq!(state["can_undo"], false);
    let names: Vec<String> =
        state["seats"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap().to_owned()).collect();
    assert_eq!(names, ["S", "NW", "NE"]);
    // Bad input changes nothing.
    refused(&mut ws, json!({"action": "select", "hole": "z99"}), "bad_cell").await;
    refused(&mut ws, json!({"action": "select", "hole": "a13"}), "not_pickable").await;
    refused(&mut ws, json!({"action": "select", "hole": "i9"}), "not_pickable").await;
    refused(&mut ws, json!({"action": "hop", "to": "k5"}), "no_selection").await;
    refused(&mut ws, json!({"action": "end_chain"}), "no_chain").await;
    refused(&mut ws, json!({"action": "confirm"}), "nothing_to_confirm").await;
    refused(&mut ws, json!({"action": "undo"}), "nothing_to_undo").await;
    play(&mut ws, json!({"action": "select", "hole": "k3"})).await;
    let picked = reply(&mut ws, "state").await;
    assert_eq!(strings(&picked["selection"]["path"]), ["k3"]);
    assert!(strings(&picked["selection"]["ends"]).contains(&"k5".to_owned()), "{picked}");
    refused(&mut ws, json!({"action": "move", "to": "i9"}), "not_a_destination").await;
    play(&mut ws, json!({"action": "path", "to": "k5"})).await;
    assert_eq!(strings(&reply(&mut ws, "path").await["cells"]), ["k3", "k5"]);
    // The move, then each computer's, before the person's turn comes back.
    play(&mut ws, json!({"action": "move", "to": "k5"})).await;
    let moved = reply(&mut ws, "moved").await;
    assert_eq!((moved["seat"].as_u64(), moved["notation"].as_str()), (Some(0), Some("k3-k5")));
    let thinking = reply(&mut ws, "state").await;
    assert_eq!((thinking["next"].as_str(), thinking["turn"].as_u64()), (Some("computer"), Some(1)));
    assert_eq!(thinking["viewer"], 0, "while computers play, the last person's view stays");
    for seat in [1, 2] {
        let moved = reply(&mut ws, "moved").await;
        assert_eq!((moved["seat"].as_u64(), moved["by_computer"].as_bool()), (Some(seat), Some(true)));
        assert!(moved["path"].as_array().unwrap().len() >= 2, "{moved}");
    }
    let back = state_where(&mut ws, "human").await;
    assert_eq!(back["history"].as_array().unwrap().len(), 3);
    assert_eq!(back["last_moves"].as_array().unwrap().len(), 3, "each seat's last move");
    assert_eq!(back["can_undo"], true);
    // Saved as the terminal saves a table.
    let id = back["saved_as"].as_str().unwrap().to_owned();
    let record = std::fs::read_to_string(data.path().join("games").join(format!("{id}.tripot"))).unwrap();
    assert!(record.contains("[Table \"human,debutant,debutant\"]") && record.contains("kawu-3"), "{record}");
    assert!(record.contains("k3-k5"), "{record}");
    // Undo takes back the computers' replies with the person's move.
    play(&mut ws, json!({"action": "undo"})).await;
    let undone = state_where(&mut ws, "human").await;
    assert!(undone["history"].as_array().unwrap().is_empty());
    assert_eq!(undone["turn"], 0);
    let mut state = undone;
    for _ in 0..3 {
        person_steps(&mut ws, &state).await;
        state = state_where(&mut ws, "human").await;
    }
    assert_eq!(state["history"].as_array().unwrap().len(), 9);
    // Another page sits down at it, its computers with it.
    let mut other = page(&server).await;
    // The saved games' list of the older readers leaves the table's record where it is.
    other.send(Message::Text(json!({"type": "saves", "action": "list"}).to_string().into())).await.unwrap();
    play(&mut other, json!({"action": "resume", "id": id})).await;
    let resumed = state_where(&mut other, "human").await;
    assert_eq!(resumed["history"].as_array().unwrap().len(), 9);
    assert_eq!(resumed["seats"][1]["player"], "debutant");
}

#[tokio::test]
async fn the_board_turns_to_the_person_to_move_and_a_hint_is_found() {
    let data = tempfile::tempdir().unwrap();
    let server = Server::start(data.path());
    let mut ws = page(&server).await;
    // Two people at NW and NE, a computer opening at S.
    let first = new_table(&mut ws, "kawu-3", &["debutant", "human", "human"], None).await;
    assert_eq!(first["next"], "computer");
    assert_eq!(first["viewer"], 1, "before the first person plays, the board shows the first person's view");
    let nw = state_where(&mut ws, "human").await;
    assert_eq!((nw["turn"].as_u64(), nw["viewer"].as_u64()), (Some(1), Some(1)));
    assert_eq!(nw["rotation"], 120, "NW's branch (upper left) turned down to the bottom");
    play(&mut ws, json!({"action": "hint"})).await;
    assert_eq!(reply(&mut ws, "state").await["hint_pending"], true);
    // A second request while the search runs is refused; the search may also have ended
    // before the request arrived (an idle machine finds it in milliseconds): then the state
    // that answers it already carries the hint.
    play(&mut ws, json!({"action": "hint"})).await;
    let hinted = loop {
        let answer = page_server::next_message(&mut ws).await;
        if answer["type"] != "play" {
            continue;
        }
        if answer["reply"] == "error" {
            assert_eq!(answer["code"], "hint_pending", "{answer}");
            continue;
        }
        if answer["reply"] == "state" && !answer["hint"].is_null() {
            break answer;
        }
    };
    assert_eq!(hinted["hint"]["seat"], 1);
    assert!(hinted["hint"]["path"].as_array().unwrap().len() >= 2);
    person_steps(&mut ws, &hinted).await;
    let ne = state_where(&mut ws, "human").await;
    assert_eq!(
        (ne["turn"].as_u64(), ne["viewer"].as_u64(), ne["rotation"].as_i64()),
        (Some(2), Some(2), Some(240))
    );
}

#[tokio::test]
async fn the_board_marks_the_goals_and_the_branches_closed_to_each_seat() {
    let data = tempfile::tempdir().unwrap();
    let server = Server::start(data.path());
    let mut ws = page(&server).await;
    let cells_where = |state: &Value, test: &dyn Fn(&Value) -> bool| {
        state["cells"].as_array().unwrap().iter().filter(|c| test(c)).count()
    };
    // Stern-Halma for three: three goals of ten holes, each tinted by the army bound there, and
    // four branches closed to each seat.
    let halma = new_table(&mut ws, "halma-3", &["human", "human", "human"], None).await;
    assert_eq!(cells_where(&halma, &|c| c["goal"].is_u64()), 30);
    let goal_colours: std::collections::HashSet<u64> =
        halma["cells"].as_array().unwrap().iter().filter_map(|c| c["goal"].as_u64()).collect();
    assert_eq!(goal_colours.len(), 3);
    for seat in 0..3 {
        let closed = cells_where(&halma, &|c| {
            c["closed_to"].as_array().is_some_and(|seats| seats.iter().any(|s| s == seat))
        });
        assert_eq!(closed, 40, "seat {seat}");
    }
    // The duel has goals and closes nothing; draughts has neither.
    let duel = new_table(&mut ws, "tripot", &["human", "human"], None).await;
    assert_eq!(cells_where(&duel, &|c| c["goal"].is_u64()), 20);
    assert_eq!(cells_where(&duel, &|c| c.get("closed_to").is_some()), 0);
    let draughts = new_table(&mut ws, "draughts", &["human", "human"], None).await;
    assert_eq!(cells_where(&draughts, &|c| c.get("goal").is_some() || c.get("closed_to").is_some()), 0);
}

#[tokio::test]
async fn a_move_the_game_warns_about_asks_first_and_the_end_gives_the_places() {
    let data = tempfile::tempdir().unwrap();
    let server = Server::start(data.path());
    let mut ws = page(&server).await;
    // RULES-STAR.md §4.6: S's j5-j4 goes back home after the deadline.
    let position = "S:NEj13,k13,l13,m13,k12,l12,m12,l11,m11,m10:Se5,f5,g5,h5,i5,j5,n5,o5,p5,q5:\
                    NWa13,b13,c13,d13,b12,c12,d12,c11,d11,d10 moves=30";
    new_table(&mut ws, "halma-3", &["human", "human", "human"], Some(position)).await;
    play(&mut ws, json!({"action": "select", "hole": "j5"})).await;
    reply(&mut ws, "state").await;
    play(&mut ws, json!({"action": "move", "to": "j4"})).await;
    let asking = reply(&mut ws, "state").await;
    assert_eq!(asking["pending"]["notation"], "j5-j4");
    refused(&mut ws, json!({"action": "select", "hole": "e5"}), "confirm_first").await;
    play(&mut ws, json!({"action": "cancel"})).await;
    let declined = reply(&mut ws, "state").await;
    assert!(declined["pending"].is_null() && declined["history"].as_array().unwrap().is_empty());
    play(&mut ws, json!({"action": "select", "hole": "j5"})).await;
    reply(&mut ws, "state").await;
    play(&mut ws, json!({"action": "move", "to": "j4"})).await;
    reply(&mut ws, "state").await;
    play(&mut ws, json!({"action": "confirm"})).await;
    assert_eq!(reply(&mut ws, "moved").await["notation"], "j5-j4");
    let after = reply(&mut ws, "state").await;
    let news = after["news"].as_array().unwrap();
    // Its place comes with the end of the game.
    assert!(news.iter().any(|e| e["kind"] == "eliminated" && e["seat"] == 0), "{news:?}");
    assert_eq!(after["seats"][0]["status"], "eliminated");

    // The captures game: NW takes two pieces in one chain and the game ends.
    let position = "NW:Xi9,j9,k10,m12";
    let state = new_table(&mut ws, "captures-3", &["debutant", "human", "debutant"], Some(position)).await;
    assert_eq!(state["next"], "human");
    let neutral = state["cells"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c.get("piece").is_some_and(|p| p["owner"].is_null()))
        .count();
    assert_eq!(neutral, 4);
    assert!(
        strings(&state["pickable"]).contains(&"i9".to_owned()),
        "a neutral piece that can jump is picked"
    );
    play(&mut ws, json!({"action": "select", "hole": "i9"})).await;
    reply(&mut ws, "state").await;
    play(&mut ws, json!({"action": "hop", "to": "k9"})).await;
    reply(&mut ws, "state").await;
    play(&mut ws, json!({"action": "move", "to": "k11"})).await;
    assert_eq!(reply(&mut ws, "moved").await["notation"], "i9-k9-k11");
    let over = reply(&mut ws, "state").await;
    assert_eq!(over["next"], "over");
    let left = over["cells"].as_array().unwrap().iter().filter(|c| c.get("piece").is_some()).count();
    assert_eq!(left, 2, "the two pieces taken are gone");
    let taken = over["seats"][1]["counters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["kind"] == "captured")
        .unwrap()
        .clone();
    assert_eq!(taken["value"], 2);
    assert!(over["news"].as_array().unwrap().iter().any(|e| e["kind"] == "captured" && e["pieces"] == 2));
    let firsts: Vec<u64> = over["outcome"]["places"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["rank"] == 1)
        .map(|p| p["seat"].as_u64().unwrap())
        .collect();
    assert_eq!(firsts, [1]);
    // The reason in words, in both languages, read from the outcome.
    assert_eq!(over["outcome"]["said"]["fr"], "plus aucun coup possible", "{}", over["outcome"]);
    assert_eq!(over["outcome"]["said"]["en"], "no move left");
    // After the end nothing more is played.
    refused(&mut ws, json!({"action": "select", "hole": "k11"}), "game_over").await;
    refused(&mut ws, json!({"action": "undo"}), "game_over").await;
    refused(&mut ws, json!({"action": "hint"}), "game_over").await;
}

#[tokio::test]
async fn saved_tables_are_offered_by_id_resumed_and_a_corrupt_one_is_set_aside() {
    let data = tempfile::tempdir().unwrap();
    let games = data.path().join("games");
    std::fs::create_dir_all(&games).unwrap();
    // A star record whose moves do not replay: reported, renamed, never overwritten.
    let broken = "[Table \"human,human\"]\n[Variant \"kawu-2\"]\n[Result \"*\"]\n\n1. m1-z9 *\n";
    std::fs::write(games.join("broken.tripot"), broken).unwrap();
    let server = Server::start(data.path());
    let mut ws = page(&server).await;
    play(&mut ws, json!({"action": "saved"})).await;
    let listed = reply(&mut ws, "saved").await;
    assert!(listed["tables"].as_array().unwrap().is_empty(), "{listed}");
    let corrupt = listed["corrupt"].as_array().unwrap();
    assert_eq!(corrupt.len(), 1, "{listed}");
    let file = corrupt[0]["file"].as_str().unwrap();
    assert!(file.starts_with("broken") && !file.contains('/'), "{file}");
    assert!(!games.join("broken.tripot").exists());
    assert_eq!(std::fs::read_to_string(games.join(file)).unwrap(), broken);

    let state = new_table(&mut ws, "kawu-2", &["human", "human"], None).await;
    let played = person_steps(&mut ws, &state).await;
    let after = state_where(&mut ws, "human").await;
    assert_eq!((after["turn"].as_u64(), after["viewer"].as_u64()), (Some(1), Some(1)));
    assert_eq!(after["rotation"], 180, "hot-seat: the second person sees its own home at the bottom");
    let id = after["saved_as"].as_str().unwrap().to_owned();

    // A fresh page resumes it by id; an id that is a path is refused.
    let mut other = page(&server).await;
    refused(&mut other, json!({"action": "resume", "id": "../games/broken"}), "unknown_table").await;
    let path_id = format!("{}/{id}", games.display());
    refused(&mut other, json!({"action": "resume", "id": path_id}), "unknown_table").await;
    play(&mut other, json!({"action": "resume", "id": id})).await;
    let resumed = state_where(&mut other, "human").await;
    assert_eq!(resumed["history"][0]["notation"].as_str(), Some(played.as_str()));
    assert_eq!(resumed["turn"], 1);
    assert_eq!(resumed["saved_as"].as_str(), Some(id.as_str()));
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
    let mut script = browser::node_script(&chromium, &dir, "draughts.mjs");
    script.env("TRIPOT_URL", &server.address);
    browser::assert_script_passes(script, "all draughts checks passed");
}
