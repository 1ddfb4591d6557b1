//! Rendezvous namespaces of open lobby tables.
//!
//! A table is one rendezvous registration whose namespace says everything a list shows:
//! `tripot/lobby/<format>/<rules>/<opened at, Unix seconds>/<host name>`, e.g.
//! `tripot/lobby/2/tripot/1764480000/Edmonde`. So any libp2p rendezvous client lists the open
//! tables with a plain `DISCOVER` (no namespace, paged with its cookie and limit) and reads
//! them without contacting a single host; the registration's signed peer record gives the host
//! to dial through the relay. Private rooms are never registered here (see
//! the directory protocol, [`crate::Request`]), so listing every registration reveals no room code.

use std::fmt;
use tripot_engine::Rules;

/// Open lobby tables: `tripot/lobby/...`.
pub const LOBBY_NAMESPACE_PREFIX: &str = "tripot/lobby";

/// Whether `namespace` is a lobby table's (`tripot/lobby` or below it): such registrations are
/// accepted only from peers holding a reservation on the relay.
pub fn is_lobby(namespace: &str) -> bool {
    namespace
        .strip_prefix(LOBBY_NAMESPACE_PREFIX)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}

/// The longest host name a table carries, in characters.
pub const MAX_TABLE_NAME: usize = 24;

/// An open lobby table, as its namespace describes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LobbyTable {
    /// Colours per camp: 1, 2 or 3.
    pub format: u8,
    /// The rules preset, written by its name (`tripot` or `classic`) in the namespace.
    pub rules: Rules,
    /// When the table opened (Unix seconds, the host's clock): the list shows the time waited.
    pub opened_unix: u64,
    /// The host's name (no `/`, no control characters, at most [`MAX_TABLE_NAME`] characters).
    pub name: String,
}

impl LobbyTable {
    /// A table; the name is cleaned up to fit a namespace (`/` and control characters become
    /// `_`, cut to [`MAX_TABLE_NAME`] characters).
    pub fn new(format: u8, rules: Rules, opened_unix: u64, name: &str) -> Self {
        let name: String = name
            .trim()
            .chars()
            .map(|c| if c == '/' || c.is_control() { '_' } else { c })
            .take(MAX_TABLE_NAME)
            .collect();
        LobbyTable { format, rules, opened_unix, name }
    }

    /// The rendezvous namespace of this table.
    pub fn namespace(&self) -> String {
        self.to_string()
    }

    /// Reads a namespace; `None` for anything that is not a well-formed table (other
    /// applications' registrations, garbage).
    pub fn parse(namespace: &str) -> Option<Self> {
        let rest = namespace.strip_prefix(LOBBY_NAMESPACE_PREFIX)?.strip_prefix('/')?;
        let mut parts = rest.splitn(4, '/');
        let format: u8 = parts.next()?.parse().ok().filter(|f| (1..=3).contains(f))?;
        let rules: Rules = parts.next()?.parse().ok()?;
        let opened_unix: u64 = parts.next()?.parse().ok()?;
        let name = parts.next()?;
        if name.contains('/') || name.chars().any(char::is_control) || name.chars().count() > MAX_TABLE_NAME {
            return None;
        }
        Some(LobbyTable { format, rules, opened_unix, name: name.to_owned() })
    }
}

impl fmt::Display for LobbyTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{LOBBY_NAMESPACE_PREFIX}/{}/{}/{}/{}",
            self.format, self.rules, self.opened_unix, self.name
        )
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn tables_round_trip() {
        let t = LobbyTable::new(2, Rules::Tripot, 1_764_480_000, "Edmonde");
        assert_eq!(t.namespace(), "tripot/lobby/2/tripot/1764480000/Edmonde");
        assert_eq!(LobbyTable::parse(&t.namespace()), Some(t));
    }

    #[test]
    fn names_are_cleaned_to_fit() {
        let t = LobbyTable::new(1, Rules::Classic, 5, " a/b\nc  Catherine Ségurane de Nice et d'ailleurs ");
        assert_eq!(t.name, "a_b_c  Catherine Séguran");
        assert_eq!(t.name.chars().count(), MAX_TABLE_NAME);
        assert_eq!(LobbyTable::parse(&t.namespace()), Some(t));
    }

    #[test]
    fn other_namespaces_are_not_tables() {
        for ns in [
            "",
            "tripot/lobby",
            "tripot/lobby/",
            "tripot/lobbyx/1/tripot/5/a",
            "tripot/lobby/4/tripot/5/a",
            "tripot/lobby/1/chess/5/a",
            "tripot/lobby/1/tripot/-5/a",
            "tripot/lobby/1/tripot/5",
            "tripot/lobby/1/tripot/5/a/b",
            "other/app",
        ] {
            assert_eq!(LobbyTable::parse(ns), None, "{ns}");
        }
    }

    #[test]
    fn lobby_namespaces_are_told_apart() {
        assert!(is_lobby("tripot/lobby"));
        assert!(is_lobby("tripot/lobby/1/tripot/5/a"));
        assert!(is_lobby("tripot/lobby/anything"));
        assert!(!is_lobby("tripot/lobbyx/1"));
        assert!(!is_lobby("tripot/quick/any"));
        assert!(!is_lobby("other/tripot/lobby"));
    }

    proptest! {
        #[test]
        fn any_name_round_trips(name in ".{0,40}", format in 1u8..4, opened in any::<u64>()) {
            let t = LobbyTable::new(format, Rules::Tripot, opened, &name);
            prop_assert!(t.namespace().len() <= 255, "rendezvous namespaces hold 255 bytes");
            prop_assert_eq!(LobbyTable::parse(&t.namespace()), Some(t));
        }

        #[test]
        fn parsing_never_panics(ns in ".{0,80}") {
            let _ = LobbyTable::parse(&ns);
        }
    }
}
