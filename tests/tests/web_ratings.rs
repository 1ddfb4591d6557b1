//! The page's « Classements » against a real `tripot-relay --ratings` (its SQLite file in a
//! temporary directory): a `tripot web` configured with that relay asks for a table over its
//! socket and gets the service's answer — an empty table of a game nobody played, all time and
//! for a month — while a game outside the catalogue is refused before the relay is asked.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod online_common;
#[path = "../web/page_server.rs"]
mod page_server;

use std::process::{Child, Command};

use futures::SinkExt;
use online_common::relay_process::RelayLaunch;
use online_common::{relay_bin, tripot_bin};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A child process killed on drop.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

async fn ask(socket: &mut Socket, message: Value) -> Value {
    socket.send(Message::Text(message.to_string().into())).await.unwrap();
    page_server::next_message(socket).await
}

#[tokio::test(flavor = "multi_thread")]
async fn the_page_shows_a_relays_table_and_refuses_a_game_it_does_not_know() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ratings.sqlite");
    let relay = RelayLaunch::new(&relay_bin(), 43)
        .in_dir(&dir.path().join("relay"))
        .no_per_ip_limits()
        .args(&["--ratings", "--ratings-db", &db.to_string_lossy()])
        .start();
    let config = dir.path().join("web");
    std::fs::create_dir_all(&config).unwrap();
    let mut child = page_server::web_command(Command::new(tripot_bin()), &config, &config)
        .args(["--no-mdns", "--relay", &relay.addr])
        .spawn()
        .unwrap();
    let address = page_server::printed_address(&mut child);
    let _web = Killed(child);
    let port = page_server::loopback_port(&address);
    let mut request = format!("ws://127.0.0.1:{port}/ws").into_client_request().unwrap();
    request
        .headers_mut()
        .insert("Origin", HeaderValue::from_str(&format!("http://127.0.0.1:{port}")).unwrap());
    let (mut socket, _) = tokio_tungstenite::connect_async(request).await.unwrap();
    assert_eq!(page_server::next_message(&mut socket).await["type"], "hello");

    let all_time = ask(&mut socket, json!({"type": "ratings", "game": "kawu-2"})).await;
    assert_eq!(all_time["type"], "ratings", "{all_time}");
    assert_eq!(
        (&all_time["game"], &all_time["month"], &all_time["players"]),
        (&json!("kawu-2"), &Value::Null, &json!(0))
    );
    assert_eq!(all_time["rows"], json!([]));
    let month = ask(&mut socket, json!({"type": "ratings", "game": "tripot", "month": "2026-11"})).await;
    assert_eq!(month["type"], "ratings", "{month}");
    assert_eq!((&month["game"], &month["month"]), (&json!("tripot"), &json!("2026-11")));
    let refused = ask(&mut socket, json!({"type": "ratings", "game": "chess"})).await;
    assert_eq!(
        (&refused["type"], &refused["code"]),
        (&json!("error"), &json!("bad_ratings_query")),
        "{refused}"
    );
}
