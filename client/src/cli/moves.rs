//! `tripot moves POSITION`: every legal move, one per line.

use std::io::Write;

use tripot_engine::{Position, Rules};

use super::CliError;

/// Arguments of `tripot moves`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The position string, e.g. `A:Ne17,e16,…:Sj4,…` (RULES.md §7).
    pub(crate) position: String,
    /// The rules preset.
    #[arg(long, default_value = "tripot")]
    pub(crate) rules: Rules,
}

/// Prints a path per distinct destination of each pawn, then each swap, or `pass`.
pub(crate) fn run(args: &Args) -> Result<(), CliError> {
    let position = Position::parse(args.position.trim(), args.rules)
        .map_err(|e| CliError::Malformed(format!("bad position: {e}")))?;
    let mut out = std::io::stdout().lock();
    for m in position.legal_moves() {
        writeln!(out, "{}", position.notation(m)).map_err(|e| CliError::Other(e.to_string()))?;
    }
    Ok(())
}
