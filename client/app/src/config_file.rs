//! The client's settings file, `<config dir>/config.toml` (`~/.config/tripot/config.toml`, or
//! `$TRIPOT_CONFIG_DIR/config.toml`).
//!
//! A tiny subset of TOML, read by hand to keep dependencies light: top-level `key = "string"`
//! lines, blank lines and `#` comments. Known keys:
//!
//! ```toml
//! # The tripot-relay used for private rooms, the lobby and quick match.
//! relay = "/dns4/relay.example.org/tcp/4001/p2p/12D3KooW…"
//! ```
//!
//! A missing file is an empty configuration; a line that does not parse, or a value that is
//! not what its key needs, is an error naming the file and the line. Unknown keys are
//! ignored, so that a newer client's file still works with this one.

use std::path::{Path, PathBuf};

use tripot_net::Multiaddr;

/// The file name inside the config directory.
pub const FILE_NAME: &str = "config.toml";

/// What the settings file says.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClientConfig {
    /// The relay to use when none is given on the command line or in `TRIPOT_RELAY`.
    pub relay: Option<Multiaddr>,
}

/// A settings file that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file exists but cannot be read.
    #[error("cannot read {}: {error}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// A line is malformed.
    #[error("{}:{line}: {reason}", path.display())]
    Syntax {
        /// The file.
        path: PathBuf,
        /// The line number, from 1.
        line: usize,
        /// What is wrong.
        reason: SyntaxError,
    },
}

/// What is wrong with a line of the settings file (the French words are the catalogue's,
/// `i18n/errors.rs`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SyntaxError {
    /// A `[section]` line.
    #[error("not a key: {0} (sections are not supported)")]
    Section(String),
    /// A line without `=`.
    #[error("expected key = \"value\"")]
    NoEquals,
    /// A key with other characters than letters, digits, `_` and `-`.
    #[error("not a key: {0:?} (sections and dotted keys are not supported)")]
    BadKey(String),
    /// The value of `key` is not a string.
    #[error("{key}: {reason}")]
    Value {
        /// The key.
        key: String,
        /// What is wrong with its value.
        reason: ValueError,
    },
    /// The relay is not a multiaddr.
    #[error("relay: not a multiaddr ({reason}): {value}")]
    Relay {
        /// The value given.
        value: String,
        /// The multiaddr parser's reason.
        reason: String,
    },
}

/// A value that is not a basic TOML string.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ValueError {
    /// No opening quote.
    #[error("expected a quoted string, found {0}")]
    NotQuoted(String),
    /// No closing quote.
    #[error("unterminated string")]
    Unterminated,
    /// An escape other than `\"` and `\\`.
    #[error("unsupported escape \\{0}")]
    Escape(char),
    /// Something else than a comment after the closing quote.
    #[error("unexpected text after the value: {0}")]
    Trailing(String),
}

impl ClientConfig {
    /// Reads `<dir>/config.toml`; a missing file gives the defaults.
    pub fn load(dir: &Path) -> Result<ClientConfig, ConfigError> {
        let path = dir.join(FILE_NAME);
        match std::fs::read_to_string(&path) {
            Ok(text) => ClientConfig::parse(&text).map_err(|(line, reason)| ConfigError::Syntax {
                path: path.clone(),
                line,
                reason,
            }),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(ClientConfig::default()),
            Err(error) => Err(ConfigError::Read { path, error }),
        }
    }

    /// Parses the text of a settings file; an error gives the line number and the reason.
    pub fn parse(text: &str) -> Result<ClientConfig, (usize, SyntaxError)> {
        let mut config = ClientConfig::default();
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let content = raw.trim();
            if content.is_empty() || content.starts_with('#') {
                continue;
            }
            if content.starts_with('[') {
                return Err((line, SyntaxError::Section(content.to_owned())));
            }
            let (key, value) = content.split_once('=').ok_or((line, SyntaxError::NoEquals))?;
            let key = key.trim();
            if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
                return Err((line, SyntaxError::BadKey(key.to_owned())));
            }
            let value = string_value(value.trim())
                .map_err(|reason| (line, SyntaxError::Value { key: key.to_owned(), reason }))?;
            if key == "relay" {
                let addr = value.parse::<Multiaddr>().map_err(|e| {
                    (line, SyntaxError::Relay { value: value.clone(), reason: e.to_string() })
                })?;
                config.relay = Some(addr);
            }
        }
        Ok(config)
    }
}

/// A basic TOML string (`"…"` with `\"` and `\\` escapes), then an optional comment.
fn string_value(text: &str) -> Result<String, ValueError> {
    let mut chars = text.chars();
    if chars.next() != Some('"') {
        return Err(ValueError::NotQuoted(text.to_owned()));
    }
    let mut value = String::new();
    loop {
        match chars.next() {
            None => return Err(ValueError::Unterminated),
            Some('"') => break,
            Some('\\') => match chars.next() {
                Some(c @ ('"' | '\\')) => value.push(c),
                Some(other) => return Err(ValueError::Escape(other)),
                None => return Err(ValueError::Unterminated),
            },
            Some(c) => value.push(c),
        }
    }
    let rest = chars.as_str().trim();
    if !rest.is_empty() && !rest.starts_with('#') {
        return Err(ValueError::Trailing(rest.to_owned()));
    }
    Ok(value)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    const RELAY: &str = "/ip4/192.0.2.7/tcp/4001/p2p/12D3KooWDpJ7As7BWAwRMfu1VU2WCqNjvq387JEYKDBj4kx6nXTN";

    #[test]
    fn reads_the_relay_with_comments_and_blank_lines() {
        let text = format!("# my settings\n\nrelay = \"{RELAY}\"   # the club's\nfuture_key = \"x\"\n");
        let config = ClientConfig::parse(&text).unwrap();
        assert_eq!(config.relay, Some(RELAY.parse().unwrap()));
        assert_eq!(ClientConfig::parse("").unwrap(), ClientConfig::default());
    }

    #[test]
    fn malformed_lines_name_their_line_and_reason() {
        let cases = [
            ("relay /ip4/1.2.3.4/tcp/1", 1, "expected key"),
            ("\nrelay = /ip4/1.2.3.4/tcp/1", 2, "quoted string"),
            ("relay = \"/ip4/1.2.3.4/tcp/1", 1, "unterminated"),
            ("relay = \"not an address\"", 1, "not a multiaddr"),
            ("[relay]\nrelay = \"x\"", 1, "not a key"),
            ("relay = \"/ip4/1.2.3.4/tcp/1\" extra", 1, "after the value"),
        ];
        for (text, line, reason) in cases {
            let (at, why) = ClientConfig::parse(text).unwrap_err();
            assert_eq!(at, line, "{text}");
            assert!(why.to_string().contains(reason), "{text}: {why}");
        }
    }

    #[test]
    fn a_missing_file_is_the_defaults_and_a_bad_one_an_error_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(ClientConfig::load(dir.path()).unwrap(), ClientConfig::default());
        std::fs::write(dir.path().join(FILE_NAME), "relay = 3\n").unwrap();
        let error = ClientConfig::load(dir.path()).unwrap_err().to_string();
        assert!(error.contains("config.toml:1") && error.contains("quoted string"), "{error}");
        std::fs::write(dir.path().join(FILE_NAME), format!("relay = \"{RELAY}\"\n")).unwrap();
        assert_eq!(ClientConfig::load(dir.path()).unwrap().relay, Some(RELAY.parse().unwrap()));
    }
}
