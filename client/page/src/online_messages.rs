//! The online part of the page's protocol: what the page asks of an online game
//! ([`OnlineRequest`], sent as `{"type":"online","action":"host",…}`) and what the program
//! answers (the [`OnlineView`] after every change, the opponent's moves, the notices worded in
//! both languages, the LAN's and the lobby's lists, the refusals).
//!
//! Every sentence the player reads comes as [`Words`], French and English, worded by the same
//! `i18n` as the terminal's online screens: the page picks the language, never words a notice
//! of its own.

use serde::{Deserialize, Serialize};

use super::messages::Opener;
use super::play_messages::{PlayMoveView, PlayStateView};

/// What the page asks of online play.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub(crate) enum OnlineRequest {
    /// Hosts a new game: in a private room on the relay (`room`, a code to give the friend), or
    /// directly (addresses to give, and announced on the LAN unless mDNS is off).
    Host {
        /// The game offered, by its name in the catalogue (`kawu-2`): any game of two seats the
        /// session opens; none: the duel of `format`.
        #[serde(default)]
        game: Option<String>,
        /// Colours per camp of the duel, 1–3 (default 1).
        #[serde(default)]
        format: Option<u8>,
        /// On the relay with a room code.
        #[serde(default)]
        room: bool,
        /// Who opens (default: the host).
        #[serde(default)]
        opener: Opener,
    },
    /// Joins a host: an address (starting with `/`) or a room code.
    Join {
        /// What the player typed.
        to: String,
    },
    /// Starts listing the players hosting on the LAN (mDNS).
    Lan,
    /// Starts reading the relay's lobby.
    Lobby,
    /// Stops the list being read.
    CloseList,
    /// Joins a table of the list last read, by its address (watches it if it is under way).
    JoinTable {
        /// The table's address, as listed.
        addr: String,
    },
    /// Opens one's own table at the lobby's relay.
    OpenTable {
        /// The game offered, as for [`OnlineRequest::Host`].
        #[serde(default)]
        game: Option<String>,
        /// Colours per camp of the duel, 1–3 (default 1).
        #[serde(default)]
        format: Option<u8>,
        /// Who opens (default: the host).
        #[serde(default)]
        opener: Opener,
    },
    /// Seeks an opponent at the relay (quick match), for a format or any.
    Quick {
        /// The game sought by its name in the catalogue, or `any`; none: the duel by `format`.
        #[serde(default)]
        game: Option<String>,
        /// Colours per camp of the duel, 1–3; none: any.
        #[serde(default)]
        format: Option<u8>,
    },
    /// The games a host may offer (answered by
    /// [`super::messages::ServerMessage::OnlineGames`]).
    Games,
    /// Plays the move the game warned about (the view's `board.pending`).
    Confirm,
    /// Resigns: the first asks, the second resigns.
    Resign,
    /// Claims the game once the grace period is over.
    Claim,
    /// Keeps waiting for a vanished opponent.
    KeepWaiting,
    /// Offers a rematch, or accepts the opponent's.
    Rematch,
    /// Declines the opponent's rematch.
    DeclineRematch,
    /// Leaves: a live game asks first (it stays saved); the opponent is told.
    Leave,
    /// Hosts an online table of 2–6 seats: any game of the catalogue at its seat count, our
    /// seat first, computers at these levels (1–5) in the seats after ours, the others left to
    /// guests who come by the table's link.
    HostSeats {
        /// The game, by its name in the catalogue (`kawu-3`).
        game: String,
        /// The computers' levels, in the seats right after ours.
        #[serde(default)]
        computers: Vec<u8>,
        /// `none`, `30`, `60`, `120`, `300` (seconds a move) or `300+5` (a reserve and an
        /// increment).
        #[serde(default = "no_clock")]
        clock: String,
        /// Spectators let in.
        #[serde(default)]
        spectators: bool,
        /// In a private room on the relay (its link names the room).
        #[serde(default)]
        room: bool,
    },
    /// Joins an online table of 2–6 seats by its link (the table's or its room's): the first
    /// free seat, or to watch.
    JoinSeats {
        /// The link.
        link: String,
        /// To watch rather than sit.
        #[serde(default)]
        watch: bool,
        /// The seat to sit at, from 1 (none: the first free one).
        #[serde(default)]
        seat: Option<u8>,
    },
    /// Says a line at the table.
    Chat {
        /// The line.
        text: String,
    },
    /// Mutes a seat's chat here, or unmutes it.
    Mute {
        /// The seat, from 0.
        seat: u8,
        /// Muted or not.
        muted: bool,
    },
    /// Offers a draw (tables of two seats).
    OfferDraw,
    /// Answers the draw offered.
    AnswerDraw {
        /// Accepted.
        accept: bool,
    },
    /// Votes for another game at the table.
    Vote,
    /// Claims a seat away past its grace period.
    ClaimSeat {
        /// The seat, from 0.
        seat: u8,
    },
    /// The host gives an empty seat to a computer before a game.
    SeatComputer {
        /// The seat, from 0.
        seat: u8,
        /// The computer's level.
        level: u8,
    },
    /// The board's clicks, as every game's; a move is sent to the opponent, a `path` is
    /// answered by [`super::messages::ServerMessage::OnlinePath`].
    #[serde(untagged)]
    Board(crate::board_messages::BoardAction),
}

fn no_clock() -> String {
    "none".to_owned()
}

/// A sentence in both of the page's languages.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Words {
    /// French.
    pub(crate) fr: String,
    /// English.
    pub(crate) en: String,
}

/// The online game as the page draws it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct OnlineView {
    /// `host`, `guest`, `quick`, `table`, `room`, `relay` or `resume`.
    pub(crate) side: String,
    /// `waiting`, `joining`, `connected`, `reconnecting`, `grace_over`, `over` or `seeking`.
    pub(crate) connection: String,
    /// The connection's state in words (with the time waited, the players seeking…).
    pub(crate) connection_words: Words,
    /// `direct` or `relayed`, once the network says.
    pub(crate) route: Option<String>,
    /// The private room's code, to give the friend.
    pub(crate) room_code: Option<String>,
    /// Addresses to give (hosting directly), the LAN's first.
    pub(crate) addrs: Vec<String>,
    /// The opponent's name, once connected.
    pub(crate) peer: Option<String>,
    /// This side's seat (from 0, in playing order), once connected.
    pub(crate) seat: Option<u8>,
    /// This side's seat as the game names it (`A`, `S`…), once connected.
    pub(crate) camp: Option<String>,
    /// Whether this page may play now (its turn, connected, not over).
    pub(crate) your_turn: bool,
    /// What stays shown about the connection.
    pub(crate) warning: Option<Words>,
    /// The grace period is over: the game may be claimed.
    pub(crate) claim_prompt: bool,
    /// `resign` or `leave`: the next press confirms.
    pub(crate) confirm: Option<String>,
    /// `asked` (we offered) or `offered` (the opponent did).
    pub(crate) rematch: Option<String>,
    /// How the game ended, once it has.
    pub(crate) ending: Option<EndingView>,
    /// The board as local play sends it, turned for this side's seat (none until the game
    /// starts).
    pub(crate) board: Option<Box<PlayStateView>>,
    /// The game's file, once saved.
    pub(crate) saved_to: Option<String>,
}

/// How an online game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct EndingView {
    /// The winning seat as the game names it (empty: a draw).
    pub(crate) winner: String,
    /// Whether it is this page's player.
    pub(crate) you_win: bool,
    /// `normal`, `resign`, `forfeit` or `abandoned`.
    pub(crate) termination: String,
    /// The headline and the reason, in words.
    pub(crate) words: Words,
}

/// A notice to show (a refusal, the opponent's offer, a passed turn…).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct NoticeView {
    /// Said with emphasis.
    pub(crate) strong: bool,
    /// The sentence.
    pub(crate) words: Words,
}

/// The open games of the LAN or of the lobby, as last read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ListView {
    /// `lan` or `lobby`.
    pub(crate) kind: String,
    /// The games (none read yet: empty, with `read` false).
    pub(crate) games: Vec<OpenGameView>,
    /// Whether a list was read at all.
    pub(crate) read: bool,
    /// Why the list cannot be read, if it cannot.
    pub(crate) error: Option<Words>,
}

/// A game of two seats the online session plays, as the host form offers it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct OnlineGameView {
    /// Its name in the catalogue (what `host`, `open_table` and `quick` take).
    pub(crate) name: String,
    /// Its title.
    pub(crate) title: Words,
    /// Its one-line description.
    pub(crate) description: Words,
    /// The rules name who moves first (draughts: White): the host's choice and the draw seat
    /// the players, so the form asks who plays that side.
    pub(crate) opener_fixed: bool,
}

/// A game a table of 2–6 seats may be hosted for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct TableGameView {
    /// Its name in the catalogue (what `host_seats` takes).
    pub(crate) name: String,
    /// Its title.
    pub(crate) title: Words,
    /// Its seat count.
    pub(crate) seats: u8,
}

/// One open game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct OpenGameView {
    /// The host's name.
    pub(crate) name: String,
    /// The game offered, by its name in the catalogue.
    pub(crate) game: String,
    /// Its title, when this program knows the game (else its name).
    pub(crate) title: Words,
    /// Its seat count (the host's among them).
    pub(crate) seats: u8,
    /// Seats still free.
    pub(crate) free_seats: u8,
    /// A table whose game is under way, open to spectators: `join_table` watches it.
    pub(crate) under_way: bool,
    /// Seconds it has waited.
    pub(crate) waiting_secs: u64,
    /// Where to join it (what `join` or `join_table` takes).
    pub(crate) addr: String,
}

/// The opponent's move, to show hop by hop before the view that follows it.
pub(crate) type OnlineMove = PlayMoveView;

/// Why an online request was refused; nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct OnlineRefusal {
    /// Why, typed.
    pub(crate) code: OnlineErrorCode,
    /// The refusal in words.
    pub(crate) words: Words,
}

/// Why an online request was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum OnlineErrorCode {
    /// Neither an address nor a room code.
    BadAddress,
    /// Not a format (1–3).
    BadFormat,
    /// No game of two seats of that name is played online.
    UnknownGame,
    /// Not a hole of the board.
    BadHole,
    /// An online game is already open on this page: leave it first.
    AlreadyOnline,
    /// No online game is open.
    NotOnline,
    /// The game has not started (waiting for the opponent).
    NotConnected,
    /// The opponent's turn (or a move being confirmed).
    NotYourTurn,
    /// Not one of the player's own pawns.
    NotYourPawn,
    /// No pawn picked.
    NoSelection,
    /// Not a destination of the picked pawn.
    NotADestination,
    /// « Fin du saut » with no hop made.
    NoChain,
    /// The game is over.
    GameOver,
    /// The game is not over (a rematch), or no offer to decline, or no claim possible.
    NotNow,
    /// No list was read that holds this table.
    NoSuchTable,
    /// A seat asked for that the table does not have.
    NoSuchSeat,
    /// The network cannot start or cannot do it (no relay…).
    Network,
    /// An empty hole picked: there is no pawn on it (« Ce n'est pas un de vos pions » misled).
    EmptyHole,
}
