//! One test per clause of `shared/RULES.md`, each on a position built by hand for it.
//!
//! Positions are written as their pawns that matter; [`board`] completes every colour to its 10
//! pawns from its home branch, farthest from the centre first, where they stay out of the way.
//! Most jump tests use row 5 (`e5`…`q5`, 13 holes, through the free SW and SE branches of
//! format 1), the longest line that crosses no home branch.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use tripot_engine::{
    BadHop, Camp, Colour, Format, Hole, HoleSet, HopError, IllegalMove, Move, Notation, Outcome, Position,
    ReachError, Rules, WinReason,
};

// ---------------------------------------------------------------------------------------------
// Helpers

fn hole(name: &str) -> Hole {
    name.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn holes(names: &str) -> HoleSet {
    names.split_whitespace().map(hole).collect()
}

/// A position with `turn` to move: each listed colour gets the listed holes, then is completed
/// to 10 pawns from its own home branch (tip first), skipping holes already taken.
fn board(turn: Camp, rules: Rules, colours: &[(Colour, &str)]) -> Position {
    let taken: HoleSet = colours.iter().fold(HoleSet::EMPTY, |acc, (_, names)| acc | holes(names));
    let centre = hole("i9");
    let mut text = turn.to_string();
    for &(colour, names) in colours {
        let mut mine: Vec<Hole> = holes(names).iter().collect();
        let mut spare: Vec<Hole> = (colour.home() - taken).iter().collect();
        spare.sort_by_key(|h| (std::cmp::Reverse(h.distance(centre)), h.index()));
        mine.extend(spare.into_iter().take(10 - mine.len()));
        let list: Vec<String> = mine.iter().map(Hole::to_string).collect();
        text.push_str(&format!(":{colour}{}", list.join(",")));
    }
    Position::parse(&text, rules).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Format 1 under the Tripot rules: S (camp A) and N (camp B).
fn f1(turn: Camp, s: &str, n: &str) -> Position {
    board(turn, Rules::Tripot, &[(Colour::S, s), (Colour::N, n)])
}

fn swaps(position: &Position) -> Vec<String> {
    let mut list: Vec<String> = position.swaps().iter().map(Move::to_string).collect();
    list.sort();
    list
}

fn path(text: &str) -> Notation {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// The reason a written path is refused at hop `number`.
fn hop_error(position: &Position, text: &str) -> (usize, HopError) {
    match position.verify(&path(text)) {
        Err(IllegalMove::Hop(BadHop { number, reason, .. })) => (number, reason),
        other => panic!("{text}: expected a hop error, got {other:?}"),
    }
}

#[test]
fn the_helper_parks_spare_pawns_at_the_tips() {
    let p = f1(Camp::A, "i9", "");
    assert_eq!(p.to_string(), "A:Ne17,e16,f16,e15,f15,g15,e14,f14,g14,h14:Si9,j4,k4,l4,k3,l3,m3,l2,m2,m1");
}

// ---------------------------------------------------------------------------------------------
// §3.1 Step

#[test]
fn s3_1_a_step_goes_to_any_empty_neighbour() {
    let p = f1(Camp::A, "i9", "j9");
    let around = holes("j9 h9 i10 i8 j8 h10");
    assert_eq!(p.empty_neighbours(hole("i9")), around - holes("j9"));
    for to in around - holes("j9") {
        assert!(p.is_legal(Move::Step { from: hole("i9"), to }), "i9-{to}");
    }
    assert_eq!(
        p.check(Move::Step { from: hole("i9"), to: hole("j9") }),
        Err(ReachError::NotAStep { from: hole("i9"), to: hole("j9") }.into())
    );
}

#[test]
fn s3_1_a_step_ends_the_turn_no_step_after_a_jump() {
    // e5 jumps over f5 to g5; h5, one step further, is not a destination.
    let p = f1(Camp::A, "e5", "f5");
    assert_eq!(p.destinations(hole("e5")), holes("e6 g5"));
    let listed: Vec<Move> = p.legal_moves().into_iter().filter(|m| m.from() == Some(hole("e5"))).collect();
    assert_eq!(listed.len(), 2);
    assert!(listed.contains(&Move::Step { from: hole("e5"), to: hole("e6") }));
    assert!(listed.contains(&Move::Jump { from: hole("e5"), to: hole("g5") }));
    assert_eq!(hop_error(&p, "e5-g5-h5"), (2, HopError::StepInChain { from: hole("g5"), to: hole("h5") }));
    assert_eq!(hop_error(&p, "e5-e6-e7"), (1, HopError::StepInChain { from: hole("e5"), to: hole("e6") }));
    // A step and a jump are different moves even to the same hole count.
    assert!(!p.is_legal(Move::Jump { from: hole("e5"), to: hole("e6") }));
    assert!(!p.is_legal(Move::Step { from: hole("e5"), to: hole("g5") }));
}

// ---------------------------------------------------------------------------------------------
// §3.2 Jump: pivot at distance 1..5, landing at 2d

#[test]
fn s3_2_jumps_over_a_pivot_at_every_distance_from_1_to_5() {
    // e5 is the tip of the SW branch: only row 5 and column e leave it.
    for (d, pivot, landing) in
        [(1, "f5", "g5"), (2, "g5", "i5"), (3, "h5", "k5"), (4, "i5", "m5"), (5, "j5", "o5")]
    {
        let p = f1(Camp::A, "e5", pivot);
        assert_eq!(p.single_jumps(hole("e5")), holes(landing), "pivot at distance {d}");
        let mv = Move::Jump { from: hole("e5"), to: hole(landing) };
        assert!(p.is_legal(mv), "distance {d}");
        let verified = p.verify(&path(&format!("e5-{landing}"))).unwrap();
        assert_eq!(verified.mv, mv);
        assert_eq!(verified.notation, path(&format!("e5-{landing}")));
    }
}

#[test]
fn s3_2_a_pivot_farther_than_5_gives_no_jump() {
    // k5 is 6 holes from e5 and q5, 12 holes away, is on the board: still no jump.
    let p = f1(Camp::A, "e5", "k5");
    assert!(p.single_jumps(hole("e5")).is_empty());
    assert_eq!(
        hop_error(&p, "e5-q5-e5"),
        (1, HopError::TooLong { from: hole("e5"), to: hole("q5"), pivot_distance: 6, limit: 5 })
    );
}

#[test]
fn s3_2_the_nearest_pawn_is_the_pivot() {
    // j5 alone would send e5 to o5; g5, nearer, becomes the pivot and e5 lands on i5.
    let p = f1(Camp::A, "e5", "g5 j5");
    assert_eq!(p.single_jumps(hole("e5")), holes("i5"));
    // f5 in front of a pivot at distance 5: the short jump over f5 is the only one.
    let p = f1(Camp::A, "e5", "f5 j5");
    assert_eq!(p.single_jumps(hole("e5")), holes("g5"));
    assert_eq!(
        hop_error(&p, "e5-o5-e5").1,
        HopError::Blocked { from: hole("e5"), to: hole("o5"), blocker: hole("f5") }
    );
}

#[test]
fn s3_2_every_hole_past_the_pivot_up_to_the_landing_must_be_empty() {
    // Pivot g5 (distance 2): h5 and i5 must be empty.
    let p = f1(Camp::A, "e5", "g5 h5");
    assert!(p.single_jumps(hole("e5")).is_empty());
    let p = f1(Camp::A, "e5", "g5 i5");
    assert!(p.single_jumps(hole("e5")).is_empty());
    assert_eq!(
        hop_error(&p, "e5-i5-e5").1,
        HopError::Blocked { from: hole("e5"), to: hole("i5"), blocker: hole("i5") }
    );
    // A pawn just past the landing does not matter.
    let p = f1(Camp::A, "e5", "g5 j5");
    assert_eq!(p.single_jumps(hole("e5")), holes("i5"));
}

#[test]
fn s3_2_no_jump_lands_off_the_board() {
    // p5 over q5 would land on the 14th hole of a 13-hole row.
    let p = f1(Camp::A, "p5", "q5");
    assert!(p.single_jumps(hole("p5")).is_empty());
    // k5 over p5 (distance 5) would land 10 holes away, past q5.
    let p = f1(Camp::A, "k5", "p5");
    assert!(!p.single_jumps(hole("k5")).iter().any(|h| h.row() == 5));
    assert!(p.single_jumps(hole("k5")).is_empty());
}

#[test]
fn s3_2_any_pawn_is_a_pivot_and_nothing_is_captured() {
    // An own pawn as pivot, and an enemy one: both stay where they are.
    for (own, enemy) in [("e5 g5", ""), ("e5", "g5")] {
        let p = f1(Camp::A, own, enemy);
        let after = p.play(Move::Jump { from: hole("e5"), to: hole("i5") }).unwrap();
        assert!(after.occupied().contains(hole("g5")));
        assert_eq!(after.occupied().len(), 20);
    }
}

#[test]
fn s3_2_a_pivot_beyond_distance_1_needs_the_holes_before_it_empty_in_the_verifier() {
    let p = f1(Camp::A, "e5", "h5");
    assert_eq!(
        hop_error(&p, "e5-g5-e5").1,
        HopError::NoPivot { from: hole("e5"), to: hole("g5"), pivot: hole("f5") }
    );
    assert_eq!(
        hop_error(&p, "e5-h5-e5").1,
        HopError::OddDistance { from: hole("e5"), to: hole("h5"), distance: 3 }
    );
    assert_eq!(hop_error(&p, "e5-k5-e5").0, 2);
}

// ---------------------------------------------------------------------------------------------
// §3.3 Chain: no revisit, the lifted start hole

/// i5 can chain i5-i7-k5-e5: the last hop, from k5 over h5 (distance 3), passes over i5, the
/// start, which counts as empty while the pawn is lifted.
fn lifted_start() -> Position {
    f1(Camp::A, "i5", "i6 j6 h5")
}

#[test]
fn s3_3_the_start_hole_counts_as_empty_between_pawn_and_pivot() {
    let p = lifted_start();
    let verified = p.verify(&path("i5-i7-k5-e5")).unwrap();
    assert_eq!(verified.mv, Move::Jump { from: hole("i5"), to: hole("e5") });
    // e5 can only be reached along row 5 from the right, over h5, which needs i5 empty.
    assert!(p.destinations(hole("i5")).contains(hole("e5")));
    // The same route for a pawn that is not the one on i5: i5 stays a wall.
    let other = f1(Camp::A, "i5 k5", "h5 g9");
    assert_eq!(
        hop_error(&other, "k5-e5-k5").1,
        HopError::Blocked { from: hole("k5"), to: hole("e5"), blocker: hole("i5") }
    );
}

#[test]
fn s3_3_the_start_hole_is_never_landed_on() {
    let p = lifted_start();
    assert!(!p.destinations(hole("i5")).contains(hole("i5")));
    // i5-g5 over h5, then back over h5: the geometry is fine, the hole is the start.
    assert_eq!(hop_error(&p, "i5-g5-i5"), (2, HopError::Revisit(hole("i5"))));
}

#[test]
fn s3_3_a_chain_never_revisits_a_hole() {
    let p = lifted_start();
    assert_eq!(hop_error(&p, "i5-i7-k5-i7"), (3, HopError::Revisit(hole("i7"))));
}

#[test]
fn s3_3_a_chain_may_stop_after_any_jump() {
    let p = lifted_start();
    for stop in ["i5-i7", "i5-i7-k5", "i5-i7-k5-e5"] {
        let to = hole(stop.rsplit('-').next().unwrap());
        assert_eq!(p.verify(&path(stop)).unwrap().mv, Move::Jump { from: hole("i5"), to }, "{stop}");
    }
    // Written by its ends, a chain is expanded to a full path.
    let verified = p.parse_move("i5-e5").unwrap();
    assert_eq!(verified.notation, path("i5-i7-k5-e5"));
}

// ---------------------------------------------------------------------------------------------
// §4 Winning, checked after every turn for both camps

#[test]
fn s4_a_camp_wins_when_its_goal_is_full_after_its_own_move() {
    let p = f1(Camp::A, "e17 e16 f16 e15 f15 g15 e14 f14 g14 h13", "m1 l2 m2 k3 l3 m3 j4 k4 l4 i9");
    assert_eq!(p.outcome(), None);
    let won = p.play(Move::Step { from: hole("h13"), to: hole("h14") }).unwrap();
    assert_eq!(won.outcome(), Some(Outcome { winner: Camp::A, reason: WinReason::Goal }));
    assert!(won.is_over());
    assert!(won.legal_moves().is_empty());
    assert_eq!(won.count_legal_moves(), 0);
    assert!(matches!(won.check(Move::Pass), Err(IllegalMove::GameOver(_))));
}

#[test]
fn s4_camp_b_wins_the_same_way() {
    let p = f1(Camp::B, "e17 e16 f16 e15 f15 g15 e14 f14 g14 i9", "m1 l2 m2 k3 l3 m3 j4 k4 l4 i6");
    let moved = p.play(Move::Step { from: hole("i6"), to: hole("i5") }).unwrap();
    assert_eq!(moved.outcome(), None, "i5 is not in the S branch");
    let p = f1(Camp::B, "e17 e16 f16 e15 f15 g15 e14 f14 g14 i9", "m1 l2 m2 k3 l3 m3 j4 k4 l4 m5");
    let won = p.play(Move::Step { from: hole("m5"), to: hole("m4") }).unwrap();
    assert_eq!(won.outcome(), Some(Outcome { winner: Camp::B, reason: WinReason::Goal }));
}

/// Format 3, A to move. A's S pawn on m4 has no destination: m3 and l4 (N) and m5 (N) around it,
/// l5, m6 and k6 held by A pawns that cannot move either. Every other hole of the S branch holds
/// an N pawn, the SW branch is full of NE pawns and the SE branch of NW pawns: the swap
/// m4<>m5 (case A) puts the N pawn of m5 on m4 and completes all of B's goals.
fn enemy_goal_by_swap() -> Position {
    board(
        Camp::A,
        Rules::Tripot,
        &[
            (Colour::N, "m1 l2 m2 k3 l3 m3 j4 k4 l4 m5"),
            (Colour::NE, "e5 f5 e6 g5 f6 e7 h5 g6 f7 e8"),
            (Colour::SE, "m8 k8 j6 k7 i6 i8 j13 k13 l13 m13"),
            (Colour::S, "m4 l5 m6 k6 k5 l6 j5 l7 j7 m7"),
            (Colour::SW, "a13 b13 c13 d13 b12 c12 d12 c11 d11 d10"),
            (Colour::NW, "n5 n6 n7 n8 o5 o6 o7 p5 p6 q5"),
        ],
    )
}

#[test]
fn s4_s5_a_swap_that_completes_the_enemy_goal_makes_the_enemy_win() {
    let p = enemy_goal_by_swap();
    assert_eq!(p.format(), Format::Three);
    assert!(p.destinations(hole("m4")).is_empty());
    for blocker in ["l5", "m6", "k6"] {
        assert!(p.destinations(hole(blocker)).is_empty(), "{blocker} must not be able to move");
    }
    let swap = Move::Swap { mine: hole("m4"), theirs: hole("m5") };
    assert!(p.legal_moves().contains(&swap));
    let after = p.play(swap).unwrap();
    assert_eq!(after.colour_at(hole("m4")), Some(Colour::N));
    assert_eq!(after.colour_at(hole("m5")), Some(Colour::S));
    assert_eq!(after.outcome(), Some(Outcome { winner: Camp::B, reason: WinReason::Goal }));
}

// ---------------------------------------------------------------------------------------------
// §5 The swap

/// m1 has no destination: l2 and m2 (N) beside it, k3 and m3 (N) behind them. A's other pawns
/// stand in the free NE branch, far from any enemy.
fn stuck_at_the_tip() -> Position {
    f1(Camp::A, "m1 j13 k12 k13 l11 l12 l13 m10 m11 m12", "l2 m2 k3 m3")
}

#[test]
fn s5_case_a_a_stuck_pawn_nobody_can_free_swaps_with_any_enemy_in_range() {
    let p = stuck_at_the_tip();
    assert!(p.destinations(hole("m1")).is_empty());
    assert_eq!(swaps(&p), ["m1<>k3", "m1<>l2", "m1<>m2", "m1<>m3"]);
    // The swap is offered beside the other pawns' ordinary moves.
    assert!(p.legal_moves().iter().any(|m| matches!(m, Move::Step { .. })));
    let after = p.play(Move::Swap { mine: hole("m1"), theirs: hole("m3") }).unwrap();
    assert_eq!(after.colour_at(hole("m3")), Some(Colour::S));
    assert_eq!(after.colour_at(hole("m1")), Some(Colour::N));
    assert_eq!(after.turn(), Camp::B);
    assert_eq!(after.verify(&path("pass")).map(|v| v.mv), Err(IllegalMove::PassNotAllowed));
}

#[test]
fn s5_case_a_is_not_offered_while_another_pawn_can_free_the_stuck_one() {
    // m1 is stuck (m3 is A's own pawn now), but m3-m4 would let m1 jump m1-m3-m5, out of home.
    let p = f1(Camp::A, "m1 m3 j13 k12 k13 l11 l12 l13 m10 m11", "l2 m2 k3");
    assert!(p.destinations(hole("m1")).is_empty());
    let freed = p.play(Move::Step { from: hole("m3"), to: hole("m4") }).unwrap();
    assert!(freed.destinations(hole("m1")).contains(hole("m5")));
    assert!(!p.swaps().iter().any(|m| m.from() == Some(hole("m1"))), "{:?}", swaps(&p));
    assert_eq!(
        p.check(Move::Swap { mine: hole("m1"), theirs: hole("m2") }),
        Err(IllegalMove::SwapNotAllowed { mine: hole("m1"), theirs: hole("m2") })
    );
}

#[test]
fn s5_stuck_at_home_means_every_destination_is_still_in_the_home_branch() {
    // m1 can only jump over l2 to k3, inside its home: stuck.
    let p = f1(Camp::A, "m1 j13 k12 k13 l11 l12 l13 m10 m11 m12", "l2 m2 m3");
    assert_eq!(p.destinations(hole("m1")), holes("k3"));
    assert_eq!(swaps(&p), ["m1<>l2", "m1<>m2", "m1<>m3"]);
    // With k4 taken, the chain goes on m1-k3-k5, out of home: not stuck, no swap.
    let p = f1(Camp::A, "m1 j13 k12 k13 l11 l12 l13 m10 m11 m12", "l2 m2 m3 k4");
    assert_eq!(p.destinations(hole("m1")), holes("k3 k5"));
    assert!(swaps(&p).is_empty());
}

#[test]
fn s5_a_pawn_away_from_home_is_stuck_only_with_no_destination_at_all() {
    // m13, the NE tip, walled in by N pawns: no destination, so stuck although not at home.
    let p = f1(Camp::A, "m13", "l13 m12 k13 m11");
    assert!(p.destinations(hole("m13")).is_empty());
    assert_eq!(swaps(&p), ["m13<>k13", "m13<>l13", "m13<>m11", "m13<>m12"]);
    // Open k13 and m13 steps nowhere but jumps over l13 to k13: not stuck.
    let p = f1(Camp::A, "m13", "l13 m12 i9 m11");
    assert_eq!(p.destinations(hole("m13")), holes("k13"));
    assert!(swaps(&p).is_empty());
}

#[test]
fn s5_range_is_a_neighbour_or_two_away_in_line_over_an_occupied_hole() {
    // m1 stuck at home: its one destination is the step to l2, in its home.
    // m2 neighbour: in range. m3 two away over m2: in range. k3 two away over l2, which is
    // empty: out of range. l3 two away but not in line, m4 and j4 three away in line: out.
    let p = f1(Camp::A, "m1 j13 k12 k13 l11 l12 l13 m10 m11 m12", "m2 m3 k3 j4 l3 m4");
    assert_eq!(p.destinations(hole("m1")), holes("l2"));
    assert_eq!(swaps(&p), ["m1<>m2", "m1<>m3"]);
    for theirs in ["k3", "l3", "m4", "j4"] {
        assert_eq!(
            p.check(Move::Swap { mine: hole("m1"), theirs: hole(theirs) }),
            Err(IllegalMove::SwapNotAllowed { mine: hole("m1"), theirs: hole(theirs) }),
            "{theirs}"
        );
    }
    // A swap needs an enemy pawn and a pawn of the mover.
    assert_eq!(
        p.check(Move::Swap { mine: hole("m1"), theirs: hole("j13") }),
        Err(IllegalMove::NotAnEnemyPawn(hole("j13")))
    );
    assert_eq!(
        p.check(Move::Swap { mine: hole("m2"), theirs: hole("m1") }),
        Err(IllegalMove::NotYourPawn(hole("m2")))
    );
}

/// A to move: nine S pawns in the N branch, whose tip e17 holds an N pawn; A's last pawn out is
/// on i9. The other N pawns sit in the S branch, far from the action.
fn last_pawn_out() -> Position {
    f1(Camp::A, "e16 f16 e15 f15 g15 e14 f14 g14 h14 i9", "e17 l2 m2 k3 l3 m3 j4 k4 l4 m4")
}

#[test]
fn s5_case_b_the_last_pawn_out_swaps_the_enemy_in_its_goal_with_any_pawn_in_range() {
    let p = last_pawn_out();
    assert_eq!(p.arrived(Camp::A), 9);
    assert!(!p.destinations(hole("i9")).iter().any(|h| Colour::S.goal().contains(h)));
    let with_e17: Vec<String> = swaps(&p).into_iter().filter(|m| m.ends_with("<>e17")).collect();
    assert_eq!(with_e17, ["e15<>e17", "e16<>e17", "f16<>e17", "g15<>e17"]);
    // Offered beside the last pawn's own, useless, moves.
    assert!(p.legal_moves().contains(&Move::Step { from: hole("i9"), to: hole("i10") }));
    let after = p.play(Move::Swap { mine: hole("g15"), theirs: hole("e17") }).unwrap();
    assert_eq!(after.colour_at(hole("e17")), Some(Colour::S));
    assert_eq!(after.colour_at(hole("g15")), Some(Colour::N));
}

#[test]
fn s5_case_b_needs_all_but_one_pawn_arrived() {
    // Two pawns out (i9 and g9): no case-B swap with e17.
    let p = f1(Camp::A, "e16 f16 e15 f15 g15 e14 f14 g14 g9 i9", "e17 l2 m2 k3 l3 m3 j4 k4 l4 m4");
    assert!(!swaps(&p).iter().any(|m| m.ends_with("<>e17")), "{:?}", swaps(&p));
}

// ---------------------------------------------------------------------------------------------
// §6 Pass and the end by count

/// Format 2 under the classic rules, A to move: the S and SE branches are full of A's pawns and
/// walled in by B's, every short jump landing on a pawn.
fn walled_in(rules: Rules) -> Position {
    board(
        Camp::A,
        rules,
        &[
            (Colour::N, "i5 j5 k5 l5 m5 h6 i6 j6 k6 l6"),
            (Colour::SE, "n5 n6 n7 n8 o5 o6 o7 p5 p6 q5"),
            (Colour::S, "m1 l2 m2 k3 l3 m3 j4 k4 l4 m4"),
            (Colour::NW, "m6 m7 m8 m9 l7 l8 l9 l10 a13 b13"),
        ],
    )
}

#[test]
fn s6_a_side_with_no_step_chain_or_swap_passes() {
    let p = walled_in(Rules::Classic);
    assert_eq!(p.legal_moves().as_slice(), [Move::Pass]);
    assert_eq!(p.count_legal_moves(), 1);
    assert_eq!(p.verify(&path("pass")).map(|v| v.mv), Ok(Move::Pass));
    let after = p.play(Move::Pass).unwrap();
    assert!(after.previous_was_pass());
    assert_eq!(after.turn(), Camp::B);
    assert_eq!(after.outcome(), None);
    // The other side always has a step then: some pawn borders an empty hole, and it is not A's.
    assert!(after.legal_moves().iter().any(|m| matches!(m, Move::Step { .. })));
    assert_eq!(after.check(Move::Pass), Err(IllegalMove::PassNotAllowed));
    // A move after a pass clears the pending pass.
    let next = after.play(after.legal_moves()[0]).unwrap();
    assert!(!next.previous_was_pass());
}

#[test]
fn s6_no_pass_while_a_move_exists() {
    let p = Position::start(Format::One, Rules::Tripot, Camp::A);
    assert_eq!(p.check(Move::Pass), Err(IllegalMove::PassNotAllowed));
    assert!(!p.legal_moves().contains(&Move::Pass));
}

#[test]
fn s6_with_the_swap_the_walled_in_side_swaps_instead_of_passing() {
    // RULES §6 note: under the Tripot rules a pass never happens.
    let p = walled_in(Rules::Tripot);
    assert!(!p.legal_moves().contains(&Move::Pass));
    assert!(!p.swaps().is_empty());
}

/// Two passes in a row end the game by count. In play that cannot happen (after a pass the other
/// side always has a step), so the count is checked on positions with two passes forced in.
fn after_two_passes(position: Position) -> Option<Outcome> {
    let mut p = position;
    p.play_unchecked(Move::Pass);
    assert_eq!(p.outcome(), None, "one pass does not end the game");
    p.play_unchecked(Move::Pass);
    p.outcome()
}

#[test]
fn s6_count_more_arrived_pawns_wins() {
    // A has one pawn in its goal (e17, the N pawn from there now on i9); B none.
    let p = f1(Camp::A, "e17", "i9");
    assert_eq!((p.arrived(Camp::A), p.arrived(Camp::B)), (1, 0));
    let outcome = after_two_passes(p).unwrap();
    assert_eq!(outcome.winner, Camp::A);
    assert!(matches!(outcome.reason, WinReason::Count { arrived: [1, 0], .. }));
    // And the same for B, even with a larger distance.
    let p = f1(Camp::A, "i9", "m1");
    let outcome = after_two_passes(p).unwrap();
    assert_eq!(outcome.winner, Camp::B);
    assert!(matches!(outcome.reason, WinReason::Count { arrived: [0, 1], .. }));
}

#[test]
fn s6_count_tie_on_arrived_smaller_total_distance_wins() {
    let start = Position::start(Format::One, Rules::Tripot, Camp::A);
    // m4-m5 brings one S pawn one hole nearer to the N branch.
    let p = start.play(Move::Step { from: hole("m4"), to: hole("m5") }).unwrap();
    assert_eq!(p.total_distance(Camp::A) + 1, start.total_distance(Camp::A));
    let outcome = after_two_passes(p).unwrap();
    assert_eq!(outcome.winner, Camp::A);
    let (a, b) = (p.total_distance(Camp::A), p.total_distance(Camp::B));
    assert_eq!(outcome.reason, WinReason::Count { arrived: [0, 0], distance: [a, b] });
    // The same advance for B.
    let p = f1(Camp::A, "", "h13");
    assert!(p.total_distance(Camp::B) < p.total_distance(Camp::A));
    assert_eq!(after_two_passes(p).map(|o| o.winner), Some(Camp::B));
}

#[test]
fn s6_count_perfect_tie_goes_to_camp_a() {
    for opener in [Camp::A, Camp::B] {
        let start = Position::start(Format::Three, Rules::Classic, opener);
        assert_eq!(start.total_distance(Camp::A), start.total_distance(Camp::B));
        let outcome = after_two_passes(start).unwrap();
        assert_eq!(outcome.winner, Camp::A);
    }
}

#[test]
fn s6_distance_is_zero_for_an_arrived_pawn_and_one_next_to_the_goal() {
    // The N pawn that would stand on e17 waits on m9 in all three.
    let arrived = f1(Camp::A, "e17", "m9");
    let next_to = f1(Camp::A, "e13", "m9");
    let far = f1(Camp::A, "i9", "m9");
    assert_eq!(arrived.total_distance(Camp::A) + 1, next_to.total_distance(Camp::A));
    assert_eq!(next_to.total_distance(Camp::A) + 4, far.total_distance(Camp::A), "i9 is 5 from e14..h14");
}

// ---------------------------------------------------------------------------------------------
// §9 The classic preset: short jumps only, no swap

#[test]
fn s9_classic_jumps_only_over_a_neighbour() {
    for (pivot, landing, expected) in [("f5", "g5", true), ("g5", "i5", false), ("j5", "o5", false)] {
        let p = board(Camp::A, Rules::Classic, &[(Colour::S, "e5"), (Colour::N, pivot)]);
        assert_eq!(p.single_jumps(hole("e5")).contains(hole(landing)), expected, "{pivot}");
        assert_eq!(p.is_legal(Move::Jump { from: hole("e5"), to: hole(landing) }), expected);
    }
    let p = board(Camp::A, Rules::Classic, &[(Colour::S, "e5"), (Colour::N, "g5")]);
    assert_eq!(
        hop_error(&p, "e5-i5-e5").1,
        HopError::TooLong { from: hole("e5"), to: hole("i5"), pivot_distance: 2, limit: 1 }
    );
}

#[test]
fn s9_classic_has_no_swap() {
    let p = stuck_at_the_tip().with_rules(Rules::Classic);
    assert!(p.swaps().is_empty());
    assert!(!p.legal_moves().iter().any(|m| matches!(m, Move::Swap { .. })));
    assert_eq!(p.check(Move::Swap { mine: hole("m1"), theirs: hole("m2") }), Err(IllegalMove::NoSwapInRules));
}

#[test]
fn s9_classic_keeps_chains_and_the_no_revisit_rule() {
    let p = board(Camp::A, Rules::Classic, &[(Colour::S, "i5"), (Colour::N, "i6 j6 h5")]);
    assert_eq!(
        p.verify(&path("i5-i7-k5")).map(|v| v.mv),
        Ok(Move::Jump { from: hole("i5"), to: hole("k5") })
    );
    assert!(!p.destinations(hole("i5")).contains(hole("e5")), "k5-e5 needs a pivot at distance 3");
    assert_eq!(hop_error(&p, "i5-g5-i5"), (2, HopError::Revisit(hole("i5"))));
}
