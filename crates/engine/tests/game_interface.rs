//! The one game interface (`tripot_game::GameState`) over every game of the catalogue: what
//! `open` accepts is exactly the catalogue with its seat counts, and the interface's rules hold
//! on random games played through it to their end — the outcome is there exactly when nobody is
//! to move, every listed move's text parses back to that move, a text the verifier accepts leads
//! where a listed move leads, refused moves leave the state unchanged, the hash changes with
//! every move and is equal for transposed equal positions, position strings reopen the game.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod dice;

use std::collections::HashSet;

use dice::Dice;
use proptest::prelude::*;
use tripot_engine::{StarBoardGame, StarBoardGames, open, open_at};
use tripot_game::catalogue::{self, catalogue};
use tripot_game::{
    Cell, GameMove, GameSpec, GameState, Leaving, MoveError, MoveKind, OpenError, Opener, Seat, SeatStatus,
    Setup, SpecError,
};
use tripot_game::{GameInfo, Geometry};

/// What a state looks like from outside: enough to tell whether it changed.
fn snapshot(state: &dyn GameState) -> (String, u64, usize, Option<Seat>) {
    (state.position_string(), state.hash(), state.ply(), state.to_move())
}

/// Texts that are no move, or no legal one, of any game.
const GARBAGE: [&str; 12] =
    ["", "-", "m1", "m1-", "z9-a1", "m1<>", "<>m1", "m1<>l2<>k3", "a1-a1", "PASS", "m1 m2", "é-ü"];

fn random_cell(dice: &mut Dice) -> String {
    dice::hole(dice).to_string()
}

/// Checks the interface's rules in `state`; `full` checks every listed move, else a sample.
fn check_state(state: &dyn GameState, dice: &mut Dice, full: bool) {
    let moves = state.legal_moves();
    let over = state.to_move().is_none();
    assert_eq!(state.outcome().is_some(), over, "{state:?}");
    assert_eq!(moves.is_empty(), over, "{state:?}");
    if let Some(outcome) = state.outcome() {
        assert_eq!(outcome.places.len(), usize::from(state.seat_count()));
        assert!(!outcome.winners().is_empty(), "{state:?}: {outcome}");
        assert!(outcome.places.iter().all(|p| state.seat_status(p.seat) == p.status));
    }
    let sample: Vec<&GameMove> = if full {
        moves.iter().collect()
    } else {
        (0..8.min(moves.len())).map(|_| &moves[dice.below(moves.len())]).collect()
    };
    for m in sample {
        let text = state.move_text(m);
        assert_eq!(state.parse_move(&text).as_ref(), Ok(m), "{state:?}: {text}");
        assert_eq!(state.path(m), m.cells());
    }
    let mut where_listed_lead: Option<HashSet<String>> = None;
    let mut texts: Vec<String> = GARBAGE.iter().map(|t| (*t).to_owned()).collect();
    texts.push(format!("{}-{}", random_cell(dice), random_cell(dice)));
    texts.push(format!("{}-{}-{}", random_cell(dice), random_cell(dice), random_cell(dice)));
    texts.push(format!("{}<>{}", random_cell(dice), random_cell(dice)));
    texts.push("pass".to_owned());
    if let Some(m) = moves.first().filter(|_| full) {
        // A listed move given by its ends only.
        if let (Some(from), Some(to)) = (m.from(), m.to()) {
            let board = state.board();
            let name = |c: Cell| board.cell(c).map(|v| v.name.clone()).unwrap();
            texts.push(format!("{}-{}", name(from), name(to)));
        }
    }
    let before = snapshot(state);
    for text in &texts {
        let Ok(accepted) = state.parse_move(text) else {
            continue;
        };
        let mut played = state.clone_box();
        played.play(&accepted).unwrap_or_else(|e| panic!("{state:?}: accepted {text} but {e}"));
        let leads = where_listed_lead.get_or_insert_with(|| {
            moves
                .iter()
                .map(|m| {
                    let mut next = state.clone_box();
                    next.play(m).unwrap();
                    next.position_string()
                })
                .collect()
        });
        assert!(
            leads.contains(&played.position_string()),
            "{state:?}: {text} leads where no listed move does"
        );
    }
    assert_eq!(snapshot(state), before);
    // A made-up move between two cells that no listed move joins is refused, the state unchanged.
    let ends: HashSet<(Option<Cell>, Option<Cell>)> = moves.iter().map(|m| (m.from(), m.to())).collect();
    let (a, b) = (Cell(dice.below(121) as u16), Cell(dice.below(121) as u16));
    if !ends.contains(&(Some(a), Some(b))) {
        for kind in [MoveKind::Step, MoveKind::Jump, MoveKind::Capture, MoveKind::Swap] {
            let mut copy = state.clone_box();
            assert!(copy.play(&GameMove::new(kind, vec![a, b])).is_err(), "{state:?}: {kind:?} {a:?}-{b:?}");
            assert_eq!(snapshot(copy.as_ref()), before);
        }
    }
    let mut copy = state.clone_box();
    assert!(copy.play(&GameMove::new(MoveKind::Step, vec![Cell(500), Cell(0)])).is_err());
    if over {
        assert_eq!(copy.play(&GameMove::pass()), Err(MoveError::GameOver));
    }
    assert_eq!(snapshot(copy.as_ref()), before);
    for seat in Seat::all(state.seat_count()) {
        assert!(!state.counters(seat).is_empty());
        assert_eq!(state.seat_named(&state.seat_name(seat)), Some(seat));
    }
    let board = state.board();
    assert_eq!(board.cells.len(), 121);
    if let Some(seat) = state.to_move() {
        assert_eq!(state.seat_status(seat), SeatStatus::Playing);
        let own = board.cells.iter().filter(|c| c.piece.is_some_and(|p| p.owner == Some(seat))).count();
        let neutral = board.cells.iter().filter(|c| c.piece.is_some_and(|p| p.owner.is_none())).count();
        assert!(own > 0 || neutral > 0, "{state:?}: the mover has nothing to move");
    }
}

/// Plays random listed moves through the interface up to `max_plies` or the end, checking the
/// interface at every ply; returns the last state.
fn playout(spec: &GameSpec, seed: u64, max_plies: usize) -> Box<dyn GameState> {
    let mut dice = Dice::new(seed);
    let mut state = open(spec).unwrap();
    let seats = state.seat_count();
    let opener = Seat(dice.below(usize::from(seats)) as u8);
    state = StarBoardGames.open(spec, &Setup { opener: Some(opener), position: None }).unwrap();
    assert_eq!(state.opener(), opener);
    for ply in 0..max_plies {
        check_state(state.as_ref(), &mut dice, ply % 9 == 0);
        if state.to_move().is_none() {
            break;
        }
        let moves = state.legal_moves();
        let m = moves[dice.below(moves.len())].clone();
        let before = snapshot(state.as_ref());
        if let Some(automatic) = state.automatic_move() {
            assert_eq!(moves, std::slice::from_ref(&automatic));
            assert!(automatic.is_pass());
        }
        state.play(&m).unwrap_or_else(|e| panic!("{state:?}: listed {m:?} refused: {e}"));
        assert_ne!(state.hash(), before.1, "{spec}: {m:?} left the hash as it was");
        assert_eq!(state.ply(), before.2 + 1);
        assert_eq!(state.moves().last(), Some(&m));
        if ply % 25 == 0 {
            let reopened = open_at(spec, &state.position_string()).unwrap();
            assert_eq!(reopened.position_string(), state.position_string());
            let mut undone = state.clone_box();
            assert_eq!(undone.undo(), Some(m));
            assert_eq!(snapshot(undone.as_ref()), before);
        }
    }
    state
}

#[test]
fn the_engine_opens_exactly_the_catalogue_with_its_seat_counts() {
    let engine: Vec<GameSpec> = StarBoardGame::all().into_iter().map(|g| g.spec().unwrap()).collect();
    let listed: Vec<GameSpec> = star_board_catalogue().iter().map(|g| g.spec()).collect();
    assert_eq!(engine.len(), listed.len());
    for info in star_board_catalogue() {
        let spec = info.spec();
        assert!(engine.contains(&spec), "{spec} is listed but the engine has no such game");
        let state = open(&spec).unwrap();
        assert_eq!(state.spec(), &spec);
        assert_eq!(state.seat_count(), info.seats, "{spec}");
        assert_eq!(StarBoardGame::of(&spec).map(StarBoardGame::seats), Some(info.seats));
        assert!(catalogue::check_table(&info.table()).is_ok());
        for seat in Seat::all(info.seats) {
            let opened = StarBoardGames.open(&spec, &Setup { opener: Some(seat), position: None }).unwrap();
            assert_eq!((opened.opener(), opened.to_move()), (seat, Some(seat)), "{spec}");
        }
        let beyond = Seat(info.seats);
        assert!(matches!(
            StarBoardGames.open(&spec, &Setup { opener: Some(beyond), position: None }),
            Err(OpenError::NotASeat { seat, .. }) if seat == beyond
        ));
        assert_eq!(state.setup_string(), None);
    }
    for name in ["chess", "kawu-5", "halma-long-4", "tripot-f4", "classic", "draughts"] {
        let spec = GameSpec::new(name).unwrap();
        assert_eq!(open(&spec).err(), Some(SpecError::Unknown(spec.clone())), "{name}");
    }
}

#[test]
fn random_games_of_every_catalogue_game_keep_the_interface_to_their_end() {
    for info in star_board_catalogue() {
        for seed in [1, 2] {
            // The duel has no move limit: random play may never end it. The star games end by
            // their rules, within 300 rounds.
            let limit = if info.family == tripot_game::Family::Tripot { 400 } else { 2000 };
            let state = playout(&info.spec(), seed, limit);
            if info.family != tripot_game::Family::Tripot {
                assert!(state.outcome().is_some(), "{}: not over after {} moves", info.name, state.ply());
            }
        }
    }
}

#[test]
fn a_set_up_position_opens_checks_its_opener_and_is_recorded_as_the_start() {
    let spec = GameSpec::new("tripot-classic-f3").unwrap();
    let start = "A:Nh6,i6,j6,k6,l6,i5,j5,k5,l5,m5:NEe9,f8,g8,l8,m8,g7,h7,l7,m7,m6:SEn8,n7,o7,n6,o6,p6,n5,o5,p5,q5:\
                 Sj4,k4,l4,m4,k3,l3,m3,l2,m2,m1:SWe8,e7,f7,e6,f6,g6,e5,f5,g5,h5:NWe17,e16,f16,e15,f15,e10,l10,f9,l9,m9";
    let mut state = open_at(&spec, start).unwrap();
    assert_eq!(state.setup_string().as_deref(), Some(start));
    // Camp A is blocked there: its only move is the pass, played for it.
    assert_eq!(state.automatic_move(), Some(GameMove::pass()));
    state.play(&GameMove::pass()).unwrap();
    assert_eq!(state.to_move(), Some(Seat(1)));
    assert!(matches!(
        StarBoardGames.open(&spec, &Setup { opener: Some(Seat(1)), position: Some(start.into()) }),
        Err(OpenError::OpenerMismatch { asked: Seat(1), found: Seat(0) })
    ));
    let f1 = GameSpec::new("tripot").unwrap();
    assert!(matches!(open_at(&f1, start), Err(OpenError::Position { .. })));
    assert!(matches!(open_at(&f1, "garbage"), Err(OpenError::Position { .. })));
    let kawu = GameSpec::new("kawu-3").unwrap();
    let opened_by_nw = open_at(&kawu, &playout(&kawu, 9, 5).position_string()).unwrap();
    assert!(opened_by_nw.setup_string().is_some());
}

#[test]
fn equal_positions_reached_in_another_order_have_the_same_hash() {
    // Seat 0 plays x then y around the other seats' moves, or y then x: where both orders are
    // legal and reach the same position, the hashes agree.
    for info in star_board_catalogue() {
        let spec = info.spec();
        let start = open(&spec).unwrap();
        let firsts = start.legal_moves();
        let mut transposed = 0;
        'pairs: for (i, x) in firsts.iter().enumerate().take(12) {
            for y in firsts.iter().skip(i + 1).take(12) {
                let play_all = |first: &GameMove, last: &GameMove| -> Option<Box<dyn GameState>> {
                    let mut state = start.clone();
                    state.play(first).ok()?;
                    while state.to_move() != Some(Seat(0)) {
                        let replies = state.legal_moves();
                        // The others play the same reply in both orders: their last listed move.
                        state.play(replies.last()?).ok()?;
                    }
                    let text = state.move_text(last);
                    let last = state.parse_move(&text).ok()?;
                    state.play(&last).ok()?;
                    Some(state)
                };
                let (Some(a), Some(b)) = (play_all(x, y), play_all(y, x)) else {
                    continue;
                };
                if a.position_string() == b.position_string() {
                    assert_eq!(
                        a.hash(),
                        b.hash(),
                        "{spec}: {} vs {}",
                        a.position_string(),
                        b.position_string()
                    );
                    transposed += 1;
                    if transposed >= 3 {
                        break 'pairs;
                    }
                } else {
                    assert_ne!(
                        a.hash(),
                        b.hash(),
                        "{spec}: {} vs {}",
                        a.position_string(),
                        b.position_string()
                    );
                }
            }
        }
        assert!(transposed > 0, "{spec}: no transposition found");
    }
}

#[test]
fn leaving_ends_the_game_as_the_rules_say() {
    // The duel: the other camp wins.
    let mut duel = open(&GameSpec::new("tripot").unwrap()).unwrap();
    assert_eq!(duel.resign(Seat(2)), Err(MoveError::NotASeat(Seat(2))));
    duel.resign(Seat(0)).unwrap();
    let outcome = duel.outcome().unwrap();
    assert_eq!(outcome.winners(), [Seat(1)]);
    assert_eq!(outcome.rank(Seat(0)), Some(2));
    assert_eq!(duel.seat_status(Seat(0)), SeatStatus::Left(Leaving::Resigned));
    assert_eq!(duel.to_move(), None);
    assert!(duel.legal_moves().is_empty());
    assert_eq!(duel.resign(Seat(1)), Err(MoveError::GameOver));
    assert_eq!(duel.parse_move("m4-m5"), Err(MoveError::GameOver));
    duel.undo();
    assert_eq!(duel.to_move(), Some(Seat(0)));
    // Stern-Halma for three: the game ends for everyone, the leaver last (§4.10).
    let mut halma = open(&GameSpec::new("halma-3").unwrap()).unwrap();
    halma.leave(Seat(1), Leaving::TimedOut).unwrap();
    let outcome = halma.outcome().unwrap();
    assert_eq!(outcome.rank(Seat(1)), Some(3));
    assert_eq!(outcome.reason, tripot_game::EndReason::Left { seat: Seat(1), how: Leaving::TimedOut });
    assert_eq!(halma.to_move(), None);
}

#[test]
fn refusals_say_their_cause() {
    let duel = open(&GameSpec::new("tripot").unwrap()).unwrap();
    let named = |e: &MoveError| e.to_string();
    assert!(matches!(duel.parse_move("e16-e15"), Err(MoveError::NotYourPiece { owner: Some(Seat(1)), .. })));
    assert!(matches!(duel.parse_move("i9-i10"), Err(MoveError::EmptyCell(_))));
    let unknown = duel.parse_move("m1-z3").unwrap_err();
    assert!(
        matches!(&unknown, MoveError::Notation { problem: tripot_game::NotationProblem::UnknownCell { cell }, .. } if cell == "z3"),
        "{}",
        named(&unknown)
    );
    assert!(matches!(duel.parse_move("m1-m3-k5"), Err(MoveError::Hop { number: 1, .. })));
    let mut copy = duel.clone();
    assert!(matches!(
        copy.play_as(Seat(1), &duel.legal_moves()[0]),
        Err(MoveError::OutOfTurn { seat: Seat(1), to_move: Seat(0) })
    ));
    let halma = open(&GameSpec::new("halma-3").unwrap()).unwrap();
    assert!(matches!(halma.parse_move("m4-m5-m6"), Err(MoveError::Hop { .. })));
    let captures = open(&GameSpec::new("captures-2").unwrap()).unwrap();
    assert!(matches!(captures.parse_move("i8-i9"), Err(MoveError::MustJump { .. })));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn every_listed_move_is_accepted_and_garbage_refused_anywhere(
        game in 0usize..29, seed in any::<u64>(), plies in 0usize..150,
    ) {
        let games = star_board_catalogue();
        let info = &games[game % games.len()];
        let state = playout(&info.spec(), seed, plies);
        check_state(state.as_ref(), &mut Dice::new(seed ^ 0x5eed), true);
    }
}

#[test]
fn what_a_front_end_shows_the_board_counters_and_warnings() {
    use tripot_game::{CounterKind, MoveWarning, PieceKind};
    // The duel of three colours a camp: 60 marbles in six colours, the camps' by seat.
    let duel = open(&GameSpec::new("tripot-f3").unwrap()).unwrap();
    let board = duel.board();
    let pieces: Vec<_> = board.cells.iter().filter_map(|c| c.piece).collect();
    assert_eq!(pieces.len(), 60);
    let colours: HashSet<u8> = pieces.iter().map(|p| p.colour).collect();
    assert_eq!(colours.len(), 6);
    assert!(pieces.iter().all(|p| p.kind == PieceKind::Marble && p.owner.is_some()));
    assert_eq!(board.named("m1").and_then(|c| c.piece).and_then(|p| p.owner), Some(Seat(0)));
    assert_eq!(board.named("e17").and_then(|c| c.piece).and_then(|p| p.owner), Some(Seat(1)));
    let arrived = duel.counters(Seat(0));
    assert_eq!((arrived[0].kind, arrived[0].value, arrived[0].limit), (CounterKind::Arrived, 0, Some(30)));
    // The captures game: neutral pieces, captures counted.
    let captures = open(&GameSpec::new("captures-3").unwrap()).unwrap();
    let neutral =
        captures.board().cells.iter().filter(|c| c.piece.is_some_and(|p| p.owner.is_none())).count();
    assert_eq!(neutral, 60);
    assert!(captures.counters(Seat(2)).iter().any(|c| c.kind == CounterKind::Captured && c.value == 0));
    // Stern-Halma's home rule: after its 29th move a seat whose every move leaves a marble at
    // home that could have left is warned that the move eliminates it, and it is eliminated.
    let spec = GameSpec::new("halma-3").unwrap();
    let start = open(&spec).unwrap();
    assert!(start.legal_moves().iter().all(|m| start.warning(m).is_none()));
    let deadline = start.counters(Seat(0));
    assert!(deadline.iter().any(|c| c.kind == CounterKind::HomeDeadline && c.limit == Some(30)));
    // Every marble is at home at the start, and counted there for the player to see.
    let marbles = deadline.iter().find(|c| c.kind == CounterKind::Arrived).and_then(|c| c.limit);
    let at_home = deadline.iter().find(|c| c.kind == CounterKind::AtHome).map(|c| c.value);
    assert_eq!(at_home, marbles);
    let mut late = open_at(&spec, &format!("{} moves=29", start.position_string())).unwrap();
    let moves = late.legal_moves();
    assert!(moves.iter().all(|m| late.warning(m) == Some(MoveWarning::EliminatesMover)));
    late.play(&moves[0]).unwrap();
    assert_eq!(late.seat_status(Seat(0)), SeatStatus::Eliminated);
    assert_eq!(late.to_move(), Some(Seat(1)));
}

#[test]
fn the_board_shows_the_goals_and_stern_halmas_closed_branches() {
    use tripot_game::GoalOf;
    let goals = |state: &dyn GameState| state.board().cells.iter().filter(|c| c.zone.goal.is_some()).count();
    let closed_to = |state: &dyn GameState, seat: Seat| {
        state.board().cells.iter().filter(|c| c.zone.is_closed_to(seat)).count()
    };
    // The duel: camp A (m1, branch S) is bound for the opposite branch N (e17), camp B the other
    // way, each branch tinted by the army bound there; nothing is closed.
    let duel = open(&GameSpec::new("tripot-f3").unwrap()).unwrap();
    let board = duel.board();
    assert_eq!(board.named("e17").unwrap().zone.goal, Some(GoalOf { seat: Seat(0), colour: 3 }));
    assert_eq!(board.named("m1").unwrap().zone.goal, Some(GoalOf { seat: Seat(1), colour: 0 }));
    assert_eq!(goals(duel.as_ref()), 60);
    assert_eq!(closed_to(duel.as_ref(), Seat(0)), 0);
    // Stern-Halma for three: three goals of 10 holes; each seat is closed out of the four
    // branches that are neither its home nor its goal (RULES-STAR.md §4.3).
    let halma = open(&GameSpec::new("halma-3").unwrap()).unwrap();
    assert_eq!(goals(halma.as_ref()), 30);
    for seat in 0..3 {
        assert_eq!(closed_to(halma.as_ref(), Seat(seat)), 40, "seat {seat}");
    }
    let board = halma.board();
    let home_of_seat_0: Vec<_> =
        board.cells.iter().filter(|c| c.piece.is_some_and(|p| p.owner == Some(Seat(0)))).collect();
    assert!(home_of_seat_0.iter().all(|c| !c.zone.is_closed_to(Seat(0))));
    // kawu has goals and closes nothing; the captures game has neither.
    let kawu = open(&GameSpec::new("kawu-3").unwrap()).unwrap();
    assert_eq!((goals(kawu.as_ref()), closed_to(kawu.as_ref(), Seat(1))), (30, 0));
    let captures = open(&GameSpec::new("captures-3").unwrap()).unwrap();
    assert_eq!((goals(captures.as_ref()), closed_to(captures.as_ref(), Seat(1))), (0, 0));
}

#[test]
fn several_openers_open_any_of_their_games() {
    let openers: [&dyn Opener; 1] = [&StarBoardGames];
    let kawu = GameSpec::new("kawu-4").unwrap();
    assert_eq!(openers[..].open(&kawu, &Setup::default()).unwrap().seat_count(), 4);
    let draughts = GameSpec::new("draughts").unwrap();
    assert!(
        matches!(openers[..].open(&draughts, &Setup::default()), Err(OpenError::Spec(SpecError::Unknown(s))) if s == draughts)
    );
}

/// The catalogue's games of the star board: the engine's (draughts is `tripot-draughts`').
fn star_board_catalogue() -> Vec<&'static GameInfo> {
    catalogue().iter().filter(|g| g.geometry == Geometry::Star121).collect()
}
