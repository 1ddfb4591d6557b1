//! The table of any game in the terminal, drawn from the game interface alone: international
//! draughts on its 10×10 board (a snapshot with the squares' numbers), a capture played with the
//! mouse — only the compulsory capture's piece can be picked — and a move typed in notation; the
//! star tables: turned views, the elimination question, captures and places announced, the
//! computers' answers and undo.
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

/// The draw counters under each seat while they run, in moves of each side as the rules count
/// them: the 25 king moves and, a lone king against a king and two men, the 16-move rule.
#[test]
fn the_draughts_draw_counters_are_shown_and_run_with_the_moves() {
    let events = Events::new();
    let mut app = App::new(Lang::Fr, None, events.sender());
    let setup = Setup { opener: None, position: Some("W:WK46:BK5,10,15".to_owned()) };
    let state = EveryGame.open(&"draughts".parse().unwrap(), &setup).unwrap();
    app.start_game_table(state, vec![SeatKind::Person, SeatKind::Person], 1);
    let screen = render(&mut app, 120, 40);
    assert_eq!(screen.matches("dame seule 0/16").count(), 2, "{screen}");
    assert_eq!(screen.matches("coups de dames 0/25").count(), 2, "{screen}");
    typed(&mut app, "46-41");
    let screen = render(&mut app, 120, 40);
    assert_eq!(screen.matches("dame seule 1/16").count(), 2, "{screen}");
    assert_eq!(screen.matches("coups de dames 1/25").count(), 2, "{screen}");
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
    assert!(screen.contains("Dames internationales · humain, humain · 1 coup"), "{screen}");
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

fn star_from(app: &mut App, game: &str, position: &str, seats: Vec<SeatKind>) {
    let setup = Setup { opener: None, position: Some(position.to_owned()) };
    let state = EveryGame.open(&game.parse().unwrap(), &setup).unwrap();
    app.start_game_table(state, seats, 1);
}

fn moves_played(app: &App) -> usize {
    app.game_table().unwrap().table().state().moves().len()
}

#[test]
fn stern_halma_asks_before_a_move_that_eliminates_its_player() {
    let events = Events::new();
    let mut app = App::new(Lang::Fr, None, events.sender());
    let text = "S:NEj13,k13,l13,m13,k12,l12,m12,l11,m11,m10:Se5,f5,g5,h5,i5,j5,n5,o5,p5,q5:\
                NWa13,b13,c13,d13,b12,c12,d12,c11,d11,d10 moves=30";
    star_from(&mut app, "halma-3", text, vec![SeatKind::Person; 3]);
    typed(&mut app, "j5-j4");
    assert!(app.game_table().unwrap().table().pending().is_some());
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("Ce coup vous élimine"), "{screen}");
    // n: nothing is played; the same move again, then o: played, and announced.
    app.handle_event(ch('n'));
    assert_eq!((app.game_table().unwrap().table().pending().is_some(), moves_played(&app)), (false, 0));
    typed(&mut app, "j5-j4");
    app.handle_event(ch('o'));
    assert_eq!(moves_played(&app), 1);
    let message = app.message().unwrap_or_default().to_owned();
    assert!(message.contains("Joueur 1 (S) est éliminé"), "{message}");
}

#[test]
fn each_capture_is_announced_and_the_end_ranks_the_seats() {
    let events = Events::new();
    let mut app = App::new(Lang::Fr, None, events.sender());
    star_from(&mut app, "captures-2", "S:Xi9,j9,m12", vec![SeatKind::Person; 2]);
    typed(&mut app, "i9-k9");
    assert_eq!(moves_played(&app), 1);
    let message = app.message().unwrap_or_default().to_owned();
    assert!(message.contains("Joueur 1 (S) prend 1"), "{message}");
    assert!(app.game_table().unwrap().table().state().outcome().is_some());
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("Fin de la partie") && screen.contains("Joueur 1 (S) — 1re place"), "{screen}");
    // Rematch: the same game from its start.
    app.handle_event(ch('r'));
    assert_eq!(moves_played(&app), 0);
}

#[test]
fn the_computers_answer_and_undo_takes_their_moves_back_with_the_persons() {
    let events = Events::new();
    let mut app = App::new(Lang::Fr, None, events.sender());
    let state = EveryGame.open(&"kawu-3".parse().unwrap(), &Setup::default()).unwrap();
    let debutant = SeatKind::Computer(tripot_ai::Level::Debutant);
    app.start_game_table(state, vec![SeatKind::Person, debutant, debutant], 1);
    let state = app.game_table().unwrap().table().state();
    let text = state.move_text(&state.legal_moves()[0]);
    typed(&mut app, &text);
    for _ in 0..4000 {
        if moves_played(&app) == 3 && !app.game_table().unwrap().is_thinking() {
            break;
        }
        if let Some(event) = events.next_timeout(std::time::Duration::from_millis(10)) {
            app.handle_event(event);
        }
        app.handle_event(Event::Tick);
    }
    assert_eq!(moves_played(&app), 3, "both computers answered");
    app.handle_event(ch('u'));
    assert_eq!(moves_played(&app), 0, "the person's move and the answers taken back");
}

#[test]
fn each_computers_capture_since_the_persons_move_stays_on_the_status_line() {
    // Four pairs apart: the person takes one, each computer another, one is left for the person.
    let events = Events::new();
    let mut app = App::new(Lang::Fr, None, events.sender());
    let debutant = SeatKind::Computer(tripot_ai::Level::Debutant);
    star_from(
        &mut app,
        "captures-3",
        "S:Xi9,j9,j5,k5,l7,m7,f13,g13",
        vec![SeatKind::Person, debutant, debutant],
    );
    typed(&mut app, "i9-k9");
    for _ in 0..4000 {
        if moves_played(&app) == 3 && !app.game_table().unwrap().is_thinking() && !app.is_animating() {
            break;
        }
        match events.next_timeout(std::time::Duration::from_millis(10)) {
            Some(event) => app.handle_event(event),
            None => app.handle_event(Event::Tick),
        }
    }
    assert_eq!(moves_played(&app), 3, "both computers answered");
    let message = app.message().unwrap_or_default().to_owned();
    let table = app.game_table().unwrap().table();
    for seat in [Seat(1), Seat(2)] {
        let name = tripot_app::i18n::Lang::Fr.table_seat(table, seat);
        assert!(message.contains(&format!("{name} prend 1")), "{name}: {message}");
    }
    insta::assert_snapshot!("captures_3_both_computers_captures", render(&mut app, 120, 40));
}
