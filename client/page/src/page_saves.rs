//! One page's saved games (written by the one table, `page_play`, where the terminal writes its
//! games: [`SaveStore`]): the records listed under ids of this page's own, and the
//! record opened in the replay viewer. Reading, replaying and moving a bad file aside are the
//! core's (`table_save`: any game's record, older duel and star records too, read by the one
//! reader, `GameRecord`); this file chooses what the page may name and translates.
//!
//! The page names a record only by an id of the last list: the program never opens a path the
//! page wrote, so a page cannot read the computer's files.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

use tripot_game::{GameMove, GameState};

use super::messages::ErrorCode;
use super::saved_game_view::{game_entry, game_frame, game_replay};
use super::saves_messages::{FrameView, MovedView, RecordView, RecordsView, ReplayView};
use tripot_app::record_file::{RecordFileError, read_record_file};
use tripot_app::save_store::{SaveError, SaveStore, rename_aside};
use tripot_app::table_save::{SavedGame, TableSaveError};

/// A refusal before anything changed.
pub(crate) type Refusal = (ErrorCode, String);

/// Extension of a game record.
const EXTENSION: &str = "tripot";

/// A record the last list offered.
#[derive(Debug, Clone)]
struct Listed {
    path: PathBuf,
    /// Found among the network session's files.
    online: bool,
    resumable: bool,
}

/// The record open in the viewer: its game's start and its moves, verified.
#[derive(Debug)]
struct Opened {
    start: Box<dyn GameState>,
    moves: Vec<GameMove>,
}

/// The saves of one page.
#[derive(Debug, Default)]
pub(crate) struct PageSaves {
    /// Where games are written; none when there is no data directory (nothing is saved then).
    store: Option<SaveStore>,
    /// Where the network session saves online games, listed beside.
    online_dir: Option<PathBuf>,
    /// The last list, by id.
    listed: HashMap<String, Listed>,
    /// Ids are never reused on a socket, so an id of an older list is refused, not mistaken.
    next_id: u64,
    opened: Option<Opened>,
}

impl PageSaves {
    /// The saves of the terminal's store (`$TRIPOT_DATA_DIR` or the platform's) and online folder.
    pub(crate) fn from_env() -> PageSaves {
        PageSaves {
            store: SaveStore::from_env().ok(),
            online_dir: tripot_app::online_saves::default_dir(),
            ..PageSaves::default()
        }
    }

    /// Where games are written (none: nothing is saved).
    pub(crate) fn store(&self) -> Option<&SaveStore> {
        self.store.as_ref()
    }

    /// Every record, newest first, each file read once. One that does not read back is moved
    /// aside as the terminal does (renamed `….corrupt`, never overwritten), and the list says
    /// which; what is not a regular file (a FIFO, a folder named `*.tripot`) is never opened
    /// and is listed as skipped.
    pub(crate) fn list(&mut self) -> RecordsView {
        self.listed.clear();
        let mut view = RecordsView { records: Vec::new(), moved: Vec::new(), skipped: Vec::new() };
        let Some(store) = self.store.clone() else { return view };
        for path in records_in(store.dir()) {
            let bytes = match read_record_file(&path) {
                // Empty: a game just started, whose first move is not yet written.
                Ok(bytes) if bytes.is_empty() => continue,
                Ok(bytes) => bytes,
                Err(source @ RecordFileError::TooLarge { .. }) => {
                    let reason = source.to_string();
                    if let Some(to) = rename_aside(&path) {
                        view.moved.push(MovedView { file: name(&to), reason });
                    }
                    continue;
                }
                Err(error) => {
                    view.skipped.push(MovedView { file: name(&path), reason: error.to_string() });
                    continue;
                }
            };
            // Any game's record, the older duel and star table records too, read by the one
            // reader and replayed move by move.
            match SaveStore::parse_game(&path, &bytes) {
                Ok(saved) => self.offer(&mut view, &saved, false),
                Err(error) => {
                    if let Some(to) = rename_aside(&path) {
                        view.moved.push(MovedView { file: name(&to), reason: table_reason(&error) });
                    }
                }
            }
        }
        // The network session's own files: read only, never moved (its `--resume` reports them).
        if let Some(dir) = self.online_dir.clone() {
            for path in records_in(&dir) {
                match read_record_file(&path) {
                    Ok(bytes) if bytes.is_empty() => {}
                    Ok(bytes) => {
                        if let Ok(saved) = SaveStore::parse_game(&path, &bytes) {
                            self.offer(&mut view, &saved, true);
                        }
                    }
                    Err(error) => {
                        view.skipped.push(MovedView { file: name(&path), reason: error.to_string() })
                    }
                }
            }
        }
        view
    }

    fn offer(&mut self, view: &mut RecordsView, saved: &SavedGame, online: bool) {
        let mut record: RecordView = game_entry(saved, online);
        self.next_id += 1;
        record.id = format!("r{}", self.next_id);
        let listed = Listed { path: saved.path.clone(), online, resumable: record.resumable };
        self.listed.insert(record.id.clone(), listed);
        view.records.push(record);
    }

    fn listed(&self, id: &str) -> Result<&Listed, Refusal> {
        self.listed
            .get(id)
            .ok_or_else(|| (ErrorCode::UnknownRecord, format!("{id:.40}: no such record in the list")))
    }

    /// Opens a listed record in the viewer.
    pub(crate) fn open(&mut self, id: &str) -> Result<(ReplayView, FrameView), Refusal> {
        let listed = self.listed(id)?.clone();
        let saved = SaveStore::read_game(&listed.path)
            .map_err(|e| (ErrorCode::UnreadableRecord, table_reason(&e)))?;
        let view = game_replay(id, &saved, listed.online);
        self.opened = Some(Opened { start: saved.replay.state.initial(), moves: saved.replay.moves });
        let frame = self.show(0)?;
        Ok((view, frame))
    }

    /// The position after move `index` of the record open.
    pub(crate) fn show(&self, index: usize) -> Result<FrameView, Refusal> {
        let opened =
            self.opened.as_ref().ok_or_else(|| (ErrorCode::NoRecord, "no record is open".to_owned()))?;
        let count = opened.moves.len();
        if index > count {
            return Err((ErrorCode::NoSuchMove, format!("move {index}: the record has {count}")));
        }
        Ok(game_frame(opened.start.as_ref(), &opened.moves, index))
    }

    /// The file of a listed unfinished game of this device, to take up at the one table.
    pub(crate) fn resumable(&self, id: &str) -> Result<PathBuf, Refusal> {
        let listed = self.listed(id)?;
        if !listed.resumable {
            return Err((ErrorCode::NotResumable, format!("{id}: not an unfinished game of this device")));
        }
        Ok(listed.path.clone())
    }
}

/// Why a file did not read back, without its path (the page is not told the folder).
fn table_reason(error: &TableSaveError) -> String {
    match error {
        TableSaveError::Record { source, .. } => source.to_string(),
        TableSaveError::Replay { source, .. } => source.to_string(),
        TableSaveError::Table { source, .. } => source.to_string(),
        TableSaveError::NotATable(_) => "not a table of this device".to_owned(),
        TableSaveError::Store(e) => store_reason(e),
    }
}

fn store_reason(error: &SaveError) -> String {
    match error {
        SaveError::Io { source, .. } => source.to_string(),
        SaveError::Unreadable { source, .. } => source.to_string(),
        SaveError::NoDataDir => error.to_string(),
    }
}

/// A file's name without its folder (the page is not told where the folder is).
fn name(path: &Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

/// The records of a folder, the newest written first.
fn records_in(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<(Option<std::time::SystemTime>, PathBuf)> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == EXTENSION))
        .map(|p| (fs::metadata(&p).and_then(|m| m.modified()).ok(), p))
        .collect();
    files.sort();
    files.into_iter().rev().map(|(_, p)| p).collect()
}
