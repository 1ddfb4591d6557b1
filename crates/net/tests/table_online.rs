//! Tables driven over real libp2p swarms on loopback: every peer its own swarm and task, the
//! table streams, the computer seats thought on a thread, the records saved to real files.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::time::Duration;

use tripot_ai::Level;
use tripot_game::{GameRecord, GameSpec, Outcome, Player, TableSpec};
use tripot_net::multiaddr::Protocol;
use tripot_net::table::{TableConfig, TableEvent, TableOffer};
use tripot_net::table_online::{TableHandle, TableNetConfig, TableNetEvent, TableStart, start_table};
use tripot_net::{Keypair, Multiaddr, NetConfig};
use tripot_protocol::table::{ClockRule, SeatHolder, TableId, Wants};

const TABLE: TableId = TableId([23; 16]);
/// No game here takes longer than this on loopback.
const GAME_LIMIT: Duration = Duration::from_secs(240);

fn computers(spec: &GameSpec, level: u8, seed: u64) -> Option<Box<dyn Player>> {
    tripot_ai::player(spec, Level::from_number(level)?, seed).ok()
}

fn config(name: &str, save: Option<PathBuf>) -> TableNetConfig {
    let keypair = Keypair::generate_ed25519();
    let table = TableConfig {
        grace: Duration::from_secs(2),
        handover_after: Duration::from_secs(1),
        keep_alive: Duration::from_millis(500),
        ..TableConfig::new(name, keypair)
    };
    let net = NetConfig {
        listen: vec!["/ip4/127.0.0.1/tcp/0".parse().unwrap()],
        mdns: false,
        ..NetConfig::default()
    };
    TableNetConfig { table, net, save, computers: Some(computers) }
}

async fn host(game: &str, seats: u8, computer_seats: usize, save: &Path) -> (TableHandle, Multiaddr) {
    let offer = TableOffer {
        table: TABLE,
        game: game.parse().unwrap(),
        seats,
        clock: ClockRule::None,
        spectators: true,
    };
    let config = config("host", Some(save.to_path_buf()));
    let keypair = config.table.keypair.clone();
    let start = TableStart::Host { offer, computers: vec![1; computer_seats], room: None };
    let mut handle = start_table(keypair, config, start).await.unwrap();
    let addr = loop {
        match tokio::time::timeout(Duration::from_secs(10), handle.next_event()).await.unwrap() {
            Some(TableNetEvent::Listening(addr)) => break addr,
            Some(_) => {}
            None => panic!("the host stopped"),
        }
    };
    (handle, addr)
}

async fn join(name: &str, addr: &Multiaddr, game: &str, seats: u8, wants: Wants, save: &Path) -> TableHandle {
    let config = config(name, Some(save.to_path_buf()));
    let keypair = config.table.keypair.clone();
    let spec = TableSpec { game: game.parse().unwrap(), seats };
    let start = TableStart::Join { addr: addr.clone(), table: TABLE, spec, wants };
    start_table(keypair, config, start).await.unwrap()
}

/// What a participant saw by the end.
#[derive(Debug)]
struct Seen {
    outcome: Outcome,
    became_host: bool,
}

/// Plays this peer's seat (the level-1 computer thinking for the person) until the game ends
/// and its record is saved; claims any seat the table says may be claimed.
async fn play_out(handle: TableHandle, seed: u64) -> (Seen, TableHandle) {
    match play(handle, seed, None).await {
        Played::Ended(seen, handle) => (seen, handle),
        Played::Stopped => unreachable!("no stop was asked"),
    }
}

enum Played {
    Ended(Seen, TableHandle),
    Stopped,
}

/// As [`play_out`], or stops once the game has `stop_after` moves.
async fn play(mut handle: TableHandle, seed: u64, stop_after: Option<usize>) -> Played {
    let mut player: Option<Box<dyn Player>> = None;
    let mut outcome = None;
    let mut became_host = false;
    let deadline = tokio::time::Instant::now() + GAME_LIMIT;
    loop {
        let event = tokio::time::timeout_at(deadline, handle.next_event())
            .await
            .expect("the game did not end in time")
            .expect("the table stopped before the end");
        match event {
            TableNetEvent::Position { snapshot, my_seat } => {
                let state = snapshot.0;
                if stop_after.is_some_and(|n| state.moves().len() >= n) {
                    return Played::Stopped;
                }
                if state.outcome().is_none() && my_seat.is_some() && state.to_move() == my_seat {
                    let player = player.get_or_insert_with(|| computers(state.spec(), 1, seed).unwrap());
                    let chosen = player.choose(state.as_ref(), &tripot_game::Budget::default()).unwrap();
                    handle.play(&state.move_text(&chosen));
                }
            }
            TableNetEvent::Table(TableEvent::Claimable { seat }) => handle.claim(seat),
            TableNetEvent::Table(TableEvent::BecameHost { .. }) => became_host = true,
            TableNetEvent::Table(TableEvent::Ended(ended)) => outcome = Some(ended),
            TableNetEvent::Saved { .. } if outcome.is_some() => {
                let outcome = outcome.take().unwrap();
                return Played::Ended(Seen { outcome, became_host }, handle);
            }
            _ => {}
        }
    }
}

/// The record saved at `path`: it replays, and its moves are those of the game.
fn replayed(path: &Path) -> GameRecord {
    let text = std::fs::read_to_string(path).unwrap();
    let record = GameRecord::parse(&text).unwrap();
    record.replay(&tripot_engine::StarBoardGames).unwrap();
    record
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kawu_3_with_two_people_and_a_computer_is_played_to_the_end_by_everyone() {
    let dir = tempfile::tempdir().unwrap();
    let saves: Vec<PathBuf> =
        ["host", "guest", "watcher"].iter().map(|n| dir.path().join(format!("{n}.tpt"))).collect();
    let (host, addr) = host("kawu-3", 3, 1, &saves[0]).await;
    let guest = join("guest", &addr, "kawu-3", 3, Wants::Seat(None), &saves[1]).await;
    let watcher = join("watcher", &addr, "kawu-3", 3, Wants::Watch, &saves[2]).await;
    let (a, b, c) = tokio::join!(play_out(host, 1), play_out(guest, 2), play_out(watcher, 3));
    assert_eq!(a.0.outcome, b.0.outcome);
    assert_eq!(a.0.outcome, c.0.outcome);
    assert!(!a.0.became_host && !b.0.became_host && !c.0.became_host);
    let records: Vec<GameRecord> = saves.iter().map(|p| replayed(p)).collect();
    assert!(!records[0].moves().is_empty());
    assert_eq!(records[0].moves(), records[1].moves());
    assert_eq!(records[0].moves(), records[2].moves());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn halma_6_with_three_people_and_three_computers_is_played_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let saves: Vec<PathBuf> = (0..3).map(|n| dir.path().join(format!("{n}.tpt"))).collect();
    let (host, addr) = host("halma-6", 6, 3, &saves[0]).await;
    // The computers take seats 2 to 4; the guests the two left.
    let a = join("a", &addr, "halma-6", 6, Wants::Seat(None), &saves[1]).await;
    let b = join("b", &addr, "halma-6", 6, Wants::Seat(None), &saves[2]).await;
    let (h, a, b) = tokio::join!(play_out(host, 1), play_out(a, 2), play_out(b, 3));
    assert_eq!(h.0.outcome, a.0.outcome);
    assert_eq!(h.0.outcome, b.0.outcome);
    let records: Vec<GameRecord> = saves.iter().map(|p| replayed(p)).collect();
    assert_eq!(records[0].moves(), records[1].moves());
    assert_eq!(records[0].moves(), records[2].moves());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_gone_mid_game_the_next_seat_hosts_and_the_table_finishes() {
    let dir = tempfile::tempdir().unwrap();
    let saves: Vec<PathBuf> = (0..3).map(|n| dir.path().join(format!("{n}.tpt"))).collect();
    let (host, addr) = host("kawu-3", 3, 0, &saves[0]).await;
    // Their seats asked for: the two joins race to the host, and the hand-over order is the
    // seats'.
    let a = join("a", &addr, "kawu-3", 3, Wants::Seat(Some(tripot_game::Seat(1))), &saves[1]).await;
    let b = join("b", &addr, "kawu-3", 3, Wants::Seat(Some(tripot_game::Seat(2))), &saves[2]).await;
    // The host plays a few moves, then its task and swarm are gone at once (as a kill would).
    let host_plays = tokio::spawn(async move { matches!(play(host, 1, Some(9)).await, Played::Stopped) });
    let (a, b) = tokio::join!(play_out(a, 2), play_out(b, 3));
    assert!(host_plays.await.unwrap(), "the host was to stop");
    assert_eq!(a.0.outcome, b.0.outcome);
    assert!(a.0.became_host, "the first guest's seat is next in the hand-over order");
    assert!(!b.0.became_host);
    // The host's seat was claimed: it is out, last.
    assert!(
        matches!(a.0.outcome.reason, tripot_game::EndReason::Left { seat, .. } if seat == tripot_game::Seat(0)),
        "{:?}",
        a.0.outcome
    );
    let ra = replayed(&saves[1]);
    let rb = replayed(&saves[2]);
    assert_eq!(ra.moves(), rb.moves());
    assert!(ra.moves().len() >= 9);
}

/// A host listening on TCP and QUIC waits for both before it opens its table (not for a fixed
/// time): it reports an address of each, and its seat, as a guest sees it, announces both.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_listening_on_tcp_and_quic_announces_both() {
    let mut hosting = config("host", None);
    hosting.net.listen =
        vec!["/ip4/127.0.0.1/tcp/0".parse().unwrap(), "/ip4/127.0.0.1/udp/0/quic-v1".parse().unwrap()];
    let offer = TableOffer {
        table: TABLE,
        game: "kawu-3".parse().unwrap(),
        seats: 3,
        clock: ClockRule::None,
        spectators: true,
    };
    let keypair = hosting.table.keypair.clone();
    let start = TableStart::Host { offer, computers: Vec::new(), room: None };
    let mut host = start_table(keypair, hosting, start).await.unwrap();
    let is = |addr: &Multiaddr, quic: bool| {
        addr.iter().any(|p| if quic { matches!(p, Protocol::QuicV1) } else { matches!(p, Protocol::Tcp(_)) })
    };
    // Both are reported before the table opens, so before anything else it says.
    let mut reported = Vec::new();
    while reported.len() < 2 {
        match tokio::time::timeout(Duration::from_secs(10), host.next_event()).await.expect("no address") {
            Some(TableNetEvent::Listening(addr)) => reported.push(addr),
            other => panic!("{other:?} before both addresses; reported {reported:?}"),
        }
    }
    assert!(reported.iter().any(|a| is(a, false)) && reported.iter().any(|a| is(a, true)), "{reported:?}");
    let tcp = reported.iter().find(|a| is(a, false)).unwrap().clone();
    let guest = config("guest", None);
    let spec = TableSpec { game: "kawu-3".parse().unwrap(), seats: 3 };
    let join = TableStart::Join { addr: tcp, table: TABLE, spec, wants: Wants::Seat(None) };
    let mut guest = start_table(guest.table.keypair.clone(), guest, join).await.unwrap();
    let announced = tokio::time::timeout(Duration::from_secs(30), async {
        loop {
            match guest.next_event().await {
                Some(TableNetEvent::Table(TableEvent::Table(state))) => {
                    let Some(SeatHolder::Human { addrs, .. }) = state.seats.first() else { continue };
                    break addrs.iter().map(|a| Multiaddr::try_from(a.clone()).unwrap()).collect::<Vec<_>>();
                }
                Some(_) => {}
                None => panic!("the guest stopped"),
            }
        }
    })
    .await
    .expect("the guest never saw the table");
    for quic in [false, true] {
        assert!(announced.iter().any(|a| is(a, quic)), "quic {quic}: announced {announced:?}");
    }
    guest.leave();
    host.leave();
}
