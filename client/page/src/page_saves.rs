//! One page's saved games: the duel in progress written after every move where the terminal
//! writes its games ([`SaveStore`]), the records listed under ids of this page's own, and the
//! record opened in the replay viewer. Reading, replaying and moving a bad file aside are the
//! core's (`save_store`, `star_save`); this file chooses what the page may name and translates.
//!
//! The page names a record only by an id of the last list: the program never opens a path the
//! page wrote, so a page cannot read the computer's files.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

use tripot_engine::{Camp, Colour, Notation, Position, RecordResult, Replay, StarNotation, StarReplay};

use super::messages::{ErrorCode, PawnView};
use super::saves_messages::{
    FrameView, MovedView, RecordKind, RecordView, RecordsView, ReplayMove, ReplayView, SeatView,
};
use tripot_app::game_file::GameFile;
use tripot_app::local_game::Game;
use tripot_app::record_file::{RecordFileError, read_record_file};
use tripot_app::save_store::{SaveError, SaveStore, Saved, game_of, rename_aside, setup_of};
use tripot_app::star_save::{self, SavedTable, TableSaveError};

/// A refusal before anything changed.
pub(crate) type Refusal = (ErrorCode, String);

/// Extension of a game record.
const EXTENSION: &str = "tripot";

/// A record the last list offered.
#[derive(Debug, Clone)]
struct Listed {
    path: PathBuf,
    kind: RecordKind,
    resumable: bool,
}

/// The record open in the viewer, replayed by the engine.
#[derive(Debug, Clone)]
enum Opened {
    Duel(Box<Replay>),
    Table(Box<StarReplay>),
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
    /// The file of the game in progress (claimed for each new game, the record's own when
    /// resumed).
    game_file: Option<GameFile>,
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

    /// A new game starts: its own file is claimed now (no other game can take it), written once
    /// the game has a move. The previous game's is given back first if it stayed empty.
    pub(crate) fn new_game(&mut self) -> Result<(), Refusal> {
        self.game_file = None;
        let Some(store) = &self.store else { return Ok(()) };
        let file = store.claim_game_file().map_err(|e| (ErrorCode::SaveFailed, save_reason(&e)))?;
        self.game_file = Some(file);
        Ok(())
    }

    /// Writes the game as it is now (not before its first move, as the terminal).
    pub(crate) fn save(&self, game: &Game) -> Result<(), Refusal> {
        let (Some(store), Some(file)) = (&self.store, &self.game_file) else { return Ok(()) };
        if game.moves().is_empty() {
            return Ok(());
        }
        store.write(file.path(), game, None).map_err(|e| (ErrorCode::SaveFailed, save_reason(&e)))
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
            let entry = if star_save::is_star_record(&bytes) {
                match star_save::parse_table(&path, &bytes) {
                    Ok(saved) => Ok(table_entry(&saved)),
                    Err(error @ TableSaveError::Record { .. }) => Err(table_reason(&error)),
                    // A star record of another program (no `Table` tag) is listed by others.
                    Err(_) => continue,
                }
            } else {
                SaveStore::parse(&path, &bytes)
                    .map(|saved| duel_entry(&saved, RecordKind::Duel))
                    .map_err(|e| save_reason(&e))
            };
            match entry {
                Ok(record) => self.offer(&mut view, path, record),
                // A record of the one table the older readers do not know (draughts, the
                // table's own tags): the table lists it; never moved aside from here.
                Err(_) if SaveStore::parse_game(&path, &bytes).is_ok() => {}
                Err(reason) => {
                    if let Some(to) = rename_aside(&path) {
                        view.moved.push(MovedView { file: name(&to), reason });
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
                        if let Ok(saved) = SaveStore::parse(&path, &bytes) {
                            self.offer(&mut view, path, duel_entry(&saved, RecordKind::Online));
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

    fn offer(&mut self, view: &mut RecordsView, path: PathBuf, mut record: RecordView) {
        self.next_id += 1;
        record.id = format!("r{}", self.next_id);
        self.listed
            .insert(record.id.clone(), Listed { path, kind: record.kind, resumable: record.resumable });
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
        let unreadable = |e: String| (ErrorCode::UnreadableRecord, e);
        let (view, opened) = match listed.kind {
            RecordKind::Table => {
                let saved = star_save::read_table(&listed.path).map_err(|e| unreadable(table_reason(&e)))?;
                (table_replay(id, &saved), Opened::Table(Box::new(saved.replay)))
            }
            RecordKind::Duel | RecordKind::Online => {
                let saved = SaveStore::read(&listed.path).map_err(|e| unreadable(save_reason(&e)))?;
                (duel_replay(id, listed.kind, &saved), Opened::Duel(Box::new(saved.replay)))
            }
        };
        self.opened = Some(opened);
        let frame = self.show(0)?;
        Ok((view, frame))
    }

    /// The position after move `index` of the record open.
    pub(crate) fn show(&self, index: usize) -> Result<FrameView, Refusal> {
        let opened =
            self.opened.as_ref().ok_or_else(|| (ErrorCode::NoRecord, "no record is open".to_owned()))?;
        let count = match opened {
            Opened::Duel(replay) => replay.moves.len(),
            Opened::Table(replay) => replay.moves.len(),
        };
        if index > count {
            return Err((ErrorCode::NoSuchMove, format!("move {index}: the record has {count}")));
        }
        Ok(match opened {
            Opened::Duel(replay) => duel_frame(replay, index),
            Opened::Table(replay) => table_frame(replay, index),
        })
    }

    /// The game of a listed unfinished duel, and that its moves go on being written to its file.
    pub(crate) fn resume(&mut self, id: &str) -> Result<Game, Refusal> {
        let listed = self.listed(id)?.clone();
        if !listed.resumable {
            return Err((ErrorCode::NotResumable, format!("{id}: not an unfinished game of this device")));
        }
        let saved =
            SaveStore::read(&listed.path).map_err(|e| (ErrorCode::UnreadableRecord, save_reason(&e)))?;
        let setup = setup_of(&saved.record)
            .ok_or_else(|| (ErrorCode::NotResumable, format!("{id}: no mode or level recorded")))?;
        self.game_file = Some(GameFile::existing(listed.path));
        Ok(game_of(&saved, setup))
    }
}

/// Why a duel's file did not read back, without its path (the page is not told the folder).
fn save_reason(error: &SaveError) -> String {
    match error {
        SaveError::Io { source, .. } => source.to_string(),
        SaveError::Record { source, .. } => source.to_string(),
        SaveError::Unreadable { source, .. } => source.to_string(),
        SaveError::NoDataDir => error.to_string(),
    }
}

/// Why a table's file did not read back, without its path.
fn table_reason(error: &TableSaveError) -> String {
    match error {
        TableSaveError::Io { source, .. } => source.to_string(),
        TableSaveError::Record { source, .. } => source.to_string(),
        TableSaveError::Unreadable { source, .. } => source.to_string(),
        TableSaveError::Setup { source, .. } => source.to_string(),
        TableSaveError::NotATable(_) => "not a table of this client".to_owned(),
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

fn camp_index(camp: Camp) -> usize {
    match camp {
        Camp::A => 0,
        Camp::B => 1,
    }
}

fn names(record_players: &[Option<String>; 2]) -> Vec<String> {
    record_players
        .iter()
        .zip(["A", "B"])
        .map(|(name, camp)| name.clone().unwrap_or_else(|| camp.to_owned()))
        .collect()
}

fn duel_entry(saved: &Saved, kind: RecordKind) -> RecordView {
    let record = &saved.record;
    let players = names(&record.players);
    let winners = match record.result {
        RecordResult::Won { winner, .. } => vec![players[camp_index(winner)].clone()],
        RecordResult::Unfinished => Vec::new(),
    };
    let finished = record.result != RecordResult::Unfinished || record.reason.is_some();
    let resumable = kind == RecordKind::Duel && !finished && setup_of(record).is_some();
    RecordView {
        id: String::new(),
        kind,
        date: record.date.clone(),
        players,
        winners,
        finished,
        moves: saved.replay.moves.len(),
        resumable,
        variant: None,
        level: record.tag("Level").filter(|_| record.tag("Mode") == Some("solo")).map(str::to_owned),
    }
}

fn seat_name(saved: &SavedTable, seat: Colour) -> String {
    saved.record.player(seat).map_or_else(|| seat.code().to_owned(), str::to_owned)
}

fn table_entry(saved: &SavedTable) -> RecordView {
    let record = &saved.record;
    let winners = record
        .result()
        .map(|places| {
            record
                .variant()
                .seats()
                .iter()
                .filter(|s| places[s.index()] == 1)
                .map(|&s| seat_name(saved, s))
                .collect::<Vec<String>>()
        })
        .unwrap_or_default();
    RecordView {
        id: String::new(),
        kind: RecordKind::Table,
        date: record.tag("Date").map(str::to_owned),
        players: record.variant().seats().iter().map(|&s| seat_name(saved, s)).collect(),
        winners,
        finished: record.result().is_some() || record.tag("Reason").is_some(),
        moves: saved.replay.moves.len(),
        resumable: false,
        variant: Some(record.variant().to_string()),
        level: None,
    }
}

fn duel_replay(id: &str, kind: RecordKind, saved: &Saved) -> ReplayView {
    let entry = duel_entry(saved, kind);
    let format = saved.record.format();
    let seats = [Camp::A, Camp::B]
        .into_iter()
        .map(|camp| SeatView {
            colours: format
                .all_colours()
                .iter()
                .filter(|c| c.camp() == camp)
                .map(|c| c.code().to_owned())
                .collect(),
            name: entry.players[camp_index(camp)].clone(),
        })
        .collect();
    let moves = saved
        .replay
        .moves
        .iter()
        .zip(&saved.replay.positions)
        .map(|(verified, before)| ReplayMove {
            notation: verified.notation.to_string(),
            path: duel_path(&verified.notation),
            seat: camp_index(before.turn()),
        })
        .collect();
    ReplayView { id: id.to_owned(), kind, date: entry.date, seats, moves, winners: entry.winners }
}

fn duel_path(notation: &Notation) -> Vec<String> {
    match notation {
        Notation::Path(path) => path.iter().map(ToString::to_string).collect(),
        Notation::Swap { mine, theirs } => vec![mine.to_string(), theirs.to_string()],
        Notation::Pass => Vec::new(),
    }
}

fn duel_pawns(position: &Position) -> Vec<PawnView> {
    position
        .format()
        .all_colours()
        .iter()
        .flat_map(|&colour| {
            position
                .pawns(colour)
                .iter()
                .map(move |hole| PawnView { hole: hole.to_string(), colour: colour.code().to_owned() })
        })
        .collect()
}

fn duel_frame(replay: &Replay, index: usize) -> FrameView {
    let pawns = replay.positions.get(index).map(duel_pawns).unwrap_or_default();
    let last_move = index
        .checked_sub(1)
        .and_then(|i| replay.moves.get(i))
        .map(|verified| duel_path(&verified.notation))
        .unwrap_or_default();
    FrameView { index, pawns, last_move }
}

fn table_replay(id: &str, saved: &SavedTable) -> ReplayView {
    let entry = table_entry(saved);
    let seats_list = saved.record.variant().seats();
    let seats = seats_list
        .iter()
        .map(|&seat| SeatView { colours: vec![seat.code().to_owned()], name: seat_name(saved, seat) })
        .collect();
    let moves = saved
        .replay
        .moves
        .iter()
        .zip(&saved.replay.positions)
        .map(|(mv, before)| {
            let notation = before.notation(mv);
            ReplayMove {
                notation: notation.to_string(),
                path: star_path(&notation),
                seat: seats_list.iter().position(|&s| s == before.turn()).unwrap_or(0),
            }
        })
        .collect();
    ReplayView {
        id: id.to_owned(),
        kind: RecordKind::Table,
        date: entry.date,
        seats,
        moves,
        winners: entry.winners,
    }
}

fn star_path(notation: &StarNotation) -> Vec<String> {
    match notation {
        StarNotation::Path(path) => path.iter().map(ToString::to_string).collect(),
        StarNotation::Pass => Vec::new(),
    }
}

fn table_frame(replay: &StarReplay, index: usize) -> FrameView {
    let Some(position) = replay.positions.get(index) else {
        return FrameView { index, pawns: Vec::new(), last_move: Vec::new() };
    };
    let mut pawns: Vec<PawnView> = position
        .variant()
        .seats()
        .iter()
        .flat_map(|&seat| {
            position
                .marbles(seat)
                .iter()
                .map(move |hole| PawnView { hole: hole.to_string(), colour: seat.code().to_owned() })
        })
        .collect();
    pawns.extend(
        position
            .pieces()
            .iter()
            .map(|hole| PawnView { hole: hole.to_string(), colour: "neutral".to_owned() }),
    );
    let last_move = index
        .checked_sub(1)
        .and_then(|i| Some(star_path(&replay.positions.get(i)?.notation(replay.moves.get(i)?))))
        .unwrap_or_default();
    FrameView { index, pawns, last_move }
}
