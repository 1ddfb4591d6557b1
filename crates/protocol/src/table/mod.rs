//! The table stream's wire: the messages of a table of 2–6 seats, on its own stream protocol
//! [`TABLE_PROTOCOL`], framed like the game stream (a `u16` length, a postcard body of at most
//! [`crate::MAX_FRAME`] bytes) and read by [`decode_table_body`] / [`encode_table`].
//!
//! A host holds one link per guest or spectator; a member holds one link, to the host. The
//! record of a game is a chain of [`Entry`]s, each signed by the key of the peer that made it
//! (the seat's, or the host's for what the host decides: a computer seat's move, a move played
//! by the clock, a ruling) and chained by the hash of the record before it: every peer checks
//! every entry on its own, so the host only orders and forwards.
//!
//! [`TableMessage::Hello`] is variant 0 with its version first and [`TableMessage::Reject`] is
//! variant 1 in every version, so that a peer of another version is refused with a refusal it
//! still reads. New variants go at the end.
//!
//! **LAN listing.** A stranger on the LAN opens a table stream and sends [`TableMessage::Query`]
//! instead of a hello; the host answers one [`TableMessage::Listing`] (or refuses: a started
//! table without spectators is full) and closes the stream. Both were added at the end without a
//! version bump: they travel only on a query's stream, never between peers at a table, and a host
//! of version 3 reads a query as a malformed frame and refuses it as such.

mod codec;

use serde::{Deserialize, Serialize};
use tripot_game::{Seat, TableSpec};

pub use codec::{TableDecoder, decode_table_body, encode_table};

/// The libp2p protocol name of a table stream.
pub const TABLE_PROTOCOL: &str = "/tripot/table/1.0.0";

/// The version of the table's messages, checked in the hello. Version 2 added the signatures
/// of a finished game's result ([`TableMessage::ResultSigned`], [`TableMessage::ResultDeclined`]):
/// a peer of version 1 would take them for garbage, so it is refused at its hello instead.
/// Version 3 added the spectators watching to the table's state ([`TableState::watching`]): a
/// state of version 2 does not decode as one of version 3, nor the reverse.
pub const TABLE_VERSION: u16 = 3;

/// Longest peer id, in bytes (an ed25519 peer id inlining its key is 38).
pub const MAX_PEER_KEY: usize = 64;

/// Longest signature, in bytes (ed25519: 64).
pub const MAX_SIGNATURE: usize = 64;

/// Longest chat line, in bytes.
pub const MAX_CHAT: usize = 200;

/// Most addresses a peer announces.
pub const MAX_ADDRS: usize = 3;

/// Longest announced address (a multiaddr's bytes).
pub const MAX_ADDR: usize = 96;

/// Most seats at a table.
pub const MAX_SEATS: usize = 6;

/// Most peers a host may hand its role to (every human seat).
pub const MAX_HOSTS: usize = MAX_SEATS;

/// A libp2p peer id, as its bytes (this crate links no libp2p: the session reads them).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PeerKey(pub Vec<u8>);

/// A table's identifier: 16 random bytes chosen by its first host.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TableId(pub [u8; 16]);

/// What the sender of a hello asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Wants {
    /// A seat: the one named, or the first free. A peer already seated gets its own seat back
    /// whatever it asks (a restart rejoins).
    Seat(Option<Seat>),
    /// To watch.
    Watch,
}

/// The first message on a table stream, from the peer that opened it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableHello {
    /// [`TABLE_VERSION`] of the sender: always the first field.
    pub protocol: u16,
    /// The sender's program version (informative).
    pub app: String,
    /// The table asked for.
    pub table: TableId,
    /// The sender's display name.
    pub name: String,
    /// A seat or a place among the spectators.
    pub wants: Wants,
    /// Where others may reach the sender should it become the host (multiaddr bytes).
    pub addrs: Vec<Vec<u8>>,
    /// Entries of the current game the sender holds (0 for a newcomer): after a hand-over, the
    /// new host asks a member holding more for the rest.
    pub holds: u32,
}

/// Who sits at a seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeatHolder {
    /// Nobody yet.
    Empty,
    /// A person, by their peer id.
    Human {
        /// Their peer id.
        peer: PeerKey,
        /// Their display name.
        name: String,
        /// Where they may be reached (for a hand-over).
        addrs: Vec<Vec<u8>>,
    },
    /// A computer player the host runs, at a level the caller names.
    Computer {
        /// The level (the caller's numbering).
        level: u8,
    },
}

/// The clock the host chose.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClockRule {
    /// No clock.
    None,
    /// A time per move: when it runs out a random legal move is played for the seat; the third
    /// time in a row the seat times out.
    PerMove {
        /// Seconds per move.
        secs: u16,
    },
    /// A reserve for the game plus an increment per move; a seat whose reserve runs out times out.
    Reserve {
        /// Seconds of reserve at the start.
        secs: u32,
        /// Seconds added after each of the seat's moves.
        increment_secs: u16,
    },
}

/// The table as its host announces it, after every change of seats and at every start.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableState {
    /// The table.
    pub table: TableId,
    /// The game and its seat count.
    pub spec: TableSpec,
    /// One holder per seat, in seat order.
    pub seats: Vec<SeatHolder>,
    /// Who hosts, in hand-over order: the first host, then the others by seat.
    pub hosts: Vec<PeerKey>,
    /// The index in `hosts` of the current host.
    pub epoch: u8,
    /// The clock.
    pub clock: ClockRule,
    /// Whether spectators are let in.
    pub spectators: bool,
    /// The number of the game at this table, from 1 (0: none started yet).
    pub game: u16,
    /// Whether the game numbered `game` is under way (every seat taken).
    pub started: bool,
    /// Entries of that game the host held when it sent this: a member catching up checks the
    /// clock's decisions only on the entries after these, the ones it sees live.
    pub held: u32,
    /// Spectators watching when the host sent this (its links of peers holding no seat; version
    /// 3): every screen shows how many watch.
    pub watching: u16,
}

impl TableState {
    /// The peer hosting now: the one at `epoch` in the hand-over order.
    #[must_use]
    pub fn host(&self) -> Option<&PeerKey> {
        self.hosts.get(usize::from(self.epoch))
    }

    /// The seats nobody holds, in seat order.
    pub fn free_seats(&self) -> impl Iterator<Item = Seat> + '_ {
        self.seats
            .iter()
            .zip(0u8..)
            .filter(|(holder, _)| matches!(holder, SeatHolder::Empty))
            .map(|(_, i)| Seat(i))
    }
}

/// How a seat left the game (the wire's copy of `tripot_game::Leaving`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum LeaveHow {
    /// It resigned.
    Resigned,
    /// Its clock ran out.
    TimedOut,
    /// It broke the rules of the table.
    Forfeited,
    /// It went away past the grace period and was claimed.
    Abandoned,
}

/// What an entry of the record does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Act {
    /// A move, as the game writes it.
    Move(String),
    /// The seat leaves the game (RULES-STAR.md §4.10: with more than two seats the game ends).
    Leave(LeaveHow),
    /// The seat offers a draw (two seats only); it stands until the next move.
    OfferDraw,
    /// The seat accepts the draw the other seat offered: the game ends drawn.
    AcceptDraw,
}

/// Why the host signed an entry for a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum HostWhy {
    /// The seat is a computer player's.
    Computer,
    /// The clock decided: a random move at the end of a move's time, or a time-out.
    Clock,
    /// The table's rules decided: a seat away past the grace period, or one that forfeited.
    Ruling,
}

/// Whose key signed an entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Signer {
    /// The seat's own key.
    Seat,
    /// The host of `epoch` (its index in the table's host order), for the reason given.
    Host {
        /// The host's index in the hand-over order.
        epoch: u8,
        /// Why the host decided.
        why: HostWhy,
    },
}

/// One entry of a game's record, signed and chained.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// Its index in the record, from 0.
    pub index: u32,
    /// The seat it is for.
    pub seat: Seat,
    /// What it does.
    pub act: Act,
    /// Whose key signed it.
    pub signer: Signer,
    /// The signing peer's id.
    pub key: PeerKey,
    /// The chain hash of the record before it.
    pub prev: [u8; 32],
    /// The signature.
    pub sig: Vec<u8>,
}

/// Which chat a line belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Channel {
    /// The players'.
    Players,
    /// The spectators'.
    Spectators,
}

/// A chat line. The host fills `from` with the sender's peer id when it forwards a line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatLine {
    /// The chat.
    pub channel: Channel,
    /// Who wrote it.
    pub from: PeerKey,
    /// What they wrote, at most [`MAX_CHAT`] bytes.
    pub text: String,
}

/// Why a message on a table stream was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TableRejectReason {
    /// Another version of the table's messages.
    Version,
    /// Not this table.
    UnknownTable,
    /// Every seat is taken, or the one asked for is.
    NoSeat,
    /// The host lets no spectator in.
    NoSpectators,
    /// The frame could not be read.
    Malformed,
    /// Makes no sense now (a move before the start, a vote during the game…).
    Unexpected,
    /// An entry whose signature, seat, turn, chain or move does not hold.
    BadEntry,
    /// Too many messages, or chat lines, too fast.
    Flood,
    /// The game is over.
    GameOver,
    /// A signature of the game's result that does not verify over the result this peer built,
    /// or from no human seat.
    BadSignature,
}

/// A refusal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableReject {
    /// Why.
    pub reason: TableRejectReason,
    /// The entry refused, if the refusal is about one.
    pub index: Option<u32>,
}

/// One human seat's signature of a finished game's result, for the ratings. The result itself
/// (`tripot_ratings_wire::GameResult`) never travels: every peer builds it from its own verified
/// record; only the finishing time is one peer's word, so it travels with the signature.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultSignature {
    /// The number of the game at the table ([`TableState::game`]).
    pub game: u16,
    /// When the game ended, seconds since 1970 UTC, as the first signer's clock said.
    pub finished_unix: u64,
    /// Who signed: a peer at a human seat.
    pub signer: PeerKey,
    /// The signature of the result's signing bytes.
    pub sig: Vec<u8>,
}

/// What a table's host says of its table to a stranger on the LAN ([`TableMessage::Listing`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableListing {
    /// The table (a joiner's hello names it).
    pub table: TableId,
    /// The game and its seat count.
    pub spec: TableSpec,
    /// The host's display name.
    pub name: String,
    /// Seats nobody holds yet (0 once the game started).
    pub free: u8,
    /// Whether spectators are let in.
    pub spectators: bool,
    /// Whether the game is under way (a started table is listed only to be watched).
    pub started: bool,
    /// Seconds since the table opened.
    pub waiting_secs: u32,
}

/// Everything that travels on a table stream.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum TableMessage {
    /// The first message of the peer that opened the stream.
    Hello(TableHello),
    /// The sender refused something.
    Reject(TableReject),
    /// The host's table: seats, hosts, clock, game.
    State(TableState),
    /// An entry of the record: from a member, its own entry for the host to check and forward;
    /// from the host, an entry every member checks and applies. `clock_ms` is the host's clock
    /// for the entry's seat after it (the reserve left), under a reserve clock.
    Entry {
        /// The entry.
        entry: Entry,
        /// The reserve left to the seat, in milliseconds, as the host's clock says.
        clock_ms: Option<u32>,
    },
    /// Asks for the entries of the current game from this index on.
    Sync {
        /// The first entry wanted.
        from: u32,
    },
    /// The seat declined the draw offered (a computer always does).
    DrawDeclined {
        /// The seat that declined.
        seat: Seat,
    },
    /// A member asks the host to rule a seat away past the grace period out of the game.
    Claim {
        /// The seat away.
        seat: Seat,
    },
    /// The sender votes for another game (« Rejouer »).
    Vote,
    /// The seats that voted so far (from the host).
    Votes {
        /// The seats.
        seats: Vec<Seat>,
    },
    /// A chat line.
    Chat(ChatLine),
    /// Asks for a [`TableMessage::Pong`]: the round trip is measured with it.
    Ping {
        /// Echoed back.
        seq: u32,
    },
    /// The answer to a ping.
    Pong {
        /// The ping's.
        seq: u32,
    },
    /// The sender leaves the table on purpose.
    Bye,
    /// The host tells the members whose seats are away (link down), and for how long so far.
    Away {
        /// The seats away, with the seconds since each left.
        seats: Vec<(Seat, u32)>,
    },
    /// A seat's signature of the game's result: from a member, its own (or, after a hand-over,
    /// the ones it holds) for the host to check and forward; from the host, every signature it
    /// checked, to everyone.
    ResultSigned(ResultSignature),
    /// The seat of `signer` signs nothing for game `game` (a guest's key of one game): the game
    /// is not rated. Forwarded by the host like a signature.
    ResultDeclined {
        /// The number of the game at the table.
        game: u16,
        /// Who declines.
        signer: PeerKey,
    },
    /// A stranger on the LAN asks what the table offers, instead of a hello: the host answers
    /// one [`TableMessage::Listing`] or a refusal, then closes the stream.
    Query,
    /// The host's answer to a [`TableMessage::Query`].
    Listing(TableListing),
}

impl TableMessage {
    /// A short name for logs.
    #[must_use]
    pub const fn kind(&self) -> &'static str {
        match self {
            TableMessage::Hello(_) => "hello",
            TableMessage::Reject(_) => "reject",
            TableMessage::State(_) => "state",
            TableMessage::Entry { .. } => "entry",
            TableMessage::Sync { .. } => "sync",
            TableMessage::DrawDeclined { .. } => "draw-declined",
            TableMessage::Claim { .. } => "claim",
            TableMessage::Vote => "vote",
            TableMessage::Votes { .. } => "votes",
            TableMessage::Chat(_) => "chat",
            TableMessage::Ping { .. } => "ping",
            TableMessage::Pong { .. } => "pong",
            TableMessage::Bye => "bye",
            TableMessage::Away { .. } => "away",
            TableMessage::ResultSigned(_) => "result-signed",
            TableMessage::ResultDeclined { .. } => "result-declined",
            TableMessage::Query => "query",
            TableMessage::Listing(_) => "listing",
        }
    }
}
