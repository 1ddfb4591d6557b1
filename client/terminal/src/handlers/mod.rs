//! Input handling, one module per page. [`handle`] is what the event loop (and the tests) call.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::app::{App, Page};
use crate::event::Event;

mod game_table;
mod join;
mod menu;
mod move_input;
mod online_seats;
mod open_games;
mod quick_table;
mod ratings;
mod resume;
mod rules;
mod table_menu;

/// Reacts to one event.
pub(crate) fn handle(app: &mut App, event: Event) {
    match event {
        Event::Key(key) if is_interrupt(&key) => app.quit(),
        Event::Tick => app.tick(),
        Event::TableAnswer { request, answer } => app.on_table_answer(request, answer),
        Event::Resize => {}
        Event::Paste(text) if app.page == Page::Join => join::paste(app, &text),
        Event::Paste(text) if app.page == Page::OnlineSeats => online_seats::paste(app, &text),
        Event::Paste(_) => {}
        Event::Key(key) => match app.page {
            Page::Menu => menu::key(app, key),
            Page::Rules => rules::key(app, key),
            Page::Resume => resume::key(app, key),
            Page::Join => join::key(app, key),
            Page::Lan | Page::Lobby => open_games::key(app, key),
            Page::TableMenu => table_menu::key(app, key),
            Page::GameTable | Page::OnlineTable => game_table::key(app, key),
            Page::OnlineSeats => {
                if !online_seats::key(app, key) {
                    game_table::key(app, key);
                }
            }
            Page::QuickTable => quick_table::key(app, key),
            Page::Ratings => ratings::key(app, key),
        },
        Event::Mouse(mouse) => match app.page {
            Page::Menu => menu::mouse(app, mouse),
            Page::Rules => rules::mouse(app, mouse),
            Page::Resume => resume::mouse(app, mouse),
            Page::Join => join::mouse(app, mouse),
            Page::Lan | Page::Lobby => open_games::mouse(app, mouse),
            Page::TableMenu => table_menu::mouse(app, mouse),
            Page::GameTable | Page::OnlineTable | Page::OnlineSeats => game_table::mouse(app, mouse),
            Page::Ratings => ratings::mouse(app, mouse),
            Page::QuickTable => {}
        },
    }
}

/// Ctrl-C, which raw mode delivers as a key: always quits, the terminal is restored on the way out.
fn is_interrupt(key: &KeyEvent) -> bool {
    key.modifiers.contains(KeyModifiers::CONTROL) && matches!(key.code, KeyCode::Char('c' | 'C'))
}
