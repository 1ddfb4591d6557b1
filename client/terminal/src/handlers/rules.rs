//! The rules page: scroll, another game's rules (←→, Tab), and back to where it was opened.

use crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};

use crate::app::App;

/// Scrolls by `lines` (down when positive), never past the last line of the page as last drawn.
fn scroll(app: &mut App, lines: i16) {
    app.rules_scroll = app.rules_scroll.saturating_add_signed(lines).min(app.rules_max_scroll);
}

pub(super) fn key(app: &mut App, key: KeyEvent) {
    match key.code {
        KeyCode::Up | KeyCode::Char('k') => scroll(app, -1),
        KeyCode::Down | KeyCode::Char('j') => scroll(app, 1),
        KeyCode::PageUp => scroll(app, -10),
        KeyCode::PageDown | KeyCode::Char(' ') => scroll(app, 10),
        KeyCode::Home => app.rules_scroll = 0,
        KeyCode::End => app.rules_scroll = app.rules_max_scroll,
        KeyCode::Right | KeyCode::Char('l') | KeyCode::Tab => app.turn_rules_page(true),
        KeyCode::Left | KeyCode::Char('h') | KeyCode::BackTab => app.turn_rules_page(false),
        KeyCode::Esc | KeyCode::Enter | KeyCode::Char('q' | '?') | KeyCode::Backspace => app.close_rules(),
        _ => {}
    }
}

pub(super) fn mouse(app: &mut App, mouse: MouseEvent) {
    match mouse.kind {
        MouseEventKind::ScrollUp => scroll(app, -2),
        MouseEventKind::ScrollDown => scroll(app, 2),
        MouseEventKind::Down(MouseButton::Right) => app.close_rules(),
        _ => {}
    }
}
