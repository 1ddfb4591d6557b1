//! What an online game tells its front-end after each step:
//! [`Notice`]s to say and the [`Warning`] that stays on the panel — typed, so that each
//! front-end words them in the player's language (the terminal's in `i18n`).

use std::time::Duration;

use tripot_net::online::RoomError;
use tripot_net::{LocalError, Refuser};
use tripot_protocol::RejectReason;

use super::network::NetworkError;

/// What the player should be told, worded by the front-end in the player's language.
#[derive(Debug)]
pub enum Notice {
    /// Our move was refused by our own session, and taken back.
    MoveRefused(LocalError),
    /// A resignation, claim or rematch refused by our own session.
    ActionRefused(LocalError),
    /// A move refused by one side (the peer's by us, ours by the peer).
    Rejected {
        /// Who refused.
        by: Refuser,
        /// Why.
        reason: RejectReason,
        /// The move's number, if known.
        ply: Option<u32>,
        /// The refuser's words.
        detail: String,
    },
    /// A guest left during the handshake; the table is free again.
    GuestLeft,
    /// The host refused the game for good.
    HostRefused {
        /// Why.
        reason: RejectReason,
        /// The host's words.
        detail: String,
    },
    /// The opponent is back; the game goes on.
    Resumed,
    /// The opponent left the live game on purpose (not a network cut).
    PeerLeft,
    /// The opponent offers a rematch.
    RematchOffered {
        /// The opponent's name.
        name: String,
    },
    /// No rematch: refused here, or by the opponent (or it left).
    RematchDeclined {
        /// Who declined.
        by: Refuser,
    },
    /// The rematch started: game number `n` on this connection.
    RematchStarted(u32),
    /// We offered a rematch; waiting for the answer.
    RematchAsked,
    /// The finished game's signed result was counted by the relay (`before`: already).
    Rated {
        /// It had been counted already (the opponent submitted it first).
        before: bool,
    },
    /// The finished game's signed result is kept, with no relay to send it to.
    ResultKept,
    /// The finished game is not rated: its result stays unsigned.
    NotRated(tripot_net::UnsignedCause),
    /// The opponent was blocked: its turn passed.
    PeerBlocked {
        /// The opponent's name.
        name: String,
    },
    /// We were blocked: our turn passed.
    YouWereBlocked,
    /// Resigning asks for a second press.
    ConfirmResign,
    /// Leaving a live game asks for a second press.
    ConfirmLeave {
        /// The game's file, once saved: what `--resume` takes.
        saved: Option<std::path::PathBuf>,
        /// Whether this side hosts (`tripot host --resume`) or joined (`tripot join --resume`).
        host: bool,
    },
    /// The private room cannot be used: the session stopped.
    RoomFailed(RoomError),
    /// The network failed (a quick match that could not reach a relay…).
    NetworkFailed(NetworkError),
}

impl Notice {
    /// Said with emphasis: a refusal, a passed turn, a question, a failure.
    #[must_use]
    pub fn strong(&self) -> bool {
        !matches!(
            self,
            Notice::GuestLeft
                | Notice::Resumed
                | Notice::RematchOffered { .. }
                | Notice::RematchDeclined { .. }
                | Notice::RematchStarted(_)
                | Notice::RematchAsked
        )
    }
}

/// What stays shown on the online panel about the connection.
#[derive(Debug, Clone)]
pub enum Warning {
    /// A problem of the network that does not end the game (a save, a dial…).
    Net(tripot_net::online::NetWarning),
    /// A guest's room lookup was throttled by a busy relay; the session tries again by itself.
    RelayBusy,
    /// Someone tried our room with a wrong code; the room stays open.
    RoomRefused(tripot_net::online::GuestRefusal),
    /// The private room cannot be used.
    RoomFailed(RoomError),
    /// The host refuses: for good, or for now (then the session tries again after `retry_in`).
    HostRefused {
        /// Why.
        reason: RejectReason,
        /// The host's words.
        detail: String,
        /// When the session tries again; `None`: it gave up.
        retry_in: Option<Duration>,
    },
}
