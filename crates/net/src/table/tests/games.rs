//! Whole games: persons and computers, a spectator joining mid-game.

use super::*;

#[test]
fn a_host_sees_its_table_from_the_start_and_gives_free_seats_to_computers_before_a_game() {
    let mut net = Net::open("kawu-3", 3, ClockRule::None);
    let opened = net.peers[0].take_events();
    let first = opened.iter().find_map(|e| if let TableEvent::Table(s) = e { Some(s.clone()) } else { None });
    let free = first.unwrap().seats.iter().filter(|h| matches!(h, SeatHolder::Empty)).count();
    assert_eq!(free, 2, "the host's screen is told of its two free seats before anyone sits");
    let now = net.now;
    assert!(matches!(net.peers[0].set_computer(Seat(0), 1, now), Err(TableError::SeatTaken(Seat(0)))));
    net.peers[0].set_computer(Seat(1), 1, now).unwrap();
    net.peers[0].set_computer(Seat(2), 2, now).unwrap();
    net.settle();
    assert!(net.peers[0].state().started, "every seat taken: the game starts");
    assert!(matches!(net.peers[0].set_computer(Seat(2), 1, now), Err(TableError::SeatTaken(Seat(2)))));
}

#[test]
fn kawu_3_with_two_people_and_a_computer_plays_to_the_end_on_every_peer() {
    let mut net = Net::open("kawu-3", 3, ClockRule::None);
    let guest = net.join(0, Wants::Seat(None));
    let now = net.now;
    net.peers[0].set_computer(Seat(2), 1, now).unwrap();
    net.settle();
    assert!(net.peers[guest].state().started);
    assert_eq!(net.peers[guest].my_seat(), Some(Seat(1)));
    net.play_to_end();
    assert!(net.events_of(0).iter().any(|e| matches!(e, TableEvent::ComputerToMove { seat: Seat(2), .. })));
    net.assert_same_record(&[0, guest]);
    let record = net.peers[guest].record().unwrap();
    assert!(replays(record, net.peers[0].state()));
    // The computer's moves are the host's signature, marked as a computer's.
    let computer = record.entries().iter().find(|e| e.seat == Seat(2)).unwrap();
    assert_eq!(computer.signer, Signer::Host { epoch: 0, why: HostWhy::Computer });
    assert_eq!(computer.key, peer_key(&net.keys[0]));
    assert!(net.events_of(guest).iter().any(|e| matches!(e, TableEvent::Ended(_))));
}

#[test]
fn halma_6_with_three_people_and_three_computers_plays_to_the_end() {
    let mut net = Net::open("halma-6", 6, ClockRule::None);
    let a = net.join(0, Wants::Seat(Some(Seat(2))));
    let b = net.join(0, Wants::Seat(None));
    assert_eq!(net.peers[a].my_seat(), Some(Seat(2)));
    assert_eq!(net.peers[b].my_seat(), Some(Seat(1)));
    let now = net.now;
    for seat in [3, 4, 5] {
        assert!(!net.peers[0].state().started);
        net.peers[0].set_computer(Seat(seat), seat, now).unwrap();
    }
    net.settle();
    net.play_to_end();
    net.assert_same_record(&[0, a, b]);
    assert!(replays(net.peers[b].record().unwrap(), net.peers[0].state()));
}

#[test]
fn a_spectator_joining_mid_game_ends_with_the_same_record() {
    let mut net = Net::open("kawu-2", 2, ClockRule::None);
    let guest = net.join(0, Wants::Seat(None));
    for _ in 0..12 {
        net.play_one();
    }
    let watcher = net.join(0, Wants::Watch);
    assert_eq!(net.peers[watcher].record().unwrap().len(), 12);
    assert_eq!(net.peers[watcher].my_seat(), None);
    // A spectator has no seat to play from.
    let m = net.peers[watcher].record().unwrap().state().legal_moves()[0].clone();
    let now = net.now;
    assert_eq!(net.peers[watcher].play(&m, now), Err(TableError::NoSeat));
    for _ in 0..6 {
        net.play_one();
    }
    net.peers[guest].resign(now).unwrap();
    net.settle();
    assert!(net.game_over());
    net.assert_same_record(&[0, guest, watcher]);
    assert_eq!(net.peers[watcher].record().unwrap().len(), 19);
}

#[test]
fn every_peer_counts_the_spectators_as_they_come_and_go() {
    let mut net = Net::open("kawu-3", 3, ClockRule::None);
    let guest = net.join(0, Wants::Seat(None));
    assert_eq!(net.peers[guest].state().watching, 0);
    let first = net.join(0, Wants::Watch);
    let second = net.join(0, Wants::Watch);
    net.settle();
    for p in [0, guest, first, second] {
        assert_eq!(net.peers[p].state().watching, 2, "peer {p}");
    }
    // A seat taken is no spectator; the game starts and the count stays.
    let third = net.join(0, Wants::Seat(None));
    net.settle();
    assert!(net.peers[0].state().started);
    assert_eq!(net.peers[third].state().watching, 2);
    net.vanish(first);
    net.settle();
    for p in [0, guest, second, third] {
        assert_eq!(net.peers[p].state().watching, 1, "peer {p}");
    }
    let announced = net.events_of(guest).iter().rev().find_map(|e| match e {
        TableEvent::Table(state) => Some(state.watching),
        _ => None,
    });
    assert_eq!(announced, Some(1), "the front-end hears the count");
}

#[test]
fn a_restarted_member_rejoins_its_own_seat_and_catches_up() {
    let mut net = Net::open("kawu-2", 2, ClockRule::None);
    let guest = net.join(0, Wants::Seat(None));
    for _ in 0..4 {
        net.play_one();
    }
    net.vanish(guest);
    net.settle();
    assert!(net.events_of(0).iter().any(|e| *e == TableEvent::SeatAway { seat: Seat(1) }));
    // A restart: a fresh table of the same key, holding nothing.
    let now = net.now;
    let spec = net.spec();
    net.peers[guest] = Table::member(config("p1", &net.keys[guest]), TABLE, spec, Wants::Seat(None), now);
    net.link(guest, 0);
    net.settle();
    assert_eq!(net.peers[guest].my_seat(), Some(Seat(1)));
    assert!(net.events_of(0).iter().any(|e| *e == TableEvent::SeatBack { seat: Seat(1) }));
    for _ in 0..6 {
        net.play_one();
    }
    let now = net.now;
    net.peers[0].resign(now).unwrap();
    net.settle();
    net.assert_same_record(&[0, guest]);
}

#[test]
fn a_table_full_refuses_a_third_person_but_seats_ask_by_number() {
    let mut net = Net::open("kawu-2", 2, ClockRule::None);
    let guest = net.join(0, Wants::Seat(Some(Seat(1))));
    assert_eq!(net.peers[guest].my_seat(), Some(Seat(1)));
    let late = net.join(0, Wants::Seat(None));
    assert!(net.events_of(late).iter().any(|e| matches!(
        e,
        TableEvent::Refused(tripot_protocol::table::TableReject { reason: TableRejectReason::NoSeat, .. })
    )));
    assert_eq!(net.peers[late].my_seat(), None);
}

#[test]
fn a_host_that_lets_no_spectator_in_refuses_one() {
    let mut net = Net::open("kawu-2", 2, ClockRule::None);
    net.peers[0].table.spectators = false;
    let watcher = net.join(0, Wants::Watch);
    assert!(net.events_of(watcher).iter().any(|e| matches!(
        e,
        TableEvent::Refused(tripot_protocol::table::TableReject {
            reason: TableRejectReason::NoSpectators,
            ..
        })
    )));
    assert!(net.peers[watcher].record().is_none());
}
