//! A move typed on the message line (`:` at a table): the characters, Backspace, Esc drops it,
//! Enter hands the text to the table's own reader.

use crossterm::event::KeyCode;

use crate::app::App;

/// Where the typing stands after a key.
pub(super) enum Typed {
    /// Still typing (or nothing was being typed).
    Editing,
    /// Esc: dropped.
    Dropped,
    /// Enter: the text typed.
    Done(String),
}

/// Opens the line, empty.
pub(super) fn open(app: &mut App) {
    app.move_input = Some(String::new());
    show(app);
}

/// Shows the line as typed so far.
fn show(app: &mut App) {
    let text = format!("{} {}▏", app.lang.t().type_move, app.move_input.as_deref().unwrap_or_default());
    app.say(text, false);
}

/// A key while a move is typed.
pub(super) fn edit(app: &mut App, key: KeyCode) -> Typed {
    let Some(input) = &mut app.move_input else { return Typed::Editing };
    match key {
        KeyCode::Char(c) if input.len() < 400 && !c.is_control() => input.push(c),
        KeyCode::Backspace => {
            input.pop();
        }
        KeyCode::Esc => {
            app.move_input = None;
            app.message = None;
            return Typed::Dropped;
        }
        KeyCode::Enter => {
            let text = std::mem::take(input);
            app.move_input = None;
            return Typed::Done(text);
        }
        _ => {}
    }
    show(app);
    Typed::Editing
}
