//! PDN records: a game written by another program (pydraughts) read move by move, a
//! hand-written record full of comments and variations, our own records written and read
//! back, and every limit and refusal typed.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use tripot_draughts::{
    Color, Game, MAX_PDN_BYTES, MAX_TAGS, NotationError, Outcome, PdnError, PdnResult, Position, Record, Tag,
    WinReason,
};

#[test]
fn a_game_written_by_pydraughts_replays_to_its_result() {
    let record = Record::parse_pdn(include_str!("data/pdn/pydraughts-random-game.pdn")).unwrap();
    assert_eq!(record.tag("Event"), Some("Random game"));
    assert_eq!(record.start, Position::start());
    assert_eq!(record.moves.len(), 62);
    assert_eq!(record.result, PdnResult::BlackWins);
    let game = record.to_game().unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Win { winner: Color::Black, reason: WinReason::NoPieces }));
}

#[test]
fn comments_variations_and_annotations_are_skipped() {
    let games = Record::parse_pdn_all(include_str!("data/pdn/annotated.pdn")).unwrap();
    assert_eq!(games.len(), 2);
    let first = &games[0];
    assert_eq!(first.tag("Event"), Some("Annotated \"test\" game"));
    let texts: Vec<String> = first.moves.iter().map(ToString::to_string).collect();
    assert_eq!(texts, ["32-28", "19-23", "28x19", "14x23", "37-32", "10-14"]);
    assert_eq!(first.result, PdnResult::Unknown);

    let second = &games[1];
    assert_eq!(second.start, Position::from_fen("B:W28,K46:B19,17").unwrap());
    assert_eq!(second.moves.len(), 3);
}

#[test]
fn our_records_read_back_the_same() {
    let mut game = Game::from_position(Position::from_fen("B:W28,32,K46:B19,17,12").unwrap());
    for text in ["19-23", "28x19", "17-22"] {
        game.play_notation(text).unwrap();
    }
    let tags = vec![
        Tag { name: "Event".into(), value: "Tripot \"test\"".into() },
        Tag { name: "White".into(), value: "Ana".into() },
    ];
    let record = Record::from_game(&game, tags);
    let text = record.to_pdn();
    assert!(text.contains("[GameType \"20\"]"), "{text}");
    assert!(text.contains("[FEN \"B:W28,32,K46:B12,17,19\"]"), "{text}");
    assert!(text.contains("1... 19-23 2. 28x19 17-22 *"), "{text}");
    let back = Record::parse_pdn(&text).unwrap();
    assert_eq!(back.moves, record.moves);
    assert_eq!(back.start, record.start);
    assert_eq!(back.tag("Event"), Some("Tripot \"test\""));
    assert_eq!(back.result, PdnResult::Unknown);
}

#[test]
fn a_finished_game_writes_its_result() {
    let record = Record::parse_pdn(include_str!("data/pdn/pydraughts-random-game.pdn")).unwrap();
    let game = record.to_game().unwrap();
    let text = Record::from_game(&game, record.tags.clone()).to_pdn();
    assert!(text.trim_end().ends_with("0-2"), "{text}");
    assert!(text.lines().all(|line| line.len() <= 80), "{text}");
    assert_eq!(Record::parse_pdn(&text).unwrap().moves, record.moves);
}

#[test]
fn refusals_say_what_and_where() {
    let err = |text: &str| Record::parse_pdn(text).unwrap_err();
    assert_eq!(err(""), PdnError::NoGame);
    assert_eq!(err("{ only a comment }"), PdnError::NoGame);
    assert_eq!(err("[Event \"x\"\n1. 32-28"), PdnError::BadTag { line: 1 });
    assert_eq!(err("[Event \"x]"), PdnError::UnclosedTag { line: 1 });
    assert_eq!(err("1. 32-28 {\nno end"), PdnError::UnclosedComment { line: 1 });
    assert_eq!(err("1. 32-28\n(19-23"), PdnError::UnclosedVariation { line: 2 });
    assert_eq!(err("1. 32-28 )"), PdnError::UnopenedVariation { line: 1 });
    assert_eq!(err(&format!("1. 32-28 {}", "(".repeat(40))), PdnError::VariationTooDeep { line: 1 });
    assert!(matches!(err("[GameType \"21\"]\n1. 32-28 *"), PdnError::UnsupportedGameType { line: 1, .. }));
    assert!(matches!(err("[FEN \"W:W51:B1\"]\n*"), PdnError::Fen { line: 1, .. }));
    assert!(matches!(
        err("1. 32-28 19-23\n2. 28-22 *"),
        PdnError::Move { line: 2, ply: 3, error: NotationError::NoSuchMove { .. } }
    ));
    let many_tags: String = (0..=MAX_TAGS).map(|i| format!("[T{i} \"v\"]\n")).collect();
    assert!(matches!(err(&many_tags), PdnError::TooManyTags { .. }));
    let huge = " ".repeat(MAX_PDN_BYTES + 1);
    assert_eq!(err(&huge), PdnError::TooLarge(MAX_PDN_BYTES + 1));
}
