//! A `tripot-relay` on the LAN: started with `--mdns`, it announces itself there, and players
//! given no relay find it by mDNS (told from other libp2p nodes by its identify agent), are
//! paired by it (quick match) or meet in a private room through it, and play. The relay and the
//! players are in two network namespaces joined by a veth pair (made and removed here, as root),
//! so multicast never reaches a real interface.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod nat_common;
mod online_common;

use std::sync::Mutex;
use std::time::Duration;

use nat_common::{in_ns, relay_in, skip};
use online_common::netns::Lan;
use online_common::{Player, args, replayed_record, same_game, tripot_bin};

/// `Lan` names its namespaces after the process: the tests of this file take turns.
static NAMESPACES: Mutex<()> = Mutex::new(());

#[test]
fn players_given_no_relay_use_the_one_announced_on_the_lan() {
    let _turn = NAMESPACES.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let Some(lan) = Lan::create() else {
        return skip("players_given_no_relay_use_the_one_announced_on_the_lan");
    };
    let listen = format!("/ip4/{}/tcp/4001", Lan::A_ADDR);
    let relay = relay_in(&lan.a, &listen, &["--mdns"]);
    let dir = tempfile::tempdir().unwrap();
    let client_listen = format!("/ip4/{}/tcp/0", Lan::B_ADDR);
    let mut players: Vec<Player> = ["Edmonde", "Marie"]
        .iter()
        .enumerate()
        .map(|(i, name)| {
            // mDNS on, no --relay: the relay must come from the LAN.
            let mut command = in_ns(&lan.b, &tripot_bin());
            command.env_remove("TRIPOT_RELAY");
            let list = args(&[
                "quick",
                "--headless",
                "--ai",
                "1",
                "--name",
                name,
                "--move-delay-ms",
                "5",
                "--listen",
                &client_listen,
            ]);
            Player::spawn_with(
                command,
                &list,
                &dir.path().join(name),
                &dir.path().join(format!("{i}.tripot")),
            )
        })
        .collect();
    for player in &mut players {
        let found = player.wait_event("relay_found", Duration::from_secs(20));
        assert_eq!(found["addr"].as_str(), Some(relay.addr.as_str()), "{found}");
    }
    for player in &mut players {
        player.wait_event("matched", Duration::from_secs(30));
        player.wait_event("connected", Duration::from_secs(30));
    }
    for player in &mut players {
        assert_eq!(player.finish(Duration::from_secs(180)), 0);
    }
    same_game(&replayed_record(&players[0].save), &replayed_record(&players[1].save));
}

#[test]
fn a_private_room_with_no_relay_configured_goes_through_the_lan_relay() {
    let _turn = NAMESPACES.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let Some(lan) = Lan::create() else {
        return skip("a_private_room_with_no_relay_configured_goes_through_the_lan_relay");
    };
    let listen = format!("/ip4/{}/tcp/4001", Lan::A_ADDR);
    let relay = relay_in(&lan.a, &listen, &["--mdns"]);
    let dir = tempfile::tempdir().unwrap();
    let client_listen = format!("/ip4/{}/tcp/0", Lan::B_ADDR);
    let spawn = |list: Vec<String>, name: &str| {
        let mut command = in_ns(&lan.b, &tripot_bin());
        command.env_remove("TRIPOT_RELAY");
        Player::spawn_with(command, &list, &dir.path().join(name), &dir.path().join(format!("{name}.tripot")))
    };
    let common = ["--headless", "--ai", "1", "--move-delay-ms", "5", "--listen", &client_listen];
    let mut host_args = args(&["host", "--room", "--name", "Edmonde"]);
    host_args.extend(args(&common));
    let mut host = spawn(host_args, "host");
    let found = host.wait_event("relay_found", Duration::from_secs(20));
    assert_eq!(found["addr"].as_str(), Some(relay.addr.as_str()), "{found}");
    let room = host.wait_for("the room code", Duration::from_secs(30), |v| v["code"].is_string());
    let mut guest_args = args(&["join", room["code"].as_str().unwrap(), "--name", "Marie"]);
    guest_args.extend(args(&common));
    let mut guest = spawn(guest_args, "guest");
    guest.wait_event("relay_found", Duration::from_secs(20));
    guest.wait_event("connected", Duration::from_secs(30));
    assert_eq!(guest.finish(Duration::from_secs(180)), 0);
    assert_eq!(host.finish(Duration::from_secs(30)), 0);
    same_game(&replayed_record(&host.save), &replayed_record(&guest.save));
}
