//! LAN discovery by mDNS between two processes, each in its own network namespace joined by a
//! veth pair (created and removed here, as root): a two-seat game's host, and a table of three
//! seats. Multicast stays inside the namespaces; where
//! namespaces cannot be created the test fails under CI and says it did not run elsewhere.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod online_common;

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use online_common::netns::Lan;
use online_common::prerequisite_missing;
use online_common::{Player, args, replayed_record, same_game, tripot_bin};

/// The two namespaces, or `None` (said, and failed under CI) where they cannot be made.
fn lan_or_skip(test: &str) -> Option<Lan> {
    let lan = Lan::create();
    if lan.is_none() {
        prerequisite_missing(test, "cannot create network namespaces here (needs root and `ip netns`)");
    }
    lan
}

/// `tripot` headless in namespace a (`on_a`) or b, named `name`, listening on its side of the
/// veth pair, saving to `<dir>/<name>.tripot`.
fn spawn(lan: &Lan, on_a: bool, dir: &Path, name: &str, command: &[&str]) -> Player {
    let (ns, addr) = if on_a { (&lan.a, Lan::A_ADDR) } else { (&lan.b, Lan::B_ADDR) };
    let listen = format!("/ip4/{addr}/tcp/0");
    let mut list = args(command);
    list.extend(args(&["--headless", "--name", name, "--listen", &listen]));
    Player::spawn_with(lan.command(ns), &list, &dir.join(name), &dir.join(format!("{name}.tripot")))
}

/// `tripot lan` picking the first host it finds, then `extra`.
fn lan_pick(extra: &[&'static str]) -> Vec<&'static str> {
    let mut list = vec!["lan", "--pick", "1", "--wait-secs", "6"];
    list.extend_from_slice(extra);
    list
}

#[test]
fn a_host_is_found_by_mdns_and_joined_across_namespaces() {
    let bin = tripot_bin();
    let Some(lan) = lan_or_skip("a_host_is_found_by_mdns_and_joined_across_namespaces") else { return };
    let dir = tempfile::tempdir().unwrap();
    let host_args = ["host", "--ai", "1", "--format", "2", "--opens", "host"];
    let mut host = spawn(&lan, true, dir.path(), "Edmonde", &host_args);
    host.address();

    let mut guest = spawn(&lan, false, dir.path(), "Marie", &lan_pick(&["--ai", "1"]));
    let found = guest.wait_event("lan_host", Duration::from_secs(30));
    assert_eq!(found["name"], "Edmonde");
    assert_eq!((found["game"].as_str(), found["seats"].as_u64()), (Some("tripot-f2"), Some(2)));
    assert!(found["addr"].as_str().unwrap().starts_with("/ip4/10.233.0.1/"), "{found}");
    guest.wait_event("connected", Duration::from_secs(20));
    assert_eq!(guest.finish(Duration::from_secs(180)), 0);
    assert_eq!(host.finish(Duration::from_secs(30)), 0);
    same_game(&replayed_record(&host.save), &replayed_record(&guest.save));
    drop(bin);
}

/// `tripot replay FILE` accepts the record.
fn tripot_replay(path: &Path) {
    let out = Command::new(tripot_bin()).arg("replay").arg(path).output().unwrap();
    assert!(out.status.success(), "{}: {}", path.display(), String::from_utf8_lossy(&out.stderr));
}

#[test]
fn a_table_is_found_by_mdns_with_its_free_seat_and_played_to_the_end() {
    let bin = tripot_bin();
    let Some(lan) = lan_or_skip("a_table_is_found_by_mdns_with_its_free_seat_and_played_to_the_end") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let host_args = ["host", "--variant", "kawu-3", "--computer", "1", "--ai", "1", "--seed", "3"];
    let mut host = spawn(&lan, true, dir.path(), "Edmonde", &host_args);
    host.wait_event("link", Duration::from_secs(30));

    // A spectator first, so that it watches the whole game: found by the same listing.
    let mut watcher = spawn(&lan, false, dir.path(), "Louis", &lan_pick(&["--watch"]));
    let seen = watcher.wait_event("lan_host", Duration::from_secs(30));
    assert_eq!((seen["kind"].as_str(), seen["spectators"].as_bool()), (Some("table"), Some(true)), "{seen}");
    watcher.wait_event("table", Duration::from_secs(30));

    let mut guest = spawn(&lan, false, dir.path(), "Marie", &lan_pick(&["--ai", "1", "--seed", "5"]));
    let found = guest.wait_event("lan_host", Duration::from_secs(30));
    assert_eq!(found["name"], "Edmonde");
    assert_eq!(found["kind"], "table", "{found}");
    assert_eq!((found["game"].as_str(), found["seats"].as_u64()), (Some("kawu-3"), Some(3)));
    // The host's seat and the computer's are taken: one is left.
    assert_eq!(found["free"].as_u64(), Some(1), "{found}");
    assert!(found["addr"].as_str().unwrap().starts_with("/ip4/10.233.0.1/"), "{found}");
    let places = host.wait_event("game_over", Duration::from_secs(240))["places"].clone();
    assert_eq!(guest.wait_event("game_over", Duration::from_secs(60))["places"], places);
    assert_eq!(watcher.wait_event("game_over", Duration::from_secs(60))["places"], places);
    assert_eq!(places.as_array().map(Vec::len), Some(3));
    for p in [&mut guest, &mut host, &mut watcher] {
        assert_eq!(p.finish(Duration::from_secs(30)), 0, "{}", p.stderr());
    }
    let records: Vec<_> = [&host, &guest, &watcher].iter().map(|p| replayed_record(&p.save)).collect();
    assert_eq!(records[0].moves(), records[1].moves());
    assert_eq!(records[0].moves(), records[2].moves());
    for p in [&host, &guest, &watcher] {
        tripot_replay(&p.save);
    }
    drop(bin);
}
