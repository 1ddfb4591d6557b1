//! The lobby page: ↑↓ choose a table, ←→ (or PgUp/PgDn) change page, Enter joins, `o` opens
//! one's own table (with the menu's host settings), Esc goes back; the list refreshes by itself.

use crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};

use crate::app::{App, Button, LOBBY_PAGE};

pub(super) fn key(app: &mut App, key: KeyEvent) {
    let page = LOBBY_PAGE as isize;
    match key.code {
        KeyCode::Up | KeyCode::Char('k') => move_selection(app, -1),
        KeyCode::Down | KeyCode::Char('j') => move_selection(app, 1),
        KeyCode::Left | KeyCode::PageUp => move_selection(app, -page),
        KeyCode::Right | KeyCode::PageDown => move_selection(app, page),
        KeyCode::Enter | KeyCode::Char(' ') => app.join_lobby_table(),
        KeyCode::Char('o') => app.open_lobby_table(),
        KeyCode::Esc | KeyCode::Char('q' | 'm') => app.back_to_menu(),
        _ => {}
    }
}

pub(super) fn mouse(app: &mut App, mouse: MouseEvent) {
    match mouse.kind {
        MouseEventKind::Down(MouseButton::Left) => match app.hits.button_at(mouse.column, mouse.row) {
            Some(Button::LobbyTable(i)) => {
                let again = app.lobby.as_ref().is_some_and(|l| l.selected == i);
                if let Some(lobby) = &mut app.lobby {
                    lobby.selected = i;
                }
                if again {
                    app.join_lobby_table();
                }
            }
            Some(Button::OpenTable) => app.open_lobby_table(),
            Some(Button::Menu) => app.back_to_menu(),
            _ => {}
        },
        MouseEventKind::ScrollUp => move_selection(app, -1),
        MouseEventKind::ScrollDown => move_selection(app, 1),
        MouseEventKind::Down(MouseButton::Right) => app.back_to_menu(),
        _ => {}
    }
}

fn move_selection(app: &mut App, delta: isize) {
    if let Some(lobby) = &mut app.lobby {
        lobby.move_selection(delta);
    }
}
