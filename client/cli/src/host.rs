//! `tripot host`: offer a game and print the addresses to share; `tripot host --room`: offer
//! it in a private room on a relay and print the room's code.

use tripot_engine::{Format, Rules};
use tripot_net::room::RoomCode;
use tripot_net::session::Offer;
use tripot_protocol::Opens;

use super::CliError;
use super::online::{OnlineArgs, Plan};

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
    /// Another game of two seats than the duel, by name: `kawu-2`, `halma-2`, `halma-long-2`,
    /// `halma-15-2`, `captures-2`, `captures-long-2`, or a duel (`tripot-classic-f2`). Played
    /// through the same session; the format and rules are then ignored.
    #[arg(long, conflicts_with_all = ["format", "rules"])]
    pub(crate) variant: Option<tripot_game::GameSpec>,
    /// A private room on the relay: prints a code such as K7M-4QP for a friend to
    /// `tripot join K7M-4QP`; only someone who knows the code can join.
    #[arg(long, conflicts_with = "resume")]
    pub(crate) room: bool,
    #[command(flatten)]
    pub(crate) online: OnlineArgs,
}

/// Hosts a game until it ends.
pub(crate) fn run(args: &Args) -> Result<(), CliError> {
    let format = Format::from_number(args.format).ok_or(CliError::BadFormat(args.format))?;
    let opens = match args.opens {
        OpensArg::Host => Opens::Host,
        OpensArg::Guest => Opens::Guest,
        OpensArg::Random => Opens::Random,
    };
    let offer = match &args.variant {
        Some(game) => {
            // A game of the catalogue, of two seats: the session plays no other.
            tripot_game::catalogue::check_table(&tripot_game::TableSpec { game: game.clone(), seats: 2 })?;
            Offer { game: game.clone(), opens }
        }
        None => Offer::duel(format, args.rules, opens)?,
    };
    let plan = if args.room { Plan::HostRoom(offer, RoomCode::random()) } else { Plan::Host(offer) };
    super::online::run(&args.online, plan)
}
