//! Why a peer refused what it received.

use serde::{Deserialize, Serialize};

/// The reason a message was refused. Sent to the peer and shown to the local player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum RejectReason {
    /// The protocol versions differ.
    Version,
    /// The move is not legal in the receiver's position (the sender forfeits).
    IllegalMove,
    /// It is not the sender's turn.
    OutOfTurn,
    /// The ply number is not the next one.
    WrongPly,
    /// The position hash after the move differs from the receiver's.
    HashMismatch,
    /// The frame could not be decoded (unknown message, bad bytes).
    Malformed,
    /// The frame is longer than the protocol's cap.
    TooLarge,
    /// The message makes no sense in the current state (e.g. a move before the hello).
    Unexpected,
    /// Too many messages in too short a time.
    Flood,
    /// The game id is not the one being played.
    UnknownGame,
    /// The host is already playing with someone else.
    Busy,
    /// The opening draw's reveal does not match its commitment.
    BadReveal,
    /// The game is over.
    GameOver,
    /// A field of the message is longer than the protocol allows (e.g. a hello's name).
    FieldTooLong,
    /// The host offers a random draw and the guest's hello carries no commitment for it.
    NoCommitment,
    /// The host's terms (format, rules) are not ones this client can play.
    Unsupported,
    /// The game is over: the sender claimed it while the receiver was away past the grace period.
    Claimed,
    /// A signature of the game's result that does not verify over the result the receiver
    /// built (forged, or made for another game or another result), or one it cannot check.
    BadSignature,
}

impl RejectReason {
    /// A short English explanation for logs and the player.
    #[must_use]
    pub const fn describe(self) -> &'static str {
        match self {
            RejectReason::Version => "incompatible protocol version",
            RejectReason::IllegalMove => "illegal move",
            RejectReason::OutOfTurn => "move out of turn",
            RejectReason::WrongPly => "wrong ply number",
            RejectReason::HashMismatch => "position hash mismatch",
            RejectReason::Malformed => "malformed message",
            RejectReason::TooLarge => "frame too large",
            RejectReason::Unexpected => "unexpected message",
            RejectReason::Flood => "too many messages",
            RejectReason::UnknownGame => "unknown game",
            RejectReason::Busy => "host busy",
            RejectReason::BadReveal => "reveal does not match commitment",
            RejectReason::GameOver => "the game is over",
            RejectReason::FieldTooLong => "a field is over its length limit",
            RejectReason::NoCommitment => "a random draw needs the guest's commitment",
            RejectReason::Unsupported => "format or rules not supported",
            RejectReason::Claimed => "the opponent claimed the game while you were away",
            RejectReason::BadSignature => "the signature of the game's result does not verify",
        }
    }
}

impl RejectReason {
    /// Whether a guest refused this way in the handshake may try the same host again later
    /// (the host is busy, or was flooded) rather than give up: a different version, terms it
    /// cannot play or a hello the host cannot accept will be refused again.
    #[must_use]
    pub const fn is_transient(self) -> bool {
        matches!(self, RejectReason::Busy | RejectReason::Flood)
    }
}

impl std::fmt::Display for RejectReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.describe())
    }
}

/// A refusal: the reason, the ply it concerns (if any) and a short free text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reject {
    /// Why.
    pub reason: RejectReason,
    /// The ply number of the refused move, when the refusal is about a move.
    pub ply: Option<u32>,
    /// Details (e.g. the engine's explanation), at most [`crate::MAX_NAME`]*4 bytes.
    pub detail: String,
}
