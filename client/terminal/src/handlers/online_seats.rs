//! The keys of an online table of 2–6 seats, before the board's own (`game_table.rs`): `t`
//! types a chat line (Enter sends, Esc cancels), `a` resigns (pressed twice), `=` offers a
//! draw in a game of two seats and `y`/`n` answer one offered, `r` claims a seat away past its
//! grace, `v` (or `r`, Enter) votes for another game once it is over, `x` then a seat's number
//! mutes that seat's chat here (or unmutes it), `c` then a seat's number gives that empty seat to
//! a computer (the host, before a game), `q` leaves (asking once while the game is under way). Every other key goes to the board, as at any table.

use crossterm::event::{KeyCode, KeyEvent};
use tripot_app::online_seats::MAX_CHAT_LINE;

use crate::app::App;

/// Handles `key` if it is one of the table's; false when it is the board's.
pub(super) fn key(app: &mut App, key: KeyEvent) -> bool {
    // A move being typed takes every key.
    if app.move_input.is_some() {
        return false;
    }
    let Some(screen) = app.online_seats.as_mut() else { return false };
    if let Some(typed) = screen.chat_input.as_mut() {
        match key.code {
            KeyCode::Enter => app.seats_close_chat(true),
            KeyCode::Esc => app.seats_close_chat(false),
            KeyCode::Backspace => {
                typed.pop();
            }
            KeyCode::Char(c) if !c.is_control() && typed.len() + c.len_utf8() <= MAX_CHAT_LINE => {
                typed.push(c)
            }
            _ => {}
        }
        return true;
    }
    if screen.asked.is_some() {
        let number = if let KeyCode::Char(c) = key.code { c.to_digit(10) } else { None };
        app.seats_answer(number);
        return true;
    }
    let online = &screen.online;
    let board = online.table().is_some();
    let over = online.view(std::time::Instant::now()).end.is_some();
    let answering = online.may_answer_draw();
    let computer_seats = !online.view(std::time::Instant::now()).computer_seats.is_empty();
    if !matches!(key.code, KeyCode::Char('a' | 'q' | 'm')) {
        app.drop_seats_confirmation();
    }
    match key.code {
        KeyCode::Char('y' | 'o') if answering => app.seats_answer_draw(true),
        KeyCode::Char('n') if answering => app.seats_answer_draw(false),
        KeyCode::Char('t') => {
            app.seats_open_chat();
            true
        }
        KeyCode::Char('q' | 'm') => {
            app.leave_seats();
            true
        }
        KeyCode::Esc if !board || over => {
            app.leave_seats();
            true
        }
        KeyCode::Char('v' | 'r') | KeyCode::Enter if over => {
            app.seats_vote();
            true
        }
        KeyCode::Char('a') if !over => {
            app.seats_resign();
            true
        }
        KeyCode::Char('=') if !over => {
            app.seats_offer_draw();
            true
        }
        KeyCode::Char('r') => {
            app.seats_claim();
            true
        }
        KeyCode::Char('x') => {
            app.seats_ask_mute();
            true
        }
        KeyCode::Char('c') if computer_seats => {
            app.seats_ask_computer();
            true
        }
        // Hints and undo are the local table's, never an online one's.
        KeyCode::Char('i' | 'h' | 'u') | KeyCode::Backspace => true,
        _ => !board,
    }
}

/// A paste into the chat's field, while it is open (line breaks dropped).
pub(super) fn paste(app: &mut App, text: &str) {
    let Some(typed) = app.online_seats.as_mut().and_then(|s| s.chat_input.as_mut()) else { return };
    for c in text.chars().filter(|c| !c.is_control()) {
        if typed.len() + c.len_utf8() > MAX_CHAT_LINE {
            break;
        }
        typed.push(c);
    }
}
