//! The online screen: while waiting, only leaving; in a game, the board as in a local game
//! (arrows, Enter, Esc, `f`, `c`, the mouse) plus `a` resign and `r` claim; the claim prompt;
//! the game-over panel.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};

use super::game::{cancel, cursor, toggle_coords};
use crate::app::{App, Button};

pub(super) fn key(app: &mut App, key: KeyEvent) {
    let Some(online) = &app.online else { return };
    let prompt = online.claim_prompt;
    let over = online.ending.is_some();
    let waiting = app.game.is_none();
    if !matches!(key.code, KeyCode::Char('a' | 'q' | 'm')) {
        app.drop_confirmation();
    }
    if prompt {
        match key.code {
            KeyCode::Char('r') | KeyCode::Enter => app.claim_online(),
            KeyCode::Esc | KeyCode::Char('w' | 'e') => app.keep_waiting(),
            KeyCode::Char('q' | 'm') => app.leave_online(),
            _ => {}
        }
        return;
    }
    if waiting || (over && app.animation.is_none()) {
        match key.code {
            KeyCode::Char('q' | 'm') | KeyCode::Esc => app.leave_online(),
            KeyCode::Char('c') => toggle_coords(app),
            KeyCode::Char('r') if over => app.rematch_online(),
            KeyCode::Char('n') if over => app.decline_rematch(),
            _ => {}
        }
        return;
    }
    if app.animation.is_some() && !matches!(key.code, KeyCode::Char('q' | 'm')) {
        // Any key shows the opponent's move at once.
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
        KeyCode::Char('c') => toggle_coords(app),
        KeyCode::Char('a') => app.resign_online(),
        KeyCode::Char('r') => app.claim_online(),
        KeyCode::Char('q' | 'm') => app.leave_online(),
        _ => {}
    }
}

pub(super) fn mouse(app: &mut App, mouse: MouseEvent) {
    let (column, line) = (mouse.column, mouse.row);
    if let MouseEventKind::Down(MouseButton::Left) = mouse.kind
        && let Some(button) = app.hits.button_at(column, line)
    {
        if !matches!(button, Button::Resign | Button::Menu) {
            app.drop_confirmation();
        }
        match button {
            Button::EndJump => app.end_jump(),
            Button::Coords => toggle_coords(app),
            Button::Resign => app.resign_online(),
            Button::Claim => app.claim_online(),
            Button::KeepWaiting => app.keep_waiting(),
            Button::Rematch => app.rematch_online(),
            Button::Decline => app.decline_rematch(),
            Button::Menu => app.leave_online(),
            _ => {}
        }
        return;
    }
    if app.game.is_none() || app.online.as_ref().is_some_and(|o| o.claim_prompt) {
        return;
    }
    match mouse.kind {
        MouseEventKind::Moved => {
            let hole = app.hits.board.and_then(|b| b.hole_at(column, line));
            if let (Some(hole), Some(game)) = (hole, &mut app.game) {
                game.set_cursor(hole);
            }
        }
        MouseEventKind::Down(MouseButton::Left) => {
            app.drop_confirmation();
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
