#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use super::*;
use crate::colour::{Camp, Format};
use tripot_game::record::TextProblem;
use tripot_game::record::text::LINE_WIDTH;

const START_1: &str = "A:Ne17,e16,f16,e15,f15,g15,e14,f14,g14,h14:Sj4,k4,l4,m4,k3,l3,m3,l2,m2,m1";

fn header(result: &str) -> String {
    format!("[Format \"1\"]\n[Rules \"tripot\"]\n[Opener \"A\"]\n[Result \"{result}\"]\n")
}

fn syntax(text: &str) -> (usize, usize, SyntaxError) {
    match Record::parse(text) {
        Err(RecordError::Syntax { line, column, problem }) => (line, column, problem),
        other => panic!("expected a syntax error for {text:?}, got {other:?}"),
    }
}

#[test]
fn a_record_is_written_with_standard_tags_first_and_numbered_moves() {
    let start = Position::start(Format::One, Rules::Tripot, Camp::A);
    let mut record = Record::new(Format::One, Rules::Tripot, Camp::A);
    record.opener_choice = Some(OpenerChoice::Random);
    record.players = [Some("Edmonde \"la\" joueuse".into()), Some("Marie Curie".into())];
    record.date = Some(date_from_unix(1_796_000_000));
    record.set_tag("GameId", "7f3a").unwrap();
    record.set_tag("Peer", "12D3Koo\\x").unwrap();
    let mut position = start;
    for text in ["m4-m5", "e14-e13", "l3-l5"] {
        let verified = position.parse_move(text).unwrap();
        position = record.play_verified(&position, &verified).unwrap();
    }
    let text = record.to_string();
    assert_eq!(
        text,
        "[Format \"1\"]\n[Rules \"tripot\"]\n[Opener \"A\"]\n[OpenerChoice \"random\"]\n\
         [PlayerA \"Edmonde \\\"la\\\" joueuse\"]\n[PlayerB \"Marie Curie\"]\n[Date \"2026.11.30\"]\n\
         [Result \"*\"]\n[GameId \"7f3a\"]\n[Peer \"12D3Koo\\\\x\"]\n\n1. m4-m5 e14-e13 2. l3-l5 *\n"
    );
    assert_eq!(Record::parse(&text), Ok(record.clone()));
    let replay = record.replay().unwrap();
    assert_eq!(replay.final_position, position);
    assert_eq!(replay.positions.len(), 4);
    assert_eq!(replay.outcome, None);
}

#[test]
fn dates_of_unix_times() {
    assert_eq!(date_from_unix(0), "1970.01.01");
    assert_eq!(date_from_unix(951_782_400), "2000.02.29");
    assert_eq!(date_from_unix(-86_400), "1969.12.31");
}

#[test]
fn an_opener_b_record_numbers_pairs_from_b_s_move() {
    let text = "[Format \"1\"]\n[Rules \"tripot\"]\n[Opener \"B\"]\n[Result \"*\"]\n\n1. e14-e13 m4-m5 2. f14-f13 *\n";
    let record = Record::parse(text).unwrap();
    assert_eq!(record.opener(), Camp::B);
    assert_eq!(record.moves().len(), 3);
    assert_eq!(record.to_string(), text);
    assert_eq!(record.replay().unwrap().final_position.turn(), Camp::A);
}

#[test]
fn a_chain_given_by_its_ends_is_expanded_on_replay() {
    let text = format!("{}\n1. m4-m5 e14-e13 2. m3-m5 *\n", header("*"));
    let bad = Record::parse(&text).unwrap().replay();
    assert!(matches!(bad, Err(RecordError::Illegal { number: 2, camp: Camp::A, .. })), "{bad:?}");
    // Play the first listed move until a chain of several jumps appears, then record that chain
    // by its ends only.
    let mut record = Record::new(Format::One, Rules::Tripot, Camp::A);
    let mut position = record.start_position();
    let multi_hop = |p: &Position, m: Move| matches!(p.notation(m), Notation::Path(path) if path.len() > 2);
    let chain = loop {
        let moves = position.legal_moves();
        if let Some(&chain) = moves.iter().find(|&&m| multi_hop(&position, m)) {
            break chain;
        }
        position = record.play(&position, moves[moves.len() / 2]).unwrap();
    };
    record.push(chain.to_string().parse().unwrap());
    assert_eq!(record.moves().last().map(|n| n.to_string()), Some(chain.to_string()));
    let replay = Record::parse(&record.to_string()).unwrap().replay().unwrap();
    let last = replay.moves.last().unwrap();
    assert_eq!(last.mv, chain);
    assert_eq!(last.notation, position.notation(chain));
}

#[test]
fn an_illegal_move_names_its_number_camp_and_reason() {
    let text = format!("{}\n1. m4-m5 e14-e13 2. m1-m3-k5 *\n", header("*"));
    let error = Record::parse(&text).unwrap().replay().unwrap_err();
    assert!(!error.is_malformed());
    assert_eq!(
        error.to_string(),
        "move 2 by A (m1-m3-k5): hop 1 (m1-m3): m3 is occupied: the line from m1 to m3 must be empty \
         except for the pivot"
    );
}

#[test]
fn the_recorded_result_must_agree_with_the_moves() {
    // Not over by the moves: goal or count is a lie, resign and the others are accepted.
    for termination in Termination::ALL {
        let text = format!(
            "[Format \"1\"]\n[Rules \"tripot\"]\n[Opener \"A\"]\n[Result \"B\"]\n[Termination \"{termination}\"]\n\n1. m4-m5 B\n"
        );
        let replay = Record::parse(&text).unwrap().replay();
        if termination.decided_by_moves() {
            assert!(matches!(replay, Err(RecordError::ResultMismatch { actual: None, .. })), "{replay:?}");
        } else {
            assert_eq!(replay.unwrap().result, RecordResult::Won { winner: Camp::B, termination });
        }
    }
}

#[test]
fn a_finished_game_records_its_result_and_refuses_a_wrong_one() {
    // A's last pawn steps into the goal: every other N-goal hole already holds an S pawn, and
    // B's goal lacks m1.
    let setup: Position =
        "A:Nj4,k4,l4,m4,k3,l3,m3,l2,m2,i5:Se17,e16,f16,e15,f15,g15,e14,f14,g14,h12".parse().unwrap();
    let mut record = Record::from_position(setup);
    let mut position = setup;
    for text in ["h12-h13", "i5-i6"] {
        let verified = position.parse_move(text).unwrap();
        position = record.play_verified(&position, &verified).unwrap();
        assert_eq!(record.result, RecordResult::Unfinished);
    }
    let step = position.parse_move("h13-h14").unwrap().mv;
    position = record.play(&position, step).unwrap();
    assert!(position.is_over());
    assert_eq!(record.result, RecordResult::Won { winner: Camp::A, termination: Termination::Goal });
    let text = record.to_string();
    assert!(text.contains("[Result \"A\"]\n[Termination \"goal\"]\n[Start \"A:N"), "{text}");
    assert!(text.ends_with(" A\n"), "{text}");
    let replay = Record::parse(&text).unwrap().replay().unwrap();
    assert_eq!(replay.final_position, position);
    assert_eq!(replay.outcome.map(|o| o.winner), Some(Camp::A));

    for (result, termination) in [("B", "goal"), ("A", "resign"), ("*", "")] {
        let mut wrong = text.replace("[Result \"A\"]", &format!("[Result \"{result}\"]"));
        wrong = if termination.is_empty() {
            wrong.replace("[Termination \"goal\"]\n", "")
        } else {
            wrong.replace("[Termination \"goal\"]", &format!("[Termination \"{termination}\"]"))
        };
        wrong = wrong.replace(" A\n", &format!(" {result}\n"));
        let error = Record::parse(&wrong).unwrap().replay().unwrap_err();
        assert!(matches!(error, RecordError::ResultMismatch { actual: Some(_), .. }), "{error}");
    }
    // Undoing the winning move reopens the game.
    assert!(record.pop().is_some());
    assert_eq!(record.result, RecordResult::Unfinished);
}

#[test]
fn a_move_after_the_end_is_illegal() {
    let setup: Position =
        "B:Nj4,k4,l4,m4,k3,l3,m3,l2,m2,m1:Se17,e16,f16,e15,f15,g15,e14,f14,g14,h14".parse().unwrap();
    let mut record = Record::from_position(setup);
    record.push("m4-m5".parse().unwrap());
    let error = record.replay().unwrap_err();
    assert!(matches!(error, RecordError::Illegal { reason: IllegalMove::GameOver(_), .. }), "{error}");
}

#[test]
fn tag_values_escape_quotes_backslashes_and_control_characters() {
    let mut record = Record::new(Format::Two, Rules::Classic, Camp::B);
    record.reason = Some("a \"quoted\" \\ reason\nover\tlines\r\u{0}\u{7f}é".into());
    record.result = RecordResult::Won { winner: Camp::A, termination: Termination::Abandon };
    let text = record.to_string();
    assert!(text.contains(r#"[Reason "a \"quoted\" \\ reason\nover\tlines\r\u{0}\u{7f}é"]"#), "{text}");
    assert_eq!(text.lines().count(), 8);
    assert_eq!(Record::parse(&text), Ok(record));
}

#[test]
fn set_up_records_carry_their_start_and_check_it_against_the_tags() {
    let setup: Position = START_1.replace("A:", "B:").parse().unwrap();
    let record = Record::from_position(setup);
    let text = record.to_string();
    assert!(text.contains("[Opener \"B\"]") && text.contains("[Start \"B:N"), "{text}");
    assert_eq!(Record::parse(&text), Ok(record));
    let wrong = text.replace("[Opener \"B\"]", "[Opener \"A\"]");
    assert_eq!(Record::parse(&wrong), Err(RecordError::StartOpener { start: Camp::B, tag: Camp::A }));
    let wrong = text.replace("[Format \"1\"]", "[Format \"3\"]");
    assert!(matches!(Record::parse(&wrong), Err(RecordError::StartFormat { .. })));
    let minimal = format!("[Rules \"tripot\"]\n[Result \"*\"]\n[Start \"{START_1}\"]\n");
    assert_eq!(Record::parse(&minimal).map(|r| r.opener()), Ok(Camp::A));
    let (line, column, problem) = syntax(&minimal.replace("Sj4", "Sz4"));
    assert_eq!((line, column), (3, 8));
    assert!(matches!(problem, SyntaxError::Start(_)));
}

#[test]
fn extra_tags_keep_their_order_and_refuse_standard_or_bad_names() {
    let mut record = Record::new(Format::One, Rules::Tripot, Camp::A);
    record.set_tag("Zeta", "1").unwrap();
    record.set_tag("Alpha", "2").unwrap();
    record.set_tag("Zeta", "3").unwrap();
    assert_eq!(record.extra_tags(), [("Zeta".into(), "3".into()), ("Alpha".into(), "2".into())]);
    assert_eq!(record.tag("Alpha"), Some("2"));
    assert_eq!(record.remove_tag("Zeta"), Some("3".into()));
    assert_eq!(record.set_tag("Result", "A"), Err(RecordError::StandardTag("Result".into())));
    for bad in ["", "1x", "a b", "é", "x\"", &"x".repeat(65)] {
        assert_eq!(record.set_tag(bad, "v"), Err(RecordError::BadTagName(bad.into())), "{bad}");
    }
}

/// A text, where its mistake is (line, column), and a check of what the mistake is.
type Mistake = (String, (usize, usize), fn(&SyntaxError) -> bool);

#[test]
fn each_text_mistake_is_located_and_named() {
    let h = header("*");
    let cases: Vec<Mistake> = vec![
        ("[Format \"1\"\n".into(), (1, 12), |p| matches!(p, SyntaxError::Text(TextProblem::Tag(_)))),
        ("[Format 1]\n".into(), (1, 9), |p| matches!(p, SyntaxError::Text(TextProblem::Tag(_)))),
        ("[]\n".into(), (1, 2), |p| matches!(p, SyntaxError::Text(TextProblem::Tag(_)))),
        ("[9x \"1\"]\n".into(), (1, 2), |p| matches!(p, SyntaxError::Text(TextProblem::TagName(_)))),
        ("[Format \"1]\n".into(), (1, 12), |p| matches!(p, SyntaxError::Text(TextProblem::UnclosedValue))),
        ("[Format \"1\\q\"]\n".into(), (1, 11), |p| matches!(p, SyntaxError::Text(TextProblem::Escape(_)))),
        ("[Format \"1\"] x\n".into(), (1, 14), |p| matches!(p, SyntaxError::Text(TextProblem::Tag(_)))),
        ("[Format \"4\"]\n".into(), (1, 9), |p| matches!(p, SyntaxError::Value { tag: "Format", .. })),
        ("[Rules \"go\"]\n".into(), (1, 8), |p| matches!(p, SyntaxError::Value { tag: "Rules", .. })),
        (format!("{h}[Format \"1\"]\n"), (5, 1), |p| {
            matches!(p, SyntaxError::Text(TextProblem::DuplicateTag(_)))
        }),
        (format!("{h}\n1. m4-m5\n[Date \"x\"]\n"), (7, 1), |p| {
            matches!(p, SyntaxError::Text(TextProblem::TagAfterMoves(_)))
        }),
        (
            format!("{h}\n1. m4-m5 e14-e13 3. m3-m4\n"),
            (6, 18),
            |p| matches!(p, SyntaxError::MoveNumber { expected, .. } if expected == "2."),
        ),
        (format!("{h}\n1. 1. m4-m5\n"), (6, 4), |p| matches!(p, SyntaxError::MoveNumber { .. })),
        (format!("{h}\n1. m4-m5 e14-e13 2.\n"), (6, 18), |p| matches!(p, SyntaxError::MoveNumber { .. })),
        (format!("{h}\n  1. m4-z5\n"), (6, 6), |p| matches!(p, SyntaxError::Move(_))),
        (format!("{h}\n1.m4-m5 e14-e1x\n"), (6, 9), |p| matches!(p, SyntaxError::Move(_))),
        (format!("{h}\n1. m4-m5 A\n"), (6, 10), |p| matches!(p, SyntaxError::ResultToken { .. })),
        (format!("{h}\n1. m4-m5 * e14-e13\n"), (6, 12), |p| matches!(p, SyntaxError::AfterResult(_))),
        (format!("{h}\n1. m4-m5\0\n"), (6, 9), |p| {
            matches!(p, SyntaxError::Text(TextProblem::ControlCharacter(0)))
        }),
        (format!("{h}\n1. {}\n", "m4-".repeat(100)), (6, 4), |p| matches!(p, SyntaxError::LongToken(_))),
        (h.replace("[Result \"*\"]", "[Result \"A\"]"), (4, 9), |p| {
            matches!(p, SyntaxError::WinnerWithoutTermination(Camp::A))
        }),
        (format!("{h}[Termination \"goal\"]\n"), (5, 14), |p| {
            matches!(p, SyntaxError::TerminationWithoutWinner(Termination::Goal))
        }),
    ];
    for (text, place, expected) in cases {
        let (line, column, problem) = syntax(&text);
        assert!(expected(&problem), "{text:?} gave {problem:?}");
        assert_eq!((line, column), place, "{text:?} gave {problem}");
    }
}

#[test]
fn missing_tags_and_non_text_are_refused() {
    assert_eq!(Record::parse(""), Err(RecordError::MissingTag("Rules")));
    assert_eq!(Record::parse("[Rules \"tripot\"]"), Err(RecordError::MissingTag("Format")));
    assert_eq!(Record::parse("[Rules \"tripot\"]\n[Format \"2\"]"), Err(RecordError::MissingTag("Opener")));
    assert_eq!(
        Record::parse("[Rules \"tripot\"]\n[Format \"2\"]\n[Opener \"B\"]"),
        Err(RecordError::MissingTag("Result"))
    );
    use tripot_game::record::RecordError as Text;
    assert_eq!(
        Record::parse_bytes(b"[Rules \xff"),
        Err(RecordError::Unreadable(Text::NotText { offset: 7 }))
    );
    let huge = vec![b' '; MAX_RECORD_BYTES + 1];
    assert!(matches!(Record::parse_bytes(&huge), Err(RecordError::Unreadable(Text::TooLarge { .. }))));
    assert!(RecordError::MissingTag("Rules").is_malformed());
}

#[test]
fn windows_line_ends_a_byte_order_mark_and_no_numbers_are_accepted() {
    let text = format!(
        "\u{feff}{}\r\n\r\nm4-m5 e14-e13\r\n2. l3-l5 2... f14-f13 *\r\n",
        header("*").replace('\n', "\r\n")
    );
    let record = Record::parse(&text).unwrap();
    assert_eq!(record.moves().len(), 4);
    assert!(record.replay().is_ok());
}

#[test]
fn long_games_wrap_their_moves() {
    let mut record = Record::new(Format::One, Rules::Tripot, Camp::A);
    let mut position = record.start_position();
    for _ in 0..40 {
        let mv = position.legal_moves()[0];
        position = record.play(&position, mv).unwrap();
    }
    let text = record.to_string();
    assert!(text.lines().all(|l| l.len() <= LINE_WIDTH), "{text}");
    assert_eq!(Record::parse(&text), Ok(record));
}
