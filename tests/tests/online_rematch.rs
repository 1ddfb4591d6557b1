//! Rematch: two headless processes play a game, then another on the same connection (the
//! opener swapped, a fresh game id, its own record); a player who wants no rematch declines.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod online_common;

use std::path::Path;
use std::time::Duration;

use online_common::{Player, args, loopback_args, replayed_record, same_game};

fn host(dir: &Path, extra: &[&str]) -> Player {
    let mut a = args(&["host", "--ai", "1", "--seed", "3", "--name", "Edmonde"]);
    a.extend(args(extra));
    a.extend(loopback_args());
    Player::spawn(&a, &dir.join("host"), &dir.join("host.tripot"))
}

fn guest(dir: &Path, addr: &str, extra: &[&str]) -> Player {
    let mut a = args(&["join", addr, "--ai", "2", "--seed", "5", "--name", "Marie"]);
    a.extend(args(extra));
    a.extend(loopback_args());
    Player::spawn(&a, &dir.join("guest"), &dir.join("guest.tripot"))
}

#[test]
fn two_processes_play_a_game_and_a_rematch_with_the_opener_swapped() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = host(dir.path(), &["--opens", "host", "--rematch", "1"]);
    let addr = h.address();
    let mut g = guest(dir.path(), &addr, &["--rematch", "1"]);
    assert_eq!(g.finish(Duration::from_secs(180)), 0);
    assert_eq!(h.finish(Duration::from_secs(30)), 0);

    for player in [&h, &g] {
        assert_eq!(player.events("connected").len(), 2);
        assert_eq!(player.events("game_over").len(), 2);
        let started = player.events("rematch_started");
        assert_eq!(started.len(), 1, "exactly one rematch");
        assert_eq!((started[0]["number"].as_u64(), started[0]["opener"].as_str()), (Some(2), Some("B")));
        assert!(player.events("rejected").is_empty(), "{:?}", player.events("rejected"));
        assert!(player.events("rematch_declined").is_empty());
    }
    assert_eq!(h.events("rematch_started")[0]["game_id"], g.events("rematch_started")[0]["game_id"]);

    let first =
        (replayed_record(&dir.path().join("host.tripot")), replayed_record(&dir.path().join("guest.tripot")));
    let second = (
        replayed_record(&dir.path().join("host-2.tripot")),
        replayed_record(&dir.path().join("guest-2.tripot")),
    );
    same_game(&first.0, &first.1);
    same_game(&second.0, &second.1);
    assert_ne!(first.0.tag("GameId"), second.0.tag("GameId"));
    assert_eq!(Some(second.0.tag("GameId").unwrap()), h.events("rematch_started")[0]["game_id"].as_str());
    assert_eq!((first.0.opener.as_deref(), second.0.opener.as_deref()), (Some("A"), Some("B")));
    assert_eq!(second.0.game(), first.0.game());
    for camp in ["A", "B"] {
        assert_eq!(second.0.player(camp), first.0.player(camp), "the same players, in the same camps");
    }
    for record in [&first.0, &second.0] {
        assert!(online_common::winner(record).is_some(), "unfinished: {}", record.result);
    }
    // Every move of both games sent by one side was acknowledged by the other.
    let moves = first.0.moves().len() + second.0.moves().len();
    assert_eq!(h.events("move_sent").len() + g.events("move_sent").len(), moves);
    assert_eq!(h.events("ack").len(), h.events("move_sent").len());
    assert_eq!(g.events("ack").len(), g.events("move_sent").len());
}

#[test]
fn a_player_without_rematches_declines_the_offer() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = host(dir.path(), &["--opens", "host", "--rematch", "2"]);
    let addr = h.address();
    let mut g = guest(dir.path(), &addr, &[]);
    assert_eq!(g.finish(Duration::from_secs(180)), 0);
    assert_eq!(h.finish(Duration::from_secs(30)), 0);
    assert!(h.events("rematch_started").is_empty() && g.events("rematch_started").is_empty());
    // The offer was declined by the guest, or found it gone: either way no second game.
    let declined = h.events("rematch_declined");
    assert_eq!(declined.len(), 1, "{declined:?}");
    assert_eq!(declined[0]["by"], "peer");
    same_game(&replayed_record(&h.save), &replayed_record(&g.save));
    assert!(!dir.path().join("host-2.tripot").exists() && !dir.path().join("guest-2.tripot").exists());
}

#[test]
fn after_a_random_draw_each_rematch_is_drawn_again_and_saved_apart() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = host(dir.path(), &["--opens", "random", "--rematch", "2", "--format", "2"]);
    let addr = h.address();
    let mut g = guest(dir.path(), &addr, &["--rematch", "2"]);
    assert_eq!(g.finish(Duration::from_secs(240)), 0);
    assert_eq!(h.finish(Duration::from_secs(30)), 0);
    let numbers: Vec<_> = h.events("rematch_started").iter().map(|e| e["number"].as_u64()).collect();
    assert_eq!(numbers, [Some(2), Some(3)]);
    let mut ids = Vec::new();
    for name in ["", "-2", "-3"] {
        let a = replayed_record(&dir.path().join(format!("host{name}.tripot")));
        let b = replayed_record(&dir.path().join(format!("guest{name}.tripot")));
        same_game(&a, &b);
        assert_eq!(a.tag("OpenerChoice"), Some("random"));
        assert_eq!(a.game().as_str(), "tripot-f2");
        assert!(online_common::winner(&a).is_some());
        ids.push(a.tag("GameId").unwrap().to_owned());
    }
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 3, "three different games");
}
