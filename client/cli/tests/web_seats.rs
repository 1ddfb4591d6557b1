//! Online tables of 2–6 seats in `tripot web`, from raw WebSockets: the real binary on loopback,
//! mDNS off, two servers. Page A hosts a kawu-3 table with a computer at the seat after its own;
//! page B joins by the link A's page shows and takes the last seat; the three seats play, each
//! page's moves seen on the other; a chat line of A's is read on B's page; B's page closes and
//! its reload (its token) is back at its seat with the moves so far and plays on. Requests that
//! make no sense (an unknown game, clock or level, a bad link, table actions with no table) are
//! refused in both languages.
//!
//! The same in a real browser, by clicks (`tests/web/seats.mjs`, playwright-core driving
//! Debian's chromium). A missing browser fails that test when `CI` is set, and skips it (saying
//! so) otherwise.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../../../tests/web/browser_tools.rs"]
mod browser;
#[path = "../../../tests/web/page_server.rs"]
mod page_server;
mod tmux_common;

use page_server::{Socket, WebServer, one_hop_end, online, open_page, send, until};

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

/// A `tripot web` for online play on loopback only, stopped on drop.
fn server(name: &str) -> WebServer {
    WebServer::online(env!("CARGO_BIN_EXE_tripot"), name, &[])
}

/// Reads until a table view for which `pred` holds.
async fn table_where(ws: &mut Socket, what: &str, pred: impl Fn(&Value) -> bool) -> Value {
    until(ws, what, |m| m["type"] == "online_seats" && !m["table"].is_null() && pred(&m["table"])).await["table"]
        .clone()
}

fn plies(table: &Value) -> usize {
    table["board"]["history"].as_array().map_or(0, Vec::len)
}

/// Plays a move of ours on `table` (our turn): a piece the program says may move, to a cell
/// one hop away where one of its moves ends (a jump that may go on is ended by « fin du saut »);
/// returns the table after it.
async fn play(ws: &mut Socket, table: &Value) -> Value {
    let before = plies(table);
    let pickable: Vec<String> = table["board"]["pickable"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_owned())
        .collect();
    for hole in pickable {
        online(ws, "select", json!({"hole": hole})).await;
        let picked = until(ws, "the selection", |m| {
            m["type"] == "online_error"
                || (m["type"] == "online_seats" && !m["table"]["board"]["selection"].is_null())
        })
        .await;
        let ends = picked["table"]["board"]["selection"]["ends"].as_array().cloned().unwrap_or_default();
        let Some(step) = one_hop_end(ws, ends).await else {
            continue;
        };
        online(ws, "move", json!({"to": step})).await;
        // The move played may show on the board before its own message comes (the computers
        // answering at once): a table view past it ends the wait as well.
        let answer = until(ws, "the move sent or a hop made", |m| {
            m["type"] == "online_move"
                || (m["type"] == "online_seats"
                    && (plies(&m["table"]) > before
                        || m["table"]["board"]["selection"]["path"].as_array().map(Vec::len) > Some(1)))
        })
        .await;
        if answer["type"] == "online_seats" && plies(&answer["table"]) > before {
            return answer["table"].clone();
        }
        if answer["type"] != "online_move" {
            online(ws, "end_chain", json!({})).await;
        }
        return table_where(ws, "our move on the board", |t| plies(t) > before).await;
    }
    panic!("no piece could move: {table}");
}

async fn refused(ws: &mut Socket, action: &str, fields: Value, code: &str) {
    online(ws, action, fields.clone()).await;
    let answer = until(ws, "an answer", |m| m["type"] == "online_error").await;
    assert_eq!(answer["code"], code, "{action} {fields}: {answer}");
    let (fr, en) = (answer["words"]["fr"].as_str().unwrap(), answer["words"]["en"].as_str().unwrap());
    assert!(!fr.is_empty() && !en.is_empty() && fr != en, "said in both languages: {answer}");
}

#[tokio::test]
async fn table_requests_that_make_no_sense_are_refused_clearly() {
    let server = server("Alice");
    let mut ws = open_page(server.port).await;
    refused(&mut ws, "host_seats", json!({"game": "kawu-9"}), "unknown_game").await;
    refused(&mut ws, "host_seats", json!({"game": "kawu-3", "clock": "7"}), "not_now").await;
    refused(&mut ws, "host_seats", json!({"game": "kawu-3", "computers": [9]}), "not_now").await;
    refused(&mut ws, "host_seats", json!({"game": "kawu-3", "computers": [1, 1, 1]}), "not_now").await;
    refused(&mut ws, "join_seats", json!({"link": "not a link"}), "bad_address").await;
    for (action, fields) in [
        ("chat", json!({"text": "hello"})),
        ("mute", json!({"seat": 1, "muted": true})),
        ("offer_draw", json!({})),
        ("answer_draw", json!({"accept": true})),
        ("vote", json!({})),
        ("claim_seat", json!({"seat": 1})),
        ("seat_computer", json!({"seat": 1, "level": 1})),
    ] {
        refused(&mut ws, action, fields, "not_online").await;
    }
}

#[tokio::test]
async fn the_host_gives_the_empty_seats_to_computers_and_the_game_starts() {
    let a_server = server("Alice");
    let mut a = open_page(a_server.port).await;
    online(&mut a, "host_seats", json!({"game": "kawu-3", "spectators": true})).await;
    let waiting = table_where(&mut a, "the seats announced, two free", |t| {
        t["hosting"] == true && t["seats"][2]["holder"] == "empty"
    })
    .await;
    assert_eq!(waiting["computer_seats"], json!([1, 2]), "{waiting}");
    // Our own seat, a level the computers lack, a seat the table has not: refused.
    refused(&mut a, "seat_computer", json!({"seat": 0, "level": 1}), "not_now").await;
    refused(&mut a, "seat_computer", json!({"seat": 1, "level": 9}), "not_now").await;
    refused(&mut a, "seat_computer", json!({"seat": 7, "level": 1}), "not_now").await;
    online(&mut a, "seat_computer", json!({"seat": 1, "level": 1})).await;
    let one = table_where(&mut a, "a computer at seat 2", |t| t["seats"][1]["holder"] == "computer").await;
    assert_eq!(one["computer_seats"], json!([2]), "{one}");
    online(&mut a, "seat_computer", json!({"seat": 2, "level": 2})).await;
    let mine =
        table_where(&mut a, "the game on, our turn", |t| t["started"] == true && t["your_turn"] == true)
            .await;
    assert_eq!(mine["computer_seats"], json!([]), "none once the game is on: {mine}");
    let after = play(&mut a, &mine).await;
    assert!(plies(&after) >= 1);
    // The computers may have answered before our move's view was read: no view comes after.
    let answered = if plies(&after) >= 3 {
        after
    } else {
        table_where(&mut a, "both computers answered", |t| plies(t) >= 3).await
    };
    assert!(plies(&answered) >= 3, "{answered}");
    // Under way, no seat is given any more.
    refused(&mut a, "seat_computer", json!({"seat": 2, "level": 1}), "not_now").await;
}

#[tokio::test]
async fn a_kawu_3_table_with_a_computer_is_joined_by_its_link_and_a_reload_rejoins_its_seat() {
    let (a_server, b_server) = (server("Alice"), server("Bruno"));
    let (mut a, mut b) = (open_page(a_server.port).await, open_page(b_server.port).await);
    online(&mut a, "host_seats", json!({"game": "kawu-3", "computers": [1], "spectators": true})).await;
    // The link may come before the table's own announcement of its seats.
    let shared = table_where(&mut a, "the link and the seats", |t| {
        !t["invitation"].is_null() && t["seats"][1]["holder"] == "computer"
    })
    .await;
    let link = shared["invitation"].as_str().unwrap().to_owned();
    assert!(link.starts_with("tripot://table/kawu-3/3/"), "{link}");
    assert_eq!(shared["seats"][1]["holder"], "computer");
    assert!(shared["hosting"].as_bool().unwrap());

    online(&mut b, "join_seats", json!({"link": link})).await;
    let token = until(&mut b, "B's token", |m| m["type"] == "online_seat").await["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let b_table =
        table_where(&mut b, "B seated, the game on", |t| t["started"] == true && t["my_seat"] == 2).await;
    assert_eq!(b_table["seats"][0]["words"]["en"], "Alice");
    assert_eq!(b_table["seats"][2]["holder"], "you");

    // Two rounds: A, the computer, B — each page's moves on the other's board.
    for round in 0..2 {
        let mine = table_where(&mut a, "A to move", |t| t["your_turn"] == true).await;
        let after = play(&mut a, &mine).await;
        // The computer may have answered already.
        assert!(plies(&after) > round * 3, "A's move on its board");
        let mine = table_where(&mut b, "B to move", |t| t["your_turn"] == true).await;
        assert_eq!(plies(&mine), round * 3 + 2, "B sees A's and the computer's moves");
        play(&mut b, &mine).await;
    }
    table_where(&mut a, "A sees six plies", |t| plies(t) >= 6).await;

    // A chat line crosses the table.
    online(&mut a, "chat", json!({"text": "bonne partie"})).await;
    let heard = table_where(&mut b, "A's line", |t| {
        t["chat"].as_array().unwrap().iter().any(|l| l["text"] == "bonne partie")
    })
    .await;
    let line =
        heard["chat"].as_array().unwrap().iter().find(|l| l["text"] == "bonne partie").unwrap().clone();
    assert_eq!((line["seat"].as_u64(), line["from"]["en"].as_str()), (Some(0), Some("Alice")), "{line}");

    // B's page reloads: back at its seat with the moves so far, and plays on.
    b.close(None).await.unwrap();
    drop(b);
    let mut b = open_page(b_server.port).await;
    send(&mut b, json!({"type": "rejoin", "token": token})).await;
    let answer = until(&mut b, "the answer", |m| m["type"] == "online_rejoined").await;
    assert_eq!(answer["found"], true);
    let back = table_where(&mut b, "B's table back", |t| plies(t) >= 6).await;
    assert_eq!(back["my_seat"], 2);
    let mine = table_where(&mut a, "A to move", |t| t["your_turn"] == true).await;
    play(&mut a, &mine).await;
    let mine = table_where(&mut b, "B to move after its reload", |t| t["your_turn"] == true).await;
    assert_eq!(plies(&mine), 8);
    let after = play(&mut b, &mine).await;
    assert_eq!(plies(&after), 9);
    table_where(&mut a, "A sees B's move after its reload", |t| plies(t) == 9).await;
}

/// What the browser test needs, or why it cannot run (`tests/web/browser_tools.rs`).
fn browser_tools() -> Result<(PathBuf, PathBuf), browser::MissingTool> {
    browser::browser_tools(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/web"))
}

#[test]
fn a_kawu_3_table_is_hosted_joined_played_talked_at_and_reloaded_in_a_real_browser() {
    let test = "a_kawu_3_table_is_hosted_joined_played_talked_at_and_reloaded_in_a_real_browser";
    let (chromium, dir) = match browser_tools() {
        Ok(tools) => tools,
        Err(what) => return tmux_common::prerequisite_missing(test, &what.to_string()),
    };
    let (a, b) = (server("Alice"), server("Bruno"));
    let mut script = browser::node_script(&chromium, &dir, "seats.mjs");
    script.env("TRIPOT_URL_A", &a.url).env("TRIPOT_URL_B", &b.url);
    browser::assert_script_passes(script, "all table browser checks passed");
}

#[tokio::test]
async fn a_table_of_two_with_a_clock_is_watched_drawn_by_agreement_and_voted_on() {
    two_seats_watched_drawn_and_voted_on("kawu-2").await;
}

/// Draughts at a table: the same table features as any game's, through the same messages.
#[tokio::test]
async fn a_draughts_table_with_a_clock_is_watched_drawn_by_agreement_and_voted_on() {
    two_seats_watched_drawn_and_voted_on("draughts").await;
}

/// A table of two seats of `game` with a clock of 30 s a move: a spectator watches, a draw is
/// offered and agreed, and the vote for another game is seen.
async fn two_seats_watched_drawn_and_voted_on(game: &str) {
    let (a_server, b_server, c_server) = (server("Alice"), server("Bruno"), server("Chloé"));
    let (mut a, mut b, mut c) =
        (open_page(a_server.port).await, open_page(b_server.port).await, open_page(c_server.port).await);
    online(&mut a, "host_seats", json!({"game": game, "clock": "30", "spectators": true})).await;
    let shared = table_where(&mut a, "the link to share", |t| !t["invitation"].is_null()).await;
    let link = shared["invitation"].as_str().unwrap().to_owned();
    online(&mut b, "join_seats", json!({"link": link})).await;
    let b_table =
        table_where(&mut b, "B seated, the game on", |t| t["started"] == true && !t["my_seat"].is_null())
            .await;
    // Seats in the order people came, but for a game whose colours are drawn (draughts).
    let b_seat = b_table["my_seat"].as_u64().unwrap();
    let a_seat = 1 - b_seat;
    if game != "draughts" {
        assert_eq!(b_seat, 1, "{b_table}");
    }
    assert_eq!(b_table["clock"]["en"], "30 s a move", "{b_table}");
    // The seat to move has its clock running, at most the 30 s a move.
    let running =
        b_table["seats"].as_array().unwrap().iter().find(|s| s["clock_running"] == true).unwrap().clone();
    assert_eq!(running["seat"], b_table["to_move"], "{b_table}");
    assert!(running["clock_secs"].as_u64().unwrap() <= 30, "{running}");

    // A spectator comes by the same link: no seat, the board, the seats.
    online(&mut c, "join_seats", json!({"link": link, "watch": true})).await;
    let watched =
        table_where(&mut c, "the table watched", |t| t["started"] == true && !t["board"].is_null()).await;
    assert!(watched["my_seat"].is_null(), "{watched}");
    assert_eq!(watched["seats"][a_seat as usize]["words"]["en"], "Alice");
    let a_cell = if game == "draughts" { "31" } else { "m4" };
    refused(&mut c, "select", json!({"hole": a_cell}), "not_connected").await;

    // A offers a draw; B is asked and accepts; the game ends in a draw on both pages.
    let a_table = table_where(&mut a, "A may offer a draw", |t| t["may_offer_draw"] == true).await;
    assert_eq!(a_table["my_seat"], a_seat);
    online(&mut a, "offer_draw", json!({})).await;
    table_where(&mut b, "B asked", |t| t["draw_offer"] == a_seat && t["may_answer_draw"] == true).await;
    online(&mut b, "answer_draw", json!({"accept": true})).await;
    let ended = table_where(&mut b, "the end on B", |t| !t["end"].is_null()).await;
    let (fr, en) = (ended["end"]["fr"].as_str().unwrap(), ended["end"]["en"].as_str().unwrap());
    assert!(!fr.is_empty() && !en.is_empty() && fr != en, "{ended}");
    table_where(&mut a, "the end on A", |t| !t["end"].is_null()).await;

    // The vote for another game: A votes, B sees the vote.
    table_where(&mut a, "A may vote", |t| t["may_vote"] == true).await;
    online(&mut a, "vote", json!({})).await;
    table_where(&mut b, "A's vote seen", |t| {
        t["vote"]["votes"].as_array().is_some_and(|v| v.contains(&json!(a_seat)))
    })
    .await;
}
