//! Main menu: ↑↓ choose a line, ←→ change a setting, Enter start; the mouse clicks lines and
//! arrows.

use crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use tripot_app::seat_kind::SeatKind;
use tripot_app::setup::OpenerChoice;
use tripot_app::table_setup::TableOpener;
use tripot_engine::{Format, Rules, duel_spec};

use tripot_net::Start;

use crate::app::{App, Button, MenuItem, TableMenu};

pub(super) fn key(app: &mut App, key: KeyEvent) {
    match key.code {
        KeyCode::Up | KeyCode::Char('k') => app.menu.move_selection(-1),
        KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => app.menu.move_selection(1),
        KeyCode::Left | KeyCode::Char('h') => change(app, -1),
        KeyCode::Right | KeyCode::Char('l') => change(app, 1),
        KeyCode::Enter | KeyCode::Char(' ') => activate(app),
        KeyCode::Char('q') | KeyCode::Esc => app.quit(),
        KeyCode::Char('r') if !app.resume_choices.is_empty() => app.offer_unfinished_again(),
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
                    change(app, 1);
                }
            } else {
                activate(app);
            }
        }
        Some(Button::Resume) => app.offer_unfinished_again(),
        Some(Button::MenuPrev(i)) => {
            app.menu.selected = i;
            change(app, -1);
        }
        Some(Button::MenuNext(i)) => {
            app.menu.selected = i;
            change(app, 1);
        }
        _ => {}
    }
}

/// A setting changed; the level is kept for the next start.
fn change(app: &mut App, delta: isize) {
    let level = app.menu.level;
    app.menu.change(delta);
    if app.menu.level != level {
        app.remember_preferences();
    }
}

/// Enter on a line: start a game or open a page; on a setting, start the mode it sets.
fn activate(app: &mut App) {
    let menu = &app.menu;
    let item = menu.item();
    match item.mode().unwrap_or(item) {
        MenuItem::Solo => {
            let (format, opener) = (menu.solo_format, menu.solo_opener);
            start_duel(app, format, opener, SeatKind::Computer(app.menu.level));
        }
        MenuItem::Duel => {
            let (format, opener) = (menu.duel_format, menu.duel_opener);
            start_duel(app, format, opener, SeatKind::Person);
        }
        MenuItem::Ratings => app.open_ratings(),
        MenuItem::Rules => app.open_rules_of_game_at_hand(),
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
            let Ok(game) = menu.quick_game() else { return };
            app.start_quick(game.as_ref());
        }
        MenuItem::QuickTable => {
            let choice = menu.quick_table;
            app.start_quick_table(choice);
        }
        _ => {}
    }
}

/// The duel of `format` at the one table, as the set-up form would start it: the person at
/// seat 1, `other` at seat 2, who opens as chosen.
fn start_duel(app: &mut App, format: Format, opener: OpenerChoice, other: SeatKind) {
    let spec = match duel_spec(format, Rules::Tripot) {
        Ok(spec) => spec,
        Err(error) => return app.say(error.to_string(), true),
    };
    let mut form = TableMenu::preset(spec.as_str(), &[SeatKind::Person, other]);
    form.opener = match opener {
        OpenerChoice::First => TableOpener::Seat(1),
        OpenerChoice::Second => TableOpener::Seat(2),
        OpenerChoice::Draw => TableOpener::Draw,
    };
    match form.start() {
        Ok((state, seats)) => app.start_game_table(state, seats, rand::random()),
        Err(error) => app.say(error.to_string(), true),
    }
}
