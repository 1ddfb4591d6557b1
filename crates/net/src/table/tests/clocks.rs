//! The clocks: the per-move clock's random moves and third time-out, a reserve, and a host
//! whose time decision cannot be right.

use super::*;

#[test]
fn a_per_move_clock_running_out_three_times_in_a_row_loses() {
    let mut net = Net::open("kawu-2", 2, ClockRule::PerMove { secs: 30 });
    let guest = net.join(0, Wants::Seat(None));
    for round in 0..3 {
        net.play_one();
        assert_eq!(net.peers[guest].record().unwrap().to_move(), Some(Seat(1)));
        net.advance(Duration::from_secs(29));
        assert_eq!(net.peers[0].record().unwrap().len(), 2 * round + 1, "not yet");
        net.advance(Duration::from_secs(1));
    }
    net.assert_same_record(&[guest]);
    let record = net.peers[guest].record().unwrap();
    let by_clock: Vec<&Act> = record
        .entries()
        .iter()
        .filter(|e| e.signer == Signer::Host { epoch: 0, why: HostWhy::Clock })
        .map(|e| &e.act)
        .collect();
    assert_eq!(by_clock.len(), 3);
    assert!(matches!(by_clock[..2], [Act::Move(_), Act::Move(_)]));
    assert_eq!(*by_clock[2], Act::Leave(tripot_protocol::table::LeaveHow::TimedOut));
    let ending = record.ending().unwrap();
    assert_eq!(
        ending.reason,
        tripot_game::EndReason::Left { seat: Seat(1), how: tripot_game::Leaving::TimedOut }
    );
    assert!(refused_none(&net, guest));
}

fn refused_none(net: &Net, p: usize) -> bool {
    !net.events_of(p).iter().any(|e| matches!(e, TableEvent::EntryRefused { .. }))
}

#[test]
fn a_move_in_time_resets_the_count() {
    let mut net = Net::open("kawu-2", 2, ClockRule::PerMove { secs: 30 });
    let guest = net.join(0, Wants::Seat(None));
    for _ in 0..2 {
        net.play_one();
        net.advance(Duration::from_secs(30));
    }
    net.play_one();
    net.play_one(); // the guest in time
    assert_eq!(net.peers[0].record().unwrap().clock_moves_in_row(Seat(1)), 0);
    net.play_one();
    net.advance(Duration::from_secs(30));
    assert!(!net.game_over());
    assert!(refused_none(&net, guest));
}

#[test]
fn a_time_out_the_member_cannot_see_is_refused() {
    let mut net = Net::open("kawu-2", 2, ClockRule::PerMove { secs: 60 });
    let guest = net.join(0, Wants::Seat(None));
    net.play_one();
    net.now += Duration::from_secs(20);
    let state = net.peers[0].record().unwrap().state();
    let text = state.move_text(&state.legal_moves()[0]);
    let entry = net.peers[0].sign_as_host(Seat(1), Act::Move(text), HostWhy::Clock).unwrap();
    net.deliver(0, guest, TableMessage::Entry { entry, clock_ms: None });
    net.settle();
    assert!(net.events_of(guest).iter().any(|e| *e
        == TableEvent::EntryRefused {
            from: Some(peer_key(&net.keys[0])),
            error: EntryError::TimeNotUp(Seat(1))
        }));
    // The clock's move never entered the guest's record (the guest, next in the hand-over
    // order, dropped the host and took the table over).
    let record = net.peers[guest].record().unwrap();
    assert!(!record.entries().iter().any(|e| matches!(e.signer, Signer::Host { why: HostWhy::Clock, .. })));
}

#[test]
fn a_reserve_runs_down_and_the_seat_times_out() {
    let mut net = Net::open("kawu-2", 2, ClockRule::Reserve { secs: 60, increment_secs: 5 });
    let guest = net.join(0, Wants::Seat(None));
    net.play_one();
    net.now += Duration::from_secs(20);
    net.play_one(); // the guest spent 20 s (plus the moment play_one takes), gained 5
    let left = net.peers[guest].clock().reserve(Seat(1));
    assert!(left <= Duration::from_secs(45) && left >= Duration::from_secs(44), "{left:?}");
    net.play_one();
    net.advance(Duration::from_secs(46));
    assert!(net.game_over());
    net.assert_same_record(&[guest]);
    assert!(refused_none(&net, guest));
}

#[test]
fn a_reserve_the_host_misreports_is_refused() {
    let mut net = Net::open("kawu-3", 3, ClockRule::Reserve { secs: 60, increment_secs: 5 });
    let a = net.join(0, Wants::Seat(None));
    let b = net.join(0, Wants::Seat(None));
    net.play_one();
    net.now += Duration::from_secs(20);
    // a's move, relayed by the host to b with a reserve that cannot be right (a spent 20 s of
    // 60 and gained 5: about 45 s left, not 1).
    let record = net.peers[a].record().unwrap();
    let text = record.state().move_text(&record.state().legal_moves()[0]);
    let entry = record.sign_next(&net.keys[a], Seat(1), Act::Move(text), Signer::Seat).unwrap();
    net.deliver(0, b, TableMessage::Entry { entry: entry.clone(), clock_ms: Some(1_000) });
    net.settle();
    assert!(
        net.events_of(b)
            .iter()
            .any(|e| matches!(e, TableEvent::EntryRefused { error: EntryError::TimeNotUp(_), .. }))
    );
    assert_eq!(net.peers[b].record().unwrap().len(), 1);
    // The same move with the host's honest figure is taken.
    net.deliver(0, a, TableMessage::Entry { entry, clock_ms: Some(45_000) });
    net.settle();
    assert_eq!(net.peers[a].record().unwrap().len(), 2);
    assert_eq!(net.peers[a].clock().reserve(Seat(1)), Duration::from_secs(45));
}
