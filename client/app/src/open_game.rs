//! An open game one can join, wherever it was found: a player or a table hosting on the LAN
//! (found by mDNS) or a table in a relay's lobby. The front-ends list both the same way; an
//! online table (of the LAN, or of 3–6 seats in the lobby) carries the invitation that sits
//! at it ([`OpenGame::invitation`]), joined through
//! [`crate::network::Network::join_seats`] rather than the two-seat session. A table whose game
//! is under way is listed if it lets spectators in ([`OpenGame::under_way`]): one watches it.

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
    /// Seats still free (none for a table under way).
    pub free_seats: u8,
    /// A table whose game is under way and that lets spectators in: opening it watches it
    /// (with its [`OpenGame::invitation`]), nobody sits there.
    pub under_way: bool,
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
        OpenGame { name, game, seats, free_seats, waiting_secs, addr, invitation: None, under_way: false }
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
        // Listed with no free seat, it is there to be watched (if it lets spectators in).
        let under_way = host.may_watch() && !host.has_seat();
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
            under_way,
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
            under_way: table.under_way(),
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

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use tripot_directory::LobbyTable;
    use tripot_net::PeerId;
    use tripot_protocol::table::TableId;

    fn addr() -> Multiaddr {
        "/ip4/127.0.0.1/tcp/1/p2p/12D3KooWAZbuLKxgZbhtG4hYvtpXnhHCzTeMVgY3rM2H3uxaF3Ah".parse().unwrap()
    }

    #[test]
    fn a_lobby_table_under_way_is_listed_to_be_watched_with_the_open_tables_id() {
        let host = PeerId::random();
        let spec = TableSpec { game: GameSpec::new("kawu-3").unwrap(), seats: 3 };
        let open = LobbyTable::new(spec, 5, "Nice");
        let entry = |table: LobbyTable| TableEntry { host, table, addr: addr(), waiting_secs: 9 };
        let seats = OpenGame::from(entry(open.clone()));
        let watched = OpenGame::from(entry(open.watched()));
        assert!(!seats.under_way && seats.free_seats == 2);
        assert!(watched.under_way && watched.free_seats == 0);
        assert!(watched.invitation.is_some());
        assert_eq!(watched.invitation, seats.invitation);
    }

    #[test]
    fn a_lan_table_with_no_seat_is_under_way_only_if_one_may_watch() {
        let lan = |free, spectators| LanHost {
            peer: PeerId::random(),
            addr: addr(),
            name: "Nice".into(),
            game: GameSpec::new("kawu-3").unwrap(),
            seats: 3,
            free,
            waiting_secs: 4,
            offer: LanOffer::Table { table: TableId([3; 16]), spectators, started: free == 0 },
        };
        assert!(OpenGame::from(lan(0, true)).under_way);
        assert!(!OpenGame::from(lan(0, false)).under_way);
        assert!(!OpenGame::from(lan(1, true)).under_way);
    }
}
