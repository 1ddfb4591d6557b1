//! Two sessions over an in-memory link: every frame goes through the real codec.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::time::{Duration, Instant};

use tripot_game::{GameMove, Seat};
use tripot_protocol::{FrameDecoder, GameId, Message, MoveMsg, Opens, RejectReason, encode};

use super::*;
use crate::transport::QueueTransport;

struct Pair {
    host: Session<QueueTransport>,
    guest: Session<QueueTransport>,
    now: Instant,
    up: bool,
    host_events: Vec<SessionEvent>,
    guest_events: Vec<SessionEvent>,
}

fn config(name: &str) -> SessionConfig {
    SessionConfig { name: name.into(), ..SessionConfig::default() }
}

/// Moves one side's outgoing messages to the other, through encode and the frame decoder.
fn carry(from: &mut QueueTransport, to: &mut QueueTransport, up: bool) -> usize {
    let messages: Vec<Message> = from.take_outgoing().collect();
    let count = messages.len();
    if !up {
        return 0;
    }
    for message in messages {
        let frame = encode(&message).unwrap();
        let mut decoder = FrameDecoder::new();
        for result in decoder.feed_all(&frame).unwrap() {
            to.deliver(LinkEvent::Message(result.unwrap()));
        }
    }
    count
}

impl Pair {
    fn new(opens: Opens) -> Pair {
        Pair::of("tripot", opens)
    }

    /// A pair playing `game`.
    fn of(game: &str, opens: Opens) -> Pair {
        let now = Instant::now();
        let offer = Offer { game: game.parse().unwrap(), opens };
        let host =
            Session::host(QueueTransport::new(), config("Hôte"), offer, GameId([1; 16]), b"H".to_vec(), now);
        let guest = Session::guest(QueueTransport::new(), config("Invité"), b"G".to_vec(), now);
        let mut pair = Pair { host, guest, now, up: false, host_events: vec![], guest_events: vec![] };
        pair.connect();
        pair
    }

    fn connect(&mut self) {
        self.up = true;
        self.host.transport_mut().deliver(LinkEvent::Up { peer: b"G".to_vec() });
        self.guest.transport_mut().deliver(LinkEvent::Up { peer: b"H".to_vec() });
        self.settle();
    }

    fn cut(&mut self) {
        self.up = false;
        self.host.transport_mut().deliver(LinkEvent::Down);
        self.guest.transport_mut().deliver(LinkEvent::Down);
        self.settle();
    }

    /// Polls both sides and carries messages until nothing moves.
    fn settle(&mut self) {
        for _ in 0..100 {
            self.host_events.extend(self.host.poll(self.now));
            self.guest_events.extend(self.guest.poll(self.now));
            let a = carry(self.host.transport_mut(), self.guest.transport_mut(), self.up);
            let b = carry(self.guest.transport_mut(), self.host.transport_mut(), self.up);
            if a + b == 0 {
                return;
            }
        }
        panic!("the sessions never settled");
    }

    /// The side that plays `seat` (the host's is the first, but where the draw seats them).
    fn side(&mut self, seat: Seat) -> &mut Session<QueueTransport> {
        if self.host.game().is_some_and(|g| g.local_seat() == seat) {
            &mut self.host
        } else {
            &mut self.guest
        }
    }

    /// Plays the first legal move of whoever is to move.
    fn play_first(&mut self) -> GameMove {
        let state = self.host.game().unwrap().state();
        let (seat, m) = (state.to_move().unwrap(), state.legal_moves()[0].clone());
        let now = self.now;
        self.side(seat).play(&m, now).unwrap();
        self.settle();
        m
    }

    /// Whether the game is over on the host's side.
    fn over(&self) -> bool {
        self.host.game().unwrap().ending().is_some()
    }
}

#[test]
fn a_handshake_starts_the_same_game_on_both_sides() {
    for opens in [Opens::Host, Opens::Guest, Opens::Random] {
        let pair = Pair::new(opens);
        let (host, guest) = (pair.host.game().unwrap(), pair.guest.game().unwrap());
        assert_eq!(host.game_id, guest.game_id);
        assert_eq!(host.opener(), guest.opener());
        assert_eq!(host.state().position_string(), guest.state().position_string());
        assert_eq!(host.peer_name, "Invité");
        assert_eq!(guest.peer_name, "Hôte");
        match opens {
            Opens::Host => assert_eq!(host.opener(), Seat(0)),
            Opens::Guest => assert_eq!(host.opener(), Seat(1)),
            Opens::Random => {}
        }
        assert!(
            pair.host_events.iter().any(|e| matches!(e, SessionEvent::Connected { local_seat: Seat(0), .. }))
        );
        assert!(
            pair.guest_events
                .iter()
                .any(|e| matches!(e, SessionEvent::Connected { local_seat: Seat(1), .. }))
        );
    }
}

#[test]
fn the_random_draw_gives_both_openers() {
    let openers: Vec<Seat> =
        (0..40).map(|_| Pair::new(Opens::Random).host.game().unwrap().opener()).collect();
    assert!(openers.contains(&Seat(0)) && openers.contains(&Seat(1)));
}

#[test]
fn moves_are_verified_applied_and_acknowledged() {
    let mut pair = Pair::new(Opens::Host);
    for _ in 0..20 {
        pair.play_first();
    }
    let (host, guest) = (pair.host.game().unwrap(), pair.guest.game().unwrap());
    assert_eq!(host.moves().len(), 20);
    assert_eq!(host.moves(), guest.moves());
    assert_eq!(host.hashes(), guest.hashes());
    let acks = pair.host_events.iter().filter(|e| matches!(e, SessionEvent::MoveAcknowledged { .. })).count();
    assert_eq!(acks, 10);
}

#[test]
fn a_whole_game_ends_the_same_on_both_sides() {
    let mut pair = Pair::new(Opens::Guest);
    // Each side heads for its goal greedily: the game must end by the rules.
    for _ in 0..2000 {
        if pair.over() {
            break;
        }
        let state = pair.host.game().unwrap().state();
        let duel = state.as_any().downcast_ref::<tripot_engine::DuelState>().unwrap();
        let position = *duel.position();
        let mover = position.turn();
        let best = position
            .legal_moves()
            .iter()
            .copied()
            .min_by_key(|&mv| {
                let mut after = position;
                after.play_unchecked(mv);
                (after.total_distance(mover), after.hash())
            })
            .unwrap();
        let (seat, best) = (state.to_move().unwrap(), duel.game_move(best));
        let now = pair.now;
        pair.side(seat).play(&best, now).unwrap();
        pair.settle();
    }
    let (host, guest) = (pair.host.game().unwrap(), pair.guest.game().unwrap());
    assert!(host.ending().is_some(), "no end after {} moves", host.moves().len());
    assert_eq!(host.ending(), guest.ending());
    assert_eq!(host.moves(), guest.moves());
}

/// The same session plays the star games of two seats: every move verified by the game's own
/// verifier on the other side, to the end the rules give.
#[test]
fn a_star_game_of_two_seats_ends_the_same_on_both_sides() {
    for game in ["kawu-2", "captures-2", "halma-2"] {
        let mut pair = Pair::of(game, Opens::Random);
        for _ in 0..3000 {
            if pair.over() {
                break;
            }
            pair.play_first();
        }
        let (host, guest) = (pair.host.game().unwrap(), pair.guest.game().unwrap());
        assert_eq!(host.spec().as_str(), game);
        assert!(host.ending().is_some(), "{game}: no end after {} moves", host.moves().len());
        assert_eq!(host.ending(), guest.ending(), "{game}");
        assert_eq!(host.hashes(), guest.hashes(), "{game}");
        let received =
            pair.guest_events.iter().filter(|e| matches!(e, SessionEvent::MoveReceived { .. })).count();
        assert!(received > 0, "{game}");
    }
}

/// Sends a raw message from the "guest" link to the host, as a hostile peer would.
fn inject(pair: &mut Pair, message: Message) -> Vec<SessionEvent> {
    pair.host.transport_mut().deliver(LinkEvent::Message(message));
    let events = pair.host.poll(pair.now);
    let _ = pair.host.transport_mut().take_outgoing().count();
    events
}

fn refused(events: &[SessionEvent], reason: RejectReason) -> bool {
    events
        .iter()
        .any(|e| matches!(e, SessionEvent::Rejected { by: Refuser::Local, reason: r, .. } if *r == reason))
}

#[test]
fn bad_moves_are_refused_and_change_nothing() {
    let mut pair = Pair::new(Opens::Host);
    pair.play_first(); // host's move; guest to move
    let before = pair.host.game().unwrap().clone();
    let good = before.state().legal_moves()[0].clone();
    let text = before.state().move_text(&good);
    let mut after = before.state().clone_box();
    after.play(&good).unwrap();

    let repeated = MoveMsg { ply: 1, seat: Seat(1), path: text.clone(), hash: after.hash() };
    assert!(refused(&inject(&mut pair, Message::Move(repeated)), RejectReason::WrongPly));
    let wrong_hash = MoveMsg { ply: 2, seat: Seat(1), path: text.clone(), hash: after.hash() ^ 1 };
    assert!(refused(&inject(&mut pair, Message::Move(wrong_hash)), RejectReason::HashMismatch));
    // The guest's move said to be the host's seat's: not the sender's to play.
    let wrong_seat = MoveMsg { ply: 2, seat: Seat(0), path: text.clone(), hash: after.hash() };
    assert!(refused(&inject(&mut pair, Message::Move(wrong_seat)), RejectReason::OutOfTurn));
    assert!(refused(&inject(&mut pair, Message::Query), RejectReason::Unexpected));
    let hello = pair.guest.hello(GameId([0; 16]), None);
    assert!(refused(&inject(&mut pair, Message::Hello(hello)), RejectReason::Unexpected));
    assert_eq!(pair.host.game().unwrap(), &before);

    // Now a legal guest move, then the guest moves again out of turn.
    let now = pair.now;
    pair.guest.play(&good, now).unwrap();
    pair.settle();
    let guest_pawn_move = pair.guest.game().unwrap().start().legal_moves()[1].clone();
    let path = pair.host.game().unwrap().state().move_text(&guest_pawn_move);
    let out_of_turn = MoveMsg { ply: 3, seat: Seat(1), path, hash: 0 };
    let before = pair.host.game().unwrap().clone();
    assert!(refused(&inject(&mut pair, Message::Move(out_of_turn)), RejectReason::OutOfTurn));
    assert_eq!(pair.host.game().unwrap(), &before);
}

#[test]
fn an_illegal_move_forfeits() {
    let mut pair = Pair::new(Opens::Guest);
    let events =
        inject(&mut pair, Message::Move(MoveMsg { ply: 1, seat: Seat(1), path: "e17-i9".into(), hash: 0 }));
    assert!(refused(&events, RejectReason::IllegalMove));
    let game = pair.host.game().unwrap();
    assert!(game.moves().is_empty());
    assert_eq!(
        game.ending().map(|e| (e.winner(), e.tag())),
        Some((Some(Seat(0)), "forfeit")),
        "the honest side wins by forfeit"
    );
}

#[test]
fn garbage_text_is_an_illegal_move() {
    let mut pair = Pair::new(Opens::Guest);
    let events =
        inject(&mut pair, Message::Move(MoveMsg { ply: 1, seat: Seat(1), path: "zz99--".into(), hash: 0 }));
    assert!(refused(&events, RejectReason::IllegalMove));
}

#[test]
fn a_flood_is_cut_off() {
    let mut pair = Pair::new(Opens::Host);
    for seq in 0..1000 {
        pair.host.transport_mut().deliver(LinkEvent::Message(Message::KeepAlive { seq }));
    }
    let events = pair.host.poll(pair.now);
    assert!(refused(&events, RejectReason::Flood));
    assert!(!pair.host.is_connected());
    assert!(pair.host.transport_mut().take_close_request());
}

#[test]
fn a_fast_game_handled_in_one_instant_is_no_flood() {
    // Both sides answer at once and every message is handled at the same instant, as when a
    // process catches up on a backlog: hundreds of moves and acknowledgements, no flood.
    let mut pair = Pair::new(Opens::Host);
    for _ in 0..300 {
        if pair.over() {
            break;
        }
        pair.play_first();
    }
    let floods = |events: &[SessionEvent]| refused(events, RejectReason::Flood);
    assert!(pair.host.game().unwrap().moves().len() > 200);
    assert!(!floods(&pair.host_events) && !floods(&pair.guest_events));
    assert!(pair.host.is_connected() && pair.guest.is_connected());
}

#[test]
fn a_resume_replays_the_missing_moves() {
    let mut pair = Pair::new(Opens::Host);
    pair.play_first();
    pair.play_first();
    pair.cut();
    // The host plays while the guest is away: the move is kept and replayed on resume.
    let m = pair.host.game().unwrap().state().legal_moves()[0].clone();
    pair.now += Duration::from_secs(3);
    let now = pair.now;
    pair.host.play(&m, now).unwrap();
    pair.settle();
    assert!(pair.guest_events.iter().any(|e| matches!(e, SessionEvent::Reconnecting { .. })));
    pair.connect();
    let (host, guest) = (pair.host.game().unwrap(), pair.guest.game().unwrap());
    assert_eq!(guest.moves().len(), 3);
    assert_eq!(host.hashes(), guest.hashes());
    assert!(
        pair.host_events.iter().any(|e| matches!(e, SessionEvent::Resumed { common_ply: 2, replayed: 1 }))
    );
    pair.play_first();
    assert_eq!(pair.host.game().unwrap().moves(), pair.guest.game().unwrap().moves());
}

#[test]
fn a_restored_session_resumes_from_its_save() {
    let mut pair = Pair::new(Opens::Host);
    for _ in 0..5 {
        pair.play_first();
    }
    // The guest "crashes" after saving at ply 4 (its last move was not saved... here, all were).
    let played = pair.guest.game().unwrap();
    let mut saved = OnlineGame::new(
        played.game_id,
        played.role,
        played.start(),
        played.local_name.clone(),
        played.peer_name.clone(),
        played.peer_id.clone(),
    );
    for m in &played.moves()[..4] {
        let seat = saved.state().to_move().unwrap();
        saved.play(seat, m).unwrap();
    }
    pair.cut();
    pair.guest = Session::resume(QueueTransport::new(), config("Invité"), saved, b"G".to_vec(), pair.now);
    pair.connect();
    assert_eq!(pair.guest.game().unwrap().moves().len(), 5);
    assert_eq!(pair.host.game().unwrap().hashes(), pair.guest.game().unwrap().hashes());
}

#[test]
fn the_grace_period_allows_a_claim() {
    let mut pair = Pair::new(Opens::Host);
    pair.play_first();
    pair.cut();
    let now = pair.now;
    assert_eq!(pair.host.claim(now), Err(LocalError::CannotClaim));
    pair.now += Duration::from_secs(121);
    pair.settle();
    assert!(pair.host_events.iter().any(|e| matches!(e, SessionEvent::GraceExpired { .. })));
    let now = pair.now;
    pair.host.claim(now).unwrap();
    assert_eq!(pair.host.game().unwrap().ending().map(crate::Ending::tag), Some("abandoned"));
    // The guest comes back: it learns the game was claimed.
    pair.connect();
    let ending = pair.guest.game().unwrap().ending().cloned().unwrap();
    assert_eq!((ending.winner(), ending.tag()), (Some(Seat(0)), "abandoned"));
    assert!(pair.guest_events.iter().any(|e| matches!(
        e,
        SessionEvent::Rejected { by: Refuser::Peer, reason: RejectReason::Claimed, .. }
    )));
}

#[test]
fn a_claim_told_the_old_way_is_still_understood() {
    let mut pair = Pair::new(Opens::Host);
    pair.play_first();
    let legacy =
        tripot_protocol::Reject { reason: RejectReason::GameOver, ply: None, detail: "claimed".into() };
    pair.guest.transport_mut().deliver(LinkEvent::Message(Message::Reject(legacy)));
    let _ = pair.guest.poll(pair.now);
    let ending = pair.guest.game().unwrap().ending().cloned().unwrap();
    assert_eq!((ending.winner(), ending.tag()), (Some(Seat(0)), "abandoned"));
}

/// A side leaving on purpose says so: the other learns it before the link drops, and the game
/// stays open to a return, as after a cut; a cut link alone says nothing of the kind.
#[test]
fn leaving_on_purpose_is_told_apart_from_a_cut_link() {
    let mut pair = Pair::new(Opens::Host);
    pair.play_first();
    pair.cut();
    assert!(!pair.host_events.iter().any(|e| matches!(e, SessionEvent::PeerLeft)));
    assert!(!pair.host.peer_left());
    pair.connect();
    let now = pair.now;
    pair.guest.leave(now);
    pair.settle();
    pair.cut();
    let left = pair.host_events.iter().position(|e| matches!(e, SessionEvent::PeerLeft)).unwrap();
    let dropped = pair.host_events.iter().rposition(|e| matches!(e, SessionEvent::PeerDisconnected)).unwrap();
    assert!(left < dropped, "told before the drop: {:?}", pair.host_events);
    assert!(pair.host.peer_left());
    assert!(pair.host.game().unwrap().ending().is_none(), "the game waits for a return");
    // Back again: a plain game again, and leaving once the game is over says nothing.
    pair.connect();
    assert!(!pair.host.peer_left());
    assert!(pair.host.is_connected() && pair.host.game().unwrap().ending().is_none());
    let now = pair.now;
    pair.guest.resign(now).unwrap();
    pair.settle();
    let before = pair.host_events.len();
    let now = pair.now;
    pair.guest.leave(now);
    pair.settle();
    assert!(!pair.host_events[before..].iter().any(|e| matches!(e, SessionEvent::PeerLeft)));
}

#[test]
fn silence_drops_the_link_and_keep_alives_prevent_it() {
    let mut pair = Pair::new(Opens::Host);
    for _ in 0..10 {
        pair.now += Duration::from_secs(6);
        pair.settle();
    }
    assert!(pair.host.is_connected() && pair.guest.is_connected());
    // Now the guest goes silent (its messages are lost).
    pair.up = false;
    pair.now += Duration::from_secs(25);
    pair.settle();
    assert!(!pair.host.is_connected());
    assert!(pair.host_events.iter().any(|e| matches!(e, SessionEvent::PeerDisconnected)));
}

#[test]
fn a_resignation_ends_the_game_for_both() {
    let mut pair = Pair::new(Opens::Host);
    pair.play_first();
    let now = pair.now;
    pair.guest.resign(now).unwrap();
    pair.settle();
    let ending = pair.host.game().unwrap().ending().cloned().unwrap();
    assert_eq!((ending.winner(), ending.tag()), (Some(Seat(0)), "resign"));
    assert_eq!(pair.guest.game().unwrap().ending(), Some(&ending));
}

#[test]
fn a_move_that_crosses_the_resignation_is_refused_as_over() {
    let mut pair = Pair::new(Opens::Host);
    let now = pair.now;
    pair.settle();
    // The host's move, chosen while the guest was resigning: any text, legal or not.
    let text = {
        let state = pair.host.game().unwrap().state();
        state.move_text(&state.legal_moves()[0])
    };
    pair.guest.resign(now).unwrap();
    pair.settle();
    assert_eq!(pair.host.play_text(&text, now), Err(LocalError::Over));
    assert_eq!(pair.host.play_text("not a move", now), Err(LocalError::Over));
}

#[test]
fn a_wrong_version_is_refused() {
    let mut pair = Pair::new(Opens::Host);
    let mut hello = pair.guest.hello(GameId([0; 16]), None);
    hello.protocol = 99;
    let fresh = Offer { game: "tripot".parse().unwrap(), opens: Opens::Host };
    pair.host =
        Session::host(QueueTransport::new(), config("H"), fresh, GameId([2; 16]), b"H".to_vec(), pair.now);
    pair.host.transport_mut().deliver(LinkEvent::Up { peer: b"G".to_vec() });
    let events = inject(&mut pair, Message::Hello(hello));
    assert!(refused(&events, RejectReason::Version));
    assert!(pair.host.game().is_none());
}

// ---- Rematches ----

/// Ends the current game quickly: one move, then the guest resigns.
fn finish_by_resignation(pair: &mut Pair) {
    pair.play_first();
    let now = pair.now;
    pair.guest.resign(now).unwrap();
    pair.settle();
    assert!(pair.host.game().unwrap().ending().is_some() && pair.guest.game().unwrap().ending().is_some());
}

/// The guest offers a rematch of the finished game and the host accepts it: the game finished.
fn rematch_accepted(pair: &mut Pair) -> OnlineGame {
    let old = pair.host.game().unwrap().clone();
    let now = pair.now;
    pair.guest.offer_rematch(now).unwrap();
    pair.settle();
    pair.host.answer_rematch(true, now).unwrap();
    pair.settle();
    old
}

fn count(events: &[SessionEvent], pred: impl Fn(&SessionEvent) -> bool) -> usize {
    events.iter().filter(|e| pred(e)).count()
}

fn started(events: &[SessionEvent]) -> usize {
    count(events, |e| matches!(e, SessionEvent::RematchStarted { .. }))
}

/// Both sides hold the same fresh game, at its start.
fn same_new_game(pair: &Pair, old: &OnlineGame) {
    let (host, guest) = (pair.host.game().unwrap(), pair.guest.game().unwrap());
    assert_eq!(host.game_id, guest.game_id);
    assert_ne!(host.game_id, old.game_id);
    assert_eq!(host.spec(), old.spec());
    assert_eq!(host.opener(), guest.opener());
    assert_eq!(host.state().position_string(), guest.state().position_string());
    assert_eq!((host.ending(), guest.ending()), (None, None));
    assert!(host.moves().is_empty() && guest.moves().is_empty());
    assert_eq!((host.local_seat(), guest.local_seat()), (Seat(0), Seat(1)));
    assert_eq!(pair.host.game_number(), pair.guest.game_number());
}

#[test]
fn an_accepted_rematch_starts_a_new_game_with_the_other_opener() {
    for (opens, first_opener) in [(Opens::Host, Seat(0)), (Opens::Guest, Seat(1))] {
        let mut pair = Pair::new(opens);
        let mut opener = first_opener;
        for number in 2..=4 {
            finish_by_resignation(&mut pair);
            let old = pair.host.game().unwrap().clone();
            assert_eq!(old.opener(), opener);
            let now = pair.now;
            pair.host.offer_rematch(now).unwrap();
            pair.settle();
            assert_eq!(count(&pair.guest_events, |e| matches!(e, SessionEvent::RematchOffered)), number - 1);
            assert!(pair.guest.rematch_offered_by_peer());
            pair.guest.answer_rematch(true, now).unwrap();
            pair.settle();
            same_new_game(&pair, &old);
            opener = Seat(1 - opener.0);
            assert_eq!(pair.host.game().unwrap().opener(), opener, "the opener alternates");
            assert_eq!(pair.host.game_number(), u32::try_from(number).unwrap());
            assert_eq!((started(&pair.host_events), started(&pair.guest_events)), (number - 1, number - 1));
            let last = pair.guest_events.iter().rev().find(|e| matches!(e, SessionEvent::Connected { .. }));
            assert!(
                matches!(last, Some(SessionEvent::Connected { local_seat: Seat(1), opener: o, .. }) if *o == opener)
            );
        }
        // The new game is played like the first: verified, acknowledged, the same on both sides.
        for _ in 0..6 {
            pair.play_first();
        }
        assert_eq!(pair.host.game().unwrap().hashes(), pair.guest.game().unwrap().hashes());
    }
}

#[test]
fn a_random_first_game_draws_the_opener_of_each_rematch_again() {
    let mut pair = Pair::new(Opens::Random);
    let mut openers = Vec::new();
    for _ in 0..24 {
        // Time passes between games (the flood limit counts messages per second).
        pair.now += Duration::from_secs(2);
        finish_by_resignation(&mut pair);
        let old = rematch_accepted(&mut pair);
        same_new_game(&pair, &old);
        openers.push(pair.host.game().unwrap().opener());
    }
    assert!(openers.contains(&Seat(0)) && openers.contains(&Seat(1)), "{openers:?}");
    // Not a plain alternation: a draw repeats the opener now and then.
    assert!(openers.windows(2).any(|w| w[0] == w[1]), "{openers:?}");
}

#[test]
fn a_declined_rematch_changes_nothing_and_may_be_offered_again() {
    let mut pair = Pair::new(Opens::Host);
    finish_by_resignation(&mut pair);
    let before = (pair.host.game().unwrap().clone(), pair.guest.game().unwrap().clone());
    let now = pair.now;
    pair.guest.offer_rematch(now).unwrap();
    pair.settle();
    pair.host.answer_rematch(false, now).unwrap();
    pair.settle();
    assert!(pair.host_events.contains(&SessionEvent::RematchDeclined { by: Refuser::Local }));
    assert!(pair.guest_events.contains(&SessionEvent::RematchDeclined { by: Refuser::Peer }));
    assert_eq!((pair.host.game().unwrap(), pair.guest.game().unwrap()), (&before.0, &before.1));
    assert_eq!(pair.host.game_number(), 1);
    assert_eq!(pair.host.answer_rematch(true, now), Err(LocalError::NoRematchOffer));
    // A second offer, accepted this time.
    pair.guest.offer_rematch(now).unwrap();
    pair.settle();
    pair.host.answer_rematch(true, now).unwrap();
    pair.settle();
    same_new_game(&pair, &before.0);
}

#[test]
fn local_rematch_actions_out_of_place_are_refused() {
    let mut pair = Pair::new(Opens::Host);
    let now = pair.now;
    assert_eq!(pair.host.offer_rematch(now), Err(LocalError::GameInProgress));
    assert_eq!(pair.guest.answer_rematch(true, now), Err(LocalError::NoRematchOffer));
    finish_by_resignation(&mut pair);
    pair.host.offer_rematch(now).unwrap();
    assert_eq!(pair.host.offer_rematch(now), Err(LocalError::RematchPending), "duplicate offer");
    assert_eq!(pair.host.answer_rematch(true, now), Err(LocalError::NoRematchOffer), "own offer");
    pair.settle();
    // Offering while the peer's offer waits accepts it.
    pair.guest.offer_rematch(now).unwrap();
    pair.settle();
    assert_eq!((started(&pair.host_events), started(&pair.guest_events)), (1, 1));
    assert_eq!(pair.guest.offer_rematch(now), Err(LocalError::GameInProgress));
    // Away from the peer: nothing to offer to.
    finish_by_resignation(&mut pair);
    pair.cut();
    assert_eq!(pair.host.offer_rematch(now), Err(LocalError::NotConnected));
}

#[test]
fn rematch_messages_out_of_place_are_refused() {
    let mut pair = Pair::new(Opens::Host);
    pair.play_first();
    let before = pair.host.game().unwrap().clone();
    let fresh = GameId([9; 16]);
    // During a game.
    assert!(refused(&inject(&mut pair, Message::RematchOffer { game_id: fresh }), RejectReason::Unexpected));
    // An answer with no offer, during the game and after it.
    assert!(refused(&inject(&mut pair, Message::RematchAnswer { accept: true }), RejectReason::Unexpected));
    assert_eq!(pair.host.game().unwrap(), &before);
    let now = pair.now;
    pair.guest.resign(now).unwrap();
    pair.settle();
    assert!(refused(&inject(&mut pair, Message::RematchAnswer { accept: true }), RejectReason::Unexpected));
    // An offer that reuses the finished game's id.
    let old_id = before.game_id;
    assert!(refused(
        &inject(&mut pair, Message::RematchOffer { game_id: old_id }),
        RejectReason::UnknownGame
    ));
    // A valid offer, then the same again: the duplicate is refused, the first still stands.
    let events = inject(&mut pair, Message::RematchOffer { game_id: fresh });
    assert_eq!(events, vec![SessionEvent::RematchOffered]);
    assert!(refused(&inject(&mut pair, Message::RematchOffer { game_id: fresh }), RejectReason::Unexpected));
    assert!(pair.host.rematch_offered_by_peer());
    // A hello the host did not agree to is out of place.
    let hello = pair.guest.hello(fresh, None);
    assert!(refused(&inject(&mut pair, Message::Hello(hello)), RejectReason::Unexpected));
    assert_eq!(pair.host.game().unwrap().game_id, old_id);
    assert_eq!(pair.host.game_number(), 1);
}

#[test]
fn crossing_offers_start_exactly_one_game_with_the_hosts_id() {
    for opens in [Opens::Host, Opens::Random] {
        let mut pair = Pair::new(opens);
        finish_by_resignation(&mut pair);
        let old = pair.host.game().unwrap().clone();
        let now = pair.now;
        // Both offer before either sees the other's offer.
        pair.host.offer_rematch(now).unwrap();
        pair.guest.offer_rematch(now).unwrap();
        let host_offer: Vec<Message> = pair.host.transport_mut().take_outgoing().collect();
        let guest_offer: Vec<Message> = pair.guest.transport_mut().take_outgoing().collect();
        let [Message::RematchOffer { game_id: host_id }] = host_offer[..] else { panic!("{host_offer:?}") };
        assert!(matches!(guest_offer[..], [Message::RematchOffer { .. }]));
        for m in host_offer {
            pair.guest.transport_mut().deliver(LinkEvent::Message(m));
        }
        for m in guest_offer {
            pair.host.transport_mut().deliver(LinkEvent::Message(m));
        }
        pair.settle();
        same_new_game(&pair, &old);
        assert_eq!(pair.host.game().unwrap().game_id, host_id);
        assert_eq!((started(&pair.host_events), started(&pair.guest_events)), (1, 1));
        assert_eq!(pair.host.game_number(), 2);
        let refusals = count(&pair.host_events, |e| matches!(e, SessionEvent::Rejected { .. }))
            + count(&pair.guest_events, |e| matches!(e, SessionEvent::Rejected { .. }));
        assert_eq!(refusals, 0);
        pair.play_first();
        assert_eq!(pair.host.game().unwrap().hashes(), pair.guest.game().unwrap().hashes());
    }
}

#[test]
fn a_dropped_link_cancels_a_pending_rematch() {
    let mut pair = Pair::new(Opens::Host);
    finish_by_resignation(&mut pair);
    let now = pair.now;
    pair.host.offer_rematch(now).unwrap();
    pair.settle();
    pair.cut();
    assert!(pair.host_events.contains(&SessionEvent::RematchDeclined { by: Refuser::Peer }));
    assert!(pair.guest_events.contains(&SessionEvent::RematchDeclined { by: Refuser::Peer }));
    assert_eq!(pair.guest.answer_rematch(true, now), Err(LocalError::NoRematchOffer));
    // Back together: the finished game resumes as it was, and a new offer works.
    pair.connect();
    let old = rematch_accepted(&mut pair);
    same_new_game(&pair, &old);
}

#[test]
fn a_rematch_hello_that_breaks_the_agreement_is_refused() {
    let mut pair = Pair::new(Opens::Host);
    finish_by_resignation(&mut pair);
    let old = pair.guest.game().unwrap().clone();
    let now = pair.now;
    pair.guest.offer_rematch(now).unwrap();
    let offer: Vec<Message> = pair.guest.transport_mut().take_outgoing().collect();
    let [Message::RematchOffer { game_id }] = offer[..] else { panic!("{offer:?}") };
    // A hostile host "accepts" and then announces that it opens again (the guest should).
    pair.guest.transport_mut().deliver(LinkEvent::Message(Message::RematchAnswer { accept: true }));
    let _ = pair.guest.poll(now);
    let _ = pair.guest.transport_mut().take_outgoing().count();
    let mut hello = pair.host.hello(game_id, None);
    hello.opens = Opens::Host;
    pair.guest.transport_mut().deliver(LinkEvent::Message(Message::Hello(hello)));
    let events = pair.guest.poll(now);
    assert!(refused(&events, RejectReason::Unexpected), "{events:?}");
    assert!(events.contains(&SessionEvent::RematchDeclined { by: Refuser::Local }));
    assert_eq!(pair.guest.game().unwrap(), &old);
    assert_eq!(pair.guest.game_number(), 1);
}

#[test]
fn an_offer_the_peer_refuses_is_void() {
    let mut pair = Pair::new(Opens::Host);
    pair.play_first();
    let now = pair.now;
    // The guest resigns but its resignation never reaches the host: the host's game goes on.
    pair.up = false;
    pair.guest.resign(now).unwrap();
    pair.settle();
    pair.up = true;
    pair.guest.offer_rematch(now).unwrap();
    pair.settle();
    assert!(refused(&pair.host_events, RejectReason::Unexpected));
    assert!(pair.guest_events.contains(&SessionEvent::RematchDeclined { by: Refuser::Peer }));
    assert!(pair.host.game().unwrap().ending().is_none());
    // The guest may offer again later; nothing is stuck.
    pair.guest.offer_rematch(now).unwrap();
}

#[test]
fn rematch_records_go_to_their_own_files() {
    let first = std::path::Path::new("/tmp/games/online-17.tripot");
    assert_eq!(rematch_save_path(first, 1), first);
    assert_eq!(rematch_save_path(first, 2), std::path::Path::new("/tmp/games/online-17-2.tripot"));
    assert_eq!(rematch_save_path(std::path::Path::new("game"), 3), std::path::Path::new("game-3"));
}

mod handshake;
mod result_signing;
mod seats_drawn;
