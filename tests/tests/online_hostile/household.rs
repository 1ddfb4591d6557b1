//! Issue 21, the rest of it, against a real `tripot-relay`:
//! - reserved strangers from one address open new lobby tables as fast as they can: the relay
//!   takes so many a minute from an address (then `E_UNAVAILABLE`, counted as `per_ip_rate`),
//!   while an honest host behind the same address keeps refreshing its table;
//! - an honest household behind one address (one NAT) under the relay's default limits: a lobby
//!   host, its guest and a lister, a room's host and guest, two quick-match seekers — all play.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use libp2p::rendezvous::ErrorCode;
use tripot_directory::{GameSpec, LobbyTable, TableSpec};

use super::relay::{list_lobby, player};
use super::strangers::{an_honest_table, listed_by_the_lobby, registering_strangers, relay, runtime, stop};
use crate::online_common::Player;

/// Stranger `n`'s `i`-th table: a well-formed `kawu-2` table, as a client writes it.
fn a_table(n: usize, i: usize) -> String {
    let opened = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs();
    let kawu = TableSpec { game: GameSpec::new("kawu-2").unwrap(), seats: 2 };
    LobbyTable::new(kawu, opened, &format!("s{n}t{i}")).namespace()
}

#[test]
fn new_lobby_tables_from_one_address_are_bounded_a_minute_and_refreshes_are_not() {
    let dir = tempfile::tempdir().unwrap();
    // The per-address store quota lifted: only the rate of new registrations holds them back.
    let flags = [
        "--reservations-per-ip-per-minute",
        "0",
        "--rendezvous-max-per-ip",
        "0",
        "--registrations-per-ip-per-minute",
        "10",
    ];
    let (relay, relay_id) = relay(75, &flags);
    let addr = relay.tcp_addr_of(false);
    // The honest host came first: its table took one of the address's ten.
    let host = an_honest_table(dir.path(), &addr, "Edmonde");

    let rt = runtime();
    let outcomes = registering_strangers(&rt, &addr, relay_id, 8, (4, a_table), true);
    assert_eq!(outcomes.failed, 0);
    // Nine tokens left, one more every 6 s while the strangers work.
    let granted = outcomes.granted.len();
    assert!((9..=11).contains(&granted), "{granted} new tables from one address in a few seconds");
    assert!(outcomes.refused.iter().all(|code| *code == ErrorCode::Unavailable), "{:?}", outcomes.refused);
    assert_eq!(granted + outcomes.refused.len(), 32);
    let rate_denials = relay
        .metric(r#"tripot_denials_total{what="lobby_registration",reason="per_ip_rate"}"#)
        .unwrap_or(0.0);
    assert_eq!(rate_denials, outcomes.refused.len() as f64);

    // Two refreshes later (every 6 s) the honest table is still listed: a refresh costs nothing.
    std::thread::sleep(Duration::from_secs(13));
    let tables = list_lobby(dir.path(), &addr);
    assert!(tables.iter().any(|t| t["name"] == "Edmonde"), "{tables:#?}");
    assert!(host.events("warning").is_empty(), "{:?}", host.events("warning"));
    stop(&outcomes.kept);
}

/// Both players of a game finish it, normally.
fn both_finish(a: &mut Player, b: &mut Player) {
    for player in [&mut *a, &mut *b] {
        assert_eq!(player.finish(Duration::from_secs(240)), 0, "{}", player.stderr());
        let over = player.events("game_over");
        assert_eq!(over.len(), 1, "{over:?}");
        assert_eq!(over[0]["termination"], "normal", "{over:?}");
    }
}

#[test]
fn a_household_behind_one_address_plays_under_the_default_limits() {
    let _alone = crate::heavy();
    let dir = tempfile::tempdir().unwrap();
    let (relay, _) = relay(76, &[]);
    let addr = relay.tcp_addr_of(false);
    let here = "/ip4/127.0.0.1/tcp/0";
    let at = |name: &str, command: &[&str]| player(dir.path(), name, &addr, here, command);

    let mut table_host =
        at("Edmonde", &["lobby", "--open", "--variant", "kawu-2", "--ai", "1", "--seed", "3"]);
    table_host.wait_event("lobby_open", Duration::from_secs(20));
    let mut room_host = at(
        "Marie",
        &["host", "--room", "--variant", "captures-2", "--opens", "host", "--ai", "1", "--seed", "4"],
    );
    let open = room_host
        .wait_for("the room open", Duration::from_secs(20), |v| v["event"] == "room" && v["state"] == "open");
    let code = open["code"].as_str().unwrap().to_owned();
    let mut seeker = at("Lise", &["quick", "--variant", "kawu-2", "--ai", "1", "--seed", "6"]);
    seeker.wait_event("seeking", Duration::from_secs(20));

    let tables = listed_by_the_lobby(dir.path(), &addr, "Edmonde");
    assert_eq!(tables.len(), 1, "{tables:#?}");
    let mut table_guest =
        at("Zoe", &["lobby", "--variant", "kawu-2", "--join", "1", "--ai", "1", "--seed", "5"]);
    let mut room_guest = at("Nina", &["join", &code, "--ai", "1", "--seed", "7"]);
    let mut any = at("Rose", &["quick", "--variant", "any", "--ai", "1", "--seed", "8"]);
    assert_eq!(any.wait_event("matched", Duration::from_secs(30))["game"], "kawu-2");

    both_finish(&mut table_host, &mut table_guest);
    both_finish(&mut room_host, &mut room_guest);
    both_finish(&mut seeker, &mut any);
    // No limit refused the household anything. A circuit asked of a peer that has just left (its
    // game over, its process gone: `no_reservation`, `connection_failed`) is no limit's doing; on
    // a loaded machine a player's last redial can cross its opponent's exit.
    let metrics = relay.metrics();
    for denied in ["connection", "reservation", "circuit", "lobby_registration", "room"] {
        let total: f64 = metrics
            .lines()
            .filter(|l| l.starts_with(&format!(r#"tripot_denials_total{{what="{denied}""#)))
            .filter(|l| {
                !l.contains(r#"reason="no_reservation""#) && !l.contains(r#"reason="connection_failed""#)
            })
            .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
            .sum();
        assert_eq!(total, 0.0, "an honest household was refused a {denied}:\n{metrics}");
    }
}
