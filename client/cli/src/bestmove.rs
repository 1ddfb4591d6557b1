//! `tripot bestmove POSITION [--variant NAME]`: the move a level would play, in notation, on one
//! line; in the duel, or in a star game of RULES-STAR.md §2.

use std::io::Write;
use std::time::Duration;

use tripot_ai::{Ai, Level, Limits, StarAi};
use tripot_engine::{Position, Rules, StarGame, Variant};

use super::CliError;

/// Arguments of `tripot bestmove`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The position string, e.g. `A:Ne17,e16,…:Sj4,…` (RULES.md §7); with --variant a star
    /// position string (RULES-STAR.md §6), or `start`.
    pub(crate) position: String,
    /// The level: debutant, facile, moyen, difficile, impossible, or 1..5.
    #[arg(long, default_value = "impossible")]
    pub(crate) level: Level,
    /// The rules preset.
    #[arg(long, default_value = "tripot", conflicts_with = "variant")]
    pub(crate) rules: Rules,
    /// A star game of RULES-STAR.md §2 instead of the duel: kawu-3, halma-6, captures-4…
    #[arg(long)]
    pub(crate) variant: Option<Variant>,
    /// Another game than the star board's: `draughts` (international draughts; the position is
    /// then a FEN such as `W:W31-50:B1-20`, or `start`).
    #[arg(long, value_parser = super::draughts::GAME_NAMES, conflicts_with_all = ["variant", "rules"])]
    pub(crate) game: Option<String>,
    /// Think for this long instead of the level's own budget (searches deeper when longer).
    /// The duel only: a star level keeps its node budget, so that its move is reproducible.
    #[arg(long, conflicts_with = "variant")]
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

/// Prints the chosen move as a full path (`m1-m3-k5`), a swap (`m1<>l2`) or `pass`.
pub(crate) fn run(args: &Args) -> Result<(), CliError> {
    if args.game.is_some() {
        return match &args.engine {
            Some(command) => super::draughts::engine_bestmove(&args.position, command, args.nodes),
            None => super::draughts::bestmove(&args.position, args.level, args.seed),
        };
    }
    if let Some(variant) = args.variant {
        return star(args, variant);
    }
    let position = Position::parse(args.position.trim(), args.rules)?;
    if let Some(outcome) = position.outcome() {
        return Err(CliError::GameOver(outcome));
    }
    let limits = Limits { time: args.time_ms.map(Duration::from_millis), ..Limits::default() };
    let mv = Ai::new(args.level, args.seed).choose_with_limits(&position, &[position.hash()], limits);
    Ok(writeln!(std::io::stdout().lock(), "{}", position.notation(mv))?)
}

/// The star game's move: a capture by its whole path, a chain by a shortest path, or `pass`.
fn star(args: &Args, variant: Variant) -> Result<(), CliError> {
    let position = super::star::position(&args.position, variant)?;
    if let Some(outcome) = position.outcome() {
        return Err(CliError::StarGameOver(outcome));
    }
    let mv = StarAi::new(args.level, args.seed).choose(&StarGame::new(position));
    Ok(writeln!(std::io::stdout().lock(), "{}", position.notation(&mv))?)
}
