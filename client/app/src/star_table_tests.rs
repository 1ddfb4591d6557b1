//! The star table controller, as a front-end drives it: turns, picks, chains, the engine's
//! checks, announcements, undo, the rotated cursor, the record.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use tripot_ai::Level;
use tripot_engine::{Colour, Hole, StarPosition, StarRecord, Variant, view_of};

use super::*;
use crate::star_save::{SavedTable, record_text, table_of};
use crate::star_selection::TableAction;
use crate::table_setup::{SeatPlayer, TableSetup};
use tripot_engine::StarIllegal;

fn hole(name: &str) -> Hole {
    name.parse().unwrap()
}

fn variant(name: &str) -> Variant {
    name.parse().unwrap()
}

fn setup(name: &str, players: &[SeatPlayer], opener: Colour) -> TableSetup {
    TableSetup::new(variant(name), players.to_vec(), opener, 7).unwrap()
}

const H: SeatPlayer = SeatPlayer::Human;
const C: SeatPlayer = SeatPlayer::Computer(Level::Debutant);

/// Plays a computer seat's move (its first legal one: the older star table only reads records
/// back now, its searches are the one table's).
fn computer_plays(table: &mut StarTable) -> Vec<TableEvent> {
    let mv = table.position().legal_moves().swap_remove(0);
    let played = table.checked_computer_move(mv.clone());
    assert_eq!(played.mv, mv, "the computer's move is legal");
    table.commit(played).unwrap()
}

#[test]
fn a_kawu_3_table_hands_the_turn_to_the_human_then_to_each_computer() {
    let mut table = StarTable::new(setup("kawu-3", &[H, C, C], Colour::S)).unwrap();
    assert_eq!(table.next_turn(), (TableTurn::Human(Colour::S), Vec::new()));
    assert_eq!(table.act_on(hole("k3")), TableAction::Selected);
    let targets = table.targets();
    assert!(targets.jumps.contains(hole("i5")) && targets.jumps.contains(hole("k5")), "{targets:?}");
    let TableAction::Play(played) = table.act_on(hole("k5")) else { panic!("k5 is a ✱") };
    assert_eq!(played.notation.to_string(), "k3-k5");
    assert_eq!(table.commit(played).unwrap(), Vec::new());
    assert_eq!(table.next_turn().0, TableTurn::Computer(Colour::NW));
    assert_eq!(table.act_on(hole("a13")), TableAction::Nothing, "not the human's turn");
    computer_plays(&mut table);
    assert_eq!(table.next_turn().0, TableTurn::Computer(Colour::NE));
    computer_plays(&mut table);
    assert_eq!(table.next_turn().0, TableTurn::Human(Colour::S));
    // Undo goes back to the human's previous turn: the two computers' replies go too.
    assert_eq!(table.undo_count(), Some(3));
    table.take_back(3);
    assert_eq!(table.position(), &StarPosition::start(variant("kawu-3"), Colour::S).unwrap());
    assert_eq!(table.game().occurrences(), 1, "the repetition history is rebuilt");
}

#[test]
fn hot_seat_undo_takes_back_one_move_and_the_view_turns_to_each_person() {
    let mut table = StarTable::new(setup("halma-3", &[H, H, H], Colour::NE)).unwrap();
    assert_eq!(table.next_turn().0, TableTurn::Human(Colour::NE));
    assert_eq!(table.viewer(), Colour::NE);
    let TableAction::Play(played) = table.typed_move("j13-j12").unwrap_or_else(|e| panic!("{e}")) else {
        panic!("a step")
    };
    table.commit(played).unwrap();
    assert_eq!(table.next_turn().0, TableTurn::Human(Colour::S));
    assert_eq!(table.viewer(), Colour::S);
    assert_eq!(table.undo_count(), Some(1));
    table.take_back(1);
    assert_eq!(table.viewer(), Colour::NE);
    assert!(matches!(table.typed_move("m1-m2"), Err(TableMoveError::Illegal(_))), "S is not to move");
    assert!(matches!(table.typed_move("m1-"), Err(TableMoveError::Notation(_))));
}

#[test]
fn the_cursor_moves_along_the_rows_of_the_seats_own_view() {
    let mut table = StarTable::new(setup("kawu-3", &[C, H, C], Colour::NW)).unwrap();
    assert_eq!(table.next_turn().0, TableTurn::Human(Colour::NW));
    // NW sees its home at the bottom: its marbles are drawn where S's would be.
    assert!(table.pickable().iter().all(|h| Colour::S.branch().contains(view_of(h, Colour::NW))));
    assert!(table.pickable().contains(table.cursor()));
    let before = view_of(table.cursor(), Colour::NW).screen();
    table.move_cursor(0, 1);
    let after = view_of(table.cursor(), Colour::NW).screen();
    assert_eq!(after.1, before.1 + 1, "up in the view, whatever the board's rows");
    table.move_cursor(1, 0);
    assert!(view_of(table.cursor(), Colour::NW).screen().0 > after.0);
}

#[test]
fn every_chain_end_is_reached_hop_by_hop_and_every_hop_is_verified() {
    // The hops a front-end offers lead to exactly the engine's chain ends, in kawu, in
    // Stern-Halma (whose chains may cross branches they cannot end in), and with long jumps.
    for name in ["kawu-3", "halma-6", "halma-long-2"] {
        let v = variant(name);
        let mut position = StarPosition::start(v, Colour::S).unwrap();
        for _ in 0..6 {
            let mv = position.legal_moves().into_iter().max_by_key(|m| m.to().map(|h| h.index())).unwrap();
            position.play_unchecked(&mv);
        }
        let seats = vec![H; v.seats().len()];
        let table = StarTable::from_position(TableSetup::new(v, seats, Colour::S, 0).unwrap(), position);
        for from in table.pickable() {
            let mut ends = tripot_engine::HoleSet::EMPTY;
            let mut stack: Vec<tripot_engine::StarPath> = vec![[from].into_iter().collect()];
            while let Some(path) = stack.pop() {
                for to in crate::star_selection::next_hops(&position, &path) {
                    let mut longer = path.clone();
                    longer.push(to);
                    if position.verify(&tripot_engine::StarNotation::Path(longer.clone())).is_ok() {
                        ends.insert(to);
                    }
                    stack.push(longer);
                }
            }
            let all = position.destinations(from);
            let steps: tripot_engine::HoleSet = all.iter().filter(|&h| from.distance(h) == 1).collect();
            assert_eq!(ends - steps, all - steps, "{name} {from}: {position}");
        }
    }
}

#[test]
fn a_move_back_home_after_the_deadline_asks_for_confirmation_and_eliminates() {
    let v = variant("halma-3");
    let text = "S:NEj13,k13,l13,m13,k12,l12,m12,l11,m11,m10:Se5,f5,g5,h5,i5,j5,n5,o5,p5,q5:\
                NWa13,b13,c13,d13,b12,c12,d12,c11,d11,d10 moves=30";
    let start = StarPosition::parse(text, v).unwrap();
    let mut table = StarTable::from_position(setup("halma-3", &[H, C, C], Colour::S), start);
    assert_eq!(table.next_turn().0, TableTurn::Human(Colour::S));
    assert_eq!(table.act_on(hole("j5")), TableAction::Selected);
    let TableAction::Confirm(played) = table.act_on(hole("j4")) else { panic!("j5-j4 goes back home") };
    assert_eq!(table.pending(), Some(&played));
    assert_eq!(table.act_on(hole("e5")), TableAction::Nothing, "nothing else until answered");
    assert!(table.cancel(), "Esc declines");
    assert_eq!(table.pending(), None);
    assert_eq!(table.selection_path(), Some(&[hole("j5")][..]), "the marble stays picked");
    assert!(matches!(table.act_on(hole("j4")), TableAction::Confirm(_)));
    let confirmed = table.confirm_pending().unwrap();
    let events = table.commit(confirmed).unwrap();
    assert_eq!(events, vec![TableEvent::Eliminated { seat: Colour::S, place: Some(3) }]);
    assert!(table.position().marbles(Colour::S).is_empty(), "its marbles leave the board");
}

#[test]
fn a_capture_is_built_hop_by_hop_and_scored() {
    let v = variant("captures-3");
    let start = StarPosition::parse("NW:Xi9,j9,k10,m12", v).unwrap();
    let mut table = StarTable::from_position(setup("captures-3", &[C, H, C], Colour::S), start);
    assert_eq!(table.next_turn().0, TableTurn::Human(Colour::NW));
    assert_eq!(table.act_on(hole("i9")), TableAction::Selected);
    assert_eq!(table.targets().steps, tripot_engine::HoleSet::EMPTY, "no steps in the captures game");
    assert_eq!(table.act_on(hole("k9")), TableAction::Hopped);
    assert!(table.targets().jumps.contains(hole("k11")));
    let TableAction::Play(played) = table.act_on(hole("k11")) else { panic!("no jump left: the chain ends") };
    assert_eq!(played.notation.to_string(), "i9-k9-k11");
    let events = table.commit(played).unwrap();
    assert_eq!(events[0], TableEvent::Captured { seat: Colour::NW, pieces: 2 });
    assert!(matches!(events.last(), Some(TableEvent::Over(o)) if o.winners() == vec![Colour::NW]));
    assert_eq!(table.next_turn().0, TableTurn::Over);
}

#[test]
fn a_table_comes_back_from_its_record_with_its_players() {
    let mut table = StarTable::new(setup("kawu-4", &[H, C, H, C], Colour::SW)).unwrap();
    table.next_turn();
    computer_plays(&mut table);
    assert_eq!(table.next_turn().0, TableTurn::Human(Colour::N));
    let text = record_text(&table, None);
    assert!(text.contains("[Table \"human,debutant,human,debutant\"]"), "{text}");
    assert!(
        text.contains("[PlayerN \"Joueur 3\"]") && text.contains("[PlayerSW \"Jean Médecin\"]"),
        "{text}"
    );
    let record = StarRecord::parse(&text).unwrap();
    let saved = SavedTable { path: "t.tripot".into(), replay: record.replay().unwrap(), record };
    let back = table_of(&saved).unwrap();
    assert_eq!(back.setup(), table.setup());
    assert_eq!(back.positions(), table.positions());
    assert_eq!(back.moves(), table.moves());
}

#[test]
fn a_chain_built_hop_by_hop_may_cross_a_branch_but_not_stop_there() {
    // Stern-Halma (§4.3): the hops a front-end offers include landings in a branch the seat may
    // not end in; ending the chain there is refused by the engine, and says why.
    let v = variant("halma-3");
    let mut position = StarPosition::start(v, Colour::S).unwrap();
    for ply in 0..90 {
        let seats = vec![H; 3];
        let mut table =
            StarTable::from_position(TableSetup::new(v, seats, position.opener(), 0).unwrap(), position);
        for from in table.pickable() {
            let first: tripot_engine::StarPath = [from].into_iter().collect();
            let Some(to) = crate::star_selection::next_hops(&position, &first).iter().find(|&to| {
                let seat = position.turn();
                Colour::of_hole(to).is_some() && !(position.home(seat) | position.goal(seat)).contains(to)
            }) else {
                continue;
            };
            assert_eq!(table.act_on(from), TableAction::Selected);
            let after_hop = table.hop_on(to);
            let refused = match after_hop {
                TableAction::Hopped => table.end_chain(),
                other => other,
            };
            assert!(
                matches!(refused, TableAction::Refused(StarIllegal::EndsInBranch { .. })),
                "{position} {from}-{to}: {refused:?}"
            );
            assert_eq!(table.moves().len(), 0, "nothing played");
            return;
        }
        let moves = position.legal_moves();
        let mv = &moves[(ply * 7) % moves.len()];
        position.play_unchecked(mv);
    }
    panic!("no chain crossed a branch in 90 plies");
}

#[test]
fn a_seat_that_cannot_move_passes_by_itself_and_undo_never_leaves_the_pass_on_top() {
    // RULES-STAR.md §3.4: S's marbles fill its home and NW, NE wall rows 5 and 6 (the engine's
    // own fixture), so S has no move; three people at the table.
    let text = "S:NEl13,m13,m12,m11,h6,i6,j6,k6,l6,m6:Sj4,k4,l4,m4,k3,l3,m3,l2,m2,m1:\
                NWa13,b13,b12,c12,c11,i5,j5,k5,l5,m5";
    let position = StarPosition::parse(text, variant("kawu-3")).unwrap();
    assert_eq!(position.legal_moves(), [StarMove::Pass]);
    let mut table = StarTable::from_position(setup("kawu-3", &[H, H, H], Colour::S), position);
    let (turn, events) = table.next_turn();
    assert_eq!(turn, TableTurn::Human(Colour::NW));
    assert_eq!(events, [TableEvent::Passed(Colour::S)]);
    assert_eq!(table.moves().len(), 1);
    assert_eq!(table.moves()[0].mv, StarMove::Pass);
    assert_eq!(table.moves()[0].notation.to_string(), "pass");
    // NW moves; undo takes back NW's move only, and the pass stays (it is S's forced move).
    let mv = table.position().legal_moves()[0].clone();
    let played = table.checked_computer_move(mv);
    table.commit(played).unwrap();
    assert_eq!(table.moves().len(), 2);
    assert_eq!(table.undo_count(), Some(1));
    table.take_back(1);
    assert_eq!(table.moves().len(), 1);
    assert_eq!(table.next_turn(), (TableTurn::Human(Colour::NW), Vec::new()));
}
