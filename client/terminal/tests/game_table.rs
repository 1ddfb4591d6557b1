//! The table of any game in the terminal, drawn from the game interface alone: international
//! draughts on its 10×10 board (a snapshot with the squares' numbers), a capture played with the
//! mouse — only the compulsory capture's piece can be picked — and a move typed in notation.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{ch, key, render};
use crossterm::event::{KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use tripot_app::i18n::Lang;
use tripot_app::seat_kind::SeatKind;
use tripot_app::table_save::EveryGame;
use tripot_game::{Cell, CounterKind, Opener, Seat, Setup};
use tripot_terminal::app::{App, Page};
use tripot_terminal::event::{Event, Events};

fn draughts(lang: Lang) -> (App, Events) {
    let events = Events::new();
    let mut app = App::new(lang, None, events.sender());
    let state = EveryGame.open(&"draughts".parse().unwrap(), &Setup::default()).unwrap();
    app.start_game_table(state, vec![SeatKind::Person, SeatKind::Person], 1);
    (app, events)
}

fn square(app: &App, name: &str) -> Cell {
    app.game_table().unwrap().table().state().board().named(name).unwrap().cell
}

fn click(app: &mut App, name: &str) {
    render(app, 120, 40);
    let cell = square(app, name);
    let (column, row) = app.cell_place(cell).expect("board drawn");
    let kind = MouseEventKind::Down(MouseButton::Left);
    app.handle_event(Event::Mouse(MouseEvent { kind, column, row, modifiers: KeyModifiers::NONE }));
}

fn typed(app: &mut App, text: &str) {
    app.handle_event(ch(':'));
    for c in text.chars() {
        app.handle_event(ch(c));
    }
    app.handle_event(key(KeyCode::Enter));
}

fn pieces(app: &App, seat: Seat) -> u32 {
    let state = app.game_table().unwrap().table().state();
    state.counters(seat).iter().find(|c| c.kind == CounterKind::Pieces).unwrap().value
}

#[test]
fn draughts_start_with_the_squares_numbers() {
    let (mut app, _events) = draughts(Lang::Fr);
    assert_eq!(app.page(), Page::GameTable);
    app.handle_event(ch('n'));
    insta::assert_snapshot!("draughts_start_numbers", render(&mut app, 120, 40));
}

#[test]
fn the_compulsory_capture_is_the_only_pick_and_is_played_by_two_clicks() {
    let (mut app, _events) = draughts(Lang::En);
    typed(&mut app, "32-28");
    typed(&mut app, "19-23");
    assert_eq!(app.game_table().unwrap().table().state().moves().len(), 2, "{:?}", app.message());
    // White must take: only the piece on 28 can be picked, and another piece is not.
    let table = app.game_table().unwrap().table();
    assert_eq!(table.pickable(), [square(&app, "28")]);
    click(&mut app, "31");
    assert!(app.game_table().unwrap().table().picker().picked().is_empty());
    click(&mut app, "28");
    click(&mut app, "19");
    let state = app.game_table().unwrap().table().state();
    assert_eq!(state.moves().len(), 3);
    assert_eq!(pieces(&app, Seat(1)), 19, "the black piece on 23 is taken");
    assert_eq!(pieces(&app, Seat(0)), 20);
    // The view turns to black, who takes back.
    assert_eq!(app.game_table().unwrap().table().viewer(), Seat(1));
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("28x19"), "{screen}");
    typed(&mut app, "14x23");
    assert_eq!(pieces(&app, Seat(0)), 19);
}

#[test]
fn a_wrong_typed_move_is_refused_in_the_players_words() {
    let (mut app, _events) = draughts(Lang::Fr);
    typed(&mut app, "32-23");
    assert!(app.game_table().unwrap().table().state().moves().is_empty());
    let message = app.message().unwrap();
    assert!(message.starts_with("Coup refusé") || message.contains("refus"), "{message}");
}

#[test]
fn a_draughts_game_left_unfinished_is_offered_at_start_and_resumed_with_its_moves() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("tripot-terminal-draughts-resume-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let store = tripot_app::save_store::SaveStore::new(&dir);
    let events = Events::new();
    let mut app = App::new(Lang::Fr, Some(store.clone()), events.sender());
    let state = EveryGame.open(&"draughts".parse().unwrap(), &Setup::default()).unwrap();
    app.start_game_table(state, vec![SeatKind::Person, SeatKind::Person], 3);
    typed(&mut app, "33-28");
    assert_eq!(app.game_table().unwrap().table().state().moves().len(), 1, "{:?}", app.message());
    drop(app);

    let mut again = App::new(Lang::Fr, Some(store), events.sender());
    assert_eq!(again.page(), Page::Resume);
    let screen = render(&mut again, 120, 40);
    assert!(screen.contains("Dames internationales · human, human · 1 coup"), "{screen}");
    again.handle_event(key(KeyCode::Enter));
    assert_eq!(again.page(), Page::GameTable);
    let table = again.game_table().unwrap().table();
    assert_eq!(table.state().moves().len(), 1);
    assert_eq!(table.state().to_move(), Some(Seat(1)));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_one_viewer_replays_a_draughts_record_move_by_move() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("tripot-terminal-draughts-view-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let store = tripot_app::save_store::SaveStore::new(&dir);
    let events = Events::new();
    let mut app = App::new(Lang::En, Some(store), events.sender());
    let state = EveryGame.open(&"draughts".parse().unwrap(), &Setup::default()).unwrap();
    app.start_game_table(state, vec![SeatKind::Person, SeatKind::Person], 3);
    for text in ["32-28", "19-23", "28x19"] {
        typed(&mut app, text);
    }
    let path = app.game_table().unwrap().table().save_path().unwrap().to_path_buf();
    let saved = tripot_app::save_store::SaveStore::read_game(&path).unwrap();
    let mut viewer = tripot_terminal::game_viewer::GameViewer::new(Lang::En, saved);
    viewer.go_to(usize::MAX);
    assert_eq!(viewer.index(), 3);
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(110, 38)).unwrap();
    terminal.draw(|frame| viewer.draw(frame)).unwrap();
    let screen = tripot_terminal::screen_text::screen_text(terminal.backend().buffer());
    assert!(screen.contains("International draughts") && screen.contains("3/3 : 28x19"), "{screen}");
    assert!(screen.contains("pieces 19"), "{screen}");
    viewer.go_to(0);
    terminal.draw(|frame| viewer.draw(frame)).unwrap();
    let start = tripot_terminal::screen_text::screen_text(terminal.backend().buffer());
    assert_eq!(start.matches("pieces 20").count(), 2, "{start}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Where the middle of `seat`'s pieces is drawn, as a line on the screen, and where the centre
/// of the board is.
fn pieces_line_and_centre(app: &mut App, seat: Seat) -> (f64, u16) {
    render(app, 120, 40);
    let board = app.game_table().unwrap().table().state().board();
    let lines: Vec<u16> = board
        .cells
        .iter()
        .filter(|c| c.piece.is_some_and(|p| p.owner == Some(seat)))
        .map(|c| app.cell_place(c.cell).unwrap().1)
        .collect();
    let centre = board.cells.iter().find(|c| (c.x, c.y) == (0, 0)).unwrap().cell;
    let middle = lines.iter().map(|&l| f64::from(l)).sum::<f64>() / lines.len() as f64;
    (middle, app.cell_place(centre).unwrap().1)
}

#[test]
fn a_star_table_of_three_turns_for_each_seat_and_shows_the_closed_branches_and_the_goal() {
    let events = Events::new();
    let mut app = App::new(Lang::Fr, None, events.sender());
    let state = EveryGame.open(&"halma-3".parse().unwrap(), &Setup::default()).unwrap();
    app.start_game_table(state, vec![SeatKind::Person; 3], 1);
    let screen = render(&mut app, 120, 40);
    // The branches where the first seat may not stop are greyed `×`, its goal is `◦`.
    assert!(screen.contains('×') && screen.contains('◦'), "{screen}");
    insta::assert_snapshot!("halma_3_start", screen);
    for seat in [Seat(0), Seat(1), Seat(2)] {
        assert_eq!(app.game_table().unwrap().table().viewer(), seat);
        let (middle, centre) = pieces_line_and_centre(&mut app, seat);
        assert!(middle > f64::from(centre) + 3.0, "seat {seat}: pieces at line {middle}, centre {centre}");
        let state = app.game_table().unwrap().table().state();
        let text = state.move_text(&state.legal_moves()[0]);
        typed(&mut app, &text);
    }
}
