//! What an online table of 2–6 seats tells the person, as typed values: every front-end words
//! them through the catalogue (`Lang::seats_notice`), never in free text.

use std::path::PathBuf;

use tripot_game::Seat;
use tripot_net::online::NetWarning;
use tripot_net::room::RoomError;
use tripot_net::table::{EntryError, TableError};
use tripot_protocol::table::TableRejectReason;

/// Who a notice is about: a seat by its name, or the person here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Who {
    /// The person at this device.
    You,
    /// A seat, and the name its holder gave (empty for a computer or an empty seat).
    Seat {
        /// The seat.
        seat: Seat,
        /// Its holder's name.
        name: String,
    },
}

/// Something the table tells the person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeatsNotice {
    /// The move sent was refused by the table; the person picks again.
    MoveRefused(TableError),
    /// Another action (resign, draw, vote, chat, claim) was refused.
    ActionRefused(TableError),
    /// The game numbered `game` started (every seat taken).
    Started {
        /// Its number at the table, from 1.
        game: u16,
    },
    /// A seat's player went away during the game.
    SeatAway(Who),
    /// A seat's player came back.
    SeatBack(Who),
    /// A seat has been away past the grace period: any player may claim it.
    Claimable(Who),
    /// A seat offered a draw (the person answers with `answer_draw`).
    DrawOffered(Who),
    /// Our draw offer went out.
    DrawOfferSent,
    /// A seat declined the draw offered.
    DrawDeclined(Who),
    /// The host left; this peer or another hosts now.
    HandOver {
        /// The new host.
        to: Who,
    },
    /// No host is left: the table is over.
    TableLost,
    /// The rematch vote closed: another game follows, or not.
    VoteClosed {
        /// Whether another game follows.
        rematch: bool,
    },
    /// Our vote for another game went out.
    Voted,
    /// A peer sent an entry every honest peer refuses.
    EntryRefused(EntryError),
    /// The host (or a member) refused something this side sent.
    Refused(TableRejectReason),
    /// This side dropped a link (a flood, garbage, a bad entry).
    LinkClosed(TableRejectReason),
    /// A chat line longer than the table allows was not sent.
    ChatTooLong {
        /// The longest line, in bytes.
        max: usize,
    },
    /// The game passed our turn: nothing could move.
    YouWereBlocked,
    /// "Abandonner" asks once.
    ConfirmResign,
    /// Leaving a game under way asks once; where it is saved.
    ConfirmLeave {
        /// The save file.
        saved: Option<PathBuf>,
    },
    /// A problem of the network that does not end the table.
    Warning(NetWarning),
    /// The private room cannot be used; the table stops.
    RoomFailed(RoomError),
}

impl SeatsNotice {
    /// Whether the notice matters more than the others (a front-end may show it in colour).
    #[must_use]
    pub const fn strong(&self) -> bool {
        matches!(
            self,
            SeatsNotice::MoveRefused(_)
                | SeatsNotice::EntryRefused(_)
                | SeatsNotice::LinkClosed(_)
                | SeatsNotice::TableLost
                | SeatsNotice::RoomFailed(_)
                | SeatsNotice::Claimable(_)
                | SeatsNotice::DrawOffered(_)
        )
    }
}
