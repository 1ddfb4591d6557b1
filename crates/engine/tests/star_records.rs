//! Star game records: written, read back and replayed move by move through the verifier, with
//! precise errors for a wrong tag, a wrong hop or a result the moves contradict.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use tripot_engine::{
    BadHop, Colour, HopError, ReachError, StarIllegal, StarPosition, StarRecord, StarRecordError, Variant,
    seat_colour_name,
};

/// A record of `plies` moves of seeded random play, with its result if the game ended.
fn random_record(variant: Variant, seed: u64, plies: usize) -> StarRecord {
    let mut state = seed | 1;
    let mut record = StarRecord::new(variant, Colour::S).unwrap();
    for (number, &seat) in variant.seats().iter().enumerate() {
        record.set_player(seat, seat_colour_name(number + 1));
    }
    let mut position = record.start_position();
    for _ in 0..plies {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let m = &moves[(state % moves.len() as u64) as usize];
        record.push(position.notation(m));
        position = position.play(m).unwrap();
    }
    record.set_result(position.outcome().as_ref());
    record
}

#[test]
fn records_of_every_variant_round_trip_and_replay() {
    for variant in Variant::ALL {
        for seed in [3, 77] {
            let record = random_record(variant, seed, 90);
            let text = record.to_string();
            let parsed = StarRecord::parse(&text).unwrap_or_else(|e| panic!("{text}\n{e}"));
            assert_eq!(parsed, record, "{text}");
            let replay = parsed.replay().unwrap_or_else(|e| panic!("{text}\n{e}"));
            assert_eq!(replay.positions.len(), record.moves().len() + 1);
            assert_eq!(replay.outcome.map(|o| o.places), record.result(), "{text}");
            assert_eq!(parsed.player(Colour::S), Some("white"));
        }
    }
}

#[test]
fn a_record_names_the_variant_the_seats_and_numbers_rounds() {
    let record = random_record("halma-3".parse().unwrap(), 5, 4);
    let text = record.to_string();
    assert!(
        text.starts_with("[Variant \"halma-3\"]\n[Opener \"S\"]\n[PlayerS \"white\"]\n[PlayerNW \"red\"]\n"),
        "{text}"
    );
    let movetext = text.lines().last().unwrap();
    assert!(
        movetext.starts_with("1. ") && movetext.contains(" 2. ") && movetext.ends_with(" *"),
        "{movetext}"
    );
}

#[test]
fn the_replay_says_which_hop_of_which_move_is_wrong() {
    let text =
        "[Variant \"kawu-3\"]\n[Opener \"S\"]\n[Result \"*\"]\n\n1. j4-j5 d10-e10 j13-j12 2. j5-j7 *\n";
    let error = StarRecord::parse(text).unwrap().replay().unwrap_err();
    assert_eq!(
        error,
        StarRecordError::Illegal {
            ply: 4,
            seat: Colour::S,
            text: "j5-j7".into(),
            reason: ReachError::Unreachable { from: "j5".parse().unwrap(), to: "j7".parse().unwrap() }.into(),
        }
    );
    let text = text.replace("j5-j7", "k3-k5-k7");
    let error = StarRecord::parse(&text).unwrap().replay().unwrap_err();
    assert!(
        matches!(
            error,
            StarRecordError::Illegal {
                ply: 4,
                reason: StarIllegal::Hop(BadHop { number: 2, reason: HopError::NoPivot { .. }, .. }),
                ..
            }
        ),
        "{error}"
    );
}

#[test]
fn bad_tags_and_results_are_refused_with_their_reason() {
    type Case = (&'static str, fn(&StarRecordError) -> bool);
    let cases: [Case; 5] = [
        ("[Opener \"S\"]\n\n*", |e| matches!(e, StarRecordError::MissingTag("Variant"))),
        ("[Variant \"halma-5\"]\n[Opener \"S\"]\n\n*", |e| {
            matches!(e, StarRecordError::Variant { line: 1, .. })
        }),
        ("[Variant \"halma-3\"]\n[Opener \"N\"]\n\n*", |e| {
            matches!(e, StarRecordError::Value { line: 2, .. })
        }),
        ("[Variant \"halma-3\"]\n[Opener \"S\"]\n[PlayerSE \"x\"]\n\n*", |e| {
            matches!(e, StarRecordError::Value { line: 3, .. })
        }),
        ("[Variant \"halma-3\"]\n[Opener \"S\"]\n[Result \"S1,S2\"]\n\n*", |e| {
            matches!(e, StarRecordError::Value { line: 3, .. })
        }),
    ];
    for (text, expected) in cases {
        let error = StarRecord::parse(text).err();
        assert!(error.as_ref().is_some_and(expected), "{text:?} gave {error:?}");
    }
    // A result the moves do not reach.
    let text = "[Variant \"kawu-2\"]\n[Opener \"S\"]\n[Result \"S1\"]\n\n1. j4-j5 S1\n";
    assert!(matches!(StarRecord::parse(text).unwrap().replay(), Err(StarRecordError::ResultMismatch { .. })));
    // …unless a Termination tag says how the game ended.
    let resigned = text.replace("[Result", "[Termination \"resign\"]\n[Result");
    assert!(StarRecord::parse(&resigned).unwrap().replay().is_ok());
}

#[test]
fn a_record_may_start_from_a_set_up_position() {
    let start = StarPosition::parse("NW:Xi9,j9,k10,m12", "captures-3".parse().unwrap()).unwrap();
    let mut record = StarRecord::from_position(start);
    let m = start.parse_move("i9-k9-k11").unwrap();
    record.push(start.notation(&m));
    // No jump is left after it: the game is over, NW the winner with two pieces.
    record.set_result(start.play(&m).unwrap().outcome().as_ref());
    let text = record.to_string();
    assert!(text.contains("[Start \"NW:Xm12,k10,i9,j9\"]") && text.ends_with("1. i9-k9-k11 NW1\n"), "{text}");
    let replay = StarRecord::parse(&text).unwrap().replay().unwrap();
    assert_eq!(replay.positions.last().map(|p| p.taken(Colour::NW)), Some(2));
}
