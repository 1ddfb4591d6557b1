//! Games between computer players of a star variant, for tests, measurements and tournaments:
//! no I/O, the caller prints.

use std::time::{Duration, Instant};

use tripot_engine::{Colour, StarGame, StarMove, StarOutcome, StarPosition, Variant};

use crate::level::Level;

use super::eval::units;
use super::player::{StarAi, greedy_capture};

/// Who sits at a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StarPlayer {
    /// A computer level.
    Ai(Level),
    /// Always the longest capture (the most forward move in a race).
    Greedy,
    /// A computer level forced to the paranoid model at any table: for docs/ai.md's comparison.
    Paranoid(Level),
}

impl StarPlayer {
    /// `impossible`, `moyen`… or `greedy`.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            StarPlayer::Ai(level) => level.key(),
            StarPlayer::Greedy => "greedy",
            StarPlayer::Paranoid(level) => match level {
                Level::Debutant => "paranoid-debutant",
                Level::Facile => "paranoid-facile",
                Level::Moyen => "paranoid-moyen",
                Level::Difficile => "paranoid-difficile",
                Level::Impossible => "paranoid-impossible",
            },
        }
    }
}

impl std::str::FromStr for StarPlayer {
    type Err = crate::level::LevelError;

    fn from_str(s: &str) -> Result<StarPlayer, Self::Err> {
        if s.trim().eq_ignore_ascii_case("greedy") {
            return Ok(StarPlayer::Greedy);
        }
        if let Some(level) = s.trim().strip_prefix("paranoid-") {
            return level.parse().map(StarPlayer::Paranoid);
        }
        s.parse().map(StarPlayer::Ai)
    }
}

/// A game played to its end.
#[derive(Debug, Clone)]
pub struct StarGameReport {
    /// The start.
    pub start: StarPosition,
    /// The moves, in order.
    pub moves: Vec<StarMove>,
    /// How it ended; `None` if it stopped on an illegal move or the safety cap.
    pub outcome: Option<StarOutcome>,
    /// The seats in playing order, and who sat there.
    pub seats: Vec<(Colour, StarPlayer)>,
    /// Think time of each move, by the index of the seat in `seats`.
    pub think: Vec<Vec<Duration>>,
    /// The first illegal move, with its ply.
    pub illegal: Option<(usize, StarMove)>,
}

impl StarGameReport {
    /// The place of the seat at `index` in `seats`: a seat with no place (a kawu or captures
    /// loser) counts as last.
    #[must_use]
    pub fn place(&self, index: usize) -> Option<u8> {
        let outcome = self.outcome.as_ref()?;
        let (seat, _) = self.seats.get(index)?;
        let n = units(&self.start).len() as u8;
        Some(outcome.place(*seat).unwrap_or(n))
    }
}

/// More plies than any legal game has: kawu's 300 moves per seat at six seats, plus a margin.
/// A game reaching it is a bug in the engine's limits.
pub const STAR_MAX_PLIES: usize = 6 * 300 + 60;

/// Plays a game of `variant` with `players` in playing order (seat 1 first), each computer seeded
/// from `seed` and its seat, searching by its node budget alone (no wall-clock net). The first round (a move per seat) is a Débutant's seeded by `seed`
/// (`StarAi::opening`), so that games differ from seed to seed; it is not counted in the think
/// times.
#[must_use]
pub fn play_star_game(variant: Variant, players: &[StarPlayer], seed: u64) -> Option<StarGameReport> {
    let start = StarPosition::start(variant, Colour::S).ok()?;
    let seats: Vec<(Colour, StarPlayer)> =
        variant.seats().iter().copied().zip(players.iter().copied()).collect();
    if seats.len() != variant.seats().len() {
        return None;
    }
    let mut ais: Vec<Option<StarAi>> = seats
        .iter()
        .enumerate()
        .map(|(i, (_, p))| match p {
            // Unhurried: a measured game is the same on any machine, loaded or not.
            StarPlayer::Ai(level) => {
                Some(StarAi::unhurried(*level, seed.wrapping_mul(8).wrapping_add(i as u64)))
            }
            StarPlayer::Greedy => None,
            StarPlayer::Paranoid(level) => Some(
                StarAi::with_model(
                    *level,
                    seed.wrapping_mul(8).wrapping_add(i as u64),
                    super::search::OpponentModel::Paranoid,
                )
                .without_time_cap(),
            ),
        })
        .collect();
    let mut game = StarGame::new(start);
    let mut opening = StarAi::opening(seed ^ 0x5eed);
    let mut report = StarGameReport {
        start,
        moves: Vec::new(),
        outcome: None,
        think: vec![Vec::new(); seats.len()],
        seats,
        illegal: None,
    };
    for ply in 0..STAR_MAX_PLIES {
        if let Some(outcome) = game.outcome() {
            report.outcome = Some(outcome);
            break;
        }
        let turn = game.position().turn();
        let index = report.seats.iter().position(|(s, _)| *s == turn)?;
        let clock = Instant::now();
        let mv = if ply < report.seats.len() {
            // The first round is a seeded Débutant's, as in the duel's tournaments: the top
            // levels and the greedy player are deterministic and would replay one game per
            // seating otherwise.
            opening.choose(&game)
        } else {
            let mv = match ais.get_mut(index).and_then(Option::as_mut) {
                Some(ai) => ai.choose(&game),
                None => greedy_capture(game.position()),
            };
            report.think[index].push(clock.elapsed());
            mv
        };
        if game.play(&mv).is_err() {
            report.illegal = Some((ply, mv));
            break;
        }
        report.moves.push(mv);
    }
    Some(report)
}
