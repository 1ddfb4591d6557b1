//! `tripot ratings`: a relay's Elo table of one game (all time, or a month), as text or JSON;
//! `tripot ratings submit`: send the relay every kept signed result (`*.result` beside the
//! online saves) it has not counted yet. Submitting again is harmless: a relay counts a game once.

use std::path::{Path, PathBuf};

use serde_json::json;
use tripot_app::i18n::Lang;
use tripot_app::settings::configured_relay;
use tripot_net::Multiaddr;
use tripot_net::kept_result::KeptResult;
use tripot_net::multiaddr::Protocol;
use tripot_net::ratings::{Counted, RatingsClientError, standings, submit_kept};
use tripot_ratings_wire::{Period, StandingsQuery};

use super::online;
use crate::CliError;

/// Arguments of `tripot ratings`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The relay whose tables to read, ending in /p2p/<peer id>; default: TRIPOT_RELAY, else
    /// `relay = "…"` in <config dir>/config.toml.
    #[arg(long, env = "TRIPOT_RELAY", global = true)]
    relay: Option<Multiaddr>,
    /// The game's table (`tripot`, `tripot-classic-f2`, `kawu-3`…).
    #[arg(long, default_value = "tripot")]
    variant: tripot_game::GameSpec,
    /// A month's table, `YYYY-MM` (UTC); default: all time.
    #[arg(long)]
    month: Option<String>,
    /// One JSON object (the table as the relay sent it; with `submit`, one line per file).
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    action: Option<Action>,
}

/// What else `tripot ratings` does.
#[derive(Debug, clap::Subcommand)]
enum Action {
    /// Send every kept signed result the relay has not counted yet.
    Submit {
        /// Where the results are kept (default: the config directory's games/).
        #[arg(long)]
        dir: Option<PathBuf>,
    },
}

/// Prints a table, or submits the kept results.
pub(crate) fn run(args: &Args, lang: Lang) -> Result<(), CliError> {
    let relay = configured_relay(args.relay.clone())?.ok_or(CliError::NoRelay)?;
    match &args.action {
        None => print_table(args, &relay, lang),
        Some(Action::Submit { dir }) => {
            let dir = match dir {
                Some(dir) => dir.clone(),
                None => tripot_net::identity::config_dir()
                    .map_err(tripot_app::settings::SettingsError::from)?
                    .join("games"),
            };
            submit_all(&dir, &relay, args.json, lang)
        }
    }
}

fn print_table(args: &Args, relay: &Multiaddr, lang: Lang) -> Result<(), CliError> {
    let period = match &args.month {
        Some(month) => Period::Month(month.parse()?),
        None => Period::AllTime,
    };
    let query = StandingsQuery { game: args.variant.to_string(), period };
    let table = online::runtime()?.block_on(standings(relay, query))?;
    if args.json {
        println!("{}", serde_json::to_string(&table).map_err(std::io::Error::from)?);
    } else {
        for line in tripot_app::ratings_table::table_lines(lang, &table) {
            println!("{line}");
        }
    }
    Ok(())
}

/// What became of one kept result.
enum Submitted {
    Counted(Counted),
    AlreadyAcknowledged,
    Refused(String),
    NotSent(String),
    Unreadable(String),
}

fn submit_all(dir: &Path, relay: &Multiaddr, json: bool, lang: Lang) -> Result<(), CliError> {
    let Some(Protocol::P2p(relay_id)) = relay.iter().last() else {
        return Err(RatingsClientError::NoPeerId(relay.clone()).into());
    };
    let files = KeptResult::files_in(dir).map_err(|e| std::io::Error::other(e.to_string()))?;
    let runtime = online::runtime()?;
    let t = lang.ratings();
    if files.is_empty() && !json {
        println!("{}", t.nothing_to_send);
    }
    for path in files {
        let sent = match KeptResult::read(&path) {
            Err(error) => Submitted::Unreadable(error.to_string()),
            Ok(kept) if kept.acknowledged(&relay_id) => Submitted::AlreadyAcknowledged,
            Ok(mut kept) => match runtime.block_on(submit_kept(relay, &mut kept, Some(&path))) {
                Ok(counted) => Submitted::Counted(counted),
                Err(RatingsClientError::Refused(reason)) => Submitted::Refused(reason.to_string()),
                Err(error) => Submitted::NotSent(error.to_string()),
            },
        };
        let file = path.display().to_string();
        let (answer, word, detail) = match &sent {
            Submitted::Counted(Counted::Now) => ("counted", t.counted, None),
            Submitted::Counted(Counted::Before) | Submitted::AlreadyAcknowledged => {
                ("counted_before", t.counted_before, None)
            }
            Submitted::Refused(why) => ("refused", t.refused, Some(why.as_str())),
            Submitted::NotSent(why) => ("not_sent", t.not_sent, Some(why.as_str())),
            Submitted::Unreadable(why) => ("unreadable", t.unreadable, Some(why.as_str())),
        };
        if json {
            println!("{}", json!({"file": file, "answer": answer, "detail": detail}));
        } else {
            match detail {
                Some(detail) => println!("{file}: {word} ({detail})"),
                None => println!("{file}: {word}"),
            }
        }
    }
    Ok(())
}
