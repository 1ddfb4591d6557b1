//! The computer players behind `tripot-game`'s [`Player`] interface: [`Ai`] plays every duel,
//! [`StarAi`] every star game, [`DraughtsAi`] international draughts, and [`player`] gives the
//! right one for a game's name.

use tripot_draughts::{DRAUGHTS, DraughtsState};
use tripot_engine::{DuelState, StarBoardGame, StarState};
use tripot_game::{Budget, GameMove, GameSpec, GameState, Player, PlayerError, SpecError};

use crate::ai::{Ai, Limits};
use crate::draughts::{DraughtsAi, DraughtsLevel};
use crate::level::Level;
use crate::star::StarAi;

/// A computer player of `level` for the game named `spec`, its choices among near-equal moves
/// following `seed`.
///
/// Draughts has three levels (`shared/seeds/001_*`) for the five of the star board: Débutant and
/// Facile play its Facile, Moyen its Moyen, Difficile and Impossible its Difficile
/// ([`draughts_level`]).
pub fn player(spec: &GameSpec, level: Level, seed: u64) -> Result<Box<dyn Player>, SpecError> {
    if spec.as_str() == DRAUGHTS {
        return Ok(Box::new(DraughtsPlayer { ai: DraughtsAi::new(draughts_level(level), seed), level }));
    }
    match StarBoardGame::of(spec) {
        Some(StarBoardGame::Duel(..)) => Ok(Box::new(Ai::new(level, seed))),
        Some(StarBoardGame::Star(_)) => Ok(Box::new(StarAi::new(level, seed))),
        None => Err(SpecError::Unknown(spec.clone())),
    }
}

/// The draughts level a level of the star board stands for: see [`player`].
#[must_use]
pub const fn draughts_level(level: Level) -> DraughtsLevel {
    match level {
        Level::Debutant | Level::Facile => DraughtsLevel::Facile,
        Level::Moyen => DraughtsLevel::Moyen,
        Level::Difficile | Level::Impossible => DraughtsLevel::Difficile,
    }
}

/// The hint for a human at draughts: the move Difficile would play (seed 0, so that the same
/// game always gets the same hint); `None` once the game is over.
#[must_use]
pub fn draughts_hint(state: &DraughtsState) -> Option<GameMove> {
    let m = DraughtsAi::new(DraughtsLevel::Difficile, 0).choose(state.game())?;
    Some(state.game_move(&m))
}

/// The draughts player at a table: the AI of the level mapped from the table's level, named
/// after the table's level's opponent.
#[derive(Debug)]
struct DraughtsPlayer {
    ai: DraughtsAi,
    level: Level,
}

impl Player for DraughtsPlayer {
    fn name(&self) -> String {
        self.level.opponent().to_owned()
    }

    fn choose(&mut self, state: &dyn GameState, budget: &Budget) -> Result<GameMove, PlayerError> {
        let draughts = engine_state::<DraughtsState>(state, budget)?;
        let game = draughts.game();
        let m = self
            .ai
            .choose_stoppable(game.position(), game.repetition_hashes(), budget.time, budget.cancel.clone())
            .ok_or(PlayerError::GameOver)?;
        unless_cancelled(draughts.game_move(&m), budget)
    }
}

/// The engine's state behind `state`, if it is a `T`, checked playable.
fn engine_state<'a, T: 'static>(state: &'a dyn GameState, budget: &Budget) -> Result<&'a T, PlayerError> {
    let concrete =
        state.as_any().downcast_ref::<T>().ok_or_else(|| PlayerError::Unsupported(state.spec().clone()))?;
    if state.to_move().is_none() {
        return Err(PlayerError::GameOver);
    }
    if budget.is_cancelled() {
        return Err(PlayerError::Cancelled);
    }
    Ok(concrete)
}

/// The move chosen, unless the caller cancelled meanwhile (a search stopped by the flag gives
/// a move from less than its whole search: not the level's).
fn unless_cancelled(m: GameMove, budget: &Budget) -> Result<GameMove, PlayerError> {
    if budget.is_cancelled() { Err(PlayerError::Cancelled) } else { Ok(m) }
}

impl Player for Ai {
    fn name(&self) -> String {
        self.level().opponent().to_owned()
    }

    fn choose(&mut self, state: &dyn GameState, budget: &Budget) -> Result<GameMove, PlayerError> {
        let duel = engine_state::<DuelState>(state, budget)?;
        let mv = self.choose_stoppable(
            duel.position(),
            &duel.history(),
            Limits::default(),
            budget.time,
            budget.cancel.clone(),
        );
        unless_cancelled(duel.game_move(mv), budget)
    }
}

impl Player for StarAi {
    fn name(&self) -> String {
        self.level().opponent().to_owned()
    }

    fn choose(&mut self, state: &dyn GameState, budget: &Budget) -> Result<GameMove, PlayerError> {
        let star = engine_state::<StarState>(state, budget)?;
        let m = self.choose_stoppable(star.game(), budget.time, budget.cancel.clone());
        unless_cancelled(star.game_move(&m), budget)
    }
}
