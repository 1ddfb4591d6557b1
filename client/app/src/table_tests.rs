//! The one table controller, as a front-end drives it, over three games through the interface:
//! the duel, kawu-3 and draughts — computers to the end, stale answers, the automatic pass, the
//! person's pick hop by hop, undo, and the record on disk.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::sync::mpsc;
use std::time::Duration;

use tripot_ai::Level;
use tripot_game::{GameSpec, MoveKind, Seat};

use super::*;
use crate::save_store::SaveStore;
use crate::table_computer::{Answered, SearchKind};

const P: SeatKind = SeatKind::Person;
const C: SeatKind = SeatKind::Computer(Level::Debutant);

fn spec(name: &str) -> GameSpec {
    GameSpec::new(name).unwrap()
}

/// The game named `name` at its start.
fn open(name: &str) -> Box<dyn GameState> {
    let spec = spec(name);
    tripot_engine::open(&spec).or_else(|_| tripot_draughts::open(&spec)).unwrap()
}

/// A table of `name` with small thinking times, so that computers play fast.
fn table(name: &str, seats: &[SeatKind]) -> Table {
    let mut table = Table::new(open(name), seats.to_vec(), 7).unwrap();
    table.set_thinking_time(Some(Duration::from_millis(20)));
    table
}

/// The computer's move through its own thread, as the terminal runs it.
fn computer_plays(table: &mut Table) -> Vec<TableEvent> {
    let (tx, rx) = mpsc::channel();
    assert!(table.search_computer_move(move |answer| tx.send(answer).unwrap()));
    let answer = rx.recv_timeout(Duration::from_secs(60)).unwrap();
    assert!(answer.result.is_ok(), "{answer:?}");
    match table.answer(answer) {
        Answered::Played(events) => events,
        other => panic!("the answer was not played: {other:?}"),
    }
}

/// Computers play `table` to its end (at most `plies` moves); the events of the whole game.
fn play_to_the_end(table: &mut Table, plies: usize) -> Vec<TableEvent> {
    let mut events = Vec::new();
    for _ in 0..plies {
        let (turn, passes) = table.next_turn();
        events.extend(passes);
        match turn {
            Turn::Over => return events,
            Turn::Computer(_) => events.extend(computer_plays(table)),
            Turn::Person(seat) | Turn::Remote(seat) => panic!("no person sits at {seat}"),
        }
    }
    panic!("{} did not end in {plies} plies", table.state().spec());
}

fn assert_ended(table: &Table, events: &[TableEvent]) {
    let outcome = table.state().outcome().expect("the game is over");
    assert_eq!(events.last(), Some(&TableEvent::Over(outcome)), "the end is announced last");
    assert_eq!(events.iter().filter(|e| matches!(e, TableEvent::Over(_))).count(), 1);
    assert_eq!(table.movers().len(), table.state().moves().len());
}

#[test]
fn two_computers_play_a_duel_to_its_end() {
    let mut duel = table("tripot", &[C, C]);
    let events = play_to_the_end(&mut duel, 3000);
    assert_ended(&duel, &events);
    assert_eq!(duel.undo_count(), None, "no person played: nothing to take back");
}

#[test]
fn three_computers_play_kawu_3_to_its_end_and_each_finish_is_announced() {
    let mut kawu = table("kawu-3", &[C, C, C]);
    let events = play_to_the_end(&mut kawu, 3000);
    assert_ended(&kawu, &events);
    let outcome = kawu.state().outcome().unwrap();
    for winner in outcome.winners() {
        if kawu.state().seat_status(winner) == tripot_game::SeatStatus::Finished {
            assert!(events.iter().any(|e| matches!(e, TableEvent::Finished { seat, .. } if *seat == winner)));
        }
    }
}

#[test]
fn two_computers_play_draughts_to_its_end_and_captures_are_counted() {
    let mut draughts = table("draughts", &[C, C]);
    let events = play_to_the_end(&mut draughts, 3000);
    assert_ended(&draughts, &events);
    let captures: u32 =
        events.iter().map(|e| if let TableEvent::Captured { pieces, .. } = e { *pieces } else { 0 }).sum();
    let taken = draughts.state().moves().iter().filter(|m| m.kind() == MoveKind::Capture).count();
    assert!(captures as usize >= taken, "every capture announced: {captures} pieces for {taken} captures");
}

#[test]
fn an_answer_to_a_position_taken_back_is_dropped() {
    let mut duel = table("tripot", &[P, C]);
    assert_eq!(duel.next_turn().0, Turn::Person(Seat(0)));
    let first = duel.state().legal_moves()[0].clone();
    assert!(matches!(duel.offer(first).unwrap(), PersonAction::Played(_)));
    assert_eq!(duel.next_turn().0, Turn::Computer(Seat(1)));
    // The search starts, then the person takes the move back before its answer comes.
    let search = duel.computer_search().unwrap();
    assert_eq!(search.kind(), SearchKind::Move(Seat(1)));
    assert!(duel.undo());
    assert_eq!(duel.state().moves().len(), 0);
    let hash = duel.state().hash();
    let answer = search.run();
    assert_eq!(duel.answer(answer), Answered::Stale);
    assert_eq!(duel.state().hash(), hash, "the stale answer changed nothing");
    assert_eq!(duel.next_turn().0, Turn::Person(Seat(0)));
    // A hint asked before a move is stale after it, too.
    let hint = duel.hint_search().unwrap().run();
    let again = duel.state().legal_moves()[1].clone();
    duel.offer(again).unwrap();
    assert_eq!(duel.answer(hint), Answered::Stale);
    assert_eq!(duel.hint(), None);
}

#[test]
fn a_seat_that_cannot_move_passes_by_itself_and_undo_never_leaves_the_pass_on_top() {
    // RULES-STAR.md §3.4: S's marbles fill its home and NW, NE wall rows 5 and 6 (the engine's
    // own fixture), so S has no move; three people at the table.
    let text = "S:NEl13,m13,m12,m11,h6,i6,j6,k6,l6,m6:Sj4,k4,l4,m4,k3,l3,m3,l2,m2,m1:\
                NWa13,b13,b12,c12,c11,i5,j5,k5,l5,m5";
    let state = tripot_engine::open_at(&spec("kawu-3"), text).unwrap();
    let mut kawu = Table::new(state, vec![P, P, P], 7).unwrap();
    let (turn, events) = kawu.next_turn();
    assert_eq!(events, [TableEvent::Passed(Seat(0))]);
    let Turn::Person(next) = turn else { panic!("{turn:?}") };
    assert_ne!(next, Seat(0));
    assert_eq!(kawu.viewer(), next);
    assert!(kawu.state().moves()[0].is_pass());
    let m = kawu.state().legal_moves()[0].clone();
    kawu.offer(m).unwrap();
    assert_eq!(kawu.undo_count(), Some(1), "only the person's move, never the pass");
    assert!(kawu.undo());
    assert_eq!(kawu.state().moves().len(), 1);
    assert_eq!(kawu.next_turn(), (Turn::Person(next), Vec::new()));
}

#[test]
fn a_person_picks_a_move_cell_by_cell_and_the_game_plays_it() {
    for name in ["tripot", "kawu-3", "draughts"] {
        let mut t = table(name, &vec![P; usize::from(open(name).seat_count())]);
        t.next_turn();
        let m = t.state().legal_moves().into_iter().find(|m| !m.is_pass()).unwrap();
        let cells = m.cells().to_vec();
        let mut action = PersonAction::Picked(PickAction::Nothing);
        for (i, &cell) in cells.iter().enumerate() {
            action = t.hop_on(cell);
            if i + 1 < cells.len() {
                assert!(
                    matches!(action, PersonAction::Picked(PickAction::Selected | PickAction::Hopped)),
                    "{name}: {action:?}"
                );
                assert_eq!(t.picker().picked(), &cells[..=i]);
            }
        }
        if matches!(action, PersonAction::Picked(PickAction::Hopped)) {
            action = t.end_chain();
        }
        assert!(matches!(action, PersonAction::Played(_)), "{name}: {action:?}");
        assert_eq!(t.state().moves(), [m], "{name}");
        assert!(t.picker().picked().is_empty());
        // A cell no piece of the seat to move stands on picks nothing.
        let pickable = t.pickable();
        let stranger =
            t.state().board().cells.iter().map(|c| c.cell).find(|c| !pickable.contains(c)).unwrap();
        assert_eq!(t.act_on(stranger), PersonAction::Picked(PickAction::Nothing));
    }
}

#[test]
fn a_typed_move_goes_through_the_games_verifier() {
    let mut duel = table("tripot", &[P, C]);
    duel.next_turn();
    let m = duel.state().legal_moves()[0].clone();
    let text = duel.state().move_text(&m);
    assert!(matches!(duel.typed_move("z9-z10"), Err(TableMoveError::Refused(_))));
    assert!(matches!(duel.typed_move(&text).unwrap(), PersonAction::Played(_)));
    assert!(matches!(duel.typed_move(&text), Err(TableMoveError::NotYourTurn)));
}

#[test]
fn the_autosaved_file_replays_to_the_same_position_and_resumes_the_same_table() {
    let dir = tempfile::tempdir().unwrap();
    let store = SaveStore::new(dir.path());
    let mut kawu = table("kawu-3", &[P, C, SeatKind::Computer(Level::Moyen)]);
    kawu.save_to(store.claim_game_file().unwrap()).unwrap();
    let path = kawu.save_path().unwrap().to_path_buf();
    assert_eq!(std::fs::read(&path).unwrap(), b"", "empty until the first move");
    for _ in 0..4 {
        match kawu.next_turn().0 {
            Turn::Person(_) => {
                let m = kawu.state().legal_moves()[0].clone();
                kawu.offer(m).unwrap();
            }
            Turn::Computer(_) => {
                computer_plays(&mut kawu);
            }
            Turn::Over | Turn::Remote(_) => unreachable!(),
        }
    }
    let saved = SaveStore::read_game(&path).unwrap();
    assert_eq!(saved.replay.state.hash(), kawu.state().hash());
    assert_eq!(saved.replay.moves, kawu.state().moves());
    assert_eq!(saved.seats(), Some((kawu.seats().to_vec(), 7)));
    assert_eq!(saved.record.player("S"), Some("Joueur 1"));
    let found = store.unfinished_games();
    assert!(found.moved.is_empty(), "{:?}", found.moved);
    assert_eq!(found.open.iter().map(|s| s.path.as_path()).collect::<Vec<_>>(), [path.as_path()]);
    // The older readers, still beside it, leave it alone: not moved aside as corrupt.
    assert!(path.exists());
    // Resumed, it goes on in its own file; an undo is saved too.
    let mut resumed = Table::resume(found.open.into_iter().next().unwrap()).unwrap();
    assert_eq!(resumed.state().hash(), kawu.state().hash());
    assert_eq!(resumed.save_path(), Some(path.as_path()));
    assert!(resumed.undo());
    assert_eq!(SaveStore::read_game(&path).unwrap().replay.state.hash(), resumed.state().hash());
    // Abandoned, it is no longer offered.
    resumed.abandon().unwrap();
    assert!(store.unfinished_games().open.is_empty());
}

#[test]
fn two_tables_started_in_the_same_second_get_two_files_of_their_own() {
    let dir = tempfile::tempdir().unwrap();
    let store = SaveStore::new(dir.path());
    let mut tables = [table("tripot", &[P, P]), table("draughts", &[P, P])];
    for t in &mut tables {
        t.save_to(store.claim_game_file().unwrap()).unwrap();
    }
    for (i, t) in tables.iter_mut().enumerate() {
        t.next_turn();
        let m = t.state().legal_moves()[i].clone();
        t.offer(m).unwrap();
    }
    let (a, b) = (tables[0].save_path().unwrap(), tables[1].save_path().unwrap());
    assert_ne!(a, b);
    for t in &tables {
        let saved = SaveStore::read_game(t.save_path().unwrap()).unwrap();
        assert_eq!(saved.replay.moves, t.state().moves());
        assert_eq!(saved.record.game(), t.state().spec());
    }
}

#[test]
fn every_record_saved_before_still_loads_with_its_seats() {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../crates/engine/tests/data");
    let solo = SaveStore::read_game(&data.join("records/solo-save.tripot")).unwrap();
    assert_eq!(solo.seats(), Some((vec![P, SeatKind::Computer(Level::Impossible)], 42)));
    let table = SaveStore::read_game(&data.join("star-records/kawu-6-table.tripot")).unwrap();
    let (seats, seed) = table.seats().unwrap();
    assert_eq!((seats.len(), seats[0], seed), (6, P, 9));
    let resumed = Table::resume(table).unwrap();
    assert_eq!(resumed.state().spec().as_str(), "kawu-6");
    // A star record of a tournament (no `Table` tag) is no table of this client.
    let pairs = SaveStore::read_game(&data.join("star-records/halma-pairs-4-unfinished.tripot")).unwrap();
    assert!(pairs.seats().is_none());
    for dir in ["records", "star-records"] {
        for entry in std::fs::read_dir(data.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if name.ends_with(".tripot") && !name.starts_with("bad-") {
                SaveStore::read_game(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
            }
        }
    }
}
