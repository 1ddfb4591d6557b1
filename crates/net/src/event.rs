//! What a session hands back to its driver (ggrs style: events, not callbacks).

use std::time::Duration;

use tripot_game::{GameMove, GameSpec, GameState, Seat};
use tripot_protocol::{GameId, RejectReason};

use tripot_ratings_wire::SignedResult;

use crate::online_game::Ending;

/// Why a finished game's result was left unsigned (the game is not rated).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnsignedCause {
    /// The opponent signs nothing for it (a guest key of one game, or a computer at its seat).
    PeerDeclined,
    /// The opponent's signature did not come in time, or the link dropped before it came.
    NoAnswer,
}

impl UnsignedCause {
    /// A short name for logs and JSON events.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            UnsignedCause::PeerDeclined => "declined",
            UnsignedCause::NoAnswer => "no-answer",
        }
    }
}

/// The game as it stands after an event: for a front-end to draw (it verifies nothing: the
/// session did). Two are equal when they hold the same game, moves and position.
#[derive(Debug, Clone)]
pub struct GameSnapshot(pub Box<dyn GameState>);

impl PartialEq for GameSnapshot {
    fn eq(&self, other: &GameSnapshot) -> bool {
        let (a, b) = (self.0.as_ref(), other.0.as_ref());
        a.spec() == b.spec() && a.moves() == b.moves() && a.position_string() == b.position_string()
    }
}

impl Eq for GameSnapshot {}

/// Who refused a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refuser {
    /// This side refused what the peer sent.
    Local,
    /// The peer refused what this side sent.
    Peer,
}

/// Why a handshake ended before its game started. The host's table is free again at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AbortCause {
    /// This side refused what the peer sent (a version, a hello field, a reveal, a flood…) and
    /// closed the link.
    Refused(RejectReason),
    /// The peer left, or its stream broke.
    Left,
    /// The peer said nothing for too long, or did not finish the handshake in time.
    Silent,
}

impl AbortCause {
    /// A short name for logs and JSON events.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            AbortCause::Refused(_) => "refused",
            AbortCause::Left => "left",
            AbortCause::Silent => "silent",
        }
    }
}

/// An event of a game session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SessionEvent {
    /// The handshake is done; the game starts (or a resumed game is live again).
    Connected {
        /// The game.
        game_id: GameId,
        /// The game played.
        game: GameSpec,
        /// This side's seat.
        local_seat: Seat,
        /// The seat that opens.
        opener: Seat,
        /// The opponent's name.
        peer_name: String,
        /// Moves played so far (a resumed game has some).
        ply: u32,
        /// The game now.
        state: GameSnapshot,
    },
    /// A local move was accepted and sent.
    MoveSent {
        /// Its ply number.
        ply: u32,
        /// The seat that played it (this side's).
        seat: Seat,
        /// The move.
        game_move: GameMove,
        /// The move as the game writes it (as sent).
        text: String,
        /// The position hash after it.
        hash: u64,
        /// The game after it.
        state: GameSnapshot,
    },
    /// A peer move was verified (by the game's own verifier, and its hash) and applied: the
    /// session's game ([`crate::Session::game`]) holds the new state.
    MoveReceived {
        /// Its ply number.
        ply: u32,
        /// The seat that played it (the peer's).
        seat: Seat,
        /// The move.
        game_move: GameMove,
        /// The move as the game writes it.
        text: String,
        /// The position hash after it.
        hash: u64,
        /// The game after it.
        state: GameSnapshot,
    },
    /// The peer verified and applied one of our moves.
    MoveAcknowledged {
        /// The ply acknowledged.
        ply: u32,
        /// From sending it to receiving the acknowledgement.
        round_trip: Duration,
    },
    /// Something was refused: by us (the peer was told why) or by the peer.
    Rejected {
        /// Who refused.
        by: Refuser,
        /// Why.
        reason: RejectReason,
        /// The ply concerned, if any.
        ply: Option<u32>,
        /// Details.
        detail: String,
    },
    /// The link to the peer dropped during a game.
    PeerDisconnected,
    /// Host: a guest's handshake ended before the game started; the table is free for the next
    /// guest.
    HandshakeAborted {
        /// Why.
        cause: AbortCause,
        /// The guest left after our reveal of the opening draw: its next game at this table
        /// opens with us, with no draw.
        draw_forfeited: bool,
    },
    /// Guest: the host refused our hello.
    Refused {
        /// Why.
        reason: RejectReason,
        /// The host's details.
        detail: String,
        /// When the next try will be made; `None`: no more tries (the session ends).
        retry_in: Option<Duration>,
    },
    /// Still waiting for the peer to come back (emitted about once a second).
    Reconnecting {
        /// Time waited so far.
        waited: Duration,
    },
    /// The grace period is over: the player may claim the game or keep waiting.
    GraceExpired {
        /// Time waited so far.
        waited: Duration,
    },
    /// The peer is back and both sides agree on the game again.
    Resumed {
        /// The last ply both sides held.
        common_ply: u32,
        /// Moves this side replayed to the peer.
        replayed: u32,
    },
    /// The game ended.
    GameOver(Ending),
    /// The opponent offers another game: answer with `answer_rematch(true | false)` (offering
    /// one yourself accepts it too).
    RematchOffered,
    /// No rematch: an offer was declined (by this side or the opponent), or the opponent left
    /// before the new game started. Another offer may follow.
    RematchDeclined {
        /// Who declined ([`Refuser::Peer`] also when the opponent left).
        by: Refuser,
    },
    /// Both sides agreed: a new game starts on the same connection. A [`SessionEvent::Connected`]
    /// for the new game follows at once (new game id, seats unchanged, the opener swapped or
    /// drawn again); it is saved to its own record.
    RematchStarted {
        /// The new game.
        game_id: GameId,
        /// Its number on this connection: 2 for the first rematch, 3 for the next, ….
        number: u32,
        /// The seat that opens it.
        opener: Seat,
    },
    /// The opponent leaves the live game on purpose (its link drops next): not a network cut.
    /// The game stays saved; the opponent may come back, or the game be claimed after the
    /// grace period, as after any drop.
    PeerLeft,
    /// The finished game's result, signed by both seats (each signature checked over the result
    /// this side built from its own game): what a relay's ratings service counts.
    ResultSigned(Box<SignedResult>),
    /// The finished game's result stays unsigned: the game is not rated.
    ResultUnsigned(UnsignedCause),
}
