//! What the player sees, as text snapshots (`cargo insta review` after a deliberate change):
//! the menu, each format's start, a selected pawn with its destinations and a swap marker, the
//! announcement of a passed turn, the end screen.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{ch, enter_on, hole, position, render};
use tripot_ai::Level;
use tripot_app::i18n::Lang;
use tripot_engine::{Camp, Format, Rules};
use tripot_terminal::app::{App, Mode, Setup};
use tripot_terminal::event::Events;

fn app(lang: Lang) -> (App, Events) {
    let events = Events::new();
    (App::new(lang, None, events.sender()), events)
}

fn duel(format: Format, rules: Rules) -> Setup {
    Setup { mode: Mode::Duel, format, rules, opener: Camp::A }
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

#[test]
fn start_position_of_each_format() {
    for format in Format::ALL {
        let (mut app, _events) = app(Lang::Fr);
        app.start_game(duel(format, Rules::Tripot));
        insta::assert_snapshot!(format!("start_format_{}", format.number()), render(&mut app, 120, 40));
    }
    // The small scale, on the smallest terminal allowed.
    let (mut app, _events) = app(Lang::En);
    app.start_game(duel(Format::Three, Rules::Tripot));
    app.handle_event(ch('c'));
    insta::assert_snapshot!("start_format_3_80x30_coordinates", render(&mut app, 80, 30));
}

#[test]
fn selected_pawn_shows_steps_jumps_and_its_swap() {
    // RULES §5 case B: nine S pawns home, the last one out on i9, an N pawn in the goal on e17.
    let start =
        position("A:Ne17,m4,l4,k4,j4,m3,l3,k3,m2,l2:Se16,f16,e15,f15,g15,e14,f14,g14,h14,i9", Rules::Tripot);
    let (mut app, _events) = app(Lang::Fr);
    app.start_from(duel(Format::One, Rules::Tripot), start);
    enter_on(&mut app, hole("g15"));
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("<○>"), "the swap target e17 is marked:\n{screen}");
    insta::assert_snapshot!("selected_with_swap", screen);
}

#[test]
fn selected_pawn_previews_the_path_to_the_destination_under_the_cursor() {
    // After two opening moves, the pawn with the longest chain: its steps (+), chain ends (✱),
    // and the numbered landings of the path to the chain end under the cursor.
    let (mut app, _events) = app(Lang::Fr);
    app.start_game(duel(Format::One, Rules::Tripot));
    enter_on(&mut app, hole("k4"));
    enter_on(&mut app, hole("k5"));
    enter_on(&mut app, hole("f14"));
    enter_on(&mut app, hole("f13"));
    let position = *app.game().unwrap().position();
    let (from, to, path) = position
        .camp_pawns(position.turn())
        .iter()
        .flat_map(|from| position.destinations(from).iter().map(move |to| (from, to)))
        .filter_map(|(from, to)| position.jump_path(from, to).map(|p| (from, to, p.len())))
        .max_by_key(|&(from, to, len)| (len, from.index(), to.index()))
        .unwrap();
    assert!(path >= 3, "a chain of two hops at least");
    enter_on(&mut app, from);
    common::arrows_to(&mut app, to);
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains('1') && screen.contains('+') && screen.contains('✱'), "{screen}");
    insta::assert_snapshot!("selected_with_destinations", screen);
}

#[test]
fn a_blocked_side_is_announced_and_passes() {
    // Classic rules, format 2: S and SE walled in, every short jump landing on a pawn.
    let start = position(
        "A:Ni5,j5,k5,l5,m5,h6,i6,j6,k6,l6:SEn5,n6,n7,n8,o5,o6,o7,p5,p6,q5:\
         Sm1,l2,m2,k3,l3,m3,j4,k4,l4,m4:NWm6,m7,m8,m9,l7,l8,l9,l10,a13,b13",
        Rules::Classic,
    );
    let (mut app, _events) = app(Lang::Fr);
    let setup =
        Setup { mode: Mode::Solo { level: Level::Debutant, seed: 1 }, ..duel(Format::Two, Rules::Classic) };
    app.start_from(setup, start);
    assert_eq!(app.message(), Some("Vous étiez bloqué — tour passé"));
    assert_eq!(app.game().unwrap().moves().len(), 1);
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("tour passé"), "{screen}");
    insta::assert_snapshot!("pass_announced", screen);
}

#[test]
fn end_screen_tells_who_won_and_why() {
    let start =
        position("A:Nm1,l2,m2,k3,l3,m3,j4,k4,l4,m6:Se17,e16,f16,e15,f15,g15,e14,f14,g14,h13", Rules::Tripot);
    let (mut app, _events) = app(Lang::Fr);
    app.start_from(duel(Format::One, Rules::Tripot), start);
    enter_on(&mut app, hole("h13"));
    enter_on(&mut app, hole("h14"));
    assert!(app.game().unwrap().outcome().is_some());
    insta::assert_snapshot!("end_goal", render(&mut app, 120, 40));
}

/// A newcomer read « (10 », « sur » and a long chain cut short: the title says the format
/// shorter where it does not fit, the keys line keeps whole parts, and a long chain in the
/// history goes on over a second line, at 80 × 30 as at 120 × 40.
#[test]
fn nothing_is_cut_in_the_title_the_keys_line_or_the_history() {
    let start = position(
        "A:Nb13,d13,f13,h13,j13,l13,m6,m7,m8,m9:Sa13,e17,e16,f16,e15,f15,g15,e14,f14,g14",
        Rules::Tripot,
    );
    let (mut app, _events) = app(Lang::Fr);
    let solo = Setup {
        mode: Mode::Solo { level: Level::Moyen, seed: 1 },
        format: Format::One,
        rules: Rules::Tripot,
        opener: Camp::A,
    };
    app.start_from(solo, start);
    app.handle_event(ch(':'));
    for c in "a13-m13".chars() {
        app.handle_event(ch(c));
    }
    app.handle_event(common::key(crossterm::event::KeyCode::Enter));
    let chain = "a13-c13-e13-g13-i13-k13-m13";
    assert_eq!(app.game().unwrap().moves()[0].notation.to_string(), chain);
    for (width, height) in [(80, 30), (120, 40)] {
        let screen = render(&mut app, width, height);
        let lines: Vec<&str> = screen.lines().collect();
        let title = lines[0].trim_end();
        assert!(title.ends_with("10 pions") || title.ends_with("(10 pions)"), "{title}");
        let keys = lines[lines.len() - 1].trim_end();
        assert!(keys.ends_with("annuler") || keys.ends_with("survol"), "{keys}");
        // The chain, read back from the history's lines after « 1. ».
        let first = lines.iter().position(|l| l.contains(" 1. ")).unwrap_or_else(|| panic!("{screen}"));
        let mut read = String::new();
        for line in &lines[first..first + 2] {
            let cell = line.rsplit('│').nth(1).unwrap_or_default();
            let text = cell.trim_start().trim_start_matches("1. ").trim();
            read.push_str(text.split_whitespace().next().unwrap_or_default());
        }
        assert!(read.starts_with(chain), "{width}×{height}: {read}\n{screen}");
    }
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

/// Row numbers and letters never touch (a newcomer read « 12a »).
#[test]
fn coordinates_keep_row_numbers_apart_from_letters() {
    for (width, height) in [(80, 30), (120, 40)] {
        let (mut app, _events) = app(Lang::Fr);
        app.start_game(duel(Format::One, Rules::Tripot));
        app.handle_event(ch('c'));
        let screen = render(&mut app, width, height);
        // The board's part of each line, left of the side panel, below the title.
        for line in screen.lines().skip(1) {
            let chars: Vec<char> = line.chars().take_while(|&c| c != '│').collect();
            for pair in chars.windows(2) {
                let touching = pair[0].is_ascii_digit() && pair[1].is_ascii_lowercase();
                assert!(!touching, "{width}×{height}: « {}{} »\n{screen}", pair[0], pair[1]);
            }
            for triple in chars.windows(3) {
                let close = triple[0].is_ascii_digit() && triple[1] == ' ' && triple[2].is_ascii_lowercase();
                assert!(!close, "{width}×{height}: « {}{}{} »\n{screen}", triple[0], triple[1], triple[2]);
            }
        }
        assert!(screen.contains("12") && screen.contains(" a "), "{screen}");
    }
}
