//! Whole games played through the same handler the event loop uses: a hot-seat game with the
//! keyboard alone, a solo game with the mouse alone.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{
    arrows_to, ch, click, click_button, enter_on, hole, hover, key, position, render, space_on,
    wait_for_computer,
};
use crossterm::event::KeyCode;
use tripot_ai::Level;
use tripot_app::i18n::Lang;
use tripot_app::seat_kind::SeatKind;
use tripot_engine::{Camp, Format, Hole, Move, Notation, Position, Rules, WinReason};
use tripot_game::Seat;
use tripot_terminal::app::{App, Button, Mode, Page, Setup};
use tripot_terminal::event::{Event, Events};

/// Format 1, A to move: S needs two steps (h12, h13, h14) to fill its goal; N has one pawn
/// out of its goal, on m6.
fn near_the_end() -> Position {
    position("A:Nm1,l2,m2,k3,l3,m3,j4,k4,l4,m6:Se17,e16,f16,e15,f15,g15,e14,f14,g14,h12", Rules::Tripot)
}

#[test]
fn hot_seat_game_with_the_keyboard_alone() {
    let events = Events::new();
    let mut app = App::new(Lang::Fr, None, events.sender());
    let setup = Setup { mode: Mode::Duel, format: Format::One, rules: Rules::Tripot, opener: Camp::A };
    app.start_from(setup, near_the_end());

    // Esc drops a selection; Enter on the pawn again drops it too.
    enter_on(&mut app, hole("h12"));
    assert_eq!(app.game().unwrap().selection_path(), Some(vec![hole("h12")]));
    app.handle_event(key(KeyCode::Esc));
    assert_eq!(app.game().unwrap().selection_path(), None);
    // The other side's pawn cannot be picked.
    enter_on(&mut app, hole("m6"));
    assert_eq!(app.game().unwrap().selection_path(), None);

    enter_on(&mut app, hole("h12"));
    enter_on(&mut app, hole("h13"));
    enter_on(&mut app, hole("m6"));
    enter_on(&mut app, hole("m5"));
    assert_eq!(app.game().unwrap().moves().len(), 2);
    // Undo in hot-seat takes back the last move: player 2 moves again.
    app.handle_event(ch('u'));
    assert_eq!(app.game().unwrap().moves().len(), 1);
    assert_eq!(app.game().unwrap().position().turn(), Camp::B);
    enter_on(&mut app, hole("m6"));
    enter_on(&mut app, hole("l6"));
    enter_on(&mut app, hole("h13"));
    enter_on(&mut app, hole("h14"));

    let game = app.game().unwrap();
    let written: Vec<String> = game.moves().iter().map(|p| p.notation.to_string()).collect();
    assert_eq!(written, ["h12-h13", "m6-l6", "h13-h14"]);
    let outcome = game.outcome().unwrap();
    assert_eq!((outcome.winner, outcome.reason), (Camp::A, WinReason::Goal));
    // Undo is over once the game is; the rematch has the other side open; then the menu.
    app.handle_event(ch('u'));
    assert_eq!(app.game().unwrap().moves().len(), 3);
    app.handle_event(ch('r'));
    let rematch = app.game().unwrap();
    assert_eq!(rematch.moves().len(), 0);
    assert_eq!(rematch.position().turn(), Camp::B);
    assert_eq!(*rematch.position(), Position::start(Format::One, Rules::Tripot, Camp::B));
    app.handle_event(ch('q'));
    assert_eq!(app.page(), Page::Menu);
    app.handle_event(ch('q'));
    assert!(!app.running());
}

/// A duel after k4-k5 and f14-f13, and the longest shortest chain camp A then has.
fn opened_lane(app: &mut App) -> (tripot_engine::Path, Position) {
    let setup = Setup { mode: Mode::Duel, format: Format::One, rules: Rules::Tripot, opener: Camp::A };
    app.start_game(setup);
    for (from, to) in [("k4", "k5"), ("f14", "f13")] {
        enter_on(app, hole(from));
        enter_on(app, hole(to));
    }
    let position = *app.game().unwrap().position();
    let path = position
        .camp_pawns(Camp::A)
        .iter()
        .flat_map(|from| {
            position.destinations(from).iter().filter_map(move |to| position.jump_path(from, to))
        })
        .max_by_key(|p| (p.len(), p[0].index(), p[p.len() - 1].index()))
        .unwrap();
    assert!(path.len() >= 3, "a chain of two hops at least");
    (path, position)
}

#[test]
fn a_chain_built_hop_by_hop_with_space_ends_with_fin_du_saut() {
    let events = Events::new();
    let mut app = App::new(Lang::Fr, None, events.sender());
    let (path, _) = opened_lane(&mut app);
    assert!(path.len() >= 3);
    enter_on(&mut app, path[0]);
    for (i, &hop) in path[1..].iter().enumerate() {
        space_on(&mut app, hop);
        let built = app.game().unwrap().selection_path();
        if i + 2 < path.len() {
            assert_eq!(built.as_deref(), Some(&path[..i + 2]), "hop {i}");
            assert_eq!(app.message(), Some("Sautez encore, ou « Fin du saut »."));
        }
    }
    // The chain may end by itself when no hop is left; otherwise "Fin du saut".
    if app.game().unwrap().moves().len() == 2 {
        let path_now = app.game().unwrap().selection_path().unwrap();
        assert_eq!(path_now, path.to_vec());
        app.handle_event(ch('f'));
    }
    let game = app.game().unwrap();
    assert_eq!(game.moves().len(), 3);
    assert_eq!(game.moves()[2].notation, Notation::Path(path.clone()));
    assert!(matches!(game.moves()[2].mv, Move::Jump { .. }));
}

/// A duel where S's m1 has the chain m1-m3-m5-m7 over m2, m4 and m6 (the example).
fn three_hop_lane(app: &mut App) {
    let setup = Setup { mode: Mode::Duel, format: Format::One, rules: Rules::Tripot, opener: Camp::A };
    let lane = "A:Ne17,e16,f16,e15,f15,g15,e14,f14,g14,h14:Sm1,m2,m4,m6,j4,k4,l4,k3,l3,l2";
    app.start_from(setup, position(lane, Rules::Tripot));
}

#[test]
fn esc_during_a_chain_takes_back_the_last_hop_only() {
    let events = Events::new();
    let mut app = App::new(Lang::Fr, None, events.sender());
    three_hop_lane(&mut app);
    let path: Vec<_> = ["m1", "m3", "m5"].into_iter().map(hole).collect();
    enter_on(&mut app, path[0]);
    space_on(&mut app, path[1]);
    space_on(&mut app, path[2]);
    assert_eq!(app.game().unwrap().selection_path(), Some(path.clone()));
    app.handle_event(key(KeyCode::Esc));
    assert_eq!(app.game().unwrap().selection_path(), Some(path[..2].to_vec()));
    assert_eq!(app.message(), Some("Sautez encore, ou « Fin du saut »."));
    // Back to the pawn alone: its destinations again; then nothing, and no stale message.
    app.handle_event(key(KeyCode::Esc));
    assert_eq!(app.game().unwrap().selection_path(), Some(vec![path[0]]));
    assert_eq!(app.message(), Some("Choisissez une destination (Échap pour annuler)."));
    app.handle_event(key(KeyCode::Esc));
    assert_eq!(app.game().unwrap().selection_path(), None);
    assert_eq!(app.message(), None);
    assert!(app.game().unwrap().moves().is_empty());
    // After one hop taken back, Fin du saut plays what is left of the chain.
    enter_on(&mut app, path[0]);
    space_on(&mut app, path[1]);
    space_on(&mut app, path[2]);
    app.handle_event(key(KeyCode::Esc));
    app.handle_event(ch('f'));
    assert_eq!(app.game().unwrap().moves()[0].notation, Notation::Path(path[..2].iter().copied().collect()));
}

#[test]
fn enter_on_a_near_jump_destination_ends_the_move_there() {
    let events = Events::new();
    let mut app = App::new(Lang::Fr, None, events.sender());
    three_hop_lane(&mut app);
    // m3: one hop from m1, and the chain could go on from it (to m5, m7, k5).
    enter_on(&mut app, hole("m1"));
    enter_on(&mut app, hole("m3"));
    let game = app.game().unwrap();
    assert_eq!(game.moves().len(), 1, "Enter on a one-hop ✱ played the move");
    assert_eq!(game.moves()[0].mv, Move::Jump { from: hole("m1"), to: hole("m3") });
    assert_eq!(game.selection_path(), None);
}

#[test]
fn solo_game_with_the_mouse_alone() {
    let events = Events::new();
    let mut app = App::new(Lang::Fr, None, events.sender());
    let setup = Setup {
        mode: Mode::Solo { level: Level::Debutant, seed: 3 },
        format: Format::One,
        rules: Rules::Tripot,
        opener: Camp::A,
    };
    app.start_from(setup, near_the_end());

    // The hint, by its button: it arrives from another thread.
    click_button(&mut app, Button::Hint);
    let hint = loop {
        match events.next_timeout(std::time::Duration::from_secs(20)).expect("a hint") {
            event @ Event::Hint { .. } => {
                app.handle_event(event);
                break app.message().unwrap().to_owned();
            }
            other => app.handle_event(other),
        }
    };
    assert!(hint.starts_with("Indice : "), "{hint}");

    click(&mut app, hole("h12"));
    click(&mut app, hole("h13"));
    assert_eq!(app.game().unwrap().moves().len(), 1);
    assert!(app.is_thinking());
    // Clicks while the computer thinks do nothing.
    click(&mut app, hole("h13"));
    assert_eq!(app.game().unwrap().selection_path(), None);
    wait_for_computer(&mut app, &events);
    assert_eq!(app.game().unwrap().moves().len(), 2);

    // Undo (the button) takes back the computer's reply and my move.
    click_button(&mut app, Button::Undo);
    assert_eq!(app.game().unwrap().moves().len(), 0);
    click(&mut app, hole("h12"));
    click(&mut app, hole("h13"));
    wait_for_computer(&mut app, &events);

    // Whatever the computer did, a move now fills the goal: play it with clicks.
    let position = *app.game().unwrap().position();
    let winning = position
        .legal_moves()
        .into_iter()
        .find(|&m| position.play(m).is_ok_and(|p| p.goal_complete(Camp::A)))
        .expect("a winning move");
    let (Move::Step { from, to } | Move::Jump { from, to }) = winning else { panic!("{winning:?}") };
    click(&mut app, from);
    click(&mut app, to);
    if app.game().unwrap().selection_path().is_some_and(|p| p.len() > 1) {
        click_button(&mut app, Button::EndJump);
    }
    let outcome = app.game().unwrap().outcome().expect("over");
    assert_eq!(outcome.winner, Camp::A);
    // Rematch by its button: the computer opens and plays by itself.
    click_button(&mut app, Button::Rematch);
    assert_eq!(app.game().unwrap().position().turn(), Camp::B);
    assert!(app.is_thinking());
    wait_for_computer(&mut app, &events);
    assert_eq!(app.game().unwrap().moves().len(), 1);
    click_button(&mut app, Button::Menu);
    assert_eq!(app.page(), Page::Menu);
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

#[test]
fn ctrl_c_quits_from_anywhere() {
    let events = Events::new();
    let mut app = App::new(Lang::Fr, None, events.sender());
    app.start_game(Setup { mode: Mode::Duel, format: Format::One, rules: Rules::Tripot, opener: Camp::A });
    app.handle_event(Event::Key(crossterm::event::KeyEvent::new(
        KeyCode::Char('c'),
        crossterm::event::KeyModifiers::CONTROL,
    )));
    assert!(!app.running());
}

#[test]
fn tab_picks_each_movable_pawn_in_turn_and_d_goes_to_its_destinations_far_first() {
    let events = Events::new();
    let mut app = App::new(Lang::Fr, None, events.sender());
    three_hop_lane(&mut app);
    let position = *app.game().unwrap().position();
    let movable: Vec<_> =
        position.camp_pawns(Camp::A).iter().filter(|&p| !position.destinations(p).is_empty()).collect();
    let mut picked = Vec::new();
    for _ in 0..movable.len() {
        app.handle_event(key(KeyCode::Tab));
        let path = app.game().unwrap().selection_path().unwrap();
        assert_eq!(path.len(), 1);
        assert_eq!(app.game().unwrap().cursor(), path[0]);
        picked.push(path[0]);
    }
    picked.sort_by_key(|h| h.index());
    let mut expected = movable.clone();
    expected.sort_by_key(|h| h.index());
    assert_eq!(picked, expected, "every movable pawn once");
    // Shift-Tab goes back.
    app.handle_event(key(KeyCode::Tab));
    let forward = app.game().unwrap().selection_path().unwrap()[0];
    app.handle_event(key(KeyCode::BackTab));
    app.handle_event(key(KeyCode::Tab));
    assert_eq!(app.game().unwrap().selection_path().unwrap()[0], forward);

    // m1's farthest destination is one key away, and Enter plays it.
    enter_on(&mut app, hole("m1"));
    app.handle_event(ch('d'));
    assert_eq!(app.game().unwrap().cursor(), hole("m7"), "the far end of m1-m3-m5-m7 first");
    app.handle_event(key(KeyCode::Enter));
    let game = app.game().unwrap();
    assert_eq!(game.moves().len(), 1);
    assert_eq!(game.moves()[0].mv, Move::Jump { from: hole("m1"), to: hole("m7") });
}

#[test]
fn a_move_is_typed_in_notation_after_a_colon() {
    let events = Events::new();
    let mut app = App::new(Lang::Fr, None, events.sender());
    three_hop_lane(&mut app);
    // An illegal move is refused with the reason, and nothing is played.
    app.handle_event(ch(':'));
    for c in "m1-m9".chars() {
        app.handle_event(ch(c));
    }
    assert!(app.message().unwrap().contains("m1-m9"), "{:?}", app.message());
    app.handle_event(key(KeyCode::Enter));
    assert!(app.message().unwrap().starts_with("Coup refusé : coup illégal"), "{:?}", app.message());
    assert!(app.game().unwrap().moves().is_empty());
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
    let game = app.game().unwrap();
    assert_eq!(game.moves().len(), 1);
    assert_eq!(game.moves()[0].notation.to_string(), "m1-m3-m5-m7");
}

/// ↑ and ↓ have two neighbours drawn equally near; they follow the ╱ line, the one the letter
/// names, and never leave the lines drawn while a neighbour that way exists.
#[test]
fn arrows_follow_the_lines_drawn_on_the_board() {
    let events = Events::new();
    let mut app = App::new(Lang::Fr, None, events.sender());
    let setup = Setup { mode: Mode::Duel, format: Format::One, rules: Rules::Tripot, opener: Camp::A };
    app.start_from(setup, Position::start(Format::One, Rules::Tripot, Camp::A));
    let cursor = |app: &App| app.game().unwrap().cursor();

    // The newcomer's case: ↑ from k4 is k5, not j5; the line goes on to k13, and ↓ comes back.
    arrows_to(&mut app, hole("k4"));
    let mut climbed = Vec::new();
    for _ in 0..9 {
        app.handle_event(key(KeyCode::Up));
        climbed.push(cursor(&app).to_string());
    }
    assert_eq!(climbed, ["k5", "k6", "k7", "k8", "k9", "k10", "k11", "k12", "k13"]);
    for _ in 0..9 {
        app.handle_event(key(KeyCode::Down));
    }
    assert_eq!(cursor(&app), hole("k4"));

    // From every hole, ↑ or ↓ lands on a hole joined to it by a line drawn on the screen,
    // whenever such a hole exists; ← and → stay on the row.
    let screen: Vec<Vec<char>> = render(&mut app, 120, 40).lines().map(|l| l.chars().collect()).collect();
    let at = |(column, line): (u16, u16)| screen[usize::from(line)][usize::from(column)];
    let joined = |app: &App, a: Hole, b: Hole| {
        let ((ac, al), (bc, bl)) = (app.hole_cell(a).unwrap(), app.hole_cell(b).unwrap());
        bl.abs_diff(al) == 2
            && bc.abs_diff(ac) == 2
            && matches!(at(((ac + bc) / 2, (al + bl) / 2)), '╱' | '╲')
    };
    for from in Hole::all() {
        for (code, dy) in [(KeyCode::Up, 1), (KeyCode::Down, -1)] {
            hover(&mut app, from);
            app.handle_event(key(code));
            let to = cursor(&app);
            let (q, r) = from.axial();
            let neighbour = Hole::from_axial(q, r + dy).or(Hole::from_axial(q - dy, r + dy));
            match neighbour {
                Some(expected) => {
                    assert_eq!(to, expected, "{code:?} from {from}");
                    assert!(joined(&app, from, to), "{code:?} from {from} to {to}: no line drawn");
                }
                None => assert_eq!(to.screen().1 - from.screen().1, if to == from { 0 } else { dy }),
            }
        }
        for code in [KeyCode::Left, KeyCode::Right] {
            hover(&mut app, from);
            app.handle_event(key(code));
            assert_eq!(cursor(&app).row(), from.row(), "{code:?} from {from}");
        }
    }
}
