//! The duel at the one table, played through the same handler the event loop uses (what the
//! duel's own screen was tested for, on the screen of every game): a hot-seat game with the
//! keyboard alone, a solo game with the mouse alone, chains built hop by hop, Tab and `d`, a move
//! typed, the arrows, the menu's Solo and Duel; and what the player sees, as snapshots: each
//! format's start, a pawn with its swap, a passed turn, the end.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{
    ch, click_button, click_cell, enter_on_cell, key, keys_to_cell, picked, render, shown_table,
    space_on_cell, wait_for_computer, written,
};
use crossterm::event::KeyCode;
use tripot_ai::Level;
use tripot_app::i18n::Lang;
use tripot_app::seat_kind::SeatKind;
use tripot_app::table_save::EveryGame;
use tripot_engine::Format;
use tripot_game::{EndReason, Opener as _, Seat, Setup};
use tripot_terminal::app::{App, Button, Page};
use tripot_terminal::event::{Event, Events};

const TWO_PEOPLE: [SeatKind; 2] = [SeatKind::Person, SeatKind::Person];

/// Format 1, A to move: S needs two steps (h12, h13, h14) to fill its goal; N has one pawn
/// out of its goal, on m6.
const NEAR_THE_END: &str = "A:Nm1,l2,m2,k3,l3,m3,j4,k4,l4,m6:Se17,e16,f16,e15,f15,g15,e14,f14,g14,h12";

/// S's m1 has the chain m1-m3-m5-m7 over m2, m4 and m6.
const THREE_HOP_LANE: &str = "A:Ne17,e16,f16,e15,f15,g15,e14,f14,g14,h14:Sm1,m2,m4,m6,j4,k4,l4,k3,l3,l2";

fn app(lang: Lang) -> (App, Events) {
    let events = Events::new();
    (App::new(lang, None, events.sender()), events)
}

/// The duel `spec` at the one table, from `position` (its start if none), with `seats`.
fn duel(app: &mut App, spec: &str, position: Option<&str>, seats: &[SeatKind]) {
    let setup = Setup { opener: None, position: position.map(str::to_owned) };
    let state = EveryGame.open(&spec.parse().unwrap(), &setup).unwrap();
    app.start_game_table(state, seats.to_vec(), 3);
}

fn moves(app: &App) -> usize {
    shown_table(app).state().moves().len()
}

#[test]
fn hot_seat_game_with_the_keyboard_alone() {
    let (mut app, _events) = app(Lang::Fr);
    duel(&mut app, "tripot", Some(NEAR_THE_END), &TWO_PEOPLE);
    assert_eq!(app.page(), Page::GameTable);

    // Esc drops a pick; the other side's pawn cannot be picked.
    enter_on_cell(&mut app, "h12");
    assert_eq!(picked(&app), ["h12"]);
    app.handle_event(key(KeyCode::Esc));
    assert!(picked(&app).is_empty());
    enter_on_cell(&mut app, "m6");
    assert!(picked(&app).is_empty());

    enter_on_cell(&mut app, "h12");
    enter_on_cell(&mut app, "h13");
    enter_on_cell(&mut app, "m6");
    enter_on_cell(&mut app, "m5");
    assert_eq!(moves(&app), 2);
    // Undo in hot-seat takes back the last move: player 2 moves again.
    app.handle_event(ch('u'));
    assert_eq!(moves(&app), 1);
    assert_eq!(shown_table(&app).state().to_move(), Some(Seat(1)));
    enter_on_cell(&mut app, "m6");
    enter_on_cell(&mut app, "l6");
    enter_on_cell(&mut app, "h13");
    enter_on_cell(&mut app, "h14");

    assert_eq!(written(&app), ["h12-h13", "m6-l6", "h13-h14"]);
    let outcome = shown_table(&app).state().outcome().unwrap();
    assert_eq!((outcome.winners(), outcome.reason), (vec![Seat(0)], EndReason::Finished));
    // Undo is over once the game is; the rematch starts the game again; then the menu.
    app.handle_event(ch('u'));
    assert_eq!(moves(&app), 3);
    app.handle_event(ch('r'));
    assert_eq!(moves(&app), 0);
    app.handle_event(ch('q'));
    assert_eq!(app.page(), Page::Menu);
    app.handle_event(ch('q'));
    assert!(!app.running());
}

#[test]
fn a_chain_built_hop_by_hop_with_space_ends_with_fin_du_saut() {
    let (mut app, _events) = app(Lang::Fr);
    duel(&mut app, "tripot", Some(THREE_HOP_LANE), &TWO_PEOPLE);
    enter_on_cell(&mut app, "m1");
    space_on_cell(&mut app, "m3");
    assert_eq!(picked(&app), ["m1", "m3"]);
    assert_eq!(app.message(), Some("Sautez encore, ou « Fin du saut »."));
    space_on_cell(&mut app, "m5");
    assert_eq!(picked(&app), ["m1", "m3", "m5"]);
    app.handle_event(ch('f'));
    assert_eq!(written(&app), ["m1-m3-m5"]);
}

#[test]
fn esc_during_a_chain_takes_back_the_last_hop_only() {
    let (mut app, _events) = app(Lang::Fr);
    duel(&mut app, "tripot", Some(THREE_HOP_LANE), &TWO_PEOPLE);
    enter_on_cell(&mut app, "m1");
    space_on_cell(&mut app, "m3");
    space_on_cell(&mut app, "m5");
    assert_eq!(picked(&app), ["m1", "m3", "m5"]);
    app.handle_event(key(KeyCode::Esc));
    assert_eq!(picked(&app), ["m1", "m3"]);
    assert_eq!(app.message(), Some("Sautez encore, ou « Fin du saut »."));
    // Back to the pawn alone: its destinations again; then nothing, and no stale message.
    app.handle_event(key(KeyCode::Esc));
    assert_eq!(picked(&app), ["m1"]);
    assert_eq!(app.message(), Some("Choisissez une destination (Échap pour annuler)."));
    app.handle_event(key(KeyCode::Esc));
    assert!(picked(&app).is_empty());
    assert_eq!(app.message(), None);
    assert_eq!(moves(&app), 0);
    // After one hop taken back, Fin du saut plays what is left of the chain.
    enter_on_cell(&mut app, "m1");
    space_on_cell(&mut app, "m3");
    space_on_cell(&mut app, "m5");
    app.handle_event(key(KeyCode::Esc));
    app.handle_event(ch('f'));
    assert_eq!(written(&app), ["m1-m3"]);
}

#[test]
fn a_chain_stopped_at_its_first_landing_ends_the_move_there() {
    let (mut app, _events) = app(Lang::Fr);
    duel(&mut app, "tripot", Some(THREE_HOP_LANE), &TWO_PEOPLE);
    // m3: one hop from m1, and the chain could go on from it (to m5, m7, k5): Enter goes on,
    // « Fin du saut » ends the move there.
    enter_on_cell(&mut app, "m1");
    enter_on_cell(&mut app, "m3");
    if written(&app).is_empty() {
        assert_eq!(picked(&app), ["m1", "m3"]);
        app.handle_event(ch('f'));
    }
    assert_eq!(written(&app), ["m1-m3"]);
    assert!(picked(&app).is_empty());
}

#[test]
fn solo_game_with_the_mouse_alone() {
    let (mut app, events) = app(Lang::Fr);
    duel(&mut app, "tripot", Some(NEAR_THE_END), &[SeatKind::Person, SeatKind::Computer(Level::Debutant)]);

    // The hint, by its button: it arrives from another thread.
    click_button(&mut app, Button::Hint);
    let hint = loop {
        match events.next_timeout(std::time::Duration::from_secs(20)).expect("a hint") {
            event @ Event::TableAnswer { .. } => {
                app.handle_event(event);
                break app.message().unwrap().to_owned();
            }
            other => app.handle_event(other),
        }
    };
    assert!(hint.starts_with("Indice : "), "{hint}");

    click_cell(&mut app, "h12");
    click_cell(&mut app, "h13");
    assert_eq!(moves(&app), 1);
    assert!(app.is_thinking());
    // Clicks while the computer thinks do nothing.
    click_cell(&mut app, "h13");
    assert!(picked(&app).is_empty());
    wait_for_computer(&mut app, &events);
    assert_eq!(moves(&app), 2);

    // Undo (the button) takes back the computer's reply and my move.
    click_button(&mut app, Button::Undo);
    assert_eq!(moves(&app), 0);
    click_cell(&mut app, "h12");
    click_cell(&mut app, "h13");
    wait_for_computer(&mut app, &events);

    // Whatever the computer did, a move now fills the goal: play it with clicks.
    let state = shown_table(&app).state().clone_box();
    let winning = state
        .legal_moves()
        .into_iter()
        .find(|m| {
            let mut after = state.clone_box();
            after.play(m).is_ok() && after.outcome().is_some_and(|o| o.winners() == [Seat(0)])
        })
        .expect("a winning move");
    let cells: Vec<String> =
        winning.cells().iter().map(|&c| state.board().cell(c).unwrap().name.clone()).collect();
    click_cell(&mut app, &cells[0]);
    click_cell(&mut app, &cells[cells.len() - 1]);
    let outcome = shown_table(&app).state().outcome().expect("over");
    assert_eq!(outcome.winners(), [Seat(0)]);
    // Rematch by its button, then the menu by its own.
    click_button(&mut app, Button::Rematch);
    assert_eq!(moves(&app), 0);
    click_button(&mut app, Button::Menu);
    assert_eq!(app.page(), Page::Menu);
}

#[test]
fn ctrl_c_quits_from_anywhere() {
    let (mut app, _events) = app(Lang::Fr);
    duel(&mut app, "tripot", None, &TWO_PEOPLE);
    app.handle_event(Event::Key(crossterm::event::KeyEvent::new(
        KeyCode::Char('c'),
        crossterm::event::KeyModifiers::CONTROL,
    )));
    assert!(!app.running());
}

#[test]
fn tab_picks_each_movable_pawn_in_turn_and_d_goes_to_its_destinations() {
    let (mut app, _events) = app(Lang::Fr);
    duel(&mut app, "tripot", Some(THREE_HOP_LANE), &TWO_PEOPLE);
    let movable = shown_table(&app).pickable();
    let mut seen = Vec::new();
    for _ in 0..movable.len() {
        app.handle_event(key(KeyCode::Tab));
        seen.push(app.table_cursor().unwrap());
    }
    seen.sort_unstable();
    let mut expected = movable.clone();
    expected.sort_unstable();
    assert_eq!(seen, expected, "every movable pawn once");
    // Shift-Tab goes back.
    app.handle_event(key(KeyCode::Tab));
    let forward = app.table_cursor().unwrap();
    app.handle_event(key(KeyCode::BackTab));
    app.handle_event(key(KeyCode::Tab));
    assert_eq!(app.table_cursor().unwrap(), forward);

    // m1's destinations are reached with d; Enter on the chain's far end plays it.
    enter_on_cell(&mut app, "m1");
    let m7 = common::cell(&app, "m7");
    for _ in 0..20 {
        if app.table_cursor() == Some(m7) {
            break;
        }
        app.handle_event(ch('d'));
    }
    assert_eq!(app.table_cursor(), Some(m7), "d reaches the far end of m1-m3-m5-m7");
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(written(&app), ["m1-m3-m5-m7"]);
}

#[test]
fn a_move_is_typed_in_notation_after_a_colon() {
    let (mut app, _events) = app(Lang::Fr);
    duel(&mut app, "tripot", Some(THREE_HOP_LANE), &TWO_PEOPLE);
    // An illegal move is refused with the reason, and nothing is played.
    app.handle_event(ch(':'));
    for c in "m1-m9".chars() {
        app.handle_event(ch(c));
    }
    assert!(app.message().unwrap().contains("m1-m9"), "{:?}", app.message());
    app.handle_event(key(KeyCode::Enter));
    assert!(app.message().unwrap().starts_with("Coup refusé"), "{:?}", app.message());
    assert_eq!(moves(&app), 0);
    // Esc drops what was typed.
    app.handle_event(ch(':'));
    app.handle_event(ch('x'));
    app.handle_event(key(KeyCode::Esc));
    assert_eq!(app.message(), None);
    // A chain given by its ends is played, expanded to its path.
    app.handle_event(ch(':'));
    for c in "m1-m7".chars() {
        app.handle_event(ch(c));
    }
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(written(&app), ["m1-m3-m5-m7"]);
}

/// The arrows go from cell to cell as drawn: ← and → stay on the row, ↑ goes up, and ↓ after
/// ↑ comes back where it was; the cursor never leaves the board.
#[test]
fn arrows_move_the_cursor_over_the_board_as_drawn() {
    let (mut app, _events) = app(Lang::Fr);
    duel(&mut app, "tripot", None, &TWO_PEOPLE);
    keys_to_cell(&mut app, "k4");
    let start = common::place(&mut app, "k4");
    app.handle_event(key(KeyCode::Up));
    render(&mut app, 120, 40);
    let up = app.cell_place(app.table_cursor().unwrap()).unwrap();
    assert!(up.1 < start.1, "↑ goes up: {start:?} → {up:?}");
    app.handle_event(key(KeyCode::Down));
    assert_eq!(common::cell_name(&app, app.table_cursor().unwrap()), "k4");
    for code in [KeyCode::Left, KeyCode::Right] {
        keys_to_cell(&mut app, "k4");
        app.handle_event(key(code));
        render(&mut app, 120, 40);
        let to = app.cell_place(app.table_cursor().unwrap()).unwrap();
        assert_eq!(to.1, start.1, "{code:?} stays on the row");
        assert_ne!(to.0, start.0, "{code:?} moves");
    }
}

#[test]
fn start_position_of_each_format() {
    for format in 1..=3 {
        let (mut app, _events) = app(Lang::Fr);
        let spec = if format == 1 { "tripot".to_owned() } else { format!("tripot-f{format}") };
        duel(&mut app, &spec, None, &TWO_PEOPLE);
        insta::assert_snapshot!(format!("start_format_{format}"), render(&mut app, 120, 40));
    }
    // On the smallest terminal allowed, with the cells' names.
    let (mut app, _events) = app(Lang::En);
    duel(&mut app, "tripot-f3", None, &TWO_PEOPLE);
    app.handle_event(ch('n'));
    insta::assert_snapshot!("start_format_3_80x30_names", render(&mut app, 80, 30));
}

#[test]
fn selected_pawn_shows_steps_jumps_and_its_swap() {
    // RULES §5 case B: nine S pawns home, the last one out on i9, an N pawn in the goal on e17.
    let start = "A:Ne17,m4,l4,k4,j4,m3,l3,k3,m2,l2:Se16,f16,e15,f15,g15,e14,f14,g14,h14,i9";
    let (mut app, _events) = app(Lang::Fr);
    duel(&mut app, "tripot", Some(start), &TWO_PEOPLE);
    enter_on_cell(&mut app, "g15");
    // The cursor waits on the most promising target: the swap, which brings the last pawn home.
    assert_eq!(app.table_cursor(), Some(common::cell(&app, "e17")));
    app.handle_event(ch('d'));
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("<"), "the swap partner is marked:\n{screen}");
    insta::assert_snapshot!("selected_with_swap", screen);
}

#[test]
fn a_blocked_side_is_announced_and_passes() {
    // Classic rules, format 2: S and SE walled in, every short jump landing on a pawn.
    let start = "A:Ni5,j5,k5,l5,m5,h6,i6,j6,k6,l6:SEn5,n6,n7,n8,o5,o6,o7,p5,p6,q5:\
                 Sm1,l2,m2,k3,l3,m3,j4,k4,l4,m4:NWm6,m7,m8,m9,l7,l8,l9,l10,a13,b13";
    let (mut app, _events) = app(Lang::Fr);
    duel(
        &mut app,
        "tripot-classic-f2",
        Some(start),
        &[SeatKind::Person, SeatKind::Computer(Level::Debutant)],
    );
    assert!(app.message().unwrap().contains("tour passé"), "{:?}", app.message());
    assert_eq!(moves(&app), 1);
    let screen = render(&mut app, 120, 40);
    insta::assert_snapshot!("pass_announced", screen);
}

#[test]
fn end_screen_tells_who_won_and_why() {
    let start = "A:Nm1,l2,m2,k3,l3,m3,j4,k4,l4,m6:Se17,e16,f16,e15,f15,g15,e14,f14,g14,h13";
    let (mut app, _events) = app(Lang::Fr);
    duel(&mut app, "tripot", Some(start), &TWO_PEOPLE);
    enter_on_cell(&mut app, "h13");
    enter_on_cell(&mut app, "h14");
    assert!(shown_table(&app).state().outcome().is_some());
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("Revanche (r)") && screen.contains("Menu (q)"), "{screen}");
    insta::assert_snapshot!("end_goal", screen);
}

#[test]
fn menu_starts_solo_against_the_computer_at_its_level_at_the_one_table() {
    let events = Events::new();
    let mut app = App::new(Lang::Fr, None, events.sender());
    app.handle_event(key(KeyCode::Down));
    app.handle_event(key(KeyCode::Right));
    assert_eq!(app.menu().level, Level::Difficile);
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(app.page(), Page::GameTable);
    let table = app.game_table().unwrap().table();
    assert_eq!(table.state().spec().as_str(), "tripot");
    assert_eq!(table.seats(), [SeatKind::Person, SeatKind::Computer(Level::Difficile)]);
    assert_eq!(table.state().to_move(), Some(Seat(0)), "the person opens by default");
}

#[test]
fn menu_starts_a_duel_with_its_settings() {
    let events = Events::new();
    let mut app = App::new(Lang::Fr, None, events.sender());
    for _ in 0..4 {
        app.handle_event(key(KeyCode::Down));
    }
    app.handle_event(key(KeyCode::Down));
    app.handle_event(key(KeyCode::Right));
    app.handle_event(key(KeyCode::Down));
    app.handle_event(key(KeyCode::Right));
    assert_eq!(app.menu().duel_format, Format::Two);
    for _ in 0..2 {
        app.handle_event(key(KeyCode::Up));
    }
    app.handle_event(key(KeyCode::Enter));
    // The duel plays at the one table, as the set-up form would start it.
    assert_eq!(app.page(), Page::GameTable);
    let table = app.game_table().unwrap().table();
    assert_eq!(table.state().spec().as_str(), "tripot-f2");
    assert_eq!(table.seats(), [SeatKind::Person, SeatKind::Person]);
    assert_eq!(table.state().to_move(), Some(Seat(1)), "player 2 opens, as set");
    // Enter on a setting starts its mode, as the footer's « Entrée valider » says; it does not
    // change the setting.
    app.handle_event(ch('q'));
    app.handle_event(key(KeyCode::Down));
    assert_eq!(app.menu().item(), tripot_terminal::app::MenuItem::DuelFormat);
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(app.menu().duel_format, Format::Two);
    let table = app.game_table().unwrap().table();
    assert_eq!(table.state().spec().as_str(), "tripot-f2");
    // Every line of the menu can be reached, the online ones too.
    app.handle_event(ch('q'));
    let mut seen = Vec::new();
    for _ in 0..tripot_terminal::app::MenuItem::ALL.len() {
        app.handle_event(key(KeyCode::Down));
        seen.push(app.menu().item());
    }
    assert!(tripot_terminal::app::MenuItem::ALL.iter().all(|item| seen.contains(item)), "{seen:?}");
}

/// A newcomer read « sur » and a long chain cut short: the keys line keeps whole parts, and a
/// long chain in the history goes on over a second line, at 80 × 30 as at 120 × 40.
#[test]
fn nothing_is_cut_in_the_keys_line_or_the_history() {
    let start = "A:Nb13,d13,f13,h13,j13,l13,m6,m7,m8,m9:Sa13,e17,e16,f16,e15,f15,g15,e14,f14,g14";
    let (mut app, _events) = app(Lang::Fr);
    duel(&mut app, "tripot", Some(start), &TWO_PEOPLE);
    app.handle_event(ch(':'));
    for c in "a13-m13".chars() {
        app.handle_event(ch(c));
    }
    app.handle_event(key(KeyCode::Enter));
    let chain = "a13-c13-e13-g13-i13-k13-m13";
    assert_eq!(written(&app), [chain]);
    let keys_line = tripot_app::i18n::Lang::Fr.s().any_game_keys;
    for (width, height) in [(80, 30), (120, 40)] {
        let screen = render(&mut app, width, height);
        let lines: Vec<&str> = screen.lines().collect();
        let keys = lines[lines.len() - 1].trim_end();
        assert!(
            keys_line.starts_with(keys) && keys_line[keys.len()..].is_empty()
                || keys_line[keys.len()..].starts_with(" · "),
            "{keys}"
        );
        // The chain, read back from the history's lines after « 1. ».
        let first = lines.iter().position(|l| l.contains(" 1. ")).unwrap_or_else(|| panic!("{screen}"));
        let mut read = String::new();
        for line in &lines[first..(first + 3).min(lines.len())] {
            let cell = line.rsplit('│').nth(1).unwrap_or_default();
            let text = cell.trim_start().trim_start_matches("1. ").trim();
            read.push_str(text.split_whitespace().next().unwrap_or_default());
            if read.len() >= chain.len() {
                break;
            }
        }
        assert!(read.starts_with(chain), "{width}×{height}: {read}\n{screen}");
    }
}
