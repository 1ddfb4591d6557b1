//! The list of open games (LAN hosts or lobby tables): ↑↓ choose, Enter joins, Esc goes back;
//! at the lobby, ←→ (or PgUp/PgDn) change page and `o` opens one's own table (with the menu's
//! host settings). The list refreshes by itself.

use crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};

use crate::app::{App, Button, LOBBY_PAGE, ListKind};

pub(super) fn key(app: &mut App, key: KeyEvent) {
    let page = LOBBY_PAGE as isize;
    let lobby = app.open_games.as_ref().is_some_and(|l| l.kind == ListKind::Lobby);
    match key.code {
        KeyCode::Up | KeyCode::Char('k') => move_selection(app, -1),
        KeyCode::Down | KeyCode::Char('j') => move_selection(app, 1),
        KeyCode::Left | KeyCode::PageUp if lobby => move_selection(app, -page),
        KeyCode::Right | KeyCode::PageDown if lobby => move_selection(app, page),
        KeyCode::Enter | KeyCode::Char(' ') => app.join_open_game(),
        KeyCode::Char('o') if lobby => app.open_lobby_table(),
        KeyCode::Esc | KeyCode::Char('q' | 'm') => app.back_to_menu(),
        _ => {}
    }
}

pub(super) fn mouse(app: &mut App, mouse: MouseEvent) {
    match mouse.kind {
        MouseEventKind::Down(MouseButton::Left) => match app.hits.button_at(mouse.column, mouse.row) {
            Some(Button::OpenGame(i)) => {
                let again = app.open_games.as_ref().is_some_and(|l| l.selected == i);
                if let Some(list) = &mut app.open_games {
                    list.selected = i;
                }
                if again {
                    app.join_open_game();
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
    if let Some(list) = &mut app.open_games {
        list.move_selection(delta);
    }
}
