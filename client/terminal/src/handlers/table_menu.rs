//! The set-up form of a game on this device: ↑↓ choose a line, ←→ change it, Enter start (on any line but
//! « Retour »), Esc back to the main menu, `?` the chosen game's rules; a click picks a line, a second click changes it.

use crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};

use crate::app::{App, Button, Hosting, Page, TableLine};

pub(super) fn key(app: &mut App, key: KeyEvent) {
    match key.code {
        KeyCode::Up | KeyCode::Char('k') => app.table_menu.move_selection(-1),
        KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => app.table_menu.move_selection(1),
        KeyCode::Left | KeyCode::Char('h') => app.table_menu.change(-1),
        KeyCode::Right | KeyCode::Char('l') => app.table_menu.change(1),
        KeyCode::Enter | KeyCode::Char(' ') => activate(app),
        KeyCode::Char('q') | KeyCode::Esc => back(app),
        KeyCode::Char('?') => app.open_rules_of_game_at_hand(),
        _ => {}
    }
}

pub(super) fn mouse(app: &mut App, mouse: MouseEvent) {
    if mouse.kind != MouseEventKind::Down(MouseButton::Left) {
        return;
    }
    match app.hits.button_at(mouse.column, mouse.row) {
        Some(Button::MenuLine(i)) => {
            let again = app.table_menu.selected == i;
            app.table_menu.selected = i;
            match app.table_menu.line() {
                TableLine::Start | TableLine::Back => activate(app),
                _ if again => app.table_menu.change(1),
                _ => {}
            }
        }
        Some(Button::MenuPrev(i)) => {
            app.table_menu.selected = i;
            app.table_menu.change(-1);
        }
        Some(Button::MenuNext(i)) => {
            app.table_menu.selected = i;
            app.table_menu.change(1);
        }
        _ => {}
    }
}

fn back(app: &mut App) {
    app.message = None;
    app.page = Page::Menu;
}

/// Enter: « Retour » goes back; any other line starts the game as set (as the main menu's
/// settings start their mode), at the one table.
fn activate(app: &mut App) {
    if app.table_menu.line() == TableLine::Back {
        back(app);
        return;
    }
    if app.table_menu.online {
        match app.table_menu.online_table() {
            (offer, computers, Hosting::Link) => app.host_seats(offer, computers, None),
            (offer, computers, Hosting::Room(code)) => app.host_seats(offer, computers, Some(code)),
            (offer, computers, Hosting::Lobby) => app.host_listed(offer, computers),
        }
        return;
    }
    match app.table_menu.start() {
        Ok((state, seats)) => app.start_game_table(state, seats, rand::random()),
        Err(error) => app.say(error.to_string(), true),
    }
}
