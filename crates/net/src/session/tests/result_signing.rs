//! The end-of-game signatures over the in-memory link, through the real codec: both sides end
//! with the same signed result; forged signatures, signatures for another game and signatures
//! reused from an earlier game are refused; a side without a signer (a guest key) declines.

use libp2p::identity::Keypair;
use tripot_ratings_wire::{GameResult, SeatKind, SignedResult};

use super::*;
use crate::event::UnsignedCause;

/// 2026-12-06T00:00:00Z, the wall clock of both sides unless a test moves one.
const NOW_UNIX: u64 = 1_796_515_200;

fn clock() -> u64 {
    NOW_UNIX
}

fn clock_an_hour_late() -> u64 {
    NOW_UNIX + 3600
}

/// Two sessions with real identity keys; what crosses the link may be tampered with.
struct Signing {
    host: Session<QueueTransport>,
    guest: Session<QueueTransport>,
    host_key: Keypair,
    guest_key: Keypair,
    now: Instant,
    host_events: Vec<SessionEvent>,
    guest_events: Vec<SessionEvent>,
}

fn signer(key: &Keypair, wall_clock: fn() -> u64) -> Option<ResultSigner> {
    Some(ResultSigner { key: key.clone(), wall_clock })
}

impl Signing {
    /// A duel where the host signs with `host_signs`' key (or not at all) and the guest alike.
    fn new(host_signs: bool, guest_signs: bool, guest_clock: fn() -> u64) -> Signing {
        let (host_key, guest_key) = (Keypair::generate_ed25519(), Keypair::generate_ed25519());
        let now = Instant::now();
        let host_config = SessionConfig {
            name: "Hôte".into(),
            signer: if host_signs { signer(&host_key, clock) } else { None },
            ..SessionConfig::default()
        };
        let guest_config = SessionConfig {
            name: "Invité\u{7}".into(),
            signer: if guest_signs { signer(&guest_key, guest_clock) } else { None },
            ..SessionConfig::default()
        };
        let offer = Offer { game: "tripot".parse().unwrap(), opens: Opens::Host };
        let (host_id, guest_id) = (host_key.public().to_peer_id(), guest_key.public().to_peer_id());
        let host = Session::host(
            QueueTransport::new(),
            host_config,
            offer,
            GameId([1; 16]),
            host_id.to_bytes(),
            now,
        );
        let guest = Session::guest(QueueTransport::new(), guest_config, guest_id.to_bytes(), now);
        let mut pair =
            Signing { host, guest, host_key, guest_key, now, host_events: vec![], guest_events: vec![] };
        pair.host.transport_mut().deliver(LinkEvent::Up { peer: guest_id.to_bytes() });
        pair.guest.transport_mut().deliver(LinkEvent::Up { peer: host_id.to_bytes() });
        pair.settle();
        pair
    }

    fn settle(&mut self) {
        self.settle_tampering(|message| message);
    }

    /// Polls both sides and carries messages until nothing moves; what the guest sends goes
    /// through `tamper` first.
    fn settle_tampering(&mut self, mut tamper: impl FnMut(Message) -> Message) {
        for _ in 0..100 {
            self.host_events.extend(self.host.poll(self.now));
            self.guest_events.extend(self.guest.poll(self.now));
            let a = carry(self.host.transport_mut(), self.guest.transport_mut(), true);
            let from_guest: Vec<Message> =
                self.guest.transport_mut().take_outgoing().map(&mut tamper).collect();
            let b = from_guest.len();
            for message in from_guest {
                self.guest.transport_mut().send(message);
            }
            carry(self.guest.transport_mut(), self.host.transport_mut(), true);
            if a + b == 0 {
                return;
            }
        }
        panic!("the sessions never settled");
    }

    /// A few moves, then the guest resigns; the guest's messages from then on go through `tamper`.
    fn play_and_resign(&mut self, tamper: impl FnMut(Message) -> Message) {
        for _ in 0..4 {
            let state = self.host.game().unwrap().state();
            let (seat, m) = (state.to_move().unwrap(), state.legal_moves()[0].clone());
            let now = self.now;
            if seat == Seat(0) { self.host.play(&m, now) } else { self.guest.play(&m, now) }.unwrap();
            self.settle();
        }
        let now = self.now;
        self.guest.resign(now).unwrap();
        self.guest_events.extend(self.guest.take_events());
        self.settle_tampering(tamper);
    }

    fn signed(events: &[SessionEvent]) -> Vec<SignedResult> {
        events
            .iter()
            .filter_map(|e| match e {
                SessionEvent::ResultSigned(signed) => Some(signed.as_ref().clone()),
                _ => None,
            })
            .collect()
    }

    fn host_refused_a_signature(&self) -> bool {
        refused_a_signature(&self.host_events, Refuser::Local)
    }

    /// The guest's signature of `result`, as the wire carries it.
    fn guest_signature(&self, result: &GameResult) -> Vec<u8> {
        result.sign(&self.guest_key).unwrap().sig
    }
}

#[test]
fn both_sides_end_with_the_same_signed_result() {
    let mut pair = Signing::new(true, true, clock);
    pair.play_and_resign(|m| m);
    let (host, guest) = (Signing::signed(&pair.host_events), Signing::signed(&pair.guest_events));
    assert_eq!(host.len(), 1, "{:?}", pair.host_events);
    assert_eq!(guest.len(), 1, "{:?}", pair.guest_events);
    // The same result with the same two signatures (each side lists them host first).
    assert_eq!(host, guest);
    let signed = &host[0];
    assert_eq!(signed.check_shape(), Ok(()));
    assert_eq!(signed.check_signatures(), Ok(()));
    assert_eq!(signed.result.check_seat_kinds(), Ok(()));
    let result = &signed.result;
    assert_eq!(result.game_id, [1; 16]);
    assert_eq!(result.game, "tripot");
    assert_eq!(result.finished_unix, NOW_UNIX);
    // The host sits first and won: the guest resigned.
    assert_eq!(result.places, vec![1, 2]);
    assert_eq!(result.seats[0].peer_id, pair.host_key.public().to_peer_id());
    assert_eq!(result.seats[1].peer_id, pair.guest_key.public().to_peer_id());
    assert!(result.seats.iter().all(|s| s.kind == SeatKind::Human));
    // Names as the hello carried them, without control characters.
    assert_eq!((result.seats[0].name.as_str(), result.seats[1].name.as_str()), ("Hôte", "Invité"));
    // The record replays to the game both sides hold, and the hash is its final position's.
    let record = tripot_game::GameRecord::parse(&result.record).unwrap();
    let replay = record.replay(&tripot_engine::StarBoardGames).unwrap();
    assert_eq!(replay.moves.len(), 4);
    let final_position = pair.host.game().unwrap().state().position_string();
    assert_eq!(result.record_hash, tripot_ratings_wire::final_state_hash("tripot", &final_position));
    // Nothing more is waited for: the link may go.
    assert!(!pair.host.needs_link() && !pair.guest.needs_link());
    assert!(!pair.host_refused_a_signature());
}

#[test]
fn a_forged_signature_is_refused_and_nothing_is_signed() {
    let mut pair = Signing::new(true, true, clock);
    pair.play_and_resign(|message| match message {
        Message::ResultSigned(mut signature) => {
            signature.signature[0] ^= 1;
            Message::ResultSigned(signature)
        }
        other => other,
    });
    assert!(pair.host_refused_a_signature(), "{:?}", pair.host_events);
    assert!(Signing::signed(&pair.host_events).is_empty());
    // The guest is told why.
    assert!(refused_a_signature(&pair.guest_events, Refuser::Peer));
}

#[test]
fn a_signature_made_for_another_game_is_refused() {
    let mut pair = Signing::new(true, true, clock);
    // The guest signs the same result under another game id, and sends it as this game's.
    let guest_key = pair.guest_key.clone();
    let mut forged_for = None;
    pair.play_and_resign(|message| match message {
        Message::ResultSigned(mut signature) => {
            forged_for = Some(signature.game_id);
            let other =
                GameResult { game_id: [9; 16], ..placeholder_result(&guest_key, signature.finished_unix) };
            signature.signature = other.sign(&guest_key).unwrap().sig;
            Message::ResultSigned(signature)
        }
        other => other,
    });
    assert!(forged_for.is_some());
    assert!(pair.host_refused_a_signature());
    assert!(Signing::signed(&pair.host_events).is_empty());

    // A signature that names another game id is refused as well, whatever it signs.
    let mut pair = Signing::new(true, true, clock);
    pair.play_and_resign(|message| match message {
        Message::ResultSigned(mut signature) => {
            signature.game_id = GameId([9; 16]);
            Message::ResultSigned(signature)
        }
        other => other,
    });
    assert!(pair.host_refused_a_signature());
    assert!(Signing::signed(&pair.host_events).is_empty());
}

/// Whether `events` tell of a signature refused by `by`.
fn refused_a_signature(events: &[SessionEvent], by: Refuser) -> bool {
    events.iter().any(|e| {
        matches!(e, SessionEvent::Rejected { by: who, reason: RejectReason::BadSignature, .. } if *who == by)
    })
}

/// A result of some other game, only there to be signed.
fn placeholder_result(key: &Keypair, finished_unix: u64) -> GameResult {
    let other = Keypair::generate_ed25519();
    let seat = |k: &Keypair, name: &str| tripot_ratings_wire::SeatEntry {
        peer_id: k.public().to_peer_id(),
        name: name.into(),
        kind: SeatKind::Human,
    };
    GameResult {
        game_id: [0; 16],
        game: "tripot".into(),
        seats: vec![seat(&other, "Hôte"), seat(key, "Invité")],
        places: vec![1, 2],
        record_hash: [0; 32],
        finished_unix,
        record: String::new(),
    }
}

#[test]
fn a_signature_of_an_earlier_game_is_refused_in_the_rematch() {
    let mut pair = Signing::new(true, true, clock);
    pair.play_and_resign(|m| m);
    let first = Signing::signed(&pair.host_events).pop().unwrap();
    let reused = pair.guest_signature(&first.result);
    // A rematch, also ended by the guest's resignation.
    let now = pair.now;
    pair.host.offer_rematch(now).unwrap();
    pair.settle();
    pair.guest.answer_rematch(true, now).unwrap();
    pair.settle();
    assert_eq!(pair.host.game_number(), 2);
    let before = pair.host_events.len();
    pair.play_and_resign(|message| match message {
        Message::ResultSigned(mut signature) => {
            signature.signature.clone_from(&reused);
            Message::ResultSigned(signature)
        }
        other => other,
    });
    let later = &pair.host_events[before..];
    assert!(refused_a_signature(later, Refuser::Local));
    assert!(Signing::signed(later).is_empty());
}

#[test]
fn a_rematch_signs_its_own_game() {
    let mut pair = Signing::new(true, true, clock);
    pair.play_and_resign(|m| m);
    let now = pair.now;
    pair.host.offer_rematch(now).unwrap();
    pair.settle();
    pair.guest.answer_rematch(true, now).unwrap();
    pair.settle();
    pair.play_and_resign(|m| m);
    let results = Signing::signed(&pair.host_events);
    assert_eq!(results.len(), 2);
    assert_ne!(results[0].result.game_id, results[1].result.game_id);
    assert!(results.iter().all(|r| r.check_signatures().is_ok()));
    assert_eq!(results, Signing::signed(&pair.guest_events));
}

#[test]
fn a_guest_key_signs_nothing_and_the_game_is_not_rated() {
    let mut pair = Signing::new(true, false, clock);
    pair.play_and_resign(|message| {
        assert!(!matches!(message, Message::ResultSigned(_)), "a guest key signed");
        message
    });
    assert!(Signing::signed(&pair.host_events).is_empty());
    assert!(Signing::signed(&pair.guest_events).is_empty());
    assert!(pair.host_events.contains(&SessionEvent::ResultUnsigned(UnsignedCause::PeerDeclined)));
    assert!(!pair.host_refused_a_signature());
    assert!(!pair.host.needs_link());

    // The same when the guest key is the host's.
    let mut pair = Signing::new(false, true, clock);
    pair.play_and_resign(|m| m);
    assert!(Signing::signed(&pair.guest_events).is_empty());
    assert!(pair.guest_events.contains(&SessionEvent::ResultUnsigned(UnsignedCause::PeerDeclined)));
    assert!(!pair.guest.needs_link());
}

#[test]
fn a_finishing_time_far_from_the_guests_clock_is_refused() {
    let mut pair = Signing::new(true, true, clock_an_hour_late);
    pair.play_and_resign(|m| m);
    assert!(Signing::signed(&pair.guest_events).is_empty());
    assert!(refused_a_signature(&pair.guest_events, Refuser::Local));
}

#[test]
fn a_link_lost_before_the_signature_came_gives_it_up() {
    let mut pair = Signing::new(true, true, clock);
    pair.play_and_resign(|message| match message {
        Message::ResultSigned(_) => Message::KeepAlive { seq: 0 },
        other => other,
    });
    assert!(pair.host.needs_link());
    pair.host.transport_mut().deliver(LinkEvent::Down);
    pair.settle();
    assert!(pair.host_events.contains(&SessionEvent::ResultUnsigned(UnsignedCause::NoAnswer)));
    assert!(!pair.host.needs_link(), "a finished game is not reconnected for its signature");
}

#[test]
fn a_signature_that_never_comes_is_given_up() {
    let mut pair = Signing::new(true, true, clock);
    pair.play_and_resign(|message| match message {
        // The guest's signature is lost on the way.
        Message::ResultSigned(_) => Message::KeepAlive { seq: 0 },
        other => other,
    });
    assert!(pair.host.needs_link(), "the host waits for the guest's signature");
    for _ in 0..SIGNING_TIME.as_secs() / 5 {
        pair.now += Duration::from_secs(5);
        pair.settle();
    }
    assert!(pair.host_events.contains(&SessionEvent::ResultUnsigned(UnsignedCause::NoAnswer)));
    assert!(!pair.host.needs_link());
    assert!(Signing::signed(&pair.host_events).is_empty());
}
