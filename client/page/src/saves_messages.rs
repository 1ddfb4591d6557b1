//! The saved games' part of the page's protocol: what the page asks of the records on disk
//! ([`SavesRequest`], sent as `{"type":"saves","action":…}`), the typed move, and what the
//! program answers ([`RecordsView`], [`ReplayView`], [`FrameView`]).
//!
//! A record is named by the id the program gave it in its last list (`r7`), never by a path: the
//! page cannot make the program read a file the list did not offer. The positions of a replay
//! are the program's ([`FrameView`]): the page only draws the pawns it is sent.

use serde::{Deserialize, Serialize};

use super::play_messages::{CellView, GeometryView, PieceView};

/// What the page asks about saved games (`{"type":"saves","action":"list"}`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub(crate) enum SavesRequest {
    /// Lists the records (answered by [`RecordsView`]); ids of an earlier list no longer count.
    List,
    /// Opens a record in the replay viewer (answered by [`ReplayView`], then its start's
    /// [`FrameView`]).
    Open {
        /// An id of the last list.
        id: String,
    },
    /// The position after move `index` of the record opened (0: the start).
    Show {
        /// 0 to the number of moves.
        index: usize,
    },
    /// Takes up an unfinished game of the list at the one table, its seats as they were
    /// (answered by the table's `play` replies).
    Resume {
        /// An id of the last list whose record is `resumable`.
        id: String,
    },
}

/// The records on disk, newest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct RecordsView {
    /// Every record that reads back.
    pub(crate) records: Vec<RecordView>,
    /// Files that did not read back, renamed `….corrupt` just now (as the terminal does).
    pub(crate) moved: Vec<MovedView>,
    /// Files named as records that are not regular files (a FIFO, a folder): never opened, left
    /// where they are.
    pub(crate) skipped: Vec<MovedView>,
}

/// One record of the list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct RecordView {
    /// What the page names it by.
    pub(crate) id: String,
    /// `duel` (a solo game or a duel on one device), `table` (a star table), `online`.
    pub(crate) kind: RecordKind,
    /// `YYYY.MM.DD`, if recorded.
    pub(crate) date: Option<String>,
    /// When its file was last written, in seconds since 1970: the page shows the date and the
    /// time in the browser's own time zone (the record keeps only the day).
    pub(crate) saved_at: Option<u64>,
    /// The players, in playing order (camp A first in a duel).
    pub(crate) players: Vec<String>,
    /// The winners' names (a duel's winning camp, a table's first places); none while it goes on.
    pub(crate) winners: Vec<String>,
    /// Whether the game ended (won, or stopped with a reason such as `abandoned`).
    pub(crate) finished: bool,
    /// Moves played.
    pub(crate) moves: usize,
    /// Whether `resume` takes it up here (an unfinished local duel or solo game).
    pub(crate) resumable: bool,
    /// The game's name in the catalogue (`tripot`, `kawu-3`).
    pub(crate) variant: Option<String>,
    /// The level's key, for a solo game.
    pub(crate) level: Option<String>,
}

/// The three kinds of record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum RecordKind {
    /// A solo game or a duel on this device.
    Duel,
    /// A star table of 2–6 seats.
    Table,
    /// An online duel, saved by its network session.
    Online,
}

/// A file moved aside, or skipped.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct MovedView {
    /// Its new name (the name only: the page is not told where the folder is).
    pub(crate) file: String,
    /// Why it did not read back, in English.
    pub(crate) reason: String,
}

/// A record opened in the replay viewer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ReplayView {
    /// Its id.
    pub(crate) id: String,
    /// Its kind.
    pub(crate) kind: RecordKind,
    /// Its date.
    pub(crate) date: Option<String>,
    /// How its board is laid out.
    pub(crate) geometry: GeometryView,
    /// Its board's cells, where they are drawn (the start's pieces on them).
    pub(crate) cells: Vec<CellView>,
    /// The seats, in playing order: colour codes and names.
    pub(crate) seats: Vec<SeatView>,
    /// Every move, in order.
    pub(crate) moves: Vec<ReplayMove>,
    /// The winners' names, if it ended.
    pub(crate) winners: Vec<String>,
}

/// A piece where it stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct PlacedPiece {
    /// Its cell's name.
    pub(crate) cell: String,
    /// The piece.
    pub(crate) piece: PieceView,
}

/// A seat of a replayed game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SeatView {
    /// The colours it plays (one at a star table, 1–3 for a duel's camp).
    pub(crate) colours: Vec<String>,
    /// Its player's name.
    pub(crate) name: String,
}

/// A move of a replayed game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ReplayMove {
    /// In notation, its whole path.
    pub(crate) notation: String,
    /// The holes the pawn goes through, hop by hop (a swap: its two pawns; a pass: none).
    pub(crate) path: Vec<String>,
    /// The index in [`ReplayView::seats`] of who played it.
    pub(crate) seat: usize,
}

/// The position after move `index` of the record opened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct FrameView {
    /// Moves played: 0 is the start.
    pub(crate) index: usize,
    /// Every piece, as the table's view gives it (a star game's marble, a draughts man or king).
    pub(crate) pieces: Vec<PlacedPiece>,
    /// The path of the move that led here (none at the start).
    pub(crate) last_move: Vec<String>,
}
