//! A star table's screen: the duel's keys (arrows in the seat's view, Tab for the next marble,
//! `d` for the next destination, Enter, Space hop by hop, `f`, Esc, `:` to type a move, `i`, `u`,
//! `c`, `q`), the answer to the elimination question, and the end panel's keys.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use tripot_engine::{Hole, view_of};

use crate::app::{App, Button};
use tripot_app::star_selection::TableAction;

pub(super) fn key(app: &mut App, key: KeyEvent) {
    let Some(screen) = &app.table else { return };
    let over = screen.table.outcome().is_some();
    if screen.table.pending().is_some() {
        match key.code {
            KeyCode::Char('o' | 'O' | 'y' | 'Y') | KeyCode::Enter => app.answer_elimination(true),
            KeyCode::Char('n' | 'N') | KeyCode::Esc => app.answer_elimination(false),
            _ => {}
        }
        return;
    }
    if screen.animation.is_some() && !matches!(key.code, KeyCode::Char('q')) {
        // Any key shows the computer's move at once.
        app.finish_table_animation();
        return;
    }
    if over && screen.animation.is_none() {
        match key.code {
            KeyCode::Char('r') | KeyCode::Enter => app.table_rematch(),
            KeyCode::Char('m' | 'q') | KeyCode::Esc => app.back_to_menu(),
            KeyCode::Char('c') => toggle_coords(app),
            _ => {}
        }
        return;
    }
    if app.move_input.is_some() {
        move_input_key(app, key.code);
        return;
    }
    match key.code {
        KeyCode::Tab => act(app, |t| t.cycle_marble(1)),
        KeyCode::BackTab => act(app, |t| t.cycle_marble(-1)),
        KeyCode::Char('d') => act(app, |t| {
            t.cycle_destination(1);
            TableAction::Nothing
        }),
        KeyCode::Char('D') => act(app, |t| {
            t.cycle_destination(-1);
            TableAction::Nothing
        }),
        KeyCode::Char(':') => open_move_input(app),
        KeyCode::Left => cursor(app, -1, 0),
        KeyCode::Right => cursor(app, 1, 0),
        KeyCode::Up => cursor(app, 0, 1),
        KeyCode::Down => cursor(app, 0, -1),
        KeyCode::Enter => act(app, |t| t.act_on(t.cursor())),
        KeyCode::Char(' ') => act(app, |t| t.hop_on(t.cursor())),
        KeyCode::Esc => cancel(app),
        KeyCode::Char('f' | 'e') => act(app, tripot_app::star_table::StarTable::end_chain),
        KeyCode::Char('i' | 'h') => app.table_hint(),
        KeyCode::Char('u') | KeyCode::Backspace => app.table_undo(),
        KeyCode::Char('c') => toggle_coords(app),
        KeyCode::Char('q' | 'm') => app.back_to_menu(),
        _ => {}
    }
}

pub(super) fn mouse(app: &mut App, mouse: MouseEvent) {
    let Some(screen) = &app.table else { return };
    let viewer = screen.table.viewer();
    // The board is drawn in the seat's view: a drawn hole is the hole that turns onto it.
    let hole =
        app.hits.board.and_then(|b| b.hole_at(mouse.column, mouse.row)).and_then(|v| from_view(v, viewer));
    match mouse.kind {
        MouseEventKind::Moved => {
            if let (Some(hole), Some(screen)) = (hole, &mut app.table) {
                screen.table.set_cursor(hole);
            }
        }
        MouseEventKind::Down(MouseButton::Left) => {
            if let Some(button) = app.hits.button_at(mouse.column, mouse.row) {
                press(app, button);
                return;
            }
            if app.table_animating() {
                app.finish_table_animation();
                return;
            }
            if let Some(hole) = hole {
                if mouse.modifiers.contains(KeyModifiers::SHIFT) {
                    act(app, |t| t.hop_on(hole));
                } else {
                    act(app, |t| t.act_on(hole));
                }
            }
        }
        MouseEventKind::Down(MouseButton::Right) => cancel(app),
        _ => {}
    }
}

/// The hole drawn at `drawn` in the view of `seat`.
pub(crate) fn from_view(drawn: Hole, seat: tripot_engine::Colour) -> Option<Hole> {
    Hole::all().find(|&h| view_of(h, seat) == drawn)
}

fn press(app: &mut App, button: Button) {
    match button {
        Button::EndJump => act(app, tripot_app::star_table::StarTable::end_chain),
        Button::Hint => app.table_hint(),
        Button::Undo => app.table_undo(),
        Button::Coords => toggle_coords(app),
        Button::Menu => app.back_to_menu(),
        Button::Rematch => app.table_rematch(),
        _ => {}
    }
}

/// Runs a selection action on the table, unless a computer is busy, and reacts to it.
fn act(app: &mut App, f: impl FnOnce(&mut tripot_app::star_table::StarTable) -> TableAction) {
    if app.table_busy() {
        return;
    }
    let Some(screen) = &mut app.table else { return };
    let action = f(&mut screen.table);
    app.table_react(action);
}

fn cursor(app: &mut App, dx: i8, dy: i8) {
    if let Some(screen) = &mut app.table {
        screen.table.move_cursor(dx, dy);
    }
}

fn toggle_coords(app: &mut App) {
    if let Some(screen) = &mut app.table {
        screen.show_coords = !screen.show_coords;
    }
}

/// Esc: takes back the last hop or drops the pick, and says what the player may do now.
fn cancel(app: &mut App) {
    let t = app.lang.t();
    let Some(screen) = &mut app.table else { return };
    if !screen.table.cancel() {
        screen.table.set_hint(None);
        app.message = None;
        return;
    }
    match screen.table.selection_path().map(<[Hole]>::len) {
        Some(n) if n > 1 => app.say(t.chain_running, false),
        Some(_) => app.say(t.choose_destination, false),
        None => app.message = None,
    }
}

fn open_move_input(app: &mut App) {
    if app.table_busy() || !app.table().is_some_and(tripot_app::star_table::StarTable::human_to_move) {
        return;
    }
    super::move_input::open(app);
}

/// A key while a move is typed. A hole alone picks that marble (or acts on it, as Enter would).
fn move_input_key(app: &mut App, key: KeyCode) {
    let super::move_input::Typed::Done(text) = super::move_input::edit(app, key) else { return };
    if let Ok(hole) = text.trim().parse::<Hole>() {
        act(app, |t| t.act_on(hole));
        return;
    }
    let Some(screen) = &mut app.table else { return };
    match screen.table.typed_move(&text) {
        Ok(action) => app.table_react(action),
        Err(error) => {
            let text = format!("{} : {}", app.lang.t().move_refused, app.lang.table_move_error(&error));
            app.say(text, true);
        }
    }
}
