//! A [`Table`] on disk: its game as a [`GameRecord`] (tripot-game's one format, any game) in the
//! save store's `games/` folder, in a file of its own claimed when the table starts
//! ([`SaveStore::claim_game_file`]: two tables started in one second never share one) and
//! rewritten atomically after every move and undo.
//!
//! Beside the game's own tags, a table's record holds what brings the table back: its seats in
//! a `Table` tag (`human,moyen,…`, see [`crate::seat_kind`]) and the computers' seed in `Seed`,
//! with the players' names and the date; `[Reason "abandoned"]` marks one the player chose not
//! to resume. Every record this client ever saved reads back through the same reader
//! ([`GameRecord::parse`] reads the older duel and star formats): a duel saved with
//! `[Mode "solo"]`/`[Level …]` or `[Mode "duel"]` comes back with its seats from those tags.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use tripot_game::record::{RecordError, ReplayError};
use tripot_game::{GameRecord, GameReplay, GameSpec, GameState, OpenError, Opener, Seat, Setup};

use crate::game_file::GameFile;
use crate::record_file::{RecordFileError, read_record_file};
use crate::save_store::{SaveError, SaveStore, rename_aside};
use crate::seat_kind::{SeatKind, parse_seats_tag, seats_tag};
use crate::table::{Table, TableError};

/// Reason written in an unfinished game the player chose not to resume.
pub const ABANDONED: &str = "abandoned";

/// Extension of a game record.
const EXTENSION: &str = "tripot";

/// The games a saved record can be of: every game the client links, each opened by its engine
/// (the one list, `tripot_net::LINKED_OPENERS`, that the online sessions open games with too).
#[derive(Debug, Clone, Copy, Default)]
pub struct EveryGame;

impl Opener for EveryGame {
    fn open(&self, spec: &GameSpec, setup: &Setup) -> Result<Box<dyn GameState>, OpenError> {
        tripot_net::linked_games(spec, setup)
    }
}

/// Why a table's record could not be written, read or set again.
#[derive(Debug, thiserror::Error)]
pub enum TableSaveError {
    /// The store's folder or file could not be used.
    #[error("{0}")]
    Store(#[from] SaveError),
    /// Not a record's text.
    #[error("{path}: {source}")]
    Record {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        source: RecordError,
    },
    /// A record whose game does not replay.
    #[error("{path}: {source}")]
    Replay {
        /// The file.
        path: PathBuf,
        /// Why.
        source: ReplayError,
    },
    /// A record without the seats of a table of this client (an online game's, a tournament's).
    #[error("{0}: not a table of this client")]
    NotATable(PathBuf),
    /// Its seats do not fit its game.
    #[error("{path}: {source}")]
    Table {
        /// The file.
        path: PathBuf,
        /// What does not fit.
        source: TableError,
    },
}

/// The file a table writes its record to, and the last write's failure, if any.
#[derive(Debug)]
pub(crate) struct TableFile {
    file: GameFile,
    error: Option<SaveError>,
}

/// A game read back from disk, every move verified.
#[derive(Debug)]
pub struct SavedGame {
    /// Its file.
    pub path: PathBuf,
    /// The record as read.
    pub record: GameRecord,
    /// The game replayed.
    pub replay: GameReplay,
    /// Whether the record is in the one record format (`[Game …]`) rather than an older duel
    /// or star table record (read the same, and saved on in the one format once resumed).
    pub one_format: bool,
}

impl SavedGame {
    /// Whether the game is unfinished and not abandoned: offered for resumption.
    #[must_use]
    pub fn is_open(&self) -> bool {
        !self.record.result.is_finished()
            && self.record.tag("Reason").is_none()
            && self.replay.state.to_move().is_some()
    }

    /// The seats and seed of the table it was played at, if it is one of this client's.
    #[must_use]
    pub fn seats(&self) -> Option<(Vec<SeatKind>, u64)> {
        seats_of(&self.record)
    }
}

/// The seats of the table a record was played at, and the computers' seed: its `Table` tag, or
/// the duel's older `Mode` tags (solo: a person at seat A against a computer of `Level`).
#[must_use]
pub fn seats_of(record: &GameRecord) -> Option<(Vec<SeatKind>, u64)> {
    let seed = record.tag("Seed").and_then(|s| s.parse().ok()).unwrap_or(0);
    if let Some(tag) = record.tag("Table") {
        return Some((parse_seats_tag(tag).ok()?, seed));
    }
    let seats = match record.tag("Mode")? {
        "solo" => vec![SeatKind::Person, SeatKind::Computer(record.tag("Level")?.parse().ok()?)],
        "duel" => vec![SeatKind::Person, SeatKind::Person],
        _ => return None,
    };
    Some((seats, seed))
}

/// Today's date as records write it.
fn today() -> String {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    tripot_game::date_from_unix(i64::try_from(now).unwrap_or(0))
}

impl Table {
    /// The table's record: the game's moves and result, its players named, the tags that bring
    /// the table back, the date, and the reason it was left if one is given.
    #[must_use]
    pub fn record(&self, reason: Option<&str>) -> GameRecord {
        let state = self.state();
        let mut record = GameRecord::of_game(state);
        // Tag names and values of our own: always valid, never too many.
        let _ = record.set_tag("Table", &seats_tag(self.seats()));
        let _ = record.set_tag("Seed", &self.seed().to_string());
        let _ = record.set_tag("Date", &today());
        for (i, kind) in self.seats().iter().enumerate() {
            let seat = Seat(u8::try_from(i).unwrap_or(u8::MAX));
            // As the table's screen names them: a person by the seat's number.
            let name = match kind {
                SeatKind::Person | SeatKind::Remote => format!("Joueur {}", seat.number()),
                SeatKind::Computer(_) => {
                    crate::computer_names::computer_name(self.seats(), seat).unwrap_or_default().to_owned()
                }
            };
            let _ = record.set_player(&state.seat_name(seat), &name);
        }
        if let Some(reason) = reason {
            let _ = record.set_tag("Reason", reason);
        }
        record
    }

    /// Saves the table after every change into `file` (a claimed one, or a resumed game's own),
    /// writing it now.
    pub fn save_to(&mut self, file: GameFile) -> Result<(), SaveError> {
        self.file = Some(TableFile { file, error: None });
        self.save();
        self.take_save_error().map_or(Ok(()), Err)
    }

    /// Where the table is saved, if it is.
    #[must_use]
    pub fn save_path(&self) -> Option<&Path> {
        self.file.as_ref().map(|f| f.file.path())
    }

    /// The last autosave's failure, taken (the next write may succeed).
    pub fn take_save_error(&mut self) -> Option<SaveError> {
        self.file.as_mut().and_then(|f| f.error.take())
    }

    /// Rewrites the record, if the table has a file and a move to write (an empty file is a
    /// game just started: readers skip it, and it is given back if the table ends there).
    pub(crate) fn save(&mut self) {
        if self.file.is_none() || self.state().moves().is_empty() && self.save_path().is_some_and(is_empty) {
            return;
        }
        let text = self.record(None).to_string();
        if let Some(file) = &mut self.file {
            file.error = file
                .file
                .write(&text)
                .err()
                .map(|source| SaveError::Io { path: file.file.path().to_path_buf(), source });
        }
    }

    /// Marks the table's record as abandoned, so it is no longer offered.
    pub fn abandon(&self) -> Result<(), SaveError> {
        let Some(file) = &self.file else { return Ok(()) };
        file.file
            .write(&self.record(Some(ABANDONED)).to_string())
            .map_err(|source| SaveError::Io { path: file.file.path().to_path_buf(), source })
    }

    /// The table a saved game was played at, with its moves, saving on into the same file.
    pub fn resume(saved: SavedGame) -> Result<Table, TableSaveError> {
        let (seats, seed) = saved.seats().ok_or_else(|| TableSaveError::NotATable(saved.path.clone()))?;
        let mut table = Table::new(saved.replay.state, seats, seed)
            .map_err(|source| TableSaveError::Table { path: saved.path.clone(), source })?;
        table.file = Some(TableFile { file: GameFile::existing(saved.path), error: None });
        Ok(table)
    }
}

/// Whether the file at `path` is empty (or gone).
fn is_empty(path: &Path) -> bool {
    fs::metadata(path).map_or(true, |m| m.len() == 0)
}

/// What the store holds of unfinished tables at start.
#[derive(Debug, Default)]
pub struct GamesFound {
    /// The unfinished tables of this client, newest first.
    pub open: Vec<SavedGame>,
    /// Records that do not read or replay, renamed `….corrupt`: where each went, and why.
    pub moved: Vec<(PathBuf, TableSaveError)>,
}

impl SaveStore {
    /// Reads and replays any game's record (only a regular file, of a record's size at most).
    pub fn read_game(path: &Path) -> Result<SavedGame, TableSaveError> {
        let bytes = read_record_file(path)
            .map_err(|source| SaveError::Unreadable { path: path.to_path_buf(), source })?;
        SaveStore::parse_game(path, &bytes)
    }

    /// Replays the record `bytes` read from `path`.
    pub fn parse_game(path: &Path, bytes: &[u8]) -> Result<SavedGame, TableSaveError> {
        let record = GameRecord::parse_bytes(bytes)
            .map_err(|source| TableSaveError::Record { path: path.to_path_buf(), source })?;
        let replay = record
            .replay(&EveryGame)
            .map_err(|source| TableSaveError::Replay { path: path.to_path_buf(), source })?;
        let one_format = crate::save_store::names_its_game(bytes);
        Ok(SavedGame { path: path.to_path_buf(), record, replay, one_format })
    }

    /// The unfinished tables in the store, of any game, newest first. A record that does not read
    /// or replay is moved aside and reported, never overwritten; one that is not a table of this
    /// client (a tournament's, an online game's) is left alone, as is an empty file (a game just
    /// started) or anything that is not a regular file.
    #[must_use]
    pub fn unfinished_games(&self) -> GamesFound {
        self.unfinished_where(|_| true)
    }

    fn unfinished_where(&self, wanted: impl Fn(&[u8]) -> bool) -> GamesFound {
        let mut found = GamesFound::default();
        let Ok(entries) = fs::read_dir(self.dir()) else { return found };
        let mut files: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == EXTENSION))
            .collect();
        // By the time last written (names count seconds only), the newest last, offered first.
        files.sort_by_key(|p| (fs::metadata(p).and_then(|m| m.modified()).ok(), p.clone()));
        for path in files.into_iter().rev() {
            let bytes = match read_record_file(&path) {
                Ok(bytes) if bytes.is_empty() || !wanted(&bytes) => continue,
                Ok(bytes) => bytes,
                Err(RecordFileError::NotAFile | RecordFileError::Io(_)) => continue,
                Err(source @ RecordFileError::TooLarge { .. }) => {
                    let error = TableSaveError::Store(SaveError::Unreadable { path: path.clone(), source });
                    found.moved.extend(rename_aside(&path).map(|to| (to, error)));
                    continue;
                }
            };
            match SaveStore::parse_game(&path, &bytes) {
                Ok(saved) if saved.is_open() && saved.seats().is_some() => found.open.push(saved),
                Ok(_) => {}
                Err(error) => found.moved.extend(rename_aside(&path).map(|to| (to, error))),
            }
        }
        found
    }
}
