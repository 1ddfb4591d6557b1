//! Real games for the ratings tests: players with ed25519 keys, games played move by move
//! through the game interface (the verifier's own openers) and then ended by a resignation, so that
//! they are short, their records written by `GameRecord`, and their signed results. Shared with
//! the relay's process tests (`relay/tests/ratings.rs`) and the `book_speed` example.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use libp2p::identity::Keypair;
use tripot_game::{GameRecord, GameSpec, GameState, RecordResult, Seat, Setup};
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

/// `game` after `plies` legal moves (each seat plays the `pick`-th move it has, counting round).
fn played(game: &str, plies: usize, pick: usize) -> Box<dyn GameState> {
    let spec = GameSpec::new(game).unwrap();
    let mut state = tripot_game::Opener::open(tripot_ratings::OPENERS, &spec, &Setup::default()).unwrap();
    for ply in 0..plies {
        let legal = state.legal_moves();
        state.play(&legal[(ply + pick) % legal.len()]).unwrap();
    }
    state
}

/// The record of `state` so far, unfinished: (record text, final position string).
fn unfinished(state: &dyn GameState) -> (String, String) {
    (GameRecord::of_game(state).to_string(), state.position_string())
}

/// `game` played for `plies` moves, then ended with `places` (one per seat) by a resignation:
/// a result the moves do not reach, recorded with its `Termination`. In kawu and the captures
/// game only the winners are written (the others lost). (record text, final position string).
pub(crate) fn resigned(game: &str, plies: usize, pick: usize, places: &[u8]) -> (String, String) {
    let state = played(game, plies, pick);
    let mut record = GameRecord::of_game(state.as_ref());
    let winners_only = matches!(state.spec().family_word(), "kawu" | "captures");
    let written = places
        .iter()
        .enumerate()
        .filter(|(_, place)| !winners_only || **place == 1)
        .map(|(seat, place)| (state.seat_name(Seat(u8::try_from(seat).unwrap())), *place))
        .collect();
    record.result = RecordResult::Places(written);
    record.termination = Some("resign".into());
    (record.to_string(), state.position_string())
}

/// A duel of `tripot` of `plies` moves, then resigned by the loser.
pub(crate) fn duel_record(plies: usize, a_wins: bool) -> (String, String) {
    resigned("tripot", plies, 0, if a_wins { &[1, 2] } else { &[2, 1] })
}

/// A duel of `tripot` left unfinished after `plies` moves.
pub(crate) fn unfinished_duel(plies: usize) -> (String, String) {
    unfinished(played("tripot", plies, 0).as_ref())
}

fn result_of(
    n: u32,
    game: &str,
    seated: &[&Player],
    places: &[u8],
    (record, last): (String, String),
    at: u64,
) -> GameResult {
    GameResult {
        game_id: game_id(n),
        game: game.into(),
        seats: seated.iter().map(|p| human(p)).collect(),
        places: places.to_vec(),
        record_hash: final_state_hash(game, &last),
        finished_unix: at,
        record,
    }
}

/// A finished duel between `a` (camp A) and `b`, won by `a` when `a_wins`.
pub(crate) fn duel(n: u32, a: &Player, b: &Player, a_wins: bool, finished_unix: u64) -> GameResult {
    let places: &[u8] = if a_wins { &[1, 2] } else { &[2, 1] };
    let played = duel_record(4 + (n as usize % 5), a_wins);
    result_of(n, "tripot", &[a, b], places, played, finished_unix)
}

/// A game of international draughts between `white` and `black`, a few moves, then resigned
/// by the loser (White when `white_wins` is false).
pub(crate) fn draughts(
    n: u32,
    white: &Player,
    black: &Player,
    white_wins: bool,
    finished_unix: u64,
) -> GameResult {
    let places: &[u8] = if white_wins { &[1, 2] } else { &[2, 1] };
    let played = resigned("draughts", 6 + (n as usize % 5), n as usize, places);
    result_of(n, "draughts", &[white, black], places, played, finished_unix)
}

/// A game of `game` (its seats, in order, taken by `seated`), a few moves, then ended as
/// recorded with `places_by_seat`.
pub(crate) fn star(
    n: u32,
    game: &str,
    seated: &[&Player],
    places_by_seat: &[u8],
    finished_unix: u64,
) -> GameResult {
    let played = resigned(game, 2 * seated.len(), n as usize, places_by_seat);
    result_of(n, game, seated, places_by_seat, played, finished_unix)
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
