//! `tripot apply POSITION MOVE...`: plays moves in turn and prints where they lead.

use std::io::Write;

use tripot_engine::Notation;

use super::CliError;
use super::game_args::{ChosenGame, GameArgs, duel_position};

/// Arguments of `tripot apply`.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Each move is checked as a client checks a peer's move: a path hop by hop (the error names the \
first wrong hop), a chain given by its ends only if the destination is reachable.

Prints the resulting position string on the first line, then `result: …` if the game is over.
With a star game (--game kawu-3, or --variant of RULES-STAR.md), also `result: NE done, place 2` or `result: S eliminated, place 3` for a seat whose part in the game ended on the way.
Exit codes: 0 played, 1 an illegal move (nothing printed on stdout), 2 a malformed position or move.

Example:
  tripot apply A:Ne17,e16,f16,e15,f15,g15,e14,f14,g14,h14:Sj4,k4,l4,m4,k3,l3,m3,l2,m2,m1 m4-m5 e14-e13")]
pub(crate) struct Args {
    /// The position string, e.g. `A:Ne17,e16,…:Sj4,…` (RULES.md §7).
    pub(crate) position: String,
    /// The moves, in turn: a path `m1-m3-k5`, a chain by its ends `m1-k5`, a swap `m1<>l2`, or
    /// `pass`. An argument may hold several moves separated by spaces.
    pub(crate) moves: Vec<String>,
    /// The game: --game SPEC, or its aliases --variant and --rules.
    #[command(flatten)]
    pub(crate) game: GameArgs,
}

/// Plays the moves; prints the position reached, and the result if the game is over.
pub(crate) fn run(args: &Args) -> Result<(), CliError> {
    let mut position = match args.game.chosen()? {
        ChosenGame::Draughts => return super::draughts::apply(&args.position, &args.moves),
        ChosenGame::Star(variant) => return super::star::apply(&args.position, variant, &args.moves),
        ChosenGame::Duel { rules, format } => duel_position(&args.position, rules, format)?,
    };
    // Every move must be well formed before any is played: a typo is reported as such even
    // after an illegal move.
    let mut moves = Vec::new();
    for text in args.moves.iter().flat_map(|arg| arg.split_whitespace()) {
        let notation: Notation = text.parse()?;
        moves.push((text, notation));
    }
    for (text, notation) in moves {
        let illegal = |reason| CliError::IllegalMove { text: text.to_owned(), reason };
        let verified = position.verify(&notation).map_err(illegal)?;
        position = position.play(verified.mv).map_err(|e| illegal(e.reason))?;
    }
    let mut out = std::io::stdout().lock();
    writeln!(out, "{position}")?;
    if let Some(outcome) = position.outcome() {
        writeln!(out, "result: {outcome}")?;
    }
    Ok(())
}
