//! Main menu: ↑↓ choose a line, ←→ change a setting, Enter start; the mouse clicks lines and
//! arrows.

use crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use tripot_engine::Rules;

use tripot_net::Start;

use crate::app::{App, Button, MenuItem, Mode, Page, Setup};

pub(super) fn key(app: &mut App, key: KeyEvent) {
    match key.code {
        KeyCode::Up | KeyCode::Char('k') => app.menu.move_selection(-1),
        KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => app.menu.move_selection(1),
        KeyCode::Left | KeyCode::Char('h') => app.menu.change(-1),
        KeyCode::Right | KeyCode::Char('l') => app.menu.change(1),
        KeyCode::Enter | KeyCode::Char(' ') => activate(app),
        KeyCode::Char('q') | KeyCode::Esc => app.quit(),
        _ => {}
    }
}

pub(super) fn mouse(app: &mut App, mouse: MouseEvent) {
    if mouse.kind != MouseEventKind::Down(MouseButton::Left) {
        return;
    }
    match app.hits.button_at(mouse.column, mouse.row) {
        Some(Button::MenuLine(i)) if MenuItem::ALL.get(i).is_some_and(|item| item.enabled()) => {
            let again = app.menu.selected == i;
            app.menu.selected = i;
            // A second click on a setting changes it, as its arrows do; any other line starts.
            if app.menu.item().is_setting() {
                if again {
                    app.menu.change(1);
                }
            } else {
                activate(app);
            }
        }
        Some(Button::MenuPrev(i)) => {
            app.menu.selected = i;
            app.menu.change(-1);
        }
        Some(Button::MenuNext(i)) => {
            app.menu.selected = i;
            app.menu.change(1);
        }
        _ => {}
    }
}

/// Enter on a line: start a game or open a page; on a setting, start the mode it sets.
fn activate(app: &mut App) {
    let menu = &app.menu;
    let item = menu.item();
    match item.mode().unwrap_or(item) {
        MenuItem::Solo => {
            let setup = Setup {
                mode: Mode::Solo { level: menu.level, seed: rand::random() },
                format: menu.solo_format,
                rules: Rules::Tripot,
                opener: menu.solo_opener.resolve(),
            };
            app.start_game(setup);
        }
        MenuItem::Duel => {
            let setup = Setup {
                mode: Mode::Duel,
                format: menu.duel_format,
                rules: Rules::Tripot,
                opener: menu.duel_opener.resolve(),
            };
            app.start_game(setup);
        }
        MenuItem::Ratings => app.open_ratings(),
        MenuItem::Rules => {
            app.rules_scroll = 0;
            app.page = Page::Rules;
        }
        MenuItem::Quit => app.quit(),
        MenuItem::Host => {
            let Ok(offer) = menu.host_offer() else { return };
            let start = if menu.host_room {
                Start::HostRoom { offer, code: tripot_net::room::RoomCode::random() }
            } else {
                Start::Host(offer)
            };
            app.start_online(start);
        }
        MenuItem::Table => app.open_table_menu(),
        MenuItem::Lobby => app.open_lobby(),
        MenuItem::Join => app.open_join(),
        MenuItem::Lan => app.open_lan(),
        MenuItem::Quick => {
            let formats = menu.quick_format;
            app.start_quick(formats);
        }
        _ => {}
    }
}
