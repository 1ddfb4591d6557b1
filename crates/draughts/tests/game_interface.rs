//! International draughts through the one game interface (`tripot_game::GameState`), as
//! `crates/engine/tests/game_interface.rs` checks the star board: the opener opens exactly the
//! catalogue's `draughts`; random games played through `Box<dyn GameState>` to their end keep the
//! interface's rules at every ply (outcome iff nobody to move, listed ⇔ accepted, garbage and
//! made-up moves refused with the state unchanged, hash, undo, reopened FEN); leaving, agreement
//! and the draw rules end the game with places and a reason; records and PDN round-trip.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::HashSet;

use proptest::prelude::*;
use tripot_draughts::{Draughts, DraughtsState, looks_like_pdn, open, open_at, record_of_pdn};
use tripot_game::catalogue::{self, catalogue};
// SplitMix64: the same games on every machine.
use tripot_game::SplitMix64 as Dice;
use tripot_game::{
    Cell, CounterKind, EndReason, GameMove, GameRecord, GameSpec, GameState, Geometry, Leaving, MoveError,
    MoveKind, NotationProblem, OpenError, Opener, PieceKind, Seat, SeatStatus, Setup, SpecError,
};

fn spec() -> GameSpec {
    GameSpec::new("draughts").unwrap()
}

/// What a state looks like from outside: enough to tell whether it changed.
fn snapshot(state: &dyn GameState) -> (String, u64, usize, Option<Seat>) {
    (state.position_string(), state.hash(), state.ply(), state.to_move())
}

/// Texts that are no move, or no legal one.
const GARBAGE: [&str; 14] =
    ["", "-", "x", "32", "32-", "0-5", "51-46", "32-28-", "a1-b2", "pass", "32 28", "é-ü", "1.", "32--28"];

/// Checks the interface's rules in `state`.
fn check_state(state: &dyn GameState, dice: &mut Dice) {
    let moves = state.legal_moves();
    let over = state.to_move().is_none();
    assert_eq!(state.outcome().is_some(), over, "{state:?}");
    assert_eq!(moves.is_empty(), over, "{state:?}");
    if let Some(outcome) = state.outcome() {
        assert_eq!(outcome.places.len(), 2);
        assert!(!outcome.winners().is_empty(), "{state:?}: {outcome}");
        assert!(outcome.places.iter().all(|p| state.seat_status(p.seat) == p.status));
    }
    let position = state.as_any().downcast_ref::<DraughtsState>().unwrap().position();
    for m in &moves {
        let text = state.move_text(m);
        assert_eq!(state.parse_move(&text).as_ref(), Ok(m), "{state:?}: {text}");
        let found = position.parse_move(&text).unwrap();
        assert_eq!(text, position.notation(&found), "the interface writes the notation's text");
        let path = state.path(m);
        assert_eq!((path.first(), path.last()), (m.cells().first(), m.cells().last()));
        assert_eq!(path.len(), found.trail().count());
        assert!(!text.starts_with(|c: char| c == '*' || c.is_ascii_uppercase()));
    }
    let before = snapshot(state);
    let mut texts: Vec<String> = GARBAGE.iter().map(|t| (*t).to_owned()).collect();
    texts.push(format!("{}-{}", 1 + dice.below(50), 1 + dice.below(50)));
    texts.push(format!("{}x{}", 1 + dice.below(50), 1 + dice.below(50)));
    let listed: HashSet<&GameMove> = moves.iter().collect();
    for text in &texts {
        if let Ok(accepted) = state.parse_move(text) {
            assert!(listed.contains(&accepted), "{state:?}: {text} accepted but not listed");
        }
    }
    assert_eq!(snapshot(state), before);
    // A made-up move that no listed move is: refused, the state unchanged.
    let (a, b) = (Cell(dice.below(52) as u16), Cell(dice.below(52) as u16));
    for kind in [MoveKind::Step, MoveKind::Jump, MoveKind::Capture, MoveKind::Swap, MoveKind::Pass] {
        let made_up = if kind == MoveKind::Pass { GameMove::pass() } else { GameMove::new(kind, vec![a, b]) };
        if listed.contains(&made_up) {
            continue;
        }
        let mut copy = state.clone_box();
        assert!(copy.play(&made_up).is_err(), "{state:?}: {made_up:?}");
        assert_eq!(snapshot(copy.as_ref()), before);
    }
    for seat in Seat::all(2) {
        assert!(!state.counters(seat).is_empty());
        assert_eq!(state.seat_named(&state.seat_name(seat)), Some(seat));
    }
    let board = state.board();
    assert_eq!(board.geometry, Geometry::Square10);
    assert_eq!(board.cells.len(), 50);
    assert!(
        board.cells.iter().all(|c| (0..10).contains(&c.x) && (0..10).contains(&c.y) && (c.x + c.y) % 2 == 0)
    );
    if let Some(seat) = state.to_move() {
        assert_eq!(state.seat_status(seat), SeatStatus::Playing);
        assert!(board.cells.iter().any(|c| c.piece.is_some_and(|p| p.owner == Some(seat))));
    }
}

/// Plays random listed moves through the interface up to `max_plies` or the end, checking the
/// interface at every ply; returns the last state.
fn playout(seed: u64, max_plies: usize) -> Box<dyn GameState> {
    let mut dice = Dice::new(seed);
    let mut state = open(&spec()).unwrap();
    for ply in 0..max_plies {
        check_state(state.as_ref(), &mut dice);
        if state.to_move().is_none() {
            break;
        }
        let moves = state.legal_moves();
        let m = moves[dice.below(moves.len())].clone();
        let before = snapshot(state.as_ref());
        state.play(&m).unwrap_or_else(|e| panic!("{state:?}: listed {m:?} refused: {e}"));
        assert_ne!(state.hash(), before.1, "{m:?} left the hash as it was");
        assert_eq!(state.ply(), before.2 + 1);
        assert_eq!(state.moves().last(), Some(&m));
        assert_eq!(state.round(), (state.ply() / 2 + 1) as u32);
        if ply % 20 == 0 {
            let reopened = open_at(&spec(), &state.position_string()).unwrap();
            assert_eq!(reopened.position_string(), state.position_string());
            assert_eq!(reopened.hash(), state.hash());
            let mut undone = state.clone_box();
            assert_eq!(undone.undo(), Some(m));
            assert_eq!(snapshot(undone.as_ref()), before);
        }
    }
    state
}

#[test]
fn the_opener_opens_exactly_the_catalogue_entry() {
    let info = catalogue().iter().find(|g| g.name == "draughts").unwrap();
    assert_eq!(info.family, tripot_game::Family::Draughts);
    assert_eq!((info.seats, info.geometry), (2, Geometry::Square10));
    assert_eq!(info.title.en, "International draughts");
    assert_eq!(info.title.fr, "Dames internationales");
    assert!(catalogue::check_table(&info.table()).is_ok());
    let state = open(&info.spec()).unwrap();
    assert_eq!((state.seat_count(), state.to_move(), state.opener()), (2, Some(Seat(0)), Seat(0)));
    assert_eq!((state.seat_name(Seat(0)).as_str(), state.seat_name(Seat(1)).as_str()), ("W", "B"));
    assert_eq!(state.legal_moves().len(), 9);
    assert_eq!(state.setup_string(), None);
    // White moves first (seed 001): the catalogue says so, and Black is never given the start.
    assert!(info.opener_fixed);
    let white_first = Draughts.open(&spec(), &Setup { opener: Some(Seat(0)), position: None }).unwrap();
    assert_eq!((white_first.opener(), white_first.to_move()), (Seat(0), Some(Seat(0))));
    assert!(matches!(
        Draughts.open(&spec(), &Setup { opener: Some(Seat(1)), position: None }),
        Err(OpenError::OpenerMismatch { asked: Seat(1), found: Seat(0) })
    ));
    assert!(matches!(
        Draughts.open(&spec(), &Setup { opener: Some(Seat(2)), position: None }),
        Err(OpenError::NotASeat { seat: Seat(2), .. })
    ));
    let fen = "W:W31-50:B1-20";
    assert!(matches!(
        Draughts.open(&spec(), &Setup { opener: Some(Seat(1)), position: Some(fen.into()) }),
        Err(OpenError::OpenerMismatch { asked: Seat(1), found: Seat(0) })
    ));
    assert!(matches!(open_at(&spec(), "garbage"), Err(OpenError::Position { .. })));
    for name in ["tripot", "kawu-2", "draughts-64", "chess"] {
        let other = GameSpec::new(name).unwrap();
        assert_eq!(open(&other).err(), Some(SpecError::Unknown(other.clone())), "{name}");
    }
}

#[test]
fn random_games_keep_the_interface_to_their_end() {
    for seed in 1..=6 {
        let state = playout(seed, 3000);
        assert!(state.outcome().is_some(), "seed {seed}: not over after {} moves", state.ply());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn every_listed_move_is_accepted_and_garbage_refused_anywhere(seed in any::<u64>(), plies in 0usize..120) {
        let state = playout(seed, plies);
        check_state(state.as_ref(), &mut Dice::new(seed ^ 0x5eed));
    }
}

#[test]
fn moves_are_written_in_draughts_notation_and_refusals_are_typed() {
    let mut state = open(&spec()).unwrap();
    let m = state.parse_move("32-28").unwrap();
    assert_eq!((m.kind(), m.cells()), (MoveKind::Step, &[Cell(32), Cell(28)][..]));
    state.play(&m).unwrap();
    assert_eq!(
        state.parse_move("32-28"),
        Err(MoveError::EmptyCell(tripot_game::NamedCell { cell: Cell(32), name: "32".into() }))
    );
    // Black to move: 33 is White's.
    assert!(matches!(state.parse_move("33-28"), Err(MoveError::NotYourPiece { owner: Some(Seat(0)), .. })));
    assert!(matches!(state.parse_move("19-14"), Err(MoveError::Unreachable { .. })));
    assert!(matches!(
        state.parse_move("51-46"),
        Err(MoveError::Notation { problem: NotationProblem::UnknownCell { .. }, .. })
    ));
    assert!(matches!(state.parse_move(""), Err(MoveError::Notation { problem: NotationProblem::Empty, .. })));
    state.play(&state.parse_move("19-23").unwrap()).unwrap();
    // 28x19 is compulsory now.
    assert_eq!(state.parse_move("31-27"), Err(MoveError::CaptureRequired { required: 1 }));
    let capture = state.parse_move("28x19").unwrap();
    assert_eq!((capture.kind(), state.move_text(&capture).as_str()), (MoveKind::Capture, "28x19"));
    assert_eq!(state.path(&capture), [Cell(28), Cell(23), Cell(19)]);
    state.play(&capture).unwrap();
    let board = state.board();
    assert_eq!(
        board.named("19").and_then(|c| c.piece).map(|p| (p.owner, p.kind)),
        Some((Some(Seat(0)), PieceKind::Man))
    );
    assert!(board.named("23").unwrap().piece.is_none());
    // Square 46 is White's bottom-left corner, square 5 the top right.
    assert_eq!((board.named("46").unwrap().x, board.named("46").unwrap().y), (0, 0));
    assert_eq!((board.named("5").unwrap().x, board.named("5").unwrap().y), (9, 9));
    assert_eq!(state.counters(Seat(1))[0].value, 19);
}

#[test]
fn leaving_agreement_and_the_draw_rules_end_the_game_with_places() {
    let mut state = open(&spec()).unwrap();
    assert_eq!(state.leave(Seat(2), Leaving::Resigned), Err(MoveError::NotASeat(Seat(2))));
    state.resign(Seat(1)).unwrap();
    let outcome = state.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::Left { seat: Seat(1), how: Leaving::Resigned });
    assert_eq!(outcome.winners(), [Seat(0)]);
    assert_eq!(state.seat_status(Seat(1)), SeatStatus::Left(Leaving::Resigned));
    assert_eq!(state.leave(Seat(0), Leaving::TimedOut), Err(MoveError::GameOver));
    assert_eq!(state.undo(), None);
    assert!(state.outcome().is_none(), "undo takes the leaving back");

    let mut agreed = DraughtsState::new(tripot_draughts::Position::start()).unwrap();
    agreed.agree_draw().unwrap();
    let outcome = agreed.outcome().unwrap();
    assert_eq!((outcome.reason, outcome.is_draw()), (EndReason::Agreement, true));

    // No piece left: White takes Black's last man.
    let last = open_at(&spec(), "W:W28:B23").unwrap();
    let mut last = last;
    last.play(&last.parse_move("28x19").unwrap()).unwrap();
    assert_eq!(
        last.outcome().map(|o| (o.reason, o.winners())),
        Some((EndReason::NoPieceLeft, vec![Seat(0)]))
    );

    // Kings only: two kings each shuffle until the 25-move rule (or a repetition) draws.
    let mut kings = open_at(&spec(), "W:WK46,K50:BK1,K5").unwrap();
    let mut dice = Dice::new(7);
    while kings.to_move().is_some() && kings.ply() < 200 {
        let counters = kings.counters(Seat(0));
        assert!(counters.iter().any(|c| c.kind == CounterKind::KingMoves && c.limit == Some(25)));
        let moves = kings.legal_moves();
        kings.play(&moves[dice.below(moves.len())]).unwrap();
    }
    let reason = kings.outcome().map(|o| o.reason);
    assert!(
        matches!(
            reason,
            Some(
                EndReason::KingMovesDraw
                    | EndReason::Repetition
                    | EndReason::NoPieceLeft
                    | EndReason::LoneKingDraw
            )
        ),
        "{reason:?}"
    );
}

#[test]
fn records_and_pdn_round_trip_through_the_one_format() {
    for seed in [3, 4] {
        let state = playout(seed, 3000);
        let record = GameRecord::of_game(state.as_ref());
        let text = record.to_string();
        let replay = GameRecord::parse(&text).unwrap().replay(&Draughts).unwrap();
        assert_eq!(replay.state.position_string(), state.position_string());
        assert_eq!(replay.outcome, state.outcome());
        assert!(!looks_like_pdn(&text));
    }
    let pdn = include_str!("data/pdn/pydraughts-random-game.pdn");
    assert!(looks_like_pdn(pdn));
    let record = record_of_pdn(pdn).unwrap();
    assert_eq!(record.player("W"), Some("pydraughts"));
    assert_eq!(record.tag("Event"), Some("Random game"));
    let replay = GameRecord::parse(&record.to_string()).unwrap().replay(&Draughts).unwrap();
    assert_eq!(replay.moves.len(), 62);
    assert_eq!(replay.state.outcome().map(|o| o.winners()), Some(vec![Seat(1)]));
}
