//! LAN discovery by mDNS between two processes, each in its own network namespace joined by a
//! veth pair (created and removed here, as root). Multicast stays inside the namespaces; where
//! namespaces cannot be created the test says so and is skipped.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod online_common;

use std::process::Command;
use std::time::Duration;

use online_common::{Player, args, replayed_record, same_game, tripot_bin};

/// Two namespaces and the veth pair between them; removed on drop.
struct Lan {
    a: String,
    b: String,
}

fn ip(list: &[&str]) -> bool {
    Command::new("ip").args(list).status().is_ok_and(|s| s.success())
}

impl Lan {
    fn create() -> Option<Lan> {
        let id = std::process::id() % 100_000;
        let lan = Lan { a: format!("tripot-a-{id}"), b: format!("tripot-b-{id}") };
        if !ip(&["netns", "add", &lan.a]) {
            return None;
        }
        let (va, vb) = (format!("tva{id}"), format!("tvb{id}"));
        let ok = ip(&["netns", "add", &lan.b])
            && ip(&["link", "add", &va, "type", "veth", "peer", "name", &vb])
            && ip(&["link", "set", &va, "netns", &lan.a])
            && ip(&["link", "set", &vb, "netns", &lan.b])
            && [(&lan.a, &va, "10.233.0.1/24"), (&lan.b, &vb, "10.233.0.2/24")].iter().all(
                |(ns, dev, addr)| {
                    ip(&["-n", ns, "addr", "add", addr, "dev", dev])
                        && ip(&["-n", ns, "link", "set", dev, "up"])
                        && ip(&["-n", ns, "link", "set", "lo", "up"])
                        && ip(&["-n", ns, "route", "add", "224.0.0.0/4", "dev", dev])
                },
            );
        if ok { Some(lan) } else { None }
    }

    fn command(&self, ns: &str) -> Command {
        let mut command = Command::new("ip");
        command.args(["netns", "exec", ns]).arg(tripot_bin());
        command
    }
}

impl Drop for Lan {
    fn drop(&mut self) {
        // Deleting a namespace deletes its end of the veth pair, and so the pair.
        let _ = ip(&["netns", "delete", &self.a]);
        let _ = ip(&["netns", "delete", &self.b]);
    }
}

#[test]
fn a_host_is_found_by_mdns_and_joined_across_namespaces() {
    let bin = tripot_bin();
    let Some(lan) = Lan::create() else {
        eprintln!("SKIPPED: cannot create network namespaces here (needs root and `ip netns`)");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let host_args = args(&[
        "host",
        "--headless",
        "--ai",
        "1",
        "--name",
        "Edmonde",
        "--format",
        "2",
        "--opens",
        "host",
        "--listen",
        "/ip4/10.233.0.1/tcp/0",
    ]);
    let mut host = Player::spawn_with(
        lan.command(&lan.a),
        &host_args,
        &dir.path().join("host"),
        &dir.path().join("host.tripot"),
    );
    host.address();

    let guest_args = args(&[
        "lan",
        "--headless",
        "--pick",
        "1",
        "--wait-secs",
        "6",
        "--ai",
        "1",
        "--name",
        "Marie",
        "--listen",
        "/ip4/10.233.0.2/tcp/0",
    ]);
    let mut guest = Player::spawn_with(
        lan.command(&lan.b),
        &guest_args,
        &dir.path().join("guest"),
        &dir.path().join("guest.tripot"),
    );
    let found = guest.wait_event("lan_host", Duration::from_secs(30));
    assert_eq!(found["name"], "Edmonde");
    assert_eq!(found["format"], 2);
    assert!(found["addr"].as_str().unwrap().starts_with("/ip4/10.233.0.1/"), "{found}");
    guest.wait_event("connected", Duration::from_secs(20));
    assert_eq!(guest.finish(Duration::from_secs(180)), 0);
    assert_eq!(host.finish(Duration::from_secs(30)), 0);
    same_game(&replayed_record(&host.save), &replayed_record(&guest.save));
    drop(bin);
}
