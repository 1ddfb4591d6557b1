//! The marks that show the rules on the one board, for every game where they apply: around the
//! piece picked, `+` a step, `✱` where a chain ends, `<●>` a piece to swap with (the duel's swap).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::render;
use crossterm::event::{KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use tripot_app::i18n::Lang;
use tripot_app::move_picker::MovePicker;
use tripot_app::seat_kind::SeatKind;
use tripot_app::table_save::EveryGame;
use tripot_game::{Cell, GameState, MoveKind, Opener, Setup};
use tripot_terminal::app::App;
use tripot_terminal::event::{Event, Events};

/// A duel walked by fixed varied moves until the seat to move has a piece with moves of every
/// kind of `kinds`; that piece.
fn duel_with(wanted: &[MoveKind]) -> (Box<dyn GameState>, Cell) {
    let mut state = EveryGame.open(&"tripot".parse().unwrap(), &Setup::default()).unwrap();
    let mut dice: u64 = 12_345;
    for _ in 0..400 {
        let moves = state.legal_moves();
        let piece = MovePicker::pickable(state.as_ref()).into_iter().find(|&from| {
            let kinds: Vec<MoveKind> =
                moves.iter().filter(|m| m.from() == Some(from)).map(|m| m.kind()).collect();
            wanted.iter().all(|k| kinds.contains(k))
        });
        if let Some(piece) = piece {
            return (state, piece);
        }
        dice = dice.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let m = moves[(dice >> 33) as usize % moves.len()].clone();
        state.play(&m).unwrap();
    }
    panic!("no piece had moves of every kind of {wanted:?}");
}

/// The text drawn at `cell` and on each side of it.
fn around(screen: &str, app: &App, cell: Cell) -> String {
    let (column, row) = app.cell_place(cell).unwrap();
    let line: Vec<char> = screen.lines().nth(usize::from(row)).unwrap().chars().collect();
    let column = usize::from(column);
    line[column - 1..=column + 1].iter().collect()
}

/// The duel with `piece` picked on the one screen, drawn.
fn picked(state: Box<dyn GameState>, piece: Cell) -> (App, String) {
    let events = Events::new();
    let mut app = App::new(Lang::Fr, None, events.sender());
    app.start_game_table(state, vec![SeatKind::Person, SeatKind::Person], 1);
    render(&mut app, 120, 40);
    let (column, row) = app.cell_place(piece).unwrap();
    let kind = MouseEventKind::Down(MouseButton::Left);
    app.handle_event(Event::Mouse(MouseEvent { kind, column, row, modifiers: KeyModifiers::NONE }));
    let screen = render(&mut app, 120, 40);
    (app, screen)
}

#[test]
fn a_piece_that_can_swap_shows_its_partners_in_brackets() {
    let (state, piece) = duel_with(&[MoveKind::Swap]);
    let (app, screen) = picked(state, piece);
    let targets = app.game_table().unwrap().table().targets();
    assert!(!targets.swaps.is_empty(), "{targets:?}");
    for &swap in &targets.swaps {
        let drawn: Vec<char> = around(&screen, &app, swap).chars().collect();
        assert_eq!((drawn[0], drawn[2]), ('<', '>'), "{screen}");
        assert!(['●', '○'].contains(&drawn[1]), "{screen}");
    }
}

#[test]
fn a_piece_that_can_step_and_jump_shows_its_steps_and_its_chains_ends() {
    let (state, piece) = duel_with(&[MoveKind::Step, MoveKind::Jump]);
    let (app, screen) = picked(state, piece);
    let targets = app.game_table().unwrap().table().targets();
    assert!(!targets.steps.is_empty(), "{targets:?}");
    for &step in &targets.steps {
        assert_eq!(around(&screen, &app, step).chars().nth(1), Some('+'), "{screen}");
    }
    let chain_ends: Vec<Cell> = targets
        .ends
        .iter()
        .copied()
        .filter(|c| !targets.steps.contains(c) && !targets.swaps.contains(c))
        .collect();
    assert!(!chain_ends.is_empty(), "{targets:?}");
    for end in chain_ends {
        assert_eq!(around(&screen, &app, end).chars().nth(1), Some('✱'), "{screen}");
    }
}
