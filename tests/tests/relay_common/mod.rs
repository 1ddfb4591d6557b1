//! Helpers for the end-to-end tests through a relay: the real `tripot-relay` binary on
//! loopback, and `tripot` players pointed at it.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::zombie_processes)]

use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::online_common::relay_process::RelayLaunch;
pub(crate) use crate::online_common::relay_process::RelayProcess as Relay;
use crate::online_common::{Player, args};

pub(crate) use crate::online_common::relay_bin;

/// A relay on loopback for the players of these tests: `/metrics` served, the per-IP limits
/// lifted (every test player shares 127.0.0.1).
pub(crate) fn start_relay(seed: u8) -> Relay {
    RelayLaunch::new(&relay_bin(), seed).http().no_per_ip_limits().start()
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
