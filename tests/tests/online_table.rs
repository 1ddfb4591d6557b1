//! Online tables of three seats and more between real `tripot` processes (headless, computer
//! players for the people), on loopback and through a real `tripot-relay`: played to the end,
//! every participant's `game_over` the same, every saved record passing `tripot replay`; the
//! host killed mid-game and the table finishing under the next host.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod online_common;

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use online_common::relay_process::{RelayLaunch, RelayProcess};
use online_common::{Player, args, loopback_args, relay_bin, replayed_record, tripot_bin};
use serde_json::Value;
use tripot_game::GameRecord as Record;

const START: Duration = Duration::from_secs(30);
const GAME: Duration = Duration::from_secs(240);

fn player(dir: &Path, name: &str, relay: Option<&RelayProcess>, extra: &[&str]) -> Player {
    let mut list = args(extra);
    list.extend(loopback_args());
    list.extend(args(&["--name", name, "--grace-secs", "2", "--keep-alive-ms", "500"]));
    if let Some(relay) = relay {
        list.extend(args(&["--relay", &relay.addr]));
    }
    Player::spawn(&list, &dir.join(name), &dir.join(format!("{name}.tripot")))
}

/// The host's link: through the relay if `relayed`, else a direct one.
fn link(host: &mut Player, relayed: bool) -> String {
    let line = host.wait_for("the table's link", START, |v| {
        v["event"] == "link" && v["link"].as_str().is_some_and(|l| l.contains("p2p-circuit") == relayed)
    });
    line["link"].as_str().unwrap().to_owned()
}

/// Waits for the game's end; returns its places.
fn game_over(player: &mut Player) -> Value {
    player.wait_event("game_over", GAME)["places"].clone()
}

/// `tripot replay FILE` accepts the record.
fn tripot_replay(path: &Path) {
    let out = Command::new(tripot_bin()).arg("replay").arg(path).output().unwrap();
    assert!(out.status.success(), "{}: {}", path.display(), String::from_utf8_lossy(&out.stderr));
}

#[test]
fn kawu_3_two_people_and_a_computer_through_a_relay_with_a_spectator() {
    let dir = tempfile::tempdir().unwrap();
    let relay =
        RelayLaunch::new(&relay_bin(), 31).in_dir(&dir.path().join("relay")).no_per_ip_limits().start();
    let host_args = ["host", "--variant", "kawu-3", "--computer", "2", "--ai", "1", "--seed", "3"];
    let mut host = player(dir.path(), "Edmonde", Some(&relay), &host_args);
    let link = link(&mut host, true);
    let mut guest = player(dir.path(), "Marie", Some(&relay), &["join", &link, "--ai", "1", "--seed", "5"]);
    let mut watcher = player(dir.path(), "Louis", Some(&relay), &["watch", &link, "--ai", "1"]);
    let places = game_over(&mut host);
    assert_eq!(game_over(&mut guest), places);
    assert_eq!(game_over(&mut watcher), places);
    assert_eq!(places.as_array().unwrap().len(), 3);
    for p in [&mut host, &mut guest, &mut watcher] {
        assert_eq!(p.finish(Duration::from_secs(20)), 0, "{}", p.stderr());
    }
    let records: Vec<_> = [&host, &guest, &watcher].iter().map(|p| replayed_record(&p.save)).collect();
    assert_eq!(records[0].moves(), records[1].moves());
    assert_eq!(records[0].moves(), records[2].moves());
    assert_eq!(records[0].player("A"), records[2].player("A"));
    for p in [&host, &guest, &watcher] {
        tripot_replay(&p.save);
    }
}

#[test]
fn the_host_killed_mid_game_the_table_finishes_under_the_next_host() {
    let dir = tempfile::tempdir().unwrap();
    let mut host = player(
        dir.path(),
        "Edmonde",
        None,
        &["host", "--variant", "kawu-3", "--ai", "1", "--move-delay-ms", "100"],
    );
    let link = link(&mut host, false);
    let mut a =
        player(dir.path(), "Marie", None, &["join", &link, "--ai", "1", "--claim", "--move-delay-ms", "100"]);
    let mut b =
        player(dir.path(), "Louis", None, &["join", &link, "--ai", "1", "--claim", "--move-delay-ms", "100"]);
    host.wait_for("a few moves", START, |v| v["event"] == "entry" && v["index"].as_u64() >= Some(6));
    host.signal("KILL");
    let places = game_over(&mut a);
    assert_eq!(game_over(&mut b), places);
    // The seat after the host's in the hand-over order hosts; the other follows it there.
    let hosts = [&a, &b].iter().filter(|p| !p.events("became_host").is_empty()).count();
    let followers = [&a, &b].iter().filter(|p| !p.events("host_gone").is_empty()).count();
    assert_eq!((hosts, followers), (1, 1));
    let over = a.events("game_over");
    assert_eq!(over[0]["termination"], "abandon", "{over:?}");
    for p in [&mut a, &mut b] {
        assert_eq!(p.finish(Duration::from_secs(20)), 0, "{}", p.stderr());
    }
    let (ra, rb) = (replayed_record(&a.save), replayed_record(&b.save));
    assert_eq!(ra.moves(), rb.moves());
    assert!(ra.moves().len() >= 7);
    tripot_replay(&a.save);
    tripot_replay(&b.save);
}

#[test]
fn kawu_3_by_room_code_through_a_relay_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let relay =
        RelayLaunch::new(&relay_bin(), 32).in_dir(&dir.path().join("relay")).no_per_ip_limits().start();
    let host_args = ["host", "--variant", "kawu-3", "--room", "--computer", "2", "--ai", "1", "--seed", "3"];
    let mut host = player(dir.path(), "Edmonde", Some(&relay), &host_args);
    let line = host.wait_for("the room's link", START, |v| v["event"] == "link");
    let link = line["link"].as_str().unwrap().to_owned();
    assert!(link.starts_with("tripot://room/kawu-3/3/"), "{link}");
    // A wrong code finds no room, and the table goes on waiting for the right one.
    let code = link.rsplit('/').next().unwrap().to_owned();
    let wrong =
        format!("tripot://room/kawu-3/3/{}", if code.starts_with('A') { "BBB-BBB" } else { "AAA-AAA" });
    let mut stranger = player(dir.path(), "Louis", Some(&relay), &["join", &wrong, "--ai", "1"]);
    let refused = stranger.wait_event("room_error", START);
    assert_eq!(refused["kind"], "not_found", "{refused}");
    assert_ne!(stranger.finish(Duration::from_secs(20)), 0);
    let guest = player(dir.path(), "Marie", Some(&relay), &["join", &link, "--ai", "1", "--seed", "5"]);
    room_game_to_the_end(host, guest, 3);
}

/// A room's guest proves the code, both play to the same end; their records are the same
/// game and `tripot replay` accepts both. The host's record is given back.
fn room_game_to_the_end(mut host: Player, mut guest: Player, seats: usize) -> (Player, Record) {
    guest.wait_for("the code proved", START, |v| v["event"] == "room" && v["state"] == "joined");
    let places = game_over(&mut host);
    assert_eq!(game_over(&mut guest), places);
    assert_eq!(places.as_array().unwrap().len(), seats);
    for p in [&mut host, &mut guest] {
        assert_eq!(p.finish(Duration::from_secs(20)), 0, "{}", p.stderr());
    }
    let (rh, rg) = (replayed_record(&host.save), replayed_record(&guest.save));
    assert_eq!(rh.moves(), rg.moves());
    tripot_replay(&host.save);
    tripot_replay(&guest.save);
    (host, rh)
}

#[test]
fn a_per_move_clock_run_out_three_times_loses_the_seat_and_everyone_sees_it() {
    let dir = tempfile::tempdir().unwrap();
    let host_args = ["host", "--variant", "kawu-3", "--clock", "move:1", "--computer", "2", "--ai", "1"];
    let mut host = player(dir.path(), "Edmonde", None, &host_args);
    let link = link(&mut host, false);
    // Marie thinks 3 s a move against a clock of 1 s: every one of her moves comes too late.
    let mut slow =
        player(dir.path(), "Marie", None, &["join", &link, "--ai", "1", "--move-delay-ms", "3000"]);
    // A spectator needs no --ai.
    let mut watcher = player(dir.path(), "Louis", None, &["watch", &link]);
    let places = game_over(&mut host);
    assert_eq!(game_over(&mut slow), places);
    assert_eq!(game_over(&mut watcher), places);
    for p in [&mut host, &mut slow, &mut watcher] {
        assert_eq!(p.finish(Duration::from_secs(20)), 0, "{}", p.stderr());
        let entries: Vec<Value> = p.events("entry").into_iter().filter(|e| e["seat"] == 3).collect();
        // Her last three turns: two moves the clock played for her, then her time-out, all
        // signed by the host's clock (a stale move of hers may land in time earlier, by luck).
        let last = &entries[entries.len().saturating_sub(3)..];
        assert!(last.iter().all(|e| e["signed_by"] == "host_clock"), "{entries:?}");
        let acts: Vec<&str> = last.iter().map(|e| e["act"].as_str().unwrap()).collect();
        assert_eq!(acts, ["move", "move", "leave"], "{entries:?}");
        assert_eq!(last[2]["text"], "timedout");
    }
    // The computer took the second seat; Marie the third.
    assert!(places[2].is_null(), "the seat timed out is out of the ranking: {places}");
}

#[test]
fn the_rematch_vote_carried_a_second_game_is_played_and_saved_apart() {
    let dir = tempfile::tempdir().unwrap();
    let host_args = ["host", "--variant", "kawu-3", "--computer", "2", "--ai", "1", "--rematch", "1"];
    let mut host = player(dir.path(), "Edmonde", None, &host_args);
    let link = link(&mut host, false);
    let mut guest = player(dir.path(), "Marie", None, &["join", &link, "--ai", "1", "--rematch", "1"]);
    let first = game_over(&mut host);
    assert_eq!(game_over(&mut guest), first);
    let carried = host.wait_event("vote_closed", GAME);
    assert_eq!(carried["rematch"], true, "{carried}");
    let second = game_over(&mut host);
    assert_eq!(game_over(&mut guest), second);
    for p in [&mut host, &mut guest] {
        assert_eq!(p.finish(Duration::from_secs(20)), 0, "{}", p.stderr());
        assert_eq!(p.events("started").len(), 2, "two games started");
        // The computer kept its seat for the second game.
        let tables = p.events("table");
        assert_eq!(tables.last().unwrap()["seats"][1]["kind"], "computer", "{tables:?}");
        let mut paths: Vec<String> =
            p.events("saved").iter().map(|s| s["path"].as_str().unwrap().to_owned()).collect();
        paths.dedup();
        assert_eq!(paths.len(), 2, "each game in a file of its own: {paths:?}");
        for path in &paths {
            tripot_replay(Path::new(path));
        }
    }
}

#[test]
fn a_seat_left_free_by_the_vote_goes_to_a_computer_and_the_next_game_is_played() {
    let dir = tempfile::tempdir().unwrap();
    let host_args = [
        "host",
        "--variant",
        "kawu-3",
        "--computer",
        "2",
        "--ai",
        "1",
        "--rematch",
        "1",
        "--fill",
        "1",
        "--vote-secs",
        "3",
    ];
    let mut host = player(dir.path(), "Edmonde", None, &host_args);
    let link = link(&mut host, false);
    // Marie plays one game and does not vote for another.
    let mut guest = player(dir.path(), "Marie", None, &["join", &link, "--ai", "1"]);
    let first = game_over(&mut host);
    assert_eq!(game_over(&mut guest), first);
    assert_eq!(guest.finish(Duration::from_secs(120)), 0, "{}", guest.stderr());
    let carried = host.wait_event("vote_closed", GAME);
    assert_eq!(carried["rematch"], true, "{carried}");
    game_over(&mut host);
    assert_eq!(host.finish(Duration::from_secs(20)), 0, "{}", host.stderr());
    assert_eq!(host.events("started").len(), 2, "two games started");
    let tables = host.events("table");
    let last = &tables.last().unwrap()["seats"];
    assert_eq!(
        (last[1]["kind"].as_str(), last[2]["kind"].as_str()),
        (Some("computer"), Some("computer")),
        "{tables:?}"
    );
    let mut paths: Vec<String> =
        host.events("saved").iter().map(|s| s["path"].as_str().unwrap().to_owned()).collect();
    paths.dedup();
    assert_eq!(paths.len(), 2, "each game in a file of its own: {paths:?}");
    for path in &paths {
        tripot_replay(Path::new(path));
    }
}

#[test]
fn draughts_by_room_code_through_a_relay_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let relay =
        RelayLaunch::new(&relay_bin(), 32).in_dir(&dir.path().join("relay")).no_per_ip_limits().start();
    let host_args = ["host", "--variant", "draughts", "--room", "--ai", "1", "--seed", "3"];
    let mut host = player(dir.path(), "Edmonde", Some(&relay), &host_args);
    let line = host.wait_for("the room's link", START, |v| v["event"] == "link");
    let link = line["link"].as_str().unwrap().to_owned();
    assert!(link.starts_with("tripot://room/draughts/2/"), "{link}");
    let guest = player(dir.path(), "Marie", Some(&relay), &["join", &link, "--ai", "1", "--seed", "5"]);
    let (host, rh) = room_game_to_the_end(host, guest, 2);
    assert_eq!(rh.game().to_string(), "draughts");
    assert!(rh.moves().len() > 20, "{} moves", rh.moves().len());
    tampered_chain_refused(&host.save, &dir.path().join("tampered.tripot"));
}

/// The save keeps the signed chain: one character of it changed, `tripot replay` refuses the
/// record, though its moves are untouched.
fn tampered_chain_refused(save: &Path, tampered: &Path) {
    let text = std::fs::read_to_string(save).unwrap();
    let start = text.find("[TableChain \"").unwrap() + "[TableChain \"".len();
    let end = start + text[start..].find('"').unwrap();
    let at = start + (end - start) * 3 / 4;
    let flipped = if &text[at..=at] == "0" { "1" } else { "0" };
    std::fs::write(tampered, format!("{}{flipped}{}", &text[..at], &text[at + 1..])).unwrap();
    let out = Command::new(tripot_bin()).arg("replay").arg(tampered).output().unwrap();
    assert!(!out.status.success(), "a tampered chain replayed");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("chain"), "{stderr}");
}

#[test]
fn a_member_flooding_the_chat_is_held_to_the_rate_and_the_table_finishes() {
    let dir = tempfile::tempdir().unwrap();
    let host_args = ["host", "--variant", "kawu-3", "--computer", "2", "--ai", "1", "--seed", "3"];
    let mut host = player(dir.path(), "Edmonde", None, &host_args);
    let link = link(&mut host, false);
    let mut flood = vec!["join".to_owned(), link, "--ai".into(), "1".into(), "--seed".into(), "5".into()];
    for i in 0..20 {
        flood.extend(["--say".to_owned(), format!("flot {i}")]);
    }
    let flood: Vec<&str> = flood.iter().map(String::as_str).collect();
    let mut guest = player(dir.path(), "Marie", None, &flood);
    let places = game_over(&mut host);
    assert_eq!(game_over(&mut guest), places);
    for p in [&mut host, &mut guest] {
        assert_eq!(p.finish(Duration::from_secs(20)), 0, "{}", p.stderr());
    }
    // The host heard the first five lines (the chat's rate: five in ten seconds) and no more;
    // the flooder was told of each line refused, and its link held.
    let heard: Vec<String> =
        host.events("chat").iter().map(|v| v["text"].as_str().unwrap().to_owned()).collect();
    assert_eq!(heard, (0..5).map(|i| format!("flot {i}")).collect::<Vec<_>>());
    let refused = guest
        .events("error")
        .iter()
        .filter(|v| v["detail"].as_str().is_some_and(|d| d.contains("too fast")))
        .count();
    assert_eq!(refused, 15);
    tripot_replay(&host.save);
    tripot_replay(&guest.save);
}

#[test]
fn a_guest_sits_at_the_seat_it_chose_and_a_taken_seat_turns_the_next_away() {
    let dir = tempfile::tempdir().unwrap();
    let mut host = player(dir.path(), "Edmonde", None, &["host", "--variant", "kawu-3", "--ai", "1"]);
    let link = link(&mut host, false);
    // A seat past the table's count is refused before any network.
    let mut lost = player(dir.path(), "Jean", None, &["join", &link, "--seat", "4", "--ai", "1"]);
    assert_eq!(lost.finish(START), 2, "{}", lost.stderr());
    assert!(lost.stderr().contains("seat 4 is not at this table"), "{}", lost.stderr());
    let mut marie = player(dir.path(), "Marie", None, &["join", &link, "--seat", "3", "--ai", "1"]);
    host.wait_for("Marie at the third seat", START, |v| {
        v["event"] == "table" && v["seats"][2]["name"] == "Marie"
    });
    let mut late = player(dir.path(), "Louis", None, &["join", &link, "--seat", "3", "--ai", "1"]);
    assert_eq!(late.finish(START), 1, "{}", late.stderr());
    assert!(late.stderr().contains("the seat asked for is taken"), "{}", late.stderr());
    // Without --seat, the first free one: the second.
    let mut paul = player(dir.path(), "Paul", None, &["join", &link, "--ai", "1"]);
    let places = game_over(&mut host);
    assert_eq!(game_over(&mut marie), places);
    assert_eq!(game_over(&mut paul), places);
    for p in [&mut host, &mut marie, &mut paul] {
        assert_eq!(p.finish(Duration::from_secs(20)), 0, "{}", p.stderr());
        let seats = p.events("table").last().unwrap()["seats"].clone();
        assert_eq!((seats[1]["name"].as_str(), seats[2]["name"].as_str()), (Some("Paul"), Some("Marie")));
    }
}
