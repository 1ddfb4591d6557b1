//! Real games for the ratings tests: players with ed25519 keys, records played move by move on
//! the engine (then resigned, so that they are short), and their signed results. Shared with
//! the relay's process tests (`relay/tests/ratings.rs` includes this file).
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use libp2p::identity::Keypair;
use tripot_engine::{
    Camp, Format, Position, Record, RecordResult, Rules, StarPosition, Termination, Variant,
};
use tripot_ratings_wire::{GameResult, SeatEntry, SeatKind, SignedResult, final_state_hash};

/// A player: a persistent key and a name.
pub(crate) struct Player {
    pub(crate) key: Keypair,
    pub(crate) name: String,
}

pub(crate) fn player(name: &str) -> Player {
    Player { key: Keypair::generate_ed25519(), name: name.into() }
}

pub(crate) fn players(count: usize) -> Vec<Player> {
    (0..count).map(|i| player(&format!("Player {i}"))).collect()
}

fn human(p: &Player) -> SeatEntry {
    SeatEntry { peer_id: p.key.public().to_peer_id(), name: p.name.clone(), kind: SeatKind::Human }
}

/// 2026-12-01T00:00:00Z.
pub(crate) const DECEMBER_1ST: u64 = 1_796_083_200;

/// A game id from a number.
pub(crate) fn game_id(n: u32) -> [u8; 16] {
    let mut id = [0u8; 16];
    id[..4].copy_from_slice(&n.to_be_bytes());
    id[15] = 0x5a;
    id
}

/// A duel of `tripot` where each camp plays its first legal move `plies` times, then the loser
/// resigns: (record text, final position).
pub(crate) fn duel_record(plies: usize, winner: Camp) -> (String, String) {
    let mut position = Position::start(Format::One, Rules::Tripot, Camp::A);
    let mut record = Record::new(Format::One, Rules::Tripot, Camp::A);
    for ply in 0..plies {
        let moves = position.legal_moves();
        let mv = moves[ply % moves.len()];
        position = record.play(&position, mv).unwrap();
    }
    record.result = RecordResult::Won { winner, termination: Termination::Resign };
    (record.to_string(), position.to_string())
}

/// A finished duel between `a` (camp A) and `b`, won by `a` when `a_wins`.
pub(crate) fn duel(n: u32, a: &Player, b: &Player, a_wins: bool, finished_unix: u64) -> GameResult {
    let (record, final_position) = duel_record(4 + (n as usize % 5), if a_wins { Camp::A } else { Camp::B });
    GameResult {
        game_id: game_id(n),
        game: "tripot".into(),
        seats: vec![human(a), human(b)],
        places: if a_wins { vec![1, 2] } else { vec![2, 1] },
        record_hash: final_state_hash("tripot", &final_position),
        finished_unix,
        record,
    }
}

/// A star game of `variant` (its seats in playing order taken by `seated`), a few moves, then
/// ended as recorded with `places_by_seat` (a `Termination` tag: the moves do not reach it).
pub(crate) fn star(
    n: u32,
    variant: &str,
    seated: &[&Player],
    places_by_seat: &[u8],
    finished_unix: u64,
) -> GameResult {
    let variant: Variant = variant.parse().unwrap();
    let seats = variant.seats();
    let mut position = StarPosition::start(variant, seats[0]).unwrap();
    let mut moves = Vec::new();
    for ply in 0..(2 * seats.len()) {
        let legal = position.legal_moves();
        let m = legal[(ply + n as usize) % legal.len()].clone();
        moves.push(position.notation(&m).to_string());
        position = position.play(&m).unwrap();
    }
    // In kawu only the winners are written; the others lost.
    let written: Vec<String> = seats
        .iter()
        .zip(places_by_seat)
        .filter(|(_, p)| **p == 1 || variant.game() == tripot_engine::GameKind::Halma)
        .map(|(s, p)| format!("{s}{p}"))
        .collect();
    let result = written.join(",");
    // The result token after the moves is optional: the tag says it.
    let record = format!(
        "[Variant \"{variant}\"]\n[Opener \"{}\"]\n[Termination \"resign\"]\n[Result \"{result}\"]\n\n{}\n",
        seats[0],
        moves.join(" ")
    );
    GameResult {
        game_id: game_id(n),
        game: variant.name(),
        seats: seated.iter().map(|p| human(p)).collect(),
        places: places_by_seat.to_vec(),
        record_hash: final_state_hash(&variant.name(), &position.to_string()),
        finished_unix,
        record,
    }
}

/// `result` signed by every one of `by`.
pub(crate) fn signed(result: GameResult, by: &[&Player]) -> SignedResult {
    let keys: Vec<&Keypair> = by.iter().map(|p| &p.key).collect();
    SignedResult::signed_by(result, &keys).unwrap()
}

/// `result` signed by all its human players among `all`.
pub(crate) fn signed_by_all(result: GameResult, all: &[&Player]) -> SignedResult {
    let at_table: Vec<&Player> = all
        .iter()
        .copied()
        .filter(|p| {
            result.seats.iter().any(|s| s.kind == SeatKind::Human && s.peer_id == p.key.public().to_peer_id())
        })
        .collect();
    signed(result, &at_table)
}
