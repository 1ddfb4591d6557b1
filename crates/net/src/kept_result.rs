//! A finished game's signed result, kept beside the game's save (`game.tripot` →
//! `game.result`) so that it can be submitted again later (`tripot ratings submit`): the
//! signed result as JSON, and the relays that counted it already. One reader,
//! [`KeptResult::read`], checks everything a relay would check of its shape and signatures
//! before anything uses it: a corrupt or altered file is refused with a typed error.

use std::path::{Path, PathBuf};

use libp2p::PeerId;
use serde::{Deserialize, Serialize};
use tripot_ratings_wire::{ShapeError, SignatureError, SignedResult};

/// The extension of a kept result's file.
pub const RESULT_EXTENSION: &str = "result";

/// Largest kept-result file read, in bytes (a result's record is at most 64 KiB; JSON of its
/// bytes and signatures stays far below this).
const MAX_FILE_BYTES: u64 = 512 * 1024;

/// A signed result and the relays that acknowledged it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeptResult {
    /// The result with both seats' signatures.
    pub signed: SignedResult,
    /// The peer ids of the relays that counted it (or had counted it already).
    #[serde(default)]
    pub acknowledged_by: Vec<String>,
}

/// Why a kept result could not be written or read back.
#[derive(Debug, thiserror::Error)]
pub enum KeptResultError {
    /// File system.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// Larger than any kept result.
    #[error("{0}: too large for a kept result")]
    TooLarge(PathBuf),
    /// Not the JSON of a kept result.
    #[error("{path}: not a kept result: {source}")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What the reader said.
        source: serde_json::Error,
    },
    /// A result out of bounds.
    #[error("{path}: {source}")]
    Shape {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        source: ShapeError,
    },
    /// Signatures that do not hold (the file was altered).
    #[error("{path}: {source}")]
    Signature {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        source: SignatureError,
    },
}

impl KeptResult {
    /// A result nobody counted yet.
    #[must_use]
    pub const fn new(signed: SignedResult) -> KeptResult {
        KeptResult { signed, acknowledged_by: Vec::new() }
    }

    /// Where the result of the game saved at `save` is kept.
    #[must_use]
    pub fn path_beside(save: &Path) -> PathBuf {
        save.with_extension(RESULT_EXTENSION)
    }

    /// Whether `relay` counted it already.
    #[must_use]
    pub fn acknowledged(&self, relay: &PeerId) -> bool {
        let relay = relay.to_string();
        self.acknowledged_by.contains(&relay)
    }

    /// Notes that `relay` counted it.
    pub fn acknowledge(&mut self, relay: &PeerId) {
        if !self.acknowledged(relay) {
            self.acknowledged_by.push(relay.to_string());
        }
    }

    /// Writes the file atomically (write, sync, rename).
    ///
    /// # Errors
    /// [`KeptResultError::Io`].
    pub fn write(&self, path: &Path) -> Result<(), KeptResultError> {
        let io = |source| KeptResultError::Io { path: path.to_path_buf(), source };
        let text = serde_json::to_vec_pretty(self)
            .map_err(|source| KeptResultError::Corrupt { path: path.to_path_buf(), source })?;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(io)?;
        }
        let tmp = path.with_extension(format!("{RESULT_EXTENSION}.tmp"));
        {
            use std::io::Write as _;
            let mut file = std::fs::File::create(&tmp).map_err(io)?;
            file.write_all(&text).map_err(io)?;
            file.sync_all().map_err(io)?;
        }
        std::fs::rename(&tmp, path).map_err(io)
    }

    /// Reads a kept result back, its shape and signatures checked.
    ///
    /// # Errors
    /// [`KeptResultError`]: unreadable, too large, not JSON of a kept result, out of bounds, or
    /// signatures that do not hold.
    pub fn read(path: &Path) -> Result<KeptResult, KeptResultError> {
        let io = |source| KeptResultError::Io { path: path.to_path_buf(), source };
        let size = std::fs::metadata(path).map_err(io)?.len();
        if size > MAX_FILE_BYTES {
            return Err(KeptResultError::TooLarge(path.to_path_buf()));
        }
        let bytes = std::fs::read(path).map_err(io)?;
        let kept: KeptResult = serde_json::from_slice(&bytes)
            .map_err(|source| KeptResultError::Corrupt { path: path.to_path_buf(), source })?;
        kept.signed
            .check_shape()
            .map_err(|source| KeptResultError::Shape { path: path.to_path_buf(), source })?;
        kept.signed
            .check_signatures()
            .map_err(|source| KeptResultError::Signature { path: path.to_path_buf(), source })?;
        Ok(kept)
    }

    /// Every kept result's file in `dir` (sorted by name); none when the directory is absent.
    ///
    /// # Errors
    /// The directory exists and cannot be listed.
    pub fn files_in(dir: &Path) -> Result<Vec<PathBuf>, KeptResultError> {
        let entries = match std::fs::read_dir(dir) {
            Ok(entries) => entries,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(source) => return Err(KeptResultError::Io { path: dir.to_path_buf(), source }),
        };
        let mut files: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == RESULT_EXTENSION) && p.is_file())
            .collect();
        files.sort();
        Ok(files)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use libp2p::identity::Keypair;
    use tripot_ratings_wire::{GameResult, SeatEntry, SeatKind};

    use super::*;

    fn signed() -> SignedResult {
        let (a, b) = (Keypair::generate_ed25519(), Keypair::generate_ed25519());
        let seat = |k: &Keypair, name: &str| SeatEntry {
            peer_id: k.public().to_peer_id(),
            name: name.into(),
            kind: SeatKind::Human,
        };
        let result = GameResult {
            game_id: [3; 16],
            game: "tripot".into(),
            seats: vec![seat(&a, "Ana"), seat(&b, "Ben")],
            places: vec![2, 1],
            record_hash: [1; 32],
            finished_unix: 1_796_515_200,
            record: "[Game \"tripot\"]\n\n".into(),
        };
        SignedResult::signed_by(result, &[&a, &b]).unwrap()
    }

    #[test]
    fn a_kept_result_reads_back_with_its_acknowledgements() {
        let dir = tempfile::tempdir().unwrap();
        let path = KeptResult::path_beside(&dir.path().join("online-1.tripot"));
        assert_eq!(path.file_name().unwrap(), "online-1.result");
        let relay = Keypair::generate_ed25519().public().to_peer_id();
        let mut kept = KeptResult::new(signed());
        kept.write(&path).unwrap();
        assert_eq!(KeptResult::read(&path).unwrap(), kept);
        assert!(!kept.acknowledged(&relay));
        kept.acknowledge(&relay);
        kept.acknowledge(&relay);
        kept.write(&path).unwrap();
        let back = KeptResult::read(&path).unwrap();
        assert!(back.acknowledged(&relay));
        assert_eq!(back.acknowledged_by.len(), 1);
        assert_eq!(KeptResult::files_in(dir.path()).unwrap(), vec![path]);
        assert!(KeptResult::files_in(&dir.path().join("absent")).unwrap().is_empty());
    }

    #[test]
    fn a_corrupt_or_altered_file_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.result");
        std::fs::write(&path, b"{ not json").unwrap();
        assert!(matches!(KeptResult::read(&path), Err(KeptResultError::Corrupt { .. })));
        // A place changed after signing: the signatures no longer hold.
        let mut kept = KeptResult::new(signed());
        kept.signed.result.places = vec![1, 2];
        kept.write(&path).unwrap();
        assert!(matches!(KeptResult::read(&path), Err(KeptResultError::Signature { .. })));
        // Out of bounds.
        let mut kept = KeptResult::new(signed());
        kept.signed.result.places = vec![1];
        kept.write(&path).unwrap();
        assert!(matches!(KeptResult::read(&path), Err(KeptResultError::Shape { .. })));
        // Too large.
        std::fs::write(&path, vec![b' '; 600 * 1024]).unwrap();
        assert!(matches!(KeptResult::read(&path), Err(KeptResultError::TooLarge(_))));
        assert!(matches!(
            KeptResult::read(&dir.path().join("absent.result")),
            Err(KeptResultError::Io { .. })
        ));
    }
}
