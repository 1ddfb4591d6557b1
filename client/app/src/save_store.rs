//! Games on disk: where they are, and each game's file. The records themselves are written and
//! read by `table_save` (the one format, and every older record read back).
//!
//! Layout: `<data dir>/games/<date>-<time>[-<n>].tripot`, one file per game, claimed when the
//! game starts so that games started in the same second never share one (`game_file`); empty
//! until its first move. A file that cannot be read back as a valid record is renamed to
//! `….corrupt` (moved aside, never overwritten, [`rename_aside`]) and reported.
//!
//! The data directory is the platform's (`directories`), or `$TRIPOT_DATA_DIR` when set, which
//! the tests use to play in a temporary directory.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use super::game_file::GameFile;
use super::record_file::RecordFileError;

/// The environment variable that overrides the data directory.
pub const DATA_DIR_ENV: &str = "TRIPOT_DATA_DIR";

/// Extension of a game record.
const EXTENSION: &str = "tripot";

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

    /// The unfinished games of online tables of 2–6 seats, newest first.
    #[must_use]
    pub fn unfinished_tables(&self) -> Vec<super::online_saves::TableSaved> {
        self.online_dir.as_deref().map(super::online_saves::unfinished_tables).unwrap_or_default()
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
        let date = tripot_game::date_from_unix((days * 86_400) as i64).replace('.', "-");
        let stem = format!("{date}-{:02}{:02}{:02}", secs / 3600, secs / 60 % 60, secs % 60);
        GameFile::claim(&self.dir, &stem, EXTENSION)
            .map_err(|source| SaveError::Io { path: self.dir.clone(), source })
    }
}

/// Whether a record's text names its game in a `Game` tag: a table's record (`table_save`).
pub fn names_its_game(bytes: &[u8]) -> bool {
    bytes.split(|&b| b == b'\n').any(|line| line.trim_ascii_start().starts_with(b"[Game "))
}

/// Renames a bad file to `<name>.corrupt` (or `.corrupt-N`) and says where it went; `None` if the
/// rename failed.
pub fn rename_aside(path: &Path) -> Option<PathBuf> {
    let name = path.file_name()?.to_string_lossy().into_owned();
    let to = (0..100)
        .map(|n| if n == 0 { format!("{name}.corrupt") } else { format!("{name}.corrupt-{n}") })
        .map(|candidate| path.with_file_name(candidate))
        .find(|candidate| !candidate.exists())?;
    fs::rename(path, &to).ok()?;
    Some(to)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn fifty_games_started_in_one_second_keep_fifty_files_of_their_own() {
        let dir = tempfile::tempdir().unwrap();
        let store = SaveStore::new(dir.path());
        // Fifty games claimed before any is written (as fifty starts in one second).
        let files: Vec<_> = (0..50).map(|_| store.claim_game_file().unwrap()).collect();
        let mut paths: Vec<&Path> = files.iter().map(|f| f.path()).collect();
        paths.sort();
        paths.dedup();
        assert_eq!(paths.len(), 50, "a file of its own for every game");
        assert!(paths.iter().all(|p| p.exists()), "each claimed on disk");
        assert_eq!(fs::read_dir(store.dir()).unwrap().count(), 50);
    }
}
