//! The page's WebSocket protocol, in one place: every message the page sends
//! ([`ClientMessage`]) and every message the program answers ([`ServerMessage`]), as JSON text
//! frames tagged by `type` (`{"type":"select","hole":"m1"}`).
//!
//! The page holds no game logic: it asks for a pawn's destinations (`select`), the path to a
//! destination (`path`), plays (`move`, `hop`, `end_chain`) — the board's clicks, declared once
//! for every game in `board_messages.rs` — and asks for a hint or an undo; the
//! program answers with the whole [`StateView`] after every change, and announces every move
//! played ([`ServerMessage::MovePlayed`], its path hop by hop) before the state that follows it,
//! so that the page shows the move hop by hop. A refusal is an [`ServerMessage::Error`] with a
//! typed [`ErrorCode`]; the game is unchanged by it.
//!
//! Holes are written in the notation of RULES.md §1 (`m1`, `i9`), camps `A`/`B`, colours by
//! their branch code (`S`, `NE`…), positions as RULES.md §7 strings.
//!
//! Extension: new variants go in both enums (the star tables and online play will add theirs);
//! a page ignores a `type` it does not know, and the program answers `bad_message` to one it
//! does not know. Fields the program does not know are ignored, so a newer page still talks to
//! an older program.
//! Online play: `online` requests and the `online*` answers, in [`super::online_messages`].
//! Saved games, replays and typed moves: `saves_messages.rs` (`{"type":"saves","action":…}`).
//! The one table of any game: `{"type":"play",…}` (`play_messages.rs`).

use serde::{Deserialize, Serialize};

use super::online_messages::{ListView, NoticeView, OnlineMove, OnlineRefusal, OnlineRequest, OnlineView};

/// The protocol's version, sent in [`ServerMessage::Hello`].
pub(crate) const PROTOCOL_VERSION: u32 = 1;

/// What the page sends.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub(crate) enum ClientMessage {
    /// Online play (`{"type":"online","action":"host",…}`): see [`super::online_messages`].
    Online(OnlineRequest),
    /// Saved games, the replay viewer, resuming, a typed move.
    Saves(super::saves_messages::SavesRequest),
    /// The one table, any game of the catalogue (`{"type":"play","action":…}`).
    Play(super::play_messages::PlayRequest),
    /// A relay's Elo table (`{"type":"ratings","game":"tripot","month":"2026-11"}`), answered by
    /// [`ServerMessage::Ratings`] or an error.
    Ratings(super::page_ratings::RatingsRequest),
    /// The page's first message after a reload: the token of its online game
    /// ([`ServerMessage::OnlineSeat`]), to take the game back; answered by
    /// [`ServerMessage::OnlineRejoined`].
    Rejoin {
        /// The token, as told.
        token: String,
    },
}

/// Who opens, as the menu offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Opener {
    /// Player 1 (the player in solo).
    #[default]
    First,
    /// Player 2 (the computer in solo).
    Second,
    /// Drawn by lot.
    Draw,
}

/// What the program sends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub(crate) enum ServerMessage {
    /// First message on a new socket: the board's geometry and the levels.
    Hello(Hello),
    /// A refused message; nothing changed.
    Error {
        /// Why, for the page to word it.
        code: ErrorCode,
        /// Details in English, for logs and tests.
        detail: String,
    },
    /// The online game after a change (none: no online game any more).
    Online {
        /// The online game.
        online: Option<Box<OnlineView>>,
    },
    /// A move of the online game (ours or the opponent's), to show hop by hop before the
    /// [`ServerMessage::Online`] view that follows it.
    OnlineMove(OnlineMove),
    /// Something to tell the player about the online game, in both languages (empty: clear).
    OnlineNotice(NoticeView),
    /// The LAN's or the lobby's open games, as last read.
    OnlineList(ListView),
    /// The games a host may offer online.
    OnlineGames {
        /// Every game of two seats the session plays, the catalogue's order.
        games: Vec<super::online_messages::OnlineGameView>,
        /// Every game of the catalogue, for a table at its seat count.
        #[serde(default)]
        tables: Vec<super::online_messages::TableGameView>,
    },
    /// A refused online request; nothing changed.
    OnlineError(OnlineRefusal),
    /// The online table of 2–6 seats after a change (none: no table any more).
    OnlineSeats {
        /// The table.
        table: Option<Box<super::seats_messages::SeatsTableView>>,
    },
    /// The token that takes this page's online game back after a reload (the page keeps it in
    /// `sessionStorage`), sent when its online play starts.
    OnlineSeat {
        /// 128 random bits in hex.
        token: String,
    },
    /// The answer to [`ClientMessage::Rejoin`]: found, the game is this page's again and its
    /// whole state follows; not found, nothing changed.
    OnlineRejoined {
        /// Whether the token led to a game.
        found: bool,
    },
    /// The answer to an online `path`: the holes the picked pawn would visit.
    OnlinePath {
        /// The destination asked about.
        to: String,
        /// The holes visited, the pawn's start first.
        holes: Vec<String>,
    },
    /// The answer to `saves` `list`.
    Records(super::saves_messages::RecordsView),
    /// The record opened by `saves` `open`; its start's frame follows.
    Replay(super::saves_messages::ReplayView),
    /// A position of the record open (after `open` and `show`).
    ReplayFrame(super::saves_messages::FrameView),
    /// The program is busy with other pages: this page's search waits its turn (it will be
    /// answered), or this page cannot be served now (its socket closes after this message).
    Busy {
        /// What is busy.
        what: BusyWith,
        /// For [`BusyWith::Searches`]: the searches before this page's.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ahead: Option<usize>,
    },
    /// The one table's reply (`{"type":"play","reply":…}`).
    Play(super::play_messages::PlayReply),
    /// A relay's Elo table.
    Ratings(super::page_ratings::RatingsView),
}

/// What a [`ServerMessage::Busy`] is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum BusyWith {
    /// Every search thread thinks for other pages; the page's search waits in the queue.
    Searches,
    /// As many pages as the program serves at once are open; try again later.
    Pages,
}

/// The board's geometry and what a new game can be.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Hello {
    /// [`PROTOCOL_VERSION`].
    pub(crate) protocol: u32,
    /// Every hole of the board.
    pub(crate) holes: Vec<HoleView>,
    /// The computer's levels, weakest first.
    pub(crate) levels: Vec<LevelView>,
    /// The language `tripot web --lang` asked for (`fr`, `en`); it wins over the browser's.
    #[serde(default)]
    pub(crate) lang: Option<String>,
}

/// A hole and where it is drawn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct HoleView {
    /// Its name (`m1`).
    pub(crate) name: String,
    /// Column, in half hole widths (`2q + r`, -12 to 12), left to right.
    pub(crate) x: i8,
    /// Row, `r` (-8 to 8), bottom to top.
    pub(crate) y: i8,
    /// The branch it belongs to (`S`…), none in the central hexagon.
    pub(crate) branch: Option<String>,
}

/// A level of the computer opponent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct LevelView {
    /// What `new_game` takes (`facile`).
    pub(crate) key: String,
    /// 1–5.
    pub(crate) number: u8,
    /// Its name in French.
    pub(crate) name_fr: String,
    /// Its name in English.
    pub(crate) name_en: String,
    /// The named opponent.
    pub(crate) opponent: String,
}

/// Why a message was refused (the table's own refusals are `play_messages::PlayErrorCode`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum ErrorCode {
    /// Not JSON, not a known `type`, a missing field, or a binary frame.
    BadMessage,
    /// A text frame longer than [`crate::socket::MAX_MESSAGE`].
    TooLarge,
    /// More messages than the page could ever send by hand; they are dropped.
    TooManyMessages,
    /// Not an id of the last list of records.
    UnknownRecord,
    /// The record no longer reads back (changed or removed since listed).
    UnreadableRecord,
    /// No record is open in the viewer.
    NoRecord,
    /// Beyond the last move of the record open.
    NoSuchMove,
    /// Not an unfinished duel or solo game of this device.
    NotResumable,
    /// Ratings asked with no relay configured (`--relay` or the config file).
    NoRelay,
    /// Not a game of the catalogue, or not a month `YYYY-MM`.
    BadRatingsQuery,
    /// The relay could not give its table (unreachable, no ratings service, refused).
    RatingsUnavailable,
}
