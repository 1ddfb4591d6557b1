//! The common move in few keys (issue 26, item 6): each turn starts on the piece of the most
//! promising move and, once it is picked, on its most promising target, so that Enter, Enter
//! plays it; Tab and `d` go on by promise; Enter after a hint plays the hint.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::time::Duration;

use common::{ch, key, render};
use crossterm::event::KeyCode;
use tripot_app::i18n::Lang;
use tripot_app::move_promise::progress;
use tripot_app::seat_kind::SeatKind;
use tripot_app::table::Table;
use tripot_app::table_save::EveryGame;
use tripot_game::{Opener as _, Setup};
use tripot_terminal::app::App;
use tripot_terminal::event::Events;

fn people(name: &str, lang: Lang) -> (App, Events) {
    let events = Events::new();
    let mut app = App::new(lang, None, events.sender());
    let state = EveryGame.open(&name.parse().unwrap(), &Setup::default()).unwrap();
    let seats = vec![SeatKind::Person; usize::from(state.seat_count())];
    app.start_game_table(state, seats, 1);
    (app, events)
}

fn table(app: &App) -> &Table {
    app.game_table().unwrap().table()
}

/// The best progress of any legal move.
fn best(app: &App) -> i64 {
    let state = table(app).state();
    state.legal_moves().iter().map(|m| progress(state, m)).max().unwrap()
}

#[test]
fn two_enters_play_the_most_promising_move_of_a_star_table() {
    let (mut app, _events) = people("kawu-2", Lang::Fr);
    let best = best(&app);
    app.handle_event(key(KeyCode::Enter));
    insta::assert_snapshot!("kawu_cursor_on_the_best_target", render(&mut app, 120, 40));
    app.handle_event(key(KeyCode::Enter));
    let before = table(&app).state().initial();
    let played = table(&app).state().moves().first().cloned().expect("a move played");
    assert_eq!(progress(before.as_ref(), &played), best);
}

#[test]
fn tab_and_d_go_from_the_most_promising_to_the_least() {
    let (mut app, _events) = people("halma-2", Lang::En);
    // A few moves in (at the start the front row's order is the cells' too): each the legal
    // move halfway down the list, typed.
    for _ in 0..6 {
        let state = table(&app).state();
        let moves = state.legal_moves();
        let text = state.move_text(&moves[moves.len() / 2]);
        app.handle_event(ch(':'));
        for c in text.chars() {
            app.handle_event(ch(c));
        }
        app.handle_event(key(KeyCode::Enter));
    }
    assert_eq!(table(&app).state().moves().len(), 6);
    let state = table(&app).state().clone_box();
    // Each piece's best move, in Tab's order from the turn's start: never better than the last.
    let start = app.table_cursor().unwrap();
    let mut pieces = vec![start];
    for _ in 1..table(&app).pickable().len() {
        app.handle_event(key(KeyCode::Tab));
        pieces.push(app.table_cursor().unwrap());
    }
    let best_of = |cell| {
        state
            .legal_moves()
            .iter()
            .filter(|m| m.from() == Some(cell))
            .map(|m| progress(state.as_ref(), m))
            .max()
            .unwrap()
    };
    let scores: Vec<i64> = pieces.iter().map(|&c| best_of(c)).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    let mut by_cell = pieces.clone();
    by_cell.sort_unstable();
    assert_ne!(pieces, by_cell, "an order by promise, not by cell");
    assert_eq!(scores[0], best(&app));
    // From the best piece, `d` visits its moves' ends by progress too.
    app.handle_event(key(KeyCode::Tab));
    assert_eq!(app.table_cursor(), Some(start));
    app.handle_event(key(KeyCode::Enter));
    let ends = table(&app).targets().ends;
    let mut seen = vec![app.table_cursor().unwrap()];
    for _ in 1..table(&app).targets_by_promise().len() {
        app.handle_event(ch('d'));
        seen.push(app.table_cursor().unwrap());
    }
    let of_end = |cell| {
        state
            .legal_moves()
            .iter()
            .filter(|m| m.from() == Some(start) && m.to() == Some(cell))
            .map(|m| progress(state.as_ref(), m))
            .max()
            .unwrap()
    };
    let seen_ends: Vec<_> = seen.iter().copied().filter(|c| ends.contains(c)).collect();
    let scores: Vec<i64> = seen_ends.iter().map(|&c| of_end(c)).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    let mut by_cell = seen_ends.clone();
    by_cell.sort_unstable();
    assert_ne!(seen_ends, by_cell, "an order by promise, not by cell");
    assert_eq!(scores[0], best_of(start));
}

#[test]
fn enter_after_a_hint_plays_the_hint() {
    let (mut app, events) = people("tripot", Lang::Fr);
    app.handle_event(ch('i'));
    for _ in 0..3000 {
        if table(&app).hint().is_some() {
            break;
        }
        if let Some(event) = events.next_timeout(Duration::from_millis(10)) {
            app.handle_event(event);
        }
    }
    let hint = table(&app).hint().cloned().expect("a hint came");
    assert_eq!(app.table_cursor(), hint.from(), "the cursor waits on the hinted pawn");
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("(Entrée le joue)"), "{screen}");
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(table(&app).state().moves(), [hint]);
}
