//! A page's online game outlives the page's socket for a grace period, from raw WebSockets: the
//! real binary on loopback, mDNS off, two servers playing each other directly.
//!
//! - A page closed mid-game (a reload) is taken back by a new socket presenting the page's
//!   token: the same seat, the moves so far, whose turn, the opponent, and the game plays on,
//!   the opponent never told of a departure.
//! - A wrong, shortened or forged token gets "not found" and nothing of the game; the game is
//!   still there for the right one.
//! - A token presented while its page is still open (a duplicated tab) moves the game to the
//!   newest page; the older is told where it went.
//! - A page not taken back leaves its game once the grace period is over: the opponent is told,
//!   and the token leads nowhere any more.
//!
//! - In a real browser (`tests/web/rejoin.mjs`, playwright-core driving Debian's chromium): F5
//!   mid-game, the same seat, the moves so far, more moves; forged tokens from a raw WebSocket on
//!   the page's own origin get nothing. A missing browser fails the test when `CI` is set, and
//!   skips it (saying so) otherwise.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../../../tests/web/browser_tools.rs"]
mod browser;
#[path = "../../../tests/web/page_server.rs"]
mod page_server;
mod tmux_common;

use page_server::{Socket, WebServer, moves, online, open_page, play_a_step, send, until, view_where};

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

/// A `tripot web` for online play on loopback only, keeping a closed page's game for
/// `grace` seconds; stopped on drop.
fn server(name: &str, grace: u64) -> WebServer {
    WebServer::online(env!("CARGO_BIN_EXE_tripot"), name, &["--online-grace", &grace.to_string()])
}

/// A new page presenting `token` first: whether it was found. Nothing of a game may come before
/// the answer.
async fn rejoin(server: &WebServer, token: &str) -> (Socket, bool) {
    let mut ws = open_page(server.port).await;
    send(&mut ws, json!({"type": "rejoin", "token": token})).await;
    loop {
        let answer = page_server::next_message(&mut ws).await;
        if answer["type"] == "online_rejoined" {
            let found = answer["found"].as_bool().unwrap();
            return (ws, found);
        }
        assert!(!answer["type"].as_str().unwrap().starts_with("online"), "before the answer: {answer}");
    }
}

/// A hosts directly, B joins: A's token and both pages' first views, connected.
async fn a_game(a: &mut Socket, b: &mut Socket) -> (String, Value, Value) {
    online(a, "host", json!({"opener": "first"})).await;
    let seat = until(a, "the page's token", |m| m["type"] == "online_seat").await;
    let token = seat["token"].as_str().unwrap().to_owned();
    assert_eq!(token.len(), 32, "{seat}");
    let waiting = view_where(a, "an address", |v| !v["addrs"].as_array().unwrap().is_empty()).await;
    online(b, "join", json!({"to": waiting["addrs"][0]})).await;
    let b_view =
        view_where(b, "B connected", |v| v["connection"] == "connected" && !v["board"].is_null()).await;
    let a_view =
        view_where(a, "A connected", |v| v["connection"] == "connected" && !v["board"].is_null()).await;
    (token, a_view, b_view)
}

/// `mover` plays a step; `other` sees it and is to move: the views after it.
async fn ply(mover: &mut Socket, view: &Value, other: &mut Socket, n: usize) -> (String, Value) {
    let (notation, _) = play_a_step(mover, view).await;
    let seen = until(other, "the opponent's move", |m| m["type"] == "online_move").await;
    assert_eq!(seen["notation"], notation.as_str(), "ply {n}");
    let view = view_where(other, "its turn", |v| moves(v) == n && v["your_turn"] == true).await;
    (notation, view)
}

fn history(view: &Value) -> Vec<String> {
    view["board"]["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["notation"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn a_reloaded_page_takes_its_seat_back_with_the_moves_so_far_and_plays_on() {
    let (a_server, b_server) = (server("Alice", 120), server("Bruno", 120));
    let (mut a, mut b) = (open_page(a_server.port).await, open_page(b_server.port).await);
    let (token, a_view, _) = a_game(&mut a, &mut b).await;
    let (first, b_view) = ply(&mut a, &a_view, &mut b, 1).await;
    let (second, a_view) = ply(&mut b, &b_view, &mut a, 2).await;
    assert_eq!(history(&a_view), vec![first.clone(), second.clone()]);

    // A's page goes away (a reload): its game is kept.
    a.close(None).await.unwrap();
    drop(a);

    // Wrong tokens, on the same server: nothing found, nothing of the game, nothing changed.
    let mut forged = token.clone().into_bytes();
    forged[0] = if forged[0] == b'0' { b'1' } else { b'0' };
    let forged = String::from_utf8(forged).unwrap();
    for wrong in [forged.as_str(), &token[..31], "", &"f".repeat(32), &format!("{token}0")] {
        let (mut stranger, found) = rejoin(&a_server, wrong).await;
        assert!(!found, "{wrong:?} was taken for the token");
        online(&mut stranger, "resign", json!({})).await;
        let refused = until(&mut stranger, "an answer", |m| m["type"] == "online_error").await;
        assert_eq!(refused["code"], "not_online", "{wrong:?} gave a game: {refused}");
    }

    // The right token: the same seat, the moves so far, its turn, the same opponent.
    let (mut a, found) = rejoin(&a_server, &token).await;
    assert!(found);
    let back = view_where(&mut a, "the game back", |v| !v["board"].is_null()).await;
    assert_eq!(back["seat"], a_view["seat"]);
    assert_eq!(back["camp"], a_view["camp"]);
    assert_eq!(history(&back), vec![first, second]);
    assert_eq!(back["your_turn"], true);
    assert_eq!(back["peer"], "Bruno");
    assert_eq!(back["connection"], "connected");
    // It is this page's now: a second use of the token from a stranger's socket is a claim on a
    // live page, tested below; a socket already online takes nothing.
    send(&mut a, json!({"type": "rejoin", "token": token})).await;
    let answer = until(&mut a, "the answer", |m| m["type"] == "online_rejoined").await;
    assert_eq!(answer["found"], false, "a page already online takes nothing");

    // The game plays on, both ways; B was never told of a departure.
    let (_, b_view) = ply(&mut a, &back, &mut b, 3).await;
    let (_, a_view) = ply(&mut b, &b_view, &mut a, 4).await;
    assert_eq!(moves(&a_view), 4);

    // The token presented while A's page is open (a duplicated tab): the newest page has it,
    // the older is told where its game went.
    let (mut tab, found) = rejoin(&a_server, &token).await;
    assert!(found);
    let moved = until(&mut a, "the game moved away", |m| m["type"] == "online_notice").await;
    assert!(moved["words"]["en"].as_str().unwrap().contains("another tab"), "{moved}");
    online(&mut a, "resign", json!({})).await;
    let refused = until(&mut a, "an answer", |m| m["type"] == "online_error").await;
    assert_eq!(refused["code"], "not_online", "{refused}");
    let in_tab = view_where(&mut tab, "the game in the new tab", |v| !v["board"].is_null()).await;
    assert_eq!(moves(&in_tab), 4);
    let (_, b_view) = ply(&mut tab, &in_tab, &mut b, 5).await;
    assert_eq!(moves(&b_view), 5);
}

#[tokio::test]
async fn a_page_not_taken_back_leaves_its_game_after_the_grace_period() {
    let (a_server, b_server) = (server("Alice", 120), server("Bruno", 1));
    let (mut a, mut b) = (open_page(a_server.port).await, open_page(b_server.port).await);
    online(&mut b, "games", json!({})).await;
    let seat = until(&mut b, "B's token", |m| m["type"] == "online_seat").await;
    let token = seat["token"].as_str().unwrap().to_owned();
    online(&mut a, "host", json!({})).await;
    let waiting = view_where(&mut a, "an address", |v| !v["addrs"].as_array().unwrap().is_empty()).await;
    online(&mut b, "join", json!({"to": waiting["addrs"][0]})).await;
    view_where(&mut b, "B connected", |v| v["connection"] == "connected" && !v["board"].is_null()).await;
    view_where(&mut a, "A connected", |v| v["connection"] == "connected" && !v["board"].is_null()).await;
    // B's page goes away and does not come back: once its grace is over its session leaves on
    // purpose, and A is told so (not a network cut to wait out).
    b.close(None).await.unwrap();
    drop(b);
    let told =
        until(&mut a, "the opponent left", |m| m["type"] == "online_notice" && m["strong"] == true).await;
    assert!(told["words"]["en"].as_str().unwrap().starts_with("Your opponent left the game"), "{told}");
    assert!(
        told["words"]["fr"].as_str().unwrap().starts_with("Votre adversaire a quitté la partie"),
        "{told}"
    );
    // B's token leads nowhere now; B's server still serves a new page.
    let (mut again, found) = rejoin(&b_server, &token).await;
    assert!(!found);
    online(&mut again, "leave", json!({})).await;
    let refused = until(&mut again, "an answer", |m| m["type"] == "online_error").await;
    assert_eq!(refused["code"], "not_online", "{refused}");
}

/// What the browser test needs, or why it cannot run (`tests/web/browser_tools.rs`).
fn browser_tools() -> Result<(PathBuf, PathBuf), browser::MissingTool> {
    browser::browser_tools(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/web"))
}

#[test]
fn a_page_reloaded_mid_game_is_back_at_its_seat_in_a_real_browser() {
    let test = "a_page_reloaded_mid_game_is_back_at_its_seat_in_a_real_browser";
    let (chromium, dir) = match browser_tools() {
        Ok(tools) => tools,
        Err(what) => return tmux_common::prerequisite_missing(test, &what.to_string()),
    };
    let (a, b) = (server("Alice", 120), server("Bruno", 120));
    let mut script = browser::node_script(&chromium, &dir, "rejoin.mjs");
    script.env("TRIPOT_URL_A", &a.url).env("TRIPOT_URL_B", &b.url);
    browser::assert_script_passes(script, "all rejoin browser checks passed");
}
