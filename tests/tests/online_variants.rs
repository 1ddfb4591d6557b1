//! The star games of two seats online, through the same session as the duel: a `kawu-2` and a
//! `captures-2` game between real `tripot` processes (headless, computer players), over a real
//! `tripot-relay` on loopback, joined by room code, played to the end; both saves are the same
//! game, replayed move by move.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod online_common;

use std::time::Duration;

use online_common::relay_bin;
use online_common::relay_process::RelayLaunch;
use online_common::{played_to_the_end, relay_player};

/// A whole game of `variant` by room code: the host opens (see `relay_room.rs` on why).
fn a_whole_game_of(variant: &str, relay_seed: u8) {
    let dir = tempfile::tempdir().unwrap();
    let relay = RelayLaunch::new(&relay_bin(), relay_seed).in_dir(&dir.path().join("relay")).start();
    let host_args = ["host", "--room", "--variant", variant, "--opens", "host", "--ai", "1", "--seed", "3"];
    let mut host = relay_player(dir.path(), "Edmonde", &relay, &host_args);
    let open = host
        .wait_for("the room open", Duration::from_secs(20), |v| v["event"] == "room" && v["state"] == "open");
    let code = open["code"].as_str().unwrap().to_owned();
    let mut guest = relay_player(dir.path(), "Marie", &relay, &["join", &code, "--ai", "1", "--seed", "5"]);
    let connected = guest.wait_event("connected", Duration::from_secs(20));
    assert_eq!((connected["game"].as_str(), connected["peer"].as_str()), (Some(variant), Some("Edmonde")));

    played_to_the_end(&mut host, &mut guest, variant);
}

#[test]
fn a_kawu_game_of_two_over_a_relay() {
    a_whole_game_of("kawu-2", 21);
}

#[test]
fn a_captures_game_of_two_over_a_relay() {
    a_whole_game_of("captures-2", 22);
}
