//! Games on disk: every game is a game record (`tripot_engine::Record`) in the data directory,
//! rewritten after every move, so that nothing played is ever lost.
//!
//! Layout: `<data dir>/games/<date>-<time>[-<n>].tripot`, one file per game, claimed when the
//! game starts so that games started in the same second never share one (`game_file`); empty
//! until its first move. A game whose record
//! says `[Result "*"]` and has no `Reason` is unfinished and is offered for resumption at start;
//! declining sets `[Reason "abandoned"]`. A file that cannot be read back as a valid record is
//! renamed to `….corrupt` (moved aside, never overwritten) and reported.
//!
//! The data directory is the platform's (`directories`), or `$TRIPOT_DATA_DIR` when set, which
//! the tests use to play in a temporary directory.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use tripot_ai::Level;
use tripot_engine::{OpenerChoice, Record, RecordError, RecordResult, Replay};

use super::game_file::{GameFile, write_atomically};
use super::local_game::{Game, Played};
use super::record_file::{RecordFileError, read_record_file};
use super::setup::{Mode, Setup};

/// The environment variable that overrides the data directory.
pub const DATA_DIR_ENV: &str = "TRIPOT_DATA_DIR";

/// Extension of a game record.
const EXTENSION: &str = "tripot";

/// Reason written in an unfinished game the player chose not to resume.
const ABANDONED: &str = "abandoned";

/// Why a game could not be saved or read.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// A file or directory operation failed.
    #[error("{path}: {source}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
    /// The file is not a valid game record.
    #[error("{path}: {source}")]
    Record {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        source: RecordError,
    },
    /// The file is not one that can be read as a record (not a regular file, or too large).
    #[error("{path}: {source}")]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// Why it was not read.
        source: RecordFileError,
    },
    /// No data directory could be found for this platform.
    #[error("no data directory on this system; set {DATA_DIR_ENV}")]
    NoDataDir,
}

/// A game read back from disk, every move verified.
#[derive(Debug, Clone)]
pub struct Saved {
    /// Its file.
    pub path: PathBuf,
    /// The record as read.
    pub record: Record,
    /// The game replayed.
    pub replay: Replay,
}

/// A file that was not a valid record and was moved aside.
#[derive(Debug)]
pub struct MovedAside {
    /// Where it now is.
    pub to: PathBuf,
    /// Why it was refused.
    pub error: SaveError,
}

/// The folder of saved games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveStore {
    dir: PathBuf,
    /// Where the network session saves online games, listed beside the local ones.
    online_dir: Option<PathBuf>,
}

impl SaveStore {
    /// Games under `data_dir/games`.
    #[must_use]
    pub fn new(data_dir: &Path) -> SaveStore {
        SaveStore { dir: data_dir.join("games"), online_dir: None }
    }

    /// The same store, also listing the unfinished online games saved in `dir`.
    #[must_use]
    pub fn with_online_dir(self, dir: PathBuf) -> SaveStore {
        SaveStore { online_dir: Some(dir), ..self }
    }

    /// The unfinished online games, newest first (none if no online folder was given).
    #[must_use]
    pub fn unfinished_online(&self) -> Vec<super::online_saves::OnlineSaved> {
        self.online_dir.as_deref().map(super::online_saves::unfinished).unwrap_or_default()
    }

    /// The store in `$TRIPOT_DATA_DIR`, or the platform's data directory.
    /// Online games are looked for where the network session saves them by default.
    pub fn from_env() -> Result<SaveStore, SaveError> {
        let store = if let Some(dir) = std::env::var_os(DATA_DIR_ENV).filter(|d| !d.is_empty()) {
            SaveStore::new(Path::new(&dir))
        } else {
            directories::ProjectDirs::from("", "", "tripot")
                .map(|dirs| SaveStore::new(dirs.data_dir()))
                .ok_or(SaveError::NoDataDir)?
        };
        Ok(match super::online_saves::default_dir() {
            Some(online) => store.with_online_dir(online),
            None => store,
        })
    }

    /// The folder holding the game files.
    #[must_use]
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Claims the file of a game starting now: named after the second it starts, with the first
    /// free suffix, created exclusively so that no other game can take it (`game_file`).
    pub fn claim_game_file(&self) -> Result<GameFile, SaveError> {
        let now = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
        let (days, secs) = (now / 86_400, now % 86_400);
        let date = tripot_engine::date_from_unix((days * 86_400) as i64).replace('.', "-");
        let stem = format!("{date}-{:02}{:02}{:02}", secs / 3600, secs / 60 % 60, secs % 60);
        GameFile::claim(&self.dir, &stem, EXTENSION)
            .map_err(|source| SaveError::Io { path: self.dir.clone(), source })
    }

    /// Writes the game's record to `path`, atomically (a temporary file renamed over it), so a
    /// crash mid-write never leaves half a record.
    pub fn write(&self, path: &Path, game: &Game, reason: Option<&str>) -> Result<(), SaveError> {
        let io_error = |source| SaveError::Io { path: path.to_path_buf(), source };
        fs::create_dir_all(&self.dir).map_err(|source| SaveError::Io { path: self.dir.clone(), source })?;
        let mut record = record_of(game);
        record.reason = reason.map(str::to_owned);
        write_atomically(path, &record.to_string()).map_err(io_error)
    }

    /// Reads and replays a game file (only a regular file, of a record's size at most).
    pub fn read(path: &Path) -> Result<Saved, SaveError> {
        let bytes = read_record_file(path)
            .map_err(|source| SaveError::Unreadable { path: path.to_path_buf(), source })?;
        SaveStore::parse(path, &bytes)
    }

    /// Replays the record `bytes` read from `path`.
    pub fn parse(path: &Path, bytes: &[u8]) -> Result<Saved, SaveError> {
        let record_error = |source| SaveError::Record { path: path.to_path_buf(), source };
        let record = Record::parse_bytes(bytes).map_err(record_error)?;
        let replay = record.replay().map_err(record_error)?;
        Ok(Saved { path: path.to_path_buf(), record, replay })
    }

    /// The unfinished games, newest first. Files that are not valid records are moved aside
    /// and listed in the second value.
    pub fn unfinished(&self) -> (Vec<Saved>, Vec<MovedAside>) {
        let mut moved = Vec::new();
        let Ok(entries) = fs::read_dir(&self.dir) else { return (Vec::new(), moved) };
        let mut files: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == EXTENSION))
            .collect();
        // By the time last written (names count seconds only), the newest last, offered first.
        files.sort_by_key(|p| (fs::metadata(p).and_then(|m| m.modified()).ok(), p.clone()));
        let mut found = Vec::new();
        for path in files.into_iter().rev() {
            // Each file is read once. One that is not a regular file (a FIFO, a folder) is no
            // game and is left alone; an empty one is a game just started, not yet written.
            let bytes = match read_record_file(&path) {
                Ok(bytes) => bytes,
                Err(RecordFileError::NotAFile | RecordFileError::Io(_)) => continue,
                Err(source @ RecordFileError::TooLarge { .. }) => {
                    moved.extend(move_aside(&path, SaveError::Unreadable { path: path.clone(), source }));
                    continue;
                }
            };
            // A star table's record is not a duel's: `star_save` offers it, it is not corrupt;
            // nor is a record of the one table's format (`[Game …]`), read by `table_save`.
            if bytes.is_empty() || super::star_save::is_star_record(&bytes) || names_its_game(&bytes) {
                continue;
            }
            match SaveStore::parse(&path, &bytes) {
                Ok(saved) => {
                    if saved.record.result == RecordResult::Unfinished
                        && saved.record.reason.is_none()
                        && setup_of(&saved.record).is_some()
                    {
                        found.push(saved);
                    }
                }
                Err(error) => {
                    if let Some(aside) = move_aside(&path, error) {
                        moved.push(aside);
                    }
                }
            }
        }
        (found, moved)
    }

    /// Marks an unfinished game as abandoned, so it is no longer offered.
    pub fn abandon(&self, saved: &Saved) -> Result<(), SaveError> {
        let mut record = saved.record.clone();
        record.reason = Some(ABANDONED.to_owned());
        write_atomically(&saved.path, &record.to_string())
            .map_err(|source| SaveError::Io { path: saved.path.clone(), source })
    }
}

/// Whether a record's text names its game in a `Game` tag: a table's record (`table_save`).
pub fn names_its_game(bytes: &[u8]) -> bool {
    bytes.split(|&b| b == b'\n').any(|line| line.trim_ascii_start().starts_with(b"[Game "))
}

/// Renames a bad file to `<name>.corrupt` (or `.corrupt-N` if that exists). `None` if even the
/// rename failed (then the file stays where it is and is reported again next time).
fn move_aside(path: &Path, error: SaveError) -> Option<MovedAside> {
    rename_aside(path).map(|to| MovedAside { to, error })
}

/// Renames a bad file to `<name>.corrupt` (or `.corrupt-N`) and says where it went; `None` if the
/// rename failed. The star tables' files go the same way (`star_save`).
pub fn rename_aside(path: &Path) -> Option<PathBuf> {
    let name = path.file_name()?.to_string_lossy().into_owned();
    let to = (0..100)
        .map(|n| if n == 0 { format!("{name}.corrupt") } else { format!("{name}.corrupt-{n}") })
        .map(|candidate| path.with_file_name(candidate))
        .find(|candidate| !candidate.exists())?;
    fs::rename(path, &to).ok()?;
    Some(to)
}

/// The record of a game: standard tags, the mode in extra tags, every move.
pub fn record_of(game: &Game) -> Record {
    let setup = &game.setup;
    let start = *game.start();
    let standard = tripot_engine::Position::start(setup.format, setup.rules, start.turn());
    let mut record = if start == standard {
        Record::new(setup.format, setup.rules, start.turn())
    } else {
        Record::from_position(start)
    };
    record.opener_choice = Some(OpenerChoice::Chosen);
    let now = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    record.date = Some(tripot_engine::date_from_unix(now as i64));
    match setup.mode {
        Mode::Solo { level, seed } => {
            record.players = [Some("Joueur 1".to_owned()), Some(level.opponent().to_owned())];
            let _ = record.set_tag("Mode", "solo");
            let _ = record.set_tag("Level", level.key());
            let _ = record.set_tag("Seed", &seed.to_string());
        }
        Mode::Duel => {
            record.players = [Some("Joueur 1".to_owned()), Some("Joueur 2".to_owned())];
            let _ = record.set_tag("Mode", "duel");
        }
        // Online games are saved by the network session, with both players' names.
        Mode::Online { .. } => {
            let _ = record.set_tag("Mode", "online");
        }
    }
    for played in game.moves() {
        record.push(played.notation.clone());
    }
    if let Some(outcome) = game.outcome() {
        record.result = outcome.into();
    }
    record
}

/// The set-up a record was played with, if it is one of ours (solo or duel).
pub fn setup_of(record: &Record) -> Option<Setup> {
    let mode = match record.tag("Mode")? {
        "solo" => {
            let level: Level = record.tag("Level")?.parse().ok()?;
            let seed = record.tag("Seed").and_then(|s| s.parse().ok()).unwrap_or(0);
            Mode::Solo { level, seed }
        }
        "duel" => Mode::Duel,
        _ => return None,
    };
    Some(Setup { mode, format: record.format(), rules: record.rules(), opener: record.opener() })
}

/// Rebuilds a game from a saved record: the same positions and moves.
pub fn game_of(saved: &Saved, setup: Setup) -> Game {
    let mut game = Game::new(setup, saved.replay.positions[0]);
    for verified in &saved.replay.moves {
        game.push(Played { mv: verified.mv, notation: verified.notation.clone() });
    }
    game
}

/// A game with any set-up, for `tripot view` of records not made by this client.
pub fn viewer_setup(record: &Record) -> Setup {
    setup_of(record).unwrap_or(Setup {
        mode: Mode::Duel,
        format: record.format(),
        rules: record.rules(),
        opener: record.opener(),
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use tripot_engine::{Camp, Format, Rules};

    use super::*;

    #[test]
    fn fifty_games_started_in_one_second_keep_fifty_records_of_their_own_moves() {
        let dir = tempfile::tempdir().unwrap();
        let store = SaveStore::new(dir.path());
        let duel = Setup { mode: Mode::Duel, format: Format::One, rules: Rules::Tripot, opener: Camp::A };
        let start = tripot_engine::Position::start(Format::One, Rules::Tripot, Camp::A);
        // Fifty games claimed before any is written (as fifty starts in one second), each then
        // written with its own two moves.
        let mut expected = Vec::new();
        for first in start.legal_moves().iter().take(10) {
            let after = start.play(*first).unwrap();
            for answer in after.legal_moves().iter().take(5) {
                expected.push([(start, *first), (after, *answer)]);
            }
        }
        let files: Vec<_> = expected.iter().map(|_| store.claim_game_file().unwrap()).collect();
        let mut paths: Vec<&Path> = files.iter().map(|f| f.path()).collect();
        paths.sort();
        paths.dedup();
        assert_eq!(paths.len(), 50, "a file of its own for every game");
        for (file, moves) in files.iter().zip(&expected) {
            let mut game = Game::new(duel, start);
            for (before, mv) in moves {
                game.push(Played { mv: *mv, notation: before.notation(*mv) });
            }
            store.write(file.path(), &game, None).unwrap();
        }
        // A terminal started now offers all fifty, each replaying its own moves.
        let (unfinished, moved) = store.unfinished();
        assert!(moved.is_empty(), "{moved:?}");
        assert_eq!(unfinished.len(), 50);
        for (file, moves) in files.iter().zip(&expected) {
            let saved = unfinished.iter().find(|s| s.path == file.path()).unwrap();
            let played: Vec<_> = saved.replay.moves.iter().map(|v| v.mv).collect();
            assert_eq!(played, moves.iter().map(|(_, mv)| *mv).collect::<Vec<_>>());
        }
        assert_eq!(fs::read_dir(store.dir()).unwrap().count(), 50, "no temporary file left beside them");
    }
}
