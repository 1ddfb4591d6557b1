//! Tables of 2–6 seats in the lobby of the real `tripot-relay` binary (issue 23): a host's
//! kawu-3 table is listed with its free seats, a guest who read the lobby sits at its first free
//! seat, and the listing follows; three quick-match seekers are gathered at one table. Each
//! peer its own swarm and task, on loopback.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use std::time::Duration;

use support::RelayProcess;
use tripot_directory::QuickSeek;
use tripot_game::{GameSpec, Seat, TableSpec};
use tripot_net::online::matchmaking::lobby::{self, TableEntry};
use tripot_net::table::{TableConfig, TableEvent, TableOffer};
use tripot_net::table_online::{
    TableHandle, TableNetConfig, TableNetEvent, host_listed, join_listed, quick_table, start_table,
};
use tripot_net::{Keypair, Multiaddr, NetConfig};
use tripot_protocol::table::{ClockRule, PeerKey, SeatHolder, TableId, TableState, Wants};

/// Nothing here takes longer on loopback; past it the test fails instead of hanging.
const PATIENCE: Duration = Duration::from_secs(60);

fn kawu3() -> TableSpec {
    TableSpec { game: GameSpec::new("kawu-3").unwrap(), seats: 3 }
}

/// Edmonde's kawu-3 table listed in the lobby of `relay`, with spectators and no clock.
async fn edmonde_listed(relay: &Multiaddr) -> TableHandle {
    let host_config = config("Edmonde", relay);
    let offer = TableOffer {
        // Replaced by the id the listing derives.
        table: TableId([0; 16]),
        game: kawu3().game,
        seats: 3,
        clock: ClockRule::None,
        spectators: true,
    };
    host_listed(host_config.table.keypair.clone(), host_config, offer, Vec::new()).await.unwrap()
}

fn config(name: &str, relay: &Multiaddr) -> TableNetConfig {
    let keypair = Keypair::generate_ed25519();
    let net = NetConfig {
        listen: vec!["/ip4/127.0.0.1/tcp/0".parse().unwrap()],
        mdns: false,
        relay: Some(relay.clone()),
        ..NetConfig::default()
    };
    TableNetConfig { table: TableConfig::new(name, keypair), net, save: None, computers: None }
}

fn lister() -> NetConfig {
    NetConfig { listen: Vec::new(), mdns: false, ..NetConfig::default() }
}

/// Lists the relay's lobby until `wanted` says yes to its kawu-3 tables (events of `tables`
/// drained meanwhile, so that none of them waits on a full channel).
async fn listed_until(
    relay: &Multiaddr,
    tables: &mut [&mut TableHandle],
    wanted: impl Fn(&[TableEntry]) -> bool,
) -> Vec<TableEntry> {
    let spec = kawu3();
    tokio::time::timeout(PATIENCE, async {
        loop {
            let listed =
                lobby::list_all(Keypair::generate_ed25519(), &lister(), relay, Some(&spec)).await.unwrap();
            if wanted(&listed) {
                return listed;
            }
            for table in tables.iter_mut() {
                while table.try_event().is_some() {}
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    })
    .await
    .expect("the lobby never listed what was awaited")
}

/// Waits until `handle`'s table shows `seat` held by a person.
async fn seated(handle: &mut TableHandle, seat: Seat) {
    tokio::time::timeout(PATIENCE, async {
        loop {
            match handle.next_event().await {
                Some(TableNetEvent::Table(TableEvent::Table(state)))
                    if matches!(state.seats.get(usize::from(seat.0)), Some(SeatHolder::Human { .. })) =>
                {
                    return;
                }
                Some(TableNetEvent::LocalError(error)) => panic!("{error}"),
                Some(_) => {}
                None => panic!("the table stopped"),
            }
        }
    })
    .await
    .expect("the seat was never taken");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_listed_table_of_three_shows_its_free_seats_and_a_guest_takes_one() {
    let relay = RelayProcess::start(&[]);
    let relay_addr = relay.tcp_addr();

    let mut host = edmonde_listed(&relay_addr).await;
    let host_peer = host.local_peer();

    let listed = listed_until(&relay_addr, &mut [&mut host], |t| !t.is_empty()).await;
    assert_eq!(listed.len(), 1, "{listed:?}");
    let entry = &listed[0];
    assert_eq!((entry.host, &entry.table.table, entry.table.free_seats), (host_peer, &kawu3(), 2));
    assert_eq!(entry.table.name, "Edmonde");

    let guest_config = config("Catherine", &relay_addr);
    let mut guest =
        start_table(guest_config.table.keypair.clone(), guest_config, join_listed(entry, Wants::Seat(None)))
            .await
            .unwrap();
    seated(&mut guest, Seat(1)).await;

    let listed = listed_until(&relay_addr, &mut [&mut host, &mut guest], |t| {
        t.iter().all(|e| e.table.free_seats == 1) && !t.is_empty()
    })
    .await;
    assert_eq!(listed.len(), 1, "the table is listed once, under its new free seats: {listed:?}");
    assert_eq!((listed[0].host, listed[0].table.opened_unix), (host_peer, entry.table.opened_unix));

    // The host leaves: its table goes from the lobby with it.
    host.leave();
    drop(host);
    let listed = listed_until(&relay_addr, &mut [&mut guest], <[TableEntry]>::is_empty).await;
    assert!(listed.is_empty());
}

/// Waits until `handle`'s game starts; returns the table as its last state said (every seat).
async fn started(mut handle: TableHandle) -> (TableState, TableHandle) {
    let mut last = None;
    tokio::time::timeout(PATIENCE, async {
        loop {
            match handle.next_event().await {
                Some(TableNetEvent::Table(TableEvent::Table(state))) => last = Some(state),
                Some(TableNetEvent::Table(TableEvent::Started { .. })) => break,
                Some(TableNetEvent::LocalError(error)) => panic!("{error}"),
                Some(_) => {}
                None => panic!("the table stopped"),
            }
        }
    })
    .await
    .expect("the game never started");
    (last.expect("no table state before the start"), handle)
}

/// Issue 23: three seekers of kawu-3 at once, none of them hosting before: they are gathered
/// at one table (whoever opened first hosts; the others who opened too leave theirs and sit
/// there), its three seats theirs, and its game starts.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_quick_seekers_of_kawu_3_are_gathered_at_one_table() {
    let relay = RelayProcess::start(&[]);
    let relay_addr = relay.tcp_addr();
    let seekers: Vec<_> = ["Edmonde", "Catherine", "Béa"]
        .into_iter()
        .map(|name| {
            let config = config(name, &relay_addr);
            let keypair = config.table.keypair.clone();
            let peer = keypair.public().to_peer_id();
            let wanted = QuickSeek::exactly(kawu3());
            let seek = tokio::spawn(quick_table(keypair, config, wanted, ClockRule::None, true, |_| {}));
            (peer, seek)
        })
        .collect();
    let mut peers = Vec::new();
    let mut tables = Vec::new();
    for (peer, seek) in seekers {
        let handle =
            tokio::time::timeout(PATIENCE, seek).await.expect("a seeker never settled").unwrap().unwrap();
        peers.push(PeerKey(peer.to_bytes()));
        tables.push(tokio::spawn(started(handle)));
    }
    let mut states = Vec::new();
    for table in tables {
        states.push(table.await.unwrap());
    }
    let (first, _) = &states[0];
    for (state, _) in &states {
        assert_eq!(
            (state.table, &state.spec, state.hosts.first()),
            (first.table, &kawu3(), first.hosts.first())
        );
    }
    let mut seated: Vec<PeerKey> = first
        .seats
        .iter()
        .map(|s| match s {
            SeatHolder::Human { peer, .. } => peer.clone(),
            other => panic!("a seat not a seeker's: {other:?}"),
        })
        .collect();
    seated.sort();
    peers.sort();
    assert_eq!(seated, peers, "every seeker seated, and nobody else");
    // Full, the table stays in the lobby under way, to be watched (seekers let spectators in),
    // under its host; no other table is left there.
    let listed = listed_until(&relay_addr, &mut [], |t| t.len() == 1 && t[0].table.under_way()).await;
    assert_eq!(first.hosts.first(), Some(&PeerKey(listed[0].host.to_bytes())), "{listed:?}");
    // It goes with its peers.
    drop(states);
    let listed = listed_until(&relay_addr, &mut [], <[TableEntry]>::is_empty).await;
    assert!(listed.is_empty());
}

/// Issue 23: a quick-match seeker whose own table is listed first, and a plain listed table
/// (which never moves) opened a second later: the seeker leaves its table and sits at the plain
/// one; a second seeker then fills it (it has the fewest free seats) and its game starts, the
/// plain table's host hosting.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seeker_that_opened_first_goes_to_a_plain_table_opened_after_it() {
    let relay = RelayProcess::start(&[]);
    let relay_addr = relay.tcp_addr();
    let seek = |name: &str| {
        let config = config(name, &relay_addr);
        let keypair = config.table.keypair.clone();
        let peer = keypair.public().to_peer_id();
        let wanted = QuickSeek::exactly(kawu3());
        (peer, tokio::spawn(quick_table(keypair, config, wanted, ClockRule::None, true, |_| {})))
    };
    let (first_peer, first_seek) = seek("Catherine");
    let listed = listed_until(&relay_addr, &mut [], |t| t.iter().any(|e| e.host == first_peer)).await;
    assert_eq!(listed.len(), 1, "{listed:?}");
    let seekers_table = listed[0].table.clone();
    assert!(seekers_table.seeker, "a seeker's table says so: {seekers_table:?}");
    // Ranked by their opening only, the plain table would come after the seeker's.
    tokio::time::timeout(PATIENCE, async {
        while unix_seconds() <= seekers_table.opened_unix {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    })
    .await
    .expect("the clock never passed the seeker's opening");

    let mut host = edmonde_listed(&relay_addr).await;
    let host_peer = host.local_peer();
    let first = tokio::time::timeout(PATIENCE, first_seek)
        .await
        .expect("the seeker never left its own table for the plain one")
        .unwrap()
        .unwrap();
    let first = tokio::spawn(started(first));
    seated(&mut host, Seat(1)).await;
    let listed = listed_until(&relay_addr, &mut [&mut host], |t| {
        t.len() == 1 && t[0].host == host_peer && t[0].table.free_seats == 1
    })
    .await;
    assert!(!listed[0].table.seeker);

    let (second_peer, second_seek) = seek("Béa");
    let second = tokio::time::timeout(PATIENCE, second_seek)
        .await
        .expect("the second seeker never sat")
        .unwrap()
        .unwrap();
    let (host, second) = (tokio::spawn(started(host)), tokio::spawn(started(second)));
    let mut states = Vec::new();
    for table in [host, first, second] {
        states.push(table.await.unwrap().0);
    }
    let host_key = PeerKey(host_peer.to_bytes());
    for state in &states {
        assert_eq!((state.table, state.hosts.first()), (states[0].table, Some(&host_key)));
    }
    let seated: Vec<PeerKey> = states[0]
        .seats
        .iter()
        .map(|s| match s {
            SeatHolder::Human { peer, .. } => peer.clone(),
            other => panic!("a seat not a person's: {other:?}"),
        })
        .collect();
    assert_eq!(seated, [host_key, PeerKey(first_peer.to_bytes()), PeerKey(second_peer.to_bytes())]);
}

fn unix_seconds() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs()
}
