//! Resume: a player killed mid-game (SIGKILL) restarts from its save and the game finishes with
//! no move lost; the same after the connection stays dead longer than the idle timeout (a
//! stopped process, like a sleeping laptop); and a player who never returns loses by claim.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod online_common;

use std::path::Path;
use std::time::Duration;

use online_common::{Player, args, loopback_args, replayed_record, same_game};

/// Fast timers so that drops are noticed in a second or two.
fn timers() -> Vec<String> {
    args(&["--keep-alive-ms", "300", "--peer-timeout-ms", "1500", "--idle-timeout-ms", "1000"])
}

fn host(dir: &Path, extra: &[&str]) -> Player {
    let mut a = args(&["host", "--opens", "host", "--ai", "1", "--seed", "1", "--move-delay-ms", "40"]);
    a.extend(args(extra));
    a.extend(loopback_args());
    a.extend(timers());
    Player::spawn(&a, &dir.join("host"), &dir.join("host.tripot"))
}

fn guest(dir: &Path, addr: &str) -> Player {
    let mut a = args(&["join", addr, "--ai", "1", "--seed", "2", "--move-delay-ms", "40"]);
    a.extend(loopback_args());
    a.extend(timers());
    Player::spawn(&a, &dir.join("guest"), &dir.join("guest.tripot"))
}

fn resumed(dir: &Path, who: &str, extra: &[&str]) -> Player {
    let save = dir.join(format!("{who}.tripot"));
    let sub = if who == "host" { "host" } else { "join" };
    let mut a =
        args(&[sub, "--resume", save.to_str().unwrap(), "--ai", "1", "--seed", "9", "--move-delay-ms", "40"]);
    a.extend(args(extra));
    a.extend(loopback_args());
    a.extend(timers());
    Player::spawn(&a, &dir.join(who), &save)
}

fn wait_ply(player: &mut Player, ply: u64) {
    player.wait_for(&format!("ply {ply} saved"), Duration::from_secs(60), |v| {
        v["event"] == "saved" && v["ply"].as_u64().is_some_and(|p| p >= ply)
    });
}

fn finish_both(a: &mut Player, b: &mut Player) {
    assert_eq!(a.finish(Duration::from_secs(120)), 0);
    assert_eq!(b.finish(Duration::from_secs(60)), 0);
    let (ra, rb) = (replayed_record(&a.save), replayed_record(&b.save));
    same_game(&ra, &rb);
    assert!(online_common::winner(&ra).is_some(), "the game did not finish");
}

#[test]
fn a_killed_guest_restarts_and_the_game_finishes() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = host(dir.path(), &[]);
    let addr = h.address();
    let mut g = guest(dir.path(), &addr);
    wait_ply(&mut g, 12);
    g.signal("KILL");
    let _ = g.child.wait();
    let saved_plies = replayed_record(&g.save).moves().len();
    assert!(saved_plies >= 12);
    h.wait_event("disconnected", Duration::from_secs(10));
    let mut g = resumed(dir.path(), "guest", &[]);
    g.wait_event("resumed", Duration::from_secs(20));
    h.wait_event("resumed", Duration::from_secs(20));
    finish_both(&mut g, &mut h);
}

#[test]
fn a_killed_host_restarts_on_its_address_and_the_game_finishes() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = host(dir.path(), &[]);
    let addr = h.address();
    let mut g = guest(dir.path(), &addr);
    wait_ply(&mut h, 10);
    h.signal("KILL");
    let _ = h.child.wait();
    g.wait_event("disconnected", Duration::from_secs(10));
    g.wait_event("reconnecting", Duration::from_secs(10));
    let mut h = resumed(dir.path(), "host", &[]);
    h.wait_event("resumed", Duration::from_secs(30));
    g.wait_event("resumed", Duration::from_secs(30));
    finish_both(&mut g, &mut h);
}

#[test]
fn a_connection_dead_longer_than_the_idle_timeout_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = host(dir.path(), &[]);
    let addr = h.address();
    let mut g = guest(dir.path(), &addr);
    wait_ply(&mut g, 8);
    // The guest's machine "sleeps": nothing goes in or out for well over the idle timeout.
    g.signal("STOP");
    h.wait_event("disconnected", Duration::from_secs(10));
    h.wait_for("reconnecting for 2 s", Duration::from_secs(10), |v| {
        v["event"] == "reconnecting" && v["waited_secs"].as_u64().is_some_and(|w| w >= 2)
    });
    g.signal("CONT");
    h.wait_event("resumed", Duration::from_secs(30));
    g.wait_event("resumed", Duration::from_secs(30));
    finish_both(&mut g, &mut h);
}

#[test]
fn a_guest_who_never_returns_loses_by_claim_after_the_grace_period() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = host(dir.path(), &["--grace-secs", "2", "--claim"]);
    let addr = h.address();
    let mut g = guest(dir.path(), &addr);
    wait_ply(&mut g, 4);
    g.signal("KILL");
    h.wait_event("grace_expired", Duration::from_secs(15));
    let over = h.wait_event("game_over", Duration::from_secs(5));
    assert_eq!((over["winner"].as_str(), over["termination"].as_str()), (Some("A"), Some("abandoned")));
    assert_eq!(h.finish(Duration::from_secs(10)), 0);
    let record = replayed_record(&h.save);
    assert_eq!((online_common::winner(&record), record.termination.as_deref()), (Some("A"), Some("abandon")));
}
