//! Our legal moves and game ends against `tests/data/reference-moves.tsv`: the answers of two
//! independent programs (dame-rs and pydraughts, which agree on every line) for positions of
//! random games, written by `scripts/draughts_crosscheck.py`. No Python is needed here.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use tripot_draughts::Position;

/// A move as the fixture writes it: `32-28`, or `19x30:24,25` with the captured squares.
fn written(m: &tripot_draughts::Move) -> String {
    if m.is_capture() {
        let captured: Vec<String> = m.captured().iter().map(|s| s.to_string()).collect();
        format!("{}x{}:{}", m.from(), m.to(), captured.join(","))
    } else {
        format!("{}-{}", m.from(), m.to())
    }
}

#[test]
fn legal_moves_and_game_ends_match_the_reference_programs() {
    let data = include_str!("data/reference-moves.tsv");
    let mut checked = 0;
    let (mut captures, mut kings, mut losses) = (0, 0, 0);
    for line in data.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let [fen, moves, verdict] = line.split('\t').collect::<Vec<_>>()[..] else {
            panic!("bad fixture line {line}");
        };
        let position = Position::from_fen(fen).unwrap();
        let mut ours: Vec<String> = position.legal_moves().iter().map(written).collect();
        ours.sort();
        let mut theirs: Vec<&str> = moves.split_whitespace().collect();
        theirs.sort();
        assert_eq!(ours, theirs, "moves of {fen}");
        let ended = position.outcome().is_some();
        assert_eq!(ended, verdict == "loss", "game end of {fen}");
        checked += 1;
        captures += usize::from(moves.contains('x'));
        kings += usize::from(fen.contains('K'));
        losses += usize::from(ended);
    }
    assert!(checked >= 1000, "only {checked} positions");
    // The fixture must keep exercising the hard parts, not only openings.
    assert!(captures >= 200 && kings >= 200 && losses >= 50, "{captures} {kings} {losses}");
}
