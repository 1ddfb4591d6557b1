//! Signed results: every human seat signs, signatures are checked against the keys the peer ids
//! inline, and a signature is good for one result only.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use libp2p::PeerId;
use libp2p::identity::Keypair;
use tripot_ratings_wire::{
    GameResult, SeatEntry, SeatKind, ShapeError, SignatureError, SignedResult, Unrated,
};

fn seat(key: &Keypair, name: &str, kind: SeatKind) -> SeatEntry {
    SeatEntry { peer_id: key.public().to_peer_id(), name: name.into(), kind }
}

fn duel(game_id: u8, a: &Keypair, b: &Keypair) -> GameResult {
    GameResult {
        game_id: [game_id; 16],
        game: "tripot".into(),
        seats: vec![seat(a, "Ana", SeatKind::Human), seat(b, "Ben", SeatKind::Human)],
        places: vec![1, 2],
        record_hash: [9; 32],
        finished_unix: 1_796_083_200,
        record: "[Format \"1\"]".into(),
    }
}

#[test]
fn a_result_signed_by_every_human_seat_holds() {
    let (a, b) = (Keypair::generate_ed25519(), Keypair::generate_ed25519());
    let signed = SignedResult::signed_by(duel(1, &a, &b), &[&b, &a]).unwrap();
    assert_eq!(signed.check_shape(), Ok(()));
    assert_eq!(signed.check_signatures(), Ok(()));
    assert_eq!(signed.result.check_seat_kinds(), Ok(()));
}

#[test]
fn a_missing_signature_is_named_by_its_seat() {
    let (a, b) = (Keypair::generate_ed25519(), Keypair::generate_ed25519());
    let signed = SignedResult::signed_by(duel(1, &a, &b), &[&a]).unwrap();
    assert_eq!(signed.check_signatures(), Err(SignatureError::Missing { seat: 1 }));
}

#[test]
fn a_forged_or_altered_signature_does_not_verify() {
    let (a, b) = (Keypair::generate_ed25519(), Keypair::generate_ed25519());
    // Ben's seat "signed" by someone else's key under Ben's peer id.
    let mut forged = SignedResult::signed_by(duel(1, &a, &b), &[&a, &b]).unwrap();
    let mallory = Keypair::generate_ed25519();
    forged.signatures[1].sig = forged.result.sign(&mallory).unwrap().sig;
    assert_eq!(forged.check_signatures(), Err(SignatureError::Forged { seat: 1 }));
    // A flipped bit.
    let mut flipped = SignedResult::signed_by(duel(1, &a, &b), &[&a, &b]).unwrap();
    flipped.signatures[0].sig[10] ^= 1;
    assert_eq!(flipped.check_signatures(), Err(SignatureError::Forged { seat: 0 }));
    // The result changed after signing: the loser now claims the win.
    let mut altered = SignedResult::signed_by(duel(1, &a, &b), &[&a, &b]).unwrap();
    altered.result.places = vec![2, 1];
    assert_eq!(altered.check_signatures(), Err(SignatureError::Forged { seat: 0 }));
    // An empty or oversized signature.
    let mut empty = SignedResult::signed_by(duel(1, &a, &b), &[&a, &b]).unwrap();
    empty.signatures[0].sig.clear();
    assert_eq!(empty.check_signatures(), Err(SignatureError::Forged { seat: 0 }));
    empty.signatures[0].sig = vec![0; 65];
    assert_eq!(empty.check_signatures(), Err(SignatureError::Forged { seat: 0 }));
}

#[test]
fn signatures_of_one_game_are_worth_nothing_for_another() {
    let (a, b) = (Keypair::generate_ed25519(), Keypair::generate_ed25519());
    let first = SignedResult::signed_by(duel(1, &a, &b), &[&a, &b]).unwrap();
    // Same players, same record, another game id: the old signatures do not carry over.
    let reused = SignedResult { result: duel(2, &a, &b), signatures: first.signatures.clone() };
    assert_eq!(reused.check_signatures(), Err(SignatureError::Forged { seat: 0 }));
    let mut later = duel(1, &a, &b);
    later.finished_unix += 1;
    let reused = SignedResult { result: later, signatures: first.signatures };
    assert_eq!(reused.check_signatures(), Err(SignatureError::Forged { seat: 0 }));
}

#[test]
fn strangers_duplicates_and_keys_that_are_not_inlined_are_refused() {
    let (a, b, c) = (Keypair::generate_ed25519(), Keypair::generate_ed25519(), Keypair::generate_ed25519());
    let result = duel(1, &a, &b);
    let stranger = SignedResult::signed_by(result.clone(), &[&a, &c]).unwrap();
    assert_eq!(stranger.check_signatures(), Err(SignatureError::Stranger));
    let twice = SignedResult::signed_by(result.clone(), &[&a, &a]).unwrap();
    assert_eq!(twice.check_signatures(), Err(SignatureError::Duplicate));
    let three = SignedResult::signed_by(result, &[&a, &b, &c]).unwrap();
    assert_eq!(three.check_signatures(), Err(SignatureError::Stranger));
    assert_eq!(three.check_shape(), Err(ShapeError::TooManySignatures));
    // A peer id that does not inline an ed25519 key: nothing to check a signature with.
    let mut hashed = duel(1, &a, &b);
    hashed.seats[1].peer_id = PeerId::random();
    let signed = SignedResult::signed_by(hashed, &[&a]).unwrap();
    assert_eq!(signed.check_signatures(), Err(SignatureError::NotEd25519 { seat: 1 }));
}

#[test]
fn computer_and_guest_seats_make_a_game_unrated() {
    let (a, b) = (Keypair::generate_ed25519(), Keypair::generate_ed25519());
    let mut computer = duel(1, &a, &b);
    computer.seats[1].kind = SeatKind::Computer;
    assert_eq!(computer.check_seat_kinds(), Err(Unrated::ComputerSeat));
    // Only the human seat signs; the signatures hold, the game is still unrated.
    let signed = SignedResult::signed_by(computer, &[&a]).unwrap();
    assert_eq!(signed.check_signatures(), Ok(()));
    let mut guest = duel(1, &a, &b);
    guest.seats[0].kind = SeatKind::Guest;
    assert_eq!(guest.check_seat_kinds(), Err(Unrated::GuestSeat));
}

#[test]
fn shapes_out_of_bounds_are_refused() {
    let (a, b) = (Keypair::generate_ed25519(), Keypair::generate_ed25519());
    let check = |change: &dyn Fn(&mut GameResult)| {
        let mut result = duel(1, &a, &b);
        change(&mut result);
        result.check_shape()
    };
    assert_eq!(check(&|r| r.seats.truncate(1)), Err(ShapeError::SeatCount(1)));
    assert_eq!(check(&|r| r.places = vec![1]), Err(ShapeError::PlacesCount));
    assert_eq!(check(&|r| r.places = vec![1, 3]), Err(ShapeError::Place));
    assert_eq!(check(&|r| r.places = vec![2, 2]), Err(ShapeError::Place));
    assert_eq!(check(&|r| r.places = vec![1, 1]), Ok(()), "a draw");
    assert_eq!(check(&|r| r.game = "Kawu 3".into()), Err(ShapeError::GameName));
    assert_eq!(check(&|r| r.game = String::new()), Err(ShapeError::GameName));
    assert_eq!(check(&|r| r.game = "kawu--3".into()), Err(ShapeError::GameName));
    assert_eq!(check(&|r| r.seats[1].name = "a\u{7}".into()), Err(ShapeError::PlayerName { seat: 1 }));
    assert_eq!(check(&|r| r.seats[0].name = "é".repeat(33)), Err(ShapeError::PlayerName { seat: 0 }));
    assert_eq!(check(&|r| r.seats[0].name = "é".repeat(32)), Ok(()));
    assert_eq!(check(&|r| r.seats[1].peer_id = r.seats[0].peer_id), Err(ShapeError::SameKeyTwice));
    let long = "x".repeat(tripot_ratings_wire::MAX_RECORD_TEXT + 1);
    assert_eq!(check(&|r| r.record = long.clone()), Err(ShapeError::RecordTooLong));
}
