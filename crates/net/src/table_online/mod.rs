//! The async driver of a [`Table`](crate::table::Table): one tokio task owns a swarm and the
//! table, feeds it what the table streams (`/tripot/table/1.0.0`) and the clock bring, writes
//! what it asks, answers its computer seats on a blocking thread, saves the verified record
//! after every entry, and gives the front-end a [`TableHandle`] (commands in,
//! [`TableNetEvent`]s out).
//!
//! **Streams.** Members dial the host and open one table stream to it; the host accepts many.
//! Every peer accepts table streams, because any seat may become the host: a member holds the
//! streams that reach it while it is not the host (bounded) and hands them to the table when
//! [`TableEvent::BecameHost`] comes. On [`TableEvent::HostGone`] a member dials the next host
//! at the addresses that seat announced and opens its stream there; the table's hello then
//! tells the new host how much of the record it holds.
//!
//! **Addresses.** The driver waits (briefly, bounded) for the swarm's first listen addresses
//! before it opens the table, so that the hello carries where this peer may be reached should
//! it become the host.
//!
//! **Invitations.** A host shares a [`TableLink`] (`tripot://table/<game>/<seats>/<id><host
//! multiaddr>`): a member needs the game, the seat count and the table's id to check what the
//! host announces.
//!
//! **Lobby.** A host may list its table in the relay's open lobby (`lobby.rs`: the free seats
//! followed, the id derived from the listing so that a reader of the lobby can join); a quick
//! match gathers seekers of a table into one over that lobby (`quick.rs`).
//!
//! **LAN.** With mDNS on, a host answers a stranger's query on a table stream with what the
//! table offers (`crate::table::Table::lan_listing`) and closes it; a member closes such a
//! stream at once. [`crate::online::browse`] lists tables and two-seat hosts alike.
//!
//! **Ratings.** A finished game's result signed by every human seat
//! ([`TableEvent::ResultSigned`]) is kept beside that game's save and submitted to the relay in
//! use, as the two-seat driver does ([`crate::result_keeper`]).
//!
//! The driver is split by job: `driver` runs the event loop and the links, `computer` thinks
//! for the computer seats, `autosave` writes the record and keeps the signed result.

mod autosave;
mod computer;
mod driver;
mod handle;
mod invitation;
mod link;
mod lobby;
mod quick;
mod room;
mod room_link;

use std::path::PathBuf;

use libp2p::identity::Keypair;
use libp2p::{Multiaddr, StreamProtocol};
use tripot_game::{GameSpec, Player, Seat, TableSpec};
use tripot_protocol::table::{TABLE_PROTOCOL, TableId, Wants};

pub use autosave::{TABLE_LINK_TAG, TABLE_TAG, record_of};
pub use handle::TableHandle;
pub use invitation::{TABLE_LINK_PREFIX, TableLink, TableLinkError};
pub use lobby::{host_listed, is_listed_table, join_listed, listed_as, lobby_table_id};
pub use quick::{QuickTableProgress, RECHECK, accepts, quick_table};
pub use room_link::{TABLE_ROOM_PREFIX, TableRoomLink, TableRoomLinkError};

pub(crate) use link::query_table;

use crate::driver_task;
use crate::event::GameSnapshot;
use crate::online::NetWarning;
use crate::room::{RoomCode, RoomEvent};
use crate::swarm::{NetConfig, SwarmError};
use crate::table::{TableConfig, TableError, TableEvent, TableOffer};

/// The table stream protocol.
#[must_use]
pub const fn table_protocol() -> StreamProtocol {
    StreamProtocol::new(TABLE_PROTOCOL)
}

/// A fresh table id (random: it names the table in its link and in every signed entry).
#[must_use]
pub fn random_table_id() -> TableId {
    TableId(rand::random())
}

/// Makes the computer player of a game at a level (the caller's numbering) with a seed; `None`
/// when it has none. The binary passes `tripot_ai::player`.
pub type ComputerPlayers = fn(&GameSpec, u8, u64) -> Option<Box<dyn Player>>;

/// Everything an online table needs besides what to do.
#[derive(Debug, Clone)]
pub struct TableNetConfig {
    /// The table's timings, the player's name and key (its `addrs` are filled by the driver).
    pub table: TableConfig,
    /// Network settings.
    pub net: NetConfig,
    /// Where to save the record after every entry (none: not saved).
    pub save: Option<PathBuf>,
    /// The computer players, for a host (or a member that may become one) with computer seats.
    pub computers: Option<ComputerPlayers>,
}

/// What to do.
#[derive(Debug, Clone)]
pub enum TableStart {
    /// Open a table and wait for guests.
    Host {
        /// The game, its seats, its clock.
        offer: TableOffer,
        /// A computer player's level for each of the next empty seats, in seat order.
        computers: Vec<u8>,
        /// A private room on the relay under this code (the offer's table id must then be
        /// [`RoomCode::table_id`]); none: anyone with the link may sit.
        room: Option<RoomCode>,
    },
    /// Join the table in the private room of this code, through the relay.
    JoinRoom {
        /// The room's code.
        code: RoomCode,
        /// The table's game and seat count, as the room link named them.
        spec: TableSpec,
        /// A seat, or to watch.
        wants: Wants,
    },
    /// Join the table at this address (it ends with the host's `/p2p/` peer id).
    Join {
        /// The host's address.
        addr: Multiaddr,
        /// The table's id.
        table: TableId,
        /// The table's game and seat count, as the invitation named them.
        spec: TableSpec,
        /// A seat, or to watch.
        wants: Wants,
    },
}

/// What the driver reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableNetEvent {
    /// An address to share (with the `/p2p/` peer id).
    Listening(Multiaddr),
    /// The table's own event.
    Table(TableEvent),
    /// The game as it stands after a start or an entry, and this peer's seat (none: watching):
    /// what a front-end draws, and how a player knows it is its turn.
    Position {
        /// The game now.
        snapshot: GameSnapshot,
        /// This peer's seat.
        my_seat: Option<Seat>,
    },
    /// A local action was refused.
    LocalError(TableError),
    /// The record was saved (its entry count then) to this file.
    Saved {
        /// Entries saved.
        entries: u32,
        /// The file.
        path: PathBuf,
    },
    /// Something went wrong that does not end the table (a save failure, a failed dial).
    Warning(NetWarning),
    /// The private room's news (a failure ends a guest's join).
    Room(RoomEvent),
    /// What became of a finished game's signed result (kept, counted by the relay).
    Rating(crate::result_keeper::RatingNews),
}

/// Why an online table could not start.
#[derive(Debug, thiserror::Error)]
pub enum TableNetError {
    /// The swarm.
    #[error(transparent)]
    Swarm(#[from] SwarmError),
    /// The table.
    #[error(transparent)]
    Table(#[from] TableError),
    /// The host's address cannot be dialled.
    #[error("cannot dial {addr}: {reason}")]
    Dial {
        /// The address.
        addr: Multiaddr,
        /// Why.
        reason: String,
    },
    /// The host's address has no `/p2p/` peer id.
    #[error("the address {0} does not end with the host's /p2p/ peer id")]
    NoPeerId(Multiaddr),
    /// A private room needs a relay.
    #[error("a private room needs a relay (--relay)")]
    NoRelay,
    /// The relay's address.
    #[error(transparent)]
    RelayAddr(#[from] crate::online::RelayAddrError),
    /// A computer seat was asked for and no computer players were given.
    #[error("computer seats need computer players")]
    NoComputers,
    /// The table's lobby listing could not start.
    #[error("cannot list the table in the lobby: {0}")]
    Lobby(crate::online::matchmaking::MatchError),
    /// A table of two seats is not listed in the lobby: a listing of two seats is a two-seat
    /// game's, which the lobby's readers join with the two-seat session.
    #[error("a table of two seats is not listed in the lobby (open a two-seat game there instead)")]
    LobbyTwoSeats,
}

/// Starts an online table on the current tokio runtime.
///
/// # Errors
/// [`TableNetError`] when the swarm cannot listen, the table cannot be opened, or the host's
/// address cannot be dialled.
pub async fn start_table(
    keypair: Keypair,
    config: TableNetConfig,
    start: TableStart,
) -> Result<TableHandle, TableNetError> {
    let driver_task::Running { events, commands, local_peer, task } =
        driver::TableDriver::build(keypair, config, start).await?.spawn();
    Ok(TableHandle { events, commands, local_peer, task })
}
