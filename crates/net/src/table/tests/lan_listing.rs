//! A stranger's query on the LAN: one listing kept true as seats fill, or a full table's refusal.

use super::*;
use tripot_protocol::table::{TableListing, TableReject};

/// A stranger opens a stream to peer `p`, asks what the table offers, and may try again on the
/// same stream: what the peer answered, in order.
fn query(net: &mut Net, p: usize, again: bool) -> Vec<TableOutput> {
    let link = LinkId(90_000 + net.next_link);
    net.next_link += 1;
    let stranger = peer_key(&Keypair::generate_ed25519());
    let now = net.now;
    net.peers[p].handle(TableInput::Up { link, peer: stranger }, now);
    net.peers[p].handle(TableInput::Message { link, message: through_codec(&TableMessage::Query) }, now);
    if again {
        net.peers[p].handle(TableInput::Message { link, message: TableMessage::Query }, now);
    }
    net.peers[p].take_outputs()
}

/// The listing a query got, checking that the stream was closed after it.
fn listing(net: &mut Net) -> TableListing {
    match query(net, 0, false).as_slice() {
        [TableOutput::Send { link, message }, TableOutput::Close { link: closed }] if link == closed => {
            match through_codec(message) {
                TableMessage::Listing(listing) => listing,
                other => panic!("not a listing: {other:?}"),
            }
        }
        other => panic!("not one answer then a close: {other:?}"),
    }
}

#[test]
fn the_free_seats_listed_follow_the_seats_taken() {
    let mut net = Net::open("kawu-3", 3, ClockRule::None);
    let first = listing(&mut net);
    assert_eq!(first.table, TABLE);
    assert_eq!(first.spec, net.spec());
    assert_eq!(first.name, "host");
    assert_eq!((first.free, first.started, first.spectators, first.waiting_secs), (2, false, true, 0));
    net.advance(Duration::from_secs(7));
    assert_eq!(listing(&mut net).waiting_secs, 7);
    net.join(0, Wants::Seat(None));
    assert_eq!(listing(&mut net).free, 1);
    net.join(0, Wants::Seat(None));
    // Every seat taken: the game started, and the table is listed only to be watched.
    let started = listing(&mut net);
    assert_eq!((started.free, started.started), (0, true));
}

#[test]
fn a_seat_freed_before_the_start_is_listed_again() {
    let mut net = Net::open("kawu-4", 4, ClockRule::None);
    let a = net.join(0, Wants::Seat(None));
    assert_eq!(listing(&mut net).free, 2);
    net.vanish(a);
    net.settle();
    assert_eq!(listing(&mut net).free, 3);
}

/// A kawu-3 table's offer, with or without spectators.
fn kawu_3_offer(spectators: bool) -> TableOffer {
    TableOffer { table: TABLE, game: "kawu-3".parse().unwrap(), seats: 3, clock: ClockRule::None, spectators }
}

#[test]
fn a_started_table_without_spectators_answers_full() {
    let now = Instant::now();
    let key = Keypair::generate_ed25519();
    let offer = kawu_3_offer(false);
    let mut table = Table::host(config("host", &key), offer, now).unwrap();
    table.set_computer(Seat(1), 1, now).unwrap();
    assert_eq!(table.lan_listing(now).map(|l| (l.free, l.spectators)), Some((1, false)));
    table.set_computer(Seat(2), 1, now).unwrap();
    assert!(table.lan_listing(now).is_none(), "started, nobody may watch: nothing to offer");
    let _ = table.take_outputs();
    let _ = table.take_events();
    let mut net = Net {
        peers: vec![table],
        keys: vec![key],
        events: vec![Vec::new()],
        ..Net::open("kawu-3", 3, ClockRule::None)
    };
    let full = TableMessage::Reject(TableReject { reason: TableRejectReason::NoSeat, index: None });
    match query(&mut net, 0, false).as_slice() {
        [TableOutput::Send { message, .. }, TableOutput::Close { .. }] => assert_eq!(message, &full),
        other => panic!("not a refusal then a close: {other:?}"),
    }
}

#[test]
fn a_private_rooms_table_is_never_listed() {
    let now = Instant::now();
    let key = Keypair::generate_ed25519();
    let offer = kawu_3_offer(true);
    let config = TableConfig { unlisted: true, ..config("host", &key) };
    let table = Table::host(config, offer, now).unwrap();
    assert!(table.lan_listing(now).is_none(), "free seats, and still nothing to offer");
}

#[test]
fn a_stranger_gets_one_answer_and_leaves_no_trace() {
    let mut net = Net::open("kawu-3", 3, ClockRule::None);
    // What the host's screen was told of its own table as it opened.
    net.peers[0].take_events();
    let before = net.peers[0].state().clone();
    let outputs = query(&mut net, 0, true);
    // The second query on the same stream finds it gone: no second answer.
    assert_eq!(outputs.iter().filter(|o| matches!(o, TableOutput::Send { .. })).count(), 1);
    assert_eq!(net.peers[0].state(), &before, "no seat, no spectator counted");
    assert!(net.peers[0].take_events().is_empty(), "nothing for the host's screen");
}

#[test]
fn a_member_lists_nothing() {
    let (net, a, _) = Net::three_people();
    assert!(net.peers[a].lan_listing(net.now).is_none());
}

#[test]
fn a_silent_stream_is_closed_after_the_hello_wait_and_strangers_are_few() {
    let mut net = Net::open("kawu-3", 3, ClockRule::None);
    net.peers[0].take_events();
    let now = net.now;
    let links: Vec<LinkId> =
        (0..super::super::host::MAX_UNWELCOMED as u64 + 1).map(|i| LinkId(80_000 + i)).collect();
    for &link in &links {
        let stranger = peer_key(&Keypair::generate_ed25519());
        net.peers[0].handle(TableInput::Up { link, peer: stranger }, now);
    }
    let closed = |outputs: &[TableOutput]| -> Vec<LinkId> {
        outputs
            .iter()
            .filter_map(|o| if let TableOutput::Close { link } = o { Some(*link) } else { None })
            .collect()
    };
    // One stranger too many is refused at once.
    assert_eq!(closed(&net.peers[0].take_outputs()), vec![links[links.len() - 1]]);
    net.peers[0].tick(now + super::super::host::HELLO_WAIT - Duration::from_millis(1));
    assert!(closed(&net.peers[0].take_outputs()).is_empty());
    net.peers[0].tick(now + super::super::host::HELLO_WAIT);
    assert_eq!(closed(&net.peers[0].take_outputs()), links[..links.len() - 1].to_vec());
    assert!(net.peers[0].take_events().is_empty(), "nothing for the host's screen");
}
