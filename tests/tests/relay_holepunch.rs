//! Hole punching: two players, each behind its own NAT router, meet by room code through a
//! `tripot-relay` on the "internet" between them (five network namespaces, made and removed
//! here, as root). DCUtR then tries a direct connection.
//!
//! - Routers that keep the source port (Linux masquerade, an endpoint-independent mapping) and
//!   drop unsolicited packets, like most home routers: the hole is punched and the game moves to
//!   the direct connection unnoticed (only the "path" indicator changes: no drop, no resume is
//!   shown to either player), then finishes there.
//! - Routers that pick a new random port for every connection (a symmetric NAT): no hole can be
//!   punched; the game stays on the relay and still finishes.
//!
//! Where namespaces or nftables are not available, each test fails under CI and says it is
//! reported as not run elsewhere.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod nat_common;
mod online_common;

use std::time::Duration;

use nat_common::{Mapping, NatTopology, in_ns, relay_in, skip};
use online_common::{Player, args, replayed_record, same_game, tripot_bin};
use serde_json::Value;

/// Plays a whole game by room code across the topology; checks that it finished with the same
/// record on both sides and returns what the players were shown of the path.
fn play_through(nat: &NatTopology) -> Outcome {
    let relay = relay_in(&nat.relay, "/ip4/192.0.2.1/tcp/4001,/ip4/192.0.2.1/udp/4001/quic-v1", &[]);
    let relay_addr = relay.addr.clone();
    let dir = tempfile::tempdir().unwrap();
    // Listening on TCP and QUIC before anything is dialled: hole punching needs the ports the
    // relay sees to be the ones we listen on.
    let common = [
        "--relay",
        &relay_addr,
        "--headless",
        "--no-mdns",
        "--move-delay-ms",
        "30",
        "--listen",
        "/ip4/0.0.0.0/tcp/0",
        "--listen",
        "/ip4/0.0.0.0/udp/0/quic-v1",
    ];
    let mut host_args = args(&["host", "--room", "--ai", "1", "--seed", "1", "--name", "Edmonde"]);
    host_args.extend(args(&common));
    let mut host = Player::spawn_with(
        in_ns(&nat.a, &tripot_bin()),
        &host_args,
        &dir.path().join("host"),
        &dir.path().join("host.tripot"),
    );
    let room = host.wait_for("the room code", Duration::from_secs(30), |v| v["code"].is_string());
    let code = room["code"].as_str().unwrap().to_owned();

    let mut guest_args = args(&["join", &code, "--ai", "1", "--seed", "2", "--name", "Marie"]);
    guest_args.extend(args(&common));
    let mut guest = Player::spawn_with(
        in_ns(&nat.b, &tripot_bin()),
        &guest_args,
        &dir.path().join("guest"),
        &dir.path().join("guest.tripot"),
    );
    guest.wait_event("connected", Duration::from_secs(30));
    assert_eq!(guest.finish(Duration::from_secs(180)), 0);
    assert_eq!(host.finish(Duration::from_secs(30)), 0);
    same_game(&replayed_record(&host.save), &replayed_record(&guest.save));
    eprintln!("host's events:\n{}\nguest's events:\n{}", story(&host), story(&guest));
    for player in [&host, &guest] {
        assert!(player.events("rejected").is_empty(), "{}", story(player));
    }
    Outcome {
        host: paths(&host),
        guest: paths(&guest),
        // A move to the direct connection is meant to be invisible: no drop, no resume shown
        // during the game (the opponent leaving at the end is a drop like any other).
        drops: [&host, &guest]
            .iter()
            .map(|p| during_game(p, "disconnected") + during_game(p, "resumed"))
            .sum(),
    }
}

/// What a game across the topology showed.
struct Outcome {
    /// Every path the host reported, in order.
    host: Vec<String>,
    /// Every path the guest reported, in order.
    guest: Vec<String>,
    /// Drops and resumes shown to either player before the game ended.
    drops: usize,
}

/// The paths a player reported ("direct", "relayed"), in order.
fn paths(player: &Player) -> Vec<String> {
    player.events("path").iter().filter_map(|v| v["path"].as_str().map(str::to_owned)).collect()
}

/// How many `event` lines a player printed before its game ended.
fn during_game(player: &Player, event: &str) -> usize {
    let seen = player.seen.lock().unwrap();
    seen.iter().take_while(|v| v["event"] != "game_over").filter(|v| v["event"] == event).count()
}

/// A player's events but the moves, one per line: what to read when an assertion fails.
fn story(player: &Player) -> String {
    let quiet = ["move_sent", "move_received", "ack", "saved", "listening"];
    let seen = player.seen.lock().unwrap();
    let lines: Vec<String> = seen
        .iter()
        .filter(|v| !quiet.contains(&v["event"].as_str().unwrap_or("")))
        .map(Value::to_string)
        .collect();
    lines.join("\n")
}

#[test]
fn behind_port_keeping_nats_the_hole_is_punched_and_the_game_finishes() {
    let Some(nat) = NatTopology::create(Mapping::KeepPort) else {
        return skip("behind_port_keeping_nats_the_hole_is_punched_and_the_game_finishes");
    };
    let outcome = play_through(&nat);
    let ended_on = |paths: &[String]| paths.last().cloned().unwrap_or_default();
    eprintln!(
        "port-keeping NATs: the hole was punched; the game ended {} (host) / {} (guest); the move \
         to the direct connection was {}",
        ended_on(&outcome.host),
        ended_on(&outcome.guest),
        if outcome.drops == 0 { "invisible" } else { "seen as a reconnection" }
    );
    assert!(outcome.guest.iter().any(|p| p == "direct"), "DCUtR punched no hole: {:?}", outcome.guest);
    assert_eq!(outcome.drops, 0, "the move to the direct connection was seen as a reconnection");
}

#[test]
fn behind_symmetric_nats_the_game_stays_relayed_and_finishes() {
    let Some(nat) = NatTopology::create(Mapping::RandomPort) else {
        return skip("behind_symmetric_nats_the_game_stays_relayed_and_finishes");
    };
    let outcome = play_through(&nat);
    eprintln!("symmetric NATs: no hole can be punched; the game stayed on the relay and finished");
    assert!(
        outcome.host.iter().chain(&outcome.guest).all(|p| p == "relayed"),
        "{:?} {:?}",
        outcome.host,
        outcome.guest
    );
    assert!(!outcome.host.is_empty() && !outcome.guest.is_empty(), "no path indicator");
    assert_eq!(outcome.drops, 0, "a relayed game with no hole punched is never interrupted");
}
