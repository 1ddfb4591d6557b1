//! `tripot`: the program. With no subcommand it opens the terminal game ([`tripot_terminal`]);
//! `tripot web` serves the game to a browser ([`tripot_web`]); the other subcommands are the
//! command-line tools. Every front-end drives the same core, [`tripot_app`]. `main.rs` only
//! calls [`run`]; the code lives here so that tests drive what the binary runs. Only this crate
//! parses a command line (clap).
//!
//! Command-line parsing and the subcommands, one module each, with the modes online commands
//! run in: `headless` (the computer plays, `json` lines out), `console` (a line console) and
//! `screens` (the terminal game's online screens on the real network).
//!
//! Exit codes are the same for every subcommand: 0 success, 1 an illegal move (or a record whose
//! moves are illegal), 2 malformed input (a position, a move or a file that does not parse,
//! a bad flag). Errors are one line on stderr; nothing is printed on stdout on failure.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
pub(crate) use error::CliError;

mod apply;
mod bestmove;
mod console;
mod draughts;
mod draughts_match;
mod error;
mod game_args;
mod headless;
mod host;
mod hub;
mod hub_engine;
mod hub_protocol;
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
mod ratings;
mod relay_or_lan;
mod replay;
mod screens;
mod star;
mod star_tournament;
mod table_json;
mod table_play;
mod tournament;
mod view;
mod web;

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
    /// Speak the Hub protocol (draughts GUIs) on stdin/stdout with our draughts player.
    Hub(hub::Args),
    /// Play our draughts level against an external Hub engine (`--game draughts --engine CMD`).
    Match(draughts_match::Args),
    /// Play games between computer levels (two in the duel, one per seat with --variant) and
    /// report wins, places and think times.
    Tournament(tournament::Args),
    /// The solitaire race: one colour alone from its home to its goal.
    Race(race::Args),
    /// Replay a saved game move by move.
    View(view::Args),
    /// Offer an online game and print the addresses to share.
    Host(host::Args),
    /// Join an online game at the address its host printed.
    Join(join::Args),
    /// Watch an online table (of 2–6 seats) from its link, as a spectator.
    Watch(table_play::WatchArgs),
    /// List the players hosting on the LAN and join one.
    Lan(lan::Args),
    /// The open lobby at a relay: list the tables, join one, or open your own (--open).
    Lobby(lobby::Args),
    /// Quick match: the relay pairs you with a waiting player of a compatible format.
    Quick(quick::Args),
    /// A relay's Elo tables (`ratings`), or send it the kept signed results of your finished
    /// online games it has not counted yet (`ratings submit`).
    Ratings(ratings::Args),
    /// The game in a web browser: serves the page on this computer (--lan: on the local
    /// network, behind a token) and opens the browser.
    Web(web::Args),
}

/// Parses the command line and runs it.
#[must_use]
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    lang(cli.lang.as_deref()).remember();
    let result = match cli.command {
        Some(command) => run_command(command, lang(cli.lang.as_deref()), cli.lang.is_some()),
        None => tripot_terminal::terminal_game::run(lang(cli.lang.as_deref())).map_err(CliError::Terminal),
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
pub(crate) fn lang(flag: Option<&str>) -> tripot_app::i18n::Lang {
    match flag {
        Some("en") => tripot_app::i18n::Lang::En,
        Some(_) => tripot_app::i18n::Lang::Fr,
        None => tripot_app::i18n::Lang::from_env(),
    }
}

/// `lang_given`: whether `--lang` was on the command line (the web page then takes it).
fn run_command(command: Command, lang: tripot_app::i18n::Lang, lang_given: bool) -> Result<(), CliError> {
    match command {
        Command::Moves(args) => moves::run(&args),
        Command::Apply(args) => apply::run(&args),
        Command::Perft(args) => perft::run(&args),
        Command::Replay(args) => replay::run(&args),
        Command::Bestmove(args) => bestmove::run(&args),
        Command::Hub(args) => hub::run(&args),
        Command::Match(args) => draughts_match::run(&args),
        Command::Tournament(args) => tournament::run(&args),
        Command::Race(args) => race::run(&args),
        Command::View(args) => view::run(&args, lang),
        Command::Host(args) => host::run(&args),
        Command::Join(args) => join::run(&args),
        Command::Watch(args) => {
            table_play::join(&args.target, &args.online, tripot_protocol::table::Wants::Watch)
        }
        Command::Lan(args) => lan::run(&args),
        Command::Lobby(args) => lobby::run(&args),
        Command::Ratings(args) => ratings::run(&args, lang),
        Command::Quick(args) => quick::run(&args),
        Command::Web(args) => web::run(&args, lang, lang_given.then_some(lang)),
    }
}
