//! Resume after a network cut: two players in two network namespaces joined by a veth pair
//! (created here as root; a failure under CI, a skip said elsewhere), mDNS off. Mid-game an
//! nftables rule drops every packet between them for longer than the idle and peer timeouts,
//! then goes away: both sides notice the silence, show "reconnecting", find each other again
//! by themselves, resume from the last ply they share, and finish the same game, no move lost.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod online_common;

use std::time::{Duration, Instant};

use online_common::netns::Lan;
use online_common::prerequisite_missing;
use online_common::{Player, args, replayed_record, same_game};

/// Fast timers: a silent link counts as dead after 1.5 s, idle connections close after 1 s.
fn timers() -> Vec<String> {
    args(&["--keep-alive-ms", "300", "--peer-timeout-ms", "1500", "--idle-timeout-ms", "1000"])
}

/// How long the cut lasts: well over the peer timeout, the idle timeout and a redial period.
const CUT: Duration = Duration::from_secs(5);

fn player(lan: &Lan, ns: &str, dir: &std::path::Path, who: &str, extra: &[&str]) -> Player {
    let mut a = args(extra);
    a.extend(args(&["--headless", "--no-mdns", "--ai", "1", "--move-delay-ms", "60"]));
    a.extend(timers());
    Player::spawn_with(lan.command(ns), &a, &dir.join(who), &dir.join(format!("{who}.tripot")))
}

fn saved_ply(player: &mut Player, ply: u64) {
    player.wait_for(&format!("ply {ply} saved"), Duration::from_secs(60), |v| {
        v["event"] == "saved" && v["ply"].as_u64().is_some_and(|p| p >= ply)
    });
}

#[test]
fn a_game_survives_a_cut_longer_than_the_timeouts() {
    let test = "a_game_survives_a_cut_longer_than_the_timeouts";
    let Some(lan) = Lan::create() else {
        return prerequisite_missing(
            test,
            "cannot create network namespaces here (needs root and `ip netns`)",
        );
    };
    // Known before the game starts, not after half of it.
    if !lan.can_cut() {
        return prerequisite_missing(test, "cannot add an nftables rule in the namespace (needs `nft`)");
    }
    let dir = tempfile::tempdir().unwrap();
    let listen_a = format!("/ip4/{}/tcp/0", Lan::A_ADDR);
    let mut host = player(
        &lan,
        &lan.a,
        dir.path(),
        "host",
        &["host", "--opens", "host", "--seed", "1", "--name", "Edmonde", "--listen", &listen_a],
    );
    let addr = host.address();
    let listen_b = format!("/ip4/{}/tcp/0", Lan::B_ADDR);
    let mut guest =
        player(&lan, &lan.b, dir.path(), "guest", &["join", &addr, "--seed", "2", "--listen", &listen_b]);
    guest.wait_event("connected", Duration::from_secs(20));
    saved_ply(&mut guest, 8);

    assert!(lan.cut(), "the nftables rule could not be added");
    let cut_at = Instant::now();
    let before_cut = replayed_record(&guest.save).moves().len();
    for side in [&mut host, &mut guest] {
        side.wait_event("disconnected", Duration::from_secs(10));
        side.wait_for("reconnecting for 2 s", Duration::from_secs(10), |v| {
            v["event"] == "reconnecting" && v["waited_secs"].as_u64().is_some_and(|w| w >= 2)
        });
    }
    // Both noticed; the cut lasts on, past the timeouts, with the game stuck on one side's move.
    std::thread::sleep(CUT.saturating_sub(cut_at.elapsed()));
    assert!(lan.mend(), "removing the cut failed");

    let host_resumed = host.wait_event("resumed", Duration::from_secs(30));
    let guest_resumed = guest.wait_event("resumed", Duration::from_secs(30));
    assert_eq!(host_resumed["common_ply"], guest_resumed["common_ply"]);
    assert!(host_resumed["common_ply"].as_u64().unwrap() >= u64::try_from(before_cut).unwrap());
    // At most the one move played during the cut was replayed, by whoever played it.
    let replayed = host_resumed["replayed"].as_u64().unwrap() + guest_resumed["replayed"].as_u64().unwrap();
    assert!(replayed <= 1, "{host_resumed} {guest_resumed}");

    assert_eq!(guest.finish(Duration::from_secs(180)), 0);
    assert_eq!(host.finish(Duration::from_secs(30)), 0);
    let (a, b) = (replayed_record(&host.save), replayed_record(&guest.save));
    same_game(&a, &b);
    assert!(online_common::winner(&a).is_some(), "the game did not finish");
    // No move lost: every move either side played is in both records, in order.
    let sent = host.events("move_sent").len() + guest.events("move_sent").len();
    assert_eq!(sent, a.moves().len());
    assert!(host.events("rejected").is_empty() && guest.events("rejected").is_empty());
}
