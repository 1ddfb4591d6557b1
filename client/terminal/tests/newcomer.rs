//! What a newcomer tripped over at the one game screen (issue 26): a game left with `q` is said
//! to be saved and offered again by the menu's « Reprendre (r) »; the resume prompt says that Esc
//! keeps the games and dates them; a refused move is worded from its cause in French; the five
//! computers of a kawu-6 table each have a name of their own.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::collections::HashSet;

use common::{ch, key, render};
use crossterm::event::KeyCode;
use tripot_ai::Level;
use tripot_app::i18n::Lang;
use tripot_app::save_store::SaveStore;
use tripot_app::seat_kind::SeatKind;
use tripot_app::table_save::EveryGame;
use tripot_game::{Opener, Setup};
use tripot_terminal::app::{App, Page};
use tripot_terminal::event::Events;

fn typed(app: &mut App, text: &str) {
    app.handle_event(ch(':'));
    for c in text.chars() {
        app.handle_event(ch(c));
    }
    app.handle_event(key(KeyCode::Enter));
}

/// A French app without saves at a new table of `game` with these seats, and its events.
fn at_table(game: &str, seats: Vec<SeatKind>) -> (App, Events) {
    let events = Events::new();
    let mut app = App::new(Lang::Fr, None, events.sender());
    let state = EveryGame.open(&game.parse().unwrap(), &Setup::default()).unwrap();
    app.start_game_table(state, seats, 1);
    (app, events)
}

/// A kawu-6 table of a person and five computers.
fn kawu_6_of_computers() -> (App, Events) {
    let mut seats = vec![SeatKind::Person];
    seats.extend([SeatKind::Computer(Level::Moyen); 5]);
    at_table("kawu-6", seats)
}

fn store(name: &str) -> (std::path::PathBuf, SaveStore) {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("tripot-terminal-newcomer-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let store = SaveStore::new(&dir);
    (dir, store)
}

#[test]
fn q_at_an_unfinished_game_says_it_is_saved_and_the_menu_offers_it_again() {
    let (dir, store) = store("leave");
    let events = Events::new();
    let mut app = App::new(Lang::Fr, Some(store.clone()), events.sender());
    assert_eq!(app.page(), Page::Menu);
    let state = EveryGame.open(&"draughts".parse().unwrap(), &Setup::default()).unwrap();
    app.start_game_table(state, vec![SeatKind::Person, SeatKind::Person], 3);
    typed(&mut app, "33-28");
    app.handle_event(ch('q'));
    assert_eq!(app.page(), Page::Menu);
    assert_eq!(app.message(), Some("Partie enregistrée : Reprendre (r) au menu la reprend."));
    let menu = render(&mut app, 120, 40);
    assert!(menu.contains("Reprendre (r) : une partie n'est pas finie"), "{menu}");

    app.handle_event(ch('r'));
    assert_eq!(app.page(), Page::Resume);
    let prompt = render(&mut app, 80, 30);
    assert!(prompt.contains("Échap la garder pour plus tard"), "{prompt}");
    assert!(prompt.contains(" UTC"), "the game is dated: {prompt}");
    // Esc keeps it: the menu offers it still, and a new start offers it too.
    app.handle_event(key(KeyCode::Esc));
    assert_eq!(app.page(), Page::Menu);
    assert!(render(&mut app, 120, 40).contains("Reprendre (r)"));
    drop(app);
    let mut again = App::new(Lang::Fr, Some(store), events.sender());
    assert_eq!(again.page(), Page::Resume);
    again.handle_event(key(KeyCode::Enter));
    assert_eq!(again.page(), Page::GameTable);
    assert_eq!(again.game_table().unwrap().table().state().moves().len(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_menu_without_unfinished_games_has_no_resume_line() {
    let (dir, store) = store("none");
    let events = Events::new();
    let mut app = App::new(Lang::En, Some(store), events.sender());
    assert_eq!(app.page(), Page::Menu);
    let menu = render(&mut app, 120, 40);
    assert!(!menu.contains("Resume (r)"), "{menu}");
    app.handle_event(ch('r'));
    assert_eq!(app.page(), Page::Menu);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_move_naming_no_cell_is_refused_in_french_with_its_cause() {
    let (mut app, _events) = at_table("kawu-3", vec![SeatKind::Person; 3]);
    typed(&mut app, "z99-z98");
    let message = app.message().unwrap().to_owned();
    assert!(message.starts_with("Coup refusé : « z99-z98 » n'est pas un coup : "), "{message}");
    for english in ["is not", "the board", "in move", "cell"] {
        assert!(!message.contains(english), "English in « {message} »");
    }
}

#[test]
fn the_five_computers_of_a_kawu_6_table_have_five_names() {
    let (mut app, _events) = kawu_6_of_computers();
    let screen = render(&mut app, 120, 40);
    let names =
        ["Giuseppe Garibaldi"].into_iter().chain(tripot_app::computer_names::MORE_NAMES.into_iter().take(4));
    let shown: HashSet<&str> = names.filter(|name| screen.contains(name)).collect();
    assert_eq!(shown.len(), 5, "{screen}");
}

#[test]
fn stern_halmas_home_rule_is_counted_and_warned_before_it_bites() {
    let spec = "halma-3".parse().unwrap();
    let start = EveryGame.open(&spec, &Setup::default()).unwrap();
    let setup = Setup { opener: None, position: Some(format!("{} moves=26", start.position_string())) };
    let state = EveryGame.open(&spec, &setup).unwrap();
    let marbles = state
        .counters(tripot_game::Seat(0))
        .iter()
        .find(|c| c.kind == tripot_game::CounterKind::AtHome)
        .unwrap()
        .value;
    let events = Events::new();
    let mut app = App::new(Lang::Fr, None, events.sender());
    app.start_game_table(state, vec![SeatKind::Person; 3], 1);
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("maison : coup 26/30"), "{screen}");
    assert!(screen.contains(&format!("{marbles} billes à la maison")), "{screen}");
    assert!(screen.contains("⚠ plus que 4 coups pour sortir de la maison"), "{screen}");

    // Early in the game the count is there, without the warning.
    let mut early = App::new(Lang::Fr, None, events.sender());
    early.start_game_table(start, vec![SeatKind::Person; 3], 1);
    let screen = render(&mut early, 120, 40);
    assert!(screen.contains("maison : coup 0/30"), "{screen}");
    assert!(!screen.contains("⚠"), "{screen}");
}

#[test]
fn the_level_and_the_cells_names_are_found_again_after_a_restart() {
    let (dir, store) = store("preferences");
    let events = Events::new();
    let mut app = App::new(Lang::Fr, Some(store.clone()), events.sender());
    assert_eq!(app.menu().level, Level::Moyen);
    // The level line is the solo's first setting.
    app.handle_event(key(KeyCode::Down));
    app.handle_event(key(KeyCode::Right));
    let chosen = app.menu().level;
    assert_ne!(chosen, Level::Moyen);
    let state = EveryGame.open(&"kawu-3".parse().unwrap(), &Setup::default()).unwrap();
    app.start_game_table(state, vec![SeatKind::Person; 3], 1);
    assert!(!app.game_table().unwrap().shows_names());
    app.handle_event(ch('n'));
    assert!(app.game_table().unwrap().shows_names());
    drop(app);

    let mut again = App::new(Lang::Fr, Some(store), events.sender());
    assert_eq!(again.menu().level, chosen);
    let state = EveryGame.open(&"kawu-3".parse().unwrap(), &Setup::default()).unwrap();
    again.start_game_table(state, vec![SeatKind::Person; 3], 1);
    assert!(again.game_table().unwrap().shows_names());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_kawu_6_table_of_computers_fits_80_by_30() {
    let (mut app, _events) = kawu_6_of_computers();
    let screen = render(&mut app, 80, 30);
    // No word cut at the frame (« · Moye »), no button drawn over the frame's bottom line.
    assert!(!screen.contains("Moye│") && !screen.contains("· Moy "), "{screen}");
    let bottom = screen.lines().find(|l| l.contains('╰')).unwrap_or_default();
    assert!(!bottom.contains("Menu"), "{screen}");
    assert!(screen.contains("Menu (q)"), "{screen}");
    insta::assert_snapshot!("kawu_6_five_computers_80x30", screen);
}

#[test]
fn the_captures_games_cursor_starts_on_a_piece_that_can_move() {
    for game in ["captures-2", "captures-3", "captures-long-5"] {
        let events = Events::new();
        let mut app = App::new(Lang::Fr, None, events.sender());
        let state = EveryGame.open(&game.parse().unwrap(), &Setup::default()).unwrap();
        let seats = state.seat_count();
        app.start_game_table(state, vec![SeatKind::Person; usize::from(seats)], 1);
        let screen = app.game_table().unwrap();
        let cursor = screen.cursor();
        let moves = screen.table().state().legal_moves();
        assert!(moves.iter().any(|m| m.cells().first() == Some(&cursor)), "{game}: the cursor on {cursor:?}");
    }
    // A computer opens: once it has played, the person's cursor stands on a piece that can move.
    let (mut app, events) =
        at_table("captures-2", vec![SeatKind::Computer(Level::Debutant), SeatKind::Person]);
    for _ in 0..5000 {
        let table = app.game_table().unwrap().table();
        if table.person_to_move() && !app.is_animating() {
            break;
        }
        match events.next_timeout(std::time::Duration::from_millis(10)) {
            Some(event) => app.handle_event(event),
            None => app.handle_event(tripot_terminal::event::Event::Tick),
        }
    }
    let screen = app.game_table().unwrap();
    assert!(screen.table().person_to_move(), "the computer never answered");
    assert!(screen.table().pickable().contains(&screen.cursor()), "the cursor on {:?}", screen.cursor());
}

#[test]
fn the_end_panel_says_the_winner_was_left_alone_by_an_elimination() {
    // RULES-STAR.md §4.6: S's j5-j4 goes back home after its 30th move and eliminates it; N is
    // left alone and wins without a marble in its goal (the panel said « but atteint »).
    let position = "S:Ne14,f14,g14,h14,e15,f15,g15,e16,f16,e17:Se5,f5,g5,h5,i5,j5,n5,o5,p5,q5 moves=30";
    let setup = Setup { opener: None, position: Some(position.to_owned()) };
    let state = EveryGame.open(&"halma-2".parse().unwrap(), &setup).unwrap();
    let events = Events::new();
    let mut app = App::new(Lang::Fr, None, events.sender());
    app.start_game_table(state, vec![SeatKind::Person; 2], 1);
    typed(&mut app, "j5-j4");
    app.handle_event(ch('o'));
    let table = app.game_table().unwrap().table();
    assert!(table.state().outcome().is_some(), "{:?}", app.message());
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("Joueur 2 (N) reste seul en jeu : 1 éliminé(s) par la"), "{screen}");
    assert!(screen.contains("règle de la maison"), "{screen}");
    assert!(!screen.contains("partie terminée"), "{screen}");
    insta::assert_snapshot!("halma_2_won_by_elimination", screen);
}
