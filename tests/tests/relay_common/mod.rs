//! Helpers for the end-to-end tests through a relay: the real `tripot-relay` binary on
//! loopback, and `tripot` players pointed at it.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::zombie_processes)]

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::online_common::{Player, args};

pub(crate) use crate::online_common::relay_bin;

/// A `tripot-relay` process on loopback, killed when dropped.
pub(crate) struct Relay {
    child: Child,
    /// Its TCP address, with `/p2p/<peer id>`.
    pub(crate) addr: String,
    /// Where `/metrics` is served.
    pub(crate) http: String,
    listen: String,
    seed: u8,
}

impl Relay {
    /// Starts a relay on a free loopback port, identity derived from `seed`.
    pub(crate) fn start(seed: u8) -> Relay {
        Relay::start_on("/ip4/127.0.0.1/tcp/0", seed)
    }

    fn start_on(listen: &str, seed: u8) -> Relay {
        let mut child = Command::new(relay_bin())
            .args(["--listen", listen, "--http", "127.0.0.1:0", "--secret-key-seed", &seed.to_string()])
            // Every test player shares 127.0.0.1.
            .args(["--reservations-per-ip-per-minute", "0", "--circuits-per-ip-per-minute", "0"])
            .env("TRIPOT_RELAY_LOG", "warn")
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start tripot-relay");
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        loop {
            line.clear();
            assert!(stdout.read_line(&mut line).unwrap() > 0, "tripot-relay exited before READY");
            if let Some(rest) = line.trim().strip_prefix("READY ") {
                let parts: Vec<&str> = rest.split(' ').collect();
                let http = parts[1].to_owned();
                let addr = parts[2..].iter().find(|a| a.contains("/tcp/")).unwrap().to_string();
                // Keep draining stdout so that the relay never blocks on a full pipe.
                std::thread::spawn(move || {
                    let mut sink = String::new();
                    let _ = stdout.read_to_string(&mut sink);
                });
                let listen = addr.split("/p2p/").next().unwrap().to_owned();
                return Relay { child, addr, http, listen, seed };
            }
        }
    }

    /// Kills the relay (SIGKILL: no goodbye to anyone) and starts it again on the same port
    /// with the same identity.
    pub(crate) fn restart(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let listen = self.listen.clone();
        let mut last = None;
        // The port was just freed; give the system a moment if it is slow to release it.
        for _ in 0..20 {
            match std::panic::catch_unwind(|| Relay::start_on(&listen, self.seed)) {
                Ok(relay) => {
                    let old = std::mem::replace(self, relay);
                    drop(old);
                    return;
                }
                Err(e) => last = Some(e),
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        std::panic::resume_unwind(last.unwrap());
    }

    /// The value of a metric line (`name value`), if present.
    pub(crate) fn metric(&self, name: &str) -> Option<f64> {
        let mut stream = std::net::TcpStream::connect(&self.http).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        write!(stream, "GET /metrics HTTP/1.1\r\nHost: {}\r\n\r\n", self.http).unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).unwrap();
        response.lines().find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok())
    }
}

impl Drop for Relay {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Options every player gets: headless, loopback, no mDNS, the relay.
pub(crate) fn player_args(relay: &Relay, extra: &[&str]) -> Vec<String> {
    let mut all =
        args(&["--headless", "--no-mdns", "--listen", "/ip4/127.0.0.1/tcp/0", "--relay", &relay.addr]);
    all.extend(args(extra));
    all
}

/// Starts `tripot SUBCOMMAND …` as player `name` under `dir`.
pub(crate) fn spawn(dir: &Path, name: &str, command: &[&str], relay: &Relay, extra: &[&str]) -> Player {
    let mut all = args(command);
    all.extend(player_args(relay, &[&["--name", name][..], extra].concat()));
    Player::spawn(&all, &dir.join(name), &dir.join(format!("{name}.tripot")))
}

/// Lists the lobby once (`tripot lobby --list`): its table lines.
pub(crate) fn list_lobby(dir: &Path, relay: &Relay) -> Vec<Value> {
    let mut lister = spawn(dir, "lister", &["lobby", "--list"], relay, &["--ai", "1"]);
    let code = lister.finish(Duration::from_secs(20));
    assert_eq!(code, 0, "tripot lobby --list failed");
    lister.events("lobby_table")
}

/// Lists the lobby until `pred` holds for its tables, or fails after `within`.
pub(crate) fn lobby_until(
    dir: &Path,
    relay: &Relay,
    within: Duration,
    what: &str,
    pred: impl Fn(&[Value]) -> bool,
) -> Vec<Value> {
    let deadline = Instant::now() + within;
    loop {
        let tables = list_lobby(dir, relay);
        if pred(&tables) {
            return tables;
        }
        assert!(Instant::now() < deadline, "the lobby never showed {what}; last: {tables:#?}");
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// A player's own peer id (from its listening address).
pub(crate) fn peer_id(player: &mut Player) -> String {
    player.address().rsplit("/p2p/").next().unwrap().to_owned()
}
