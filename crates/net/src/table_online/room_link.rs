//! The link a host shares to a table in a private room: the game, its seat count and the
//! room's code, `tripot://room/<game>/<seats>/<CODE>`, for example `tripot://room/kawu-3/3/K7M-4QP`.
//! No address: the guest finds the host through its relay's room directory by the code and
//! proves it knows the code, as in a two-seat room; the table's id is derived from the code
//! ([`RoomCode::table_id`]). A bare code (`tripot join K7M-4QP`) stays a two-seat room's.

use std::fmt;
use std::str::FromStr;

use tripot_game::TableSpec;

use super::invitation::{TableLinkError, game_and_seats};
use crate::room::RoomCode;

/// What every room link of a table starts with.
pub const TABLE_ROOM_PREFIX: &str = "tripot://room/";

/// A table's invitation by code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableRoomLink {
    /// The game and its seat count.
    pub spec: TableSpec,
    /// The room's code.
    pub code: RoomCode,
}

impl fmt::Display for TableRoomLink {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{TABLE_ROOM_PREFIX}{}/{}/{}", self.spec.game, self.spec.seats, self.code)
    }
}

/// Why a text is not a table's room link.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableRoomLinkError {
    /// The game or the seat count.
    #[error(transparent)]
    Table(#[from] TableLinkError),
    /// The code.
    #[error("'{0}' is not a room code")]
    Code(String),
}

impl FromStr for TableRoomLink {
    type Err = TableRoomLinkError;

    fn from_str(text: &str) -> Result<TableRoomLink, TableRoomLinkError> {
        let rest = text.trim().strip_prefix(TABLE_ROOM_PREFIX).ok_or(TableLinkError::Prefix)?;
        let (spec, code) = game_and_seats(rest, "room code")?;
        let code = code.parse().map_err(|_| TableRoomLinkError::Code(code.to_owned()))?;
        Ok(TableRoomLink { spec, code })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn a_room_link_reads_back_and_says_what_is_wrong() {
        let link = TableRoomLink {
            spec: TableSpec { game: "kawu-3".parse().unwrap(), seats: 3 },
            code: "K7M-4QP".parse().unwrap(),
        };
        assert_eq!(link.to_string(), "tripot://room/kawu-3/3/K7M-4QP");
        assert_eq!("tripot://room/kawu-3/3/k7m-4qp".parse::<TableRoomLink>().unwrap(), link);
        assert_eq!(
            "tripot://room/kawu-3/3/K7M-4Q0".parse::<TableRoomLink>(),
            Err(TableRoomLinkError::Code("K7M-4Q0".into()))
        );
        assert_eq!(
            "tripot://room/kawu-3".parse::<TableRoomLink>(),
            Err(TableRoomLinkError::Table(TableLinkError::Missing("seat count")))
        );
        assert!("tripot://table/kawu-3/3/K7M-4QP".parse::<TableRoomLink>().is_err());
    }
}
