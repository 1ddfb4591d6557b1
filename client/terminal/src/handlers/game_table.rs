//! The keys and the mouse at the table of any game, here or online: arrows move the cursor
//! over the cells as drawn (in the seat's turned view), Tab the next piece that can move, `d`
//! the next target, Enter acts on the cursor's cell, Space one hop only, `f` ends a chain, Esc
//! takes back a hop, `:` types a move in the game's notation, `n` shows the cells' names, `?` the game's rules; here
//! `i` hint, `u` undo, `q` menu; online `a` resign, `r` claim (once the grace period is over,
//! and in its prompt, with `w` to keep waiting), the end's `r` rematch and `n` decline, `q`
//! leave (before the game too, on the waiting page). A click maps back through the cells drawn.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use tripot_app::online_table::OnlineTable;
use tripot_app::table::Table;
use tripot_game::Cell;

use crate::app::game_table::TableAct;
use crate::app::{App, Button, Page};
use crate::ui::cell_board::turned;
use tripot_app::view_turn::view_turn;

pub(super) fn key(app: &mut App, key: KeyEvent) {
    let Some(shown) = app.shown() else {
        // Online, before the board: only leaving.
        if matches!(key.code, KeyCode::Char('q' | 'm') | KeyCode::Esc) {
            app.leave_online_table();
        }
        return;
    };
    if shown.moving.is_some() && !matches!(key.code, KeyCode::Char('q' | 'm')) {
        // Any key plays the computer's move being shown at once; it is not also acted on.
        app.finish_game_table_animation();
        return;
    }
    let online = shown.online.map(|o| (o.status().claim_prompt, o.status().rematch.is_some()));
    let over = shown.online.map_or_else(|| shown.table.state().outcome(), OnlineTable::outcome).is_some();
    let pending = shown.table.pending().is_some();
    if online.is_some() && !matches!(key.code, KeyCode::Char('a' | 'q' | 'm')) {
        app.drop_online_table_confirmation();
    }
    if pending {
        match key.code {
            KeyCode::Char('o' | 'O' | 'y' | 'Y') | KeyCode::Enter => app.table_act(TableAct::Confirm),
            KeyCode::Char('n' | 'N') | KeyCode::Esc => {
                app.table_cancel();
            }
            _ => {}
        }
        return;
    }
    if let Some((true, _)) = online {
        match key.code {
            KeyCode::Char('r') | KeyCode::Enter => app.claim_online_table(),
            KeyCode::Esc | KeyCode::Char('w' | 'e') => app.keep_waiting_online_table(),
            KeyCode::Char('q' | 'm') => app.leave_online_table(),
            _ => {}
        }
        return;
    }
    if over {
        match (key.code, online) {
            (KeyCode::Char('r') | KeyCode::Enter, None) => app.game_table_rematch(),
            (KeyCode::Char('r') | KeyCode::Enter, Some(_)) => app.rematch_online_table(),
            (KeyCode::Char('n'), Some((_, true))) => app.decline_online_table_rematch(),
            (KeyCode::Char('m' | 'q') | KeyCode::Esc, None) => app.back_to_menu(),
            (KeyCode::Char('m' | 'q') | KeyCode::Esc, Some(_)) => app.leave_online_table(),
            (KeyCode::Char('n' | 'c'), _) => toggle_names(app),
            (KeyCode::Char('?'), _) => app.open_rules_of_game_at_hand(),
            _ => {}
        }
        return;
    }
    if app.move_input.is_some() {
        move_input_key(app, key.code);
        return;
    }
    match key.code {
        KeyCode::Tab => cycle(app, 1, Table::pickable),
        KeyCode::BackTab => cycle(app, -1, Table::pickable),
        KeyCode::Char('d') => cycle(app, 1, targets),
        KeyCode::Char('D') => cycle(app, -1, targets),
        KeyCode::Char(':') => open_move_input(app),
        KeyCode::Left => step(app, -1, 0),
        KeyCode::Right => step(app, 1, 0),
        KeyCode::Up => step(app, 0, 1),
        KeyCode::Down => step(app, 0, -1),
        KeyCode::Enter => on_cursor(app, false),
        KeyCode::Char(' ') => on_cursor(app, true),
        KeyCode::Esc => cancel(app),
        KeyCode::Char('f' | 'e') => app.table_act(TableAct::EndChain),
        KeyCode::Char('n' | 'c') => toggle_names(app),
        KeyCode::Char('?') => app.open_rules_of_game_at_hand(),
        KeyCode::Char('a') if online.is_some() => app.resign_online_table(),
        KeyCode::Char('r') if online.is_some() => app.claim_online_table(),
        KeyCode::Char('q' | 'm') if online.is_some() => app.leave_online_table(),
        KeyCode::Char('i' | 'h') if online.is_none() => app.game_table_hint(),
        KeyCode::Char('u') | KeyCode::Backspace if online.is_none() => app.game_table_undo(),
        KeyCode::Char('q' | 'm') => app.leave_game_table(),
        _ => {}
    }
}

pub(super) fn mouse(app: &mut App, mouse: MouseEvent) {
    let cell = app.hits.cells.as_ref().and_then(|hits| hits.cell_at(mouse.column, mouse.row));
    match mouse.kind {
        MouseEventKind::Moved => {
            if let (Some(cell), Some((cursor, _))) = (cell, app.shown_view_mut()) {
                *cursor = cell;
            }
        }
        MouseEventKind::Down(_) if app.shown().is_some_and(|s| s.moving.is_some()) => {
            app.finish_game_table_animation();
        }
        MouseEventKind::Down(MouseButton::Left) => {
            if let Some(button) = app.hits.button_at(mouse.column, mouse.row) {
                press(app, button);
                return;
            }
            let Some(cell) = cell else { return };
            if let Some((cursor, _)) = app.shown_view_mut() {
                *cursor = cell;
            }
            on_cursor(app, mouse.modifiers.contains(KeyModifiers::SHIFT));
        }
        MouseEventKind::Down(MouseButton::Right) => cancel(app),
        _ => {}
    }
}

fn press(app: &mut App, button: Button) {
    let online = app.page == Page::OnlineTable;
    if app.page == Page::OnlineSeats {
        match button {
            Button::EndJump => app.table_act(TableAct::EndChain),
            Button::Coords => toggle_names(app),
            Button::Menu => app.leave_seats(),
            Button::Resign => app.seats_resign(),
            Button::Claim => app.seats_claim(),
            Button::Vote => app.seats_vote(),
            Button::OfferDraw => app.seats_offer_draw(),
            _ => {}
        }
        return;
    }
    match button {
        Button::EndJump => app.table_act(TableAct::EndChain),
        Button::Hint => app.game_table_hint(),
        Button::Undo => app.game_table_undo(),
        Button::Coords => toggle_names(app),
        Button::Menu if online => app.leave_online_table(),
        Button::Menu => app.leave_game_table(),
        Button::Rematch if online => app.rematch_online_table(),
        Button::Rematch => app.game_table_rematch(),
        Button::Resign => app.resign_online_table(),
        Button::Claim => app.claim_online_table(),
        Button::KeepWaiting => app.keep_waiting_online_table(),
        Button::Decline => app.decline_online_table_rematch(),
        _ => {}
    }
}

/// Enter (or a click) on the cursor's cell; `hop`: one hop only (Space, a shift-click).
fn on_cursor(app: &mut App, hop: bool) {
    let Some(cell) = app.shown().map(|s| s.cursor) else { return };
    app.table_act(if hop { TableAct::Hop(cell) } else { TableAct::On(cell) });
}

/// Where the picked piece can go: its next hops and the ends of whole moves.
fn targets(table: &Table) -> Vec<Cell> {
    let targets = table.targets();
    let mut cells = targets.hops;
    cells.extend(targets.ends);
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// The cursor to the next (or previous) cell of a list.
fn cycle(app: &mut App, delta: isize, list: impl Fn(&Table) -> Vec<Cell>) {
    let Some(shown) = app.shown() else { return };
    let cells = list(shown.table);
    if cells.is_empty() {
        return;
    }
    let n = cells.len() as isize;
    let next = match cells.iter().position(|&c| c == shown.cursor) {
        Some(i) => (i as isize + delta).rem_euclid(n),
        None => 0,
    };
    if let Some((cursor, _)) = app.shown_view_mut() {
        *cursor = cells[next as usize];
    }
}

/// An arrow: the nearest cell in that direction as drawn, the same row or column first.
fn step(app: &mut App, dx: i16, dy: i16) {
    let Some(shown) = app.shown() else { return };
    let state = shown.table.state();
    let view = state.board();
    let turn = view_turn(state, Some(shown.table.viewer()));
    let Some(here) = view.cell(shown.cursor).map(|c| turned(&view, c, turn)) else {
        let first = view.cells.first().map_or(shown.cursor, |c| c.cell);
        if let Some((cursor, _)) = app.shown_view_mut() {
            *cursor = first;
        }
        return;
    };
    let best = view
        .cells
        .iter()
        .filter_map(|c| {
            let (x, y) = turned(&view, c, turn);
            let (ax, ay) = (x - here.0, y - here.1);
            // Ahead in the arrow's direction, how far, and how far aside.
            let (ahead, aside) = if dx != 0 { (ax * dx, ay.abs()) } else { (ay * dy, ax.abs()) };
            (ahead > 0).then_some((aside * 4 + ahead, c.cell))
        })
        .min();
    if let (Some((_, cell)), Some((cursor, _))) = (best, app.shown_view_mut()) {
        *cursor = cell;
    }
}

fn toggle_names(app: &mut App) {
    if let Some((_, names)) = app.shown_view_mut() {
        *names = !*names;
    }
    app.remember_preferences();
}

/// Esc: takes back the last hop or drops the pick (or the hint), and says what the player may
/// do now.
fn cancel(app: &mut App) {
    let t = app.lang.t();
    if !app.table_cancel() {
        app.message = None;
        return;
    }
    match app.shown().map_or(0, |s| s.table.picker().picked().len()) {
        0 => app.message = None,
        1 => app.say(t.choose_destination, false),
        _ => app.say(t.chain_running, false),
    }
}

fn open_move_input(app: &mut App) {
    if !app.shown().is_some_and(|s| !s.thinking && s.table.person_to_move()) {
        return;
    }
    super::move_input::open(app);
}

/// A key while a move is typed: Enter hands it to the game's reader.
fn move_input_key(app: &mut App, key: KeyCode) {
    if let super::move_input::Typed::Done(text) = super::move_input::edit(app, key) {
        app.table_act(TableAct::Typed(text));
    }
}
