//! The host dropped mid-game: the next seat takes the table over and it finishes there.

use super::*;

#[test]
fn the_host_dropped_mid_game_hands_over_and_the_table_finishes() {
    let mut net = Net::open("halma-4", 4, ClockRule::None);
    let a = net.join(0, Wants::Seat(None));
    let b = net.join(0, Wants::Seat(None));
    let now = net.now;
    net.peers[0].set_computer(Seat(3), 2, now).unwrap();
    net.settle();
    for _ in 0..6 {
        net.play_one();
    }
    // Seat 1 (the host) to move again. a loses its link first; the host's move then reaches b
    // only, and the host vanishes: b holds one entry more than a.
    assert_eq!(net.peers[0].record().unwrap().to_move(), Some(Seat(0)));
    let wire = net.wires.iter().position(|w| w.ends[0].0 == a).unwrap();
    net.close(a, net.wires[wire].ends[0].1);
    net.play_one();
    let held_by_b = net.peers[b].record().unwrap().len();
    assert_eq!(net.peers[a].record().unwrap().len() + 1, held_by_b);
    net.vanish(0);
    net.settle();
    net.advance(Duration::from_secs(20));
    // a is next in the hand-over order (the first host, then the others by seat).
    assert!(net.peers[a].is_host());
    assert!(net.events_of(a).contains(&TableEvent::BecameHost { epoch: 1 }));
    let next = peer_key(&net.keys[a]);
    let gone = net.events_of(b).iter().find_map(|e| match e {
        TableEvent::HostGone { next, addrs } => Some((next.clone(), addrs.clone())),
        _ => None,
    });
    assert_eq!(gone, Some((next, vec![b"p1".to_vec()])));
    // b finds a by the table's addresses and reconnects: a catches up from b's longer record.
    net.link(b, a);
    net.settle();
    assert_eq!(net.peers[a].record().unwrap().len(), held_by_b);
    net.assert_same_record(&[b]);
    // Play goes on under a (seats 2 and 3 and the computer): the computer seat is a's to play.
    for _ in 0..2 {
        net.play_one();
    }
    let record = net.peers[a].record().unwrap();
    assert!(record.entries().iter().any(|e| e.signer == Signer::Host { epoch: 1, why: HostWhy::Computer }));
    // The old host's seat is away: after the grace period a player claims it, and with four
    // seats the game ends for everyone (RULES-STAR.md §4.10).
    assert_eq!(record.to_move(), Some(Seat(0)));
    net.advance(Duration::from_secs(120));
    assert!(net.events_of(b).contains(&TableEvent::Claimable { seat: Seat(0) }));
    let now = net.now;
    net.peers[b].claim(Seat(0), now).unwrap();
    net.settle();
    assert!(net.game_over());
    net.assert_same_record(&[b]);
    let ending = net.peers[b].record().unwrap().ending().unwrap();
    assert_eq!(
        ending.reason,
        tripot_game::EndReason::Left { seat: Seat(0), how: tripot_game::Leaving::Abandoned }
    );
    assert!(replays(net.peers[b].record().unwrap(), net.peers[a].state()));
}

#[test]
fn a_claim_before_the_grace_period_is_refused() {
    let mut net = Net::open("kawu-2", 2, ClockRule::None);
    let guest = net.join(0, Wants::Seat(None));
    net.play_one();
    net.vanish(guest);
    net.advance(Duration::from_secs(60));
    let now = net.now;
    assert_eq!(net.peers[0].claim(Seat(1), now), Err(TableError::CannotClaim(Seat(1))));
    net.advance(Duration::from_secs(60));
    let now = net.now;
    assert_eq!(net.peers[0].claim(Seat(1), now), Ok(()));
    assert!(net.game_over());
}

#[test]
fn a_ruling_on_a_seat_the_member_saw_present_is_refused() {
    let (mut net, a, b) = Net::three_people();
    net.play_one();
    let entry = net.peers[0]
        .sign_as_host(Seat(1), Act::Leave(tripot_protocol::table::LeaveHow::Abandoned), HostWhy::Ruling)
        .unwrap();
    for p in [a, b] {
        net.deliver(0, p, TableMessage::Entry { entry: entry.clone(), clock_ms: None });
    }
    net.settle();
    for p in [a, b] {
        assert!(
            net.events_of(p)
                .iter()
                .any(|e| matches!(e, TableEvent::EntryRefused { error: EntryError::NotAway(_), .. }))
        );
    }
}

#[test]
fn a_host_saying_goodbye_is_handed_over_at_once() {
    let (mut net, a, b) = Net::three_people();
    net.play_one();
    net.peers[0].leave_table();
    net.settle();
    assert!(net.peers[a].is_host());
    assert!(net.events_of(b).iter().any(|e| matches!(e, TableEvent::HostGone { .. })));
    net.link(b, a);
    net.settle();
    // a (seat 2) and b (seat 3) play on; the old host's seat is away.
    net.play_one();
    net.play_one();
    net.assert_same_record(&[b]);
    assert_eq!(net.peers[a].record().unwrap().to_move(), Some(Seat(0)));
}
