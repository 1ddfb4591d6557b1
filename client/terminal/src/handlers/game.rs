//! The game page: the cursor, picking and playing moves, the action keys and buttons, and the
//! end-of-game panel.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};

use crate::app::{App, Button};

pub(super) fn key(app: &mut App, key: KeyEvent) {
    let over = app.game.as_ref().is_none_or(|g| g.position().is_over());
    if over && app.animation.is_none() {
        match key.code {
            KeyCode::Char('r') | KeyCode::Enter => app.rematch(),
            KeyCode::Char('m' | 'q') | KeyCode::Esc => app.back_to_menu(),
            KeyCode::Char('c') => toggle_coords(app),
            _ => {}
        }
        return;
    }
    if app.animation.is_some() && !matches!(key.code, KeyCode::Char('q')) {
        // Any key shows the computer's move at once.
        app.finish_animation();
        return;
    }
    if app.move_input.is_some() {
        app.move_input_key(key.code);
        return;
    }
    match key.code {
        KeyCode::Tab => app.cycle_pawn(1),
        KeyCode::BackTab => app.cycle_pawn(-1),
        KeyCode::Char('d') => app.cycle_destination(1),
        KeyCode::Char('D') => app.cycle_destination(-1),
        KeyCode::Char(':') => app.open_move_input(),

        KeyCode::Left => cursor(app, -1, 0),
        KeyCode::Right => cursor(app, 1, 0),
        KeyCode::Up => cursor(app, 0, 1),
        KeyCode::Down => cursor(app, 0, -1),
        KeyCode::Enter => {
            if let Some(hole) = app.game.as_ref().map(|g| g.cursor) {
                app.act_on(hole);
            }
        }
        KeyCode::Char(' ') => {
            if let Some(hole) = app.game.as_ref().map(|g| g.cursor) {
                app.hop_on(hole);
            }
        }
        KeyCode::Esc => cancel(app),
        KeyCode::Char('f' | 'e') => app.end_jump(),
        KeyCode::Char('i' | 'h') => app.request_hint(),
        KeyCode::Char('u') | KeyCode::Backspace => app.undo(),
        KeyCode::Char('c') => toggle_coords(app),
        KeyCode::Char('q' | 'm') => app.back_to_menu(),
        _ => {}
    }
}

pub(super) fn mouse(app: &mut App, mouse: MouseEvent) {
    let (column, line) = (mouse.column, mouse.row);
    match mouse.kind {
        MouseEventKind::Moved => {
            let hole = app.hits.board.and_then(|b| b.hole_at(column, line));
            if let (Some(hole), Some(game)) = (hole, &mut app.game) {
                game.set_cursor(hole);
            }
        }
        MouseEventKind::Down(MouseButton::Left) => {
            if let Some(button) = app.hits.button_at(column, line) {
                press(app, button);
                return;
            }
            if app.animation.is_some() {
                app.finish_animation();
                return;
            }
            if let Some(hole) = app.hits.board.and_then(|b| b.hole_at(column, line)) {
                if mouse.modifiers.contains(KeyModifiers::SHIFT) {
                    app.hop_on(hole);
                } else {
                    app.act_on(hole);
                }
            }
        }
        MouseEventKind::Down(MouseButton::Right) => cancel(app),
        _ => {}
    }
}

fn press(app: &mut App, button: Button) {
    match button {
        Button::EndJump => app.end_jump(),
        Button::Hint => app.request_hint(),
        Button::Undo => app.undo(),
        Button::Coords => toggle_coords(app),
        Button::Menu => app.back_to_menu(),
        Button::Rematch => app.rematch(),
        _ => {}
    }
}

pub(super) fn cursor(app: &mut App, dx: i8, dy: i8) {
    if let Some(game) = &mut app.game {
        game.move_cursor(dx, dy);
    }
}

pub(super) fn cancel(app: &mut App) {
    app.cancel_selection();
}

pub(super) fn toggle_coords(app: &mut App) {
    if let Some(game) = &mut app.game {
        game.show_coords = !game.show_coords;
    }
}
