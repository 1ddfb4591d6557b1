//! Replaying a submitted record: does it reach the places and the final position the result
//! claims?
//!
//! [`RecordVerifier`] is what the service asks, whatever the game: the game interface of
//! `crates/game` is not on `main` yet, so [`EngineVerifier`] answers it for today's games with
//! the engine's own record readers — [`Record`] for the duel, [`StarRecord`] for the star
//! games. Each move is checked by the same verifier a client uses on a peer's move.

use tripot_engine::{
    Camp, Format, Record, RecordError, RecordResult, Rules, StarRecord, StarRecordError, Variant,
};
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
    /// The game named `game`, if this verifier knows it.
    fn facts(&self, game: &str) -> Option<GameFacts>;

    /// Replays `record` as a game of `game`: every move must be legal, the game finished, with
    /// `places` (one per seat, in the game's seat order, 1 = first) and a final position whose
    /// [`final_state_hash`] is `record_hash`.
    fn verify(
        &self,
        game: &str,
        record: &str,
        places: &[u8],
        record_hash: &[u8; 32],
    ) -> Result<(), RecordProblem>;
}

/// The games of today's engine, by name: the duel under its rules' name (`tripot`, `classic`;
/// `tripot-f2`, `classic-f3`… for the formats of two and three colours a camp), and the star
/// variants under theirs (`kawu-3`, `halma-long-6`, `captures-5`…).
///
/// Seats are ordered camp A then camp B in the duel, and in the variant's playing order
/// ([`Variant::seats`]) in the star games.
#[derive(Debug, Clone, Copy, Default)]
pub struct EngineVerifier;

/// One game the engine plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum EngineGame {
    Duel(Rules, Format),
    Star(Variant),
}

impl EngineGame {
    fn named(name: &str) -> Option<EngineGame> {
        if let Ok(variant) = name.parse::<Variant>() {
            return Some(EngineGame::Star(variant));
        }
        Rules::ALL.into_iter().find_map(|rules| {
            Format::ALL
                .into_iter()
                .find(|&format| duel_name(rules, format) == name)
                .map(|format| EngineGame::Duel(rules, format))
        })
    }
}

/// The name of a duel: its rules, with the format after them unless it is the one-colour game.
fn duel_name(rules: Rules, format: Format) -> String {
    match format {
        Format::One => rules.name().to_owned(),
        other => format!("{}-f{}", rules.name(), other.number()),
    }
}

impl RecordVerifier for EngineVerifier {
    fn facts(&self, game: &str) -> Option<GameFacts> {
        match EngineGame::named(game)? {
            EngineGame::Duel(..) => Some(GameFacts { seats: 2, teams: false }),
            EngineGame::Star(variant) => Some(GameFacts { seats: variant.players(), teams: variant.pairs() }),
        }
    }

    fn verify(
        &self,
        game: &str,
        record: &str,
        places: &[u8],
        record_hash: &[u8; 32],
    ) -> Result<(), RecordProblem> {
        let (reached, final_position) = match EngineGame::named(game) {
            Some(EngineGame::Duel(rules, format)) => replay_duel(rules, format, record)?,
            Some(EngineGame::Star(variant)) => replay_star(variant, record)?,
            None => return Err(RecordProblem::DoesNotParse("unknown game".into())),
        };
        if reached != places {
            return Err(RecordProblem::PlacesMismatch);
        }
        if final_state_hash(game, &final_position) != *record_hash {
            return Err(RecordProblem::HashMismatch);
        }
        Ok(())
    }
}

fn words(error: &impl std::fmt::Display) -> String {
    RecordProblem::detail(&error.to_string())
}

/// The places (A, B) and the final position of a duel record.
fn replay_duel(rules: Rules, format: Format, text: &str) -> Result<(Vec<u8>, String), RecordProblem> {
    let record = Record::parse(text).map_err(|e| RecordProblem::DoesNotParse(words(&e)))?;
    if record.rules() != rules || record.format() != format {
        let found = duel_name(record.rules(), record.format());
        return Err(RecordProblem::DoesNotParse(RecordProblem::detail(&format!("a record of {found}"))));
    }
    let replay = record.replay().map_err(|e| match e {
        RecordError::Illegal { .. } | RecordError::ResultMismatch { .. } => RecordProblem::Illegal(words(&e)),
        other => RecordProblem::DoesNotParse(words(&other)),
    })?;
    let places = match replay.result {
        RecordResult::Unfinished => return Err(RecordProblem::Unfinished),
        RecordResult::Won { winner: Camp::A, .. } => vec![1, 2],
        RecordResult::Won { winner: Camp::B, .. } => vec![2, 1],
    };
    Ok((places, replay.final_position.to_string()))
}

/// The places (in the variant's seat order) and the final position of a star record.
fn replay_star(variant: Variant, text: &str) -> Result<(Vec<u8>, String), RecordProblem> {
    let record = StarRecord::parse(text).map_err(|e| RecordProblem::DoesNotParse(words(&e)))?;
    if record.variant() != variant {
        let found = record.variant().name();
        return Err(RecordProblem::DoesNotParse(RecordProblem::detail(&format!("a record of {found}"))));
    }
    let replay = record.replay().map_err(|e| match e {
        StarRecordError::Illegal { .. } | StarRecordError::ResultMismatch { .. } => {
            RecordProblem::Illegal(words(&e))
        }
        other => RecordProblem::DoesNotParse(words(&other)),
    })?;
    // The moves' end, or the recorded one when the game ended otherwise (a `Termination`).
    let by_colour = replay.outcome.map(|o| o.places).or(record.result()).ok_or(RecordProblem::Unfinished)?;
    let final_position = replay.positions.last().map(ToString::to_string).unwrap_or_default();
    Ok((seat_places(variant, by_colour), final_position))
}

/// One place per seat in playing order. In kawu and the captures game only the winners have a
/// place: every other seat lost, and they share the place after the winners'.
fn seat_places(variant: Variant, by_colour: [u8; 6]) -> Vec<u8> {
    let seats = variant.seats();
    let placed = seats.iter().filter(|s| by_colour[s.index()] != 0).count();
    let after = u8::try_from(placed + 1).unwrap_or(u8::MAX);
    seats.iter().map(|s| if by_colour[s.index()] == 0 { after } else { by_colour[s.index()] }).collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn every_engine_game_has_one_name_and_its_facts() {
        let verifier = EngineVerifier;
        assert_eq!(verifier.facts("tripot"), Some(GameFacts { seats: 2, teams: false }));
        assert_eq!(verifier.facts("classic-f3"), Some(GameFacts { seats: 2, teams: false }));
        assert_eq!(verifier.facts("kawu-3"), Some(GameFacts { seats: 3, teams: false }));
        assert_eq!(verifier.facts("halma-pairs-4"), Some(GameFacts { seats: 4, teams: true }));
        assert_eq!(verifier.facts("tripot-f1"), None, "the one-colour duel is plain `tripot`");
        assert_eq!(verifier.facts("chess"), None);
        for variant in Variant::ALL {
            assert_eq!(EngineGame::named(&variant.name()), Some(EngineGame::Star(variant)));
        }
        for rules in Rules::ALL {
            for format in Format::ALL {
                assert_eq!(
                    EngineGame::named(&duel_name(rules, format)),
                    Some(EngineGame::Duel(rules, format))
                );
            }
        }
    }

    #[test]
    fn losers_of_kawu_share_the_place_after_the_winners() {
        let kawu3: Variant = "kawu-3".parse().unwrap();
        let seats = kawu3.seats();
        let mut by_colour = [0u8; 6];
        by_colour[seats[1].index()] = 1;
        assert_eq!(seat_places(kawu3, by_colour), vec![2, 1, 2]);
        by_colour[seats[2].index()] = 1;
        assert_eq!(seat_places(kawu3, by_colour), vec![3, 1, 1]);
    }
}
