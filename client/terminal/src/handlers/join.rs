//! The join page: type (or paste) the host's address, a room code or a table's link (Tab: the
//! first free seat, a chosen one, or watch), Enter joins, Esc goes back.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};

use crate::app::{App, Button};

/// Longer than any address worth pasting: a stuck key cannot grow the field forever.
const MAX_INPUT: usize = 400;

pub(super) fn key(app: &mut App, key: KeyEvent) {
    match key.code {
        KeyCode::Enter => app.join_typed(),
        // A table's link: the first free seat, a chosen one, or watch.
        KeyCode::Tab => app.next_join_choice(false),
        KeyCode::BackTab => app.next_join_choice(true),
        KeyCode::Esc => app.back_to_menu(),
        KeyCode::Backspace => {
            app.join_input.pop();
            app.message = None;
        }
        KeyCode::Char('u') if key.modifiers.contains(KeyModifiers::CONTROL) => app.join_input.clear(),
        KeyCode::Char(c) if !c.is_control() && app.join_input.chars().count() < MAX_INPUT => {
            app.join_input.push(c);
            app.message = None;
        }
        _ => {}
    }
}

/// A paste: what is not blank goes into the field, so an address the host's screen wrapped
/// over two lines (at 80 columns) is pasted whole, its line break dropped.
pub(super) fn paste(app: &mut App, text: &str) {
    let room = MAX_INPUT.saturating_sub(app.join_input.chars().count());
    app.join_input.extend(text.chars().filter(|c| !c.is_whitespace() && !c.is_control()).take(room));
    app.message = None;
}

pub(super) fn mouse(app: &mut App, mouse: MouseEvent) {
    match mouse.kind {
        MouseEventKind::Down(MouseButton::Left) => match app.hits.button_at(mouse.column, mouse.row) {
            Some(Button::JoinGo) => app.join_typed(),
            Some(Button::Menu) => app.back_to_menu(),
            _ => {}
        },
        MouseEventKind::Down(MouseButton::Right) => app.back_to_menu(),
        _ => {}
    }
}
