//! Quick match through a real `tripot-relay`: four players at once make two games, nobody in
//! two; two games (the duel's formats 1 and 2) are never paired, "any" pairs with either and
//! plays its game; tables of three: seekers gathered at one, and a seeker listed first going to a
//! plain table opened after it. (`relay_games.rs`: the other games.)
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod online_common;
mod relay_common;

use std::collections::HashMap;
use std::time::Duration;

use online_common::{Player, replayed_record, same_game};
use relay_common::{lobby_until, peer_id, spawn, start_relay};
use serde_json::Value;

/// Waits for a player's pairing; returns (its own peer id, the pairing line).
fn matched(player: &mut Player) -> (String, Value) {
    let line = player.wait_event("matched", Duration::from_secs(30));
    (peer_id(player), line)
}

#[test]
fn four_at_once_make_two_games_and_nobody_plays_twice() {
    let dir = tempfile::tempdir().unwrap();
    let relay = start_relay(31);
    let mut players: Vec<Player> = (0..4)
        .map(|i| spawn(dir.path(), &format!("q{i}"), &["quick", "--format", "1"], &relay, &["--ai", "1"]))
        .collect();
    let pairings: Vec<(String, Value)> = players.iter_mut().map(matched).collect();
    let ids: Vec<&String> = pairings.iter().map(|(id, _)| id).collect();
    let partner: HashMap<&str, &str> =
        pairings.iter().map(|(id, line)| (id.as_str(), line["peer"].as_str().unwrap())).collect();
    for (id, line) in &pairings {
        let other = partner[id.as_str()];
        assert_ne!(other, id, "paired with itself");
        assert!(ids.iter().any(|i| *i == other), "paired with a stranger");
        assert_eq!(partner[other], id, "pairings are mutual: nobody is in two games");
        assert_eq!((line["game"].as_str(), line["seats"].as_u64()), (Some("tripot"), Some(2)));
        let other_line = &pairings.iter().find(|(i, _)| i == other).unwrap().1;
        assert_ne!(line["you_host"], other_line["you_host"], "one host and one guest per game");
    }
    assert_eq!(pairings.iter().filter(|(_, l)| l["you_host"] == true).count(), 2);

    // Both games start and finish, each between its pair.
    for player in &mut players {
        player.wait_event("connected", Duration::from_secs(30));
    }
    for player in &mut players {
        player.wait_event("game_over", Duration::from_secs(120));
    }
    for player in &mut players {
        assert_eq!(player.finish(Duration::from_secs(40)), 0);
    }
    for (i, (id, _)) in pairings.iter().enumerate() {
        let j = pairings.iter().position(|(other, _)| other == partner[id.as_str()]).unwrap();
        if i < j {
            same_game(&replayed_record(&players[i].save), &replayed_record(&players[j].save));
        }
    }
    assert_eq!(relay.metric("tripot_quick_matches_total"), Some(2.0));
    assert_eq!(relay.metric("tripot_quick_waiting"), Some(0.0));
}

#[test]
fn two_games_are_never_paired_but_any_pairs_with_either_and_plays_its_game() {
    let dir = tempfile::tempdir().unwrap();
    let relay = start_relay(32);
    let mut one = spawn(dir.path(), "one", &["quick", "--format", "1"], &relay, &["--ai", "1"]);
    let mut two = spawn(dir.path(), "two", &["quick", "--format", "2"], &relay, &["--ai", "1"]);
    one.wait_event("seeking", Duration::from_secs(20));
    two.wait_event("seeking", Duration::from_secs(20));
    // Longer than a hold (4 s): both asked again, still not paired.
    std::thread::sleep(Duration::from_secs(5));
    assert_eq!(relay.metric("tripot_quick_matches_total"), Some(0.0));
    assert_eq!(relay.metric("tripot_quick_waiting"), Some(2.0));

    let mut any1 = spawn(dir.path(), "any1", &["quick", "--variant", "any"], &relay, &["--ai", "1"]);
    let (_, first) = matched(&mut any1);
    let mut any2 = spawn(dir.path(), "any2", &["quick", "--variant", "any"], &relay, &["--ai", "1"]);
    let (_, second) = matched(&mut any2);
    let (one_id, one_line) = matched(&mut one);
    let (two_id, two_line) = matched(&mut two);
    assert_eq!(one_line["game"], "tripot");
    assert_eq!(two_line["game"], "tripot-f2");
    for line in [&first, &second] {
        let with_one = line["peer"] == one_id.as_str();
        let with_two = line["peer"] == two_id.as_str();
        assert!(with_one != with_two, "each 'any' is paired with exactly one of them: {line}");
        assert_eq!(line["game"], if with_one { "tripot" } else { "tripot-f2" });
    }
    assert_ne!(first["peer"], second["peer"]);
    assert_eq!(relay.metric("tripot_quick_matches_total"), Some(2.0));
}

/// Issue 23: three `tripot quick --variant kawu-3` at once are gathered at one table of the
/// relay's lobby: each sees the same three people seated, and the game starts.
#[test]
fn three_seekers_of_kawu_3_sit_at_one_table() {
    let dir = tempfile::tempdir().unwrap();
    let relay = start_relay(33);
    let mut players: Vec<Player> = (0..3)
        .map(|i| {
            spawn(dir.path(), &format!("t{i}"), &["quick", "--variant", "kawu-3"], &relay, &["--ai", "1"])
        })
        .collect();
    for player in &mut players {
        let full = player.wait_for("its table full", Duration::from_secs(60), |line| {
            line["event"] == "table"
                && line["seats"].as_array().is_some_and(|s| s.iter().all(|seat| seat["kind"] == "person"))
        });
        assert_eq!(full["game"], "kawu-3");
        let mut names: Vec<&str> =
            full["seats"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
        names.sort_unstable();
        assert_eq!(names, ["t0", "t1", "t2"], "the three seekers, at one table");
        player.wait_event("started", Duration::from_secs(30));
    }
}

/// Issue 23: a seeker of kawu-3 whose own table is listed first, then a plain listed table
/// (`tripot host --lobby`, a computer at its second seat) opened in a later second: the seeker
/// leaves its own table for the plain one (a plain table never moves, so it ranks first), and
/// the game is played there to its end, both records alike.
#[test]
fn a_seeker_listed_first_sits_at_a_plain_table_opened_after_it_and_plays_it() {
    let dir = tempfile::tempdir().unwrap();
    let relay = start_relay(34);
    let mut seeker = spawn(dir.path(), "seeker", &["quick", "--variant", "kawu-3"], &relay, &["--ai", "1"]);
    seeker.wait_event("quick_hosting", Duration::from_secs(30));
    lobby_until(dir.path(), &relay, Duration::from_secs(30), "the seeker's table", |t| {
        t.len() == 1 && t[0]["name"] == "seeker"
    });
    // The seeker's table opened at or before this second: the plain one opens after it.
    let listed_at = unix_seconds();
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    while unix_seconds() <= listed_at {
        assert!(std::time::Instant::now() < deadline, "the clock never passed {listed_at}");
        std::thread::sleep(Duration::from_millis(50));
    }
    let mut host = spawn(
        dir.path(),
        "host",
        &["host", "--variant", "kawu-3", "--lobby", "--computer", "1"],
        &relay,
        &["--ai", "1"],
    );
    host.wait_event("lobby_open", Duration::from_secs(20));
    let full = seeker.wait_for("the seeker at the plain table", Duration::from_secs(60), |line| {
        line["event"] == "table"
            && line["seats"].as_array().is_some_and(|s| s.iter().all(|seat| seat["kind"] != "empty"))
    });
    let names: Vec<&str> =
        full["seats"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap_or("")).collect();
    assert_eq!((names[0], names[2]), ("host", "seeker"), "{full}");
    for player in [&mut host, &mut seeker] {
        player.wait_event("game_over", Duration::from_secs(180));
    }
    for player in [&mut host, &mut seeker] {
        assert_eq!(player.finish(Duration::from_secs(40)), 0, "{}", player.stderr());
    }
    assert_eq!(replayed_record(&host.save).moves(), replayed_record(&seeker.save).moves());
}

fn unix_seconds() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs()
}
