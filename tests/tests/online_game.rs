//! Two `tripot` processes play a complete headless game over loopback.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod online_common;

use std::time::Duration;

use online_common::{Player, args, loopback_args, replayed_record, same_game};

#[test]
fn two_processes_play_a_whole_game_and_save_the_same_record() {
    let dir = tempfile::tempdir().unwrap();
    let mut host_args = args(&[
        "host", "--format", "1", "--opens", "random", "--ai", "1", "--seed", "3", "--name", "Edmonde",
    ]);
    host_args.extend(loopback_args());
    let mut host = Player::spawn(&host_args, &dir.path().join("host"), &dir.path().join("host.tripot"));
    let addr = host.address();

    let mut guest_args = args(&["join", &addr, "--ai", "2", "--seed", "5", "--name", "Marie"]);
    guest_args.extend(loopback_args());
    let mut guest = Player::spawn(&guest_args, &dir.path().join("guest"), &dir.path().join("guest.tripot"));

    let connected = guest.wait_event("connected", Duration::from_secs(20));
    assert_eq!(connected["camp"], "B");
    assert_eq!(connected["peer"], "Edmonde");
    assert_eq!(guest.finish(Duration::from_secs(120)), 0);
    assert_eq!(host.finish(Duration::from_secs(30)), 0);

    let host_over = host.events("game_over");
    let guest_over = guest.events("game_over");
    assert_eq!(host_over.len(), 1);
    assert_eq!(host_over[0]["winner"], guest_over[0]["winner"]);
    assert_eq!(host_over[0]["termination"], "normal");
    assert!(host.events("rejected").is_empty() && guest.events("rejected").is_empty());

    let (a, b) = (replayed_record(&host.save), replayed_record(&guest.save));
    same_game(&a, &b);
    assert_eq!(a.tag("Role"), Some("host"));
    assert_eq!(b.tag("Role"), Some("guest"));
    assert_eq!((a.player("A"), a.player("B")), (Some("Edmonde"), Some("Marie")));
    // Every move each side sent was acknowledged by the other after verification.
    let sent = host.events("move_sent").len() + guest.events("move_sent").len();
    assert_eq!(sent, a.moves().len());
    assert_eq!(host.events("ack").len(), host.events("move_sent").len());
}
