//! The star tables' part of the page's protocol: what the page asks of a table
//! ([`TableRequest`], sent as `{"type":"table","action":…}`) and what the program answers
//! ([`TableReply`], sent as `{"type":"table","reply":…}`).
//!
//! As for the duel, the page decides nothing: it sends the hole clicked (`click`, or `hop` for
//! one jump of a chain built hop by hop) and the program's table (`tripot_app::star_table`) says what
//! that did; the state lists the marbles the seat may pick, the picked one's destinations, the
//! greyed branches and the goal, and which way the board is turned. Seats are named by their home
//! branch (`S`, `NW`…), which is also the colour (and shape) of their marbles.

use serde::{Deserialize, Serialize};

/// What the page asks of a table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub(crate) enum TableRequest {
    /// The variants a table can play, with their seats (answered by [`TableReply::Variants`]).
    Variants,
    /// Sits down at a new table (dropping the one in progress).
    New(NewTable),
    /// A click on `hole`: pick a marble, choose a destination, hop on, or end the chain where
    /// the marble stands.
    Click {
        /// The hole.
        hole: String,
    },
    /// One jump of a chain built hop by hop (a shift-click, or « Saut par saut »).
    Hop {
        /// A hole one jump away.
        hole: String,
    },
    /// The path the picked marble would take to `to` (answered by [`TableReply::Path`]).
    Path {
        /// A destination of the picked marble.
        to: String,
    },
    /// « Fin du saut »: plays the chain built so far.
    EndChain,
    /// Takes back the last hop, drops the picked marble, or declines the move awaiting
    /// confirmation.
    Cancel,
    /// Plays the move that eliminates its player, after the question (§4.6).
    Confirm,
    /// A hint for the person to move (it arrives in a later state).
    Hint,
    /// Back to the previous move of a person at this device (the computers' replies go too).
    Undo,
    /// The page leaves the table (a duel starts): its searches stop mattering and nothing more
    /// is played there; the table stays saved, to be resumed.
    Leave,
    /// The unfinished tables saved on this computer (answered by [`TableReply::Saved`]).
    Saved,
    /// Sits down again at a saved table, named by the id the list gave.
    Resume {
        /// The id from [`TableReply::Saved`].
        id: String,
    },
}

/// How a table is set up.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub(crate) struct NewTable {
    /// A variant of RULES-STAR.md §2 (`kawu-3`).
    pub(crate) variant: String,
    /// One per seat, in playing order: `human` or a level (`moyen`).
    pub(crate) players: Vec<String>,
    /// The seat that opens, 1-based in playing order, or 0 for a draw. Default 1.
    #[serde(default)]
    pub(crate) opener: Option<u8>,
    /// A position to start from (RULES-STAR.md §6), instead of the start; its opener and seat
    /// to move are kept.
    #[serde(default)]
    pub(crate) position: Option<String>,
}

/// What the program answers about tables.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reply", rename_all = "snake_case")]
pub(crate) enum TableReply {
    /// Every variant, in RULES-STAR.md §2's order.
    Variants {
        /// The variants.
        variants: Vec<VariantView>,
        /// Who may sit at a seat: `human`, then the levels' keys, weakest first.
        players: Vec<String>,
    },
    /// The table as it is now (after every change).
    State(Box<TableStateView>),
    /// A move was just played; the state after it follows.
    Moved(TableMoveView),
    /// The answer to [`TableRequest::Path`].
    Path {
        /// The destination asked about.
        to: String,
        /// The holes visited, the marble's start first.
        holes: Vec<String>,
    },
    /// The unfinished tables saved, newest first, and the files that could not be read.
    Saved {
        /// The tables that can be resumed.
        tables: Vec<SavedTableView>,
        /// Files that do not read, set aside (renamed `….corrupt`), never overwritten.
        corrupt: Vec<CorruptView>,
    },
    /// A refused request; nothing changed.
    Error {
        /// Why, for the page to word it.
        code: TableErrorCode,
        /// Details in English, for logs and tests.
        detail: String,
    },
}

/// A variant and its seats.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct VariantView {
    /// Its name (`kawu-3`).
    pub(crate) name: String,
    /// `kawu`, `halma` or `captures`.
    pub(crate) game: String,
    /// The seats in playing order (`S`, `NW`, `NE`).
    pub(crate) seats: Vec<String>,
}

/// Who acts now at the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum TableNext {
    /// A person at this page.
    Human,
    /// A computer player is thinking.
    Computer,
    /// The game is over.
    Over,
}

/// Everything the page draws of a table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct TableStateView {
    /// The variant's name.
    pub(crate) variant: String,
    /// `kawu`, `halma` or `captures`.
    pub(crate) game: String,
    /// Every seat in playing order.
    pub(crate) seats: Vec<SeatView>,
    /// The seat to move.
    pub(crate) turn: String,
    /// Who acts now.
    pub(crate) next: TableNext,
    /// The seat whose view is drawn: its home at the bottom.
    pub(crate) viewer: String,
    /// How far the board is turned for the viewer, in degrees counter-clockwise (a multiple of 60).
    pub(crate) rotation: i16,
    /// Every marble (colour: its seat) and, in the captures game, every piece (colour `P`).
    pub(crate) pawns: Vec<TablePawnView>,
    /// What the person to move may pick.
    pub(crate) pickable: Vec<String>,
    /// The picked marble and where it may go.
    pub(crate) selection: Option<TableSelectionView>,
    /// Every seat's goal (none in the captures game), tinted with the seat that must arrive.
    pub(crate) goals: Vec<SeatGoalView>,
    /// The seat whose goal is highlighted and whose forbidden branches are greyed: the person
    /// to move, or the viewer while computers play.
    pub(crate) focus: String,
    /// Stern-Halma: the branch holes where the focused seat may not stop (§4.3).
    pub(crate) forbidden: Vec<String>,
    /// The last move's path.
    pub(crate) last_move: Vec<String>,
    /// The hint shown, if any.
    pub(crate) hint: Option<TableMoveView>,
    /// A hint is being searched.
    pub(crate) hint_pending: bool,
    /// The move awaiting the person's confirmation: it eliminates its player (§4.6).
    pub(crate) pending: Option<TableMoveView>,
    /// Every move so far.
    pub(crate) history: Vec<TableMoveView>,
    /// Whether `undo` would do something.
    pub(crate) can_undo: bool,
    /// What the last change brought (passes, places, eliminations, captures), to announce.
    pub(crate) news: Vec<TableEventView>,
    /// The end, once over.
    pub(crate) outcome: Option<TableOutcomeView>,
    /// The id the table is saved under (none before its first move).
    pub(crate) saved_as: Option<String>,
}

/// A seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SeatView {
    /// Its home branch, which is its colour.
    pub(crate) seat: String,
    /// 1-based, in playing order.
    pub(crate) number: u8,
    /// `human` or the level's key.
    pub(crate) player: String,
    /// The named computer player, if one sits there.
    pub(crate) opponent: Option<String>,
    /// Marbles in the goal.
    pub(crate) arrived: u8,
    /// Marbles per seat.
    pub(crate) marbles: u8,
    /// Total distance to the goal.
    pub(crate) distance: u16,
    /// The captures game: pieces taken.
    pub(crate) taken: u8,
    /// Its place, once given.
    pub(crate) place: Option<u8>,
    /// Eliminated by the home rule (§4.6).
    pub(crate) out: bool,
    /// Finished, waiting for its partner (§4.9) or placed.
    pub(crate) finished: bool,
}

/// A seat's goal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SeatGoalView {
    /// The seat.
    pub(crate) seat: String,
    /// Its goal's holes.
    pub(crate) holes: Vec<String>,
}

/// A marble or piece.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct TablePawnView {
    /// Where it stands.
    pub(crate) hole: String,
    /// Its seat, or `P` for a neutral piece.
    pub(crate) colour: String,
}

/// The picked marble and where it may go.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct TableSelectionView {
    /// The chain built so far, the marble's start first.
    pub(crate) path: Vec<String>,
    /// Steps (before any hop).
    pub(crate) steps: Vec<String>,
    /// Ends of chains before any hop (kawu, Stern-Halma), or the next hops.
    pub(crate) jumps: Vec<String>,
    /// The holes one jump away from where it stands: what `hop` accepts.
    pub(crate) hops: Vec<String>,
}

/// A move played (or suggested).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct TableMoveView {
    /// The seat that played it.
    pub(crate) seat: String,
    /// Whether a computer played it.
    pub(crate) by_computer: bool,
    /// In notation (`m1-m3-k5`, `pass`).
    pub(crate) notation: String,
    /// The holes the marble goes through, hop by hop (a pass: none).
    pub(crate) path: Vec<String>,
}

/// Something a move brought.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct TableEventView {
    /// `passed`, `finished`, `eliminated`, `captured` or `over`.
    pub(crate) kind: String,
    /// The seat concerned (none for `over`).
    pub(crate) seat: Option<String>,
    /// The place it takes, if any.
    pub(crate) place: Option<u8>,
    /// `captured`: pieces taken by this move.
    pub(crate) pieces: Option<u8>,
}

/// The end of a table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct TableOutcomeView {
    /// Each placed seat with its place, best first.
    pub(crate) places: Vec<PlaceView>,
    /// `finished`, `move_limit`, `blocked`, `repetition`, `no_jump` or `left`.
    pub(crate) end: String,
}

/// A seat's place.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct PlaceView {
    /// The seat.
    pub(crate) seat: String,
    /// Its place (1 = first; several firsts are a draw).
    pub(crate) place: u8,
}

/// A saved table that can be resumed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SavedTableView {
    /// What `resume` takes: never a path.
    pub(crate) id: String,
    /// The variant's name.
    pub(crate) variant: String,
    /// Its players, in playing order (`human`, level keys).
    pub(crate) players: Vec<String>,
    /// Moves played.
    pub(crate) moves: usize,
    /// The record's date, if written.
    pub(crate) date: Option<String>,
}

/// A saved file that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct CorruptView {
    /// The file's name, as it was set aside.
    pub(crate) file: String,
    /// Why it does not read.
    pub(crate) reason: String,
}

/// Why a table request was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum TableErrorCode {
    /// Not a variant of §2.
    BadVariant,
    /// Not one player per seat.
    BadSeats,
    /// Neither `human` nor a level.
    BadPlayer,
    /// Not a seat of the table.
    BadOpener,
    /// A position string that does not parse for this variant.
    BadPosition,
    /// Not a hole of the board.
    BadHole,
    /// No table started.
    NoTable,
    /// The game is over.
    GameOver,
    /// A computer player's turn.
    NotYourTurn,
    /// A marble of another seat.
    NotYourMarble,
    /// Neither a marble to pick nor a destination of the picked one.
    NotADestination,
    /// No marble picked.
    NoSelection,
    /// « Fin du saut » with no hop made.
    NoChain,
    /// The engine refused the move (Stern-Halma: a chain may not end in that branch).
    Refused,
    /// A move awaits its confirmation: confirm or cancel first.
    ConfirmFirst,
    /// Nothing awaits confirmation.
    NothingToConfirm,
    /// Nothing to take back.
    NothingToUndo,
    /// A hint is already being searched.
    HintPending,
    /// No saved table has this id (or it does not read any more).
    UnknownTable,
    /// Saving is not possible on this computer (no data folder).
    NoStore,
    /// The table could not be written (the game goes on; the detail says why).
    SaveFailed,
}
