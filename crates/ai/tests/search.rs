//! The search on hand-built positions: wins in one and two, the swap, determinism, and short
//! tournaments between low levels in which every game ends and every move is legal.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use tripot_ai::arena::{GameSetup, MAX_PLIES, play_game};
use tripot_ai::{Ai, Level, Limits, hint};
use tripot_engine::{Camp, Format, Move, Position, Rules};

fn parse(text: &str, rules: Rules) -> Position {
    Position::parse(text, rules).unwrap()
}

fn mv(pos: &Position, text: &str) -> Move {
    pos.parse_move(text).unwrap().mv
}

/// Every level, and the hint, play the winning step: nine S pawns home, the tenth next to the
/// last hole of the goal.
#[test]
fn every_level_finds_a_win_in_one() {
    for rules in Rules::ALL {
        let pos = parse("A:Nj4,k4,l4,m4,k3,l3,m3,l2,m2,i9:Se17,e16,f16,e15,f15,g15,e14,f14,g14,h13", rules);
        let win = pos.play(mv(&pos, "h13-h14")).unwrap();
        assert!(win.is_over());
        for level in Level::ALL {
            let chosen = Ai::unhurried(level, 1).choose(&pos, &[pos.hash()]);
            let after = pos.play(chosen).unwrap();
            assert_eq!(after.outcome().map(|o| o.winner), Some(Camp::A), "{level} {rules}: {chosen}");
        }
        assert!(pos.play(hint(&pos, &[])).unwrap().is_over());
    }
}

/// Two S pawns outside, each one step from a free goal hole, and a N pawn that could block one
/// of those holes: the search must fill the threatened hole first, so that every reply still
/// leaves a win.
#[test]
fn the_search_finds_a_win_in_two_against_every_defence() {
    // N's last pawn on i12 can step into h13... no: it can step to h14's neighbour g13? It can
    // reach g14 by a step? g14 is a goal hole next to i12's neighbours; whatever it can reach, the
    // test checks every reply.
    let pos =
        parse("A:Nj4,k4,l4,m4,k3,l3,m3,l2,m2,i12:Se17,e16,f16,e15,f15,g15,e14,f14,g13,h13", Rules::Classic);
    for level in [Level::Difficile, Level::Impossible] {
        let chosen = Ai::unhurried(level, 3).choose(&pos, &[pos.hash()]);
        let after = pos.play(chosen).unwrap();
        assert!(!after.is_over());
        for reply in after.legal_moves() {
            let next = after.play(reply).unwrap();
            if next.is_over() {
                panic!("{level}: {chosen} lets N finish with {reply}");
            }
            let wins = next
                .legal_moves()
                .into_iter()
                .any(|m| next.play(m).unwrap().outcome().is_some_and(|o| o.winner == Camp::A));
            assert!(wins, "{level}: after {chosen} and {reply}, no win");
        }
    }
}

/// S's last pawn cannot enter: a N pawn still sits in S's goal. The swap (RULES §5 case B) is the
/// only way to finish, and every level plays it.
#[test]
fn the_swap_is_played_when_it_is_the_only_way_to_finish() {
    let pos =
        parse("A:Nh14,j4,k4,l4,m4,k3,l3,m3,l2,m2:Se17,e16,f16,e15,f15,g15,e14,f14,g14,h13", Rules::Tripot);
    let swap = Move::Swap { mine: "h13".parse().unwrap(), theirs: "h14".parse().unwrap() };
    assert!(pos.is_legal(swap));
    for level in Level::ALL {
        assert_eq!(Ai::unhurried(level, 5).choose(&pos, &[pos.hash()]), swap, "{level}");
    }
}

/// The same level and seed play the same game; games between noisy levels differ with the seed.
#[test]
fn a_seed_fixes_the_game() {
    let setup = |seed| GameSetup {
        format: Format::One,
        rules: Rules::Tripot,
        opener: Camp::A,
        players: [Level::Debutant, Level::Facile],
        seed,
        opening: 0,
    };
    let first = play_game(&setup(11));
    let again = play_game(&setup(11));
    assert_eq!(first.moves, again.moves);
    let other = play_game(&setup(12));
    assert_ne!(first.moves, other.moves);
}

/// A few games of each format and preset between the two lowest levels: all end, by a win or
/// the count, well before the ply limit, and every move chosen was legal.
#[test]
fn short_tournaments_end_with_legal_moves() {
    let mut games = 0;
    for rules in Rules::ALL {
        for format in Format::ALL {
            for seed in 0..2u64 {
                let report = play_game(&GameSetup {
                    format,
                    rules,
                    opener: if seed.is_multiple_of(2) { Camp::A } else { Camp::B },
                    players: [Level::Debutant, Level::Facile],
                    seed,
                    opening: 2,
                });
                assert!(report.illegal.is_none(), "{rules} {format}: illegal {:?}", report.illegal);
                assert!(
                    report.outcome.is_some(),
                    "{rules} {format}: no end after {} plies",
                    report.moves.len()
                );
                assert!(report.moves.len() < MAX_PLIES);
                // Replay: the recorded moves are legal from the start and lead to the same end.
                let mut pos = report.start;
                for &m in &report.moves {
                    pos = pos.play(m).unwrap();
                }
                assert_eq!(pos, report.end);
                games += 1;
            }
        }
    }
    assert_eq!(games, 12);
}

/// A caller's time budget is honoured and the answer is a legal move.
#[test]
fn a_time_budget_gives_a_legal_move() {
    let pos = Position::start(Format::Three, Rules::Tripot, Camp::B);
    let mut ai = Ai::new(Level::Impossible, 0);
    let limits = Limits { time: Some(std::time::Duration::from_millis(50)), ..Limits::default() };
    let m = ai.choose_with_limits(&pos, &[pos.hash()], limits);
    assert!(pos.is_legal(m));
    assert!(ai.last_search().unwrap().elapsed < std::time::Duration::from_millis(1000));
}

/// How many moves camp A's player at `level` needs to fill its goals from `start` when camp B
/// never moves (the turn is handed straight back to A after each move), at most `limit`.
fn moves_to_finish_alone(start: Position, level: Level, limit: usize) -> usize {
    let mut ai = Ai::new(level, 0);
    let mut pos = start;
    let mut history = vec![pos.hash()];
    let mut moves = 0;
    while !pos.goal_complete(Camp::A) && moves < limit {
        let m = ai.choose(&pos, &history);
        let after = pos.play(m).unwrap().to_string();
        pos = parse(&format!("A{}", &after[1..]), start.rules());
        history.push(pos.hash());
        moves += 1;
    }
    moves
}

/// Once the armies have passed each other the game is two races: the strong levels plan their
/// whole race, and finish it in fewer moves than Débutant's greedy play.
#[test]
fn a_separated_ending_is_raced_by_plan() {
    let start =
        parse("A:Ni5,j4,k4,l4,i6,k3,l3,m3,h7,m2:Sg11,h11,i11,j11,f12,g12,h12,i12,g13,h13", Rules::Classic);
    let planned = moves_to_finish_alone(start, Level::Impossible, 60);
    let greedy = moves_to_finish_alone(start, Level::Debutant, 60);
    assert!(planned < greedy, "{planned} vs {greedy}");
}

/// Close to its goals, Impossible plans the rest of its race in every format, its colours
/// pivoting on each other, even with enemy pawns still about (a format-2 position from a game
/// between two Difficile players), and plays the plan's moves that its search does not refute:
/// it finishes in less than two thirds of Débutant's moves.
#[test]
fn a_close_ending_is_raced_by_plan_in_format_two() {
    let start = parse(
        "A:Ni5,j5,k5,m4,k3,l3,m3,l2,m2,m1:SEb13,c13,d12,c11,d11,f10,f9,f8,g7,e6:\
         Se17,e16,e15,e14,f14,h14,k12,k11,l11,g10:NWi13,j13,f12,l10,j7,m6,o6,p6,o5,q5",
        Rules::Tripot,
    );
    assert_eq!(start.format(), Format::Two);
    // Here Débutant needs 41 moves; Impossible searching alone needed 39, the plan alone 16,
    // and the plan checked by the search needs 22 (the search expects replies that never come).
    let planned = moves_to_finish_alone(start, Level::Impossible, 80);
    let greedy = moves_to_finish_alone(start, Level::Debutant, 80);
    assert!(3 * planned < 2 * greedy, "{planned} vs {greedy}");
}

/// Two pawns of each side still out, each side happy to wait for the other to give it pivots:
/// players that both prefer waiting (here Difficile with a heavy straggler weight, which cycled
/// for 1,000 plies from this position) must still finish the game, since idling costs more and
/// more.
#[test]
fn two_waiting_players_still_finish() {
    let start =
        parse("A:Nl9,l7,j4,k4,m4,l3,m3,l2,m2,m1:Se17,e16,f16,e15,g15,e14,g14,h14,i11,l8", Rules::Tripot);
    let waiting: tripot_ai::Weights = "straggler=12".parse().unwrap();
    let mut players =
        [Ai::with_weights(Level::Difficile, 1, waiting), Ai::with_weights(Level::Difficile, 2, waiting)];
    let mut pos = start;
    let mut history = vec![pos.hash()];
    while !pos.is_over() && history.len() < 200 {
        let m = players[pos.turn().index()].choose(&pos, &history);
        pos = pos.play(m).unwrap();
        history.push(pos.hash());
    }
    assert!(pos.is_over(), "still going after {} plies: {pos}", history.len());
}
