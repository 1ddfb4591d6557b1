#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::time::{Duration, Instant};

use tripot_game::{EndReason, GameSpec, GameState, Outcome, Place, SeatStatus};
use tripot_net::table::{Applied, REMATCH_WINDOW, TableError};
use tripot_protocol::table::{
    Act, Channel, ChatLine, ClockRule, HostWhy, PeerKey, SeatHolder, Signer, TableState,
};

use super::*;
use crate::i18n::Lang;
use crate::online_board::OnlineBoard as _;
use crate::recording_table::RecordingTable;
use crate::table::PersonAction;

fn me() -> PeerKey {
    PeerKey(vec![1; 8])
}

fn bea() -> PeerKey {
    PeerKey(vec![2; 8])
}

fn spec(game: &str, seats: u8) -> TableSpec {
    TableSpec { game: game.parse().unwrap(), seats }
}

fn open(game: &str) -> Box<dyn GameState> {
    tripot_engine::open(&game.parse::<GameSpec>().unwrap()).unwrap()
}

fn human(peer: PeerKey, name: &str) -> SeatHolder {
    SeatHolder::Human { peer, name: name.into(), addrs: Vec::new() }
}

/// Kawu-3: us at the first seat, Béa at the second, a computer at the third; we host.
fn kawu3(clock: ClockRule) -> TableState {
    TableState {
        table: TableId([7; 16]),
        spec: spec("kawu-3", 3),
        seats: vec![human(me(), "Ana"), human(bea(), "Béa"), SeatHolder::Computer { level: 3 }],
        hosts: vec![me(), bea()],
        epoch: 0,
        clock,
        spectators: true,
        game: 1,
        started: true,
        held: 0,
        watching: 0,
    }
}

/// A table of `state` started at `now`, the board at the game's start with us at `mine`.
fn started(state: TableState, mine: Option<Seat>, now: Instant) -> (OnlineSeats, RecordingTable) {
    let wire = RecordingTable::new(me());
    let opening = Opening::Host { spec: state.spec.clone(), table: state.table, room: false };
    let mut seats = OnlineSeats::new(Box::new(wire.clone()), opening);
    let game = tripot_engine::open(&state.spec.game).unwrap();
    wire.table(NetTableEvent::Table(state));
    wire.table(NetTableEvent::Started { game: 1 });
    wire.feed(TableNetEvent::Position { snapshot: GameSnapshot(game), my_seat: mine });
    seats.poll(now).unwrap();
    (seats, wire)
}

/// The entry of `seat` playing `text` on `state`, and the game after it.
fn entry(state: &dyn GameState, seat: Seat, text: &str, signer: Signer) -> NetTableEvent {
    let game_move = state.parse_move(text).unwrap();
    let mut after = state.clone_box();
    after.play_as(seat, &game_move).unwrap();
    let applied = Applied { index: 0, seat, act: Act::Move(text.into()), signer, game_move: Some(game_move) };
    NetTableEvent::Applied { applied, snapshot: GameSnapshot(after) }
}

fn first_move(state: &dyn GameState) -> String {
    state.move_text(&state.legal_moves()[0])
}

#[test]
fn our_move_goes_out_and_the_board_moves_only_when_the_table_hands_it_back() {
    let now = Instant::now();
    let opener = open("kawu-3").to_move().unwrap();
    let (mut seats, wire) = started(kawu3(ClockRule::None), Some(opener), now);
    let board = seats.table().unwrap().state().clone_box();
    let text = first_move(board.as_ref());
    assert!(matches!(seats.typed_move(&text), Ok(PersonAction::Sent(_))));
    assert_eq!(wire.sent(), vec![format!("play {text}")]);
    assert_eq!(seats.table().unwrap().state().ply(), 0, "nothing is played before the table says so");
    assert!(seats.typed_move(&text).is_err(), "one move at a time");

    wire.table(entry(board.as_ref(), opener, &text, Signer::Seat));
    let updates = seats.poll(now).unwrap();
    assert!(matches!(&updates[0], SeatsUpdate::Moved(m) if m.seat == opener));
    assert_eq!(seats.table().unwrap().state().ply(), 1);
    assert_eq!(seats.table().unwrap().state().to_move(), Some(Seat((opener.0 + 1) % 3)));
}

#[test]
fn a_refused_move_is_dropped_and_the_person_picks_again() {
    let now = Instant::now();
    let opener = open("kawu-3").to_move().unwrap();
    let (mut seats, wire) = started(kawu3(ClockRule::None), Some(opener), now);
    let text = first_move(seats.table().unwrap().state());
    seats.typed_move(&text).unwrap();
    wire.feed(TableNetEvent::LocalError(TableError::NoSeat));
    let updates = seats.poll(now).unwrap();
    assert_eq!(updates, vec![SeatsUpdate::Say(SeatsNotice::MoveRefused(TableError::NoSeat))]);
    assert!(matches!(seats.typed_move(&text), Ok(PersonAction::Sent(_))));
}

#[test]
fn the_view_names_every_seat_its_host_and_runs_the_clock_of_the_seat_to_move() {
    let now = Instant::now();
    let opener = open("kawu-3").to_move().unwrap();
    let state = kawu3(ClockRule::PerMove { secs: 30 });
    let (seats, _wire) = started(state, Some(Seat(0)), now);
    let view = seats.view(now + Duration::from_secs(10));
    assert_eq!(view.seats[0].holder, SeatHolderView::You { name: "Ana".into() });
    assert_eq!(view.seats[1].holder, SeatHolderView::Person { name: "Béa".into() });
    assert_eq!(view.seats[2].holder, SeatHolderView::Computer { level: 3 });
    assert!(view.seats[0].host && !view.seats[1].host && view.hosting);
    assert_eq!(view.seats[2].clock, None, "a computer has no clock");
    assert_eq!(view.to_move, Some(opener));
    assert!(opener.index() < 2, "the computer's seat does not open kawu-3");
    assert_eq!(
        view.seats[opener.index()].clock,
        Some(SeatClock { left: Duration::from_secs(20), running: true, per_move: true })
    );
    let other = &view.seats[if opener.index() == 0 { 1 } else { 0 }];
    assert_eq!(
        other.clock,
        Some(SeatClock { left: Duration::from_secs(30), running: false, per_move: true })
    );
    assert_eq!(Lang::Fr.clock_left(Duration::from_millis(19_200)), "0:20");
    assert_eq!(Lang::Fr.clock_rule(ClockRule::PerMove { secs: 30 }), "30 s par coup");
}

#[test]
fn the_clock_s_moves_are_counted_in_a_row_and_a_seat_s_own_move_resets_them() {
    let now = Instant::now();
    let opener = open("kawu-3").to_move().unwrap();
    let (mut seats, wire) = started(kawu3(ClockRule::PerMove { secs: 30 }), Some(Seat(0)), now);
    let board = seats.table().unwrap().state().clone_box();
    let text = first_move(board.as_ref());
    wire.table(entry(board.as_ref(), opener, &text, Signer::Host { epoch: 0, why: HostWhy::Clock }));
    seats.poll(now).unwrap();
    assert_eq!(seats.view(now).seats[opener.index()].timeouts, 1);
    let board = seats.table().unwrap().state().clone_box();
    let next = board.to_move().unwrap();
    let text = first_move(board.as_ref());
    wire.table(entry(board.as_ref(), next, &text, Signer::Seat));
    seats.poll(now).unwrap();
    assert_eq!(seats.view(now).seats[opener.index()].timeouts, 1);
    assert_eq!(seats.view(now).seats[next.index()].timeouts, 0);
}

#[test]
fn the_chat_shows_our_line_once_names_the_others_and_drops_a_muted_seat() {
    let now = Instant::now();
    let (mut seats, wire) = started(kawu3(ClockRule::None), Some(Seat(0)), now);
    seats.chat("  bonjour  ").unwrap();
    assert_eq!(wire.sent(), vec!["chat bonjour".to_owned()]);
    let line = |from: PeerKey, text: &str| {
        NetTableEvent::Chat(ChatLine { channel: Channel::Players, from, text: text.into() })
    };
    wire.table(line(me(), "bonjour"));
    wire.table(line(bea(), "salut"));
    wire.table(line(PeerKey(vec![9; 8]), "je regarde"));
    seats.poll(now).unwrap();
    let chat = seats.view(now).chat;
    assert_eq!(chat.len(), 3);
    assert_eq!(chat[0].from, ChatFrom::You);
    assert_eq!(chat[1].from, ChatFrom::Seat { seat: Seat(1), name: "Béa".into() });
    assert_eq!(chat[2].from, ChatFrom::Spectator);
    seats.mute(Seat(1), true);
    wire.table(line(bea(), "encore"));
    seats.poll(now).unwrap();
    assert_eq!(seats.view(now).chat.len(), 3);
    assert!(seats.view(now).seats[1].muted);
    let long = "x".repeat(MAX_CHAT_LINE + 1);
    assert_eq!(seats.chat(&long), Err(SeatsNotice::ChatTooLong { max: MAX_CHAT_LINE }));
    assert_eq!(wire.sent().len(), 1);
}

#[test]
fn the_host_hand_over_is_told_with_the_new_host_s_name() {
    let now = Instant::now();
    let (mut seats, wire) = started(kawu3(ClockRule::None), Some(Seat(0)), now);
    let mut state = kawu3(ClockRule::None);
    state.epoch = 1;
    wire.table(NetTableEvent::Table(state));
    let updates = seats.poll(now).unwrap();
    let to = Who::Seat { seat: Seat(1), name: "Béa".into() };
    assert_eq!(updates, vec![SeatsUpdate::Say(SeatsNotice::HandOver { to: to.clone() })]);
    assert_eq!(
        Lang::Fr.seats_notice(&SeatsNotice::HandOver { to }),
        "L'hôte est parti ; Béa tient la table."
    );
    let view = seats.view(now);
    assert!(view.seats[1].host && !view.hosting);
}

#[test]
fn a_draw_is_offered_only_in_a_game_of_two_seats_and_answered_once() {
    let now = Instant::now();
    let mut state = kawu3(ClockRule::None);
    state.spec = spec("kawu-2", 2);
    state.seats.truncate(2);
    let (mut seats, wire) = started(state, Some(Seat(0)), now);
    assert!(seats.offer_draw());
    assert_eq!(wire.sent(), vec!["draw?".to_owned()]);
    wire.table(NetTableEvent::DrawOffered { seat: Seat(0) });
    assert_eq!(seats.poll(now).unwrap(), vec![SeatsUpdate::Say(SeatsNotice::DrawOfferSent)]);
    assert!(!seats.may_answer_draw(), "not our own offer");
    wire.table(NetTableEvent::DrawDeclined { seat: Seat(1) });
    seats.poll(now).unwrap();
    wire.table(NetTableEvent::DrawOffered { seat: Seat(1) });
    seats.poll(now).unwrap();
    assert_eq!(seats.view(now).draw_offer, Some(Seat(1)));
    assert!(seats.answer_draw(true));
    assert!(!seats.answer_draw(true));
    assert_eq!(wire.sent().last().unwrap(), "draw true");

    let (mut three, wire) = started(kawu3(ClockRule::None), Some(Seat(0)), now);
    assert!(!three.offer_draw());
    assert!(wire.sent().is_empty());
}

#[test]
fn resigning_and_leaving_ask_once() {
    let now = Instant::now();
    let (mut seats, wire) = started(kawu3(ClockRule::None), Some(Seat(0)), now);
    assert_eq!(seats.resign(), vec![SeatsUpdate::Say(SeatsNotice::ConfirmResign)]);
    assert!(wire.sent().is_empty());
    assert_eq!(seats.resign(), vec![SeatsUpdate::ClearMessage]);
    assert_eq!(wire.sent(), vec!["resign".to_owned()]);
    assert!(matches!(seats.leave(), Some(SeatsNotice::ConfirmLeave { .. })));
    assert_eq!(seats.leave(), None);
    seats.close();
    assert_eq!(wire.sent().last().unwrap(), "leave");
    assert!(!seats.is_live());
}

#[test]
fn after_the_end_the_vote_opens_counts_down_and_takes_one_vote() {
    let now = Instant::now();
    let (mut seats, wire) = started(kawu3(ClockRule::None), Some(Seat(0)), now);
    let places = (0..3)
        .map(|i| Place { seat: Seat(i), rank: (i == 1).then_some(1), status: SeatStatus::Playing })
        .collect();
    let outcome = Outcome { places, reason: EndReason::Finished };
    wire.table(NetTableEvent::Ended(outcome.clone()));
    wire.table(NetTableEvent::Votes(vec![Seat(1)]));
    seats.poll(now).unwrap();
    let view = seats.view(now + Duration::from_secs(20));
    assert_eq!(view.end, Some(outcome));
    let rematch = view.rematch.unwrap();
    assert_eq!(rematch.votes, vec![Seat(1)]);
    assert_eq!(rematch.left, REMATCH_WINDOW - Duration::from_secs(20));
    assert!(seats.typed_move("a1").is_err());
    assert_eq!(seats.vote(), vec![SeatsUpdate::Say(SeatsNotice::Voted)]);
    assert!(seats.vote().is_empty());
    assert_eq!(wire.sent(), vec!["vote".to_owned()]);
    assert!(seats.view(now).rematch.unwrap().voted);
    assert!(seats.view(now + REMATCH_WINDOW).rematch.is_none());
    wire.table(NetTableEvent::Started { game: 2 });
    assert_eq!(seats.poll(now).unwrap(), vec![SeatsUpdate::Say(SeatsNotice::Started { game: 2 })]);
    assert_eq!(seats.view(now).end, None);
}

#[test]
fn the_host_gives_an_empty_seat_to_a_computer_before_a_game_and_a_guest_may_not() {
    let now = Instant::now();
    let mut waiting = kawu3(ClockRule::None);
    waiting.started = false;
    waiting.seats[1] = SeatHolder::Empty;
    waiting.seats[2] = SeatHolder::Empty;
    let wire = RecordingTable::new(me());
    let opening = Opening::Host { spec: waiting.spec.clone(), table: waiting.table, room: false };
    let mut seats = OnlineSeats::new(Box::new(wire.clone()), opening);
    wire.table(NetTableEvent::Table(waiting.clone()));
    seats.poll(now).unwrap();
    assert_eq!(seats.view(now).computer_seats, [Seat(1), Seat(2)]);
    // Not our own seat, not a level the computers lack.
    assert!(!seats.seat_computer(Seat(0), 2));
    assert!(!seats.seat_computer(Seat(2), 99));
    assert!(seats.seat_computer(Seat(2), 2));
    assert_eq!(wire.sent(), ["computer 2 2"]);
    // Once the game is under way, no more.
    let (mut playing, wire) = started(kawu3(ClockRule::None), Some(Seat(0)), now);
    assert!(playing.view(now).computer_seats.is_empty());
    assert!(!playing.seat_computer(Seat(2), 2));
    assert!(wire.sent().is_empty());
    // A guest never gives seats away, even before the game.
    let mut guest_view = waiting;
    guest_view.hosts = vec![bea(), me()];
    let wire = RecordingTable::new(me());
    let opening =
        Opening::Join(crate::table_invitation::TableInvitation::Table(tripot_net::table_online::TableLink {
            spec: guest_view.spec.clone(),
            table: guest_view.table,
            host: "/ip4/127.0.0.1/tcp/1/p2p/12D3KooWGzBUxaqGT6mEpYmHPxMwNfBBvYBSMTrc8JSAZZv5D5kE"
                .parse()
                .unwrap(),
        }));
    let mut guest = OnlineSeats::new(Box::new(wire.clone()), opening);
    wire.table(NetTableEvent::Table(guest_view));
    guest.poll(now).unwrap();
    assert!(guest.view(now).computer_seats.is_empty());
    assert!(!guest.seat_computer(Seat(1), 2));
    assert!(wire.sent().is_empty());
}

#[test]
fn a_seat_away_may_be_claimed_once_the_table_says_so() {
    let now = Instant::now();
    let (mut seats, wire) = started(kawu3(ClockRule::None), Some(Seat(0)), now);
    wire.table(NetTableEvent::SeatAway { seat: Seat(1) });
    seats.poll(now).unwrap();
    assert!(seats.view(now).seats[1].away);
    assert!(!seats.claim(Seat(1)));
    wire.table(NetTableEvent::Claimable { seat: Seat(1) });
    let updates = seats.poll(now).unwrap();
    assert!(matches!(&updates[0], SeatsUpdate::Say(notice @ SeatsNotice::Claimable(_)) if notice.strong()));
    assert_eq!(seats.claimable(), vec![Seat(1)]);
    assert!(seats.claim(Seat(1)));
    assert_eq!(wire.sent(), vec!["claim 1".to_owned()]);
    // The host rules the seat out: it is claimed no more.
    let mut ruled = seats.table().unwrap().state().clone_box();
    ruled.leave(Seat(1), tripot_game::Leaving::Abandoned).unwrap();
    let applied = Applied {
        index: 0,
        seat: Seat(1),
        act: Act::Leave(tripot_protocol::table::LeaveHow::Abandoned),
        signer: Signer::Host { epoch: 0, why: HostWhy::Ruling },
        game_move: None,
    };
    wire.table(NetTableEvent::Applied { applied, snapshot: GameSnapshot(ruled) });
    seats.poll(now).unwrap();
    assert!(seats.claimable().is_empty());
    assert!(!seats.view(now).seats[1].away);
}

#[test]
fn a_spectator_sees_the_board_and_may_not_move_and_a_guest_shares_its_invitation() {
    let now = Instant::now();
    let wire = RecordingTable::new(me());
    let invitation: TableInvitation = "tripot://room/kawu-3/3/K7M-4QP".parse().unwrap();
    let mut seats = OnlineSeats::new(Box::new(wire.clone()), Opening::Join(invitation));
    wire.table(NetTableEvent::Table(kawu3(ClockRule::None)));
    wire.feed(TableNetEvent::Position { snapshot: GameSnapshot(open("kawu-3")), my_seat: None });
    seats.poll(now).unwrap();
    assert!(seats.table().is_some());
    assert!(!seats.accepts_moves());
    let text = first_move(seats.table().unwrap().state());
    assert!(seats.typed_move(&text).is_err());
    assert!(wire.sent().is_empty());
    assert_eq!(seats.view(now).invitation.as_deref(), Some("tripot://room/kawu-3/3/K7M-4QP"));
    assert_eq!(seats.view(now).my_seat, None);
}

#[test]
fn a_host_shares_a_reachable_address_over_the_loopback() {
    let wire = RecordingTable::new(me());
    let opening = Opening::Host { spec: spec("kawu-3", 3), table: TableId([7; 16]), room: false };
    let mut seats = OnlineSeats::new(Box::new(wire.clone()), opening);
    let peer = "/p2p/12D3KooWDpJ7As7BWAwRMfu1VU2WCqNjvq387JEYKDBj4kx6nXTN";
    wire.feed(TableNetEvent::Listening(format!("/ip4/127.0.0.1/tcp/4001{peer}").parse().unwrap()));
    seats.poll(Instant::now()).unwrap();
    let shared = seats.view(Instant::now()).invitation.unwrap();
    assert!(shared.contains("/ip4/127.0.0.1/"));
    wire.feed(TableNetEvent::Listening(format!("/ip4/192.168.1.5/tcp/4001{peer}").parse().unwrap()));
    seats.poll(Instant::now()).unwrap();
    let shared = seats.view(Instant::now()).invitation.unwrap();
    assert!(shared.starts_with("tripot://table/kawu-3/3/0707"));
    assert!(shared.contains("/ip4/192.168.1.5/"));
    let again: TableInvitation = shared.parse().unwrap();
    assert!(matches!(again, TableInvitation::Table(_)));
}

#[test]
fn a_table_of_the_lobby_makes_no_link_and_says_how_it_was_come_to() {
    let peer = "/p2p/12D3KooWDpJ7As7BWAwRMfu1VU2WCqNjvq387JEYKDBj4kx6nXTN";
    for way in [LobbyWay::Listed, LobbyWay::QuickMatch] {
        let wire = RecordingTable::new(me());
        let opening = Opening::Lobby { spec: spec("kawu-3", 3), way };
        let mut seats = OnlineSeats::new(Box::new(wire.clone()), opening);
        wire.feed(TableNetEvent::Listening(format!("/ip4/192.168.1.5/tcp/4001{peer}").parse().unwrap()));
        wire.table(NetTableEvent::Table(kawu3(ClockRule::None)));
        seats.poll(Instant::now()).unwrap();
        let view = seats.view(Instant::now());
        assert_eq!((view.invitation, view.lobby), (None, Some(way)));
        assert_eq!(view.spec, spec("kawu-3", 3));
    }
    // A table come to by a link or a room says nothing of the lobby.
    let wire = RecordingTable::new(me());
    let opening = Opening::Host { spec: spec("kawu-3", 3), table: TableId([7; 16]), room: true };
    let seats = OnlineSeats::new(Box::new(wire), opening);
    assert_eq!(seats.view(Instant::now()).lobby, None);
}

#[test]
fn every_notice_has_its_french_and_english_words() {
    let who = Who::Seat { seat: Seat(2), name: String::new() };
    let notices = [
        SeatsNotice::MoveRefused(TableError::NoSeat),
        SeatsNotice::ActionRefused(TableError::NoVote),
        SeatsNotice::Started { game: 2 },
        SeatsNotice::SeatAway(who.clone()),
        SeatsNotice::SeatBack(Who::You),
        SeatsNotice::Claimable(who.clone()),
        SeatsNotice::DrawOffered(who.clone()),
        SeatsNotice::DrawOfferSent,
        SeatsNotice::DrawDeclined(who),
        SeatsNotice::HandOver { to: Who::You },
        SeatsNotice::TableLost,
        SeatsNotice::VoteClosed { rematch: false },
        SeatsNotice::Voted,
        SeatsNotice::Refused(tripot_protocol::table::TableRejectReason::NoSeat),
        SeatsNotice::LinkClosed(tripot_protocol::table::TableRejectReason::Flood),
        SeatsNotice::ChatTooLong { max: 200 },
        SeatsNotice::ConfirmResign,
    ];
    for notice in &notices {
        let (fr, en) = (Lang::Fr.seats_notice(notice), Lang::En.seats_notice(notice));
        assert!(!fr.is_empty() && !en.is_empty(), "{notice:?}");
        assert_ne!(fr, en, "{notice:?}");
    }
    assert_eq!(
        Lang::Fr.seats_notice(&SeatsNotice::SeatAway(Who::Seat { seat: Seat(1), name: "Béa".into() })),
        "Béa s'est absenté."
    );
}
