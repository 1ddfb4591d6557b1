#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::cell::RefCell;
use std::rc::Rc;

use tripot_game::{GameSpec, GameState, Leaving};
use tripot_net::session::Offer;
use tripot_net::{Ending, LocalError};
use tripot_protocol::{GameId, Opens};

use super::*;
use crate::move_picker::PickAction;
use crate::session_events::{connected, moved};
use crate::table::{PersonAction, TableMoveError};

/// A link that writes down what is sent and hands out the events it is given.
#[derive(Clone, Default)]
struct Wire {
    sent: Rc<RefCell<Vec<String>>>,
    events: Rc<RefCell<std::collections::VecDeque<NetEvent>>>,
}

impl Wire {
    fn sent(&self) -> Vec<String> {
        self.sent.borrow().clone()
    }
    fn feed(&self, event: SessionEvent) {
        self.events.borrow_mut().push_back(NetEvent::Session(event));
    }
}

impl Link for Wire {
    fn try_event(&mut self) -> Option<NetEvent> {
        self.events.borrow_mut().pop_front()
    }
    fn play(&mut self, text: String) {
        self.sent.borrow_mut().push(text);
    }
    fn resign(&mut self) {
        self.sent.borrow_mut().push("resign".into());
    }
    fn leave(&mut self) {
        self.sent.borrow_mut().push("leave".into());
    }
    fn claim(&mut self) {
        self.sent.borrow_mut().push("claim".into());
    }
    fn offer_rematch(&mut self) {
        self.sent.borrow_mut().push("rematch".into());
    }
    fn answer_rematch(&mut self, accept: bool) {
        self.sent.borrow_mut().push(format!("answer {accept}"));
    }
}

fn open(name: &str) -> Box<dyn GameState> {
    tripot_engine::open(&name.parse::<GameSpec>().unwrap()).unwrap()
}

fn host(wire: &Wire, game: &str) -> OnlineTable {
    let offer = Offer { game: game.parse().unwrap(), opens: Opens::Host };
    OnlineTable::new(Side::Host(offer), Some(Box::new(wire.clone())), 0)
}

#[test]
fn a_kawu_game_connects_and_the_persons_move_goes_out_and_comes_back_played_by_the_session() {
    let wire = Wire::default();
    let mut online = host(&wire, "kawu-2");
    let start = open("kawu-2");
    let local = start.to_move().unwrap();
    wire.feed(connected(start.as_ref(), local, "Alice"));
    let updates = online.poll().unwrap();
    assert!(matches!(updates.as_slice(), [OnlineUpdate::ClearMessage, OnlineUpdate::NewGame]), "{updates:?}");
    let table = online.table().unwrap();
    assert_eq!(table.seat_kind(local), Some(SeatKind::Person));
    assert_eq!(table.seats().iter().filter(|&&k| k == SeatKind::Remote).count(), 1);
    assert_eq!(online.status().connection, Connection::Connected);

    // Picked cell by cell: the whole move goes to the session, nothing is played here.
    let m = start.legal_moves().into_iter().find(|m| m.cells().len() == 2).unwrap();
    assert_eq!(online.act_on(m.cells()[0]), PersonAction::Picked(PickAction::Selected));
    let sent = online.act_on(m.cells()[1]);
    assert!(matches!(&sent, PersonAction::Sent(_)), "{sent:?}");
    assert_eq!(wire.sent(), [start.move_text(&m)]);
    let table = online.table().unwrap();
    assert!(table.state().moves().is_empty());
    assert!(!table.person_to_move(), "no second move while the first is on its way");

    // The session hands it back played: its game is the table's.
    let PersonAction::Sent(m) = sent else { unreachable!() };
    wire.feed(moved(true, start.as_ref(), &m).unwrap().0);
    let updates = online.poll().unwrap();
    assert!(
        matches!(&updates[..], [OnlineUpdate::Moved(m)] if m.seat == local && m.path.len() >= 2),
        "{updates:?}"
    );
    let table = online.table().unwrap();
    assert_eq!(table.state().moves(), std::slice::from_ref(&m));
    assert!(table.outgoing().is_none());
    assert_eq!(table.movers(), [local]);
}

#[test]
fn the_peers_move_is_adopted_as_the_session_verified_it_and_the_person_plays_next() {
    let wire = Wire::default();
    let mut online = host(&wire, "halma-2");
    let start = open("halma-2");
    let peer = start.to_move().unwrap();
    let local = Seat(1 - peer.0);
    wire.feed(connected(start.as_ref(), local, "Alice"));
    let _ = online.poll().unwrap();
    assert!(!online.table().unwrap().person_to_move());
    assert_eq!(online.typed_move("anything").unwrap_err(), TableMoveError::NotYourTurn);

    let m = start.legal_moves().swap_remove(0);
    wire.feed(moved(false, start.as_ref(), &m).unwrap().0);
    let updates = online.poll().unwrap();
    assert!(matches!(&updates[..], [OnlineUpdate::Moved(m)] if m.seat == peer), "{updates:?}");
    let table = online.table().unwrap();
    let mut expected = start.clone_box();
    expected.play(&m).unwrap();
    assert_eq!(table.state().hash(), expected.hash());
    assert!(table.person_to_move());
    // A typed move is read by the game, then sent.
    let reply = expected.legal_moves().swap_remove(0);
    let action = online.typed_move(&expected.move_text(&reply)).unwrap();
    assert_eq!(action, PersonAction::Sent(reply.clone()));
    assert_eq!(wire.sent(), [expected.move_text(&reply)]);
}

#[test]
fn a_move_our_session_refuses_is_dropped_and_the_person_picks_again() {
    let wire = Wire::default();
    let mut online = host(&wire, "tripot");
    let start = open("tripot");
    let local = start.to_move().unwrap();
    wire.feed(connected(start.as_ref(), local, "Alice"));
    let _ = online.poll().unwrap();
    let m = start.legal_moves().swap_remove(0);
    assert!(matches!(online.typed_move(&start.move_text(&m)), Ok(PersonAction::Sent(_))));
    let updates = online.on_event(NetEvent::LocalError(LocalError::NotYourTurn));
    assert!(matches!(updates.as_slice(), [OnlineUpdate::Say(Notice::MoveRefused(LocalError::NotYourTurn))]));
    let table = online.table().unwrap();
    assert!(table.outgoing().is_none() && table.person_to_move());
    assert!(table.state().moves().is_empty());
}

#[test]
fn resigning_asks_twice_and_the_sessions_ending_is_the_outcome_then_a_rematch_starts_a_new_board() {
    let wire = Wire::default();
    let mut online = host(&wire, "captures-2");
    let start = open("captures-2");
    let local = start.to_move().unwrap();
    wire.feed(connected(start.as_ref(), local, "Alice"));
    let _ = online.poll().unwrap();
    assert!(matches!(online.resign().as_slice(), [OnlineUpdate::Say(Notice::ConfirmResign)]));
    assert!(wire.sent().is_empty());
    assert!(matches!(online.resign().as_slice(), [OnlineUpdate::ClearMessage]));
    assert_eq!(wire.sent(), ["resign"]);

    let mut resigned = start.clone_box();
    resigned.leave(local, Leaving::Resigned).unwrap();
    let outcome = resigned.outcome().unwrap();
    let seat_names = vec![start.seat_name(Seat(0)), start.seat_name(Seat(1))];
    wire.feed(SessionEvent::GameOver(Ending { outcome: outcome.clone(), seat_names, forfeit: None }));
    let _ = online.poll().unwrap();
    assert_eq!(online.outcome(), Some(outcome));
    assert!(!online.accepts_moves());
    assert_eq!(online.status().connection, Connection::Over);
    assert!(online.leave().is_none(), "a game over is left without a question");

    assert!(matches!(online.rematch_or_accept().as_slice(), [OnlineUpdate::Say(Notice::RematchAsked)]));
    wire.feed(SessionEvent::RematchStarted { game_id: GameId([8; 16]), number: 2, opener: Seat(0) });
    wire.feed(connected(start.as_ref(), Seat(1 - local.0), "Alice"));
    assert!(matches!(online.poll().unwrap().as_slice(), [OnlineUpdate::Say(Notice::RematchStarted(2))]));
    assert!(matches!(online.poll().unwrap().as_slice(), [OnlineUpdate::ClearMessage, OnlineUpdate::NewGame]));
    assert!(online.status().ending.is_none() && online.accepts_moves());
    assert_eq!(online.table().unwrap().seat_kind(local), Some(SeatKind::Remote));
}

#[test]
fn leaving_a_live_game_asks_once_and_names_the_side_that_resumes_it() {
    let wire = Wire::default();
    let mut online = host(&wire, "kawu-2");
    wire.feed(connected(open("kawu-2").as_ref(), Seat(0), "Alice"));
    let _ = online.poll().unwrap();
    assert!(matches!(online.leave(), Some(Notice::ConfirmLeave { host: true, .. })));
    assert!(online.leave().is_none());
    online.close();
    assert_eq!(wire.sent(), ["leave"]);
    assert!(!online.is_live());
}
