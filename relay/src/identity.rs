//! The relay's identity: an ed25519 key kept in a file, so its peer id — and therefore the
//! addresses players were given — stay the same across restarts.

use crate::RelayError;
use libp2p::identity::Keypair;
use std::fs;
use std::io::Write;
use std::path::Path;

/// Derives an ed25519 key from a one-byte seed, as rust-libp2p's examples do: the seed is the
/// first byte of the 32-byte secret, the rest zero. For tests and interop only: anyone can
/// derive the same key.
pub fn keypair_from_seed(seed: u8) -> Keypair {
    let mut bytes = [0u8; 32];
    bytes[0] = seed;
    // A 32-byte array is always a valid ed25519 secret.
    match Keypair::ed25519_from_bytes(bytes) {
        Ok(key) => key,
        Err(_) => Keypair::generate_ed25519(),
    }
}

/// Loads the key in `path`, or creates one there (mode 0600) if the file does not exist.
/// A file that exists but holds no key is an error: silently replacing it would change the
/// relay's peer id under its players.
pub fn load_or_create_keypair(path: &Path) -> Result<Keypair, RelayError> {
    let io_err = |source| RelayError::IdentityIo { path: path.to_owned(), source };
    match fs::read(path) {
        Ok(bytes) => Keypair::from_protobuf_encoding(&bytes)
            .map_err(|e| RelayError::IdentityCorrupt { path: path.to_owned(), reason: e.to_string() }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let key = Keypair::generate_ed25519();
            let bytes = key
                .to_protobuf_encoding()
                .map_err(|e| RelayError::IdentityCorrupt { path: path.to_owned(), reason: e.to_string() })?;
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                fs::create_dir_all(dir).map_err(io_err)?;
            }
            // Write beside, then rename: a crash never leaves a half-written key.
            let tmp = path.with_extension("tmp");
            let mut options = fs::OpenOptions::new();
            options.write(true).create(true).truncate(true);
            #[cfg(unix)]
            std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
            let mut file = options.open(&tmp).map_err(io_err)?;
            file.write_all(&bytes).map_err(io_err)?;
            file.sync_all().map_err(io_err)?;
            fs::rename(&tmp, path).map_err(io_err)?;
            tracing::info!(path = %path.display(), peer_id = %key.public().to_peer_id(), "created a new identity");
            Ok(key)
        }
        Err(e) => Err(io_err(e)),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn seed_gives_a_stable_peer_id() {
        let a = keypair_from_seed(7).public().to_peer_id();
        assert_eq!(a, keypair_from_seed(7).public().to_peer_id());
        assert_ne!(a, keypair_from_seed(8).public().to_peer_id());
    }

    #[test]
    fn key_file_is_created_once_then_reused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/relay.key");
        let first = load_or_create_keypair(&path).unwrap().public().to_peer_id();
        let second = load_or_create_keypair(&path).unwrap().public().to_peer_id();
        assert_eq!(first, second);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        }
    }

    #[test]
    fn corrupt_key_file_is_an_error_not_a_new_identity() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("relay.key");
        fs::write(&path, b"not a key").unwrap();
        assert!(matches!(load_or_create_keypair(&path), Err(RelayError::IdentityCorrupt { .. })));
        assert_eq!(fs::read(&path).unwrap(), b"not a key");
    }
}
