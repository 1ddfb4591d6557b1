//! Reading one record file, the only way the client reads a game from its folders: only a
//! regular file, its size checked from its metadata before a byte is read, read once.
//!
//! Anything named `*.tripot` can sit in a folder of games: a FIFO would block its reader until
//! someone writes to it (the file is opened without waiting, then refused), a directory or a
//! device is no record, and a file of hundreds of megabytes would be read whole before the
//! parser refused it (the size is known from the metadata: past [`MAX_RECORD_BYTES`] nothing is
//! read).

use std::fs;
use std::io::{self, Read};
use std::path::Path;

use tripot_game::record::MAX_RECORD_BYTES;

/// Why a record file was not read.
#[derive(Debug, thiserror::Error)]
pub enum RecordFileError {
    /// A FIFO, a directory, a device or a socket: never opened for reading.
    #[error("not a regular file")]
    NotAFile,
    /// Larger than any record may be; nothing was read.
    #[error("{len} bytes, more than a record's {max}")]
    TooLarge {
        /// Its size.
        len: u64,
        /// [`MAX_RECORD_BYTES`].
        max: usize,
    },
    /// The file could not be opened or read.
    #[error("{0}")]
    Io(#[from] io::Error),
}

/// The bytes of the record file at `path` (empty for a game just started, whose file is claimed
/// before its first move is written).
pub fn read_record_file(path: &Path) -> Result<Vec<u8>, RecordFileError> {
    // The metadata first: a FIFO or a huge file is refused before it is opened.
    check(&fs::metadata(path)?)?;
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        // A file swapped for a FIFO between the check and the open must not block either.
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    let metadata = file.metadata()?;
    check(&metadata)?;
    let mut bytes = Vec::with_capacity(usize::try_from(metadata.len()).unwrap_or(0));
    let limit = MAX_RECORD_BYTES as u64 + 1;
    file.take(limit).read_to_end(&mut bytes)?;
    if bytes.len() > MAX_RECORD_BYTES {
        // It grew while being read.
        return Err(RecordFileError::TooLarge { len: bytes.len() as u64, max: MAX_RECORD_BYTES });
    }
    Ok(bytes)
}

/// Whether a file's metadata allows reading it as a record.
fn check(metadata: &fs::Metadata) -> Result<(), RecordFileError> {
    if !metadata.is_file() {
        return Err(RecordFileError::NotAFile);
    }
    if metadata.len() > MAX_RECORD_BYTES as u64 {
        return Err(RecordFileError::TooLarge { len: metadata.len(), max: MAX_RECORD_BYTES });
    }
    Ok(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_directory_or_a_huge_sparse_file_is_refused_unread() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("x.tripot");
        fs::create_dir(&folder).unwrap();
        assert!(matches!(read_record_file(&folder), Err(RecordFileError::NotAFile)));
        let huge = dir.path().join("huge.tripot");
        fs::File::create(&huge).unwrap().set_len(200 << 20).unwrap();
        assert!(
            matches!(read_record_file(&huge), Err(RecordFileError::TooLarge { len, .. }) if len == 200 << 20)
        );
        let fine = dir.path().join("fine.tripot");
        fs::write(&fine, "[Result \"*\"]\n").unwrap();
        assert_eq!(read_record_file(&fine).unwrap(), b"[Result \"*\"]\n");
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("x.tripot");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            assert!(std::env::var_os("CI").is_none(), "mkfifo is missing");
            eprintln!("skipped: mkfifo is missing");
            return;
        }
        // No writer ever opens it: a blocking read would never return.
        assert!(matches!(read_record_file(&fifo), Err(RecordFileError::NotAFile)));
    }
}
