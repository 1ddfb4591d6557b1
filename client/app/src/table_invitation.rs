//! What a person types or pastes to reach an online table of 2–6 seats: the table's own link
//! (`tripot://table/<game>/<seats>/<id><host address>`, straight to the host) or a private
//! room's link (`tripot://room/<game>/<seats>/<CODE>`, found through the relay by its code).
//! One reader for both, so that every front-end's « join » field takes either.

use std::fmt;
use std::str::FromStr;

use tripot_game::TableSpec;
use tripot_net::table_online::{
    TABLE_LINK_PREFIX, TABLE_ROOM_PREFIX, TableLink, TableLinkError, TableRoomLink, TableRoomLinkError,
};

/// A table's invitation: its link, or its private room's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableInvitation {
    /// The table's link: the host's address and the table's id.
    Table(TableLink),
    /// A private room's link: the relay finds the host by the code.
    Room(TableRoomLink),
}

impl TableInvitation {
    /// The game and its seat count, as the invitation names them.
    #[must_use]
    pub const fn spec(&self) -> &TableSpec {
        match self {
            TableInvitation::Table(link) => &link.spec,
            TableInvitation::Room(link) => &link.spec,
        }
    }
}

impl fmt::Display for TableInvitation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableInvitation::Table(link) => link.fmt(f),
            TableInvitation::Room(link) => link.fmt(f),
        }
    }
}

/// Why a text is not a table's invitation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableInvitationError {
    /// Neither a table's link nor a room's.
    #[error("a table's invitation starts with {TABLE_LINK_PREFIX} or {TABLE_ROOM_PREFIX}")]
    Prefix,
    /// A table's link that does not read.
    #[error(transparent)]
    Table(#[from] TableLinkError),
    /// A room's link that does not read.
    #[error(transparent)]
    Room(#[from] TableRoomLinkError),
}

impl FromStr for TableInvitation {
    type Err = TableInvitationError;

    fn from_str(text: &str) -> Result<TableInvitation, TableInvitationError> {
        let text = text.trim();
        if text.starts_with(TABLE_ROOM_PREFIX) {
            Ok(TableInvitation::Room(text.parse()?))
        } else if text.starts_with(TABLE_LINK_PREFIX) {
            Ok(TableInvitation::Table(text.parse()?))
        } else {
            Err(TableInvitationError::Prefix)
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_room_link_and_a_table_link_both_read_and_anything_else_is_refused() {
        let room: TableInvitation = " tripot://room/kawu-3/3/K7M-4QP ".parse().unwrap();
        assert!(matches!(room, TableInvitation::Room(_)));
        assert_eq!(room.to_string(), "tripot://room/kawu-3/3/K7M-4QP");
        assert_eq!(room.spec().seats, 3);
        let id = "00112233445566778899aabbccddeeff";
        let text = format!(
            "tripot://table/kawu-3/3/{id}/ip4/127.0.0.1/tcp/4001/p2p/12D3KooWDpJ7As7BWAwRMfu1VU2WCqNjvq387JEYKDBj4kx6nXTN"
        );
        let table: TableInvitation = text.parse().unwrap();
        assert!(matches!(table, TableInvitation::Table(_)));
        assert_eq!(table.to_string(), text);
        assert_eq!("K7M-4QP".parse::<TableInvitation>(), Err(TableInvitationError::Prefix));
        assert!(matches!(
            "tripot://table/kawu-3".parse::<TableInvitation>(),
            Err(TableInvitationError::Table(TableLinkError::Missing(_)))
        ));
    }
}
