//! The messages of a game stream.

use serde::{Deserialize, Serialize};
use tripot_game::{GameSpec, Seat, TableSpec};

use crate::reject::Reject;

/// Longest player name, in bytes.
pub const MAX_NAME: usize = 32;

/// Longest move text, in bytes (a 36-hole path is at most 36 × 4 − 1 = 143 bytes).
pub const MAX_PATH_TEXT: usize = 160;

/// Longest signature of a game's result, in bytes (an ed25519 signature is 64).
pub const MAX_SIGNATURE: usize = 64;

/// A game's identifier: 16 random bytes chosen by the host.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameId(pub [u8; 16]);

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for byte in self.0 {
            write!(f, "{byte:02x}")?;
        }
        Ok(())
    }
}

impl std::str::FromStr for GameId {
    type Err = ();

    fn from_str(text: &str) -> Result<GameId, ()> {
        if text.len() != 32 || !text.is_ascii() {
            return Err(());
        }
        let mut bytes = [0u8; 16];
        for (i, byte) in bytes.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).map_err(|_| ())?;
        }
        Ok(GameId(bytes))
    }
}

/// A commitment to the random value of the opening draw: SHA-256 of the value and both peer ids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Commitment(pub [u8; 32]);

/// Which side of the handshake the sender of a hello is: who set the table. Where it sits is
/// its [`Place`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    /// The player who offered the game (today: the first seat, camp A in the duel).
    Host,
    /// A player who joined it (today: the second seat, camp B in the duel).
    Guest,
}

/// Where the sender of a hello sits: a seat of the table, or none (a spectator, reserved: no
/// peer accepts one yet, and a hello naming it is refused as unsupported).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Place {
    /// A seat, by its index in the game's playing order.
    Seat(Seat),
    /// Watching, without a seat.
    Spectator,
}

/// Who makes the first move, as the host chose it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Opens {
    /// The host opens.
    Host,
    /// The guest opens.
    Guest,
    /// A commit–reveal draw decides.
    Random,
}

/// The handshake, sent first by each side of a new game.
///
/// `protocol` stays the first field of variant 0 of [`Message`] in every version: a peer reads
/// the version of any hello before anything else can fail, and refuses another version with a
/// [`crate::RejectReason::Version`] every version decodes (see [`crate::decode_body`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hello {
    /// [`crate::PROTOCOL_VERSION`] of the sender.
    pub protocol: u16,
    /// The sender's program version (informative).
    pub app: String,
    /// The game being set up (chosen by the host; the guest echoes it).
    pub game_id: GameId,
    /// The sender's side of the handshake.
    pub role: Role,
    /// The game and its seat count (chosen by the host). A guest's first hello says `None`: it
    /// takes whatever the host offers; on a rematch it names the table agreed.
    pub table: Option<TableSpec>,
    /// Where the sender sits.
    pub place: Place,
    /// Who opens (chosen by the host).
    pub opens: Opens,
    /// The sender's display name.
    pub name: String,
    /// The sender's commitment for a random draw ([`Opens::Random`] only).
    pub commitment: Option<Commitment>,
}

/// A move: its ply number (1 for the first move), the seat that plays it, its text and the
/// position hash after it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveMsg {
    /// 1-based number of this move in the game.
    pub ply: u32,
    /// The seat that plays it.
    pub seat: Seat,
    /// The move as the game writes it: `m1-m3-k5`, `m1<>l2` or `pass` in the duel.
    pub path: String,
    /// Zobrist hash of the position after the move.
    pub hash: u64,
}

/// Where a side stands in a game: the last ply it holds and the position hash after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResumePoint {
    /// The game.
    pub game_id: GameId,
    /// Number of moves the side holds (0 = none yet).
    pub ply: u32,
    /// Hash of the position after those moves.
    pub hash: u64,
}

/// At a game's end, one side's signature of the game's result (`tripot_ratings_wire::GameResult`,
/// which each side builds from its own verified game): the host's comes first and names the
/// finishing time; the guest signs the result with that time and answers with its own.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultSignature {
    /// The game signed for.
    pub game_id: GameId,
    /// When the game ended (seconds since 1970 UTC), as the host's clock said.
    pub finished_unix: u64,
    /// The signature of the result's signing bytes with the sender's identity key, at most
    /// [`MAX_SIGNATURE`] bytes.
    pub signature: Vec<u8>,
}

/// Everything that travels on a game stream.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Message {
    /// The handshake of a new game.
    Hello(Hello),
    /// The random value behind a commitment, sent once both commitments are known.
    Reveal {
        /// The random value.
        value: [u8; 32],
    },
    /// A move.
    Move(MoveMsg),
    /// The receiver verified and applied the move of this ply.
    Ack {
        /// The ply acknowledged.
        ply: u32,
        /// The hash after it, as the receiver computed it.
        hash: u64,
    },
    /// The sender resigns, having seen `ply` moves.
    Resign {
        /// Moves played when resigning.
        ply: u32,
    },
    /// Once a game is over, the sender offers another on the same stream, with a fresh game id.
    /// When it is accepted (or when both sides offered at once: then the host's id counts), the
    /// guest sends a new [`Message::Hello`] with that id and the handshake runs again: same
    /// format and rules, the opener swapped, or drawn again when the host first chose random.
    RematchOffer {
        /// The new game.
        game_id: GameId,
    },
    /// The answer to a rematch offer.
    RematchAnswer {
        /// Whether the offer is accepted.
        accept: bool,
    },
    /// After a reconnection: where the sender stands (both sides send one).
    Resume(ResumePoint),
    /// Keeps a quiet stream alive and proves the peer is still there.
    KeepAlive {
        /// A counter, echoed by nobody.
        seq: u32,
    },
    /// The sender refused something the receiver sent.
    Reject(Reject),
    /// A LAN probe: who are you and what do you offer?
    Query,
    /// The answer to a [`Message::Query`]: a host waiting for an opponent.
    Listing {
        /// The host's display name.
        name: String,
        /// The game offered.
        game: GameSpec,
        /// Its seat count.
        seats: u8,
        /// Seconds the host has been waiting.
        waiting_secs: u32,
    },
    /// The sender leaves a live game on purpose (the game stays saved and may be resumed): the
    /// receiver says so instead of « reconnecting » when the link then drops.
    Leaving,
    /// At a game's end: the sender's signature of the game's result, for the ratings.
    ResultSigned(ResultSignature),
    /// At a game's end: the sender signs nothing for this game (it plays with a guest key, or a
    /// computer plays its seat): the game is not rated.
    ResultDeclined {
        /// The game.
        game_id: GameId,
    },
}

impl Message {
    /// A short name for logs and JSON events.
    #[must_use]
    pub const fn kind(&self) -> &'static str {
        match self {
            Message::Hello(_) => "hello",
            Message::Reveal { .. } => "reveal",
            Message::Move(_) => "move",
            Message::Ack { .. } => "ack",
            Message::Resign { .. } => "resign",
            Message::RematchOffer { .. } => "rematch-offer",
            Message::RematchAnswer { .. } => "rematch-answer",
            Message::Resume(_) => "resume",
            Message::KeepAlive { .. } => "keep-alive",
            Message::Reject(_) => "reject",
            Message::Query => "query",
            Message::Leaving => "leaving",
            Message::Listing { .. } => "listing",
            Message::ResultSigned(_) => "result-signed",
            Message::ResultDeclined { .. } => "result-declined",
        }
    }
}
