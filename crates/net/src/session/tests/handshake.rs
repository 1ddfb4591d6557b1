//! Handshakes that strangers end early: the table is freed at once and says why, the opening
//! draw cannot be steered by walking away, and a guest that is refused knows when to stop.

use rand::SeedableRng as _;
use rand::rngs::StdRng;
use tripot_protocol::{Commitment, FrameError, Hello, PROTOCOL_VERSION, Place, Reject, TableSpec};

use super::*;
use crate::opener_draw;

const HOST_ID: &[u8] = b"H";

fn table(opens: Opens, now: Instant) -> Session<QueueTransport> {
    let offer = Offer { game: "tripot".parse().unwrap(), opens };
    Session::host(QueueTransport::new(), config("Hôte"), offer, GameId([7; 16]), HOST_ID.to_vec(), now)
}

fn guest_hello(commitment: Option<Commitment>) -> Hello {
    Hello {
        protocol: PROTOCOL_VERSION,
        app: "test".into(),
        game_id: GameId([0; 16]),
        role: Role::Guest,
        table: None,
        place: Place::Seat(Seat(1)),
        opens: Opens::Random,
        name: "Mallory".into(),
        commitment,
    }
}

/// A raw guest `peer` arrives and sends `messages`: what the host answers, and its events.
fn arrive(
    host: &mut Session<QueueTransport>,
    peer: &[u8],
    messages: Vec<Message>,
    now: Instant,
) -> (Vec<Message>, Vec<SessionEvent>) {
    host.transport_mut().deliver(LinkEvent::Up { peer: peer.to_vec() });
    for message in messages {
        host.transport_mut().deliver(LinkEvent::Message(message));
    }
    let events = host.poll(now);
    (host.transport_mut().take_outgoing().collect(), events)
}

fn leave(host: &mut Session<QueueTransport>, now: Instant) -> Vec<SessionEvent> {
    host.transport_mut().deliver(LinkEvent::Down);
    host.poll(now)
}

fn aborted(events: &[SessionEvent]) -> Option<(AbortCause, bool)> {
    events.iter().find_map(|e| match e {
        SessionEvent::HandshakeAborted { cause, draw_forfeited } => Some((*cause, *draw_forfeited)),
        _ => None,
    })
}

/// An honest guest comes to `host` and their game starts on both sides.
fn honest_guest_plays(host: &mut Session<QueueTransport>, now: Instant, after: &str) {
    let mut guest = Session::guest(QueueTransport::new(), config("Honnête"), b"honest".to_vec(), now);
    // What the host said to the stranger went on the stranger's link.
    let _ = host.transport_mut().take_close_request();
    let _ = host.transport_mut().take_outgoing().count();
    host.transport_mut().deliver(LinkEvent::Up { peer: b"honest".to_vec() });
    guest.transport_mut().deliver(LinkEvent::Up { peer: HOST_ID.to_vec() });
    for _ in 0..20 {
        let _ = host.poll(now);
        let _ = guest.poll(now);
        let moved = carry(host.transport_mut(), guest.transport_mut(), true)
            + carry(guest.transport_mut(), host.transport_mut(), true);
        if moved == 0 {
            break;
        }
    }
    let (Some(h), Some(g)) = (host.game(), guest.game()) else { panic!("after {after}: no game") };
    assert_eq!((h.game_id, h.opener(), h.peer_name.as_str()), (g.game_id, g.opener(), "Honnête"));
}

/// A stranger's act: its name, what it sends, what then happens to its link, how long the host
/// then waits, and the abort the host must report.
type EarlyEnd = (&'static str, Vec<Message>, Option<LinkEvent>, Duration, (AbortCause, bool));

#[test]
fn every_early_end_frees_the_table_and_says_why() {
    let now = Instant::now();
    let commitment = Some(Commitment([1; 32]));
    let hello = |c| Message::Hello(guest_hello(c));
    let mut wrong_version = guest_hello(commitment);
    wrong_version.protocol = 0;
    let mut other_version = guest_hello(commitment);
    other_version.protocol = u16::MAX;
    let refused = |reason| (AbortCause::Refused(reason), false);
    let cases: Vec<EarlyEnd> = vec![
        (
            "protocol 0",
            vec![Message::Hello(wrong_version)],
            None,
            Duration::ZERO,
            refused(RejectReason::Version),
        ),
        (
            "protocol 65535",
            vec![Message::Hello(other_version)],
            None,
            Duration::ZERO,
            refused(RejectReason::Version),
        ),
        (
            "a reveal that does not match",
            vec![hello(commitment), Message::Reveal { value: [2; 32] }],
            None,
            Duration::ZERO,
            (AbortCause::Refused(RejectReason::BadReveal), true),
        ),
        (
            "silence in the draw",
            vec![hello(commitment)],
            None,
            Duration::from_secs(11),
            (AbortCause::Silent, true),
        ),
        ("no commitment", vec![hello(None)], None, Duration::ZERO, refused(RejectReason::NoCommitment)),
        (
            "a flood",
            vec![hello(commitment)]
                .into_iter()
                .chain((0..500).map(|seq| Message::KeepAlive { seq }))
                .collect(),
            None,
            Duration::ZERO,
            (AbortCause::Refused(RejectReason::Flood), true),
        ),
        ("leaving", vec![hello(commitment)], Some(LinkEvent::Down), Duration::ZERO, (AbortCause::Left, true)),
        (
            "a name over its limit",
            vec![],
            Some(LinkEvent::Malformed(FrameError::FieldTooLong("name"))),
            Duration::ZERO,
            refused(RejectReason::FieldTooLong),
        ),
        (
            "bytes that do not decode",
            vec![],
            Some(LinkEvent::Malformed(FrameError::Malformed("junk".into()))),
            Duration::ZERO,
            refused(RejectReason::Malformed),
        ),
        (
            "a resume with no game",
            vec![Message::Resume(ResumePoint { game_id: GameId([7; 16]), ply: 3, hash: 1 })],
            None,
            Duration::ZERO,
            refused(RejectReason::UnknownGame),
        ),
    ];
    for (what, messages, then, wait, expected) in cases {
        let mut host = table(Opens::Random, now);
        let (_, mut events) = arrive(&mut host, b"stranger", messages, now);
        if let Some(event) = then {
            host.transport_mut().deliver(event);
            events.extend(host.poll(now));
        }
        if !wait.is_zero() {
            events.extend(host.poll(now + wait));
        }
        assert_eq!(aborted(&events), Some(expected), "{what}: {events:?}");
        assert!(host.game().is_none() && !host.is_connected(), "{what}");
        honest_guest_plays(&mut host, now + wait, what);
    }
}

#[test]
fn a_guest_stalling_the_handshake_with_keep_alives_is_let_go() {
    let now = Instant::now();
    let mut host = table(Opens::Random, now);
    let _ = arrive(&mut host, b"staller", vec![Message::Hello(guest_hello(Some(Commitment([1; 32]))))], now);
    let mut events = Vec::new();
    for second in 1..=12 {
        let at = now + Duration::from_secs(second);
        host.transport_mut().deliver(LinkEvent::Message(Message::KeepAlive { seq: 0 }));
        events.extend(host.poll(at));
    }
    assert_eq!(aborted(&events), Some((AbortCause::Silent, true)));
    honest_guest_plays(&mut host, now + Duration::from_secs(12), "a stall");
}

/// The opener of a game from both revealed values, as the host computes it.
fn drawn_opener(host_reveal: [u8; 32], guest_value: [u8; 32]) -> Seat {
    if opener_draw::opener(&host_reveal, &guest_value) == Role::Host { Seat(0) } else { Seat(1) }
}

#[test]
fn a_guest_that_leaves_after_the_reveal_50_times_never_changes_who_opens() {
    let now = Instant::now();
    let mut host = table(Opens::Random, now);
    let guest_value = [9u8; 32];
    let commitment = opener_draw::commit(&guest_value, HOST_ID, b"mallory");
    let mut openers = Vec::new();
    for attempt in 0..50 {
        let hello = Message::Hello(guest_hello(Some(commitment)));
        let (replies, _) = arrive(&mut host, b"mallory", vec![hello], now);
        let reveal =
            replies.iter().find_map(|m| if let Message::Reveal { value } = m { Some(*value) } else { None });
        match (attempt, reveal) {
            // The first time there is a draw: the guest sees the outcome and walks away.
            (0, Some(value)) => {
                let (cause, forfeited) = aborted(&leave(&mut host, now)).expect("the table is freed");
                assert_eq!((cause, forfeited), (AbortCause::Left, true));
                openers.push(drawn_opener(value, guest_value));
            }
            (0, None) => panic!("no draw the first time: {replies:?}"),
            (_, Some(_)) => panic!("attempt {attempt}: a new draw"),
            // Then never again: the host opens (its hello says so), and that game stays.
            (_, None) => {
                let opener = host.game().map(|g| g.opener());
                assert_eq!(opener, Some(Seat(0)), "attempt {attempt}: {replies:?}");
                openers.push(Seat(0));
                let _ = leave(&mut host, now);
            }
        }
    }
    let host_opens_after_the_first = match &openers[..] {
        [_, rest @ ..] => rest.iter().all(|&c| c == Seat(0)),
        [] => false,
    };
    assert!(host_opens_after_the_first, "{openers:?}");
    // Another guest still gets a fair draw at another table.
    let mut other = table(Opens::Random, now);
    let (replies, _) =
        arrive(&mut other, b"mallory", vec![Message::Hello(guest_hello(Some(commitment)))], now);
    assert!(replies.iter().any(|m| matches!(m, Message::Reveal { .. })));
}

#[test]
fn a_returning_forfeiter_is_told_the_host_opens_and_both_sides_agree() {
    let now = Instant::now();
    let mut host = table(Opens::Random, now);
    let _ = arrive(&mut host, b"G", vec![Message::Hello(guest_hello(Some(Commitment([3; 32]))))], now);
    let _ = leave(&mut host, now);
    // The same peer comes back as an honest client would: its game opens with the host.
    let mut guest = Session::guest(QueueTransport::new(), config("G"), b"G".to_vec(), now);
    let mut pair = Pair {
        host,
        guest: std::mem::replace(
            &mut guest,
            Session::guest(QueueTransport::new(), config("x"), b"x".to_vec(), now),
        ),
        now,
        up: false,
        host_events: vec![],
        guest_events: vec![],
    };
    pair.connect();
    let (h, g) = (pair.host.game().unwrap(), pair.guest.game().unwrap());
    assert_eq!((h.opener(), g.opener()), (Seat(0), Seat(0)));
    assert_eq!(pair.host.offer().map(|o| o.opens), Some(Opens::Host));
    assert_eq!(pair.guest.offer().map(|o| o.opens), Some(Opens::Host));
    // Their rematches swap the opener on both sides, as for any game the host opened.
    finish_by_resignation(&mut pair);
    rematch_accepted(&mut pair);
    assert_eq!(pair.host.game().unwrap().opener(), Seat(1));
    assert_eq!(pair.guest.game().unwrap().opener(), Seat(1));
}

#[test]
fn a_guest_that_leaves_a_rematch_draw_gets_no_new_draw() {
    let mut pair = Pair::new(Opens::Random);
    finish_by_resignation(&mut pair);
    let now = pair.now;
    pair.guest.offer_rematch(now).unwrap();
    pair.settle();
    pair.host.answer_rematch(true, now).unwrap();
    // The host's answer and the guest's hello travel; the host then reveals, and the guest
    // (having seen the value) leaves without revealing its own.
    let _ = pair.host.poll(now);
    carry(pair.host.transport_mut(), pair.guest.transport_mut(), true);
    let _ = pair.guest.poll(now);
    carry(pair.guest.transport_mut(), pair.host.transport_mut(), true);
    let _ = pair.host.poll(now);
    let sent: Vec<Message> = pair.host.transport_mut().take_outgoing().collect();
    assert!(sent.iter().any(|m| matches!(m, Message::Reveal { .. })), "{sent:?}");
    pair.cut();
    pair.connect();
    pair.guest_events.clear();
    pair.guest.offer_rematch(now).unwrap();
    pair.settle();
    assert!(
        pair.guest_events.contains(&SessionEvent::RematchDeclined { by: Refuser::Peer }),
        "{:?}",
        pair.guest_events
    );
    assert_eq!(pair.host.offer_rematch(now), Err(LocalError::DrawForfeited));
    assert_eq!(pair.host.game_number(), 1);
}

#[test]
fn four_hundred_honest_draws_split_fairly() {
    let now = Instant::now();
    let mut host_opens = 0u32;
    for i in 0..400u64 {
        let mut host = table(Opens::Random, now);
        let mut guest = Session::guest(QueueTransport::new(), config("G"), b"G".to_vec(), now);
        host.rng = StdRng::seed_from_u64(2 * i);
        guest.rng = StdRng::seed_from_u64(2 * i + 1);
        let mut pair = Pair { host, guest, now, up: false, host_events: vec![], guest_events: vec![] };
        pair.connect();
        let (h, g) = (pair.host.game().unwrap(), pair.guest.game().unwrap());
        assert_eq!(h.opener(), g.opener());
        host_opens += u32::from(h.opener() == Seat(0));
    }
    // Chi-square with one degree of freedom, against an even split: below 3.84 (p = 0.05).
    let expected = 200.0;
    let chi2 = [f64::from(host_opens), 400.0 - f64::from(host_opens)]
        .iter()
        .map(|observed| (observed - expected).powi(2) / expected)
        .sum::<f64>();
    assert!(chi2 < 3.84, "host opened {host_opens} of 400 (chi² {chi2:.2})");
}

/// A guest whose hello the host answers with `reason`.
fn refuse_guest(
    guest: &mut Session<QueueTransport>,
    reason: RejectReason,
    now: Instant,
) -> Vec<SessionEvent> {
    guest.transport_mut().deliver(LinkEvent::Up { peer: HOST_ID.to_vec() });
    let _ = guest.poll(now);
    let _ = guest.transport_mut().take_outgoing().count();
    let reject = Reject { reason, ply: None, detail: "no".into() };
    guest.transport_mut().deliver(LinkEvent::Message(Message::Reject(reject)));
    guest.poll(now)
}

#[test]
fn a_permanent_refusal_ends_the_guest() {
    for reason in [RejectReason::Version, RejectReason::NoCommitment, RejectReason::FieldTooLong] {
        let now = Instant::now();
        let mut guest = Session::guest(QueueTransport::new(), config("G"), b"G".to_vec(), now);
        let events = refuse_guest(&mut guest, reason, now);
        assert!(
            events.iter().any(
                |e| matches!(e, SessionEvent::Refused { reason: r, retry_in: None, .. } if *r == reason)
            )
        );
        assert!(guest.gave_up());
        assert!(!guest.may_open_link(now + Duration::from_secs(3600)));
        assert!(guest.transport_mut().take_close_request());
    }
}

#[test]
fn a_host_that_cannot_read_our_hello_is_told_as_another_version() {
    let now = Instant::now();
    let mut guest = Session::guest(QueueTransport::new(), config("G"), b"G".to_vec(), now);
    let events = refuse_guest(&mut guest, RejectReason::Malformed, now);
    let refusal = events.iter().find_map(|e| match e {
        SessionEvent::Refused { reason, retry_in, detail } => Some((*reason, *retry_in, detail.clone())),
        _ => None,
    });
    let (reason, retry_in, detail) = refusal.unwrap();
    assert_eq!((reason, retry_in), (RejectReason::Version, None), "{detail}");
    assert!(detail.contains("protocol"), "{detail}");
    assert!(guest.gave_up());
}

#[test]
fn a_busy_host_is_tried_again_later_each_time_then_given_up() {
    let start = Instant::now();
    let mut guest = Session::guest(QueueTransport::new(), config("G"), b"G".to_vec(), start);
    let mut now = start;
    let mut waits = Vec::new();
    loop {
        let events = refuse_guest(&mut guest, RejectReason::Busy, now);
        let retry = events.iter().find_map(|e| match e {
            SessionEvent::Refused { retry_in, .. } => Some(*retry_in),
            _ => None,
        });
        match retry.expect("a refusal event") {
            Some(wait) => {
                assert!(!guest.may_open_link(now + wait - Duration::from_millis(1)));
                assert!(guest.may_open_link(now + wait));
                waits.push(wait.as_secs());
                now += wait;
            }
            None => break,
        }
        assert!(waits.len() < 20, "never gave up: {waits:?}");
    }
    assert_eq!(waits, [1, 2, 4, 8, 16, 16]);
    assert!(guest.gave_up());
    assert!(now.duration_since(start) <= RETRY_CAP);
}

#[test]
fn terms_the_guest_cannot_play_end_it_with_a_reason() {
    let now = Instant::now();
    let mut guest = Session::guest(QueueTransport::new(), config("G"), b"G".to_vec(), now);
    guest.transport_mut().deliver(LinkEvent::Up { peer: HOST_ID.to_vec() });
    let _ = guest.poll(now);
    let _ = guest.transport_mut().take_outgoing().count();
    let mut hello = guest_hello(None);
    hello.role = Role::Host;
    hello.table = Some(TableSpec { game: "chess".parse().unwrap(), seats: 2 });
    hello.place = Place::Seat(Seat(0));
    hello.opens = Opens::Host;
    guest.transport_mut().deliver(LinkEvent::Message(Message::Hello(hello)));
    let events = guest.poll(now);
    let sent: Vec<Message> = guest.transport_mut().take_outgoing().collect();
    assert!(sent.iter().any(|m| matches!(m, Message::Reject(r) if r.reason == RejectReason::Unsupported)));
    assert!(events.iter().any(|e| matches!(e, SessionEvent::Refused { retry_in: None, .. })));
    assert!(guest.gave_up());
}

#[test]
fn a_guest_whose_reveal_was_lost_shakes_hands_again_and_the_host_opens() {
    let mut pair = Pair::new(Opens::Host);
    let now = pair.now;
    pair.host = table(Opens::Random, now);
    pair.guest = Session::guest(QueueTransport::new(), config("G"), b"G".to_vec(), now);
    pair.up = true;
    pair.host.transport_mut().deliver(LinkEvent::Up { peer: b"G".to_vec() });
    pair.guest.transport_mut().deliver(LinkEvent::Up { peer: HOST_ID.to_vec() });
    // The guest's hello travels, the host's hello and reveal too; the guest's reveal is lost.
    let _ = pair.guest.poll(now);
    carry(pair.guest.transport_mut(), pair.host.transport_mut(), true);
    let _ = pair.host.poll(now);
    carry(pair.host.transport_mut(), pair.guest.transport_mut(), true);
    let _ = pair.guest.poll(now);
    let _ = pair.guest.transport_mut().take_outgoing().count();
    assert!(pair.guest.game().is_some() && pair.host.game().is_none());
    pair.cut();
    let _ = pair.guest.transport_mut().take_close_request();
    // Back: the host knows no game, the guest starts over, and (having seen the host's value)
    // does not open.
    pair.connect();
    pair.cut();
    pair.connect();
    let (h, g) = (pair.host.game().unwrap(), pair.guest.game().unwrap());
    assert_eq!((h.game_id, h.opener()), (g.game_id, Seat(0)));
}

/// A host hello naming `table`, as a guest receives it.
fn host_hello(table: Option<TableSpec>) -> Hello {
    Hello { role: Role::Host, table, place: Place::Seat(Seat(0)), opens: Opens::Host, ..guest_hello(None) }
}

/// What a guest that sent its hello answers to `hello`.
fn guest_answers(hello: Hello) -> (Vec<Message>, Vec<SessionEvent>, bool) {
    let now = Instant::now();
    let mut guest = Session::guest(QueueTransport::new(), config("G"), b"G".to_vec(), now);
    guest.transport_mut().deliver(LinkEvent::Up { peer: HOST_ID.to_vec() });
    let _ = guest.poll(now);
    let _ = guest.transport_mut().take_outgoing().count();
    guest.transport_mut().deliver(LinkEvent::Message(Message::Hello(hello)));
    let events = guest.poll(now);
    let sent = guest.transport_mut().take_outgoing().collect();
    (sent, events, guest.gave_up())
}

fn says(sent: &[Message], reason: RejectReason) -> bool {
    sent.iter().any(|m| matches!(m, Message::Reject(r) if r.reason == reason))
}

#[test]
fn a_guest_plays_any_game_of_two_seats_and_no_other() {
    let table = |game: &str, seats| Some(TableSpec { game: game.parse().unwrap(), seats });
    for game in ["kawu-2", "captures-2", "halma-long-2", "tripot-classic-f3"] {
        let (sent, events, _) = guest_answers(host_hello(table(game, 2)));
        assert!(sent.is_empty(), "{game}: {sent:?}");
        assert!(
            events.iter().any(|e| matches!(e, SessionEvent::Connected { game: g, .. } if g.as_str() == game)),
            "{game}: {events:?}"
        );
    }
    // Three seats, a name no engine plays, a table of two seats that is a game of three, none.
    for hello in [host_hello(table("kawu-3", 3)), host_hello(table("go", 2)), host_hello(table("kawu-3", 2))]
    {
        let (sent, _, gave_up) = guest_answers(hello.clone());
        assert!(says(&sent, RejectReason::Unsupported) && gave_up, "{hello:?}: {sent:?}");
    }
    let (sent, _, gave_up) = guest_answers(host_hello(None));
    assert!(says(&sent, RejectReason::Unsupported) && gave_up);
}

#[test]
fn a_spectator_or_a_guest_in_the_host_seat_is_refused() {
    let now = Instant::now();
    for place in [Place::Spectator, Place::Seat(Seat(0)), Place::Seat(Seat(2))] {
        let mut host = table(Opens::Host, now);
        let hello = Hello { place, ..guest_hello(None) };
        let (replies, events) = arrive(&mut host, b"S", vec![Message::Hello(hello)], now);
        assert!(says(&replies, RejectReason::Unsupported), "{place:?}: {replies:?}");
        assert!(host.game().is_none());
        assert!(events.iter().any(|e| matches!(
            e,
            SessionEvent::HandshakeAborted { cause: AbortCause::Refused(RejectReason::Unsupported), .. }
        )));
    }
}

/// A client of protocol 1 meets a clear refusal: its hello, as it wrote it (by hand here: the
/// types of today cannot write it), is read as far as its version, and the answer is a
/// version refusal in the encoding protocol 1 reads (message 9, reason 0).
#[test]
fn a_v1_client_is_told_its_version_is_refused() {
    let mut v1_hello = vec![0, 1, 5];
    v1_hello.extend_from_slice(b"0.1.0");
    v1_hello.extend_from_slice(&[0; 16]); // the guest's game id
    v1_hello.extend_from_slice(&[1, 0, 0]); // guest, format 0, no rules
    v1_hello.extend_from_slice(&[2, 3]); // opens random, "Old" (3 bytes)
    v1_hello.extend_from_slice(b"Old");
    v1_hello.push(1);
    v1_hello.extend_from_slice(&[4; 32]);
    let mut frame = u16::try_from(v1_hello.len()).unwrap().to_be_bytes().to_vec();
    frame.extend(v1_hello);
    let decoded = FrameDecoder::new().feed_all(&frame).unwrap();
    let [Err(error)] = decoded.as_slice() else { panic!("{decoded:?}") };
    assert_eq!(*error, FrameError::Version(1));

    let now = Instant::now();
    let mut host = table(Opens::Random, now);
    host.transport_mut().deliver(LinkEvent::Up { peer: b"V1".to_vec() });
    host.transport_mut().deliver(LinkEvent::Malformed(error.clone()));
    let events = host.poll(now);
    let replies: Vec<Message> = host.transport_mut().take_outgoing().collect();
    let [Message::Reject(reject)] = replies.as_slice() else { panic!("{replies:?}") };
    assert_eq!(reject.reason, RejectReason::Version);
    let bytes = encode(&replies[0]).unwrap();
    assert_eq!(&bytes[2..5], &[9, 0, 0], "variant 9, reason 0 (version), no ply: {bytes:?}");
    assert!(host.transport_mut().take_close_request());
    assert!(events.iter().any(|e| matches!(
        e,
        SessionEvent::HandshakeAborted { cause: AbortCause::Refused(RejectReason::Version), .. }
    )));
}
