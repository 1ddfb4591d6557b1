//! Ratings from the players' side, across real processes: a real `tripot-relay --ratings` with
//! its SQLite file in a temporary directory, and two headless `tripot` players meeting in a
//! private room through it. A finished game is signed by both, submitted by both automatically
//! and counted once; it appears in `tripot ratings --json`; `tripot ratings submit` sends the
//! kept results again harmlessly; a game where one side plays `--guest` is never rated. A
//! table of three people is signed by all three through its host and rated pairwise by places.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod online_common;

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use online_common::relay_process::{RelayLaunch, RelayProcess};
use online_common::{Player, relay_bin, relay_player_saving, tripot_bin};
use serde_json::Value;

/// A whole game in a private room: the host (Edmonde) opens, the guest (Marie) joins with
/// `guest_extra`; both run to their end. Returns (host, guest).
fn room_game(dir: &Path, relay: &RelayProcess, game: &str, guest_extra: &[&str]) -> (Player, Player) {
    let save = |who: &str| format!("{who}-{game}.tripot");
    let mut host = relay_player_saving(
        dir,
        "Edmonde",
        &save("host"),
        relay,
        &["host", "--room", "--opens", "host", "--ai", "1", "--seed", "3"],
    );
    let open = host
        .wait_for("the room open", Duration::from_secs(30), |v| v["event"] == "room" && v["state"] == "open");
    let code = open["code"].as_str().unwrap().to_owned();
    let mut guest_args = vec!["join", code.as_str(), "--ai", "2", "--seed", "5"];
    guest_args.extend_from_slice(guest_extra);
    let mut guest = relay_player_saving(dir, "Marie", &save("guest"), relay, &guest_args);
    assert_eq!(guest.finish(Duration::from_secs(180)), 0, "{}", guest.stderr());
    assert_eq!(host.finish(Duration::from_secs(60)), 0, "{}", host.stderr());
    (host, guest)
}

/// `tripot ratings ARGS…` against the relay; its stdout.
fn ratings(relay: &RelayProcess, extra: &[&str]) -> String {
    let output = Command::new(tripot_bin())
        .arg("ratings")
        .args(["--relay", &relay.addr])
        .args(extra)
        .env("TRIPOT_CONFIG_DIR", "/nonexistent-tripot-config")
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap()
}

fn table(relay: &RelayProcess) -> Value {
    serde_json::from_str(ratings(relay, &["--json"]).trim()).unwrap()
}

#[test]
fn a_finished_game_is_signed_submitted_by_both_and_counted_once_and_a_guest_game_is_not() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ratings.sqlite");
    let relay = RelayLaunch::new(&relay_bin(), 41)
        .in_dir(&dir.path().join("relay"))
        .no_per_ip_limits()
        .args(&["--ratings", "--ratings-db", &db.to_string_lossy()])
        .start();

    let (host, guest) = room_game(dir.path(), &relay, "rated", &[]);
    for side in [&host, &guest] {
        let signed = side.events("result_signed");
        assert_eq!(signed.len(), 1, "{:#?}", side.events("warning"));
        assert_eq!(signed[0]["game"], "tripot");
        let kept = side.events("result_kept");
        assert_eq!(kept[0]["submitting"], true);
        assert!(Path::new(kept[0]["path"].as_str().unwrap()).exists());
        // No warning about the result (a hole-punching dial may warn: not ours).
        let about_result =
            |w: &Value| w["detail"].as_str().is_some_and(|d| d.contains("ratings") || d.contains("result"));
        assert!(!side.events("warning").iter().any(about_result), "{:#?}", side.events("warning"));
    }
    assert_eq!(host.events("result_signed"), guest.events("result_signed"));
    // Both submitted; the relay counted the game once: one of them was told it was already.
    let counted: Vec<Value> =
        host.events("result_counted").into_iter().chain(guest.events("result_counted")).collect();
    assert_eq!(counted.len(), 2, "{counted:?}");
    assert_eq!(counted.iter().filter(|c| c["before"] == false).count(), 1, "{counted:?}");

    // The table: both players, one game each.
    let all_time = table(&relay);
    let entries = all_time["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 2, "{all_time}");
    assert!(entries.iter().all(|e| e["games"] == 1 && e["provisional"] == true), "{all_time}");
    let mut names: Vec<&str> = entries.iter().map(|e| e["name"].as_str().unwrap()).collect();
    names.sort_unstable();
    assert_eq!(names, ["Edmonde", "Marie"]);
    let ratings_sum: f64 = entries.iter().map(|e| e["rating"].as_f64().unwrap()).sum();
    assert!((ratings_sum - 3000.0).abs() < 1e-6, "{all_time}");
    // The text table names them, and this month's table holds the game too.
    let text = ratings(&relay, &["--lang", "en"]);
    assert!(text.starts_with("Ratings — tripot — all time — 2 players"), "{text}");
    assert!(text.contains("Edmonde") && text.contains("provisional"), "{text}");
    let month = time_month();
    let monthly: Value =
        serde_json::from_str(ratings(&relay, &["--month", &month, "--json"]).trim()).unwrap();
    assert_eq!(monthly["entries"].as_array().unwrap().len(), 2, "{monthly}");

    // Sending the kept results again changes nothing: the relay acknowledged both already.
    let sent = ratings(&relay, &["--json", "submit", "--dir", &dir.path().to_string_lossy()]);
    let answers: Vec<Value> = sent.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(answers.len(), 2, "{sent}");
    assert!(answers.iter().all(|a| a["answer"] == "counted_before"), "{sent}");

    // A game where the guest plays with a fresh key: nothing signed, nothing counted.
    let (host, guest) = room_game(dir.path(), &relay, "guest", &["--guest"]);
    assert!(host.events("result_signed").is_empty() && guest.events("result_signed").is_empty());
    assert_eq!(host.events("result_unsigned")[0]["cause"], "declined");
    assert!(host.events("result_counted").is_empty() && guest.events("result_counted").is_empty());
    let after = table(&relay);
    assert_eq!(after["entries"], all_time["entries"], "{after}");
}

/// A table of kawu-3 in a private room: three people (each played headless by the computer,
/// as a person would), every seat signs the result through the host, every seat submits it,
/// the relay counts it once and rates the three pairwise by their places.
#[test]
fn a_kawu_3_table_of_three_people_is_signed_by_all_three_and_rated_pairwise_by_places() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ratings.sqlite");
    let relay = RelayLaunch::new(&relay_bin(), 42)
        .in_dir(&dir.path().join("relay"))
        .no_per_ip_limits()
        .http()
        .args(&["--ratings", "--ratings-db", &db.to_string_lossy()])
        .start();
    let save = |who: &str| format!("{who}-kawu.tripot");
    let host_args = ["host", "--variant", "kawu-3", "--room", "--ai", "1", "--seed", "3"];
    let mut host = relay_player_saving(dir.path(), "Edmonde", &save("host"), &relay, &host_args);
    let line = host.wait_for("the room's link", Duration::from_secs(30), |v| v["event"] == "link");
    let link = line["link"].as_str().unwrap().to_owned();
    let mut seats = vec![host];
    for (name, seed) in [("Marie", "5"), ("Louis", "7")] {
        let mut guest = relay_player_saving(
            dir.path(),
            name,
            &save(name),
            &relay,
            &["join", &link, "--ai", "1", "--seed", seed],
        );
        // One guest at a time into the room: each is seated before the next comes.
        guest.wait_for("a seat", Duration::from_secs(60), |v| {
            v["event"] == "table"
                && v["seats"].as_array().is_some_and(|s| s.iter().any(|seat| seat["name"] == name))
        });
        seats.push(guest);
    }
    for seat in &mut seats {
        let finished = seat.finish(Duration::from_secs(300));
        let seen: Vec<Value> =
            seat.seen.lock().unwrap().iter().filter(|v| v["event"] != "entry").cloned().collect();
        assert_eq!(finished, 0, "{seen:#?}\n{}", seat.stderr());
    }
    let signed: Vec<Value> = seats
        .iter()
        .map(|seat| {
            let mut signed = seat.events("result_signed");
            let seen: Vec<String> = seat
                .seen
                .lock()
                .unwrap()
                .iter()
                .filter(|v| v["event"] != "entry" && v["event"] != "saved")
                .map(Value::to_string)
                .collect();
            assert_eq!(signed.len(), 1, "{seen:#?}");
            let kept = seat.events("result_kept");
            assert_eq!(kept[0]["submitting"], true);
            assert!(Path::new(kept[0]["path"].as_str().unwrap()).exists());
            signed.remove(0)
        })
        .collect();
    assert_eq!(signed[0], signed[1]);
    assert_eq!(signed[0], signed[2]);
    assert_eq!(signed[0]["game"], "kawu-3");
    // All three submitted; the relay counted the game once.
    let counted: Vec<Value> = seats.iter().flat_map(|s| s.events("result_counted")).collect();
    assert_eq!(counted.len(), 3, "{counted:?}");
    assert_eq!(counted.iter().filter(|c| c["before"] == false).count(), 1, "{counted:?}");

    // The relay's table of kawu-3: the three players, one game each, their ratings ordered as
    // their places, pair by pair (equal places: equal ratings), the sum kept.
    let response = relay.http_get("/ratings.json?game=kawu-3");
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    let table: Value = serde_json::from_str(body).unwrap();
    let entries = table["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 3, "{table}");
    assert!(entries.iter().all(|e| e["games"] == 1), "{table}");
    let players = signed[0]["players"].as_array().unwrap();
    let places = signed[0]["places"].as_array().unwrap();
    let rating_of = |peer: &Value| {
        let entry =
            entries.iter().find(|e| e["peer_id"] == *peer).unwrap_or_else(|| panic!("{peer} in {table}"));
        entry["rating"].as_f64().unwrap()
    };
    let rated: Vec<(u64, f64)> =
        players.iter().zip(places).map(|(peer, place)| (place.as_u64().unwrap(), rating_of(peer))).collect();
    for (i, &(place, rating)) in rated.iter().enumerate() {
        for &(other_place, other_rating) in &rated[i + 1..] {
            match place.cmp(&other_place) {
                std::cmp::Ordering::Less => assert!(rating > other_rating, "{rated:?}"),
                std::cmp::Ordering::Greater => assert!(rating < other_rating, "{rated:?}"),
                std::cmp::Ordering::Equal => assert!((rating - other_rating).abs() < 1e-6, "{rated:?}"),
            }
        }
    }
    let sum: f64 = rated.iter().map(|&(_, r)| r).sum();
    assert!((sum - 4500.0).abs() < 1e-6, "{table}");
    let mut names: Vec<&str> = entries.iter().map(|e| e["name"].as_str().unwrap()).collect();
    names.sort_unstable();
    assert_eq!(names, ["Edmonde", "Louis", "Marie"]);
}

/// This month, `YYYY-MM`, as the relay's clock sees it (the same machine's).
fn time_month() -> String {
    let output = Command::new("date").args(["-u", "+%Y-%m"]).output().unwrap();
    String::from_utf8(output.stdout).unwrap().trim().to_owned()
}
