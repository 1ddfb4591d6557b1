//! A game's own file: claimed when the game starts, so that no other game can ever take its
//! name, and rewritten atomically after every move.
//!
//! Names count seconds (`<date>-<hhmmss>.tripot`), and many games may start in one second —
//! two pages, a page and the terminal, a flood. The name is therefore taken with
//! `create_new` (the system creates the file only if no file has that name, atomically), and
//! the next name (`-1`, `-2`, …) is tried while it is taken: two games never share a file. Each
//! rewrite goes to a temporary file of its own (random name, also `create_new`) renamed over
//! the game's, so a crash mid-write never leaves half a record and two writers never share a
//! temporary file.
//!
//! A claimed file stays empty until the game's first move: readers skip an empty record (a
//! game just started), and a [`GameFile`] dropped while still empty removes it, so that a game
//! left before its first move leaves nothing behind.

use std::fs;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};

/// Names tried in one second before giving up (each a `create_new`).
const MAX_TRIES: u32 = 10_000;

/// The file of one game.
#[derive(Debug, PartialEq, Eq)]
pub struct GameFile {
    path: PathBuf,
}

impl GameFile {
    /// Claims a fresh file in `dir` (created if missing) named `<stem>.<extension>`, or
    /// `<stem>-<n>.<extension>` with the first `n` no other file has.
    pub fn claim(dir: &Path, stem: &str, extension: &str) -> io::Result<GameFile> {
        fs::create_dir_all(dir)?;
        for n in 0..MAX_TRIES {
            let name = if n == 0 { format!("{stem}.{extension}") } else { format!("{stem}-{n}.{extension}") };
            let path = dir.join(name);
            match fs::OpenOptions::new().write(true).create_new(true).open(&path) {
                Ok(_) => return Ok(GameFile { path }),
                Err(error) if error.kind() == io::ErrorKind::AlreadyExists => {}
                Err(error) => return Err(error),
            }
        }
        Err(io::Error::new(io::ErrorKind::AlreadyExists, format!("{MAX_TRIES} games started in one second")))
    }

    /// The file of a game read back from disk (a resumed game goes on in its own file).
    #[must_use]
    pub fn existing(path: PathBuf) -> GameFile {
        GameFile { path }
    }

    /// Where the game is written.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Replaces the game's record with `text`, atomically.
    pub fn write(&self, text: &str) -> io::Result<()> {
        write_atomically(&self.path, text)
    }
}

impl Drop for GameFile {
    fn drop(&mut self) {
        // Still empty: the game never had a move; its claimed name is given back.
        if fs::symlink_metadata(&self.path).is_ok_and(|m| m.is_file() && m.len() == 0) {
            let _ = fs::remove_file(&self.path);
        }
    }
}

/// Writes `text` to a temporary file of its own beside `path`, then renames it over `path`.
pub fn write_atomically(path: &Path, text: &str) -> io::Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let (temporary, mut file) = loop {
        // Hidden and ending in `.tmp`: never listed as a record.
        let candidate = dir.join(format!(".{name}.{:016x}.tmp", rand::random::<u64>()));
        match fs::OpenOptions::new().write(true).create_new(true).open(&candidate) {
            Ok(file) => break (candidate, file),
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => {}
            Err(error) => return Err(error),
        }
    };
    let written = file.write_all(text.as_bytes()).and_then(|()| file.flush());
    drop(file);
    let renamed = written.and_then(|()| fs::rename(&temporary, path));
    if renamed.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    renamed
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn games_claimed_in_one_second_get_files_of_their_own() {
        let dir = tempfile::tempdir().unwrap();
        let files: Vec<GameFile> =
            (0..50).map(|_| GameFile::claim(dir.path(), "same", "tripot").unwrap()).collect();
        let mut paths: Vec<&Path> = files.iter().map(GameFile::path).collect();
        paths.sort();
        paths.dedup();
        assert_eq!(paths.len(), 50);
        for (i, file) in files.iter().enumerate() {
            file.write(&format!("game {i}\n")).unwrap();
        }
        for (i, file) in files.iter().enumerate() {
            assert_eq!(fs::read_to_string(file.path()).unwrap(), format!("game {i}\n"));
        }
        // Only the records: no temporary file is left behind.
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 50);
    }

    #[test]
    fn a_claimed_file_left_empty_is_given_back_and_a_written_one_kept() {
        let dir = tempfile::tempdir().unwrap();
        let empty = GameFile::claim(dir.path(), "g", "tripot").unwrap();
        let kept = GameFile::claim(dir.path(), "g", "tripot").unwrap();
        kept.write("moves\n").unwrap();
        let (empty_path, kept_path) = (empty.path().to_path_buf(), kept.path().to_path_buf());
        drop((empty, kept));
        assert!(!empty_path.exists());
        assert!(kept_path.exists());
    }
}
