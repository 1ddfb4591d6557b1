//! One test per clause of `shared/RULES-STAR.md`, each on a position built by hand for it.
//!
//! Positions are written as the marbles that matter; [`board`] completes every seat to its
//! marbles from its home branch, farthest from the centre first, where they stay out of the way.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use tripot_engine::{
    BadHop, CLOCKWISE, Colour, GameKind, Hole, HoleSet, HopError, ReachError, StarEnd, StarGame, StarIllegal,
    StarMove, StarNotation, StarPosition, StarPositionError, Variant, seat_colour_name, seats, view_of,
};

// ---------------------------------------------------------------------------------------------
// Helpers

fn hole(name: &str) -> Hole {
    name.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn holes(names: &str) -> HoleSet {
    names.split_whitespace().map(hole).collect()
}

fn variant(name: &str) -> Variant {
    name.parse().unwrap()
}

/// A position of `name` with `turn` to move: each listed seat gets the listed holes, then is
/// completed to its marbles from its own home (tip first), skipping holes already taken.
/// `fields` are appended as they are (`moves=29 done=S1`).
fn board(name: &str, turn: Colour, seats: &[(Colour, &str)], fields: &str) -> StarPosition {
    let v = variant(name);
    let taken: HoleSet = seats.iter().fold(HoleSet::EMPTY, |acc, (_, names)| acc | holes(names));
    let centre = hole("i9");
    let mut text = turn.to_string();
    for &(seat, names) in seats {
        let mut mine: Vec<Hole> = holes(names).iter().collect();
        let start = StarPosition::start(v, Colour::S).unwrap();
        let mut spare: Vec<Hole> = (start.home(seat) - taken).iter().collect();
        spare.sort_by_key(|h| (std::cmp::Reverse(h.distance(centre)), h.index()));
        mine.extend(spare.into_iter().take(v.marbles() - mine.len()));
        let list: Vec<String> = mine.iter().map(Hole::to_string).collect();
        text.push_str(&format!(":{seat}{}", list.join(",")));
    }
    if !fields.is_empty() {
        text.push(' ');
        text.push_str(fields);
    }
    StarPosition::parse(&text, v).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn play(position: StarPosition, text: &str) -> StarPosition {
    let m = position.parse_move(text).unwrap_or_else(|e| panic!("{position}: {e}"));
    position.play(&m).unwrap_or_else(|e| panic!("{position}: {e}"))
}

fn path(text: &str) -> StarNotation {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn listed(position: &StarPosition) -> Vec<String> {
    position.legal_moves().iter().map(|m| position.notation(m).to_string()).collect()
}

/// The N branch (S's goal) but `hole`.
fn north_but(hole: &str) -> String {
    let all = "e17 e16 f16 e15 f15 g15 e14 f14 g14 h14";
    all.split_whitespace().filter(|h| *h != hole).collect::<Vec<_>>().join(" ")
}

/// The S branch (N's goal) but `hole`.
fn south_but(hole: &str) -> String {
    let all = "m1 l2 m2 k3 l3 m3 j4 k4 l4 m4";
    all.split_whitespace().filter(|h| *h != hole).collect::<Vec<_>>().join(" ")
}

// ---------------------------------------------------------------------------------------------
// §1 Seats

#[test]
fn s1_seats_for_2_3_4_and_6_players() {
    use Colour::*;
    assert_eq!(seats(2), Some(&[S, N][..]));
    assert_eq!(seats(3), Some(&[S, NW, NE][..]));
    assert_eq!(seats(4), Some(&[S, SW, N, NE][..]));
    assert_eq!(seats(6), Some(&[S, SW, NW, N, NE, SE][..]));
    assert_eq!(CLOCKWISE, [S, SW, NW, N, NE, SE]);
    // Each seat heads for the opposite branch.
    let p = StarPosition::start(variant("halma-6"), S).unwrap();
    for seat in CLOCKWISE {
        assert_eq!(p.goal(seat), p.home(seat.opposite()));
    }
}

#[test]
fn s1_play_goes_clockwise_from_the_opener() {
    let mut p = StarPosition::start(variant("kawu-3"), Colour::S).unwrap();
    let mut order = Vec::new();
    for _ in 0..4 {
        order.push(p.turn());
        let m = p.legal_moves()[0].clone();
        p = p.play(&m).unwrap();
    }
    assert_eq!(order, [Colour::S, Colour::NW, Colour::NE, Colour::S]);
    assert_eq!(p.moves(), 1);
}

#[test]
fn s1_seat_1_white_opens_unless_the_table_chose_another_seat() {
    assert_eq!(seat_colour_name(1), "white");
    assert_eq!(
        (2..=6).map(seat_colour_name).collect::<Vec<_>>(),
        ["red", "blue", "black", "yellow", "green"]
    );
    let p = StarPosition::start(variant("kawu-4"), Colour::N).unwrap();
    assert_eq!((p.turn(), p.opener()), (Colour::N, Colour::N));
    // Only a seat at the table may open.
    assert!(matches!(
        StarPosition::start(variant("kawu-4"), Colour::SE),
        Err(StarPositionError::NotASeat { seat: Colour::SE, .. })
    ));
    // After N and NE have played, S has made one move fewer than them.
    let p = play(play(p, "e14-e13"), "j13-j12");
    assert_eq!(p.turn(), Colour::S);
    assert_eq!((p.moves_of(Colour::S), p.moves_of(Colour::N), p.moves_of(Colour::NE)), (0, 1, 1));
}

#[test]
fn s1_each_player_sees_its_home_at_the_bottom_and_the_notation_stays() {
    // NE's home tip m13 is drawn where S's tip m1 is; the hole keeps its name.
    assert_eq!(view_of(hole("m13"), Colour::NE), hole("m1"));
    for seat in CLOCKWISE {
        let drawn: HoleSet = seat.branch().iter().map(|h| view_of(h, seat)).collect();
        assert_eq!(drawn, Colour::S.branch(), "{seat}");
    }
}

// ---------------------------------------------------------------------------------------------
// §2 Variants

#[test]
fn s2_every_variant_has_its_name_players_and_jumps() {
    let names: Vec<String> = Variant::ALL.iter().map(Variant::to_string).collect();
    for name in [
        "kawu-2",
        "kawu-3",
        "kawu-4",
        "kawu-6",
        "halma-2",
        "halma-3",
        "halma-4",
        "halma-6",
        "halma-long-2",
        "halma-long-6",
        "halma-15",
        "halma-pairs-4",
        "halma-pairs-6",
        "captures-2",
        "captures-5",
        "captures-long-3",
        "captures-long-6",
    ] {
        assert!(names.contains(&name.to_owned()), "{name}");
    }
    assert_eq!(Variant::ALL.len(), 23);
    assert_eq!(variant("halma-long-6").max_pivot_distance(), 5);
    assert_eq!(variant("halma-6").max_pivot_distance(), 1);
    assert_eq!(variant("captures-long-4").max_pivot_distance(), 5);
    assert_eq!(variant("halma-15").players(), 2);
    assert_eq!(variant("captures-5").players(), 5);
    assert!("halma-long-4".parse::<Variant>().is_err());
}

// ---------------------------------------------------------------------------------------------
// §3 kawu

#[test]
fn s3_1_ten_marbles_per_seat_fill_its_home() {
    let p = StarPosition::start(variant("kawu-6"), Colour::S).unwrap();
    for seat in CLOCKWISE {
        assert_eq!(p.marbles(seat), seat.branch());
    }
}

#[test]
fn s3_2_steps_and_short_chains_that_may_end_anywhere() {
    // m5 may step into the empty SE branch, and jump over N's n5 into it too.
    let p = board("kawu-2", Colour::S, &[(Colour::S, "m5"), (Colour::N, "i9")], "");
    assert!(p.destinations(hole("m5")).contains(hole("n5")));
    let p = board("kawu-2", Colour::S, &[(Colour::S, "m5"), (Colour::N, "n5")], "");
    assert!(p.destinations(hole("m5")).contains(hole("o5")));
    // Short jumps only: m5 cannot jump over i5 (a pivot at distance 4).
    let p = board("kawu-2", Colour::S, &[(Colour::S, "e5"), (Colour::N, "g5")], "");
    assert_eq!(
        p.verify(&path("e5-i5")),
        Err(ReachError::Unreachable { from: hole("e5"), to: hole("i5") }.into())
    );
    assert!(matches!(
        p.verify(&path("e5-i5-e5")),
        Err(StarIllegal::Hop(BadHop { number: 1, reason: HopError::TooLong { .. }, .. }))
    ));
}

#[test]
fn s3_2_no_hole_twice_in_a_chain_and_nothing_is_taken() {
    // i9 round the triangle j9, j10, i10 would come back to its start.
    let p = board("kawu-2", Colour::S, &[(Colour::S, "i9"), (Colour::N, "j9 j10 i10")], "");
    assert!(p.verify(&path("i9-k9-i11")).is_ok());
    assert_eq!(
        p.verify(&path("i9-k9-i11-i9")),
        Err(StarIllegal::Hop(BadHop {
            number: 3,
            from: hole("i11"),
            to: hole("i9"),
            reason: HopError::Revisit(hole("i9"))
        }))
    );
    let after = play(p, "i9-k9-i11");
    assert_eq!(after.marbles(Colour::N), p.marbles(Colour::N));
    // A step and a chain are different moves, even between the same holes.
    let (i9, k9, h9) = (hole("i9"), hole("k9"), hole("h9"));
    assert_eq!(
        p.check(&StarMove::Step { from: i9, to: k9 }),
        Err(ReachError::NotAStep { from: i9, to: k9 }.into())
    );
    assert_eq!(
        p.check(&StarMove::Jump { from: i9, to: h9 }),
        Err(ReachError::StepWrittenAsJump { from: i9, to: h9 }.into())
    );
}

#[test]
fn s3_3_a_full_goal_with_one_own_marble_wins_at_once() {
    let n = format!("{} i9", north_but("h14"));
    let p = board("kawu-2", Colour::S, &[(Colour::S, "h13"), (Colour::N, &n)], "");
    // The goal holds nine N marbles: full after h13-h14, with one S marble.
    let after = play(p, "h13-h14");
    let outcome = after.outcome().unwrap();
    assert_eq!((outcome.winners(), outcome.end), (vec![Colour::S], StarEnd::Finished));
    assert!(after.legal_moves().is_empty());
    // A goal full of other seats' marbles only is not finished.
    assert!(!StarPosition::start(variant("kawu-2"), Colour::S).unwrap().goal_done(Colour::S));
}

#[test]
fn s3_4_a_seat_with_no_move_passes() {
    // S fills its home; NW and NE wall rows 5 and 6: no step, no jump.
    let p = board(
        "kawu-3",
        Colour::S,
        &[(Colour::S, ""), (Colour::NW, "i5 j5 k5 l5 m5"), (Colour::NE, "h6 i6 j6 k6 l6 m6")],
        "",
    );
    assert_eq!(p.legal_moves(), [StarMove::Pass]);
    assert_eq!(p.check(&StarMove::Pass), Ok(()));
    let after = p.play(&StarMove::Pass).unwrap();
    assert_eq!(after.turn(), Colour::NW);
    assert_eq!(after.check(&StarMove::Pass), Err(StarIllegal::PassNotAllowed));
}

#[test]
fn s3_5_after_300_moves_each_the_count_decides() {
    // S to move has made 300 moves, as has N: the cap is reached. Even count: a draw.
    let p = board("kawu-2", Colour::S, &[(Colour::S, ""), (Colour::N, "")], "moves=300");
    let outcome = p.outcome().unwrap();
    assert_eq!((outcome.winners(), outcome.end), (vec![Colour::S, Colour::N], StarEnd::MoveLimit));
    assert!(p.legal_moves().is_empty());
    // One S marble home in its goal wins the count.
    let n = format!("{} i9", north_but("e17"));
    let p = board("kawu-2", Colour::N, &[(Colour::S, "e17"), (Colour::N, &n)], "moves=299");
    assert!(p.outcome().is_none(), "N has one move left");
    let after = play(p, "i9-i8");
    assert_eq!(after.outcome().map(|o| o.winners()), Some(vec![Colour::S]));
}

// ---------------------------------------------------------------------------------------------
// §4 Stern-Halma

#[test]
fn s4_1_and_s4_2_ten_marbles_short_jumps_and_long_ones_in_halma_long() {
    let p = StarPosition::start(variant("halma-4"), Colour::S).unwrap();
    assert!(p.variant().seats().iter().all(|&s| p.marbles(s).len() == 10));
    let short = board("halma-2", Colour::S, &[(Colour::S, "e9"), (Colour::N, "g9")], "");
    assert!(!short.destinations(hole("e9")).contains(hole("i9")));
    let long = board("halma-long-2", Colour::S, &[(Colour::S, "e9"), (Colour::N, "g9")], "");
    assert!(long.destinations(hole("e9")).contains(hole("i9")));
}

#[test]
fn s4_3_a_move_may_pass_through_another_branch_but_not_end_there() {
    let p = board("halma-2", Colour::S, &[(Colour::S, "m5"), (Colour::N, "n5 n6")], "");
    assert_eq!(
        p.verify(&path("m5-o5")),
        Err(StarIllegal::EndsInBranch { to: hole("o5"), branch: Colour::SE })
    );
    assert!(!p.destinations(hole("m5")).contains(hole("o5")));
    // Through o5 in SE, back to the hexagon on m7: legal.
    assert_eq!(p.verify(&path("m5-o5-m7")), Ok(StarMove::Jump { from: hole("m5"), to: hole("m7") }));
    assert!(listed(&p).contains(&"m5-o5-m7".to_owned()));
    // The same chain may stop on o5 in kawu.
    let kawu = board("kawu-2", Colour::S, &[(Colour::S, "m5"), (Colour::N, "n5 n6")], "");
    assert!(kawu.destinations(hole("m5")).contains(hole("o5")));
}

#[test]
fn s4_4_a_marble_in_its_goal_moves_within_the_goal_only() {
    let p = board(
        "halma-2",
        Colour::S,
        &[(Colour::S, "g14 f14"), (Colour::N, "e9 f9 g9 h9 i9 j9 k9 l9 m9 i10")],
        "",
    );
    // Steps to goal holes, and the jump over f14 to e14, inside the goal.
    assert_eq!(p.destinations(hole("g14")), holes("h14 g15 f15 e14"));
    assert_eq!(
        p.verify(&path("g14-g13")),
        Err(StarIllegal::LeavesGoal { number: 1, from: hole("g14"), to: hole("g13") })
    );
}

#[test]
fn s4_5_finished_seats_take_places_and_are_skipped() {
    // halma-3: S fills the N branch with h13-h14 and takes 1st place.
    let p = board(
        "halma-3",
        Colour::S,
        &[(Colour::S, &format!("h13 {}", north_but("h14"))), (Colour::NW, ""), (Colour::NE, "")],
        "",
    );
    let p = play(p, "h13-h14");
    assert_eq!(p.place(Colour::S), Some(1));
    assert!(p.to_string().ends_with(" done=S1"), "{p}");
    let p = play(play(p, "d10-e10"), "m10-m9");
    assert_eq!(p.turn(), Colour::NW, "S is skipped");
    // NW fills SE with m8-n8: 2nd; NE alone is left and takes 3rd; the game ends.
    let se = "n5 n6 n7 o5 o6 o7 p5 p6 q5";
    let p = board(
        "halma-3",
        Colour::NW,
        &[(Colour::S, &north_but("")), (Colour::NW, &format!("m8 {se}")), (Colour::NE, "")],
        "done=S1",
    );
    let p = play(p, "m8-n8");
    let outcome = p.outcome().unwrap();
    assert_eq!(outcome.standings(), vec![(Colour::S, 1), (Colour::NW, 2), (Colour::NE, 3)]);
    assert_eq!(outcome.end, StarEnd::Finished);
}

#[test]
fn s4_5_with_two_players_the_second_has_a_last_move_for_a_draw() {
    let p = board(
        "halma-2",
        Colour::S,
        &[(Colour::S, &format!("h13 {}", north_but("h14"))), (Colour::N, &format!("j5 {}", south_but("j4")))],
        "",
    );
    let p = play(p, "h13-h14");
    assert!(p.outcome().is_none(), "N has its last move");
    assert_eq!(p.turn(), Colour::N);
    // N finishes too: a draw.
    let draw = play(p, "j5-j4").outcome().unwrap();
    assert_eq!(draw.winners(), vec![Colour::S, Colour::N]);
    // N does something else: S wins.
    let won = play(p, "j5-i6").outcome().unwrap();
    assert_eq!(won.standings(), vec![(Colour::S, 1), (Colour::N, 2)]);
    // When the second player finishes first, it wins at once.
    let p = board(
        "halma-2",
        Colour::N,
        &[(Colour::S, "e9 f9 g9 h9 i9 e10 f10 g10 h10 i10"), (Colour::N, &format!("j5 {}", south_but("j4")))],
        "",
    );
    let first = play(p, "j5-j4").outcome().unwrap();
    assert_eq!(first.standings(), vec![(Colour::N, 1), (Colour::S, 2)]);
}

#[test]
fn s4_6_a_marble_left_at_home_after_30_moves_eliminates_its_seat() {
    // S's 30th move leaves j4 at home, free to step out: S is eliminated, its marbles removed,
    // and takes the worst place, 3rd.
    let out_there = "e9 f9 g9 h9 i9 j9 k9 l9 m9";
    let p = board(
        "halma-3",
        Colour::S,
        &[(Colour::S, &format!("j4 {out_there}")), (Colour::NW, ""), (Colour::NE, "")],
        "moves=29",
    );
    let m = p.parse_move("e9-e10").unwrap();
    assert!(p.eliminates(&m));
    let after = p.play(&m).unwrap();
    assert!(after.is_out(Colour::S));
    assert_eq!(after.place(Colour::S), Some(3));
    assert!(after.marbles(Colour::S).is_empty());
    assert_eq!(after.turn(), Colour::NW);
    assert!(after.to_string().ends_with(" out=S3"), "{after}");
    // One move earlier the rule does not bite yet.
    let early = board(
        "halma-3",
        Colour::S,
        &[(Colour::S, &format!("j4 {out_there}")), (Colour::NW, ""), (Colour::NE, "")],
        "moves=28",
    );
    assert!(!play(early, "e9-e10").is_out(Colour::S));
}

#[test]
fn s4_6_an_enclosed_marble_at_home_is_tolerated() {
    // m1 is walled in by l2, m2 (and k3, m3 behind them): it has no move at all.
    let p = board(
        "halma-3",
        Colour::S,
        &[(Colour::S, "m1 e9 f9 g9 h9 i9 j9 k9 l9 m9"), (Colour::NW, "l2 m2"), (Colour::NE, "k3 m3")],
        "moves=29",
    );
    assert!(p.destinations(hole("m1")).is_empty());
    assert!(!play(p, "e9-e10").is_out(Colour::S));
}

#[test]
fn s4_6_coming_back_home_after_the_deadline_eliminates_and_two_players_lose() {
    let p = board(
        "halma-2",
        Colour::S,
        &[(Colour::S, "j5 e9 f9 g9 h9 i9 j9 k9 l9 m9"), (Colour::N, "")],
        "moves=35",
    );
    let after = play(p, "j5-j4");
    let outcome = after.outcome().unwrap();
    assert_eq!(outcome.standings(), vec![(Colour::N, 1), (Colour::S, 2)]);
    assert!(after.is_out(Colour::S));
    // With two players the loser's marbles stay, and the string says so.
    assert_eq!(after.marbles(Colour::S).len(), 10);
    assert_eq!(StarPosition::parse(&after.to_string(), variant("halma-2")), Ok(after));
}

#[test]
fn s4_7_the_150_move_limit_places_by_count() {
    let p = board(
        "halma-3",
        Colour::S,
        &[(Colour::S, "e17 i9"), (Colour::NW, ""), (Colour::NE, "")],
        "moves=150",
    );
    let outcome = p.outcome().unwrap();
    assert_eq!(outcome.end, StarEnd::MoveLimit);
    // S has a marble in its goal; NW and NE tie on count and distance: they share 2nd place.
    assert_eq!(outcome.standings(), vec![(Colour::S, 1), (Colour::NW, 2), (Colour::NE, 2)]);
}

#[test]
fn s4_7_the_third_occurrence_of_a_position_ends_the_game() {
    let start = StarPosition::start(variant("halma-2"), Colour::S).unwrap();
    let mut game = StarGame::new(start);
    for text in ["j4-j5", "e14-e13", "j5-j4", "e13-e14", "j4-j5", "e14-e13", "j5-j4"] {
        let m = game.position().parse_move(text).unwrap();
        game.play(&m).unwrap();
        assert!(game.outcome().is_none(), "after {text}");
    }
    let m = game.position().parse_move("e13-e14").unwrap();
    game.play(&m).unwrap();
    assert_eq!(game.occurrences(), 3);
    assert_eq!(game.outcome().map(|o| o.end), Some(StarEnd::Repetition));
    assert!(game.play(&StarMove::Pass).is_err());
}

#[test]
fn s4_8_halma_15_has_homes_of_15_holes_and_a_40_move_deadline() {
    let v = variant("halma-15");
    let p = StarPosition::start(v, Colour::S).unwrap();
    assert_eq!(p.marbles(Colour::S), Colour::S.branch() | holes("i5 j5 k5 l5 m5"));
    assert_eq!(p.goal(Colour::S), Colour::N.branch() | holes("e13 f13 g13 h13 i13"));
    assert_eq!(v.home_deadline(), 40);
    assert_eq!(v.marbles(), 15);
    // The count measures to the nearest of the 15 goal holes: from i12, i13 is one step away.
    let mut s: Vec<Hole> = p.marbles(Colour::S).iter().filter(|h| *h != hole("m1")).collect();
    s.push(hole("i12"));
    let names: Vec<String> = s.iter().map(Hole::to_string).collect();
    let n: Vec<String> = p.marbles(Colour::N).iter().map(|h| h.to_string()).collect();
    let text = format!("S:N{}:S{}", n.join(","), names.join(","));
    let moved = StarPosition::parse(&text, v).unwrap();
    assert_eq!(moved.total_distance(Colour::S) + 12 - 1, p.total_distance(Colour::S));
}

#[test]
fn s4_9_pairs_are_placed_when_both_partners_finish() {
    let p = board(
        "halma-pairs-4",
        Colour::S,
        &[
            (Colour::S, &format!("h13 {}", north_but("h14"))),
            (Colour::SW, ""),
            (Colour::N, &format!("j5 {}", south_but("j4"))),
            (Colour::NE, ""),
        ],
        "",
    );
    let p = play(p, "h13-h14");
    assert!(p.is_finished(Colour::S));
    assert_eq!(p.place(Colour::S), None, "S waits for N");
    assert!(p.to_string().ends_with(" done=S"), "{p}");
    let p = play(p, "h5-h6");
    assert_eq!(p.turn(), Colour::N);
    let p = play(p, "j5-j4");
    let outcome = p.outcome().unwrap();
    assert_eq!(outcome.standings(), vec![(Colour::S, 1), (Colour::N, 1), (Colour::SW, 2), (Colour::NE, 2)]);
    // Pairs games are unrated.
    assert!(!variant("halma-pairs-6").rated() && variant("halma-6").rated());
}

// ---------------------------------------------------------------------------------------------
// §5 Captures

fn captures(name: &str, text: &str) -> StarPosition {
    StarPosition::parse(text, variant(name)).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn s5_1_sixty_neutral_pieces_fill_the_hexagon_but_its_centre() {
    let p = StarPosition::start(variant("captures-4"), Colour::S).unwrap();
    assert_eq!(p.pieces().len(), 60);
    assert!(!p.pieces().contains(hole("i9")));
    assert!(CLOCKWISE.iter().all(|s| (p.pieces() & s.branch()).is_empty() && p.marbles(*s).is_empty()));
    assert_eq!(p.variant().game(), GameKind::Captures);
}

#[test]
fn s5_2_any_piece_jumps_and_takes_each_pivot_at_once() {
    let p = captures("captures-3", "NW:Xi9,j9,k10,m12");
    let after = play(p, "i9-k9-k11");
    assert_eq!(after.pieces(), holes("k11 m12"));
    assert_eq!(after.taken(Colour::NW), 2);
    // NE has not played yet in this round: its count is still 0.
    assert_eq!(after.to_string(), "NE:Xm12,k11 taken=NW2");
    // Steps are not moves.
    assert_eq!(
        p.verify(&path("i9-h9")),
        Err(StarIllegal::StepInCaptures { from: hole("i9"), to: hole("h9") })
    );
}

#[test]
fn s5_2_a_chain_may_come_back_to_its_start() {
    let p = captures("captures-2", "S:Xi9,j9,j10,i10");
    assert!(listed(&p).contains(&"i9-k9-i11-i9".to_owned()));
    let after = play(p, "i9-k9-i11-i9");
    assert_eq!(after.pieces(), holes("i9"));
    assert_eq!(after.taken(Colour::S), 3);
}

#[test]
fn s5_3_two_paths_to_one_hole_are_two_moves() {
    let p = captures("captures-2", "S:Xi9,j9,k10,i10,j11");
    let moves = listed(&p);
    assert!(moves.contains(&"i9-k9-k11".to_owned()), "{moves:?}");
    assert!(moves.contains(&"i9-i11-k11".to_owned()), "{moves:?}");
    assert_ne!(play(p, "i9-k9-k11").pieces(), play(p, "i9-i11-k11").pieces());
}

#[test]
fn s5_4_no_jump_left_ends_the_game_most_captures_wins() {
    let p = captures("captures-3", "S:Xi9,m1 taken=S3,NW5,NE2");
    let outcome = p.outcome().unwrap();
    assert_eq!((outcome.winners(), outcome.end), (vec![Colour::NW], StarEnd::NoJump));
    let tie = captures("captures-3", "S:Xi9,m1 taken=S5,NW5");
    assert_eq!(tie.outcome().unwrap().winners(), vec![Colour::S, Colour::NW]);
}

#[test]
fn s5_2_long_jumps_capture_in_captures_long() {
    let text = "S:Xi9,k9";
    assert!(
        !captures("captures-2", text)
            .is_legal(&captures("captures-long-2", text).parse_move("i9-m9").unwrap())
    );
    let after = play(captures("captures-long-2", text), "i9-m9");
    assert_eq!((after.pieces(), after.taken(Colour::S)), (holes("m9"), 1));
}

// ---------------------------------------------------------------------------------------------
// §6 Position strings

#[test]
fn s6_the_kawu_3_start_of_section_6() {
    let text = "S:NEj13,k13,l13,m13,k12,l12,m12,l11,m11,m10:Sj4,k4,l4,m4,k3,l3,m3,l2,m2,m1:NWa13,b13,c13,d13,b12,c12,d12,c11,d11,d10";
    let start = StarPosition::start(variant("kawu-3"), Colour::S).unwrap();
    assert_eq!(start.to_string(), text);
    assert_eq!(StarPosition::parse(text, variant("kawu-3")), Ok(start));
}

#[test]
fn s6_fields_round_trip_and_each_mistake_has_its_own_error() {
    let v = variant("halma-3");
    let p = board(
        "halma-3",
        Colour::NE,
        &[(Colour::S, &north_but("")), (Colour::NW, ""), (Colour::NE, "")],
        "moves=7 opener=NW done=S1",
    );
    assert_eq!(StarPosition::parse(&p.to_string(), v), Ok(p));
    assert_eq!(p.opener(), Colour::NW);
    type Case = (&'static str, fn(&StarPositionError) -> bool);
    let start = StarPosition::start(v, Colour::S).unwrap().to_string();
    let cases: [Case; 10] = [
        ("", |e| matches!(e, StarPositionError::Empty)),
        ("A:Sm1", |e| matches!(e, StarPositionError::Turn(_))),
        ("N:Sm1", |e| matches!(e, StarPositionError::NotASeat { seat: Colour::N, .. })),
        ("S", |e| matches!(e, StarPositionError::NoSegment)),
        ("S:Qm1", |e| matches!(e, StarPositionError::UnknownSeat(_))),
        ("S:S", |e| matches!(e, StarPositionError::EmptySegment(_))),
        ("S:Sm1,m1", |e| matches!(e, StarPositionError::DuplicateHole(_))),
        ("S:Sm1,m2", |e| matches!(e, StarPositionError::MarbleCount { count: 2, expected: 10, .. })),
        ("S:Xm1", |e| matches!(e, StarPositionError::WrongSegments(_))),
        ("S:Sj4,k4,l4,m4,k3,l3,m3,l2,m2,m1", |e| matches!(e, StarPositionError::MissingSeat(_))),
    ];
    for (text, expected) in cases {
        let error = StarPosition::parse(text, v).err();
        assert!(error.as_ref().is_some_and(expected), "{text:?} gave {error:?}");
    }
    let field_cases: [Case; 7] = [
        (" done=NW", |e| matches!(e, StarPositionError::FieldValue { .. })),
        (" taken=S3", |e| matches!(e, StarPositionError::FieldValue { .. })),
        (" out=NW9", |e| matches!(e, StarPositionError::FieldValue { .. })),
        (" speed=3", |e| matches!(e, StarPositionError::UnknownField(_))),
        (" moves=1 moves=2", |e| matches!(e, StarPositionError::DuplicateField(_))),
        (" moves=x", |e| matches!(e, StarPositionError::FieldValue { .. })),
        (" done=S1", |e| matches!(e, StarPositionError::TurnNotPlaying(Colour::S))),
    ];
    for (fields, expected) in field_cases {
        let text = format!("{start}{fields}");
        let error = StarPosition::parse(&text, v).err();
        assert!(error.as_ref().is_some_and(expected), "{text:?} gave {error:?}");
    }
}

#[test]
fn s4_10_a_resignation_ends_the_game_for_everyone_the_leaver_last() {
    // halma-3: S has finished (1st); NW resigns: NW is last, NE takes 2nd.
    let p = board(
        "halma-3",
        Colour::NW,
        &[(Colour::S, &north_but("")), (Colour::NW, ""), (Colour::NE, "")],
        "done=S1",
    );
    let outcome = p.resign(Colour::NW);
    assert_eq!(outcome.standings(), vec![(Colour::S, 1), (Colour::NE, 2), (Colour::NW, 3)]);
    assert_eq!(outcome.end, StarEnd::Left(Colour::NW));
    // halma-6: the others are placed by marbles in goal, then distance; the leaver last.
    let p = board(
        "halma-6",
        Colour::S,
        &[
            (Colour::S, ""),
            (Colour::SW, ""),
            (Colour::NW, ""),
            (Colour::N, "i9"),
            (Colour::NE, ""),
            (Colour::SE, ""),
        ],
        "",
    );
    let outcome = p.resign(Colour::S);
    assert_eq!(outcome.place(Colour::N), Some(1), "N is nearest its goal");
    assert_eq!(outcome.place(Colour::S), Some(6));
    // Two players: the leaver loses.
    let p = StarPosition::start(variant("halma-2"), Colour::S).unwrap();
    assert_eq!(p.resign(Colour::S).standings(), vec![(Colour::N, 1), (Colour::S, 2)]);
    let p = StarPosition::start(variant("kawu-2"), Colour::S).unwrap();
    assert_eq!(p.resign(Colour::N).winners(), vec![Colour::S]);
}
