//! Games between two computer players: what `tripot tournament` and the tests run.

use std::time::{Duration, Instant};

use tripot_engine::{Camp, Format, Move, Outcome, Position, Rules};

use crate::ai::{Ai, Limits};
use crate::eval::Weights;
use crate::level::Level;

/// A game past this many plies counts as a failure: a correct game always ends well before.
pub const MAX_PLIES: usize = 1000;

/// How a game between two levels is set up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameSetup {
    /// Colours per camp.
    pub format: Format,
    /// Rules preset.
    pub rules: Rules,
    /// Who moves first.
    pub opener: Camp,
    /// The level playing camp A, then camp B.
    pub players: [Level; 2],
    /// Seed of both players (each derives its own from it).
    pub seed: u64,
    /// Plies played at the start by a seeded Débutant for both sides, so that games between
    /// the deterministic top levels differ from seed to seed (0: none).
    pub opening: usize,
}

/// What happened in a game.
#[derive(Debug, Clone)]
pub struct GameReport {
    /// The starting position.
    pub start: Position,
    /// Every move played, in order.
    pub moves: Vec<Move>,
    /// The last position.
    pub end: Position,
    /// How it ended, `None` if it reached [`MAX_PLIES`] or a player chose an illegal move.
    pub outcome: Option<Outcome>,
    /// Think time of each move, camp A's then camp B's.
    pub think: [Vec<Duration>; 2],
    /// The first illegal move chosen, with its ply number (0-based), if any.
    pub illegal: Option<(usize, Move)>,
}

impl GameReport {
    /// Whether the game ended properly (win or count), every move legal, within [`MAX_PLIES`].
    #[must_use]
    pub fn is_sound(&self) -> bool {
        self.outcome.is_some() && self.illegal.is_none()
    }
}

/// Plays a whole game between two computer players.
#[must_use]
pub fn play_game(setup: &GameSetup) -> GameReport {
    play_game_tuned(
        setup,
        [Ai::weights_of(setup.players[0]), Ai::weights_of(setup.players[1])],
        [Limits::default(); 2],
    )
}

/// [`play_game`] with each camp's player (camp A's, camp B's) evaluating with its own weights
/// and searching within its own extra limits: how the weights are tuned, by matches between
/// the same level with old and new weights, at equal nodes or at equal time.
#[must_use]
pub fn play_game_tuned(setup: &GameSetup, weights: [Weights; 2], limits: [Limits; 2]) -> GameReport {
    let start = Position::start(setup.format, setup.rules, setup.opener);
    // Unhurried: a measured game is the same on any machine, loaded or not.
    let mut players = [
        Ai::with_weights(setup.players[0], setup.seed.wrapping_mul(2).wrapping_add(1), weights[0])
            .without_time_cap(),
        Ai::with_weights(setup.players[1], setup.seed.wrapping_mul(2).wrapping_add(2), weights[1])
            .without_time_cap(),
    ];
    let mut pos = start;
    let mut history = vec![pos.hash()];
    let mut moves = Vec::new();
    let mut think = [Vec::new(), Vec::new()];
    let mut illegal = None;
    let mut opener = Ai::new(Level::Debutant, setup.seed);
    while !pos.is_over() && moves.len() < MAX_PLIES {
        let side = pos.turn().index();
        let mv = if moves.len() < setup.opening {
            opener.choose(&pos, &history)
        } else {
            let clock = Instant::now();
            let mv = players[side].choose_with_limits(&pos, &history, limits[side]);
            think[side].push(clock.elapsed());
            mv
        };
        match pos.play(mv) {
            Ok(next) => pos = next,
            Err(_) => {
                illegal = Some((moves.len(), mv));
                break;
            }
        }
        moves.push(mv);
        history.push(pos.hash());
    }
    GameReport { start, moves, end: pos, outcome: pos.outcome(), think, illegal }
}
