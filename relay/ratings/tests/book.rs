//! The book of rated games on real SQLite files: what is counted, what is refused and why, the
//! monthly and all-time tables, the guards of the policy, and a file reopened.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use std::time::Duration;
use support::games::*;
use tripot_ratings::{Book, Counted, GameVerifier, Policy};
use tripot_ratings_wire::{
    Month, Period, RecordProblem, RefuseReason, SeatKind, SignatureError, SignedResult, Standings,
    StandingsQuery, Unrated,
};

/// A policy without the meeting rule (tested on its own below).
fn open_policy() -> Policy {
    Policy { require_meeting: false, ..Policy::default() }
}

fn book_in(dir: &tempfile::TempDir, policy: Policy) -> Book {
    Book::open(&dir.path().join("ratings.sqlite"), Box::new(GameVerifier), policy).unwrap()
}

fn table(book: &Book, game: &str, period: Period) -> Standings {
    book.standings(&StandingsQuery { game: game.into(), period }).unwrap()
}

fn month(text: &str) -> Period {
    Period::Month(text.parse::<Month>().unwrap())
}

/// A moment of December 2026, a little after the games below finished.
const NOW: u64 = DECEMBER_1ST + 3600;

#[test]
fn a_duel_signed_by_both_is_counted_in_the_month_and_all_time() {
    let dir = tempfile::tempdir().unwrap();
    let book = book_in(&dir, open_policy());
    let (ana, ben) = (player("Ana"), player("Ben"));
    let game = signed(duel(1, &ana, &ben, true, DECEMBER_1ST + 60), &[&ana, &ben]);
    assert_eq!(book.submit(&game, NOW), Ok(Counted::Accepted));
    for period in [Period::AllTime, month("2026-12")] {
        let standings = table(&book, "tripot", period);
        assert_eq!(standings.players, 2);
        let [first, second] = &standings.entries[..] else { panic!("{standings:?}") };
        assert_eq!((first.name.as_str(), second.name.as_str()), ("Ana", "Ben"));
        assert!(first.rating > 1500.0 && second.rating < 1500.0);
        assert_eq!((first.games, first.opponents, first.provisional), (1, 1, true));
    }
    assert!(table(&book, "tripot", month("2026-11")).entries.is_empty());
    assert_eq!(book.index().unwrap(), vec![("tripot".to_owned(), vec![Period::AllTime, month("2026-12")])]);
}

#[test]
fn the_same_result_twice_counts_once_and_another_result_of_the_game_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let book = book_in(&dir, open_policy());
    let (ana, ben) = (player("Ana"), player("Ben"));
    let game = signed(duel(1, &ana, &ben, true, DECEMBER_1ST), &[&ana, &ben]);
    assert_eq!(book.submit(&game, NOW), Ok(Counted::Accepted));
    let rating = table(&book, "tripot", Period::AllTime).entries[0].rating;
    assert_eq!(book.submit(&game, NOW + 5), Ok(Counted::AlreadyCounted));
    // Submitted by the other player, signatures in the other order: the same result.
    let reordered =
        SignedResult { signatures: game.signatures.iter().rev().cloned().collect(), ..game.clone() };
    assert_eq!(book.submit(&reordered, NOW + 6), Ok(Counted::AlreadyCounted));
    let standings = table(&book, "tripot", Period::AllTime);
    assert_eq!((standings.entries[0].games, standings.entries[0].rating), (1, rating));
    // Same game id, the other winner, honestly signed by both: a game is counted once.
    let other = signed(duel(1, &ana, &ben, false, DECEMBER_1ST), &[&ana, &ben]);
    assert_eq!(book.submit(&other, NOW), Err(RefuseReason::Conflict));
    assert_eq!(book.results().unwrap(), 1);
}

#[test]
fn forged_missing_and_reused_signatures_are_refused_and_count_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let book = book_in(&dir, open_policy());
    let (ana, ben, eve) = (player("Ana"), player("Ben"), player("Eve"));
    let missing = signed(duel(1, &ana, &ben, true, DECEMBER_1ST), &[&ana]);
    assert_eq!(book.submit(&missing, NOW), Err(RefuseReason::Signature(SignatureError::Missing { seat: 1 })));
    // Eve signs in Ben's place.
    let mut forged = signed(duel(2, &ana, &ben, true, DECEMBER_1ST), &[&ana, &ben]);
    forged.signatures[1].sig = forged.result.sign(&eve.key).unwrap().sig;
    assert_eq!(book.submit(&forged, NOW), Err(RefuseReason::Signature(SignatureError::Forged { seat: 1 })));
    // Ben's signatures of game 3, lost by Ana, put on a game 4 that Ana "won".
    let lost = signed(duel(3, &ana, &ben, false, DECEMBER_1ST), &[&ana, &ben]);
    let reused =
        SignedResult { result: duel(4, &ana, &ben, true, DECEMBER_1ST), signatures: lost.signatures };
    assert!(matches!(book.submit(&reused, NOW), Err(RefuseReason::Signature(SignatureError::Forged { .. }))));
    assert_eq!(book.results().unwrap(), 0);
    assert!(table(&book, "tripot", Period::AllTime).entries.is_empty());
}

#[test]
fn a_record_that_does_not_replay_to_the_claimed_end_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let book = book_in(&dir, open_policy());
    let (ana, ben) = (player("Ana"), player("Ben"));
    let refuse = |change: &dyn Fn(&mut tripot_ratings_wire::GameResult)| {
        let mut result = duel(1, &ana, &ben, true, DECEMBER_1ST);
        change(&mut result);
        book.submit(&signed(result, &[&ana, &ben]), NOW).unwrap_err()
    };
    // A move that is no move: camp A's first move written as a hop to a hole off the board.
    let garbled = refuse(&|r| r.record = r.record.replacen("1. ", "1. z99-", 1));
    assert!(matches!(garbled, RefuseReason::Record(RecordProblem::DoesNotParse(_))), "{garbled:?}");
    // Camp B answers with camp A's first move: not its pawn, an illegal move.
    let moved = refuse(&|r| {
        let moves = r.record.lines().find(|l| l.starts_with("1. ")).unwrap().to_owned();
        let tokens: Vec<&str> = moves.split_whitespace().collect();
        let replayed = moves.replacen(tokens[2], tokens[1], 1);
        r.record = r.record.replace(&moves, &replayed);
    });
    assert!(matches!(moved, RefuseReason::Record(RecordProblem::Illegal(_))), "{moved:?}");
    assert_eq!(refuse(&|r| r.places = vec![2, 1]), RefuseReason::Record(RecordProblem::PlacesMismatch));
    assert_eq!(refuse(&|r| r.record_hash[0] ^= 1), RefuseReason::Record(RecordProblem::HashMismatch));
    let unfinished = refuse(&|r| (r.record, _) = unfinished_duel(5));
    assert_eq!(unfinished, RefuseReason::Record(RecordProblem::Unfinished));
    assert!(matches!(
        refuse(&|r| r.record = "not a record".into()),
        RefuseReason::Record(RecordProblem::DoesNotParse(_))
    ));
    // A star record submitted as a duel.
    let kawu = star(9, "kawu-2", &[&ana, &ben], &[1, 2], DECEMBER_1ST);
    assert!(matches!(
        refuse(&|r| r.record = kawu.record.clone()),
        RefuseReason::Record(RecordProblem::DoesNotParse(_))
    ));
    assert_eq!(book.results().unwrap(), 0);
}

#[test]
fn a_game_ending_at_the_month_boundary_lands_in_its_own_month_and_all_time() {
    let dir = tempfile::tempdir().unwrap();
    let book = book_in(&dir, open_policy());
    let (ana, ben) = (player("Ana"), player("Ben"));
    // Nov 30 23:59 UTC, then Dec 1 00:00 UTC; the clock reads Dec 1 00:30 for both.
    let november = signed(duel(1, &ana, &ben, true, DECEMBER_1ST - 60), &[&ana, &ben]);
    let december = signed(duel(2, &ana, &ben, false, DECEMBER_1ST), &[&ana, &ben]);
    let now = DECEMBER_1ST + 1800;
    assert_eq!(book.submit(&november, now), Ok(Counted::Accepted));
    assert_eq!(book.submit(&december, now), Ok(Counted::Accepted));
    let nov = table(&book, "tripot", month("2026-11"));
    let dec = table(&book, "tripot", month("2026-12"));
    assert_eq!(nov.entries.iter().map(|e| e.games).collect::<Vec<_>>(), vec![1, 1]);
    assert_eq!(dec.entries.iter().map(|e| e.games).collect::<Vec<_>>(), vec![1, 1]);
    // Each month started afresh: Ana leads November, Ben December, both by one win from 1500.
    assert_eq!((nov.entries[0].name.as_str(), dec.entries[0].name.as_str()), ("Ana", "Ben"));
    assert_eq!(nov.entries[0].rating, dec.entries[0].rating);
    let all = table(&book, "tripot", Period::AllTime);
    assert_eq!(all.entries.iter().map(|e| e.games).collect::<Vec<_>>(), vec![2, 2]);
    assert!(all.entries.iter().all(|e| e.opponents == 1), "two games against one opponent: {all:?}");
    assert!(
        all.entries[0].rating != nov.entries[0].rating,
        "all time carries the first game into the second"
    );
}

#[test]
fn guest_computer_and_partner_games_are_never_rated() {
    let dir = tempfile::tempdir().unwrap();
    let book = book_in(&dir, open_policy());
    let p = players(4);
    let mut guest = duel(1, &p[0], &p[1], true, DECEMBER_1ST);
    guest.seats[1].kind = SeatKind::Guest;
    let guest = signed(guest, &[&p[0], &p[1]]);
    assert_eq!(book.submit(&guest, NOW), Err(RefuseReason::Unrated(Unrated::GuestSeat)));
    let mut computer = duel(2, &p[0], &p[1], true, DECEMBER_1ST);
    computer.seats[1].kind = SeatKind::Computer;
    let computer = signed(computer, &[&p[0]]);
    assert_eq!(book.submit(&computer, NOW), Err(RefuseReason::Unrated(Unrated::ComputerSeat)));
    let seated: Vec<&Player> = p.iter().collect();
    let pairs = signed_by_all(star(3, "halma-pairs-4", &seated, &[1, 2, 1, 2], DECEMBER_1ST), &seated);
    assert_eq!(book.submit(&pairs, NOW), Err(RefuseReason::Unrated(Unrated::Teams)));
    assert_eq!(book.results().unwrap(), 0);
}

#[test]
fn at_a_table_of_three_each_pair_of_seats_is_a_game_decided_by_places() {
    let dir = tempfile::tempdir().unwrap();
    let book = book_in(&dir, open_policy());
    let p = players(3);
    let seated: Vec<&Player> = p.iter().collect();
    // kawu-3 won by the second seat; the other two lost and share the second place.
    let game = signed_by_all(star(1, "kawu-3", &seated, &[2, 1, 2], DECEMBER_1ST), &seated);
    assert_eq!(book.submit(&game, NOW), Ok(Counted::Accepted));
    let standings = table(&book, "kawu-3", Period::AllTime);
    assert_eq!(standings.entries[0].name, "Player 1");
    assert_eq!(standings.entries[1].rating, standings.entries[2].rating);
    assert!(standings.entries.iter().all(|e| e.opponents == 2));
    // Halma places everyone: 1st > 2nd > 3rd.
    let halma = signed_by_all(star(2, "halma-3", &seated, &[3, 1, 2], DECEMBER_1ST), &seated);
    assert_eq!(book.submit(&halma, NOW), Ok(Counted::Accepted));
    let names: Vec<String> =
        table(&book, "halma-3", Period::AllTime).entries.into_iter().map(|e| e.name).collect();
    assert_eq!(names, ["Player 1", "Player 2", "Player 0"]);
    // A kawu-3 result with two seats, and one claiming another winner than the record's.
    let two = signed_by_all(star(4, "kawu-2", &seated[..2], &[1, 2], DECEMBER_1ST), &seated);
    let mut as_three = two.result.clone();
    as_three.game = "kawu-3".into();
    assert_eq!(
        book.submit(&signed_by_all(as_three, &seated), NOW),
        Err(RefuseReason::SeatsOfGame { expected: 3 })
    );
    let mut wrong = star(5, "kawu-3", &seated, &[2, 1, 2], DECEMBER_1ST);
    wrong.places = vec![1, 2, 2];
    assert_eq!(
        book.submit(&signed_by_all(wrong, &seated), NOW),
        Err(RefuseReason::Record(RecordProblem::PlacesMismatch))
    );
}

#[test]
fn two_keys_get_a_few_rated_games_together_a_day() {
    let dir = tempfile::tempdir().unwrap();
    let book = book_in(&dir, Policy { pair_daily_cap: 2, ..open_policy() });
    let (ana, ben, cid) = (player("Ana"), player("Ben"), player("Cid"));
    let game = |n, a: &Player, b: &Player, at| signed(duel(n, a, b, true, at), &[a, b]);
    assert_eq!(book.submit(&game(1, &ana, &ben, NOW), NOW), Ok(Counted::Accepted));
    assert_eq!(book.submit(&game(2, &ben, &ana, NOW), NOW + 60), Ok(Counted::Accepted));
    assert_eq!(book.submit(&game(3, &ana, &ben, NOW), NOW + 120), Err(RefuseReason::PairDailyCap));
    // Another pair is not held back, and the counted results still answer as counted.
    assert_eq!(book.submit(&game(4, &ana, &cid, NOW), NOW + 120), Ok(Counted::Accepted));
    assert_eq!(book.submit(&game(1, &ana, &ben, NOW), NOW + 120), Ok(Counted::AlreadyCounted));
    // A day after the first game, one more is allowed.
    let later = NOW + 24 * 3600 + 1;
    assert_eq!(book.submit(&game(5, &ana, &ben, later), later), Ok(Counted::Accepted));
    assert_eq!(book.submit(&game(6, &ana, &ben, later), later), Err(RefuseReason::PairDailyCap));
}

#[test]
fn players_who_never_met_through_the_relay_are_not_rated() {
    let dir = tempfile::tempdir().unwrap();
    let book = book_in(&dir, Policy::default());
    let (ana, ben) = (player("Ana"), player("Ben"));
    let (a, b) = (ana.key.public().to_peer_id(), ben.key.public().to_peer_id());
    let game = signed(duel(1, &ana, &ben, true, NOW), &[&ana, &ben]);
    assert_eq!(book.submit(&game, NOW), Err(RefuseReason::NotMetHere));
    // A circuit two days before the game is too old to be this game's.
    book.met(&a, &b, NOW - 2 * 24 * 3600).unwrap();
    assert_eq!(book.submit(&game, NOW), Err(RefuseReason::NotMetHere));
    // A circuit an hour before it ended, either way round.
    book.met(&b, &a, NOW - 3600).unwrap();
    assert_eq!(book.submit(&game, NOW), Ok(Counted::Accepted));
}

#[test]
fn results_from_the_future_or_long_past_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let book = book_in(&dir, open_policy());
    let (ana, ben) = (player("Ana"), player("Ben"));
    let future = signed(duel(1, &ana, &ben, true, NOW + 3600), &[&ana, &ben]);
    assert_eq!(book.submit(&future, NOW), Err(RefuseReason::FromTheFuture));
    let slightly_ahead = signed(duel(2, &ana, &ben, true, NOW + 60), &[&ana, &ben]);
    assert_eq!(book.submit(&slightly_ahead, NOW), Ok(Counted::Accepted));
    let old = signed(duel(3, &ana, &ben, true, NOW - 3 * 24 * 3600), &[&ana, &ben]);
    assert_eq!(book.submit(&old, NOW), Err(RefuseReason::TooOld));
}

#[test]
fn a_rating_is_provisional_until_enough_distinct_opponents_and_listed_after_the_others() {
    let dir = tempfile::tempdir().unwrap();
    let book = book_in(&dir, Policy { provisional_opponents: 2, ..open_policy() });
    let p = players(4);
    // Player 0 beats 1 and 2: two opponents, established. Player 3 beats 1: one opponent,
    // provisional, listed after the established ones even with a higher rating than some.
    let mut n = 0;
    let mut play = |a: &Player, b: &Player| {
        n += 1;
        assert_eq!(book.submit(&signed(duel(n, a, b, true, NOW), &[a, b]), NOW), Ok(Counted::Accepted));
    };
    play(&p[0], &p[1]);
    play(&p[0], &p[2]);
    play(&p[3], &p[1]);
    play(&p[1], &p[2]);
    let standings = table(&book, "tripot", Period::AllTime);
    let listed: Vec<(&str, bool)> =
        standings.entries.iter().map(|e| (e.name.as_str(), e.provisional)).collect();
    assert_eq!(listed[0], ("Player 0", false));
    assert!(listed.contains(&("Player 3", true)), "{listed:?}");
    let first_provisional = listed.iter().position(|(_, p)| *p).unwrap();
    assert!(listed[first_provisional..].iter().all(|(_, p)| *p), "{listed:?}");
}

#[test]
fn the_book_reopened_from_its_file_has_the_same_tables() {
    let dir = tempfile::tempdir().unwrap();
    let (ana, ben) = (player("Ana"), player("Ben"));
    let game = signed(duel(1, &ana, &ben, true, DECEMBER_1ST), &[&ana, &ben]);
    let before = {
        let book = book_in(&dir, open_policy());
        assert_eq!(book.submit(&game, NOW), Ok(Counted::Accepted));
        table(&book, "tripot", Period::AllTime)
    };
    let book = book_in(&dir, open_policy());
    assert_eq!(table(&book, "tripot", Period::AllTime), before);
    assert_eq!(book.submit(&game, NOW), Ok(Counted::AlreadyCounted));
    assert_eq!(Policy::default().meeting_window, Duration::from_secs(86_400));
}
#[test]
fn a_duel_record_saved_before_the_game_tag_is_read_and_replayed_too() {
    use tripot_engine::{Camp, Format, Position, Record, RecordResult, Rules, Termination};
    let dir = tempfile::tempdir().unwrap();
    let book = book_in(&dir, open_policy());
    let (ana, ben) = (player("Ana"), player("Ben"));
    // `[Format "1"]`, `[Rules "tripot"]`, `[Result "B"]`: the duel's record of before.
    let mut position = Position::start(Format::One, Rules::Tripot, Camp::A);
    let mut record = Record::new(Format::One, Rules::Tripot, Camp::A);
    for _ in 0..6 {
        let mv = position.legal_moves()[0];
        position = record.play(&position, mv).unwrap();
    }
    record.result = RecordResult::Won { winner: Camp::B, termination: Termination::Resign };
    let mut result = duel(1, &ana, &ben, false, NOW);
    result.record = record.to_string();
    assert!(result.record.contains("[Rules \"tripot\"]"), "{}", result.record);
    result.record_hash = tripot_ratings_wire::final_state_hash("tripot", &position.to_string());
    assert_eq!(book.submit(&signed(result, &[&ana, &ben]), NOW), Ok(Counted::Accepted));
}

#[test]
fn a_draughts_game_signed_by_both_is_counted_once_and_a_forged_one_refused() {
    let dir = tempfile::tempdir().unwrap();
    let book = book_in(&dir, open_policy());
    let (ana, ben, eve) = (player("Ana"), player("Ben"), player("Eve"));
    let result = draughts(3, &ana, &ben, false, DECEMBER_1ST + 60);
    assert!(result.record.contains("[Game \"draughts\"]"), "{}", result.record);
    let game = signed(result.clone(), &[&ana, &ben]);
    assert_eq!(book.submit(&game, NOW), Ok(Counted::Accepted));
    assert_eq!(book.submit(&game, NOW + 5), Ok(Counted::AlreadyCounted));
    let standings = table(&book, "draughts", Period::AllTime);
    let [first, second] = &standings.entries[..] else { panic!("{standings:?}") };
    assert_eq!((first.name.as_str(), second.name.as_str(), first.games), ("Ben", "Ana", 1));
    assert!(table(&book, "tripot", Period::AllTime).entries.is_empty());

    // Signed by a third key instead of Ben's: forged.
    let forged = signed(draughts(4, &ana, &ben, true, DECEMBER_1ST), &[&ana, &eve]);
    assert!(matches!(book.submit(&forged, NOW), Err(RefuseReason::Signature(_))));
    // Honestly signed, but Black's first reply replaced by White's first move: illegal.
    let mut illegal = draughts(5, &ana, &ben, true, DECEMBER_1ST);
    let moves = illegal.record.lines().find(|l| l.starts_with("1. ")).unwrap().to_owned();
    let tokens: Vec<&str> = moves.split_whitespace().collect();
    illegal.record = illegal.record.replace(&moves, &moves.replacen(tokens[2], tokens[1], 1));
    let refused = book.submit(&signed(illegal, &[&ana, &ben]), NOW).unwrap_err();
    assert!(matches!(refused, RefuseReason::Record(RecordProblem::Illegal(_))), "{refused:?}");
    // The places turned round: the record says White resigned.
    let mut turned = result;
    turned.game_id = game_id(6);
    turned.places = vec![1, 2];
    let refused = book.submit(&signed(turned, &[&ana, &ben]), NOW).unwrap_err();
    assert_eq!(refused, RefuseReason::Record(RecordProblem::PlacesMismatch));
    assert_eq!(book.results().unwrap(), 1);
}
