//! Star tables on disk: a table is a star game record (`tripot_engine::StarRecord`) in the same
//! `games/` folder as the duels, rewritten after every move. Its players are in a `Table` tag
//! (`human,moyen,…` in playing order) and the computers' seed in `Seed`, so that resuming brings
//! back the same table; `[Reason "abandoned"]` marks one the player chose not to resume. A new
//! table's file is claimed as a duel's (`SaveStore::claim_game_file`), never shared.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use tripot_engine::{StarRecord, StarRecordError, StarReplay};

use super::game_file::write_atomically;
use super::record_file::{RecordFileError, read_record_file};
use super::save_store::SaveStore;
use super::star_table::StarTable;
use super::table_setup::{SeatPlayer, TableSetup, TableSetupError};

/// Extension of a game record, as the duel's.
const EXTENSION: &str = "tripot";

/// Why a table could not be saved or read back.
#[derive(Debug, thiserror::Error)]
pub enum TableSaveError {
    /// A file or directory operation failed.
    #[error("{path}: {source}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
    /// Not a valid star game record.
    #[error("{path}: {source}")]
    Record {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        source: StarRecordError,
    },
    /// Not a file that can be read as a record (not a regular file, or too large).
    #[error("{path}: {source}")]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// Why it was not read.
        source: RecordFileError,
    },
    /// A star record without the `Table` tag of this client (made by `tournament`, say).
    #[error("{0}: not a table of this client (no Table tag)")]
    NotATable(PathBuf),
    /// Its `Table` tag does not fit its variant.
    #[error("{path}: {source}")]
    Setup {
        /// The file.
        path: PathBuf,
        /// What does not fit.
        source: TableSetupError,
    },
}

/// A table read back from disk, every move verified.
#[derive(Debug, Clone)]
pub struct SavedTable {
    /// Its file.
    pub path: PathBuf,
    /// The record as read.
    pub record: StarRecord,
    /// The game replayed.
    pub replay: StarReplay,
}

/// Whether a record's text is a star game's: it has a `Variant` tag.
#[must_use]
pub fn is_star_record(bytes: &[u8]) -> bool {
    bytes.split(|&b| b == b'\n').any(|line| line.trim_ascii_start().starts_with(b"[Variant "))
}

/// The record of a table: its players named, its moves, its result, and the tags that bring the
/// table back (`Table`, `Seed`), with the date and, if given, the reason it was left.
#[must_use]
pub fn record_text(table: &StarTable, reason: Option<&str>) -> String {
    let setup = table.setup();
    let start = *table.start();
    let mut record = match StarRecord::new(setup.variant, start.opener()) {
        Ok(record) if record.start_position() == start => record,
        _ => StarRecord::from_position(start),
    };
    for (number, (&seat, player)) in setup.variant.seats().iter().zip(&setup.players).enumerate() {
        // As the table's screen names them: a person by the seat's number.
        let name = match player {
            SeatPlayer::Human => format!("Joueur {}", number + 1),
            SeatPlayer::Computer(level) => level.opponent().to_owned(),
        };
        record.set_player(seat, &name);
    }
    for played in table.moves() {
        record.push(played.notation.clone());
    }
    record.set_result(table.outcome().as_ref());
    let now = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let date = tripot_engine::date_from_unix(i64::try_from(now).unwrap_or(0));
    // A record's extra tags all precede its moves; readers keep the ones they do not know.
    let mut text =
        format!("[Table \"{}\"]\n[Seed \"{}\"]\n[Date \"{date}\"]\n", setup.players_tag(), setup.seed);
    if let Some(reason) = reason {
        text.push_str(&format!("[Reason \"{reason}\"]\n"));
    }
    text + &record.to_string()
}

/// Writes the table's record to `path`, atomically (a temporary file renamed over it).
pub fn write_table(store: &SaveStore, path: &Path, table: &StarTable) -> Result<(), TableSaveError> {
    let io_error = |source| TableSaveError::Io { path: path.to_path_buf(), source };
    fs::create_dir_all(store.dir())
        .map_err(|source| TableSaveError::Io { path: store.dir().to_path_buf(), source })?;
    write_atomically(path, &record_text(table, None)).map_err(io_error)
}

/// Reads and replays a star record (only a regular file, of a record's size at most).
pub fn read_table(path: &Path) -> Result<SavedTable, TableSaveError> {
    let bytes = read_record_file(path)
        .map_err(|source| TableSaveError::Unreadable { path: path.to_path_buf(), source })?;
    parse_table(path, &bytes)
}

/// Replays the star record `bytes` read from `path`.
pub fn parse_table(path: &Path, bytes: &[u8]) -> Result<SavedTable, TableSaveError> {
    let text = String::from_utf8_lossy(bytes);
    let record_error = |source| TableSaveError::Record { path: path.to_path_buf(), source };
    let record = StarRecord::parse(&text).map_err(record_error)?;
    let replay = record.replay().map_err(record_error)?;
    Ok(SavedTable { path: path.to_path_buf(), record, replay })
}

/// The table a saved record was played at, with its moves played again.
pub fn table_of(saved: &SavedTable) -> Result<StarTable, TableSaveError> {
    let setup = setup_of(saved)?;
    let start = saved.replay.positions.first().copied().unwrap_or_else(|| saved.record.start_position());
    let mut table = StarTable::from_position(setup, start);
    for mv in &saved.replay.moves {
        let played = table.checked_computer_move(mv.clone());
        // Every move was verified when the record was replayed.
        if table.commit(played).is_err() {
            break;
        }
    }
    Ok(table)
}

/// The set-up written in a record's tags.
pub fn setup_of(saved: &SavedTable) -> Result<TableSetup, TableSaveError> {
    let path = &saved.path;
    let players = saved.record.tag("Table").ok_or_else(|| TableSaveError::NotATable(path.clone()))?;
    let setup_error = |source| TableSaveError::Setup { path: path.clone(), source };
    let players = TableSetup::parse_players(players).map_err(setup_error)?;
    let seed = saved.record.tag("Seed").and_then(|s| s.parse().ok()).unwrap_or(0);
    let opener = saved.record.start_position().opener();
    TableSetup::new(saved.record.variant(), players, opener, seed).map_err(setup_error)
}

/// What the store holds of star tables at start.
#[derive(Debug)]
pub struct TablesFound {
    /// The unfinished tables (records of this client, `*`, no `Reason`), newest first.
    pub open: Vec<SavedTable>,
    /// Star records that do not read or replay, renamed `….corrupt` as the duel's are: where
    /// each went, and why.
    pub moved: Vec<(PathBuf, TableSaveError)>,
}

/// The unfinished tables in the store, newest first; a star record that does not read or replay is
/// moved aside and reported, never overwritten. Star records of other kinds (a tournament's,
/// without a `Table` tag) are left alone.
#[must_use]
pub fn unfinished_table(store: &SaveStore) -> TablesFound {
    let mut found = TablesFound { open: Vec::new(), moved: Vec::new() };
    let Ok(entries) = fs::read_dir(store.dir()) else { return found };
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == EXTENSION))
        .collect();
    // By the time last written (names count seconds only), the newest last, offered first.
    files.sort_by_key(|p| (fs::metadata(p).and_then(|m| m.modified()).ok(), p.clone()));
    for path in files.into_iter().rev() {
        // Each file read once; what is not a regular file, too large or empty (a game just
        // started) is not a table (the duel's store moves a huge file aside).
        let Ok(bytes) = read_record_file(&path) else { continue };
        if !is_star_record(&bytes) {
            continue;
        }
        match parse_table(&path, &bytes) {
            Ok(saved) => {
                let open = saved.record.result().is_none()
                    && saved.record.tag("Reason").is_none()
                    && setup_of(&saved).is_ok();
                if open {
                    found.open.push(saved);
                }
            }
            Err(error @ TableSaveError::Record { .. }) => {
                if let Some(to) = super::save_store::rename_aside(&path) {
                    found.moved.push((to, error));
                }
            }
            Err(_) => {}
        }
    }
    found
}

/// Marks an unfinished table as abandoned, so it is no longer offered.
pub fn abandon_table(saved: &SavedTable) -> Result<(), TableSaveError> {
    let table = table_of(saved)?;
    write_atomically(&saved.path, &record_text(&table, Some("abandoned")))
        .map_err(|source| TableSaveError::Io { path: saved.path.clone(), source })
}
