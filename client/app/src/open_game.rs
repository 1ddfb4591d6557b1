//! An open game one can join, wherever it was found: a player or a table hosting on the LAN
//! (found by mDNS) or a table in a relay's lobby. The front-ends list both the same way; an
//! online table (of the LAN, or of 3–6 seats in the lobby) carries the invitation that sits
//! at it ([`OpenGame::invitation`]), joined through
//! [`crate::network::Network::join_seats`] rather than the two-seat session.

use tripot_game::{GameSpec, TableSpec};
use tripot_net::online::matchmaking::lobby::TableEntry;
use tripot_net::table_online::{TableLink, is_listed_table, lobby_table_id};
use tripot_net::{LanHost, LanOffer, Multiaddr};

use crate::table_invitation::TableInvitation;

/// A game waiting for an opponent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenGame {
    /// The host's name.
    pub name: String,
    /// The game offered (the catalogue gives its title; a name this client does not know is
    /// still listed, by its name).
    pub game: GameSpec,
    /// Its seats.
    pub seats: u8,
    /// Seats still free.
    pub free_seats: u8,
    /// Seconds the host has been waiting.
    pub waiting_secs: u64,
    /// Where to join it: the host itself on the LAN, through the relay for a lobby table.
    pub addr: Multiaddr,
    /// For an online table (of the LAN, or of 3–6 seats in the lobby; not a two-seat session):
    /// its invitation, which takes the first free seat through
    /// [`crate::network::Network::join_seats`].
    pub invitation: Option<TableInvitation>,
}

impl OpenGame {
    /// An open game of `game`.
    #[must_use]
    pub fn new(
        name: String,
        game: GameSpec,
        seats: u8,
        free_seats: u8,
        waiting_secs: u64,
        addr: Multiaddr,
    ) -> Self {
        OpenGame { name, game, seats, free_seats, waiting_secs, addr, invitation: None }
    }
}

/// The open games as last listed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenGames {
    /// The relay whose lobby this is; `None` for the LAN.
    pub relay: Option<Multiaddr>,
    /// Every open game, longest waiting first for a lobby.
    pub games: Vec<OpenGame>,
}

impl From<LanHost> for OpenGame {
    fn from(host: LanHost) -> OpenGame {
        // A table on the LAN names its id: with the host's address, that is its invitation.
        let invitation = match host.offer {
            LanOffer::Session => None,
            LanOffer::Table { table, .. } => Some(TableInvitation::Table(TableLink {
                spec: TableSpec { game: host.game.clone(), seats: host.seats },
                table,
                host: host.addr.clone(),
            })),
        };
        let waiting = u64::from(host.waiting_secs);
        OpenGame {
            invitation,
            ..OpenGame::new(host.name, host.game, host.seats, host.free, waiting, host.addr)
        }
    }
}

impl From<TableEntry> for OpenGame {
    fn from(entry: TableEntry) -> OpenGame {
        // The table's id is derived from its listing, so the entry is its whole invitation.
        let invitation = is_listed_table(&entry.table).then(|| {
            TableInvitation::Table(TableLink {
                spec: entry.table.table.clone(),
                table: lobby_table_id(&entry.host, &entry.table),
                host: entry.addr.clone(),
            })
        });
        let table = entry.table;
        OpenGame {
            invitation,
            ..OpenGame::new(
                table.name,
                table.table.game,
                table.table.seats,
                table.free_seats,
                entry.waiting_secs,
                entry.addr,
            )
        }
    }
}
