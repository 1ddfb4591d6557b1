//! Why an entry of the record is refused, and why a local action is.

use tripot_game::{MoveError, Seat};

/// Why an entry of a table's record is refused. Every peer checks every entry with the same
/// checks, so the same entry is refused by all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EntryError {
    /// The entry could not be encoded to be signed or checked (it cannot happen with this
    /// crate's types).
    #[error("the entry does not encode")]
    Unencodable,
    /// The local key cannot sign.
    #[error("the key cannot sign")]
    CannotSign,
    /// The signer's peer id does not inline an ed25519 key.
    #[error("the signer's peer id inlines no ed25519 key")]
    NotEd25519,
    /// The signature does not verify with the signer's key.
    #[error("the signature does not verify")]
    Forged,
    /// Not the next entry of the record.
    #[error("entry {got}, the record expects {expected}")]
    WrongIndex {
        /// The next index of the record.
        expected: u32,
        /// The entry's.
        got: u32,
    },
    /// Its `prev` is not the chain hash of the record before it.
    #[error("the entry does not follow the record's chain")]
    BrokenChain,
    /// No game under way.
    #[error("no game is under way")]
    NoGame,
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Not a seat of the table.
    #[error("{0} is no seat of the table")]
    NotASeat(Seat),
    /// Signed as the seat, by a key that is not the seat's (or the seat is not a person's).
    #[error("{0} is not signed by the key sitting there")]
    NotTheSeat(Seat),
    /// Signed as a host, by a key that is not the host of the epoch named.
    #[error("signed as host of epoch {0} by another key")]
    NotTheHost(u8),
    /// Signed by the host of an epoch older than one already seen.
    #[error("host epoch {got} after epoch {seen}")]
    EpochWentBack {
        /// The latest epoch in the record.
        seen: u8,
        /// The entry's.
        got: u8,
    },
    /// The signer may not decide this for the seat: the host signing a person's move or
    /// resignation, a clock decision without a clock, a seat signing its own time-out…
    #[error("the signer may not decide this for {0}")]
    NotTheSignersToDecide(Seat),
    /// A draw offered or accepted where none may be.
    #[error("no draw can be offered or accepted here")]
    NoDraw,
    /// A seat timed out by the per-move clock before its two moves played by the clock in a row.
    #[error("{0} has not had two moves played by the clock in a row")]
    NotThirdTimeout(Seat),
    /// The clock says the time is not up (or the host's clock disagrees with this peer's beyond
    /// the round trip).
    #[error("the clock of {0} had not run out")]
    TimeNotUp(Seat),
    /// A seat ruled away past the grace period while this peer saw it present.
    #[error("{0} was not away past the grace period")]
    NotAway(Seat),
    /// The game refused the move or the leaving.
    #[error(transparent)]
    Illegal(#[from] MoveError),
}

impl EntryError {
    /// Whether the entry is merely stale or early (the record moved on, or lacks entries before
    /// it) rather than wrong: its sender is not at fault.
    #[must_use]
    pub const fn is_out_of_step(&self) -> bool {
        matches!(self, EntryError::WrongIndex { .. } | EntryError::BrokenChain | EntryError::NoGame)
    }
}

/// A local action the table refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// Only the host may do this.
    #[error("only the host may do this")]
    NotHost,
    /// The local peer has no seat.
    #[error("you have no seat")]
    NoSeat,
    /// Not a free seat of the table (or not one of the table at all).
    #[error("{0} is not a free seat")]
    SeatTaken(Seat),
    /// The table's game and seat count do not go together, or the game cannot be opened.
    #[error("the game cannot be opened: {0}")]
    Open(String),
    /// A computer move asked for a seat that is not a computer's to move.
    #[error("it is not a computer's turn at {0}")]
    NotComputersTurn(Seat),
    /// The seat away has not been away past the grace period.
    #[error("{0} cannot be claimed")]
    CannotClaim(Seat),
    /// A rematch vote outside the vote's window.
    #[error("no rematch vote is open")]
    NoVote,
    /// A chat line longer than the wire allows.
    #[error("chat line refused: too long")]
    ChatTooLong,
    /// More chat lines than the chat's rate allows: refused here, as the host would refuse
    /// them, so that a flood never fills this peer's own link.
    #[error("chat line refused: too many lines too fast")]
    ChatTooFast,
    /// The entry could not be made or was refused by the record.
    #[error(transparent)]
    Entry(#[from] EntryError),
    /// A move given as text that the game cannot read.
    #[error("that move cannot be read: {0}")]
    Move(tripot_game::MoveError),
}
