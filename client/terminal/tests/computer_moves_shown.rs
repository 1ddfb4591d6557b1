//! A computer's move at the one table is shown hop by hop before it is played, for every game:
//! its piece picked and the cells it reached numbered, one more every few ticks; any key plays
//! it at once.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::time::Duration;

use common::{ch, render};
use tripot_ai::Level;
use tripot_app::i18n::Lang;
use tripot_app::seat_kind::SeatKind;
use tripot_app::table_save::EveryGame;
use tripot_game::{Opener, Setup};
use tripot_terminal::app::App;
use tripot_terminal::event::{Event, Events};

fn moves_played(app: &App) -> usize {
    app.game_table().unwrap().table().state().moves().len()
}

/// A game of `name` the computer opens against a person, its answer received and being shown.
fn computer_opens(name: &str) -> (App, Events) {
    let events = Events::new();
    let mut app = App::new(Lang::Fr, None, events.sender());
    let state = EveryGame.open(&name.parse().unwrap(), &Setup::default()).unwrap();
    app.start_game_table(state, vec![SeatKind::Computer(Level::Debutant), SeatKind::Person], 1);
    for _ in 0..2000 {
        if app.is_animating() {
            return (app, events);
        }
        if let Some(event) = events.next_timeout(Duration::from_millis(10)) {
            app.handle_event(event);
        }
    }
    panic!("the computer never answered");
}

#[test]
fn the_computers_move_goes_on_hop_by_hop_and_is_played_at_its_end() {
    for game in ["tripot", "kawu-2", "draughts"] {
        let (mut app, _events) = computer_opens(game);
        assert_eq!(moves_played(&app), 0, "{game}: shown before it is played");
        let before = render(&mut app, 120, 40);
        let mut frames = vec![before];
        for _ in 0..400 {
            if !app.is_animating() {
                break;
            }
            app.handle_event(Event::Tick);
            frames.push(render(&mut app, 120, 40));
        }
        assert!(!app.is_animating(), "{game}: the animation ended");
        assert_eq!(moves_played(&app), 1, "{game}: played once shown");
        // Each cell of its path was numbered in turn, in some frame before the move was played
        // (the view is the person's throughout: the cells stay where the last frame drew them).
        let (_, _, path) = app.game_table().unwrap().table().last_move().unwrap();
        render(&mut app, 120, 40);
        for (i, &cell) in path.iter().enumerate().skip(1) {
            let (column, row) = app.cell_place(cell).unwrap();
            let digit = char::from_digit(i as u32, 36).unwrap();
            // A square is drawn a few columns wide, its piece in the middle.
            let numbered = |frame: &String| {
                let line: Vec<char> = frame.lines().nth(usize::from(row)).unwrap().chars().collect();
                line.iter().skip(usize::from(column)).take(3).any(|&c| c == digit)
            };
            let at = frames.iter().position(numbered);
            assert!(at.is_some_and(|at| at > 0), "{game}: hop {i} never shown\n{}", frames[0]);
        }
    }
}

#[test]
fn any_key_plays_the_computers_move_at_once_and_is_not_acted_on() {
    let (mut app, _events) = computer_opens("kawu-2");
    app.handle_event(ch('u'));
    assert!(!app.is_animating());
    assert_eq!(moves_played(&app), 1, "the key played the move and did not undo it");
}
