//! The open lobby through a real `tripot-relay`: tables listed with their games (the duel's
//! three formats here; `relay_games.rs` for the other games), one joined and played to the end,
//! the list updated; tables registered again after a relay restart.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod online_common;
mod relay_common;

use std::collections::BTreeSet;
use std::path::Path;
use std::time::Duration;

use serde_json::Value;

use online_common::{Player, replayed_record, same_game};
use relay_common::{Relay, lobby_until, spawn, start_relay};

/// The duel's game name for `--format f`.
fn duel(format: u64) -> &'static str {
    ["tripot", "tripot-f2", "tripot-f3"][usize::try_from(format).unwrap() - 1]
}

/// A computer player `host<f>` with an open lobby table of the duel in each format `f`, once
/// every table is open.
fn open_duel_tables(dir: &Path, relay: &Relay, formats: &[u64]) -> Vec<Player> {
    let mut hosts: Vec<Player> = formats
        .iter()
        .map(|f| {
            let format = f.to_string();
            spawn(dir, &format!("host{f}"), &["lobby", "--open", "--format", &format], relay, &["--ai", "1"])
        })
        .collect();
    for host in &mut hosts {
        host.wait_event("lobby_open", Duration::from_secs(20));
    }
    hosts
}

#[test]
fn three_tables_listed_one_joined_and_played_the_list_updated() {
    let dir = tempfile::tempdir().unwrap();
    let relay = start_relay(21);
    let mut hosts = open_duel_tables(dir.path(), &relay, &[1, 2, 3]);

    let tables = lobby_until(dir.path(), &relay, Duration::from_secs(20), "three tables", |t| t.len() == 3);
    let listed: BTreeSet<(String, String)> = tables
        .iter()
        .map(|t| (t["name"].as_str().unwrap().to_owned(), t["game"].as_str().unwrap().to_owned()))
        .collect();
    let expected: BTreeSet<(String, String)> =
        (1..=3).map(|f| (format!("host{f}"), duel(f).to_owned())).collect();
    assert_eq!(listed, expected, "each table with its host's name and game");
    for t in &tables {
        assert_eq!((t["seats"].as_u64(), t["free_seats"].as_u64()), (Some(2), Some(1)));
        assert!(t["waiting_secs"].as_u64().unwrap() < 60);
        assert!(t["addr"].as_str().unwrap().contains("/p2p-circuit/p2p/"));
    }
    assert_eq!(relay.metric("tripot_lobby_tables"), Some(3.0));

    // Join the format-1 table by its number on the page.
    let index = tables.iter().find(|t| t["game"] == "tripot").unwrap()["index"].to_string();
    let mut guest = spawn(dir.path(), "guest", &["lobby", "--join", &index], &relay, &["--ai", "2"]);
    let joined = guest.wait_event("lobby_join", Duration::from_secs(20));
    assert_eq!(joined["name"], "host1");
    let host = &mut hosts[0];
    let connected = guest.wait_event("connected", Duration::from_secs(30));
    assert_eq!(connected["peer"], "host1");
    assert_eq!(host.wait_event("connected", Duration::from_secs(10))["peer"], "guest");

    // The joined table leaves the list as the game starts; the others stay.
    let left = lobby_until(dir.path(), &relay, Duration::from_secs(10), "the joined table gone", |t| {
        t.len() == 2 && t.iter().all(|t| t["name"] != "host1")
    });
    assert!(left.iter().any(|t| t["game"] == "tripot-f2") && left.iter().any(|t| t["game"] == "tripot-f3"));

    // The game is played to its end, as any online game.
    guest.wait_event("game_over", Duration::from_secs(120));
    host.wait_event("game_over", Duration::from_secs(30));
    assert_eq!(guest.finish(Duration::from_secs(40)), 0);
    assert_eq!(host.finish(Duration::from_secs(40)), 0);
    same_game(&replayed_record(&host.save), &replayed_record(&guest.save));
    assert!(relay.metric("tripot_lobby_games_total").unwrap() >= 1.0);
}

#[test]
fn tables_come_back_by_themselves_after_a_relay_restart() {
    let dir = tempfile::tempdir().unwrap();
    let mut relay = start_relay(22);
    let mut hosts = open_duel_tables(dir.path(), &relay, &[1, 3]);
    lobby_until(dir.path(), &relay, Duration::from_secs(20), "two tables", |t| t.len() == 2);

    // Same identity, same port, nothing remembered: nobody asks the hosts, they register again
    // by themselves. The bound only keeps a broken announcer from hanging the test; how fast
    // they come back is not asserted (the machine may be slow).
    relay.restart();
    let what = "the two tables registered again by their hosts after the relay restarted";
    let tables = lobby_until(dir.path(), &relay, Duration::from_secs(60), what, |t| t.len() == 2);
    let games: BTreeSet<&str> = tables.iter().map(|t| t["game"].as_str().unwrap()).collect();
    assert_eq!(games, BTreeSet::from(["tripot", "tripot-f3"]));

    // And they can be joined: the hosts hold a reservation on the new relay too.
    let index = tables.iter().find(|t| t["game"] == "tripot").unwrap()["index"].to_string();
    let mut guest = spawn(dir.path(), "guest", &["lobby", "--join", &index], &relay, &["--ai", "2"]);
    assert_eq!(guest.wait_event("connected", Duration::from_secs(30))["peer"], "host1");
    assert_eq!(hosts[0].wait_event("connected", Duration::from_secs(10))["peer"], "guest");
}

/// Issue 23: a table of three seats (`tripot host --variant kawu-3 --lobby`) is listed with
/// its two free seats; a guest who joins it from the lobby takes the first free one and the
/// listing says one; the third takes the last, the game starts and the table, which lets no
/// spectator in, leaves the list.
#[test]
fn a_table_of_three_is_listed_with_its_free_seats_which_follow_its_guests() {
    let dir = tempfile::tempdir().unwrap();
    let relay = start_relay(23);
    let host_args = ["host", "--variant", "kawu-3", "--lobby", "--spectators", "no"];
    let mut host = spawn(dir.path(), "host", &host_args, &relay, &["--ai", "1"]);
    let opened = host.wait_event("lobby_open", Duration::from_secs(20));
    assert_eq!((opened["game"].as_str(), opened["seats"].as_u64()), (Some("kawu-3"), Some(3)));

    let tables = lobby_until(dir.path(), &relay, Duration::from_secs(20), "the table", |t| t.len() == 1);
    let table = &tables[0];
    assert_eq!((table["name"].as_str(), table["game"].as_str()), (Some("host"), Some("kawu-3")));
    assert_eq!((table["seats"].as_u64(), table["free_seats"].as_u64()), (Some(3), Some(2)));

    let mut second = spawn(dir.path(), "second", &["lobby", "--join", "1"], &relay, &["--ai", "1"]);
    let joined = second.wait_event("lobby_join", Duration::from_secs(20));
    assert_eq!((joined["name"].as_str(), joined["seats"].as_u64()), (Some("host"), Some(3)));
    let tables = lobby_until(dir.path(), &relay, Duration::from_secs(30), "one free seat", |t| {
        t.len() == 1 && t[0]["free_seats"] == 1
    });
    assert_eq!(tables[0]["name"], "host");

    let mut third = spawn(dir.path(), "third", &["lobby", "--join", "1"], &relay, &["--ai", "1"]);
    third.wait_event("lobby_join", Duration::from_secs(20));
    for player in [&mut host, &mut second, &mut third] {
        player.wait_event("started", Duration::from_secs(30));
    }
    lobby_until(dir.path(), &relay, Duration::from_secs(30), "the full table gone", <[Value]>::is_empty);
}

/// Issue 23 item 6: a listed kawu-3 table that lets spectators in (a computer at one seat)
/// fills and starts; it stays in the lobby under way (no free seat, `started`, `spectators`);
/// a process that finds it there cannot sit (`tripot lobby --join 1`: exit 2) and another
/// watches it (`tripot lobby --watch 1`) to the end with the players' places and record; the
/// table leaves the lobby once its game is over.
#[test]
fn a_table_under_way_stays_listed_and_is_watched_from_the_lobby_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let relay = start_relay(24);
    // Paced, so that the game is still on when the spectator comes (not a timing assertion).
    let pace = ["--ai", "1", "--move-delay-ms", "250"];
    let host_args = ["host", "--variant", "kawu-3", "--lobby", "--computer", "1"];
    let mut host = spawn(dir.path(), "host", &host_args, &relay, &pace);
    host.wait_event("lobby_open", Duration::from_secs(20));
    lobby_until(dir.path(), &relay, Duration::from_secs(30), "the table with one free seat", |t| {
        t.len() == 1 && t[0]["free_seats"] == 1
    });
    let mut guest = spawn(dir.path(), "guest", &["lobby", "--join", "1"], &relay, &pace);
    for player in [&mut host, &mut guest] {
        player.wait_event("started", Duration::from_secs(30));
    }

    let tables = lobby_until(dir.path(), &relay, Duration::from_secs(30), "the table under way", |t| {
        t.len() == 1 && t[0]["started"] == true
    });
    let table = &tables[0];
    assert_eq!((table["name"].as_str(), table["game"].as_str()), (Some("host"), Some("kawu-3")), "{table}");
    assert_eq!((table["seats"].as_u64(), table["free_seats"].as_u64()), (Some(3), Some(0)), "{table}");
    assert_eq!(table["spectators"], true, "{table}");

    let mut sitter = spawn(dir.path(), "sitter", &["lobby", "--join", "1"], &relay, &["--ai", "1"]);
    assert_eq!(sitter.finish(Duration::from_secs(30)), 2, "{}", sitter.stderr());
    assert!(sitter.stderr().contains("under way"), "{}", sitter.stderr());

    let mut watcher = spawn(dir.path(), "watcher", &["lobby", "--watch", "1"], &relay, &[]);
    let joined = watcher.wait_event("lobby_join", Duration::from_secs(30));
    assert_eq!((joined["name"].as_str(), joined["watch"].as_bool()), (Some("host"), Some(true)));
    let places = host.wait_event("game_over", Duration::from_secs(300))["places"].clone();
    assert_eq!(places.as_array().map(Vec::len), Some(3), "{places}");
    assert_eq!(guest.wait_event("game_over", Duration::from_secs(60))["places"], places);
    assert_eq!(watcher.wait_event("game_over", Duration::from_secs(60))["places"], places);
    for player in [&mut host, &mut guest, &mut watcher] {
        assert_eq!(player.finish(Duration::from_secs(40)), 0, "{}", player.stderr());
    }
    let records: Vec<_> = [&host, &guest, &watcher].iter().map(|p| replayed_record(&p.save)).collect();
    assert_eq!(records[0].moves(), records[1].moves());
    assert_eq!(records[0].moves(), records[2].moves(), "the spectator's record is the players'");
    lobby_until(
        dir.path(),
        &relay,
        Duration::from_secs(60),
        "the table gone after its game",
        <[Value]>::is_empty,
    );
}
