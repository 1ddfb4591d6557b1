//! What the player sees, as text snapshots (`cargo insta review` after a deliberate change):
//! the menu, a terminal too small, the rules page (the duel's own screens are `duel_table.rs`'s).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::render;
use tripot_app::i18n::Lang;
use tripot_terminal::app::App;
use tripot_terminal::event::Events;

fn app(lang: Lang) -> (App, Events) {
    let events = Events::new();
    (App::new(lang, None, events.sender()), events)
}

#[test]
fn menu_in_french_and_english() {
    let (mut fr, _events) = app(Lang::Fr);
    insta::assert_snapshot!("menu_fr", render(&mut fr, 120, 40));
    let (mut en, _events) = app(Lang::En);
    insta::assert_snapshot!("menu_en_80x30", render(&mut en, 80, 30));
}

#[test]
fn a_terminal_too_small_says_so() {
    let (mut app, _events) = app(Lang::Fr);
    let text = render(&mut app, 70, 20);
    assert!(text.contains("80 × 30"), "{text}");
}

/// The rules page says what the signs mean and how to swap by keyboard, and scrolls no further
/// than its last line: End (or many ↓) leaves that line at the bottom of the frame.
#[test]
fn the_rules_page_explains_the_signs_and_stops_at_its_last_line() {
    for (width, height) in [(80, 30), (120, 40)] {
        let (mut app, _events) = app(Lang::Fr);
        let rules = tripot_terminal::app::MenuItem::ALL
            .iter()
            .position(|&x| x == tripot_terminal::app::MenuItem::Rules)
            .unwrap();
        while app.menu().selected != rules {
            app.handle_event(common::key(crossterm::event::KeyCode::Down));
        }
        app.handle_event(common::key(crossterm::event::KeyCode::Enter));
        assert_eq!(app.page(), tripot_terminal::app::Page::Rules);
        let mut seen = render(&mut app, width, height);
        for _ in 0..200 {
            app.handle_event(common::key(crossterm::event::KeyCode::Down));
            seen.push_str(&render(&mut app, width, height));
        }
        for needed in ["Les signes du plateau", "● ▲ ■ les pions du joueur 1", "<●>", "Échanger au clavier"]
        {
            assert!(seen.contains(needed), "{needed}");
        }
        let screen = render(&mut app, width, height);
        let lines: Vec<&str> = screen.lines().collect();
        let bottom = lines.iter().rposition(|l| l.contains('╰')).unwrap();
        let last_inside = lines[bottom - 1].trim().trim_matches('│').trim();
        assert!(!last_inside.is_empty(), "{width}×{height}: empty space below the text\n{screen}");
        assert!(screen.contains("Maj-clic pour un bond"), "the last line shown:\n{screen}");
        // ↑ then ↓ come back to the same place: ↓ at the end does nothing.
        app.handle_event(common::key(crossterm::event::KeyCode::Up));
        app.handle_event(common::key(crossterm::event::KeyCode::Down));
        assert_eq!(render(&mut app, width, height), screen);
    }
}
