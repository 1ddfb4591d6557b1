//! The « Règles » page shows the rules of the game at hand — `?` at a draughts table the
//! draughts rules, at a kawu table kawu's — ←→ go to the other games' rules, and Esc comes
//! back to the game where it was; on the set-up form `?` shows the chosen game's rules.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{ch, key, render};
use crossterm::event::KeyCode;
use tripot_app::i18n::Lang;
use tripot_app::seat_kind::SeatKind;
use tripot_app::table_save::EveryGame;
use tripot_game::{Opener, Setup};
use tripot_terminal::app::{App, MenuItem, Page};
use tripot_terminal::event::Events;

fn table(lang: Lang, game: &str) -> (App, Events) {
    let events = Events::new();
    let mut app = App::new(lang, None, events.sender());
    let state = EveryGame.open(&game.parse().unwrap(), &Setup::default()).unwrap();
    let seats = vec![SeatKind::Person; usize::from(state.seat_count())];
    app.start_game_table(state, seats, 1);
    (app, events)
}

/// The text inside the frame, its lines joined by spaces (a sentence wrapped reads whole).
fn inside(screen: &str) -> String {
    let lines = screen.lines().map(|l| l.trim().trim_matches('│').trim());
    lines.filter(|l| !l.is_empty()).collect::<Vec<_>>().join(" ")
}

/// Every line of the rules page, scrolled from top to bottom.
fn whole_page(app: &mut App, width: u16, height: u16) -> String {
    let mut seen = inside(&render(app, width, height));
    for _ in 0..40 {
        app.handle_event(key(KeyCode::PageDown));
        seen.push(' ');
        seen.push_str(&inside(&render(app, width, height)));
    }
    app.handle_event(key(KeyCode::Home));
    seen
}

#[test]
fn the_rules_page_during_a_draughts_game_shows_the_draughts_rules() {
    let (mut app, _events) = table(Lang::Fr, "draughts");
    app.handle_event(ch('?'));
    assert_eq!(app.page(), Page::Rules);
    insta::assert_snapshot!("rules_draughts_fr", render(&mut app, 100, 40));
    let seen = whole_page(&mut app, 80, 30);
    for needed in ["[Dames]", "La prise obligatoire et la majorité", "Règle des 16 coups", "il reste un pion"]
    {
        assert!(seen.contains(needed), "{needed}\n{seen}");
    }
    assert!(!seen.contains("Le but plein"), "only the game's own rules");
    app.handle_event(key(KeyCode::Esc));
    assert_eq!(app.page(), Page::GameTable, "back to the game");
}

#[test]
fn the_rules_page_during_a_kawu_game_shows_kawus_rules_and_the_arrows_go_to_the_others() {
    let (mut app, _events) = table(Lang::En, "kawu-3");
    app.handle_event(ch('?'));
    assert_eq!(app.page(), Page::Rules);
    let seen = whole_page(&mut app, 120, 40);
    assert!(seen.contains("[kawu]") && seen.contains("The full goal"), "{seen}");
    assert!(seen.contains("at least one of those marbles is theirs"), "{seen}");
    app.handle_event(key(KeyCode::Right));
    let seen = whole_page(&mut app, 120, 40);
    assert!(
        seen.contains("[Stern-Halma]") && seen.contains("The home rule") && seen.contains("The goal rule")
    );
    app.handle_event(key(KeyCode::Right));
    assert!(whole_page(&mut app, 120, 40).contains("most captures wins"));
    app.handle_event(key(KeyCode::Right));
    assert!(whole_page(&mut app, 120, 40).contains("The 5-move rule"));
    app.handle_event(key(KeyCode::Right));
    assert!(whole_page(&mut app, 120, 40).contains("The swap of the stuck pawn"));
    app.handle_event(key(KeyCode::Left));
    assert!(whole_page(&mut app, 120, 40).contains("[Draughts]"));
    app.handle_event(ch('q'));
    assert_eq!(app.page(), Page::GameTable, "q closes the rules, not the game");
}

/// Selects the main menu's line `item`.
fn choose(app: &mut App, item: MenuItem) {
    let at = MenuItem::ALL.iter().position(|&x| x == item).unwrap();
    while app.menu().selected != at {
        app.handle_event(key(KeyCode::Down));
    }
}

#[test]
fn the_set_up_forms_question_mark_shows_the_rules_of_the_game_chosen() {
    let events = Events::new();
    let mut app = App::new(Lang::Fr, None, events.sender());
    choose(&mut app, MenuItem::Table);
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(app.page(), Page::TableMenu);
    app.handle_event(ch('?'));
    assert_eq!(app.page(), Page::Rules);
    let seen = whole_page(&mut app, 120, 40);
    assert!(seen.contains("[kawu]") && seen.contains("Le but plein"), "the form's first game: {seen}");
    app.handle_event(key(KeyCode::Esc));
    assert_eq!(app.page(), Page::TableMenu, "back to the form");
}

#[test]
fn the_main_menus_rules_show_the_game_last_played() {
    let (mut app, _events) = table(Lang::Fr, "draughts");
    app.handle_event(ch('q'));
    assert_eq!(app.page(), Page::Menu);
    choose(&mut app, MenuItem::Rules);
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(app.page(), Page::Rules);
    assert!(render(&mut app, 120, 40).contains("[Dames]"));
    app.handle_event(key(KeyCode::Esc));
    assert_eq!(app.page(), Page::Menu);
}

/// The lines of the rules page, scrolled from top to bottom, as drawn (non-breaking spaces read
/// as spaces).
fn page_lines(app: &mut App, width: u16, height: u16) -> Vec<String> {
    let mut lines = Vec::new();
    for _ in 0..40 {
        lines.extend(render(app, width, height).lines().map(|l| l.replace('\u{a0}', " ")));
        app.handle_event(key(KeyCode::PageDown));
    }
    app.handle_event(key(KeyCode::Home));
    lines
}

#[test]
fn a_buttons_name_in_quotes_is_never_cut_by_the_wrapping() {
    let (mut app, _events) = table(Lang::Fr, "tripot");
    app.handle_event(ch('?'));
    for width in 80..=120 {
        let lines = page_lines(&mut app, width, 30);
        let quoted: Vec<&String> =
            lines.iter().filter(|l| l.contains("Fin") || l.contains("saut »")).collect();
        assert!(!quoted.is_empty(), "« Fin du saut » is on the page at {width}");
        for line in quoted {
            let cut =
                (line.contains("« Fin") || line.contains("du saut »")) && !line.contains("« Fin du saut »");
            assert!(!cut, "« Fin du saut » cut at {width} columns:\n{line}");
        }
    }
    // Where it used to be cut.
    insta::assert_snapshot!("rules_tripot_fr_84x30", render(&mut app, 84, 30));
}
