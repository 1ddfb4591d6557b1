//! The link a host shares to its table: everything a member needs to sit down — the game,
//! its seat count, the table's id and where the host listens:
//!
//! `tripot://table/<game>/<seats>/<table id, 32 hex digits><host multiaddr>`, for example
//! `tripot://table/kawu-3/3/17171717171717171717171717171717/ip4/192.168.1.20/tcp/4001/p2p/12D3Koo…`.
//! The multiaddr ends with the host's `/p2p/` peer id (a relayed address,
//! `…/p2p/<relay>/p2p-circuit/p2p/<host>`, works the same).

use std::fmt;
use std::str::FromStr;

use libp2p::Multiaddr;
use tripot_game::{GameSpec, TableSpec};
use tripot_protocol::table::TableId;

/// What every table link starts with.
pub const TABLE_LINK_PREFIX: &str = "tripot://table/";

/// A table's invitation: what `tripot join` and `tripot watch` take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableLink {
    /// The game and its seat count.
    pub spec: TableSpec,
    /// The table's id.
    pub table: TableId,
    /// Where the host listens (ending with its peer id).
    pub host: Multiaddr,
}

/// Why a text is not a table link.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableLinkError {
    /// It does not start with [`TABLE_LINK_PREFIX`].
    #[error("a table link starts with {TABLE_LINK_PREFIX}")]
    Prefix,
    /// A part is missing.
    #[error("a table link is {TABLE_LINK_PREFIX}<game>/<seats>/<table id><host address>: the {0} is missing")]
    Missing(&'static str),
    /// The game's name is not one.
    #[error("'{0}' is not a game's name")]
    Game(String),
    /// The seat count is not a number of 2 to 6.
    #[error("'{0}' is not a seat count of 2 to 6")]
    Seats(String),
    /// The table id is not 32 hex digits.
    #[error("'{0}' is not a table id (32 hex digits)")]
    TableId(String),
    /// The host's address does not read.
    #[error("the host's address does not read: {0}")]
    Address(String),
}

impl fmt::Display for TableLink {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{TABLE_LINK_PREFIX}{}/{}/", self.spec.game, self.spec.seats)?;
        for byte in self.table.0 {
            write!(f, "{byte:02x}")?;
        }
        write!(f, "{}", self.host)
    }
}

impl FromStr for TableLink {
    type Err = TableLinkError;

    fn from_str(text: &str) -> Result<TableLink, TableLinkError> {
        let rest = text.trim().strip_prefix(TABLE_LINK_PREFIX).ok_or(TableLinkError::Prefix)?;
        let (spec, rest) = game_and_seats(rest, "table id")?;
        let id_end = rest.find('/').ok_or(TableLinkError::Missing("host's address"))?;
        let table =
            table_id(&rest[..id_end]).ok_or_else(|| TableLinkError::TableId(rest[..id_end].to_owned()))?;
        let host: Multiaddr = rest[id_end..]
            .parse()
            .map_err(|e: libp2p::multiaddr::Error| TableLinkError::Address(e.to_string()))?;
        Ok(TableLink { spec, table, host })
    }
}

/// `<game>/<seats>/` at the start of a link's text, and what follows (`next` names it when
/// it is missing).
pub(super) fn game_and_seats<'t>(
    text: &'t str,
    next: &'static str,
) -> Result<(TableSpec, &'t str), TableLinkError> {
    let (game, rest) = text.split_once('/').ok_or(TableLinkError::Missing("seat count"))?;
    let (seats, rest) = rest.split_once('/').ok_or(TableLinkError::Missing(next))?;
    let game: GameSpec = game.parse().map_err(|_| TableLinkError::Game(game.to_owned()))?;
    let seats = seats
        .parse::<u8>()
        .ok()
        .filter(|n| (2..=6).contains(n))
        .ok_or_else(|| TableLinkError::Seats(seats.to_owned()))?;
    Ok((TableSpec { game, seats }, rest))
}

/// 32 hex digits as a table id.
fn table_id(hex: &str) -> Option<TableId> {
    if hex.len() != 32 || !hex.is_ascii() {
        return None;
    }
    let mut id = [0u8; 16];
    for (byte, pair) in id.iter_mut().zip(hex.as_bytes().chunks(2)) {
        *byte = u8::from_str_radix(std::str::from_utf8(pair).ok()?, 16).ok()?;
    }
    Some(TableId(id))
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    const HOST: &str = "/ip4/127.0.0.1/tcp/4001/p2p/12D3KooWLJtG8fd2hkQzTn96MrLvThmnNQjTUFZwGEsLRz5EmSzc";

    #[test]
    fn a_link_reads_back_as_written() {
        let link = TableLink {
            spec: TableSpec { game: "kawu-3".parse().unwrap(), seats: 3 },
            table: TableId([0xa7; 16]),
            host: HOST.parse().unwrap(),
        };
        let text = link.to_string();
        assert!(text.starts_with("tripot://table/kawu-3/3/a7a7"), "{text}");
        assert_eq!(text.parse::<TableLink>().unwrap(), link);
    }

    #[test]
    fn a_broken_link_says_what_is_wrong() {
        let id = "00".repeat(16);
        assert_eq!("tripot://join/x".parse::<TableLink>(), Err(TableLinkError::Prefix));
        assert_eq!(
            format!("tripot://table/kawu-3/9/{id}{HOST}").parse::<TableLink>(),
            Err(TableLinkError::Seats("9".into()))
        );
        assert!(matches!(
            format!("tripot://table/kawu-3/3/{}{HOST}", "0g".repeat(16)).parse::<TableLink>(),
            Err(TableLinkError::TableId(_))
        ));
        assert!(matches!(
            format!("tripot://table/kawu-3/3/{id}/ip4/nope").parse::<TableLink>(),
            Err(TableLinkError::Address(_))
        ));
        assert_eq!("tripot://table/kawu-3".parse::<TableLink>(), Err(TableLinkError::Missing("seat count")));
    }
}
