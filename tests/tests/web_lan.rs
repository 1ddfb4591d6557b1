//! The web page's LAN list (`{"type":"online","action":"lan"}`, mDNS) between two `tripot web`
//! servers, each in its own network namespace joined by a veth pair (created and removed here,
//! as root): page A hosts directly, page B reads the LAN list, sees A's game, joins it by the
//! list's entry (`join_table`, as a click does), and the two play moves each sees.
//!
//! Each server keeps its loopback-only page (no `--lan`); the test reaches it through a bridge
//! run inside its namespace (this test binary again, `ip netns exec`): a Unix socket, which
//! crosses namespaces, forwarded to the namespace's `127.0.0.1:PORT`. Multicast stays inside
//! the namespaces; where they cannot be created the test fails under CI and says it did not run
//! elsewhere.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod online_common;
#[path = "../web/page_server.rs"]
mod page_server;

use page_server::{both_connected, online, steps_in_turn, until, view_where};

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use online_common::netns::Lan;
use online_common::prerequisite_missing;
use serde_json::json;
use tokio::net::UnixStream;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;

/// The environment variable that makes [`netns_bridge`] a bridge: `SOCKET_PATH PORT`.
const BRIDGE_ENV: &str = "TRIPOT_TEST_WEB_BRIDGE";

/// Run inside a namespace by the test below (this binary again): accepts on a Unix socket and
/// forwards each connection to `127.0.0.1:PORT` of the namespace, until killed. Without
/// [`BRIDGE_ENV`] it does nothing.
#[test]
fn netns_bridge() {
    let Ok(spec) = std::env::var(BRIDGE_ENV) else { return };
    let (path, port) = spec.rsplit_once(' ').unwrap();
    let port: u16 = port.parse().unwrap();
    let listener = std::os::unix::net::UnixListener::bind(path).unwrap();
    for conn in listener.incoming() {
        let conn = conn.unwrap();
        let tcp = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
        let (mut c_in, mut t_out) = (conn.try_clone().unwrap(), tcp.try_clone().unwrap());
        std::thread::spawn(move || {
            let _ = std::io::copy(&mut c_in, &mut t_out);
            let _ = t_out.shutdown(std::net::Shutdown::Write);
        });
        let (mut t_in, mut c_out) = (tcp, conn);
        std::thread::spawn(move || {
            let _ = std::io::copy(&mut t_in, &mut c_out);
            let _ = c_out.shutdown(std::net::Shutdown::Write);
        });
    }
}

/// A `tripot web` (mDNS on) inside a namespace and the bridge to its page; both stopped on drop.
struct Server {
    child: Child,
    bridge: Child,
    port: u16,
    socket: PathBuf,
    _dirs: tempfile::TempDir,
}

impl Server {
    fn start(lan: &Lan, ns: &str, addr: &str, name: &str) -> Server {
        let dirs = tempfile::tempdir().unwrap();
        let (config, data) = (dirs.path().join("config"), dirs.path().join("data"));
        std::fs::create_dir_all(&config).unwrap();
        std::fs::create_dir_all(&data).unwrap();
        let mut child = page_server::web_command(lan.command(ns), &config, &data)
            .args(["--listen", &format!("/ip4/{addr}/tcp/0"), "--name", name])
            .env("RUST_LOG", "off")
            .spawn()
            .unwrap();
        let port = page_server::loopback_port(&page_server::printed_address(&mut child));
        let socket = dirs.path().join("page.sock");
        let bridge = Command::new("ip")
            .args(["netns", "exec", ns])
            .arg(std::env::current_exe().unwrap())
            .args(["--exact", "netns_bridge", "--nocapture", "--test-threads", "1"])
            .env(BRIDGE_ENV, format!("{} {port}", socket.display()))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let deadline = Instant::now() + Duration::from_secs(20);
        while !socket.exists() {
            assert!(Instant::now() < deadline, "the bridge in {ns} never listened");
            std::thread::sleep(Duration::from_millis(50));
        }
        Server { child, bridge, port, socket, _dirs: dirs }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        for child in [&mut self.bridge, &mut self.child] {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

type Socket = WebSocketStream<UnixStream>;

/// The page's WebSocket (through the bridge, as if from the namespace's loopback), its hello read.
async fn page(server: &Server) -> Socket {
    let stream = UnixStream::connect(Path::new(&server.socket)).await.unwrap();
    let mut request = format!("ws://127.0.0.1:{}/ws", server.port).into_client_request().unwrap();
    let origin = format!("http://127.0.0.1:{}", server.port);
    request.headers_mut().insert("Origin", HeaderValue::from_str(&origin).unwrap());
    let (mut socket, _) = tokio_tungstenite::client_async(request, stream).await.unwrap();
    assert_eq!(page_server::next_message(&mut socket).await["type"], "hello");
    socket
}

#[tokio::test]
async fn a_page_lists_a_lan_host_by_mdns_joins_it_and_plays() {
    let Some(lan) = Lan::create() else {
        return prerequisite_missing(
            "a_page_lists_a_lan_host_by_mdns_joins_it_and_plays",
            "cannot create network namespaces here (needs root and `ip netns`)",
        );
    };
    let a_server = Server::start(&lan, &lan.a, Lan::A_ADDR, "Alice");
    let b_server = Server::start(&lan, &lan.b, Lan::B_ADDR, "Bruno");
    let (mut a, mut b) = (page(&a_server).await, page(&b_server).await);

    // A hosts directly (not a room) and waits.
    online(&mut a, "host", json!({"opener": "first"})).await;
    view_where(&mut a, "A's address", |v| !v["addrs"].as_array().unwrap().is_empty()).await;

    // B reads the LAN's list until A's game is in it (mDNS), bounded by `until`'s timeouts.
    online(&mut b, "lan", json!({})).await;
    let list = until(&mut b, "Alice in the LAN list", |m| {
        m["type"] == "online_list"
            && m["games"].as_array().is_some_and(|g| g.iter().any(|g| g["name"] == "Alice"))
    })
    .await;
    assert_eq!(list["kind"], "lan", "{list}");
    assert_eq!(list["read"], true, "{list}");
    let game = list["games"].as_array().unwrap().iter().find(|g| g["name"] == "Alice").unwrap();
    let addr = game["addr"].as_str().unwrap().to_owned();
    assert!(addr.contains(Lan::A_ADDR), "A's game listed at {addr}");

    // The click on the entry.
    online(&mut b, "join_table", json!({"addr": addr})).await;
    let (a_view, b_view) = both_connected(&mut a, &mut b).await;
    assert_eq!((a_view["peer"].as_str(), b_view["peer"].as_str()), (Some("Bruno"), Some("Alice")));
    assert_ne!(a_view["camp"], b_view["camp"]);
    assert!(a_view["your_turn"].as_bool().unwrap() && !b_view["your_turn"].as_bool().unwrap());
    assert_eq!(a_view["route"], "direct");

    // Moves both ways, each seen by the other.
    steps_in_turn(&mut a, &mut b, a_view, 4).await;
    drop((a, b));
    drop((a_server, b_server));
}
