//! `tripot bestmove --variant NAME` and `tripot tournament --variant NAME --seats …`: the star
//! games' computer players through the real binary.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod cli_common;

use cli_common::tripot;
use tripot_engine::{Colour, StarPosition, StarRecord, Variant};

#[test]
fn bestmove_plays_a_legal_move_in_every_variant() {
    for variant in Variant::ALL {
        let name = variant.to_string();
        let run = tripot(&["bestmove", "start", "--variant", &name, "--level", "facile"]);
        assert_eq!(run.code, Some(0), "{name}: {}", run.stderr);
        let start = StarPosition::start(variant, Colour::S).unwrap();
        let text = run.stdout.trim();
        assert!(start.parse_move(text).is_ok(), "{name}: {text}");
    }
}

#[test]
fn bestmove_refuses_a_bad_star_position() {
    let run = tripot(&["bestmove", "S:Sj4", "--variant", "kawu-3"]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
}

#[test]
fn a_star_tournament_turns_the_seats_reports_places_and_saves_every_game() {
    let dir = std::env::temp_dir().join(format!("tripot-star-tournament-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let run = tripot(&[
        "tournament",
        "--variant",
        "captures-3",
        "--seats",
        "facile,debutant,greedy",
        "--games",
        "3",
        "--save",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    for needle in
        ["3 games of captures-3", "player 1 (facile)", "player 3 (greedy)", "mean place", "failures"]
    {
        assert!(run.stdout.contains(needle), "{needle} in {}", run.stdout);
    }
    for game in 1..=3 {
        let text = std::fs::read_to_string(dir.join(format!("game-{game:04}.tripot"))).unwrap();
        let record = StarRecord::parse(&text).unwrap();
        let replay = record.replay().unwrap();
        assert!(replay.outcome.is_some(), "game {game} ends");
        assert_eq!(record.tag("Seed"), Some((game - 1).to_string().as_str()));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_star_tournament_refuses_a_wrong_number_of_seats() {
    let run = tripot(&["tournament", "--variant", "kawu-3", "--seats", "moyen,moyen"]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    let run = tripot(&["tournament", "--variant", "kawu-3"]);
    assert_ne!(run.code, Some(0));
}
