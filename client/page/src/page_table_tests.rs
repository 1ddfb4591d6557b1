//! One page's table as the socket drives it: turns, stale answers, undo, leaving, the turned view.
#![allow(clippy::unwrap_used, clippy::panic)]

use super::view::rotation;
use super::*;
use tripot_engine::{Colour, view_of};

use crate::table_messages::{TableNext, TableStateView};

fn new(variant: &str, players: &[&str]) -> TableRequest {
    TableRequest::New(NewTable {
        variant: variant.into(),
        players: players.iter().map(|&p| p.to_owned()).collect(),
        opener: None,
        position: None,
    })
}

fn last_state(reaction: &TableReaction) -> TableStateView {
    reaction
        .send
        .iter()
        .rev()
        .find_map(|m| match m {
            TableReply::State(state) => Some((**state).clone()),
            _ => None,
        })
        .unwrap()
}

fn computer_request(reaction: &TableReaction) -> (u64, StarMove) {
    match reaction.searches.as_slice() {
        [TableSearch::Computer { request, table }] => (*request, table.position().legal_moves()[0].clone()),
        _ => panic!("no computer search started"),
    }
}

fn refused(reaction: &TableReaction) -> TableErrorCode {
    match reaction.send.as_slice() {
        [TableReply::Error { code, .. }] => *code,
        other => panic!("not refused: {} messages", other.len()),
    }
}

#[test]
fn nobody_acts_on_a_computers_turn_and_its_late_or_illegal_answers_are_handled() {
    let mut page = PageTable::default();
    let started = page.handle(new("kawu-3", &["debutant", "human", "human"]));
    let (request, legal) = computer_request(&started);
    assert!(page.wants(&started.searches[0]));
    assert_eq!(last_state(&started).next, TableNext::Computer);
    assert!(last_state(&started).pickable.is_empty(), "nothing to pick on a computer's turn");
    assert_eq!(
        refused(&page.handle(TableRequest::Click { hole: "a13".into() })),
        TableErrorCode::NotYourTurn
    );
    assert_eq!(refused(&page.handle(TableRequest::Hint)), TableErrorCode::NotYourTurn);
    assert_eq!(refused(&page.handle(TableRequest::Undo)), TableErrorCode::NothingToUndo);
    // An answer to another request is dropped.
    let stale = TableAnswer { request: request + 7, hint: false, mv: legal.clone() };
    assert!(page.on_answer(stale).send.is_empty());
    // An illegal answer (a failed search) is replaced by a legal move, never played as is.
    let answered = page.on_answer(TableAnswer { request, hint: false, mv: StarMove::Pass });
    assert!(
        matches!(&answered.send[0], TableReply::Moved(m) if m.by_computer && m.seat == "S" && m.path.len() >= 2)
    );
    let state = last_state(&answered);
    assert_eq!((state.next, state.turn.as_str(), state.viewer.as_str()), (TableNext::Human, "NW", "NW"));
    assert_eq!(state.rotation, 120);
    // The same answer again is dropped.
    assert!(page.on_answer(TableAnswer { request, hint: false, mv: legal }).send.is_empty());
    assert_eq!(page.state().unwrap().history.len(), 1);
}

#[test]
fn an_undo_drops_the_search_of_the_position_left() {
    let mut page = PageTable::default();
    page.handle(new("kawu-3", &["human", "debutant", "debutant"]));
    page.handle(TableRequest::Click { hole: "k3".into() });
    let moved = page.handle(TableRequest::Click { hole: "k5".into() });
    let (request, legal) = computer_request(&moved);
    let undone = page.handle(TableRequest::Undo);
    assert!(!page.wants(&moved.searches[0]), "the search of the position left is not needed");
    assert!(last_state(&undone).history.is_empty());
    assert!(page.on_answer(TableAnswer { request, hint: false, mv: legal }).send.is_empty());
    assert!(page.state().unwrap().history.is_empty());
}

#[test]
fn a_table_left_plays_no_more() {
    let mut page = PageTable::default();
    let started = page.handle(new("kawu-3", &["debutant", "debutant", "debutant"]));
    let (request, legal) = computer_request(&started);
    assert!(page.handle(TableRequest::Leave).send.is_empty());
    assert!(!page.wants(&started.searches[0]), "its search is not needed any more");
    assert!(page.on_answer(TableAnswer { request, hint: false, mv: legal }).send.is_empty());
    assert_eq!(refused(&page.handle(TableRequest::Undo)), TableErrorCode::NoTable);
}

#[test]
fn every_seat_is_turned_to_the_bottom() {
    // The page turns the board by `rotation`; the engine's view must agree hole by hole.
    for seat in Colour::ALL {
        let degrees = f64::from(rotation(seat)).to_radians();
        for hole in Hole::all() {
            let (x, y) = hole.screen();
            let (fx, fy) = (f64::from(x), f64::from(y) * 3f64.sqrt());
            let turned = (fx * degrees.cos() - fy * degrees.sin(), fx * degrees.sin() + fy * degrees.cos());
            let (vx, vy) = view_of(hole, seat).screen();
            let seen = (f64::from(vx), f64::from(vy) * 3f64.sqrt());
            assert!((turned.0 - seen.0).abs() < 1e-6 && (turned.1 - seen.1).abs() < 1e-6, "{seat} {hole}");
        }
    }
    assert_eq!(rotation(Colour::S), 0);
    assert_eq!(rotation(Colour::N), 180);
}
