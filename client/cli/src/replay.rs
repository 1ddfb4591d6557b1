//! `tripot replay FILE`: verifies a game record and prints where it ends.

use std::io::{Read, Write};
use std::path::PathBuf;

use tripot_engine::{MAX_RECORD_BYTES, Record};

use super::CliError;

/// Arguments of `tripot replay`.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Reads a game record (tag pairs such as [Format \"1\"] [Rules \"tripot\"] [Opener \"A\"] \
[Result \"*\"], then numbered moves `1. m4-m5 e14-e13 2. …`), replays it verifying every move, \
and checks that the recorded result is what the moves produce (a resignation, forfeit, \
abandonment or claim is accepted as recorded while the moves leave the game open).

Prints the final position string, then `result: A wins (goal complete)`, \
`result: B wins (resignation)`, … or `result: unfinished`.
Exit codes: 0 valid, 1 an illegal move or a result the moves contradict (named with its move \
number), 2 a corrupt file (named with its line and column).

A [Game \"draughts\"] record or a PDN (international draughts) is replayed by the draughts rules and prints the final FEN and `result: W1,B2 (no-piece)`.

A record with a [Variant \"…\"] tag is a star game's (RULES-STAR.md): its moves are verified the same way and the result names the places, `result: places: S 1, NW 2, NE 3 (goal complete)`.

Example:
  tripot replay game.tripot")]
pub(crate) struct Args {
    /// The record file, or `-` for standard input.
    pub(crate) file: PathBuf,
    /// Read the file as a draughts game (`draughts`): a record of ours or a PDN. Without it, a
    /// `[Game "draughts"]` record or a PDN is recognised by its text.
    #[arg(long, value_parser = super::draughts::GAME_NAMES)]
    pub(crate) game: Option<String>,
}

/// Replays the record; prints the final position and the result.
pub(crate) fn run(args: &Args) -> Result<(), CliError> {
    let name = args.file.display();
    let bytes = read_limited(args).map_err(|error| CliError::ReadRecord { name: name.to_string(), error })?;
    check_signed_chain(&bytes, &args.file)?;
    if args.game.is_some() || super::draughts::is_draughts_record(&bytes) {
        return super::draughts::replay(&bytes, &name.to_string());
    }
    if bytes.len() <= MAX_RECORD_BYTES && super::star::is_star_record(&bytes) {
        return super::star::replay(&bytes, &name.to_string());
    }
    if bytes.len() <= MAX_RECORD_BYTES && tripot_app::save_store::names_its_game(&bytes) {
        return replay_game_record(&bytes, &args.file);
    }
    let record_error = |error| CliError::Record { name: name.to_string(), error };
    let record = Record::parse_bytes(&bytes).map_err(record_error)?;
    let replay = record.replay().map_err(record_error)?;
    let result = match (replay.outcome, &record.reason) {
        (Some(outcome), _) => outcome.to_string(),
        (None, Some(reason)) if record.result.winner().is_some() => {
            // The reason is free text from the file: keep it on one line.
            let reason: String = reason.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
            let text = record.result.to_string();
            format!("{}: {reason})", text.trim_end_matches(')'))
        }
        (None, _) => record.result.to_string(),
    };
    let mut out = std::io::stdout().lock();
    Ok(writeln!(out, "{}\nresult: {result}", replay.final_position)?)
}

/// Replays a record of the one format (`[Game "kawu-3"]`: an online table's, any game's): every
/// move verified by its engine; prints the final position and the result.
fn replay_game_record(bytes: &[u8], path: &std::path::Path) -> Result<(), CliError> {
    use tripot_app::table_save::TableSaveError;
    let record = tripot_game::GameRecord::parse_bytes(bytes)
        .map_err(|source| TableSaveError::Record { path: path.to_path_buf(), source })?;
    let replay = record
        .replay(&tripot_app::table_save::EveryGame)
        .map_err(|source| TableSaveError::Replay { path: path.to_path_buf(), source })?;
    let mut out = std::io::stdout().lock();
    Ok(writeln!(out, "{}\nresult: {}", replay.state.position_string(), replay.result)?)
}

/// A table's record keeps its signed chain: checked as every peer checked it at the table,
/// whichever game it is (the moves are then replayed by the game's own reader).
fn check_signed_chain(bytes: &[u8], path: &std::path::Path) -> Result<(), CliError> {
    let Ok(record) = tripot_game::GameRecord::parse_bytes(bytes) else { return Ok(()) };
    if record.tag(tripot_net::table::CHAIN_TAG).is_none() {
        return Ok(());
    }
    tripot_net::table::verify_saved_chain(&record, tripot_net::linked_games)
        .map_err(|error| CliError::SignedChain { path: path.to_path_buf(), error: Box::new(error) })
}

/// The file's bytes, reading at most one byte more than a record may have so that a huge file
/// (or an endless stream) is refused by the parser without being read whole.
fn read_limited(args: &Args) -> std::io::Result<Vec<u8>> {
    let limit = MAX_RECORD_BYTES as u64 + 1;
    let mut bytes = Vec::new();
    if args.file.as_os_str() == "-" {
        std::io::stdin().lock().take(limit).read_to_end(&mut bytes)?;
    } else {
        std::fs::File::open(&args.file)?.take(limit).read_to_end(&mut bytes)?;
    }
    Ok(bytes)
}
