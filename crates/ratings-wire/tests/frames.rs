//! The protocol's frames: messages round-trip, oversized and trailing frames are refused, and
//! the tables read as JSON with peer ids as text.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use libp2p::identity::Keypair;
use proptest::prelude::*;
use tripot_ratings_wire::{
    FrameError, GameResult, MAX_REQUEST_FRAME, MAX_RESPONSE_FRAME, MAX_STANDINGS, Month, Period,
    RecordProblem, RefuseReason, Request, Response, SeatEntry, SeatKind, SignatureError, SignedResult,
    StandingEntry, Standings, StandingsQuery, decode, encode,
};

fn signed() -> SignedResult {
    let (a, b) = (Keypair::generate_ed25519(), Keypair::generate_ed25519());
    let seat = |k: &Keypair| SeatEntry {
        peer_id: k.public().to_peer_id(),
        name: "Zoé".into(),
        kind: SeatKind::Human,
    };
    let result = GameResult {
        game_id: [3; 16],
        game: "kawu-2".into(),
        seats: vec![seat(&a), seat(&b)],
        places: vec![2, 1],
        record_hash: [1; 32],
        finished_unix: 42,
        record: "[Variant \"kawu-2\"]\n".into(),
    };
    SignedResult::signed_by(result, &[&a, &b]).unwrap()
}

fn full_table() -> Standings {
    let entry = StandingEntry {
        peer_id: Keypair::generate_ed25519().public().to_peer_id(),
        name: "\u{10348}".repeat(32),
        rating: 1523.25,
        games: u32::MAX,
        opponents: u32::MAX,
        provisional: true,
    };
    Standings {
        game: "halma-long-6".into(),
        period: Period::Month(Month::new(2026, 12).unwrap()),
        entries: vec![entry; MAX_STANDINGS],
        players: u32::MAX,
    }
}

#[test]
fn requests_and_answers_round_trip() {
    let submit = Request::Submit(signed());
    assert_eq!(decode::<Request>(&encode(&submit, MAX_REQUEST_FRAME).unwrap()).unwrap(), submit);
    let query = Request::Standings(StandingsQuery { game: "tripot".into(), period: Period::AllTime });
    assert_eq!(decode::<Request>(&encode(&query, MAX_REQUEST_FRAME).unwrap()).unwrap(), query);
    for answer in [
        Response::Accepted,
        Response::AlreadyCounted,
        Response::Refused(RefuseReason::Signature(SignatureError::Missing { seat: 1 })),
        Response::Refused(RefuseReason::Record(RecordProblem::Illegal("move 3".into()))),
        Response::Refused(RefuseReason::Throttled { retry_after_ms: 900 }),
        Response::Standings(full_table()),
    ] {
        assert_eq!(decode::<Response>(&encode(&answer, MAX_RESPONSE_FRAME).unwrap()).unwrap(), answer);
    }
}

#[test]
fn the_longest_result_and_the_fullest_table_fit_their_frames() {
    let mut long = signed();
    long.result.record = "x".repeat(tripot_ratings_wire::MAX_RECORD_TEXT);
    long.result.seats = (0..6)
        .map(|_| SeatEntry {
            peer_id: Keypair::generate_ed25519().public().to_peer_id(),
            name: "\u{10348}".repeat(32),
            kind: SeatKind::Human,
        })
        .collect();
    assert!(encode(&Request::Submit(long), MAX_REQUEST_FRAME).is_ok());
    assert!(encode(&Response::Standings(full_table()), MAX_RESPONSE_FRAME).is_ok());
}

#[test]
fn oversized_and_trailing_frames_are_refused() {
    let mut huge = signed();
    huge.result.record = "x".repeat(MAX_REQUEST_FRAME);
    assert!(matches!(encode(&Request::Submit(huge), MAX_REQUEST_FRAME), Err(FrameError::TooLarge { .. })));
    let mut body = encode(&Response::Accepted, MAX_RESPONSE_FRAME).unwrap();
    body.push(0);
    assert!(matches!(decode::<Response>(&body), Err(FrameError::Trailing)));
}

#[test]
fn a_table_reads_as_json_with_peer_ids_and_periods_as_text() {
    let table = full_table();
    let json = serde_json::to_value(&table).unwrap();
    assert_eq!(json["period"], "2026-12");
    assert_eq!(json["entries"][0]["peer_id"], table.entries[0].peer_id.to_base58());
    assert_eq!(json["entries"][0]["provisional"], true);
    let back: Standings = serde_json::from_value(json).unwrap();
    assert_eq!(back, table);
}

proptest! {
    #[test]
    fn any_bytes_decode_to_a_message_or_an_error(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
        let _ = decode::<Request>(&bytes);
        let _ = decode::<Response>(&bytes);
    }
}
