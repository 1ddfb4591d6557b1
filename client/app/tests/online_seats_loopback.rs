//! A real table of three seats on the loopback: the real network hosts a kawu-3 table with a
//! computer seat, a second [`OnlineSeats`] joins it by the link its host shares, and both play
//! until several plies are applied on both sides; a chat line crosses the table.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod seats_common;

use std::time::Instant;

use seats_common::{host_kawu_3, network, network_as, play_both_until, plies, shared_invitation};
use tripot_ai::Level;
use tripot_app::network::Network as _;
use tripot_app::online_seats::{ChatFrom, OnlineSeats, Opening, SeatHolderView};
use tripot_protocol::table::Wants;

#[test]
fn a_guest_joins_a_hosted_kawu_3_table_by_its_link_and_both_boards_follow_the_same_moves() {
    let dir = tempfile::tempdir().unwrap();
    let mut host_net = network("Ana", dir.path());
    let mut guest_net = network("Bea", dir.path());
    let (mut host, _) = host_kawu_3(&mut host_net);
    let started = Instant::now();
    let invitation = shared_invitation(&mut host, started);
    let link = guest_net.join_seats(&invitation, Wants::Seat(None)).unwrap();
    let mut guest = OnlineSeats::new(link, Opening::Join(invitation));

    let mut said = false;
    let done =
        |host: &OnlineSeats, guest: &OnlineSeats| plies(host) >= 6 && plies(guest) >= 6 && heard(guest);
    play_both_until(&mut host, &mut guest, started, done, |host, guest| {
        if !said && guest.my_seat().is_some() && host.view(Instant::now()).started {
            host.chat("bonne partie").unwrap();
            said = true;
        }
    });

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

#[test]
fn a_guest_that_restarts_rejoins_its_own_seat_by_the_link_its_save_names() {
    let dir = tempfile::tempdir().unwrap();
    let mut host_net = network("Ana", dir.path());
    let (mut host, table) = host_kawu_3(&mut host_net);
    let started = Instant::now();
    let invitation = shared_invitation(&mut host, started);

    // Béa plays a few plies under her identity, then her program stops (no goodbye).
    let bea = tripot_net::Keypair::generate_ed25519();
    let saved = dir.path().join("bea.tripot");
    let mut guest_net = network_as("Bea", &saved, bea.clone());
    let link = guest_net.join_seats(&invitation, Wants::Seat(None)).unwrap();
    let mut guest = OnlineSeats::new(link, Opening::Join(invitation));
    play_both_until(&mut host, &mut guest, started, |a, b| plies(a) >= 4 && plies(b) >= 4, |_, _| {});
    let seat = guest.my_seat();
    assert_eq!(seat, Some(tripot_game::Seat(2)));
    drop(guest);
    drop(guest_net);

    // The save names the table's link; the restarted program rejoins by it.
    let tables = tripot_app::online_saves::unfinished_tables(dir.path());
    let offered = tables.iter().find(|t| t.path == saved).expect("Béa's table is offered");
    assert!(offered.moves >= 4);
    assert_eq!(offered.link.table, table);
    let mut again_net = network_as("Bea", &dir.path().join("bea-again.tripot"), bea);
    let link = again_net.join_seats(&offered.invitation(), Wants::Seat(None)).unwrap();
    let mut again = OnlineSeats::new(link, Opening::Join(offered.invitation()));
    let before = offered.moves;
    let done = |a: &OnlineSeats, b: &OnlineSeats| plies(a) >= before + 3 && plies(b) >= before + 3;
    play_both_until(&mut host, &mut again, started, done, |_, _| {});
    assert_eq!(again.my_seat(), seat, "the same seat, keyed by the identity");
    let (a, b) = (host.table().unwrap().state(), again.table().unwrap().state());
    let common = a.moves().len().min(b.moves().len());
    assert_eq!(a.moves()[..common], b.moves()[..common]);
    host.close();
    again.close();
}
