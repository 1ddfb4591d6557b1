//! The ratings service of the real `tripot-relay` binary on loopback, with its SQLite file in a
//! temporary directory: results submitted over libp2p (`tripot_net::ratings`), refusals by
//! their reasons, the tables over libp2p, JSON and HTML, the meeting rule with real circuits,
//! the throttle, and a `kill -9` in the middle of a batch.
//!
//! Built with the `ratings` feature only: without it the binary refuses `--ratings`.
#![cfg(feature = "ratings")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

#[path = "../ratings/tests/support/games.rs"]
mod games;

use futures::StreamExt;
use games::*;
use libp2p::Multiaddr;
use libp2p::swarm::SwarmEvent;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use support::*;
use tripot_net::ratings::{RatingsClientError, standings, submit};
use tripot_ratings_wire::{
    Month, Period, RecordProblem, RefuseReason, Response, SeatKind, SignatureError, StandingsQuery, Unrated,
};

fn now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs()
}

/// A relay counting results in `db`, with these extra flags.
fn ratings_relay(db: &Path, extra: &[&str]) -> RelayProcess {
    let db = db.to_str().unwrap();
    let mut args = vec!["--ratings", "--ratings-db", db];
    args.extend_from_slice(extra);
    RelayProcess::start(&args)
}

/// Flags of a relay that rates games played anywhere and does not throttle the test.
const OPEN: [&str; 5] = [
    "--ratings-without-meeting",
    "--ratings-requests-per-peer-per-minute",
    "0",
    "--ratings-requests-per-ip-per-minute",
    "0",
];

fn query(game: &str, period: Period) -> StandingsQuery {
    StandingsQuery { game: game.into(), period }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn results_are_counted_once_refused_by_reason_and_served_over_libp2p_json_and_html() {
    let dir = tempfile::tempdir().unwrap();
    let relay = ratings_relay(&dir.path().join("ratings.sqlite"), &OPEN);
    let addr = relay.tcp_addr();
    let (ana, ben) = (player("Ana <b>&</b>"), player("Ben"));
    let game = signed(duel(1, &ana, &ben, true, now()), &[&ana, &ben]);
    assert_eq!(submit(&addr, game.clone()).await.unwrap(), Response::Accepted);
    assert_eq!(submit(&addr, game.clone()).await.unwrap(), Response::AlreadyCounted);

    let refused = |reason| Response::Refused(reason);
    let missing = signed(duel(2, &ana, &ben, true, now()), &[&ana]);
    assert_eq!(
        submit(&addr, missing).await.unwrap(),
        refused(RefuseReason::Signature(SignatureError::Missing { seat: 1 }))
    );
    let mut no_replay = duel(3, &ana, &ben, true, now());
    no_replay.places = vec![2, 1];
    let no_replay = signed(no_replay, &[&ana, &ben]);
    assert_eq!(
        submit(&addr, no_replay).await.unwrap(),
        refused(RefuseReason::Record(RecordProblem::PlacesMismatch))
    );
    let mut guest = duel(4, &ana, &ben, true, now());
    guest.seats[1].kind = SeatKind::Guest;
    let guest = signed(guest, &[&ana, &ben]);
    assert_eq!(submit(&addr, guest).await.unwrap(), refused(RefuseReason::Unrated(Unrated::GuestSeat)));
    let mut computer = duel(5, &ana, &ben, true, now());
    computer.seats[1].kind = SeatKind::Computer;
    let computer = signed(computer, &[&ana]);
    assert_eq!(submit(&addr, computer).await.unwrap(), refused(RefuseReason::Unrated(Unrated::ComputerSeat)));
    let table = players(4);
    let seated: Vec<&Player> = table.iter().collect();
    let pairs = signed_by_all(star(6, "halma-pairs-4", &seated, &[1, 2, 1, 2], now()), &seated);
    assert_eq!(submit(&addr, pairs).await.unwrap(), refused(RefuseReason::Unrated(Unrated::Teams)));

    // The tables: over libp2p, then JSON and HTML.
    let month = Period::Month(Month::from_unix(now()));
    for period in [Period::AllTime, month] {
        let table = standings(&addr, query("tripot", period)).await.unwrap();
        assert_eq!(table.players, 2);
        assert_eq!(table.entries[0].peer_id, ana.key.public().to_peer_id());
        assert_eq!((table.entries[0].games, table.entries[0].provisional), (1, true));
    }
    let http = relay.http.clone().unwrap();
    let (status, body) = http_get(&http, "/ratings.json?game=tripot");
    assert!(status.contains("200"), "{status}");
    let json: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(json["period"], "all");
    assert_eq!(json["entries"][0]["peer_id"], ana.key.public().to_peer_id().to_base58());
    assert_eq!(json["entries"][0]["name"], "Ana <b>&</b>");
    assert_eq!(json["entries"][1]["games"], 1);
    let (_, body) = http_get(&http, &format!("/ratings.json?game=tripot&month={month}"));
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&body).unwrap()["entries"].as_array().unwrap().len(),
        2
    );
    let (_, body) = http_get(&http, "/ratings.json");
    assert_eq!(serde_json::from_str::<serde_json::Value>(&body).unwrap()["games"][0]["game"], "tripot");
    let (status, page) = http_get(&http, "/ratings?game=tripot&lang=fr");
    assert!(status.contains("200"), "{status}");
    assert!(page.contains("Ana &lt;b&gt;&amp;&lt;/b&gt;") && !page.contains("<b>&</b>"), "{page}");
    assert!(page.contains("provisoire"), "{page}");
    let (_, page) = http_get(&http, "/ratings?lang=en");
    assert!(page.contains("/ratings?game=tripot&amp;lang=en"), "{page}");
    assert!(http_get(&http, "/ratings.json?game=%3Cx%3E").0.contains("400"));
    // The operator counts the answers by kind and reason.
    let metrics = relay.process.metrics();
    for line in [
        "tripot_ratings_answers_total{answer=\"accepted\",reason=\"\"} 1",
        "tripot_ratings_answers_total{answer=\"already_counted\",reason=\"\"} 1",
        "tripot_ratings_answers_total{answer=\"refused\",reason=\"unrated\"} 3",
        "tripot_ratings_answers_total{answer=\"refused\",reason=\"record\"} 1",
    ] {
        assert!(metrics.contains(line), "{line} not in {metrics}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_relay_without_ratings_neither_speaks_the_protocol_nor_serves_tables() {
    let relay = RelayProcess::start(&[]);
    let (ana, ben) = (player("Ana"), player("Ben"));
    let game = signed(duel(1, &ana, &ben, true, now()), &[&ana, &ben]);
    let error = submit(&relay.tcp_addr(), game).await.unwrap_err();
    assert!(matches!(error, RatingsClientError::Request(_)), "{error:?}");
    assert!(http_get(relay.http.as_deref().unwrap(), "/ratings.json?game=tripot").0.contains("404"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_over_the_per_address_rate_are_throttled() {
    let dir = tempfile::tempdir().unwrap();
    let relay = ratings_relay(
        &dir.path().join("ratings.sqlite"),
        &["--ratings-without-meeting", "--ratings-requests-per-ip-per-minute", "3"],
    );
    let addr = relay.tcp_addr();
    for _ in 0..3 {
        assert!(standings(&addr, query("tripot", Period::AllTime)).await.is_ok());
    }
    // A fourth asker with another key, from the same address.
    match standings(&addr, query("tripot", Period::AllTime)).await {
        Err(RatingsClientError::Refused(RefuseReason::Throttled { retry_after_ms })) => {
            assert!(retry_after_ms > 0 && retry_after_ms <= 60_000, "{retry_after_ms}");
        }
        other => panic!("{other:?}"),
    }
}

/// `host` and `guest` (their swarms with the players' keys) open a circuit through the relay;
/// the swarms run on while their event receivers are kept.
async fn meet(
    relay: &RelayProcess,
    host: &Player,
    guest: &Player,
) -> Vec<tokio::sync::mpsc::UnboundedReceiver<SwarmEvent<ClientEvent>>> {
    let tcp = relay.tcp_addr();
    let mut host_swarm = client_with(host.key.clone());
    reserve(&mut host_swarm, &tcp, relay.peer_id).await;
    let host_id = *host_swarm.local_peer_id();
    let host_events = spawn(host_swarm);
    let mut guest_swarm = client_with(guest.key.clone());
    guest_swarm.dial(circuit_addr(&tcp, host_id)).unwrap();
    until(&mut guest_swarm, 10, |e| match e {
        SwarmEvent::Behaviour(ClientEvent::Ping(libp2p::ping::Event { peer, result: Ok(_), .. }))
            if peer == host_id =>
        {
            Some(())
        }
        SwarmEvent::OutgoingConnectionError { error, .. } => panic!("circuit refused: {error}"),
        _ => None,
    })
    .await;
    vec![host_events, spawn(guest_swarm)]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_who_met_through_the_relay_are_rated_and_strangers_are_not() {
    let dir = tempfile::tempdir().unwrap();
    let relay = ratings_relay(&dir.path().join("ratings.sqlite"), &[]);
    let addr = relay.tcp_addr();
    let (ana, ben, cid) = (player("Ana"), player("Ben"), player("Cid"));
    let strangers = signed(duel(1, &ana, &cid, true, now()), &[&ana, &cid]);
    assert_eq!(submit(&addr, strangers.clone()).await.unwrap(), Response::Refused(RefuseReason::NotMetHere));
    let _swarms = meet(&relay, &ana, &ben).await;
    let met = signed(duel(2, &ana, &ben, false, now()), &[&ana, &ben]);
    assert_eq!(submit(&addr, met).await.unwrap(), Response::Accepted);
    // Meeting Ben does not make Ana and Cid's game a game played here.
    assert_eq!(submit(&addr, strangers).await.unwrap(), Response::Refused(RefuseReason::NotMetHere));
    let table = standings(&addr, query("tripot", Period::AllTime)).await.unwrap();
    assert_eq!(table.entries[0].peer_id, ben.key.public().to_peer_id());
}

/// Submits `batch` four at a time; each answer is kept by its index.
fn submit_all(
    addr: Multiaddr,
    batch: Vec<tripot_ratings_wire::SignedResult>,
    answers: Arc<Mutex<Vec<Option<Response>>>>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let batch = Arc::new(batch);
        futures::stream::iter(0..batch.len())
            .for_each_concurrent(4, |index| {
                let (addr, batch, answers) = (addr.clone(), Arc::clone(&batch), Arc::clone(&answers));
                async move {
                    if let Ok(answer) = submit(&addr, batch[index].clone()).await {
                        answers.lock().unwrap()[index] = Some(answer);
                    }
                }
            })
            .await;
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kill_9_in_the_middle_of_a_batch_loses_and_doubles_nothing() {
    const BATCH: usize = 40;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ratings.sqlite");
    let mut relay = ratings_relay(&db, &[&OPEN[..], &["--ratings-pair-daily-cap", "1000"]].concat());
    let p = players(6);
    let batch: Vec<_> = (0..BATCH)
        .map(|n| {
            let (a, b) = (&p[n % 6], &p[(n / 6 + n + 1) % 6]);
            let b = if std::ptr::eq(a, b) { &p[(n + 1) % 6] } else { b };
            signed(duel(u32::try_from(n).unwrap(), a, b, n % 3 != 0, now()), &[a, b])
        })
        .collect();
    let answers = Arc::new(Mutex::new(vec![None; BATCH]));
    let submitting = submit_all(relay.tcp_addr(), batch.clone(), Arc::clone(&answers));
    // Kill it once a quarter of the batch is answered, with more in flight.
    let deadline = std::time::Instant::now() + Duration::from_secs(120);
    while answers.lock().unwrap().iter().flatten().count() < BATCH / 4 {
        assert!(std::time::Instant::now() < deadline, "the batch did not progress");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    relay.process.kill();
    // The submissions still in flight end with the relay: none may reach the restarted one.
    submitting.abort();
    let _ = submitting.await;
    let accepted: Vec<usize> = {
        let answers = answers.lock().unwrap();
        assert!(answers.iter().flatten().all(|a| *a == Response::Accepted), "{answers:?}");
        (0..BATCH).filter(|&i| answers[i].is_some()).collect()
    };
    assert!(accepted.len() < BATCH, "the kill came after the whole batch: nothing was tested");

    // What the file holds: every accepted result, and at most the four in flight besides.
    let counted = {
        let book =
            tripot_ratings::Book::open(&db, Box::new(tripot_ratings::GameVerifier), Default::default())
                .unwrap();
        book.results().unwrap()
    };
    let counted = usize::try_from(counted).unwrap();
    assert!(
        counted >= accepted.len() && counted <= accepted.len() + 4,
        "{counted} rows, {} accepted",
        accepted.len()
    );

    // Back up on the same file: the whole batch again. What was answered before is counted
    // already; the rest is counted now; nothing twice.
    relay.process.restart();
    let addr = relay.tcp_addr();
    let mut fresh = 0;
    for (index, game) in batch.iter().enumerate() {
        match submit(&addr, game.clone()).await.unwrap() {
            Response::AlreadyCounted => {}
            Response::Accepted => {
                assert!(
                    !accepted.contains(&index),
                    "game {index} was accepted before the kill and again after"
                );
                fresh += 1;
            }
            other => panic!("game {index}: {other:?}"),
        }
    }
    assert_eq!(fresh, BATCH - counted, "every result not in the file is counted now, and only those");
    let table = standings(&addr, query("tripot", Period::AllTime)).await.unwrap();
    let games: u32 = table.entries.iter().map(|e| e.games).sum();
    assert_eq!(
        games,
        2 * u32::try_from(BATCH).unwrap(),
        "each game counted once for each of its two players"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ratings_file_that_cannot_be_opened_stops_the_start_with_its_cause() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("no such folder").join("ratings.sqlite");
    let options = tripot_relay::Options::from_args([
        "tripot-relay",
        "--listen",
        "/ip4/127.0.0.1/tcp/0",
        "--secret-key-seed",
        "9",
        "--ratings",
        "--ratings-db",
        db.to_str().unwrap(),
    ])
    .unwrap();
    match tripot_relay::Relay::start(&options).await {
        Err(tripot_relay::RelayError::Ratings { path, .. }) => assert_eq!(path, db),
        other => panic!("{other:?}"),
    }
}
