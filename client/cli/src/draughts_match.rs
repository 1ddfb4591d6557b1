//! `tripot match --game draughts --engine "COMMAND"`: our level against an external Hub engine,
//! over balanced openings (each opening played twice, colours swapped), with wins, draws, losses
//! and our median think time.

use std::io::Write;
use std::time::{Duration, Instant};

use tripot_ai::{Level, player};
use tripot_draughts::{DraughtsState, draughts_spec};
use tripot_game::{Budget, GameState, Player, Seat};

use super::CliError;
use super::draughts::DraughtsError;
use super::hub_engine::HubEngine;

/// A game longer than this is stopped and counted a draw (adjudicated).
const MAX_PLIES: usize = 400;

/// Arguments of `tripot match`.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Plays GAMES games of international draughts between our level and a Hub engine (each opening, \
a few random moves from --seed, played twice with the colours swapped). Prints a line per game, \
then `wins W, draws D, losses L` for our level and its median think time a move.

Example:
  tripot match --game draughts --engine \"python3 -m dame hub\" --level difficile --games 20 --nodes 100000")]
pub(crate) struct Args {
    /// The game: draughts.
    #[arg(long, value_parser = super::draughts::GAME_NAMES)]
    pub(crate) game: String,
    /// The Hub engine's command line, run through `sh -c`.
    #[arg(long)]
    pub(crate) engine: String,
    /// Our level (facile, moyen, difficile; a star-board level is mapped as `tripot_ai::player` does).
    #[arg(long, default_value = "difficile")]
    pub(crate) level: Level,
    /// Games to play (rounded up to an even number: each opening twice).
    #[arg(long, default_value_t = 2)]
    pub(crate) games: usize,
    /// The engine's nodes a move (`level nodes=N`).
    #[arg(long, default_value_t = 100_000)]
    pub(crate) nodes: u64,
    /// Random moves of each opening, both sides counted.
    #[arg(long, default_value_t = 4)]
    pub(crate) opening_plies: usize,
    /// Seed of the openings and of our level's choices.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
}

/// How one game ended for us.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Score {
    Win,
    Draw,
    Loss,
}

/// xorshift64: the openings drawn from the seed.
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// Plays the match and prints its figures.
pub(crate) fn run(args: &Args) -> Result<(), CliError> {
    if args.games == 0 {
        return Err(CliError::NoGames);
    }
    let spec = draughts_spec().map_err(DraughtsError::Spec)?;
    let mut engine =
        HubEngine::start(&args.engine, &format!("nodes={}", args.nodes)).map_err(DraughtsError::Engine)?;
    let mut out = std::io::stdout().lock();
    let mut thinks: Vec<Duration> = Vec::new();
    let mut scores = Vec::new();
    let mut dice = Dice(args.seed.max(1));
    for pair in 0..args.games.div_ceil(2) {
        let opening: Vec<usize> = (0..args.opening_plies).map(|_| dice.below(1 << 16)).collect();
        for ours in [Seat(0), Seat(1)] {
            let mut ai = player(&spec, args.level, args.seed.wrapping_add(pair as u64))
                .map_err(|_| CliError::NoGames)?;
            let mut state = open_with(&opening)?;
            let score = play(&mut state, ours, ai.as_mut(), &mut engine, &mut thinks)?;
            let colour = if ours == Seat(0) { "White" } else { "Black" };
            writeln!(out, "game {}: we play {colour}, {} plies, {score:?}", scores.len() + 1, state.ply())?;
            scores.push(score);
        }
    }
    thinks.sort_unstable();
    let median = thinks.get(thinks.len() / 2).copied().unwrap_or_default();
    let count = |s: Score| scores.iter().filter(|&&x| x == s).count();
    writeln!(
        out,
        "{} ({}) against {}: wins {}, draws {}, losses {}; median think {:.1} ms over {} moves",
        args.level,
        tripot_ai::draughts_level(args.level),
        engine_name(&engine),
        count(Score::Win),
        count(Score::Draw),
        count(Score::Loss),
        median.as_secs_f64() * 1000.0,
        thinks.len()
    )?;
    Ok(())
}

fn engine_name(engine: &HubEngine) -> String {
    tripot_game::Player::name(engine)
}

/// The game after the opening's random moves (each drawn among the legal moves).
fn open_with(opening: &[usize]) -> Result<DraughtsState, CliError> {
    let mut state = DraughtsState::new(tripot_draughts::Position::start()).map_err(DraughtsError::Spec)?;
    for &draw in opening {
        let moves = state.legal_moves();
        let Some(m) = moves.get(draw % moves.len().max(1)) else {
            break;
        };
        // A listed move is always played.
        state.play(m).map_err(|_| DraughtsError::NoMove)?;
    }
    Ok(state)
}

/// Plays the game to its end (or [`MAX_PLIES`]), `ours` seat ours; our think times are pushed.
fn play(
    state: &mut DraughtsState,
    ours: Seat,
    ai: &mut dyn Player,
    engine: &mut HubEngine,
    thinks: &mut Vec<Duration>,
) -> Result<Score, CliError> {
    while let Some(seat) = state.to_move() {
        if state.ply() >= MAX_PLIES {
            return Ok(Score::Draw);
        }
        let m = if seat == ours {
            let started = Instant::now();
            let m = ai.choose(&*state, &Budget::default()).map_err(|_| DraughtsError::NoMove)?;
            thinks.push(started.elapsed());
            m
        } else {
            engine.search(state).map_err(DraughtsError::Engine)?
        };
        state.play(&m).map_err(|_| DraughtsError::NoMove)?;
    }
    let outcome = state.outcome().ok_or(DraughtsError::NoMove)?;
    Ok(match outcome.rank(ours) {
        _ if outcome.is_draw() => Score::Draw,
        Some(1) => Score::Win,
        _ => Score::Loss,
    })
}
