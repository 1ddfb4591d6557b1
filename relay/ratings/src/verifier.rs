//! Replaying a submitted record: does it reach the places and the final position the result
//! claims?
//!
//! [`RecordVerifier`] is what the book asks, whatever the game. [`GameVerifier`] answers it
//! through the one game interface of `tripot-game`: the record is read by [`GameRecord`] (today's
//! records and those saved before the `Game` tag), replayed move by move by the game itself
//! (`GameState::parse_move`, the same verifier a client uses on a peer's move) from the game the
//! engines' openers set up ([`OPENERS`]: the duels and every star variant, international
//! draughts), and the places and final position are read from the game reached.

use tripot_draughts::Draughts;
use tripot_engine::{StarBoardGame, StarBoardGames};
use tripot_game::{GameRecord, GameSpec, GameState, Opener, Outcome, RecordResult, Setup, catalogue};
use tripot_ratings_wire::{RecordProblem, final_state_hash};

/// What the service must know of a game before it reads a result of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameFacts {
    /// How many seats it has.
    pub seats: u8,
    /// Whether partners play in teams (such games are never rated).
    pub teams: bool,
}

/// Checks records of the games a service rates.
pub trait RecordVerifier: Send + Sync {
    /// The game named `game`, if this verifier can replay it.
    fn facts(&self, game: &str) -> Option<GameFacts>;

    /// Replays `record` as a game of `game`: every move must be legal, the game finished (by
    /// its moves, or by a recorded resignation, time or abandonment), with `places` (one per
    /// seat, in the game's seat order, 1 = first) and a final position whose
    /// [`final_state_hash`] is `record_hash`.
    fn verify(
        &self,
        game: &str,
        record: &str,
        places: &[u8],
        record_hash: &[u8; 32],
    ) -> Result<(), RecordProblem>;
}

/// The engines whose games the service rates, tried in turn.
pub const OPENERS: &[&dyn Opener] = &[&StarBoardGames, &Draughts];

/// The games the engines play, under the catalogue's names (`tripot`, `tripot-classic-f2`,
/// `kawu-3`, `halma-long-6`, `draughts`…), replayed through the game interface.
#[derive(Debug, Clone, Copy, Default)]
pub struct GameVerifier;

impl RecordVerifier for GameVerifier {
    fn facts(&self, game: &str) -> Option<GameFacts> {
        let spec = GameSpec::new(game).ok()?;
        let info = catalogue::find(&spec)?;
        Opener::open(OPENERS, &spec, &Setup::default()).ok()?;
        // Only the star board has games of partners.
        let teams = match StarBoardGame::of(&spec) {
            Some(StarBoardGame::Star(variant)) => variant.pairs(),
            Some(StarBoardGame::Duel(..)) | None => false,
        };
        Some(GameFacts { seats: info.seats, teams })
    }

    fn verify(
        &self,
        game: &str,
        record: &str,
        places: &[u8],
        record_hash: &[u8; 32],
    ) -> Result<(), RecordProblem> {
        let spec = GameSpec::new(game).map_err(|e| RecordProblem::DoesNotParse(words(&e)))?;
        let record = GameRecord::parse(record).map_err(|e| RecordProblem::DoesNotParse(words(&e)))?;
        if *record.game() != spec {
            let found = format!("a record of {}", record.game());
            return Err(RecordProblem::DoesNotParse(RecordProblem::detail(&found)));
        }
        let replay = record.replay(&OPENERS).map_err(|e| {
            if e.is_malformed() {
                RecordProblem::DoesNotParse(words(&e))
            } else {
                RecordProblem::Illegal(words(&e))
            }
        })?;
        let state = replay.state.as_ref();
        if seat_places(state, replay.outcome.as_ref(), &replay.result)? != places {
            return Err(RecordProblem::PlacesMismatch);
        }
        if final_state_hash(game, &state.position_string()) != *record_hash {
            return Err(RecordProblem::HashMismatch);
        }
        Ok(())
    }
}

fn words(error: &impl std::fmt::Display) -> String {
    RecordProblem::detail(&error.to_string())
}

/// One place per seat, in seat order: the places the moves give, or else those recorded (a
/// seat left; the replay checked the record allows it). A game that names only its winners
/// (kawu, the captures game) leaves the others without a place: they lost, and share the place
/// after the winners'.
fn seat_places(
    state: &dyn GameState,
    outcome: Option<&Outcome>,
    recorded: &RecordResult,
) -> Result<Vec<u8>, RecordProblem> {
    let mut ranks: Vec<Option<u8>> = vec![None; usize::from(state.seat_count())];
    let mut rank_of = |seat: tripot_game::Seat, rank: Option<u8>| {
        if let Some(slot) = ranks.get_mut(seat.index()) {
            *slot = rank;
        }
    };
    match (outcome, recorded) {
        (Some(outcome), _) => outcome.places.iter().for_each(|p| rank_of(p.seat, p.rank)),
        (None, RecordResult::Unfinished) => return Err(RecordProblem::Unfinished),
        (None, RecordResult::Places(list)) => {
            for (name, place) in list {
                if let Some(seat) = state.seat_named(name) {
                    rank_of(seat, Some(*place));
                }
            }
        }
        (None, RecordResult::Winner(name)) => {
            if let Some(seat) = state.seat_named(name) {
                rank_of(seat, Some(1));
            }
        }
    }
    let placed = ranks.iter().flatten().count();
    if placed == 0 {
        return Err(RecordProblem::Unfinished);
    }
    let after = u8::try_from(placed + 1).unwrap_or(u8::MAX);
    Ok(ranks.into_iter().map(|rank| rank.unwrap_or(after)).collect())
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn every_game_of_the_catalogue_the_engine_plays_has_its_facts() {
        let verifier = GameVerifier;
        assert_eq!(verifier.facts("tripot"), Some(GameFacts { seats: 2, teams: false }));
        assert_eq!(verifier.facts("tripot-classic-f3"), Some(GameFacts { seats: 2, teams: false }));
        assert_eq!(verifier.facts("kawu-3"), Some(GameFacts { seats: 3, teams: false }));
        assert_eq!(verifier.facts("halma-pairs-4"), Some(GameFacts { seats: 4, teams: true }));
        assert_eq!(verifier.facts("halma-pairs-6"), Some(GameFacts { seats: 6, teams: true }));
        assert_eq!(verifier.facts("chess"), None);
        assert_eq!(verifier.facts("Kawu 3"), None);
        assert_eq!(verifier.facts("draughts"), Some(GameFacts { seats: 2, teams: false }));
        // Every catalogue game an engine opens has its facts; a game of another engine has none
        // until its opener is added to `OPENERS`.
        for info in catalogue::catalogue() {
            let expected = Opener::open(OPENERS, &info.spec(), &Setup::default()).ok().map(|_| info.seats);
            assert_eq!(verifier.facts(info.name).map(|f| f.seats), expected, "{}", info.name);
        }
        assert!(catalogue::catalogue().iter().filter(|i| verifier.facts(i.name).is_some()).count() >= 30);
    }

    #[test]
    fn losers_of_kawu_share_the_place_after_the_winners() {
        let spec = GameSpec::new("kawu-3").unwrap();
        let state = tripot_engine::open(&spec).unwrap();
        let second = state.seat_name(tripot_game::Seat(1));
        let won = RecordResult::Places(vec![(second.clone(), 1)]);
        assert_eq!(seat_places(state.as_ref(), None, &won), Ok(vec![2, 1, 2]));
        let legacy = RecordResult::Winner(second);
        assert_eq!(seat_places(state.as_ref(), None, &legacy), Ok(vec![2, 1, 2]));
        assert_eq!(
            seat_places(state.as_ref(), None, &RecordResult::Unfinished),
            Err(RecordProblem::Unfinished)
        );
    }
}
