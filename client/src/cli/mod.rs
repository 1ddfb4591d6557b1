//! Command-line parsing and the subcommands, one module each, with the modes online commands
//! run in: [`headless`] (the computer plays, [`json`] lines out), [`console`] (a line console)
//! and [`screens`] (the terminal game's online screens on the real network).
//!
//! Exit codes are the same for every subcommand: 0 success, 1 an illegal move (or a record whose
//! moves are illegal), 2 malformed input (a position, a move or a file that does not parse,
//! a bad flag). Errors are one line on stderr; nothing is printed on stdout on failure.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::core::network::NetworkError;
use crate::core::settings::SettingsError;

mod apply;
mod bestmove;
mod console;
mod headless;
mod host;
mod join;
mod json;
mod lan;
mod lobby;
mod matched;
mod moves;
mod online;
mod perft;
mod quick;
mod race;
mod relay_or_lan;
mod replay;
mod screens;
mod tournament;
mod view;

// The online modes name these as `super::…`.
use online::{OnlineArgs, final_refusal, identity, runtime};

/// Tripot dame chinoise.
#[derive(Debug, Parser)]
#[command(name = "tripot", version, about, long_about = None)]
pub(crate) struct Cli {
    /// What to do; with none, the game opens in the terminal.
    #[command(subcommand)]
    pub(crate) command: Option<Command>,
    /// Language of the game: fr or en (default: from LANG, French otherwise).
    #[arg(long, global = true, value_parser = ["fr", "en"])]
    pub(crate) lang: Option<String>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// List every legal move of a position.
    Moves(moves::Args),
    /// Play moves on a position and print the position reached (and the result, if over).
    Apply(apply::Args),
    /// Count the move sequences of each length from a position (move generator check).
    Perft(perft::Args),
    /// Verify a game record and print its final position and result.
    Replay(replay::Args),
    /// Print the move a computer level would play in a position.
    Bestmove(bestmove::Args),
    /// Play games between two computer levels and report wins and think times.
    Tournament(tournament::Args),
    /// The solitaire race: one colour alone from its home to its goal.
    Race(race::Args),
    /// Replay a saved game move by move.
    View(view::Args),
    /// Offer an online game and print the addresses to share.
    Host(host::Args),
    /// Join an online game at the address its host printed.
    Join(join::Args),
    /// List the players hosting on the LAN and join one.
    Lan(lan::Args),
    /// The open lobby at a relay: list the tables, join one, or open your own (--open).
    Lobby(lobby::Args),
    /// Quick match: the relay pairs you with a waiting player of a compatible format.
    Quick(quick::Args),
}

/// A failed subcommand, mapped to its exit code: 1 for an illegal move or a failure of the
/// system or the network, 2 for malformed input (a position, a move, a file or a setting that
/// does not parse).
#[derive(Debug, thiserror::Error)]
pub(crate) enum CliError {
    /// An illegal move: exit 1.
    #[error("{0}")]
    Illegal(String),
    /// Malformed input: exit 2.
    #[error("{0}")]
    Malformed(String),
    /// The network settings cannot be used: exit 2 (1 when there is no config directory).
    #[error(transparent)]
    Settings(#[from] SettingsError),
    /// The network failed: exit 1 (2 for settings that cannot be used).
    #[error(transparent)]
    Network(#[from] NetworkError),
    /// A private room was asked for and there is no relay, neither configured nor on the LAN:
    /// exit 2.
    #[error("{}, or start a tripot-relay --mdns on this network", NetworkError::NoRelayForRoom)]
    NoRelayForRoom,
    /// The lobby or quick match needs a relay: none is configured and none answered on the
    /// LAN: exit 2.
    #[error(
        "no relay: give one with --relay /ip4/…/tcp/4001/p2p/… (or TRIPOT_RELAY), or start a tripot-relay --mdns on this network"
    )]
    NoRelay,
    /// The saved online game to resume cannot be read: exit 2.
    #[error(transparent)]
    SavedGame(tripot_net::saved_game::SaveError),
    /// The host refused the game for good: exit 1.
    #[error("the host refused the game: {reason}{}", if detail.is_empty() { String::new() } else { format!(" ({detail})") })]
    Refused {
        /// Why.
        reason: tripot_protocol::RejectReason,
        /// The host's words, if any.
        detail: String,
    },
    /// The terminal cannot be used or written to: exit 1.
    #[error("terminal: {0}")]
    Terminal(#[from] std::io::Error),
    /// Anything else (a search or a game that failed): exit 1.
    #[error("{0}")]
    Other(String),
}

impl CliError {
    /// The process exit code for this error.
    #[must_use]
    pub(crate) fn exit_code(&self) -> u8 {
        let settings = |error: &SettingsError| match error {
            SettingsError::ConfigDir(_) => 1,
            _ => 2,
        };
        match self {
            CliError::Illegal(_) | CliError::Other(_) | CliError::Refused { .. } | CliError::Terminal(_) => 1,
            CliError::Malformed(_)
            | CliError::NoRelay
            | CliError::NoRelayForRoom
            | CliError::SavedGame(_) => 2,
            CliError::Settings(error) | CliError::Network(NetworkError::Settings(error)) => settings(error),
            CliError::Network(_) => 1,
        }
    }
}

/// Parses the command line and runs it.
#[must_use]
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    lang(cli.lang.as_deref()).remember();
    let result = match cli.command {
        Some(command) => run_command(command, lang(cli.lang.as_deref())),
        None => crate::terminal_game::run(lang(cli.lang.as_deref())).map_err(CliError::Terminal),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("tripot: {error}");
            ExitCode::from(error.exit_code())
        }
    }
}

/// The language asked for with `--lang`, or the environment's.
pub(crate) fn lang(flag: Option<&str>) -> crate::i18n::Lang {
    match flag {
        Some("en") => crate::i18n::Lang::En,
        Some(_) => crate::i18n::Lang::Fr,
        None => crate::i18n::Lang::from_env(),
    }
}

fn run_command(command: Command, lang: crate::i18n::Lang) -> Result<(), CliError> {
    match command {
        Command::Moves(args) => moves::run(&args),
        Command::Apply(args) => apply::run(&args),
        Command::Perft(args) => perft::run(&args),
        Command::Replay(args) => replay::run(&args),
        Command::Bestmove(args) => bestmove::run(&args),
        Command::Tournament(args) => tournament::run(&args),
        Command::Race(args) => race::run(&args),
        Command::View(args) => view::run(&args, lang),
        Command::Host(args) => host::run(&args),
        Command::Join(args) => join::run(&args),
        Command::Lan(args) => lan::run(&args),
        Command::Lobby(args) => lobby::run(&args),
        Command::Quick(args) => quick::run(&args),
    }
}
