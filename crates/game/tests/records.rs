//! The one record reader on its own (no engine): the tags that name a game, today's and those of
//! records saved before the `Game` tag, the result, the round numbers, the writer, and the
//! refusals of malformed text with their place. Replays are the engines' tests.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use tripot_game::record::{RecordError, TextAt, TextProblem};
use tripot_game::{GameRecord, RecordResult, SpecError};

fn game_of(tags: &str) -> Result<String, RecordError> {
    GameRecord::parse(&format!("{tags}\n*\n")).map(|r| r.game().to_string())
}

#[test]
fn the_game_is_named_by_its_tag_or_by_the_tags_of_older_records() {
    assert_eq!(game_of("[Game \"halma-long-6\"]").unwrap(), "halma-long-6");
    assert_eq!(game_of("[Variant \"kawu-3\"]").unwrap(), "kawu-3");
    for (format, rules, name) in [
        ("1", "tripot", "tripot"),
        ("2", "tripot", "tripot-f2"),
        ("3", "tripot", "tripot-f3"),
        ("1", "classic", "tripot-classic"),
        ("2", "classic", "tripot-classic-f2"),
        ("3", "classic", "tripot-classic-f3"),
    ] {
        assert_eq!(game_of(&format!("[Format \"{format}\"]\n[Rules \"{rules}\"]")).unwrap(), name);
    }
    // A duel with a set-up position and no Format: the position's colours give it.
    let start = "[Rules \"classic\"]\n[Start \"A:Ne17,e16:Sm1:SEx:NWy:Sz\"]";
    assert_eq!(game_of(start).unwrap(), "tripot-classic-f3");
    assert_eq!(game_of("[Rules \"tripot\"]\n[Start \"B:Nx:Sy\"]").unwrap(), "tripot");
    assert_eq!(game_of("[Date \"2026.01.01\"]"), Err(RecordError::MissingTag("Game")));
    assert_eq!(game_of("[Rules \"tripot\"]"), Err(RecordError::MissingTag("Format")));
    let at = TextAt { line: 1, column: 7 };
    assert!(
        matches!(game_of("[Game \"Kawu\"]"), Err(RecordError::Syntax { at: a, problem: TextProblem::Spec(SpecError::Character { .. }) }) if a == at)
    );
    assert!(matches!(
        game_of("[Game \"kawu-3\"]\n[Variant \"kawu-3\"]"),
        Err(RecordError::Syntax { problem: TextProblem::GameNamedTwice { tag: "Variant", .. }, .. })
    ));
    assert!(matches!(
        game_of("[Format \"4\"]\n[Rules \"tripot\"]"),
        Err(RecordError::Syntax { problem: TextProblem::Value { tag: "Format", .. }, .. })
    ));
    assert!(matches!(
        game_of("[Format \"1\"]\n[Rules \"chess\"]"),
        Err(RecordError::Syntax { problem: TextProblem::Value { tag: "Rules", .. }, .. })
    ));
}

#[test]
fn results_are_places_by_seat_a_winner_alone_or_unfinished() {
    let result = |value: &str| {
        GameRecord::parse(&format!(
            "[Game \"kawu-3\"]\n[Result \"{value}\"]\n[Termination \"goal\"]\n\n{value}\n"
        ))
        .map(|r| r.result)
    };
    assert_eq!(
        result("S1,NW2,NE3"),
        Ok(RecordResult::Places(vec![("S".into(), 1), ("NW".into(), 2), ("NE".into(), 3)]))
    );
    assert_eq!(result("A"), Ok(RecordResult::Winner("A".into())));
    for bad in ["S0", "S01", "s1", "S1,S2", "S1,", "1", "S1 NW2", "S1,NW"] {
        assert!(result(bad).is_err(), "{bad}");
    }
    let unfinished = GameRecord::parse("[Game \"kawu-3\"]\n\n1. j4-j5 *\n").unwrap();
    assert_eq!(unfinished.result, RecordResult::Unfinished);
    assert!(matches!(
        GameRecord::parse("[Game \"kawu-3\"]\n[Result \"*\"]\n[Termination \"resign\"]\n\n*\n"),
        Err(RecordError::Syntax { problem: TextProblem::TerminationWithoutResult(_), .. })
    ));
}

#[test]
fn the_moves_keep_their_round_numbers_and_their_place() {
    let text = "[Game \"tripot\"]\n[Result \"*\"]\n\n1. m4-m5 e14-e13 2.l3-l5\n2... f14-f12 *\n";
    let record = GameRecord::parse(text).unwrap();
    let moves: Vec<(&str, Option<u32>)> = record.moves().iter().map(|m| (m.text.as_str(), m.round)).collect();
    assert_eq!(moves, [("m4-m5", Some(1)), ("e14-e13", None), ("l3-l5", Some(2)), ("f14-f12", Some(2))]);
    assert_eq!(record.moves()[2].at, Some(TextAt { line: 4, column: 20 }));
    assert_eq!(record.moves()[3].round_at, Some(TextAt { line: 5, column: 1 }));
    // Draughts-like moves that start with a digit are moves, not numbers.
    let digits = GameRecord::parse("[Game \"draughts\"]\n\n1. 32-28 19-23 *\n").unwrap();
    assert_eq!(digits.moves()[0].text, "32-28");
}

#[test]
fn malformed_movetext_is_refused_where_it_is() {
    let error = |movetext: &str| {
        GameRecord::parse(&format!(
            "[Game \"kawu-3\"]\n[Result \"S1\"]\n[Termination \"resign\"]\n\n{movetext}\n"
        ))
        .unwrap_err()
    };
    assert!(matches!(
        error("1. j4-j5 S1 j5-j6"),
        RecordError::Syntax { problem: TextProblem::AfterResult(_), .. }
    ));
    assert!(matches!(
        error("1. j4-j5 *"),
        RecordError::Syntax { problem: TextProblem::ResultToken { .. }, .. }
    ));
    assert!(matches!(
        error("1. j4-j5 NW2"),
        RecordError::Syntax { problem: TextProblem::ResultToken { .. }, .. }
    ));
    assert!(matches!(
        error("1. 2. j4-j5 S1"),
        RecordError::Syntax { problem: TextProblem::NumberWithoutMove { .. }, .. }
    ));
    assert!(matches!(
        error("1. j4-j5 2."),
        RecordError::Syntax { problem: TextProblem::NumberWithoutMove { .. }, .. }
    ));
    assert!(matches!(
        error(&"j".repeat(600)),
        RecordError::Syntax { problem: TextProblem::LongToken(_), .. }
    ));
    assert!(matches!(
        GameRecord::parse("[Game \"kawu-3\"]\n1. j4-j5\n[Date \"x\"]\n*\n"),
        Err(RecordError::Syntax {
            at: TextAt { line: 3, column: 1 },
            problem: TextProblem::TagAfterMoves(_)
        })
    ));
    assert!(matches!(
        GameRecord::parse("[Game \"kawu-3\"]\n[Game \"kawu-3\"]\n"),
        Err(RecordError::Syntax { problem: TextProblem::DuplicateTag(_), .. })
    ));
    assert_eq!(GameRecord::parse_bytes(&[0xff, 0xfe]), Err(RecordError::NotText { offset: 0 }));
    assert!(matches!(
        GameRecord::parse("[Game \"kawu-3\"]\u{0}"),
        Err(RecordError::Syntax { problem: TextProblem::ControlCharacter(0), .. })
    ));
}

#[test]
fn the_writer_writes_what_the_reader_reads() {
    let mut record = GameRecord::new("halma-3".parse().unwrap());
    record.opener = Some("NW".into());
    record.set_player("NW", "Ada \"the\" Countess\nof Lovelace").unwrap();
    record.set_tag("GameId", "42").unwrap();
    for round in 1..=30 {
        record.push("c13-e13", Some(round));
        record.push("m11-k11", None);
        record.push("k3-k5", None);
    }
    record.result = RecordResult::Places(vec![("S".into(), 1), ("NW".into(), 2), ("NE".into(), 3)]);
    record.termination = Some("goal".into());
    let text = record.to_string();
    assert!(
        text.starts_with(
            "[Game \"halma-3\"]\n[Opener \"NW\"]\n[PlayerNW \"Ada \\\"the\\\" Countess\\nof Lovelace\"]\n"
        ),
        "{text}"
    );
    assert!(text.lines().all(|l| l.chars().count() <= 79), "{text}");
    assert!(text.trim_end().ends_with("k3-k5\nS1,NW2,NE3"), "{text}");
    assert_eq!(GameRecord::parse(&text).unwrap(), record);
    assert_eq!(record.player("NW"), Some("Ada \"the\" Countess\nof Lovelace"));
    assert_eq!(record.set_tag("Result", "*"), Err(RecordError::OwnTag("Result".into())));
    assert_eq!(record.set_tag("1x", "*"), Err(RecordError::BadTagName("1x".into())));
    // Undoing the last move undoes a result the moves decided, not a recorded resignation.
    record.pop();
    assert_eq!(record.result, RecordResult::Unfinished);
    record.result = RecordResult::Winner("S".into());
    record.termination = Some("resign".into());
    record.pop();
    assert_eq!(record.result, RecordResult::Winner("S".into()));
}
