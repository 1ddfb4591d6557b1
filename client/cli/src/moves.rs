//! `tripot moves POSITION`: every legal move, one per line.

use std::io::Write;

use tripot_engine::{Position, Rules, Variant};

use super::CliError;

/// Arguments of `tripot moves`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The position string, e.g. `A:Ne17,e16,…:Sj4,…` (RULES.md §7); with --variant a star
    /// position string (RULES-STAR.md §6), or `start`.
    pub(crate) position: String,
    /// The rules preset of the duel.
    #[arg(long, default_value = "tripot", conflicts_with = "variant")]
    pub(crate) rules: Rules,
    /// A star game of RULES-STAR.md §2 instead of the duel: kawu-3, halma-6, captures-4…
    #[arg(long)]
    pub(crate) variant: Option<Variant>,
    /// Another game than the star board's: `draughts` (international draughts; the position is
    /// then a FEN such as `W:W31-50:B1-20`, or `start`).
    #[arg(long, value_parser = super::draughts::GAME_NAMES, conflicts_with_all = ["variant", "rules"])]
    pub(crate) game: Option<String>,
}

/// Prints a path per distinct destination of each pawn, then each swap, or `pass` (every
/// distinct capture path in the captures game).
pub(crate) fn run(args: &Args) -> Result<(), CliError> {
    if args.game.is_some() {
        return super::draughts::moves(&args.position);
    }
    if let Some(variant) = args.variant {
        return super::star::moves(&args.position, variant);
    }
    let position = Position::parse(args.position.trim(), args.rules)?;
    let mut out = std::io::stdout().lock();
    for m in position.legal_moves() {
        writeln!(out, "{}", position.notation(m))?;
    }
    Ok(())
}
