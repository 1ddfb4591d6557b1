//! The messages of a game at the page's one table, any game of the catalogue (the duel, the star
//! games of 2–6 seats, draughts): `{"type":"play","action":…}` in, `{"type":"play","reply":…}`
//! out. Cells are named in the game's own notation (`m1`, `32`) and placed by the board's
//! [`GeometryView`]; seats are numbered from 0 in playing order and named as the game names
//! them (`A`, `S`, `W`). Nothing here names one game's types: every field is read from
//! `tripot_game`'s interface.

use serde::{Deserialize, Serialize};

use super::board_messages::BoardAction;

/// What the page asks of its table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub(crate) enum PlayRequest {
    /// Every game of the catalogue and who may sit at a seat (answered by
    /// [`PlayReply::Games`]).
    Games,
    /// Sits down at a new table (dropping the one in progress).
    New(NewPlay),
    /// A piece dragged from `from` and dropped on `to`: the piece picked afresh, then `to` acted
    /// on as a click (a whole move ending there, or its next hop).
    Drop {
        /// The piece's cell.
        from: String,
        /// Where it was dropped.
        to: String,
    },
    /// The position after the first `at` moves, to look back at (answered by
    /// [`PlayReply::Position`]; the table is not changed).
    Look {
        /// How many moves were played in it (0: the start).
        at: usize,
    },
    /// Plays the move the game warned about.
    Confirm,
    /// Asks for a hint (it arrives in a later state).
    Hint,
    /// Back to the person's previous turn (the computers' replies go too).
    Undo,
    /// A move typed in the game's notation, read by the game's own verifier.
    Typed {
        /// The move (`m1-m3-k5`, `32x21`).
        notation: String,
    },
    /// Leaves the table (its computers stop).
    Leave,
    /// The unfinished tables of this device, any game (answered by [`PlayReply::Saved`]).
    Saved,
    /// Sits down again at a saved table, by the id it was offered under (never a path).
    Resume {
        /// Its id.
        id: String,
    },
    /// A click on the board (select, path, move, hop, end of chain, cancel): the same actions
    /// as every board of the page (last: read when no other action matches).
    #[serde(untagged)]
    Board(BoardAction),
}

/// How a table starts.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub(crate) struct NewPlay {
    /// The game's name in the catalogue (`tripot`, `kawu-3`, `draughts`).
    pub(crate) game: String,
    /// Who sits at each seat, in seat order: `human` or a level's key.
    pub(crate) players: Vec<String>,
    /// The seat that opens, from 1; 0 draws it by lot; none: the game's first seat.
    #[serde(default)]
    pub(crate) opener: Option<u8>,
    /// A position to start from, in the game's position string.
    #[serde(default)]
    pub(crate) position: Option<String>,
}

/// What the program answers about the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reply", rename_all = "snake_case")]
pub(crate) enum PlayReply {
    /// Every game of the catalogue, and who may sit at a seat.
    Games {
        /// The games, family by family.
        games: Vec<GameView>,
        /// `human`, then the levels' keys.
        players: Vec<String>,
    },
    /// The table as it is now (after every change).
    State(Box<PlayStateView>),
    /// A move was just played; the state after it follows.
    Moved(PlayMoveView),
    /// The answer to a `path`: the cells the picked piece would go through.
    Path {
        /// The cell asked about.
        to: String,
        /// The cells, the piece's start first.
        cells: Vec<String>,
    },
    /// The answer to a `look`: the position after the first `at` moves.
    Position {
        /// How many moves were played in it.
        at: usize,
        /// Every cell, with its piece then.
        cells: Vec<CellView>,
        /// The path of the `at`-th move (none at the start or for a pass).
        last: Vec<String>,
    },
    /// The unfinished tables of this device, and files set aside because they do not read.
    Saved {
        /// Resumable tables, newest first.
        tables: Vec<SavedPlayView>,
        /// Files set aside.
        corrupt: Vec<CorruptFileView>,
    },
    /// A refused request; nothing changed.
    Error {
        /// Why, for the page to word it.
        code: PlayErrorCode,
        /// Details in English, for logs and tests.
        detail: String,
    },
}

/// A game of the catalogue.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct GameView {
    /// Its name (what `new` takes).
    pub(crate) name: String,
    /// Its family's key (`tripot`, `kawu`, `halma`, `captures`, `draughts`).
    pub(crate) family: String,
    /// Its seats.
    pub(crate) seats: u8,
    /// Its board.
    pub(crate) geometry: GeometryView,
    /// Its title, in French and English (the catalogue's words).
    pub(crate) title_fr: String,
    /// Its title in English.
    pub(crate) title_en: String,
    /// What it is, in one line, in French.
    pub(crate) description_fr: String,
    /// What it is, in one line, in English.
    pub(crate) description_en: String,
    /// The rules name who moves first: the form offers the game's own opener or a draw of the
    /// seats, never another opener.
    pub(crate) opener_fixed: bool,
}

/// How the board's cells are laid out (`tripot_game::Geometry`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum GeometryView {
    /// The 121-hole star: `x` in half hole widths, `y` the row, up.
    Star121,
    /// 10×10 squares: `x` the column from the left, `y` the row from the bottom, `0..10`.
    Square10,
}

impl GeometryView {
    /// The layout of a board the interface describes.
    pub(crate) const fn of(geometry: tripot_game::Geometry) -> GeometryView {
        match geometry {
            tripot_game::Geometry::Star121 => GeometryView::Star121,
            tripot_game::Geometry::Square10 => GeometryView::Square10,
        }
    }
}

/// Everything the page draws of the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct PlayStateView {
    /// The game's name.
    pub(crate) game: String,
    /// Its family's key.
    pub(crate) family: String,
    /// The board's layout.
    pub(crate) geometry: GeometryView,
    /// Every cell, with its piece.
    pub(crate) cells: Vec<CellView>,
    /// The seats, in playing order.
    pub(crate) seats: Vec<SeatView>,
    /// The seat to move (none once over).
    pub(crate) turn: Option<u8>,
    /// Who acts now.
    pub(crate) next: PlayNext,
    /// The seat whose view is drawn (the person to move, or the last who did).
    pub(crate) viewer: u8,
    /// How far the board turns for the viewer, in degrees counter-clockwise.
    pub(crate) rotation: u16,
    /// The cells a piece may be picked on now (only the starts of legal moves: with a
    /// compulsory capture, only of the maximal ones).
    pub(crate) pickable: Vec<String>,
    /// The piece picked and where it may go.
    pub(crate) selection: Option<SelectionView>,
    /// Each seat's last move, its path cell by cell (the very last move last).
    pub(crate) last_moves: Vec<SeatPathView>,
    /// The hint shown, if any.
    pub(crate) hint: Option<PlayMoveView>,
    /// A hint is being searched.
    pub(crate) hint_pending: bool,
    /// The move waiting for the person's confirmation (the game warns about it).
    pub(crate) pending: Option<PlayMoveView>,
    /// Every move so far.
    pub(crate) history: Vec<PlayMoveView>,
    /// Whether `undo` would do something.
    pub(crate) can_undo: bool,
    /// What the last change brought, to announce.
    pub(crate) news: Vec<PlayEventView>,
    /// The end, once over.
    pub(crate) outcome: Option<PlayOutcomeView>,
    /// The id the table is saved under (none before its first move is written).
    pub(crate) saved_as: Option<String>,
}

/// A cell as drawn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct CellView {
    /// Its name in the game's notation.
    pub(crate) name: String,
    /// Layout column, as the geometry says.
    pub(crate) x: i16,
    /// Layout row, as the geometry says.
    pub(crate) y: i16,
    /// What stands on it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) piece: Option<PieceView>,
    /// The colour (as [`PieceView::colour`]) of the army whose goal it is, to tint it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) goal: Option<u8>,
    /// The seats that may not end a move on it (Stern-Halma's closed branches).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) closed_to: Vec<u8>,
}

impl CellView {
    /// A cell of the interface's board: its place, its piece, its zone.
    pub(crate) fn of(cell: &tripot_game::CellView) -> CellView {
        CellView {
            name: cell.name.clone(),
            x: cell.x,
            y: cell.y,
            piece: cell.piece.map(|p| PieceView {
                owner: p.owner.map(|s| s.0),
                kind: match p.kind {
                    tripot_game::PieceKind::Marble => "marble",
                    tripot_game::PieceKind::Man => "man",
                    tripot_game::PieceKind::King => "king",
                }
                .to_owned(),
                colour: p.colour,
            }),
            goal: cell.zone.goal.map(|g| g.colour),
            closed_to: cell.zone.closed_to.iter().map(|s| s.0).collect(),
        }
    }
}

/// A piece.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct PieceView {
    /// Its seat, none for a neutral piece.
    pub(crate) owner: Option<u8>,
    /// `marble`, `man` or `king`.
    pub(crate) kind: String,
    /// Which of the game's colours (star board: the branch N, NE, SE, S, SW, NW as 0–5, 6
    /// neutral; other games: the owner's seat).
    pub(crate) colour: u8,
}

/// A seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SeatView {
    /// Its index in playing order.
    pub(crate) seat: u8,
    /// Its name in the game's words (`A`, `S`, `W`).
    pub(crate) name: String,
    /// `human` or the level's key.
    pub(crate) player: String,
    /// The named computer player, if one sits there.
    pub(crate) opponent: Option<String>,
    /// The colours of its pieces at the start (for its chip).
    pub(crate) colours: Vec<u8>,
    /// The figures the game keeps for it.
    pub(crate) counters: Vec<CounterView>,
    /// `playing`, `finished`, `placed`, `eliminated` or `left`.
    pub(crate) status: String,
    /// Its place, once given.
    pub(crate) place: Option<u8>,
}

/// One figure of a seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct CounterView {
    /// What it counts (`arrived`, `distance`, `captured`, `pieces`, `moves_made`, …).
    pub(crate) kind: String,
    /// Its value.
    pub(crate) value: u32,
    /// The value that matters, if any.
    pub(crate) limit: Option<u32>,
}

/// The picked piece and where it may go.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SelectionView {
    /// The cells picked so far, the piece first.
    pub(crate) path: Vec<String>,
    /// The next cells of the legal moves going on from there (hop by hop).
    pub(crate) hops: Vec<String>,
    /// The cells where exactly one of those moves ends (its whole path in one click).
    pub(crate) ends: Vec<String>,
}

/// A seat's last move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SeatPathView {
    /// The seat.
    pub(crate) seat: u8,
    /// Its path, cell by cell.
    pub(crate) path: Vec<String>,
}

/// A move played (or suggested).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct PlayMoveView {
    /// The seat that plays it.
    pub(crate) seat: u8,
    /// Whether a computer played it.
    pub(crate) by_computer: bool,
    /// `move` or `pass`.
    pub(crate) kind: String,
    /// In the game's notation.
    pub(crate) notation: String,
    /// The cells it goes through, cell by cell (a pass: none).
    pub(crate) path: Vec<String>,
}

/// Something a move brought.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct PlayEventView {
    /// `passed`, `finished`, `eliminated`, `left`, `captured` or `over`.
    pub(crate) kind: String,
    /// The seat concerned (none for `over`).
    pub(crate) seat: Option<u8>,
    /// The place it takes, if any.
    pub(crate) place: Option<u8>,
    /// `captured`: pieces taken by this move.
    pub(crate) pieces: Option<u32>,
}

/// The end of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct PlayOutcomeView {
    /// Each seat with its rank (none: it lost, in a game that names only its winners).
    pub(crate) places: Vec<PlaceView>,
    /// Why it ended: the record's `Termination` word (`goal`, `count`, `no-piece`, `resign`…).
    pub(crate) reason: String,
    /// Why it ended in words, read from the places as well (a goal filled, kawu's full-goal
    /// rule, the last seat left by eliminations), in both languages.
    pub(crate) said: super::online_messages::Words,
    /// Whether several seats share the first place.
    pub(crate) draw: bool,
}

/// A seat's place.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct PlaceView {
    /// The seat.
    pub(crate) seat: u8,
    /// Its rank, 1 the best.
    pub(crate) rank: Option<u8>,
}

/// Who acts now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum PlayNext {
    /// A person at this page.
    Human,
    /// A computer is thinking.
    Computer,
    /// The game is over.
    Over,
}

/// A saved table that can be resumed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SavedPlayView {
    /// What `resume` takes: never a path.
    pub(crate) id: String,
    /// The game's name.
    pub(crate) game: String,
    /// Its players in seat order (`human`, level keys).
    pub(crate) players: Vec<String>,
    /// Moves played.
    pub(crate) moves: usize,
    /// The record's date, if written.
    pub(crate) date: Option<String>,
}

/// A saved file that could not be read, set aside.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct CorruptFileView {
    /// The file's name, as it was set aside.
    pub(crate) file: String,
    /// Why it does not read.
    pub(crate) reason: String,
}

/// Why a request was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum PlayErrorCode {
    /// Not a game of the catalogue.
    BadGame,
    /// Not one player per seat.
    BadSeats,
    /// Neither `human` nor a level.
    BadPlayer,
    /// Not a seat of the table.
    BadOpener,
    /// A position string the game does not read.
    BadPosition,
    /// Not a cell of the board.
    BadCell,
    /// No table started.
    NoTable,
    /// The game is over.
    GameOver,
    /// A computer's turn.
    NotYourTurn,
    /// No legal move starts on this cell.
    NotPickable,
    /// The table has fewer moves than the position looked for.
    NoSuchMove,
    /// Neither a next cell nor the end of a move of the picked piece.
    NotADestination,
    /// No piece picked.
    NoSelection,
    /// « Fin du saut » where the cells picked are no whole move.
    NoChain,
    /// The game refused the move (its reason in the detail).
    Refused,
    /// A move waits for its confirmation: confirm or cancel first.
    ConfirmFirst,
    /// Nothing waits for confirmation.
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
