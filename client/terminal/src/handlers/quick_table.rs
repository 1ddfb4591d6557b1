//! The quick match's wait for a table: Esc or `q` gives the seek up and goes back to the menu.

use crossterm::event::{KeyCode, KeyEvent};

use crate::app::App;

pub(super) fn key(app: &mut App, key: KeyEvent) {
    if matches!(key.code, KeyCode::Esc | KeyCode::Char('q')) {
        app.cancel_quick_table();
    }
}
