//! `tripot moves POSITION`: every legal move, one per line.

use std::io::Write;

use super::CliError;
use super::game_args::GameArgs;

/// Arguments of `tripot moves`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The position string, e.g. `A:Ne17,e16,…:Sj4,…` (RULES.md §7); with --variant a star
    /// position string (RULES-STAR.md §6), or `start`.
    pub(crate) position: String,
    /// The game: --game SPEC, or its aliases --variant and --rules.
    #[command(flatten)]
    pub(crate) game: GameArgs,
}

/// Prints every legal move as the game writes it, in the engine's order: in the duel a path per
/// distinct destination of each pawn, then each swap, or `pass`; every distinct capture path in
/// the captures game; `32-28`, `19x30` in draughts. A decided game has none.
pub(crate) fn run(args: &Args) -> Result<(), CliError> {
    let state = args.game.open(&args.position)?;
    let mut out = std::io::stdout().lock();
    for m in state.legal_moves() {
        writeln!(out, "{}", state.move_text(&m))?;
    }
    Ok(())
}
