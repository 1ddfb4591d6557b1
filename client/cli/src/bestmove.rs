//! `tripot bestmove POSITION [--variant NAME]`: the move a level would play, in notation, on one
//! line; in the duel, or in a star game of RULES-STAR.md §2.

use std::io::Write;
use std::time::Duration;

use tripot_ai::{Ai, Level, Limits};
use tripot_engine::DuelState;
use tripot_game::{Budget, GameMove, GameState, Outcome};

use super::CliError;
use super::game_args::{ChosenGame, GameArgs};

/// Arguments of `tripot bestmove`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The position string, e.g. `A:Ne17,e16,…:Sj4,…` (RULES.md §7); with --variant a star
    /// position string (RULES-STAR.md §6), or `start`.
    pub(crate) position: String,
    /// The level: debutant, facile, moyen, difficile, impossible, or 1..5.
    #[arg(long, default_value = "impossible")]
    pub(crate) level: Level,
    /// The game: --game SPEC, or its aliases --variant and --rules.
    #[command(flatten)]
    pub(crate) game: GameArgs,
    /// Think for this long instead of the level's own budget (searches deeper when longer).
    /// The duel only: a star level keeps its node budget, so that its move is reproducible.
    #[arg(long, conflicts_with_all = ["variant", "engine"])]
    pub(crate) time_ms: Option<u64>,
    /// With --game draughts: ask this external Hub engine (`python3 -m dame hub`) instead of our
    /// level.
    #[arg(long, requires = "game")]
    pub(crate) engine: Option<String>,
    /// The Hub engine's nodes for the move (`level nodes=N`).
    #[arg(long, default_value_t = 100_000, requires = "engine")]
    pub(crate) nodes: u64,
    /// Seed of the level's choices among near-equal moves.
    #[arg(long, default_value_t = 0)]
    pub(crate) seed: u64,
}

/// Prints the chosen move as the game writes it: in the duel a full path (`m1-m3-k5`), a swap
/// (`m1<>l2`) or `pass`; a capture by its whole path in the star games; `19x30` in draughts.
pub(crate) fn run(args: &Args) -> Result<(), CliError> {
    if let Some(command) = &args.engine {
        if args.game.chosen()? != ChosenGame::Draughts {
            return Err(CliError::EngineForDraughtsOnly);
        }
        return super::draughts::engine_bestmove(&args.position, command, args.nodes);
    }
    let state = args.game.open(&args.position)?;
    if let Some(outcome) = state.outcome() {
        return Err(CliError::Decided(outcome_text(state.as_ref(), &outcome)));
    }
    let chosen = match args.time_ms {
        // The interface's budget only caps a level's time; --time-ms lifts the duel's node budget
        // too, which only the duel's own search offers.
        Some(ms) => duel_with_time(args, state.as_ref(), Duration::from_millis(ms))?,
        None => tripot_ai::player(state.spec(), args.level, args.seed)?
            .choose(state.as_ref(), &Budget::default())?,
    };
    Ok(writeln!(std::io::stdout().lock(), "{}", state.move_text(&chosen))?)
}

/// The duel's move searched for `time` instead of the level's node budget.
fn duel_with_time(args: &Args, state: &dyn GameState, time: Duration) -> Result<GameMove, CliError> {
    let Some(duel) = state.as_any().downcast_ref::<DuelState>() else {
        return Err(CliError::TimeForDuelOnly);
    };
    let position = duel.position();
    let limits = Limits { time: Some(time), ..Limits::default() };
    let mv = Ai::new(args.level, args.seed).choose_with_limits(position, &[position.hash()], limits);
    Ok(duel.game_move(mv))
}

/// `A wins (goal)`, `draw between S, N (move-limit)`: the end in the seats' names.
fn outcome_text(state: &dyn GameState, outcome: &Outcome) -> String {
    let names: Vec<String> = outcome.winners().into_iter().map(|seat| state.seat_name(seat)).collect();
    let reason = outcome.reason.termination();
    match names.as_slice() {
        [one] => format!("{one} wins ({reason})"),
        _ => format!("draw between {} ({reason})", names.join(", ")),
    }
}
