//! `tripot race`: the solitaire race, one colour alone from its home to its goal.

use std::io::Write;

use tripot_ai::{Level, solitaire};
use tripot_engine::Rules;

use super::CliError;

/// Arguments of `tripot race`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The level: debutant, facile, moyen, difficile, impossible, or 1..5.
    #[arg(long, default_value = "impossible")]
    pub(crate) level: Level,
    /// The rules preset.
    #[arg(long, default_value = "tripot")]
    pub(crate) rules: Rules,
}

/// Prints the number of moves, then the moves, one per line, numbered.
pub(crate) fn run(args: &Args) -> Result<(), CliError> {
    let race = solitaire(args.level, args.rules);
    if race.moves.is_empty() {
        return Err(CliError::RaceUnfinished);
    }
    let mut text =
        format!("{} moves ({}, {} rules, S from m1 to e17)\n", race.moves.len(), args.level, args.rules);
    for (i, mv) in race.notation().iter().enumerate() {
        text += &format!("{:>3}. {mv}\n", i + 1);
    }
    Ok(std::io::stdout().lock().write_all(text.as_bytes())?)
}
