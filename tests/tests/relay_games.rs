//! Lobby and quick match by game (issue 22) through a real `tripot-relay`, which knows no rules:
//! two headless `tripot` processes meet at a `kawu-2` lobby table (listed by its game beside a
//! duel's table, and by itself when the listing asks for `kawu-2`), or by quick match — a seeker
//! of `kawu-2` and one of `any` — and play the game to the end; both saves are the same game,
//! replayed move by move.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod online_common;
mod relay_common;

use std::time::Duration;

use online_common::played_to_the_end;
use relay_common::{lobby_until, peer_id, spawn, start_relay};

#[test]
fn a_kawu_table_is_listed_by_its_game_joined_and_played_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let relay = start_relay(41);
    let mut host = spawn(
        dir.path(),
        "Edmonde",
        &["lobby", "--open", "--variant", "kawu-2"],
        &relay,
        &["--ai", "1", "--seed", "3"],
    );
    let open = host.wait_event("lobby_open", Duration::from_secs(20));
    assert_eq!(open["game"], "kawu-2");
    let mut duel = spawn(dir.path(), "Marie", &["lobby", "--open", "--format", "2"], &relay, &["--ai", "1"]);
    duel.wait_event("lobby_open", Duration::from_secs(20));

    // The whole lobby shows both, each with its game, seats and free seats.
    let tables = lobby_until(dir.path(), &relay, Duration::from_secs(20), "two tables", |t| t.len() == 2);
    let kawu = tables.iter().find(|t| t["name"] == "Edmonde").unwrap();
    assert_eq!(
        (kawu["game"].as_str(), kawu["seats"].as_u64(), kawu["free_seats"].as_u64()),
        (Some("kawu-2"), Some(2), Some(1))
    );
    assert_eq!(tables.iter().find(|t| t["name"] == "Marie").unwrap()["game"], "tripot-f2");

    // A listing of kawu-2 shows its table alone; the guest joins the first of it.
    let mut lister =
        spawn(dir.path(), "lister", &["lobby", "--list", "--variant", "kawu-2"], &relay, &["--ai", "1"]);
    assert_eq!(lister.finish(Duration::from_secs(20)), 0, "{}", lister.stderr());
    let only = lister.events("lobby_table");
    assert_eq!(only.len(), 1, "{only:#?}");
    assert_eq!(only[0]["name"], "Edmonde");
    let mut guest = spawn(
        dir.path(),
        "Cathy",
        &["lobby", "--variant", "kawu-2", "--join", "1"],
        &relay,
        &["--ai", "1", "--seed", "5"],
    );
    assert_eq!(guest.wait_event("lobby_join", Duration::from_secs(20))["game"], "kawu-2");
    let connected = guest.wait_event("connected", Duration::from_secs(30));
    assert_eq!((connected["game"].as_str(), connected["peer"].as_str()), (Some("kawu-2"), Some("Edmonde")));
    played_to_the_end(&mut host, &mut guest, "kawu-2");

    // The kawu-2 table left the list as its game started; the duel's waits on.
    let left = lobby_until(dir.path(), &relay, Duration::from_secs(10), "the duel's table alone", |t| {
        t.len() == 1 && t[0]["name"] == "Marie"
    });
    assert_eq!(left[0]["game"], "tripot-f2");
    assert!(relay.metric("tripot_lobby_games_total").unwrap() >= 1.0);
}

#[test]
fn a_seeker_of_any_game_meets_a_kawu_seeker_and_they_play_kawu() {
    let dir = tempfile::tempdir().unwrap();
    let relay = start_relay(42);
    let mut kawu = spawn(
        dir.path(),
        "Edmonde",
        &["quick", "--variant", "kawu-2"],
        &relay,
        &["--ai", "1", "--seed", "3"],
    );
    kawu.wait_event("seeking", Duration::from_secs(20));
    // A seeker of another game waits beside it, never paired with it.
    let mut duel = spawn(dir.path(), "Marie", &["quick", "--variant", "tripot-f3"], &relay, &["--ai", "1"]);
    duel.wait_event("seeking", Duration::from_secs(20));
    std::thread::sleep(Duration::from_secs(1));
    assert_eq!(relay.metric("tripot_quick_matches_total"), Some(0.0));

    // "any" pairs with the one that waited longest, and plays its game.
    let mut any =
        spawn(dir.path(), "Cathy", &["quick", "--variant", "any"], &relay, &["--ai", "1", "--seed", "5"]);
    let matched = any.wait_event("matched", Duration::from_secs(30));
    let kawu_matched = kawu.wait_event("matched", Duration::from_secs(30));
    assert_eq!(matched["peer"].as_str(), Some(peer_id(&mut kawu).as_str()));
    assert_eq!(kawu_matched["peer"].as_str(), Some(peer_id(&mut any).as_str()));
    for line in [&matched, &kawu_matched] {
        assert_eq!((line["game"].as_str(), line["seats"].as_u64()), (Some("kawu-2"), Some(2)), "{line}");
    }
    assert_eq!(kawu_matched["you_host"], true, "the longer waiter hosts");
    assert_eq!(matched["you_host"], false);
    let connected = any.wait_event("connected", Duration::from_secs(30));
    assert_eq!(connected["game"], "kawu-2");
    played_to_the_end(&mut kawu, &mut any, "kawu-2");
    assert_eq!(relay.metric("tripot_quick_matches_total"), Some(1.0));
    assert_eq!(relay.metric("tripot_quick_waiting"), Some(1.0), "the tripot-f3 seeker waits on");
    drop(duel);
}
