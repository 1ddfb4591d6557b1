//! The ratings page: ←→ the game, Tab the period, r reads again, Esc back to the menu.

use crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};

use crate::app::{App, Page};

pub(super) fn key(app: &mut App, key: KeyEvent) {
    match key.code {
        KeyCode::Left | KeyCode::Char('h') => app.ratings_game_step(-1),
        KeyCode::Right | KeyCode::Char('l') => app.ratings_game_step(1),
        KeyCode::Tab => app.ratings_toggle_period(),
        KeyCode::Char('r') => app.read_ratings(),
        KeyCode::Esc | KeyCode::Char('q') | KeyCode::Backspace => app.page = Page::Menu,
        _ => {}
    }
}

pub(super) fn mouse(app: &mut App, mouse: MouseEvent) {
    if mouse.kind == MouseEventKind::Down(MouseButton::Right) {
        app.page = Page::Menu;
    }
}
