//! What a table hands back to its driver: messages to send on links, and events.

use tripot_game::{Outcome, Seat};
use tripot_protocol::table::{ChatLine, PeerKey, TableMessage, TableReject, TableRejectReason, TableState};

use tripot_ratings_wire::{SignedResult, Unrated};

use super::error::EntryError;
use super::record::Applied;
use super::result_signing::ResultSignatureError;
use crate::event::{GameSnapshot, UnsignedCause};

/// A link of a table, numbered by the driver (one per stream).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LinkId(pub u64);

/// What the driver reports to a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableInput {
    /// A stream is open with `peer` (its libp2p peer id's bytes, as the connection authenticated
    /// it): to the host for a member, from a guest or spectator for the host.
    Up {
        /// The link.
        link: LinkId,
        /// The peer at the other end.
        peer: PeerKey,
    },
    /// A whole message arrived.
    Message {
        /// The link.
        link: LinkId,
        /// The message.
        message: TableMessage,
    },
    /// A frame arrived that is not a message.
    Malformed {
        /// The link.
        link: LinkId,
        /// Why.
        error: tripot_protocol::FrameError,
    },
    /// The stream is gone.
    Down {
        /// The link.
        link: LinkId,
    },
}

/// What the table asks the driver to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableOutput {
    /// Send `message` on `link`.
    Send {
        /// The link.
        link: LinkId,
        /// The message.
        message: TableMessage,
    },
    /// Drop `link` (after a flood, garbage or a version mismatch; for a member, a host that
    /// sent a bad entry).
    Close {
        /// The link.
        link: LinkId,
    },
}

/// An event of a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableEvent {
    /// The table as its host now announces it (seats, hosts, clock, game).
    Table(TableState),
    /// The game numbered `game` started; its record is empty.
    Started {
        /// The game's number at the table.
        game: u16,
    },
    /// An entry was checked and applied.
    Applied {
        /// What it did.
        applied: Applied,
        /// The game after it.
        snapshot: GameSnapshot,
    },
    /// The host must give a computer seat's move: answer with [`super::Table::computer_move`].
    ComputerToMove {
        /// The seat.
        seat: Seat,
        /// Its level (the caller's numbering).
        level: u8,
        /// The game to move in.
        snapshot: GameSnapshot,
    },
    /// The game ended.
    Ended(Outcome),
    /// An entry was refused: by every honest peer alike.
    EntryRefused {
        /// Who sent it (the link's peer), when known.
        from: Option<PeerKey>,
        /// Why.
        error: EntryError,
    },
    /// The peer refused something this side sent.
    Refused(TableReject),
    /// This side dropped a link.
    LinkClosed {
        /// The link.
        link: LinkId,
        /// Why.
        reason: TableRejectReason,
    },
    /// A seat offered a draw.
    DrawOffered {
        /// The seat.
        seat: Seat,
    },
    /// A seat declined the draw offered.
    DrawDeclined {
        /// The seat.
        seat: Seat,
    },
    /// A seat's peer went away during the game.
    SeatAway {
        /// The seat.
        seat: Seat,
    },
    /// A seat's peer came back.
    SeatBack {
        /// The seat.
        seat: Seat,
    },
    /// A seat has been away past the grace period: the others may claim.
    Claimable {
        /// The seat.
        seat: Seat,
    },
    /// The host is gone: connect to the next one (its peer id and announced addresses) and the
    /// table goes on there.
    HostGone {
        /// The next host.
        next: PeerKey,
        /// Where it said it may be reached.
        addrs: Vec<Vec<u8>>,
    },
    /// This peer is the host now (the hand-over order reached it).
    BecameHost {
        /// Its index in the hand-over order.
        epoch: u8,
    },
    /// No host is left to hand over to.
    TableLost,
    /// The seats that voted for another game so far.
    Votes(Vec<Seat>),
    /// The rematch vote closed: a new game is being set up, or not.
    VoteClosed {
        /// Whether a new game follows.
        rematch: bool,
    },
    /// A chat line (never from a muted peer).
    Chat(ChatLine),
    /// Every human seat signed the finished game's result: what a relay's ratings count.
    ResultSigned(Box<SignedResult>),
    /// The finished game's result will not be complete (a seat declined, or the signatures did
    /// not all come): the game is not rated.
    ResultUnsigned(UnsignedCause),
    /// The finished game is never rated (a computer seat, partners, or this peer is a guest):
    /// nobody was asked to sign.
    Unrated(Unrated),
    /// A signature of the result (or a refusal to sign) was refused, never kept.
    SignatureRefused {
        /// Who sent it (the link's peer, for a host), when known.
        from: Option<PeerKey>,
        /// Why.
        error: ResultSignatureError,
    },
}
