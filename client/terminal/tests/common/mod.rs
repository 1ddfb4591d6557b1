//! Helpers shared by the terminal-game tests: events, rendering to text, moving the cursor with
//! the arrow keys, clicking holes.
#![allow(dead_code, unreachable_pub, missing_docs, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use tripot_engine::{Hole, Position, Rules};
use tripot_terminal::app::{App, Button};
use tripot_terminal::event::{Event, Events};
use tripot_terminal::screen_text::screen_text;

pub fn key(code: KeyCode) -> Event {
    Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

pub fn ch(c: char) -> Event {
    key(KeyCode::Char(c))
}

pub fn hole(name: &str) -> Hole {
    name.parse().unwrap()
}

pub fn position(text: &str, rules: Rules) -> Position {
    Position::parse(text, rules).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Draws the app on a `width` × `height` test terminal and returns the screen as text.
pub fn render(app: &mut App, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| app.draw(frame)).unwrap();
    screen_text(terminal.backend().buffer())
}

/// Moves the keyboard cursor to `target` with the arrow keys only.
pub fn arrows_to(app: &mut App, target: Hole) {
    for _ in 0..80 {
        let cursor = app.game().unwrap().cursor();
        if cursor == target {
            return;
        }
        let (cx, cy) = cursor.screen();
        let (tx, ty) = target.screen();
        let code = if cy < ty {
            KeyCode::Up
        } else if cy > ty {
            KeyCode::Down
        } else if cx < tx {
            KeyCode::Right
        } else {
            KeyCode::Left
        };
        app.handle_event(key(code));
    }
    panic!("the cursor never reached {target}");
}

/// Selects with the keyboard: arrows to the hole, then Enter.
pub fn enter_on(app: &mut App, target: Hole) {
    arrows_to(app, target);
    app.handle_event(key(KeyCode::Enter));
}

/// Space on `target`: a hop of a chain built hop by hop.
pub fn space_on(app: &mut App, target: Hole) {
    arrows_to(app, target);
    app.handle_event(ch(' '));
}

fn mouse(kind: MouseEventKind, column: u16, row: u16) -> Event {
    Event::Mouse(MouseEvent { kind, column, row, modifiers: KeyModifiers::NONE })
}

/// Left click on a hole as drawn on a 120 × 40 screen.
pub fn click(app: &mut App, target: Hole) {
    render(app, 120, 40);
    let (column, row) = app.hole_cell(target).expect("board drawn");
    app.handle_event(mouse(MouseEventKind::Moved, column, row));
    app.handle_event(mouse(MouseEventKind::Down(MouseButton::Left), column, row));
}

/// The mouse over a hole as drawn on a 120 × 40 screen: the cursor goes there.
pub fn hover(app: &mut App, target: Hole) {
    render(app, 120, 40);
    let (column, row) = app.hole_cell(target).expect("board drawn");
    app.handle_event(mouse(MouseEventKind::Moved, column, row));
}

/// Left click on a button as drawn on a 120 × 40 screen.
pub fn click_button(app: &mut App, button: Button) {
    render(app, 120, 40);
    let (column, row) = app.button_cell(button).unwrap_or_else(|| panic!("{button:?} not drawn"));
    app.handle_event(mouse(MouseEventKind::Down(MouseButton::Left), column + 1, row));
}

/// Feeds the computer's answer and ticks until its move is played (at most 20 s).
pub fn wait_for_computer(app: &mut App, events: &Events) {
    for _ in 0..2000 {
        if !app.is_thinking() && !app.is_animating() {
            return;
        }
        if let Some(event) = events.next_timeout(Duration::from_millis(10)) {
            app.handle_event(event);
        }
        app.handle_event(Event::Tick);
    }
    panic!("the computer never played");
}
