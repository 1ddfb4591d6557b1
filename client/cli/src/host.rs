//! `tripot host`: offer a game and print the addresses to share; `tripot host --room`: offer
//! it in a private room on a relay and print the room's code.

use tripot_engine::{Format, Rules};
use tripot_net::room::RoomCode;
use tripot_net::session::Offer;
use tripot_protocol::Opens;

use super::CliError;
use super::online::{OnlineArgs, Plan};
use super::table_play::Found;

/// Who opens, as chosen on the command line.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub(crate) enum OpensArg {
    /// The host (you) opens.
    Host,
    /// The guest opens.
    Guest,
    /// A fair draw (commit–reveal).
    Random,
}

/// Arguments of `tripot host`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Colours per camp: 1, 2 or 3.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=3))]
    pub(crate) format: u8,
    /// Rules preset: tripot or classic.
    #[arg(long, default_value = "tripot")]
    pub(crate) rules: Rules,
    /// Who opens.
    #[arg(long, value_enum, default_value = "random")]
    pub(crate) opens: OpensArg,
    /// Another game than the duel, by name: `kawu-2`, `halma-2`, `halma-long-2`, `halma-15-2`,
    /// `captures-2`, `captures-long-2`, or a duel (`tripot-classic-f2`), played through the same
    /// session; or a game of 3–6 seats (`kawu-3`, `halma-6`…), which opens a table (headless:
    /// it prints a `tripot://table/…` link to join). The format and rules are then ignored.
    #[arg(long, conflicts_with_all = ["format", "rules"])]
    pub(crate) variant: Option<tripot_game::GameSpec>,
    /// A private room on the relay: prints a code such as K7M-4QP for a friend to
    /// `tripot join K7M-4QP`; only someone who knows the code can join.
    #[arg(long, conflicts_with = "resume")]
    pub(crate) room: bool,
    /// A table of 3–6 seats listed in the relay's open lobby, with its free seats, until they
    /// are taken (`tripot lobby` lists and joins it; a game of two seats: `tripot lobby --open`).
    #[arg(long, conflicts_with = "room")]
    pub(crate) lobby: bool,
    #[command(flatten)]
    pub(crate) table: super::table_play::TableArgs,
    #[command(flatten)]
    pub(crate) online: OnlineArgs,
}

impl OpensArg {
    /// Who opens, on the wire.
    pub(crate) const fn opens(self) -> Opens {
        match self {
            OpensArg::Host => Opens::Host,
            OpensArg::Guest => Opens::Guest,
            OpensArg::Random => Opens::Random,
        }
    }
}

/// The game offered: `variant` when given (a game of the catalogue, of two seats: the session
/// plays no other), else the duel of `format` under `rules`.
pub(crate) fn offer(
    variant: Option<&tripot_game::GameSpec>,
    format: u8,
    rules: Rules,
    opens: OpensArg,
) -> Result<Offer, CliError> {
    let opens = opens.opens();
    match variant {
        Some(game) => {
            tripot_game::catalogue::check_table(&tripot_game::TableSpec { game: game.clone(), seats: 2 })?;
            Ok(Offer { game: game.clone(), opens })
        }
        None => {
            let format = Format::from_number(format).ok_or(CliError::BadFormat(format))?;
            Ok(Offer { game: tripot_engine::duel_spec(format, rules)?, opens })
        }
    }
}

/// Hosts a game until it ends.
pub(crate) fn run(args: &Args) -> Result<(), CliError> {
    if let Some(game) =
        args.variant.as_ref().filter(|_| super::table_play::is_table(args.variant.as_ref(), &args.table))
    {
        let found = if args.lobby {
            let relay = super::relay_or_lan::relay_or_lan(args.online.relay()?, &args.online)?;
            Found::Lobby(relay)
        } else if args.room {
            Found::Room(RoomCode::random())
        } else {
            Found::Link
        };
        return super::table_play::host(game, &args.table, &args.online, found);
    }
    if args.lobby {
        return Err(CliError::LobbyTableOfTwo);
    }
    let offer = offer(args.variant.as_ref(), args.format, args.rules, args.opens)?;
    let plan = if args.room { Plan::HostRoom(offer, RoomCode::random()) } else { Plan::Host(offer) };
    super::online::run(&args.online, plan)
}
