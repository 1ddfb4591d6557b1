//! The "resume an unfinished game?" prompt: ↑↓ choose among the games, Enter resumes, `n`
//! abandons the chosen one for a new game, Esc keeps them all for later (the menu's `r`).

use crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};

use crate::app::{App, Button};

pub(super) fn key(app: &mut App, key: KeyEvent) {
    match key.code {
        KeyCode::Enter | KeyCode::Char('r' | 'o' | 'y') => app.resume(),
        KeyCode::Char('n') => app.decline_resume(),
        KeyCode::Esc => app.keep_for_later(),
        KeyCode::Up | KeyCode::Char('k') => app.move_resume_selection(-1),
        KeyCode::Down | KeyCode::Char('j') => app.move_resume_selection(1),
        _ => {}
    }
}

pub(super) fn mouse(app: &mut App, mouse: MouseEvent) {
    if mouse.kind != MouseEventKind::Down(MouseButton::Left) {
        return;
    }
    match app.hits.button_at(mouse.column, mouse.row) {
        Some(Button::Resume) => app.resume(),
        Some(Button::NewGame) => app.decline_resume(),
        _ => {}
    }
}
