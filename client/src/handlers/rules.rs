//! The rules page: scroll, and back.

use crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};

use crate::app::{App, Page};

pub(super) fn key(app: &mut App, key: KeyEvent) {
    match key.code {
        KeyCode::Up | KeyCode::Char('k') => app.rules_scroll = app.rules_scroll.saturating_sub(1),
        KeyCode::Down | KeyCode::Char('j') => app.rules_scroll = app.rules_scroll.saturating_add(1).min(60),
        KeyCode::PageUp => app.rules_scroll = app.rules_scroll.saturating_sub(10),
        KeyCode::PageDown | KeyCode::Char(' ') => {
            app.rules_scroll = app.rules_scroll.saturating_add(10).min(60)
        }
        KeyCode::Esc | KeyCode::Enter | KeyCode::Char('q') | KeyCode::Backspace => app.page = Page::Menu,
        _ => {}
    }
}

pub(super) fn mouse(app: &mut App, mouse: MouseEvent) {
    match mouse.kind {
        MouseEventKind::ScrollUp => app.rules_scroll = app.rules_scroll.saturating_sub(2),
        MouseEventKind::ScrollDown => app.rules_scroll = app.rules_scroll.saturating_add(2).min(60),
        MouseEventKind::Down(MouseButton::Right) => app.page = Page::Menu,
        _ => {}
    }
}
