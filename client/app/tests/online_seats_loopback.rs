//! A real table of three seats on the loopback: the real network hosts a kawu-3 table with a
//! computer seat, a second [`OnlineSeats`] joins it by the link its host shares, and both play
//! until several plies are applied on both sides; a chat line crosses the table.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::time::{Duration, Instant};

use tripot_ai::Level;
use tripot_app::NetworkSettings;
use tripot_app::network::Network as _;
use tripot_app::online_seats::{ChatFrom, OnlineSeats, Opening, SeatHolderView};
use tripot_app::real_network::RealNetwork;
use tripot_app::table_invitation::TableInvitation;
use tripot_net::table::TableOffer;
use tripot_net::table_online::random_table_id;
use tripot_protocol::table::{ClockRule, Wants};

/// A hang guard only (the test asserts what happened, never how fast).
const PATIENCE: Duration = Duration::from_secs(180);

fn network(name: &str, dir: &std::path::Path) -> RealNetwork {
    let settings = NetworkSettings {
        name: name.into(),
        listen: vec!["/ip4/127.0.0.1/tcp/0".parse().unwrap()],
        mdns: false,
        relay: None,
        save: Some(dir.join(format!("{name}.tripot"))),
        // A key of this test only: nothing signed, nothing written in the config directory.
        guest: true,
        ..NetworkSettings::default()
    };
    RealNetwork::new(settings).unwrap()
}

/// Polls both tables once, and plays a first legal move for whichever person is to move.
fn step(seats: &mut OnlineSeats) {
    let now = Instant::now();
    let _ = seats.poll(now);
    let Some(table) = seats.table() else { return };
    if !seats.accepts_moves() || !table.person_to_move() {
        return;
    }
    let state = table.state();
    let Some(first) = state.legal_moves().into_iter().next() else { return };
    let text = state.move_text(&first);
    seats.typed_move(&text).unwrap();
}

fn ply(seats: &OnlineSeats) -> usize {
    seats.table().map_or(0, |t| t.state().moves().len())
}

#[test]
fn a_guest_joins_a_hosted_kawu_3_table_by_its_link_and_both_boards_follow_the_same_moves() {
    let dir = tempfile::tempdir().unwrap();
    let mut host_net = network("Ana", dir.path());
    let mut guest_net = network("Bea", dir.path());
    let spec = tripot_game::TableSpec { game: "kawu-3".parse().unwrap(), seats: 3 };
    let offer = TableOffer {
        table: random_table_id(),
        game: spec.game.clone(),
        seats: 3,
        clock: ClockRule::None,
        spectators: true,
    };
    let table = offer.table;
    let link = host_net.host_seats(offer, vec![Level::Debutant.number()], None).unwrap();
    let mut host = OnlineSeats::new(link, Opening::Host { spec, table, room: false });

    let started = Instant::now();
    let invitation = loop {
        assert!(started.elapsed() < PATIENCE, "the host never shared its link");
        let _ = host.poll(Instant::now());
        if let Some(text) = host.view(Instant::now()).invitation {
            break text.parse::<TableInvitation>().unwrap();
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let link = guest_net.join_seats(&invitation, Wants::Seat(None)).unwrap();
    let mut guest = OnlineSeats::new(link, Opening::Join(invitation));

    let mut said = false;
    while ply(&host) < 6 || ply(&guest) < 6 || !heard(&guest) {
        assert!(started.elapsed() < PATIENCE, "the game stopped at {} and {} plies", ply(&host), ply(&guest));
        step(&mut host);
        step(&mut guest);
        if !said && guest.my_seat().is_some() && host.view(Instant::now()).started {
            host.chat("bonne partie").unwrap();
            said = true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }

    let (host_view, guest_view) = (host.view(Instant::now()), guest.view(Instant::now()));
    assert_eq!(host.my_seat(), Some(tripot_game::Seat(0)));
    assert_eq!(guest.my_seat(), Some(tripot_game::Seat(2)));
    assert_eq!(host_view.seats[1].holder, SeatHolderView::Computer { level: Level::Debutant.number() });
    assert_eq!(guest_view.seats[0].holder, SeatHolderView::Person { name: "Ana".into() });
    assert_eq!(guest_view.seats[2].holder, SeatHolderView::You { name: "Bea".into() });
    assert!(host_view.hosting && host_view.seats[0].host && guest_view.seats[0].host);
    // Both boards hold the same game up to where the shorter stands.
    let (a, b) = (host.table().unwrap().state(), guest.table().unwrap().state());
    let common = a.moves().len().min(b.moves().len());
    assert!(common >= 6);
    assert_eq!(a.moves()[..common], b.moves()[..common]);
    host.close();
    guest.close();
}

fn heard(seats: &OnlineSeats) -> bool {
    seats.view(Instant::now()).chat.iter().any(|line| {
        line.text == "bonne partie" && matches!(&line.from, ChatFrom::Seat { name, .. } if name == "Ana")
    })
}
