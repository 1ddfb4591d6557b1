//! Move texts: the short form, the full form where two rafles share both ends, and every
//! refusal typed.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use tripot_draughts::{NotationError, PlayError, Position, Square};

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

/// The king on 4 can take 13, 29, 30 or 13, 30, 38, both ending on 25.
const TWO_WAYS: &str = "W:WK4:BK13,29,30,35,K38,K45,K47";

#[test]
fn rafles_sharing_both_ends_are_written_with_their_landings() {
    let p = position(TWO_WAYS);
    let written: Vec<String> = p.legal_moves().iter().map(|m| p.notation(m)).collect();
    assert_eq!(written.len(), 2);
    for (text, m) in written.iter().zip(p.legal_moves().iter()) {
        assert!(text.starts_with("4x") && text.ends_with("x25") && text.matches('x').count() == 3, "{text}");
        assert_eq!(&p.parse_move(text).unwrap(), m);
        assert_eq!(m.to_string(), "4x25");
    }
    assert_ne!(written[0], written[1]);
}

#[test]
fn the_short_form_of_an_ambiguous_rafle_is_refused_with_the_choices() {
    let p = position(TWO_WAYS);
    match p.parse_move("4x25") {
        Err(e @ NotationError::Ambiguous { .. }) => {
            let NotationError::Ambiguous { candidates, .. } = &e else { unreachable!() };
            assert_eq!(candidates.len(), 2);
            assert!(e.message_fr().contains(" ou ") && e.to_string().contains(" or "), "{e}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn one_landing_is_enough_when_it_tells_the_rafles_apart() {
    let p = position(TWO_WAYS);
    for m in p.legal_moves().iter() {
        let full = p.notation(m);
        let landings: Vec<&str> = full.split('x').collect();
        // Every landing alone, between the two ends.
        let found: Vec<bool> = landings[1..landings.len() - 1]
            .iter()
            .map(|landing| p.parse_move(&format!("4x{landing}x25")).as_ref() == Ok(m))
            .collect();
        assert!(found.iter().any(|&ok| ok), "{full}");
    }
}

#[test]
fn a_unique_rafle_is_written_short_and_read_in_both_forms() {
    let p = position("W:WK46:B31,33,37,43");
    let m = &p.legal_moves()[0];
    assert_eq!(p.notation(m), "46x48");
    assert_eq!(&p.parse_move("46x48").unwrap(), m);
    assert_eq!(&p.parse_move("46x28x39x48").unwrap(), m);
    // Landing on 32 instead of 28 does not reach 33: no such rafle.
    assert!(matches!(p.parse_move("46x32x39x48"), Err(NotationError::NoSuchMove { .. })));
    // A capture written with '-' is still the capture.
    assert_eq!(&p.parse_move("46-48").unwrap(), m);
}

#[test]
fn refusals_say_why() {
    let start = Position::start();
    assert_eq!(start.parse_move("32-55"), Err(NotationError::UnknownSquare(55)));
    assert!(matches!(start.parse_move("3228"), Err(NotationError::Syntax(_))));
    assert!(matches!(start.parse_move(""), Err(NotationError::Syntax(_))));
    assert!(matches!(start.parse_move("32--28"), Err(NotationError::Syntax(_))));
    assert!(matches!(start.parse_move(&"1-".repeat(100)), Err(NotationError::TooLong(_))));
    assert!(matches!(
        start.parse_move("25-30"),
        Err(NotationError::NoSuchMove { reason: PlayError::NoPiece(_), .. })
    ));
    assert!(matches!(
        start.parse_move("32-26"),
        Err(NotationError::NoSuchMove { reason: PlayError::Illegal(_), .. })
    ));
    let must_take = position("W:W28,40:B33");
    assert!(matches!(
        must_take.parse_move("40-34"),
        Err(NotationError::NoSuchMove { reason: PlayError::CaptureRequired { required: 1 }, .. })
    ));
}

#[test]
fn the_trail_of_a_move_crosses_every_square_for_animation() {
    let p = position("W:WK46:B31,33,37,43");
    let m = &p.legal_moves()[0];
    let trail: Vec<u8> = m.trail().map(Square::number).collect();
    assert_eq!(trail, [46, 41, 37, 32, 28, 33, 39, 43, 48]);
    let path: Vec<u8> = m.path().map(Square::number).collect();
    assert_eq!(path, [46, 28, 39, 48]);
}
