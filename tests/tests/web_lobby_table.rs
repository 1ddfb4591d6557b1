//! A table of 3–6 seats listed in a real `tripot-relay`'s lobby, joined from the page (issue
//! 23): a headless `tripot host --variant kawu-3 --lobby` lists its table; page A (a `tripot web`
//! with the relay, loopback only, mDNS off) reads the lobby from raw WebSockets, sees the table
//! with its two free seats and joins it from the list — at the table's first free seat, as its
//! link would seat it, not as a two-seat session. Page B watches by the link A's page shares,
//! and A's table counts one spectator.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod online_common;
#[path = "../web/page_server.rs"]
mod page_server;
mod relay_common;

use std::process::{Child, Command};
use std::time::Duration;

use online_common::tripot_bin;
use page_server::{online, until};
use relay_common::{Relay, spawn, start_relay};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A `tripot web` with the relay, stopped on drop.
struct Web {
    child: Child,
    port: u16,
    _config: tempfile::TempDir,
}

impl Web {
    fn start(name: &str, relay: &Relay) -> Web {
        let config = tempfile::tempdir().unwrap();
        let mut child = page_server::web_command(Command::new(tripot_bin()), config.path(), config.path())
            .args(["--no-mdns", "--listen", "/ip4/127.0.0.1/tcp/0"])
            .args(["--name", name, "--relay", &relay.addr])
            .spawn()
            .unwrap();
        let url = page_server::printed_address(&mut child);
        let port = page_server::loopback_port(&url);
        Web { child, port, _config: config }
    }
}

impl Drop for Web {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

async fn page(web: &Web) -> Socket {
    let mut request = format!("ws://127.0.0.1:{}/ws", web.port).into_client_request().unwrap();
    let origin = format!("http://127.0.0.1:{}", web.port);
    request.headers_mut().insert("Origin", HeaderValue::from_str(&origin).unwrap());
    let (mut socket, _) = tokio_tungstenite::connect_async(request).await.unwrap();
    assert_eq!(page_server::next_message(&mut socket).await["type"], "hello");
    socket
}

/// Reads until a table view for which `pred` holds.
async fn table_where(ws: &mut Socket, what: &str, pred: impl Fn(&Value) -> bool) -> Value {
    until(ws, what, |m| m["type"] == "online_seats" && !m["table"].is_null() && pred(&m["table"])).await["table"]
        .clone()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_kawu_3_table_of_the_lobby_is_joined_from_the_page_and_its_spectator_counted() {
    let dir = tempfile::tempdir().unwrap();
    let relay = start_relay(43);
    let mut host =
        spawn(dir.path(), "host", &["host", "--variant", "kawu-3", "--lobby"], &relay, &["--ai", "1"]);
    host.wait_event("lobby_open", Duration::from_secs(20));

    let (a_web, b_web) = (Web::start("Alice", &relay), Web::start("Bruno", &relay));
    let (mut a, mut b) = (page(&a_web).await, page(&b_web).await);
    online(&mut a, "lobby", json!({})).await;
    let list = until(&mut a, "the table in the lobby", |m| {
        m["type"] == "online_list" && m["games"].as_array().is_some_and(|g| g.len() == 1)
    })
    .await;
    let listed = &list["games"][0];
    assert_eq!((listed["name"].as_str(), listed["game"].as_str()), (Some("host"), Some("kawu-3")), "{list}");
    assert_eq!(listed["free_seats"], 2, "{list}");
    assert_eq!(listed["seats"], 3, "the table's seat count beside its free seats: {list}");

    online(&mut a, "join_table", json!({"addr": listed["addr"]})).await;
    let seated = table_where(&mut a, "A at the table's first free seat", |t| {
        t["my_seat"] == 1 && !t["invitation"].is_null()
    })
    .await;
    assert_eq!(seated["game"], "kawu-3");
    assert_eq!(seated["seats"].as_array().map(Vec::len), Some(3));
    assert_eq!(seated["seats"][0]["words"]["en"], "host");
    assert!(seated["watching"].is_null(), "nobody watches yet: {seated}");

    let link = seated["invitation"].as_str().unwrap();
    online(&mut b, "join_seats", json!({"link": link, "watch": true})).await;
    table_where(&mut b, "B watching", |t| t["seats"].as_array().is_some_and(|s| s.len() == 3)).await;
    let counted = table_where(&mut a, "one spectator counted", |t| !t["watching"].is_null()).await;
    assert_eq!(counted["watching"]["en"], "1 spectator");
    assert_eq!(counted["watching"]["fr"], "1 spectateur");
    assert_eq!(counted["my_seat"], 1);
}
