//! `tripot perft DEPTH [POSITION]`: the number of move sequences of each length.

use std::io::Write;
use std::time::Instant;

use tripot_draughts::DraughtsState;
use tripot_engine::{DuelState, Format, StarState, perft, star_perft};

use super::CliError;
use super::game_args::GameArgs;

/// Arguments of `tripot perft`.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Counts the move sequences of each length from 1 to DEPTH (a pass counts as one move, a finished \
game has none) and prints one line per depth: `DEPTH NODES`. The standard check of a move \
generator, and a measure of its speed (--time).

Known counts from the format-1 start, tripot rules: 14 196 5348 145924 4645174;
classic rules: 14 196 4760 115600 3188520.

With --game NAME (or --variant NAME), the star game of RULES-STAR.md §2 of that name, from its start (S to move) or
from a star position string; the known counts of every variant's start are in
crates/engine/tests/data/star-perft.txt.

Examples:
  tripot perft 5 --time
  tripot perft 4 --variant halma-6 --time
  tripot perft 2 --format 3
  tripot perft 4 --rules classic")]
pub(crate) struct Args {
    /// Deepest length to count (1 to 20).
    #[arg(value_parser = clap::value_parser!(u32).range(1..=20))]
    pub(crate) depth: u32,
    /// The position string; by default the start of --format with A to move.
    pub(crate) position: Option<String>,
    /// The format of the default start position: 1, 2 or 3 colours per camp.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=3), conflicts_with_all = ["position", "variant", "game"])]
    pub(crate) format: u8,
    /// The game: --game SPEC, or its aliases --variant and --rules.
    #[command(flatten)]
    pub(crate) game: GameArgs,
    /// Also print, on stderr, the time each depth took and the nodes per second.
    #[arg(long)]
    pub(crate) time: bool,
}

/// Prints `DEPTH NODES` for every depth, each line as soon as it is counted.
///
/// The game is opened through the interface; the count is each engine's own perft, found by the
/// state the opener gave: counting through `GameState` would box a state and allocate a move
/// list at every node, far too slow for the depths the manual and the tests ask.
pub(crate) fn run(args: &Args) -> Result<(), CliError> {
    let start_format = Format::from_number(args.format).ok_or(CliError::BadFormat(args.format))?;
    let state = args.game.open_at(args.position.as_deref().unwrap_or("start"), start_format)?;
    let any = state.as_any();
    if let Some(duel) = any.downcast_ref::<DuelState>() {
        let position = *duel.position();
        return print_counts(args.depth, args.time, |depth| perft(&position, depth));
    }
    if let Some(star) = any.downcast_ref::<StarState>() {
        let position = *star.game().position();
        return print_counts(args.depth, args.time, |depth| star_perft(&position, depth));
    }
    if let Some(draughts) = any.downcast_ref::<DraughtsState>() {
        let position = *draughts.position();
        return print_counts(args.depth, args.time, |depth| tripot_draughts::perft(&position, depth));
    }
    Err(CliError::NoPerft(state.spec().clone()))
}

/// Prints `DEPTH NODES` for every depth from 1 to `deepest`, each line as soon as `count` gives
/// it, and with `time` the time and speed of each on stderr: the same lines for every game.
pub(crate) fn print_counts(deepest: u32, time: bool, count: impl Fn(u32) -> u64) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    for depth in 1..=deepest {
        let started = Instant::now();
        let nodes = count(depth);
        let seconds = started.elapsed().as_secs_f64();
        writeln!(out, "{depth} {nodes}").and_then(|()| out.flush())?;
        if time {
            let rate = if seconds > 0.0 { nodes as f64 / seconds / 1e6 } else { f64::INFINITY };
            eprintln!("depth {depth}: {nodes} nodes in {seconds:.3} s ({rate:.1} M nodes/s)");
        }
    }
    Ok(())
}
