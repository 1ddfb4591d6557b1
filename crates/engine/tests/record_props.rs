//! Properties of game records: no input makes the parser or the replay panic, and records of
//! random games survive writing and reading unchanged.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use proptest::prelude::*;
use tripot_engine::{
    Camp, Format, OpenerChoice, Position, Record, RecordResult, Rules, STANDARD_TAGS, Termination,
};

/// A record of a game played from the standard start with random legal moves, with random tags,
/// and the position it reaches.
fn random_game() -> impl Strategy<Value = (Record, Position)> {
    let tags = (
        proptest::option::of(any::<String>()),
        proptest::option::of(".{0,20}"),
        proptest::option::of("[0-9]{4}\\.[0-9]{2}\\.[0-9]{2}"),
        proptest::option::of(any::<String>()),
        proptest::collection::vec(("[A-Za-z][A-Za-z0-9_]{0,12}", any::<String>()), 0..4),
    );
    (
        0..3usize,
        any::<bool>(),
        any::<bool>(),
        proptest::option::of(any::<bool>()),
        proptest::collection::vec(any::<u16>(), 0..120),
        proptest::option::of((any::<bool>(), 2..6usize)),
        tags,
    )
        .prop_map(|(format, classic, opener_b, choice, picks, ending, tags)| {
            let format = Format::ALL[format];
            let rules = if classic { Rules::Classic } else { Rules::Tripot };
            let opener = if opener_b { Camp::B } else { Camp::A };
            let mut record = Record::new(format, rules, opener);
            record.opener_choice =
                choice.map(|random| if random { OpenerChoice::Random } else { OpenerChoice::Chosen });
            let (player_a, player_b, date, reason, extra) = tags;
            record.players = [player_a, player_b];
            record.date = date;
            record.reason = reason;
            for (name, value) in extra {
                if !STANDARD_TAGS.contains(&name.as_str()) {
                    record.set_tag(&name, &value).unwrap();
                }
            }
            let mut position = record.start_position();
            for pick in picks {
                if position.is_over() {
                    break;
                }
                let moves = position.legal_moves();
                position = record.play(&position, moves[usize::from(pick) % moves.len()]).unwrap();
            }
            if let (false, Some((a_wins, termination))) = (position.is_over(), ending) {
                let winner = if a_wins { Camp::A } else { Camp::B };
                record.result = RecordResult::Won { winner, termination: Termination::ALL[termination] };
            }
            (record, position)
        })
}

/// Text shaped like a record, to reach past the first checks of the parser.
fn record_like_text() -> impl Strategy<Value = String> {
    let tag = "\\[(Format|Rules|Opener|Result|Termination|Start|Date|X) \"([123AB*]|tripot|classic|goal|resign|[a-z \\\\\"]{0,6})\"\\]";
    let token = "([0-9]{1,3}\\.{1,3}|[a-q][0-9]{1,2}(-[a-q][0-9]{1,2}){0,3}|[a-q][0-9]{1,2}<>[a-q][0-9]{1,2}|pass|[AB*])";
    (proptest::collection::vec(tag, 0..8), proptest::collection::vec(token, 0..30))
        .prop_map(|(tags, tokens)| format!("{}\n\n{}\n", tags.join("\n"), tokens.join(" ")))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..4096)) {
        if let Ok(record) = Record::parse_bytes(&bytes) {
            let _ = record.replay();
        }
    }

    #[test]
    fn random_strings_never_panic(text in any::<String>()) {
        if let Ok(record) = Record::parse(&text) {
            let _ = record.replay();
        }
    }

    #[test]
    fn record_like_text_never_panics_and_what_parses_round_trips(text in record_like_text()) {
        if let Ok(record) = Record::parse(&text) {
            prop_assert_eq!(Record::parse(&record.to_string()), Ok(record.clone()));
            let _ = record.replay();
        }
    }

    #[test]
    fn random_games_round_trip((record, position) in random_game()) {
        let text = record.to_string();
        let parsed = Record::parse(&text);
        prop_assert_eq!(parsed.as_ref(), Ok(&record), "{}", text);
        let replay = record.replay().unwrap();
        prop_assert_eq!(replay.final_position, position);
        prop_assert_eq!(replay.positions.len(), record.moves().len() + 1);
        let notations: Vec<_> = replay.moves.iter().map(|v| v.notation.clone()).collect();
        prop_assert_eq!(notations.as_slice(), record.moves());
    }

    #[test]
    fn damaged_records_never_panic(
        (record, _) in random_game(),
        cut in any::<prop::sample::Index>(),
        at in any::<prop::sample::Index>(),
        insert in any::<char>(),
    ) {
        let text = record.to_string();
        let bytes = text.as_bytes();
        let truncated = &bytes[..cut.index(bytes.len() + 1)];
        if let Ok(damaged) = Record::parse_bytes(truncated) {
            let _ = damaged.replay();
        }
        let mut chars: Vec<char> = text.chars().collect();
        chars.insert(at.index(chars.len() + 1), insert);
        let inserted: String = chars.into_iter().collect();
        if let Ok(damaged) = Record::parse(&inserted) {
            let _ = damaged.replay();
        }
    }
}
