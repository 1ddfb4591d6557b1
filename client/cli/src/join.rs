//! `tripot join MULTIADDR`: join a host at the address it printed; `tripot join K7M-4QP`: join
//! a private room by its code, through the relay.

use tripot_game::Seat;
use tripot_net::Multiaddr;
use tripot_net::room::RoomCode;
use tripot_net::table_online::{TABLE_LINK_PREFIX, TABLE_ROOM_PREFIX};
use tripot_protocol::table::Wants;

use super::CliError;
use super::online::{OnlineArgs, Plan};

/// Arguments of `tripot join`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The host's address, e.g. `/ip4/192.168.1.20/tcp/4001/p2p/12D3Koo…`, a room code such
    /// as `K7M-4QP`, a table's link `tripot://table/…`, or a table's room link
    /// `tripot://room/kawu-3/3/K7M-4QP` (not needed with --resume).
    #[arg(required_unless_present = "resume")]
    pub(crate) target: Option<String>,
    /// At a table (a `tripot://table/…` or `tripot://room/…` link): sit at this seat (1 to the
    /// table's seat count) rather than the first free one; refused if it is taken.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=6))]
    pub(crate) seat: Option<u8>,
    #[command(flatten)]
    pub(crate) online: OnlineArgs,
}

/// What `join` was given.
fn plan(target: &str) -> Result<Plan, CliError> {
    if target.trim_start().starts_with('/') {
        return target
            .trim()
            .parse::<Multiaddr>()
            .map(Plan::Join)
            .map_err(|error| CliError::BadAddress { text: target.to_owned(), error });
    }
    target
        .parse::<RoomCode>()
        .map(Plan::JoinRoom)
        .map_err(|error| CliError::NeitherAddressNorCode { text: target.to_owned(), error })
}

/// The seat `--seat` asks for (counted from 1) as the table's wish.
fn wants(seat: Option<u8>) -> Wants {
    // clap keeps it within 1–6; the link's own seat count is checked once it is read.
    Wants::Seat(seat.map(|n| Seat(n.saturating_sub(1))))
}

/// Joins and plays until the game ends.
pub(crate) fn run(args: &Args) -> Result<(), CliError> {
    if let Some(link) = args.target.as_deref().filter(|t| t.trim_start().starts_with(TABLE_LINK_PREFIX)) {
        return super::table_play::join(link, &args.online, wants(args.seat));
    }
    if let Some(link) = args.target.as_deref().filter(|t| t.trim_start().starts_with(TABLE_ROOM_PREFIX)) {
        return super::table_play::join_room(link, &args.online, wants(args.seat));
    }
    if args.seat.is_some() {
        // A two-seat host's address or room code: the host's offer decides who sits where.
        return Err(CliError::SeatAtTablesOnly);
    }
    let plan = match &args.target {
        Some(target) => plan(target)?,
        // With --resume the saved game says where the host is.
        None => Plan::Join(Multiaddr::empty()),
    };
    super::online::run(&args.online, plan)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn an_address_or_a_code() {
        assert!(matches!(plan("/ip4/127.0.0.1/tcp/1"), Ok(Plan::Join(_))));
        assert!(matches!(plan("k7m-4qp"), Ok(Plan::JoinRoom(code)) if code.to_string() == "K7M-4QP"));
        let refused = plan("K7M-4Q0").err().unwrap();
        assert!(matches!(refused, CliError::NeitherAddressNorCode { .. }), "{refused:?}");
        assert!(refused.to_string().contains("'0'"), "{refused}");
        assert_eq!(refused.exit_code(), 2);
        assert!(matches!(plan("/ip4/nope"), Err(CliError::BadAddress { .. })));
    }
}
