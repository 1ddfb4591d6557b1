//! Helpers shared by the terminal-game tests: events, rendering to text, the cells of the one
//! game screen by their names — moving the cursor to them with the arrow keys, clicking them.
#![allow(dead_code, unreachable_pub, missing_docs, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use tripot_terminal::app::{App, Button};
use tripot_terminal::event::{Event, Events};
use tripot_terminal::screen_text::screen_text;

pub fn key(code: KeyCode) -> Event {
    Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

pub fn ch(c: char) -> Event {
    key(KeyCode::Char(c))
}

/// Draws the app on a `width` × `height` test terminal and returns the screen as text.
pub fn render(app: &mut App, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| app.draw(frame)).unwrap();
    screen_text(terminal.backend().buffer())
}

fn mouse(kind: MouseEventKind, column: u16, row: u16) -> Event {
    Event::Mouse(MouseEvent { kind, column, row, modifiers: KeyModifiers::NONE })
}

/// Left click on a button as drawn on a 120 × 40 screen.
pub fn click_button(app: &mut App, button: Button) {
    render(app, 120, 40);
    let (column, row) = app.button_cell(button).unwrap_or_else(|| panic!("{button:?} not drawn"));
    app.handle_event(mouse(MouseEventKind::Down(MouseButton::Left), column + 1, row));
}

/// Feeds the computer's answer and ticks until its move is played (at most 20 s).
pub fn wait_for_computer(app: &mut App, events: &Events) {
    for _ in 0..2000 {
        if !app.is_thinking() && !app.is_animating() {
            return;
        }
        if let Some(event) = events.next_timeout(Duration::from_millis(10)) {
            app.handle_event(event);
        }
        app.handle_event(Event::Tick);
    }
    panic!("the computer never played");
}

// --- The one game screen, for any game: cells by their names ---

/// The table the screen shows: the local one, or the online game's.
pub fn shown_table(app: &App) -> &tripot_app::table::Table {
    match app.online_table() {
        Some(screen) => screen.online().table().expect("the online game is on"),
        None => app.game_table().expect("a table is played").table(),
    }
}

/// The cell named `name` on the shown table's board.
pub fn cell(app: &App, name: &str) -> tripot_game::Cell {
    shown_table(app).state().board().named(name).unwrap_or_else(|| panic!("no cell {name}")).cell
}

/// The name of `cell` on the shown table's board.
pub fn cell_name(app: &App, cell: tripot_game::Cell) -> String {
    shown_table(app).state().board().cell(cell).expect("a cell of the board").name.clone()
}

/// The cells picked so far, by name.
pub fn picked(app: &App) -> Vec<String> {
    shown_table(app).picker().picked().iter().map(|&c| cell_name(app, c)).collect()
}

/// The moves played at the shown table, as written.
pub fn written(app: &App) -> Vec<String> {
    let state = shown_table(app).state();
    let mut replay = state.initial();
    state
        .moves()
        .iter()
        .map(|m| {
            let text = replay.move_text(m);
            replay.play(m).unwrap();
            text
        })
        .collect()
}

/// Where the screen (120 × 40) draws the cell named `name`.
pub fn place(app: &mut App, name: &str) -> (u16, u16) {
    render(app, 120, 40);
    let target = cell(app, name);
    app.cell_place(target).expect("cell drawn")
}

/// Left click on the cell named `name`, as drawn on a 120 × 40 screen.
pub fn click_cell(app: &mut App, name: &str) {
    let (column, row) = place(app, name);
    app.handle_event(mouse(MouseEventKind::Moved, column, row));
    app.handle_event(mouse(MouseEventKind::Down(MouseButton::Left), column, row));
}

/// Moves the keyboard cursor to the cell named `name` with the keys a player uses: Tab to a
/// piece that can be picked, `d` to a destination of the piece picked; any other cell by the
/// mouse hovering it.
pub fn keys_to_cell(app: &mut App, name: &str) {
    let target = cell(app, name);
    let table = shown_table(app);
    let targets = table.targets();
    let key_code = if table.picker().picked().is_empty() && table.pickable().contains(&target) {
        Some(KeyCode::Tab)
    } else if targets.hops.contains(&target) || targets.ends.contains(&target) {
        Some(KeyCode::Char('d'))
    } else {
        None
    };
    if let Some(code) = key_code {
        for _ in 0..200 {
            if app.table_cursor() == Some(target) {
                return;
            }
            app.handle_event(key(code));
        }
        panic!("{code:?} never reached {name}");
    }
    let (column, row) = place(app, name);
    app.handle_event(mouse(MouseEventKind::Moved, column, row));
    assert_eq!(app.table_cursor(), Some(target), "hovering {name}");
}

/// Enter on the cell named `name`, reached with the keys.
pub fn enter_on_cell(app: &mut App, name: &str) {
    keys_to_cell(app, name);
    app.handle_event(key(KeyCode::Enter));
}

/// Space on the cell named `name`: a hop of a chain built hop by hop.
pub fn space_on_cell(app: &mut App, name: &str) {
    keys_to_cell(app, name);
    app.handle_event(ch(' '));
}

/// At the online table shown, the person plays the first legal move by keys (`:`, the move,
/// Enter) when it is theirs.
pub fn play_first_move_by_keys(app: &mut App) {
    let Some(online) = app.online_seats().map(|s| s.online()) else { return };
    let Some(table) = online.table().filter(|t| online.accepts_moves() && t.person_to_move()) else { return };
    let state = table.state();
    let Some(first) = state.legal_moves().into_iter().next() else { return };
    let text = state.move_text(&first);
    app.handle_event(ch(':'));
    for c in text.chars() {
        app.handle_event(ch(c));
    }
    app.handle_event(key(KeyCode::Enter));
}
