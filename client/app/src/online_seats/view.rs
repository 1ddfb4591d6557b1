//! The view model of an online table of 2–6 seats: what every front-end draws around the board
//! (the board itself is the [`crate::table::Table`]'s), read from the controller at an instant.

use std::time::Duration;

use tripot_game::{Outcome, Seat, TableSpec};
use tripot_protocol::table::{Channel, ClockRule};

use super::LobbyWay;

/// Who holds a seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeatHolderView {
    /// Nobody yet: a guest may take it.
    Empty,
    /// The person at this device.
    You {
        /// Our name as the table announces it.
        name: String,
    },
    /// A person on another device.
    Person {
        /// Their name.
        name: String,
    },
    /// A computer player the host runs.
    Computer {
        /// Its level ([`tripot_ai::Level::number`]: 1 débutant … 5 impossible).
        level: u8,
    },
}

/// A seat's clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeatClock {
    /// The time left: of the move under way (per move), or of the reserve.
    pub left: Duration,
    /// Whether it runs now (the seat is to move).
    pub running: bool,
    /// A time per move (its countdown), else a reserve.
    pub per_move: bool,
}

/// One seat of the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatView {
    /// The seat.
    pub seat: Seat,
    /// Who holds it.
    pub holder: SeatHolderView,
    /// Its player's link is down during the game.
    pub away: bool,
    /// Away past the grace period: it may be claimed.
    pub claimable: bool,
    /// Its player hosts the table now.
    pub host: bool,
    /// Its clock (none without a clock, or for a computer).
    pub clock: Option<SeatClock>,
    /// Moves the clock played for it in a row (the third times it out, per move).
    pub timeouts: u8,
    /// The person here muted its chat.
    pub muted: bool,
}

/// Who wrote a chat line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChatFrom {
    /// The person here.
    You,
    /// A seat's player.
    Seat {
        /// The seat.
        seat: Seat,
        /// Their name.
        name: String,
    },
    /// A spectator (or a peer no seat names).
    Spectator,
}

/// A chat line as shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatEntry {
    /// The players' chat or the spectators'.
    pub channel: Channel,
    /// Who wrote it.
    pub from: ChatFrom,
    /// What they wrote.
    pub text: String,
}

/// The rematch vote after a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RematchView {
    /// The seats that voted so far.
    pub votes: Vec<Seat>,
    /// Whether the person here voted.
    pub voted: bool,
    /// Until the vote closes.
    pub left: Duration,
}

/// The table around the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatsView {
    /// The game and its seat count.
    pub spec: TableSpec,
    /// The game's number at the table, from 1 (0: none started yet, seats being taken).
    pub game: u16,
    /// Whether the game is under way.
    pub started: bool,
    /// Every seat, in seat order.
    pub seats: Vec<SeatView>,
    /// Our seat; none: watching (or not seated yet).
    pub my_seat: Option<Seat>,
    /// Whose turn it is.
    pub to_move: Option<Seat>,
    /// The clock's rule.
    pub clock: ClockRule,
    /// Whether spectators are let in.
    pub spectators: bool,
    /// Spectators watching, as the host last counted them.
    pub watching: u16,
    /// Whether the person here hosts the table.
    pub hosting: bool,
    /// What to share for others to sit: the table's link or its room's.
    pub invitation: Option<String>,
    /// A table of the relay's lobby, found there and not by a link (none to share): how this
    /// peer came to it.
    pub lobby: Option<LobbyWay>,
    /// The last chat lines, oldest first.
    pub chat: Vec<ChatEntry>,
    /// A draw offered and not answered, by this seat.
    pub draw_offer: Option<Seat>,
    /// The rematch vote, while it is open.
    pub rematch: Option<RematchView>,
    /// How the game ended (the places and the reason), once it has.
    pub end: Option<Outcome>,
    /// The empty seats the person may give a computer now: the host's, before a game (the
    /// first, or the next after a vote left seats free).
    pub computer_seats: Vec<Seat>,
}
