//! The keys and the mouse at the table of any game: arrows move the cursor over the cells as
//! drawn (in the seat's turned view), Tab the next piece that can move, `d` the next target,
//! Enter acts on the cursor's cell, Space one hop only, `f` ends a chain, Esc takes back a hop,
//! `:` types a move in the game's notation, `n` shows the cells' names, `i` hint, `u` undo,
//! `q` menu; the confirmation's and the end panel's keys. A click maps back through the cells
//! drawn.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use tripot_app::table::{PersonAction, Table, TableMoveError};
use tripot_game::Cell;

use crate::app::{App, Button};
use crate::ui::cell_board::turned;

pub(super) fn key(app: &mut App, key: KeyEvent) {
    let Some(screen) = &app.game_table else { return };
    let over = screen.table.state().outcome().is_some();
    if screen.table.pending().is_some() {
        match key.code {
            KeyCode::Char('o' | 'O' | 'y' | 'Y') | KeyCode::Enter => {
                let Some(screen) = &mut app.game_table else { return };
                if let Some(result) = screen.table.confirm() {
                    app.table_person(result);
                }
            }
            KeyCode::Char('n' | 'N') | KeyCode::Esc => {
                if let Some(screen) = &mut app.game_table {
                    screen.table.cancel();
                }
            }
            _ => {}
        }
        return;
    }
    if over {
        match key.code {
            KeyCode::Char('r') | KeyCode::Enter => app.game_table_rematch(),
            KeyCode::Char('m' | 'q') | KeyCode::Esc => app.back_to_menu(),
            KeyCode::Char('n' | 'c') => toggle_names(app),
            _ => {}
        }
        return;
    }
    if app.move_input.is_some() {
        move_input_key(app, key.code);
        return;
    }
    match key.code {
        KeyCode::Tab => cycle(app, 1, Table::pickable),
        KeyCode::BackTab => cycle(app, -1, Table::pickable),
        KeyCode::Char('d') => cycle(app, 1, targets),
        KeyCode::Char('D') => cycle(app, -1, targets),
        KeyCode::Char(':') => open_move_input(app),
        KeyCode::Left => step(app, -1, 0),
        KeyCode::Right => step(app, 1, 0),
        KeyCode::Up => step(app, 0, 1),
        KeyCode::Down => step(app, 0, -1),
        KeyCode::Enter => on_cursor(app, false),
        KeyCode::Char(' ') => on_cursor(app, true),
        KeyCode::Esc => cancel(app),
        KeyCode::Char('f' | 'e') => act(app, |t| Ok(t.end_chain())),
        KeyCode::Char('i' | 'h') => app.game_table_hint(),
        KeyCode::Char('u') | KeyCode::Backspace => app.game_table_undo(),
        KeyCode::Char('n' | 'c') => toggle_names(app),
        KeyCode::Char('q' | 'm') => app.back_to_menu(),
        _ => {}
    }
}

pub(super) fn mouse(app: &mut App, mouse: MouseEvent) {
    let cell = app.hits.cells.as_ref().and_then(|hits| hits.cell_at(mouse.column, mouse.row));
    match mouse.kind {
        MouseEventKind::Moved => {
            if let (Some(cell), Some(screen)) = (cell, &mut app.game_table) {
                screen.cursor = cell;
            }
        }
        MouseEventKind::Down(MouseButton::Left) => {
            if let Some(button) = app.hits.button_at(mouse.column, mouse.row) {
                press(app, button);
                return;
            }
            let Some(cell) = cell else { return };
            if let Some(screen) = &mut app.game_table {
                screen.cursor = cell;
            }
            on_cursor(app, mouse.modifiers.contains(KeyModifiers::SHIFT));
        }
        MouseEventKind::Down(MouseButton::Right) => cancel(app),
        _ => {}
    }
}

fn press(app: &mut App, button: Button) {
    match button {
        Button::EndJump => act(app, |t| Ok(t.end_chain())),
        Button::Hint => app.game_table_hint(),
        Button::Undo => app.game_table_undo(),
        Button::Coords => toggle_names(app),
        Button::Menu => app.back_to_menu(),
        Button::Rematch => app.game_table_rematch(),
        _ => {}
    }
}

/// Runs a person's action on the table, unless a computer is searching, and says what it did.
fn act(app: &mut App, f: impl FnOnce(&mut Table) -> Result<PersonAction, TableMoveError>) {
    if app.game_table_busy() {
        return;
    }
    let Some(screen) = &mut app.game_table else { return };
    let action = f(&mut screen.table);
    app.table_person(action);
}

/// Enter (or a click) on the cursor's cell; `hop`: one hop only (Space, a shift-click).
fn on_cursor(app: &mut App, hop: bool) {
    let Some(cell) = app.game_table.as_ref().map(|s| s.cursor) else { return };
    act(app, |t| Ok(if hop { t.hop_on(cell) } else { t.act_on(cell) }));
}

/// Where the picked piece can go: its next hops and the ends of whole moves.
fn targets(table: &Table) -> Vec<Cell> {
    let targets = table.targets();
    let mut cells = targets.hops;
    cells.extend(targets.ends);
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// The cursor to the next (or previous) cell of a list.
fn cycle(app: &mut App, delta: isize, list: impl Fn(&Table) -> Vec<Cell>) {
    let Some(screen) = &mut app.game_table else { return };
    let cells = list(&screen.table);
    if cells.is_empty() {
        return;
    }
    let n = cells.len() as isize;
    let next = match cells.iter().position(|&c| c == screen.cursor) {
        Some(i) => (i as isize + delta).rem_euclid(n),
        None => 0,
    };
    screen.cursor = cells[next as usize];
}

/// An arrow: the nearest cell in that direction as drawn, the same row or column first.
fn step(app: &mut App, dx: i16, dy: i16) {
    let Some(screen) = &mut app.game_table else { return };
    let state = screen.table.state();
    let view = state.board();
    let (viewer, seats) = (screen.table.viewer(), state.seat_count());
    let Some(here) = view.cell(screen.cursor).map(|c| turned(&view, c, viewer, seats)) else {
        screen.cursor = view.cells.first().map_or(screen.cursor, |c| c.cell);
        return;
    };
    let best = view
        .cells
        .iter()
        .filter_map(|c| {
            let (x, y) = turned(&view, c, viewer, seats);
            let (ax, ay) = (x - here.0, y - here.1);
            // Ahead in the arrow's direction, how far, and how far aside.
            let (ahead, aside) = if dx != 0 { (ax * dx, ay.abs()) } else { (ay * dy, ax.abs()) };
            (ahead > 0).then_some((aside * 4 + ahead, c.cell))
        })
        .min();
    if let Some((_, cell)) = best {
        screen.cursor = cell;
    }
}

fn toggle_names(app: &mut App) {
    if let Some(screen) = &mut app.game_table {
        screen.show_names = !screen.show_names;
    }
}

/// Esc: takes back the last hop or drops the pick (or the hint), and says what the player may
/// do now.
fn cancel(app: &mut App) {
    let t = app.lang.t();
    let Some(screen) = &mut app.game_table else { return };
    if !screen.table.cancel() {
        app.message = None;
        return;
    }
    match screen.table.picker().picked().len() {
        0 => app.message = None,
        1 => app.say(t.choose_destination, false),
        _ => app.say(t.chain_running, false),
    }
}

fn open_move_input(app: &mut App) {
    if app.game_table_busy() || !app.game_table.as_ref().is_some_and(|s| s.table.person_to_move()) {
        return;
    }
    app.move_input = Some(String::new());
    show_move_input(app);
}

fn show_move_input(app: &mut App) {
    let text = format!("{} {}▏", app.lang.t().type_move, app.move_input.as_deref().unwrap_or_default());
    app.say(text, false);
}

/// A key while a move is typed: a character, Backspace, Enter plays it, Esc drops it.
fn move_input_key(app: &mut App, key: KeyCode) {
    let Some(input) = &mut app.move_input else { return };
    match key {
        KeyCode::Char(c) if input.len() < 400 && !c.is_control() => input.push(c),
        KeyCode::Backspace => {
            input.pop();
        }
        KeyCode::Esc => {
            app.move_input = None;
            app.message = None;
            return;
        }
        KeyCode::Enter => {
            let text = std::mem::take(input);
            app.move_input = None;
            act(app, |t| t.typed_move(&text));
            return;
        }
        _ => {}
    }
    show_move_input(app);
}
