//! One record format read by one reader (`tripot_game::GameRecord`) for every game: every record
//! saved today — the duel's (`tests/data/records`, the `Format` and `Rules` tags) and the star
//! games' (`tests/data/star-records`, the `Variant` tag, tables saved by the client with their
//! own tags) — loads through it and replays through the interface to the same position, with
//! the same result, as through the reader it was written for; a record that reader refuses, it
//! refuses too, for the same kind of reason. Records written by the new writer, of every game of
//! the catalogue, read back to the same game.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod dice;

use std::path::{Path, PathBuf};

use dice::Dice;
use tripot_engine::{Record, StarBoardGames, StarRecord, StarRecordError, open};
use tripot_game::catalogue::catalogue;
use tripot_game::{GameInfo, Geometry};
use tripot_game::{GameRecord, GameReplay, Leaving, RecordResult, Seat};

fn data(dir: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(dir)
}

/// Every record file of both fixture folders.
fn fixtures() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = ["records", "star-records"]
        .into_iter()
        .flat_map(|dir| std::fs::read_dir(data(dir)).unwrap().map(|e| e.unwrap().path()))
        .filter(|p| p.extension().is_some_and(|e| e == "tripot"))
        .collect();
    files.sort();
    files
}

/// What a record gives through the reader it was written for: the moves played, the final
/// position string and the winners' names, or whether it is malformed (else impossible).
fn through_its_own_reader(bytes: &[u8]) -> Result<(usize, String, Vec<String>), bool> {
    let text = std::str::from_utf8(bytes).map_err(|_| true)?;
    if text.lines().any(|l| l.trim_start().starts_with("[Variant ")) {
        let replay = StarRecord::parse(text).and_then(|r| r.replay()).map_err(|e| {
            !matches!(e, StarRecordError::Illegal { .. } | StarRecordError::ResultMismatch { .. })
        })?;
        let winners = replay.outcome.map(|o| o.winners()).unwrap_or_default();
        let last = replay.positions.last().unwrap().to_string();
        Ok((replay.moves.len(), last, winners.iter().map(|c| c.to_string()).collect()))
    } else {
        let replay = Record::parse_bytes(bytes).and_then(|r| r.replay()).map_err(|e| e.is_malformed())?;
        let winners = replay.outcome.map(|o| vec![o.winner.to_string()]).unwrap_or_default();
        Ok((replay.moves.len(), replay.final_position.to_string(), winners))
    }
}

/// What a record gives through the one reader.
fn through_the_interface(bytes: &[u8]) -> Result<(GameRecord, GameReplay), (bool, String)> {
    let record = GameRecord::parse_bytes(bytes).map_err(|e| (true, e.to_string()))?;
    let replay = record.replay(&StarBoardGames).map_err(|e| (e.is_malformed(), e.to_string()))?;
    Ok((record, replay))
}

fn winners(replay: &GameReplay) -> Vec<String> {
    let state = replay.state.as_ref();
    replay
        .outcome
        .as_ref()
        .map(|o| o.winners().iter().map(|&s| state.seat_name(s)).collect())
        .unwrap_or_default()
}

/// The one reader's verdict in the words of `expected.tsv`.
fn verdict(bytes: &[u8]) -> String {
    match through_the_interface(bytes) {
        Ok((record, replay)) => {
            let termination = record.termination.as_ref().map(|t| format!(" ({t})")).unwrap_or_default();
            format!("{}: {} moves, result {}{termination}", record.game(), replay.moves.len(), replay.result)
        }
        Err((true, error)) => format!("malformed: {error}"),
        Err((false, error)) => format!("impossible: {error}"),
    }
}

#[test]
fn every_record_saved_today_replays_through_the_interface_as_through_its_own_reader() {
    let files = fixtures();
    assert!(files.len() >= 30, "{} fixtures", files.len());
    let mut replayed = 0;
    for file in &files {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(file).unwrap();
        match (through_its_own_reader(&bytes), through_the_interface(&bytes)) {
            (Ok((moves, position, own_winners)), Ok((_, replay))) => {
                assert_eq!(replay.moves.len(), moves, "{name}");
                assert_eq!(replay.state.position_string(), position, "{name}");
                assert_eq!(winners(&replay), own_winners, "{name}");
                assert!(!name.starts_with("bad-"), "{name} replays");
                replayed += 1;
            }
            (Err(malformed), Err((also_malformed, error))) => {
                assert_eq!(also_malformed, malformed, "{name}: {error}");
                assert!(name.starts_with("bad-"), "{name}: {error}");
            }
            (own, interface) => {
                panic!("{name}: its own reader gives {own:?}, the interface {:?}", interface.err())
            }
        }
    }
    assert!(replayed >= 18, "{replayed} replayed");
}

#[test]
fn the_star_fixtures_give_what_expected_tsv_says() {
    let expected = std::fs::read_to_string(data("star-records").join("expected.tsv")).unwrap();
    let mut listed = Vec::new();
    for line in expected.lines().filter(|l| !l.trim().is_empty()) {
        let (file, want) = line.split_once('\t').unwrap();
        let bytes = std::fs::read(data("star-records").join(file)).unwrap();
        assert_eq!(verdict(&bytes), want, "{file}");
        listed.push(file.to_owned());
    }
    for file in fixtures().iter().filter(|f| f.parent() == Some(&data("star-records"))) {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        assert!(listed.contains(&name), "{name} has no line in expected.tsv");
    }
}

#[test]
fn records_read_then_written_in_the_one_format_replay_to_the_same_game() {
    for file in fixtures() {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let Ok((record, replay)) = through_the_interface(&std::fs::read(&file).unwrap()) else {
            continue;
        };
        // The record as read, written again: the same record.
        let text = record.to_string();
        assert!(text.starts_with(&format!("[Game \"{}\"]\n", record.game())), "{text}");
        let again = GameRecord::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        assert_eq!(again, record, "{name}\n{text}");
        // The game replayed, recorded anew from the state: the same game, numbered by rounds.
        let fresh = GameRecord::of_game(replay.state.as_ref()).to_string();
        let (_, fresh_replay) =
            through_the_interface(fresh.as_bytes()).unwrap_or_else(|e| panic!("{name}: {e:?}\n{fresh}"));
        assert_eq!(fresh_replay.state.position_string(), replay.state.position_string(), "{name}");
        assert_eq!(fresh_replay.outcome, replay.outcome, "{name}");
        assert_eq!(fresh_replay.moves, replay.moves, "{name}");
    }
}

#[test]
fn records_of_every_catalogue_game_round_trip_through_the_one_format() {
    for (index, info) in star_board_catalogue().iter().enumerate() {
        let mut dice = Dice::new(index as u64 + 1);
        let mut state = open(&info.spec()).unwrap();
        for _ in 0..60 + dice.below(60) {
            let moves = state.legal_moves();
            if moves.is_empty() {
                break;
            }
            state.play(&moves[dice.below(moves.len())]).unwrap();
        }
        if index % 3 == 0 && state.to_move().is_some() {
            let seat = state.to_move().unwrap();
            state.leave(seat, Leaving::Resigned).unwrap();
        }
        let mut record = GameRecord::of_game(state.as_ref());
        record.set_player(&state.seat_name(Seat(0)), "Edmonde \"la\" joueuse").unwrap();
        record.set_tag("Date", "2026.12.03").unwrap();
        let text = record.to_string();
        let read = GameRecord::parse(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", info.name));
        assert_eq!(read, record);
        assert_eq!(read.player("S").or(read.player("A")), Some("Edmonde \"la\" joueuse"));
        let replay = read.replay(&StarBoardGames).unwrap_or_else(|e| panic!("{}: {e}\n{text}", info.name));
        assert_eq!(replay.state.position_string(), state.position_string(), "{}", info.name);
        assert_eq!(replay.moves, state.moves(), "{}", info.name);
        match state.outcome() {
            Some(outcome) => assert_eq!(replay.result, RecordResult::of(&outcome, state.as_ref())),
            None => assert_eq!(replay.result, RecordResult::Unfinished),
        }
    }
}

#[test]
fn a_record_whose_result_or_numbers_the_moves_contradict_is_refused() {
    let kawu = |opener: &str, tags: &str, moves: &str, result: &str| {
        let text = format!("[Game \"kawu-3\"]\n[Opener \"{opener}\"]\n{tags}\n{moves} {result}\n");
        GameRecord::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}")).replay(&StarBoardGames)
    };
    let moves = "1. j4-j5 d10-e10 j13-j12 2. j5-j6";
    assert!(kawu("S", "[Result \"*\"]\n", moves, "*").is_ok());
    let error = kawu("S", "[Result \"*\"]\n", &moves.replace("2.", "3."), "*").unwrap_err();
    assert_eq!(error.to_string(), "line 5, column 26: found '3.' where 2. was expected");
    assert!(error.is_malformed());
    let error = kawu("S", "[Result \"S1\"]\n", moves, "S1").unwrap_err();
    assert!(!error.is_malformed(), "{error}");
    assert_eq!(error.to_string(), "the record says S1 but the moves give an unfinished game");
    // A recorded resignation the moves leave open is accepted as recorded; a result the moves
    // would have decided is not.
    let resigned = "[Result \"S1,NW3,NE2\"]\n[Termination \"resign\"]\n";
    assert!(kawu("S", resigned, moves, "S1,NW3,NE2").is_ok());
    let goal = resigned.replace("resign", "goal");
    assert!(!kawu("S", &goal, moves, "S1,NW3,NE2").unwrap_err().is_malformed());
    let error = kawu("S", "[Result \"SE1\"]\n[Termination \"time\"]\n", moves, "SE1").unwrap_err();
    assert_eq!(error.to_string(), "[Result]: no seat of this game is called SE");
    assert!(kawu("A", "[Result \"*\"]\n", moves, "*").unwrap_err().is_malformed());
    // Opened by another seat, the same moves are not its moves.
    assert!(!kawu("NW", "[Result \"*\"]\n", moves, "*").unwrap_err().is_malformed());
}

/// The catalogue's games of the star board: the engine's (draughts is `tripot-draughts`').
fn star_board_catalogue() -> Vec<&'static GameInfo> {
    catalogue().iter().filter(|g| g.geometry == Geometry::Star121).collect()
}
