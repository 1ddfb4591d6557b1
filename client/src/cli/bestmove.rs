//! `tripot bestmove POSITION`: the move a level would play, in notation, on one line.

use std::io::Write;
use std::time::Duration;

use tripot_ai::{Ai, Level, Limits};
use tripot_engine::{Position, Rules};

use super::CliError;

/// Arguments of `tripot bestmove`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The position string, e.g. `A:Ne17,e16,…:Sj4,…` (RULES.md §7).
    pub(crate) position: String,
    /// The level: debutant, facile, moyen, difficile, impossible, or 1..5.
    #[arg(long, default_value = "impossible")]
    pub(crate) level: Level,
    /// The rules preset.
    #[arg(long, default_value = "tripot")]
    pub(crate) rules: Rules,
    /// Think for this long instead of the level's own budget (searches deeper when longer).
    #[arg(long)]
    pub(crate) time_ms: Option<u64>,
    /// Seed of the level's choices among near-equal moves.
    #[arg(long, default_value_t = 0)]
    pub(crate) seed: u64,
}

/// Prints the chosen move as a full path (`m1-m3-k5`), a swap (`m1<>l2`) or `pass`.
pub(crate) fn run(args: &Args) -> Result<(), CliError> {
    let position = Position::parse(args.position.trim(), args.rules)?;
    if let Some(outcome) = position.outcome() {
        return Err(CliError::GameOver(outcome));
    }
    let limits = Limits { time: args.time_ms.map(Duration::from_millis), ..Limits::default() };
    let mv = Ai::new(args.level, args.seed).choose_with_limits(&position, &[position.hash()], limits);
    Ok(writeln!(std::io::stdout().lock(), "{}", position.notation(mv))?)
}
