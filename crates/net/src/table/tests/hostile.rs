//! Hostile peers: every bad entry is refused, and the honest peers' records never take it.

use tripot_protocol::FrameError;
use tripot_protocol::table::{Act, Channel, ChatLine, Entry, TABLE_VERSION, TableHello};

use super::*;

/// A two-seat table of kawu, the host to move, and a spectator.
fn duel_with_spectator() -> (Net, usize, usize) {
    let mut net = Net::open("kawu-2", 2, ClockRule::None);
    let guest = net.join(0, Wants::Seat(None));
    let watcher = net.join(0, Wants::Watch);
    (net, guest, watcher)
}

/// The entry peer `p` would sign for `seat` (the next index, the chain so far).
fn signed_by(net: &Net, p: usize, seat: Seat, act: Act) -> Entry {
    net.peers[p].record().unwrap().sign_next(&net.keys[p], seat, act, Signer::Seat).unwrap()
}

/// A legal move's text for the seat to move.
fn a_legal_move(net: &Net) -> String {
    let state = net.peers[0].record().unwrap().state();
    state.move_text(&state.legal_moves()[0])
}

fn refused_by(net: &Net, p: usize) -> Vec<EntryError> {
    net.events_of(p)
        .iter()
        .filter_map(|e| match e {
            TableEvent::EntryRefused { error, .. } => Some(error.clone()),
            _ => None,
        })
        .collect()
}

fn forfeited(net: &Net, p: usize, seat: Seat) -> bool {
    let ending = net.peers[p].record().unwrap().ending();
    ending.is_some_and(|o| {
        o.reason == tripot_game::EndReason::Left { seat, how: tripot_game::Leaving::Forfeited }
    })
}

#[test]
fn a_move_out_of_turn_is_refused_and_forfeits_its_sender() {
    let (mut net, guest, watcher) = duel_with_spectator();
    // The host is to move; the guest sends a move of its own seat anyway.
    let text = a_legal_move(&net);
    let entry = signed_by(&net, guest, Seat(1), Act::Move(text));
    net.deliver(guest, 0, TableMessage::Entry { entry, clock_ms: None });
    net.settle();
    assert!(matches!(refused_by(&net, 0)[..], [EntryError::Illegal(_)]));
    for p in [0, guest, watcher] {
        assert!(forfeited(&net, p, Seat(1)), "peer {p}");
        assert_eq!(net.peers[p].record().unwrap().len(), 1);
    }
}

#[test]
fn a_forged_signature_is_refused_and_forfeits_its_sender() {
    let (mut net, guest, watcher) = duel_with_spectator();
    net.play_one();
    let mut entry = signed_by(&net, guest, Seat(1), Act::Move(a_legal_move(&net)));
    entry.sig[10] ^= 0x40;
    net.deliver(guest, 0, TableMessage::Entry { entry, clock_ms: None });
    net.settle();
    assert_eq!(refused_by(&net, 0), vec![EntryError::Forged]);
    for p in [0, guest, watcher] {
        assert!(forfeited(&net, p, Seat(1)), "peer {p}");
    }
}

#[test]
fn a_host_cannot_forge_a_guests_move() {
    let (mut net, a, b) = Net::three_people();
    net.play_one();
    // Seat 2 (a) to move: the host signs a move for it, first as the seat with its own key,
    // then with the seat's peer id in the entry and a signature it cannot make.
    let text = a_legal_move(&net);
    let own_key = signed_by(&net, 0, Seat(1), Act::Move(text.clone()));
    let mut borrowed = own_key.clone();
    borrowed.key = peer_key(&net.keys[a]);
    net.deliver(0, b, TableMessage::Entry { entry: own_key, clock_ms: None });
    net.settle();
    assert_eq!(refused_by(&net, b), vec![EntryError::NotTheSeat(Seat(1))]);
    assert_eq!(net.peers[b].record().unwrap().len(), 1);
    // b dropped the lying host: it hands the table on.
    assert!(
        net.events_of(b)
            .iter()
            .any(|e| matches!(e, TableEvent::LinkClosed { reason: TableRejectReason::BadEntry, .. }))
    );
    net.deliver(0, a, TableMessage::Entry { entry: borrowed, clock_ms: None });
    net.settle();
    assert_eq!(refused_by(&net, a), vec![EntryError::Forged]);
    // a is next in the hand-over order: it takes the table over and rules the lying host out
    // (three seats: the game ends, the host last).
    assert!(net.peers[a].is_host());
    let record = net.peers[a].record().unwrap();
    assert!(forfeited(&net, a, Seat(0)));
    assert_eq!(record.entries()[1].signer, Signer::Host { epoch: 1, why: HostWhy::Ruling });
    assert!(!record.entries().iter().any(|e| e.seat == Seat(1)));
}

#[test]
fn a_lying_host_let_back_in_at_once_is_still_passed_over() {
    let (mut net, guest, _watcher) = duel_with_spectator();
    net.play_one();
    let entry = signed_by(&net, 0, Seat(1), Act::Move(a_legal_move(&net)));
    net.deliver(0, guest, TableMessage::Entry { entry, clock_ms: None });
    // The driver redials whoever hosts: the liar's link is up again before the next tick.
    net.link(guest, 0);
    net.settle();
    assert_eq!(refused_by(&net, guest), vec![EntryError::NotTheSeat(Seat(1))]);
    assert!(net.peers[guest].is_host());
    assert!(forfeited(&net, guest, Seat(0)));
}

#[test]
fn a_spectator_cannot_move() {
    let (mut net, guest, watcher) = duel_with_spectator();
    net.play_one();
    let entry = signed_by(&net, watcher, Seat(1), Act::Move(a_legal_move(&net)));
    net.deliver(watcher, 0, TableMessage::Entry { entry, clock_ms: None });
    net.settle();
    assert_eq!(refused_by(&net, 0), vec![EntryError::NotTheSeat(Seat(1))]);
    assert!(net.events_of(watcher).iter().any(|e| matches!(
        e,
        TableEvent::Refused(tripot_protocol::table::TableReject { reason: TableRejectReason::BadEntry, .. })
    )));
    // Nothing changed, and the game goes on.
    assert_eq!(net.peers[0].record().unwrap().len(), 1);
    net.play_one();
    net.assert_same_record(&[guest, watcher]);
}

#[test]
fn a_broken_chain_is_refused_without_a_forfeit() {
    let (mut net, guest, watcher) = duel_with_spectator();
    net.play_one();
    let mut entry = signed_by(&net, guest, Seat(1), Act::Move(a_legal_move(&net)));
    entry.prev = [9; 32];
    // Re-signed over the broken chain: the signature holds, the chain does not.
    entry = sign_entry(
        &net.keys[guest],
        net.peers[guest].record().unwrap().key(),
        (1, [9; 32]),
        Seat(1),
        entry.act,
        Signer::Seat,
    )
    .unwrap();
    net.deliver(guest, 0, TableMessage::Entry { entry, clock_ms: None });
    net.settle();
    assert_eq!(refused_by(&net, 0), vec![EntryError::BrokenChain]);
    assert!(net.peers[0].record().unwrap().ending().is_none());
    net.play_one();
    net.assert_same_record(&[guest, watcher]);
}

#[test]
fn garbage_frames_close_the_link_after_three_and_another_version_at_once() {
    let (mut net, guest, _) = duel_with_spectator();
    let link = net.wires.iter().find(|w| w.ends[0].0 == guest).unwrap().ends[1].1;
    let now = net.now;
    let mut decoder = TableDecoder::new();
    let garbage = decoder.feed_all(&[0, 3, 0xee, 0xff, 0x01]).unwrap().remove(0).unwrap_err();
    for _ in 0..3 {
        net.peers[0].handle(TableInput::Malformed { link, error: garbage.clone() }, now);
    }
    net.settle();
    assert!(
        net.events_of(0).contains(&TableEvent::LinkClosed { link, reason: TableRejectReason::Malformed })
    );
    assert!(net.events_of(0).contains(&TableEvent::SeatAway { seat: Seat(1) }));
    // A hello of another version, as the bytes arrive.
    let late = net.join(0, Wants::Watch);
    let hello = TableMessage::Hello(TableHello {
        protocol: TABLE_VERSION + 1,
        app: String::new(),
        table: TABLE,
        name: "v2".into(),
        wants: Wants::Watch,
        addrs: vec![],
        holds: 0,
    });
    let error = TableDecoder::new().feed_all(&encode_table(&hello).unwrap()).unwrap().remove(0).unwrap_err();
    assert_eq!(error, FrameError::Version(TABLE_VERSION + 1));
    let link = net.wires.iter().find(|w| w.ends[0].0 == late).unwrap().ends[1].1;
    net.peers[0].handle(TableInput::Malformed { link, error }, now);
    net.settle();
    assert!(net.events_of(0).contains(&TableEvent::LinkClosed { link, reason: TableRejectReason::Version }));
}

#[test]
fn a_chat_flood_is_cut_at_the_rate_and_never_forwarded() {
    let (mut net, a, b) = Net::three_people();
    for i in 0..20 {
        let line = ChatLine { channel: Channel::Players, from: peer_key(&net.keys[a]), text: format!("{i}") };
        net.deliver(a, 0, TableMessage::Chat(line));
    }
    net.settle();
    let heard = net.events_of(b).iter().filter(|e| matches!(e, TableEvent::Chat(_))).count();
    assert_eq!(heard, 5);
    let refusals = net.events_of(a).iter().filter(|e| matches!(e, TableEvent::Refused(_))).count();
    assert_eq!(refusals, 15);
    // A line over the length bound cannot even be framed.
    let long = TableMessage::Chat(ChatLine {
        channel: Channel::Players,
        from: peer_key(&net.keys[a]),
        text: "x".repeat(201),
    });
    assert!(encode_table(&long).is_err());
    let now = net.now;
    assert_eq!(net.peers[a].chat(&"x".repeat(201), now), Err(TableError::ChatTooLong));
}

#[test]
fn a_message_flood_closes_the_link() {
    let (mut net, guest, _) = duel_with_spectator();
    for seq in 0..150 {
        net.deliver(guest, 0, TableMessage::Ping { seq });
    }
    net.settle();
    assert!(
        net.events_of(0)
            .iter()
            .any(|e| matches!(e, TableEvent::LinkClosed { reason: TableRejectReason::Flood, .. }))
    );
}
