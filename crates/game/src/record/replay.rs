//! Replaying a record through its game: the start set up by the game's opener, every move
//! through the game's verifier, the result against what the moves give.

use crate::game_move::GameMove;
use crate::move_error::MoveError;
use crate::opener::{Opener, Setup};
use crate::outcome::{DECIDED_BY_MOVES, Outcome};
use crate::seat::Seat;
use crate::state::GameState;

use super::error::ReplayError;
use super::{GameRecord, RecordResult};

/// A record replayed, every move verified.
#[derive(Debug)]
pub struct GameReplay {
    /// The game after the last move ([`GameState::initial`] gives its start).
    pub state: Box<dyn GameState>,
    /// Every move as played.
    pub moves: Vec<GameMove>,
    /// How the moves end the game, if they do.
    pub outcome: Option<Outcome>,
    /// The recorded result, which agrees with `outcome` (or records how a seat left a game the
    /// moves leave open).
    pub result: RecordResult,
}

impl GameRecord {
    /// The game before the first move: the game's start, or the `Start` position, opened by the
    /// `Opener` seat.
    pub fn start_state(&self, opener: &dyn Opener) -> Result<Box<dyn GameState>, ReplayError> {
        let mut setup = Setup { opener: None, position: self.start.clone() };
        let state = opener.open(&self.game, &setup)?;
        let Some(name) = &self.opener else {
            return Ok(state);
        };
        let seat = state
            .seat_named(name)
            .ok_or_else(|| ReplayError::UnknownSeat { tag: "Opener", name: name.clone() })?;
        if seat == state.opener() {
            return Ok(state);
        }
        setup.opener = Some(seat);
        Ok(opener.open(&self.game, &setup)?)
    }

    /// Replays the game: every move verified from the start by the game itself, each round
    /// number checked against the round its move is played in, and the recorded result against
    /// the moves. A game the moves end must be recorded with the places they give (and, if a
    /// termination is recorded, the way they end it); a result the moves do not reach is
    /// accepted only with a termination saying how a seat left (`resign`, `time`…).
    pub fn replay(&self, opener: &dyn Opener) -> Result<GameReplay, ReplayError> {
        let mut state = self.start_state(opener)?;
        let mut moves = Vec::with_capacity(self.moves.len());
        for (index, recorded) in self.moves.iter().enumerate() {
            if let Some(found) = recorded.round
                && found != state.round()
            {
                return Err(ReplayError::MoveNumber {
                    at: recorded.round_at,
                    expected: state.round(),
                    found,
                });
            }
            let refuse = |state: &dyn GameState, error: MoveError| ReplayError::Move {
                ply: index + 1,
                seat: state.to_move().map_or_else(|| "nobody".to_owned(), |s| state.seat_name(s)),
                text: recorded.text.clone(),
                at: recorded.at,
                error: Box::new(error),
            };
            let m = state.parse_move(&recorded.text).map_err(|e| refuse(state.as_ref(), e))?;
            state.play(&m).map_err(|e| refuse(state.as_ref(), e))?;
            moves.push(m);
        }
        let outcome = state.outcome();
        self.check_result(state.as_ref(), outcome.as_ref())?;
        Ok(GameReplay { state, moves, outcome, result: self.result.clone() })
    }

    fn check_result(&self, state: &dyn GameState, outcome: Option<&Outcome>) -> Result<(), ReplayError> {
        let seat = |name: &str| -> Result<Seat, ReplayError> {
            state
                .seat_named(name)
                .ok_or_else(|| ReplayError::UnknownSeat { tag: "Result", name: name.to_owned() })
        };
        let mut recorded: Option<Vec<(Seat, u8)>> = match &self.result {
            RecordResult::Unfinished => None,
            RecordResult::Places(places) => Some(
                places
                    .iter()
                    .map(|(name, place)| Ok((seat(name)?, *place)))
                    .collect::<Result<_, ReplayError>>()?,
            ),
            RecordResult::Winner(name) => Some(vec![(seat(name)?, 1)]),
        };
        let decided_by_moves = self.termination.as_deref().is_none_or(|t| DECIDED_BY_MOVES.contains(&t));
        let consistent = match outcome {
            Some(outcome) => {
                let mut actual: Vec<(Seat, u8)> =
                    outcome.places.iter().filter_map(|p| Some((p.seat, p.rank?))).collect();
                if matches!(self.result, RecordResult::Winner(_)) {
                    actual.retain(|&(_, rank)| rank == 1);
                }
                actual.sort_unstable();
                if let Some(list) = recorded.as_mut() {
                    list.sort_unstable();
                }
                let termination_agrees =
                    self.termination.as_deref().is_none_or(|t| t == outcome.reason.termination());
                recorded.as_ref() == Some(&actual) && termination_agrees
            }
            None => recorded.is_none() || !decided_by_moves,
        };
        if consistent {
            return Ok(());
        }
        let recorded = match &self.termination {
            Some(termination) => format!("{} ({termination})", self.result),
            None => self.result.to_string(),
        };
        let moves_give = outcome.map_or_else(
            || "an unfinished game".to_owned(),
            |o| format!("{} ({})", RecordResult::of(o, state), o.reason.termination()),
        );
        Err(ReplayError::ResultMismatch { recorded, moves_give, actual: outcome.cloned() })
    }
}
