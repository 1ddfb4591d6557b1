//! The player's persistent libp2p identity: an ed25519 key kept in the config directory, so a
//! player is the same peer after a restart (a resumed game recognises its opponent by peer id).

use std::path::{Path, PathBuf};

use libp2p::identity::Keypair;

/// The environment variable that overrides the config directory (tests give each process its own).
pub const CONFIG_DIR_ENV: &str = "TRIPOT_CONFIG_DIR";

/// File name of the key inside the config directory.
const KEY_FILE: &str = "identity.key";

/// Why the identity could not be loaded or created.
#[derive(Debug, thiserror::Error)]
pub enum IdentityError {
    /// No home directory to put the config directory in, and no override.
    #[error("no config directory: set {CONFIG_DIR_ENV}")]
    NoConfigDir,
    /// Reading or writing the key file failed.
    #[error("identity key {path}: {source}")]
    Io {
        /// The key file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The key file exists but does not hold an ed25519 key.
    #[error("identity key {0} is corrupt; remove it to create a new identity")]
    Corrupt(PathBuf),
}

/// The config directory: `$TRIPOT_CONFIG_DIR`, else the platform's (e.g. `~/.config/tripot`).
///
/// # Errors
/// [`IdentityError::NoConfigDir`] when neither exists.
pub fn config_dir() -> Result<PathBuf, IdentityError> {
    if let Some(dir) = std::env::var_os(CONFIG_DIR_ENV).filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("", "", "tripot")
        .map(|dirs| dirs.config_dir().to_path_buf())
        .ok_or(IdentityError::NoConfigDir)
}

/// Loads the identity from `dir`, creating it (and the directory) on first use.
///
/// # Errors
/// I/O failures, or a corrupt key file (never silently replaced: that would change the peer id).
pub fn load_or_create(dir: &Path) -> Result<Keypair, IdentityError> {
    let path = dir.join(KEY_FILE);
    let io = |source| IdentityError::Io { path: path.clone(), source };
    match std::fs::read(&path) {
        Ok(bytes) => Keypair::from_protobuf_encoding(&bytes)
            .ok()
            .filter(|key| key.key_type() == libp2p::identity::KeyType::Ed25519)
            .ok_or_else(|| IdentityError::Corrupt(path.clone())),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            std::fs::create_dir_all(dir).map_err(io)?;
            let key = Keypair::generate_ed25519();
            let bytes = key.to_protobuf_encoding().map_err(|_| IdentityError::Corrupt(path.clone()))?;
            // Write then rename, so that a crash never leaves half a key behind.
            let tmp = dir.join(format!("{KEY_FILE}.tmp"));
            std::fs::write(&tmp, bytes).map_err(io)?;
            restrict_permissions(&tmp);
            std::fs::rename(&tmp, &path).map_err(io)?;
            Ok(key)
        }
        Err(error) => Err(io(error)),
    }
}

#[cfg(unix)]
fn restrict_permissions(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    // Best effort: a key readable by others is still a working key.
    let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600));
}

#[cfg(not(unix))]
fn restrict_permissions(_path: &Path) {}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn the_identity_survives_a_restart() {
        let dir = tempfile::tempdir().unwrap();
        let first = load_or_create(dir.path()).unwrap();
        let second = load_or_create(dir.path()).unwrap();
        assert_eq!(first.public().to_peer_id(), second.public().to_peer_id());
    }

    #[test]
    fn a_corrupt_key_is_an_error_not_a_new_identity() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(KEY_FILE), b"garbage").unwrap();
        assert!(matches!(load_or_create(dir.path()), Err(IdentityError::Corrupt(_))));
    }
}
