//! The LAN page: ↑↓ choose a host, Enter joins it, Esc goes back; the list refreshes by itself.

use crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};

use crate::app::{App, Button};

pub(super) fn key(app: &mut App, key: KeyEvent) {
    match key.code {
        KeyCode::Up | KeyCode::Char('k') => move_selection(app, -1),
        KeyCode::Down | KeyCode::Char('j') => move_selection(app, 1),
        KeyCode::Enter | KeyCode::Char(' ') => app.join_lan_host(),
        KeyCode::Esc | KeyCode::Char('q' | 'm') => app.back_to_menu(),
        _ => {}
    }
}

pub(super) fn mouse(app: &mut App, mouse: MouseEvent) {
    match mouse.kind {
        MouseEventKind::Down(MouseButton::Left) => match app.hits.button_at(mouse.column, mouse.row) {
            Some(Button::LanHost(i)) => {
                let again = app.lan.as_ref().is_some_and(|l| l.selected == i);
                if let Some(lan) = &mut app.lan {
                    lan.selected = i;
                }
                if again {
                    app.join_lan_host();
                }
            }
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
    let Some(lan) = &mut app.lan else { return };
    let n = lan.hosts.as_ref().map_or(0, Vec::len);
    if n == 0 {
        return;
    }
    lan.selected = (lan.selected as isize + delta).rem_euclid(n as isize) as usize;
}
