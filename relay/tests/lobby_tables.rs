//! Tables of 2–6 seats in the lobby of the real `tripot-relay` binary (issue 23): a host's
//! kawu-3 table is listed with its free seats, a guest who read the lobby sits at its first free
//! seat, and the listing follows; each peer its own swarm and task, on loopback.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use std::time::Duration;

use support::RelayProcess;
use tripot_game::{GameSpec, Seat, TableSpec};
use tripot_net::online::matchmaking::lobby::{self, TableEntry};
use tripot_net::table::{TableConfig, TableEvent, TableOffer};
use tripot_net::table_online::{
    TableHandle, TableNetConfig, TableNetEvent, host_listed, join_listed, start_table,
};
use tripot_net::{Keypair, Multiaddr, NetConfig};
use tripot_protocol::table::{ClockRule, SeatHolder, TableId, Wants};

/// Nothing here takes longer on loopback; past it the test fails instead of hanging.
const PATIENCE: Duration = Duration::from_secs(60);

fn kawu3() -> TableSpec {
    TableSpec { game: GameSpec::new("kawu-3").unwrap(), seats: 3 }
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

    let host_config = config("Edmonde", &relay_addr);
    let offer = TableOffer {
        // Replaced by the id the listing derives.
        table: TableId([0; 16]),
        game: kawu3().game,
        seats: 3,
        clock: ClockRule::None,
        spectators: true,
    };
    let mut host =
        host_listed(host_config.table.keypair.clone(), host_config, offer, Vec::new()).await.unwrap();
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
