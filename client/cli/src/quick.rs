//! `tripot quick`: the relay pairs you with a waiting player of the same game (or of any game of
//! two seats), or you wait to be found; then the game is played like any online game. A game of
//! 3–6 seats (`--variant kawu-3`, or `any --seats 3`) gathers its seekers at one table of the
//! relay's lobby instead ([`super::table_play::quick`]).

use serde_json::json;
use tripot_app::i18n::Lang;
use tripot_engine::{Format, Rules};
use tripot_game::{GameSpec, TableSpec};
use tripot_net::online::matchmaking::quick::{self, QuickSeek, SeekProgress};

use super::CliError;
use super::matched::{config_with_relay, drive, print_json};
use super::online;

/// The game sought, as written on the command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Wanted {
    /// Any game of two seats.
    Any,
    /// This game only.
    Game(GameSpec),
}

/// Arguments of `tripot quick`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The game you play, by name (`kawu-2`, `halma-2`, `captures-2`, `draughts`,
    /// `tripot-classic-f2`…), or `any`: any game of two seats (the other player's is played).
    #[arg(long, value_parser = parse_wanted, conflicts_with_all = ["format", "rules"])]
    pub(crate) variant: Option<Wanted>,
    /// The duel only, of these colours per camp (1, 2 or 3).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=3))]
    pub(crate) format: Option<u8>,
    /// The duel's rules preset: tripot or classic (the duel of format 1 when no format is given).
    #[arg(long)]
    pub(crate) rules: Option<Rules>,
    /// With `--variant any`: any game of this many seats (3–6: a table of the lobby; the first
    /// game of the catalogue with these seats is opened when nobody has a table yet).
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=6), conflicts_with_all = ["format", "rules"])]
    pub(crate) seats: Option<u8>,
    #[command(flatten)]
    pub(crate) online: online::OnlineArgs,
}

/// A `--variant` that is no game name nor `any` (clap prints it, in the environment's language:
/// `--lang` is not read yet).
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", Lang::current().quick_game_refused(.0))]
pub(crate) struct WantedError(String);

fn parse_wanted(text: &str) -> Result<Wanted, WantedError> {
    match text.trim() {
        "any" | "tout" | "*" => Ok(Wanted::Any),
        name => GameSpec::new(name).map(Wanted::Game).map_err(|_| WantedError(text.to_owned())),
    }
}

/// The seek: the game named, the duel of `--format`/`--rules`, or (nothing given, or `any`)
/// any game of two seats, the first duel when two seekers of any meet.
fn seek_of(args: &Args) -> Result<QuickSeek, CliError> {
    let duel = |format: u8, rules: Rules| -> Result<GameSpec, CliError> {
        let format = Format::from_number(format).ok_or(CliError::BadFormat(format))?;
        Ok(tripot_engine::duel_spec(format, rules)?)
    };
    let table = |game| TableSpec { game, seats: 2 };
    if let Some(seats) = args.seats.filter(|s| *s > 2) {
        let first = tripot_game::catalogue::catalogue().iter().find(|info| info.seats == seats);
        let first = first.ok_or(CliError::NoGameOfSeats(seats))?;
        return Ok(match &args.variant {
            Some(Wanted::Game(game)) => QuickSeek::exactly(TableSpec { game: game.clone(), seats }),
            Some(Wanted::Any) | None => QuickSeek::any(first.table()),
        });
    }
    Ok(match (&args.variant, args.format, args.rules) {
        (Some(Wanted::Game(game)), _, _) => {
            // A game of 3–6 seats is sought at its own seat count.
            let seats = tripot_game::catalogue::find(game).map_or(2, |info| info.seats);
            QuickSeek::exactly(TableSpec { game: game.clone(), seats })
        }
        (Some(Wanted::Any), _, _) | (None, None, None) => QuickSeek::any(table(duel(1, Rules::Tripot)?)),
        (None, format, rules) => {
            QuickSeek::exactly(table(duel(format.unwrap_or(1), rules.unwrap_or(Rules::Tripot))?))
        }
    })
}

/// Seeks an opponent, then plays.
pub(crate) fn run(args: &Args) -> Result<(), CliError> {
    let wanted = seek_of(args)?;
    // The relay given, else one announced on the LAN (mDNS).
    let relay = super::relay_or_lan::relay_or_lan(args.online.relay()?, &args.online)?;
    if wanted.table.seats > 2 {
        return super::table_play::quick(wanted, &relay, &args.online);
    }
    let config = config_with_relay(&args.online, &relay)?;
    let headless = args.online.headless;
    let runtime = online::runtime()?;
    runtime.block_on(async {
        let keypair = args.online.keypair()?;
        let mut last_seekers = None;
        let progress = |p: SeekProgress| match p {
            SeekProgress::Seeking if headless => print_json(&json!({"event": "seeking"})),
            SeekProgress::Seeking => println!("{}", Lang::current().t().seeking),
            SeekProgress::Waiting(n) if last_seekers != Some(n) => {
                last_seekers = Some(n);
                if headless {
                    print_json(&json!({"event": "quick_waiting", "seekers": n}));
                } else {
                    println!("{}", Lang::current().quick_waiting(n));
                }
            }
            SeekProgress::Waiting(_) => {}
        };
        let (matched, handle) =
            quick::play(keypair, config, wanted, progress).await.map_err(|e| CliError::Network(e.into()))?;
        let game = &matched.table.game;
        if headless {
            print_json(&json!({
                "event": "matched", "peer": matched.peer.to_string(), "you_host": matched.you_host,
                "game": game.as_str(), "seats": matched.table.seats,
            }));
        } else {
            println!("{}", Lang::current().quick_matched(game, matched.you_host));
        }
        drive(handle, &args.online).await
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_game_or_any() {
        assert_eq!(parse_wanted("any"), Ok(Wanted::Any));
        assert_eq!(parse_wanted("kawu-2"), Ok(Wanted::Game(GameSpec::new("kawu-2").unwrap())));
        assert!(parse_wanted("Kawu 2").is_err());
        assert!(parse_wanted("").is_err());
    }
}
