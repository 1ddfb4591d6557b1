//! One page's table as the socket drives it, any game: draughts' compulsory maximal capture
//! picked, dragged and typed; a computer's stale answer dropped; the turned board; the star
//! table's automatic passes.
#![allow(clippy::unwrap_used, clippy::panic)]

use super::*;
use crate::play_messages::{PlayNext, PlayStateView};

/// White to move: 32 must take two (32x12, over 27 and 17); 45x34 takes only one.
const MAXIMAL: &str = "W:W32,45:B27,17,40";

fn new(game: &str, players: &[&str], position: Option<&str>) -> PlayRequest {
    PlayRequest::New(NewPlay {
        game: game.into(),
        players: players.iter().map(|&p| p.to_owned()).collect(),
        opener: None,
        position: position.map(str::to_owned),
    })
}

fn last_state(reaction: &PlayReaction) -> PlayStateView {
    reaction
        .send
        .iter()
        .rev()
        .find_map(|m| match m {
            PlayReply::State(state) => Some((**state).clone()),
            _ => None,
        })
        .unwrap()
}

fn refused(reaction: &PlayReaction) -> PlayErrorCode {
    match reaction.send.as_slice() {
        [PlayReply::Error { code, .. }] => *code,
        other => panic!("not one refusal: {other:?}"),
    }
}

fn board(name: &str, to: &str) -> PlayRequest {
    let action = match name {
        "select" => BoardAction::Select { hole: to.into() },
        "move" => BoardAction::Move { to: to.into() },
        "hop" => BoardAction::Hop { to: to.into() },
        _ => panic!("{name}"),
    };
    PlayRequest::Board(action)
}

fn piece_on(state: &PlayStateView, name: &str) -> Option<String> {
    state.cells.iter().find(|c| c.name == name).and_then(|c| c.piece.as_ref()).map(|p| p.kind.clone())
}

#[test]
fn only_the_maximal_capture_can_be_picked_and_a_shorter_one_is_refused() {
    let mut page = PagePlay::default();
    let started = last_state(&page.handle(new("draughts", &["human", "human"], Some(MAXIMAL))));
    assert_eq!(started.pickable, ["32"]);
    assert_eq!(started.next, PlayNext::Human);
    assert_eq!(refused(&page.handle(board("select", "45"))), PlayErrorCode::NotPickable);
    assert_eq!(refused(&page.handle(board("select", "99"))), PlayErrorCode::BadCell);
    let typed = page.handle(PlayRequest::Typed { notation: "45x34".into() });
    assert_eq!(refused(&typed), PlayErrorCode::Refused);
    // Dragging the one-piece capture is refused too, and nothing stays picked.
    let dragged = page.handle(PlayRequest::Drop { from: "45".into(), to: "34".into() });
    assert_eq!(refused(&dragged), PlayErrorCode::NotPickable);
    let unchanged = page.state_view().unwrap();
    assert!(unchanged.history.is_empty() && unchanged.selection.is_none());
    assert_eq!(piece_on(&unchanged, "27").as_deref(), Some("man"));
}

#[test]
fn a_capture_dropped_on_its_last_square_is_played_hop_by_hop_and_takes_both_pieces() {
    let mut page = PagePlay::default();
    page.handle(new("draughts", &["human", "human"], Some(MAXIMAL)));
    let dropped = page.handle(PlayRequest::Drop { from: "32".into(), to: "12".into() });
    let moved = dropped
        .send
        .iter()
        .find_map(|m| match m {
            PlayReply::Moved(m) => Some(m.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(moved.notation, "32x12");
    assert_eq!(moved.path.first().map(String::as_str), Some("32"));
    assert_eq!(moved.path.last().map(String::as_str), Some("12"));
    assert!(moved.path.len() >= 3, "the path goes square by square: {:?}", moved.path);
    let state = last_state(&dropped);
    assert_eq!(piece_on(&state, "12").as_deref(), Some("man"));
    assert_eq!((piece_on(&state, "27"), piece_on(&state, "17")), (None, None));
    assert_eq!(state.turn, Some(1));
    // Black's view: the squares turned half a turn.
    assert_eq!(state.rotation, 180);
    assert_eq!(state.last_moves.last().map(|l| l.path.clone()), Some(moved.path));
    let black = state.seats.iter().find(|s| s.seat == 1).unwrap();
    assert!(black.counters.iter().any(|c| c.kind == "pieces" && c.value == 1));
    assert!(state.news.iter().any(|e| e.kind == "captured" && e.pieces == Some(2)));
}

/// After l4-l5 e14-e13: k3 hops to k5, then on over l5 to m5 (`k3-k5-m5`).
const LANE: &str = "A:Ne17,e16,f16,e15,f15,g15,f14,g14,h14,e13:Sl5,j4,k4,m4,k3,l3,m3,l2,m2,m1";

#[test]
fn a_chain_is_dragged_hop_by_hop_and_played_at_its_end() {
    let mut page = PagePlay::default();
    page.handle(new("tripot", &["human", "human"], Some(LANE)));
    let first = last_state(&page.handle(PlayRequest::Drop { from: "k3".into(), to: "k5".into() }));
    assert_eq!(first.selection.map(|s| s.path), Some(vec!["k3".to_owned(), "k5".to_owned()]));
    assert!(first.history.is_empty(), "one hop is no move yet");
    // The chain's pawn, dragged on from where it stands, ends the chain there.
    let second = page.handle(PlayRequest::Drop { from: "k5".into(), to: "m5".into() });
    assert!(second.send.iter().any(|m| matches!(m, PlayReply::Moved(m) if m.notation == "k3-k5-m5")));
}

#[test]
fn a_past_position_is_looked_at_without_changing_the_table() {
    let mut page = PagePlay::default();
    page.handle(new("draughts", &["human", "human"], None));
    page.handle(PlayRequest::Drop { from: "32".into(), to: "28".into() });
    page.handle(PlayRequest::Drop { from: "19".into(), to: "23".into() });
    let position = |reaction: PlayReaction| match reaction.send.as_slice() {
        [PlayReply::Position { at, cells, last }] => (*at, cells.clone(), last.clone()),
        other => panic!("not one position: {other:?}"),
    };
    let (at, cells, last) = position(page.handle(PlayRequest::Look { at: 1 }));
    let on = |name: &str| cells.iter().find(|c| c.name == name).and_then(|c| c.piece.clone()).is_some();
    assert_eq!(at, 1);
    assert_eq!(last, ["32", "28"]);
    assert!(on("28") && !on("32") && on("19") && !on("23"), "after 32-28, before 19-23");
    let (_, start, last) = position(page.handle(PlayRequest::Look { at: 0 }));
    assert!(last.is_empty());
    assert!(start.iter().any(|c| c.name == "32" && c.piece.is_some()));
    assert_eq!(refused(&page.handle(PlayRequest::Look { at: 3 })), PlayErrorCode::NoSuchMove);
    assert_eq!(page.state_view().unwrap().history.len(), 2, "the table is unchanged");
}

#[test]
fn the_capture_is_picked_then_played_by_a_click_on_its_end() {
    let mut page = PagePlay::default();
    page.handle(new("draughts", &["human", "human"], Some(MAXIMAL)));
    let picked = last_state(&page.handle(board("select", "32")));
    let selection = picked.selection.unwrap();
    assert_eq!(selection.path, ["32"]);
    assert_eq!(selection.ends, ["12"]);
    // The square jumped over is no destination.
    assert_eq!(refused(&page.handle(board("move", "21"))), PlayErrorCode::NotADestination);
    let done = page.handle(board("move", "12"));
    assert!(done.send.iter().any(|m| matches!(m, PlayReply::Moved(m) if m.notation == "32x12")));
}

#[test]
fn a_computers_answer_to_a_position_taken_back_is_dropped() {
    let mut page = PagePlay::default();
    page.handle(new("tripot", &["human", "debutant"], None));
    let moved = page.handle(PlayRequest::Typed { notation: "m4-m5".into() });
    let [search] = moved.searches.as_slice() else { panic!("no computer search") };
    assert!(page.wants(search));
    assert_eq!(last_state(&moved).next, PlayNext::Computer);
    let undone = page.handle(PlayRequest::Undo);
    assert!(!page.wants(search), "the search of the position left is not needed");
    assert!(last_state(&undone).history.is_empty());
    let PlayReaction { mut searches, .. } = moved;
    let late = page.on_answer(searches.remove(0).search.run());
    assert!(late.send.is_empty());
    assert!(page.state_view().unwrap().history.is_empty());
}

/// The draughts draw counters each seat shows, as the page gets them, in moves of each side as
/// the rules count them: the 25 king moves, and the lone king's 16-move rule once it applies.
#[test]
fn the_draughts_draw_counters_are_sent_with_each_seat_and_run_with_the_moves() {
    let counter = |state: &PlayStateView, seat: usize, kind: &str| {
        state.seats[seat].counters.iter().find(|c| c.kind == kind).map(|c| (c.value, c.limit))
    };
    let mut page = PagePlay::default();
    let start = last_state(&page.handle(new("draughts", &["human", "human"], None)));
    assert_eq!(counter(&start, 0, "king_moves"), Some((0, Some(25))));
    assert_eq!(counter(&start, 0, "lone_king_moves"), None, "no lone king at the start");
    // A lone white king against a king and two men: the 16-move rule runs.
    let lone = "W:WK46:BK5,10,15";
    let start = last_state(&page.handle(new("draughts", &["human", "human"], Some(lone))));
    assert_eq!(counter(&start, 1, "lone_king_moves"), Some((0, Some(16))));
    let after = last_state(&page.handle(PlayRequest::Typed { notation: "46-41".into() }));
    assert_eq!(counter(&after, 0, "lone_king_moves"), Some((1, Some(16))));
    assert_eq!(counter(&after, 1, "king_moves"), Some((1, Some(25))));
}

#[test]
fn a_table_set_up_wrong_is_refused_with_its_reason() {
    let mut page = PagePlay::default();
    assert_eq!(refused(&page.handle(new("chess", &["human", "human"], None))), PlayErrorCode::BadGame);
    assert_eq!(refused(&page.handle(new("kawu-3", &["human", "human"], None))), PlayErrorCode::BadSeats);
    assert_eq!(refused(&page.handle(new("draughts", &["human", "robot"], None))), PlayErrorCode::BadPlayer);
    assert_eq!(
        refused(&page.handle(new("draughts", &["human", "human"], Some("W:W51")))),
        PlayErrorCode::BadPosition
    );
    assert_eq!(refused(&page.handle(board("select", "32"))), PlayErrorCode::NoTable);
    let mut opener = new("kawu-3", &["human", "human", "human"], None);
    if let PlayRequest::New(n) = &mut opener {
        n.opener = Some(4);
    }
    assert_eq!(refused(&page.handle(opener)), PlayErrorCode::BadOpener);
}

#[test]
fn a_star_table_turns_to_the_person_to_move() {
    let mut page = PagePlay::default();
    let state = last_state(&page.handle(new("kawu-3", &["human", "human", "human"], None)));
    assert_eq!(state.seats.len(), 3);
    assert_eq!(state.rotation, 0, "the first seat's home is at the bottom");
    let first = state.pickable[0].clone();
    let picked = last_state(&page.handle(board("select", &first)));
    let to = picked.selection.unwrap().ends.into_iter().next();
    let to = to.or_else(|| page.state_view().unwrap().selection.unwrap().hops.first().cloned()).unwrap();
    let after = last_state(&page.handle(board("move", &to)));
    assert_eq!(after.turn, Some(1));
    assert_ne!(after.rotation, 0, "the second seat sees its home at the bottom");
}
