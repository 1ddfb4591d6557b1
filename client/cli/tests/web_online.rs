//! Online play in `tripot web`, from raw WebSockets: the real binary on loopback, mDNS off,
//! each server with its own config directory (identity, saves).
//!
//! - Requests that make no sense — garbage, an unknown action, a malformed address or room
//!   code, a bad format, moves or a leave when nothing runs — each refused with a clear error,
//!   in both languages, and the page's duel still plays.
//! - A host waiting: a second host or a join refused, moves refused until the opponent comes,
//!   a room without a relay refused, the wait left cleanly.
//! - Two servers playing each other directly over loopback: moves both ways (each sees the
//!   other's, hop by hop), an out-of-turn move refused, a resignation, a rematch offered and
//!   accepted, and a live game left (the opponent is told).
//! - Draughts at two seats: the host's choice seats the colours, White begins, the rematch
//!   swaps the colours.
//!
//! A page closed mid-game, taken back by its reload or left after the grace period:
//! `web_rejoin.rs`.
//!
//! The same through a real `tripot-relay` by room code, in a real browser, is
//! `tests/tests/web_online.rs`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../../../tests/web/page_server.rs"]
mod page_server;

use page_server::{
    Socket, WebServer, both_connected, moves, online, open_page, own_pawns, play_a_step, send, steps_in_turn,
    until, view_where,
};

use serde_json::{Value, json};

/// A `tripot web` for online play on loopback only, stopped on drop.
fn server(name: &str) -> WebServer {
    WebServer::online(env!("CARGO_BIN_EXE_tripot"), name, &[])
}

/// Sends an online request and expects it refused with `code`, said in both languages.
async fn refused(socket: &mut Socket, action: &str, fields: Value, code: &str) {
    online(socket, action, fields.clone()).await;
    // The page's token (`online_seat`) comes first when online play starts.
    let answer =
        until(socket, "an answer", |m| m["type"] != "online_notice" && m["type"] != "online_seat").await;
    assert_eq!(answer["type"], "online_error", "{action} {fields} was not refused: {answer}");
    assert_eq!(answer["code"], code, "{action} {fields}: {answer}");
    let (fr, en) = (answer["words"]["fr"].as_str().unwrap(), answer["words"]["en"].as_str().unwrap());
    assert!(!fr.is_empty() && !en.is_empty() && fr != en, "said in both languages: {answer}");
}

#[tokio::test]
async fn online_requests_that_make_no_sense_are_refused_clearly() {
    let server = server("Alice");
    let mut ws = open_page(server.port).await;
    // Garbage: no action, an unknown one, a field of the wrong type.
    for garbage in [
        json!({"type": "online"}),
        json!({"type": "online", "action": "fly"}),
        json!({"type": "online", "action": "join", "to": 7}),
        json!({"type": "online", "action": "host", "format": "deux"}),
    ] {
        send(&mut ws, garbage.clone()).await;
        let answer = page_server::next_message(&mut ws).await;
        assert_eq!(
            (answer["type"].as_str(), answer["code"].as_str()),
            (Some("error"), Some("bad_message")),
            "{garbage}"
        );
    }
    // Nothing runs: moves, resign, rematch, claim, leave.
    for (action, fields) in [
        ("leave", json!({})),
        ("select", json!({"hole": "m4"})),
        ("move", json!({"to": "m5"})),
        ("hop", json!({"to": "m6"})),
        ("end_chain", json!({})),
        ("cancel", json!({})),
        ("resign", json!({})),
        ("rematch", json!({})),
        ("decline_rematch", json!({})),
        ("claim", json!({})),
        ("keep_waiting", json!({})),
    ] {
        refused(&mut ws, action, fields, "not_online").await;
    }
    // Malformed addresses and room codes; bad formats; lists never read.
    for to in ["/ip4/999.1.1.1/tcp/4001", "/not/an/address", "not a code!", "", "K7M-4QPZZ", "K7M-4QO"] {
        refused(&mut ws, "join", json!({"to": to}), "bad_address").await;
    }
    refused(&mut ws, "host", json!({"format": 4}), "bad_format").await;
    refused(&mut ws, "quick", json!({"format": 0}), "bad_format").await;
    refused(&mut ws, "close_list", json!({}), "not_now").await;
    // The LAN's list is an mDNS scan: refused under --no-mdns, nothing sent on the LAN.
    refused(&mut ws, "lan", json!({}), "network").await;
    refused(&mut ws, "join_table", json!({"addr": "/ip4/127.0.0.1/tcp/1"}), "no_such_table").await;
    refused(&mut ws, "open_table", json!({}), "not_now").await;
    // The table is untouched and still plays.
    let new = json!({"type": "play", "action": "new", "game": "tripot", "players": ["human", "human"]});
    send(&mut ws, new).await;
    let is_state = |m: &Value| m["type"] == "play" && m["reply"] == "state";
    let state = until(&mut ws, "the table's state", is_state).await;
    assert_eq!(state["history"].as_array().unwrap().len(), 0);
    send(&mut ws, json!({"type": "play", "action": "select", "hole": "m4"})).await;
    send(&mut ws, json!({"type": "play", "action": "move", "to": "m5"})).await;
    let state =
        until(&mut ws, "the table's move", |m| is_state(m) && m["history"].as_array().unwrap().len() == 1)
            .await;
    assert_eq!(state["turn"], 1);
}

#[tokio::test]
async fn a_waiting_host_refuses_a_second_game_and_moves_then_leaves_cleanly() {
    let server = server("Alice");
    let mut ws = open_page(server.port).await;
    // A room needs a relay; none is configured: refused, nothing opened.
    online(&mut ws, "host", json!({"room": true})).await;
    let answer = until(&mut ws, "the refusal", |m| m["type"] == "online_error").await;
    assert_eq!(answer["code"], "network");
    let (fr, en) = (answer["words"]["fr"].as_str().unwrap(), answer["words"]["en"].as_str().unwrap());
    assert!(en.starts_with("Cannot play online: a private room needs a tripot-relay"), "{answer}");
    assert!(fr.starts_with("Jeu en ligne impossible : une salle privée demande un tripot-relay"), "{answer}");
    refused(&mut ws, "leave", json!({}), "not_online").await;

    online(&mut ws, "host", json!({"format": 2})).await;
    let waiting =
        view_where(&mut ws, "an address to give", |v| !v["addrs"].as_array().unwrap().is_empty()).await;
    assert_eq!((waiting["side"].as_str(), waiting["connection"].as_str()), (Some("host"), Some("waiting")));
    assert!(waiting["board"].is_null() && waiting["peer"].is_null());
    let addr = waiting["addrs"][0].as_str().unwrap();
    assert!(addr.starts_with("/ip4/127.0.0.1/tcp/") && addr.contains("/p2p/"), "{addr}");
    refused(&mut ws, "host", json!({}), "already_online").await;
    refused(&mut ws, "join", json!({"to": addr}), "already_online").await;
    refused(&mut ws, "lan", json!({}), "already_online").await;
    refused(&mut ws, "select", json!({"hole": "m4"}), "not_connected").await;
    refused(&mut ws, "resign", json!({}), "not_connected").await;
    refused(&mut ws, "rematch", json!({}), "not_now").await;
    refused(&mut ws, "claim", json!({}), "not_now").await;
    // No game on yet: leaving asks nothing.
    online(&mut ws, "leave", json!({})).await;
    until(&mut ws, "the online game gone", |m| m["type"] == "online" && m["online"].is_null()).await;
    refused(&mut ws, "leave", json!({}), "not_online").await;
}

#[tokio::test]
async fn two_pages_play_each_other_directly_resign_and_play_a_rematch() {
    let (a_server, b_server) = (server("Alice"), server("Bruno"));
    let (mut a, mut b) = (open_page(a_server.port).await, open_page(b_server.port).await);
    online(&mut a, "host", json!({"opener": "first"})).await;
    let waiting = view_where(&mut a, "an address", |v| !v["addrs"].as_array().unwrap().is_empty()).await;
    let addr = waiting["addrs"][0].as_str().unwrap().to_owned();
    online(&mut b, "join", json!({"to": addr})).await;
    let (a_view, b_view) = both_connected(&mut a, &mut b).await;
    assert_eq!((a_view["peer"].as_str(), b_view["peer"].as_str()), (Some("Bruno"), Some("Alice")));
    assert_ne!(a_view["camp"], b_view["camp"]);
    // The host opens.
    assert!(a_view["your_turn"].as_bool().unwrap() && !b_view["your_turn"].as_bool().unwrap());
    assert_eq!(a_view["route"], "direct");

    // Out of turn: refused, nothing changes.
    let theirs = own_pawns(&b_view)[0].clone();
    refused(&mut b, "select", json!({"hole": theirs}), "not_your_turn").await;
    // Not one's own pawn.
    refused(&mut a, "select", json!({"hole": own_pawns(&b_view)[0]}), "not_your_pawn").await;
    refused(&mut a, "select", json!({"hole": "z99"}), "bad_hole").await;

    let (to_move, other) = steps_in_turn(&mut a, &mut b, a_view, 4).await;
    // After four moves, A is to move again; it resigns (asked once, then done).
    online(to_move, "resign", json!({})).await;
    let asked =
        until(to_move, "the question", |m| m["type"] == "online" || m["type"] == "online_notice").await;
    assert!(asked["type"] == "online_notice" || asked["online"]["confirm"] == "resign", "{asked}");
    online(to_move, "resign", json!({})).await;
    let lost = view_where(to_move, "the end", |v| !v["ending"].is_null()).await;
    assert_eq!(lost["ending"]["termination"], "resign");
    assert!(!lost["ending"]["you_win"].as_bool().unwrap());
    let won = view_where(other, "the end", |v| !v["ending"].is_null()).await;
    assert!(won["ending"]["you_win"].as_bool().unwrap());
    refused(to_move, "select", json!({"hole": "m4"}), "game_over").await;
    refused(other, "decline_rematch", json!({}), "not_now").await;

    // The winner offers a rematch; the other accepts it.
    online(other, "rematch", json!({})).await;
    view_where(other, "the offer sent", |v| v["rematch"] == "asked").await;
    view_where(to_move, "the offer received", |v| v["rematch"] == "offered").await;
    online(to_move, "rematch", json!({})).await;
    let fresh = view_where(to_move, "the new game", |v| {
        v["ending"].is_null() && moves(v) == 0 && !v["board"].is_null()
    })
    .await;
    assert_eq!(fresh["connection"], "connected");
    view_where(other, "the new game", |v| v["ending"].is_null() && moves(v) == 0).await;

    // Leaving a live game asks once; the opponent is told.
    online(other, "leave", json!({})).await;
    view_where(other, "the question", |v| v["confirm"] == "leave").await;
    online(other, "leave", json!({})).await;
    until(other, "the game gone", |m| m["type"] == "online" && m["online"].is_null()).await;
    let told =
        until(to_move, "the opponent left", |m| m["type"] == "online_notice" && m["strong"] == true).await;
    assert!(told["words"]["en"].as_str().unwrap().to_lowercase().contains("left"), "{told}");
}

#[tokio::test]
async fn two_pages_play_a_kawu_game_for_two_on_the_one_table() {
    let (a_server, b_server) = (server("Alice"), server("Bruno"));
    let (mut a, mut b) = (open_page(a_server.port).await, open_page(b_server.port).await);
    // The host form offers the games of two seats the session plays, each described.
    online(&mut a, "games", json!({})).await;
    let games = until(&mut a, "the games", |m| m["type"] == "online_games").await;
    until(&mut a, "no game open yet", |m| m["type"] == "online" && m["online"].is_null()).await;
    let kawu = games["games"].as_array().unwrap().iter().find(|g| g["name"] == "kawu-2").cloned();
    let kawu = kawu.unwrap_or_else(|| panic!("no kawu-2 offered: {games}"));
    assert!(!kawu["description"]["fr"].as_str().unwrap().is_empty(), "{kawu}");
    assert!(!games["games"].as_array().unwrap().iter().any(|g| g["name"] == "kawu-3"), "{games}");
    refused(&mut a, "host", json!({"game": "kawu-3"}), "unknown_game").await;

    online(&mut a, "host", json!({"game": "kawu-2", "opener": "first"})).await;
    let waiting = view_where(&mut a, "an address", |v| !v["addrs"].as_array().unwrap().is_empty()).await;
    online(&mut b, "join", json!({"to": waiting["addrs"][0]})).await;
    let (a_view, b_view) = both_connected(&mut a, &mut b).await;
    assert_eq!(
        (a_view["board"]["game"].as_str(), b_view["board"]["game"].as_str()),
        (Some("kawu-2"), Some("kawu-2"))
    );
    assert_ne!(a_view["seat"], b_view["seat"]);
    // Each sees the board turned for its own seat, as at a local table.
    assert_ne!(a_view["board"]["rotation"], b_view["board"]["rotation"]);
    assert!(a_view["your_turn"].as_bool().unwrap() && !b_view["your_turn"].as_bool().unwrap());

    let (to_move, other) = steps_in_turn(&mut a, &mut b, a_view, 2).await;
    online(to_move, "resign", json!({})).await;
    online(to_move, "resign", json!({})).await;
    let lost = view_where(to_move, "the end", |v| !v["ending"].is_null()).await;
    assert_eq!(lost["ending"]["termination"], "resign");
    let won = view_where(other, "the end", |v| !v["ending"].is_null()).await;
    assert!(won["ending"]["you_win"].as_bool().unwrap(), "{won}");
    assert!(won["ending"]["words"]["en"].as_str().unwrap().starts_with("You won"), "{won}");
}

/// Draughts at two seats: the host's choice seats the colours (here the guest plays White),
/// White begins, the moves go both ways verified, and the rematch swaps the colours.
#[tokio::test]
async fn two_pages_play_draughts_white_first_and_the_rematch_swaps_the_colours() {
    let (a_server, b_server) = (server("Alice"), server("Bruno"));
    let (mut a, mut b) = (open_page(a_server.port).await, open_page(b_server.port).await);
    online(&mut a, "games", json!({})).await;
    let games = until(&mut a, "the games", |m| m["type"] == "online_games").await;
    assert!(games["games"].as_array().unwrap().iter().any(|g| g["name"] == "draughts"), "{games}");
    online(&mut a, "host", json!({"game": "draughts", "opener": "second"})).await;
    let waiting = view_where(&mut a, "an address", |v| !v["addrs"].as_array().unwrap().is_empty()).await;
    online(&mut b, "join", json!({"to": waiting["addrs"][0]})).await;
    let (a_view, b_view) = both_connected(&mut a, &mut b).await;
    assert_eq!(
        (a_view["board"]["game"].as_str(), b_view["board"]["game"].as_str()),
        (Some("draughts"), Some("draughts"))
    );
    // The guest sits at White, the first seat, and begins.
    assert_eq!((a_view["seat"].as_u64(), b_view["seat"].as_u64()), (Some(1), Some(0)));
    assert!(b_view["your_turn"].as_bool().unwrap() && !a_view["your_turn"].as_bool().unwrap());
    let (to_move, other) = steps_in_turn(&mut b, &mut a, b_view, 2).await;
    // White (Bruno) is to move again; he resigns, Alice offers a rematch and he accepts.
    online(to_move, "resign", json!({})).await;
    online(to_move, "resign", json!({})).await;
    view_where(to_move, "the end", |v| !v["ending"].is_null()).await;
    view_where(other, "the end", |v| !v["ending"].is_null()).await;
    online(other, "rematch", json!({})).await;
    view_where(to_move, "the offer received", |v| v["rematch"] == "offered").await;
    online(to_move, "rematch", json!({})).await;
    let fresh = |v: &Value| v["ending"].is_null() && moves(v) == 0 && !v["board"].is_null();
    let b_view = view_where(to_move, "the new game", fresh).await;
    let a_view = view_where(other, "the new game", fresh).await;
    assert_eq!((a_view["seat"].as_u64(), b_view["seat"].as_u64()), (Some(0), Some(1)), "the colours swap");
    assert!(
        a_view["your_turn"].as_bool().unwrap() && !b_view["your_turn"].as_bool().unwrap(),
        "White begins"
    );
    let (notation, _) = play_a_step(other, &a_view).await;
    let seen = until(to_move, "White's move", |m| m["type"] == "online_move").await;
    assert_eq!(seen["notation"], notation.as_str());
}
