//! Rendezvous namespaces of open lobby tables.
//!
//! A table is one rendezvous registration whose namespace says everything a list shows:
//! `tripot/lobby/<game>/<seats>/<free seats>/<opened at, Unix seconds>/<host name>`, e.g.
//! `tripot/lobby/kawu-2/2/1/1764480000/Edmonde`; a table opened by a quick-match seeker says so
//! with one more part before the name, `…/1764480000/quick/Edmonde` ([`LobbyTable::seeker`]:
//! such a host may leave its table for another while nobody sat, a plain one never does, and
//! seekers rank tables by it). A table of three seats or more whose game is under way and that
//! lets spectators in stays listed with no free seat, `…/kawu-3/3/0/1764480000/Edmonde`
//! ([`LobbyTable::under_way`]): one watches it, nobody sits there. A plain table's namespace is
//! the one older clients write and read; a seeker's does not parse for them (a name holds no
//! `/`), nor does a table under way (they read no table without a free seat), so they skip
//! both, and an older relay refuses both. So any libp2p rendezvous client lists the
//! open tables with a `DISCOVER` of the lobby's namespace (paged with its cookie and limit), or
//! of one game's part of it ([`listing_namespace`]), and reads them without contacting a single
//! host; the registration's signed peer record gives the host to dial through the relay. Private
//! rooms are never registered here (see the directory protocol, [`crate::Request`]), so listing
//! every registration reveals no room code.
//!
//! The game is its name only ([`GameSpec`], syntax-checked): a relay lists tables of games it
//! has never heard of. Tables written before game names (`tripot/lobby/<format>/<rules>/…`)
//! do not parse, so a relay refuses them and a client skips them.

use std::fmt;
use tripot_game::{GameSpec, TableSpec};

/// Open lobby tables: `tripot/lobby/...`.
pub const LOBBY_NAMESPACE_PREFIX: &str = "tripot/lobby";

/// Whether `namespace` is a lobby table's (`tripot/lobby` or below it): such registrations are
/// accepted only from peers holding a reservation on the relay.
pub fn is_lobby(namespace: &str) -> bool {
    namespace
        .strip_prefix(LOBBY_NAMESPACE_PREFIX)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}

/// The namespace a listing asks for: the whole lobby, or the tables of one game and seat count
/// (a `tripot-relay` answers with every table at or below it).
pub fn listing_namespace(table: Option<&TableSpec>) -> String {
    match table {
        Some(table) => format!("{LOBBY_NAMESPACE_PREFIX}/{}/{}", table.game, table.seats),
        None => LOBBY_NAMESPACE_PREFIX.to_owned(),
    }
}

/// The longest host name a table carries, in characters.
pub const MAX_TABLE_NAME: usize = 24;

/// An open lobby table, as its namespace describes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LobbyTable {
    /// The game and its seats.
    pub table: TableSpec,
    /// Seats still free (fewer than the seats: the host sits at its table); none only for a
    /// table of three seats or more whose game is under way, listed to be watched
    /// ([`LobbyTable::under_way`]).
    pub free_seats: u8,
    /// When the table opened (Unix seconds, the host's clock): the list shows the time waited.
    pub opened_unix: u64,
    /// The host's name (no `/`, no control characters, at most [`MAX_TABLE_NAME`] characters).
    pub name: String,
    /// Opened by a quick-match seeker, who may leave it for another table while nobody sat
    /// (`false`: a plain table, which stays where it is).
    pub seeker: bool,
}

/// The part of a seeker's table's namespace before its name.
const SEEKER_MARK: &str = "quick";

impl LobbyTable {
    /// A plain table with every seat free but the host's; the name is cleaned up to fit a namespace
    /// (`/` and control characters become `_`, cut to [`MAX_TABLE_NAME`] characters).
    pub fn new(table: TableSpec, opened_unix: u64, name: &str) -> Self {
        let name: String = name
            .trim()
            .chars()
            .map(|c| if c == '/' || c.is_control() { '_' } else { c })
            .take(MAX_TABLE_NAME)
            .collect();
        let free_seats = table.seats.saturating_sub(1).max(1);
        LobbyTable { table, free_seats, opened_unix, name, seeker: false }
    }

    /// This table, opened by a quick-match seeker.
    #[must_use]
    pub fn seeking(self) -> Self {
        LobbyTable { seeker: true, ..self }
    }

    /// This table, its game under way: listed with no free seat, to be watched.
    #[must_use]
    pub fn watched(self) -> Self {
        LobbyTable { free_seats: 0, ..self }
    }

    /// Whether this table's game is under way (no free seat): one may watch it, not sit there.
    /// Only tables that let spectators in are listed so.
    #[must_use]
    pub const fn under_way(&self) -> bool {
        self.free_seats == 0
    }

    /// The rendezvous namespace of this table.
    pub fn namespace(&self) -> String {
        self.to_string()
    }

    /// Reads a namespace; `None` for anything that is not a well-formed table (other
    /// applications' registrations, tables of an older client, garbage).
    pub fn parse(namespace: &str) -> Option<Self> {
        let rest = namespace.strip_prefix(LOBBY_NAMESPACE_PREFIX)?.strip_prefix('/')?;
        let mut parts = rest.splitn(5, '/');
        let game = GameSpec::new(parts.next()?).ok()?;
        let seats: u8 = number(parts.next()?)?;
        let free_seats: u8 = number(parts.next()?)?;
        let opened_unix: u64 = number(parts.next()?)?;
        let last = parts.next()?;
        let (seeker, name) = match last.split_once('/') {
            Some((SEEKER_MARK, name)) => (true, name),
            Some(_) => return None,
            None => (false, last),
        };
        // A two-seat game is never listed under way: it has no spectators in the lobby.
        if seats < 2 || (free_seats == 0 && seats == 2) || free_seats >= seats {
            return None;
        }
        if name.contains('/') || name.chars().any(char::is_control) || name.chars().count() > MAX_TABLE_NAME {
            return None;
        }
        Some(LobbyTable {
            table: TableSpec { game, seats },
            free_seats,
            opened_unix,
            name: name.to_owned(),
            seeker,
        })
    }
}

/// A decimal number written as [`LobbyTable`]'s `Display` writes it (no sign, no leading zero):
/// one table has one namespace.
fn number<T: std::str::FromStr>(text: &str) -> Option<T> {
    let canonical = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    canonical.then(|| text.parse().ok()).flatten()
}

impl fmt::Display for LobbyTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{LOBBY_NAMESPACE_PREFIX}/{}/{}/{}/{}/",
            self.table.game, self.table.seats, self.free_seats, self.opened_unix
        )?;
        if self.seeker {
            write!(f, "{SEEKER_MARK}/")?;
        }
        f.write_str(&self.name)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn spec(name: &str, seats: u8) -> TableSpec {
        TableSpec { game: GameSpec::new(name).unwrap(), seats }
    }

    #[test]
    fn tables_round_trip() {
        let t = LobbyTable::new(spec("kawu-2", 2), 1_764_480_000, "Edmonde");
        assert_eq!(t.namespace(), "tripot/lobby/kawu-2/2/1/1764480000/Edmonde");
        assert_eq!(LobbyTable::parse(&t.namespace()), Some(t));
        let six = LobbyTable { free_seats: 3, ..LobbyTable::new(spec("halma-6", 6), 5, "Nice") };
        assert_eq!(six.namespace(), "tripot/lobby/halma-6/6/3/5/Nice");
        assert_eq!(LobbyTable::parse(&six.namespace()), Some(six));
        assert_eq!(LobbyTable::new(spec("halma-6", 6), 5, "Nice").free_seats, 5);
    }

    #[test]
    fn a_seekers_table_says_so_before_its_name_and_a_plain_one_is_as_before() {
        let plain = LobbyTable::new(spec("kawu-3", 3), 5, "quick");
        assert_eq!(plain.namespace(), "tripot/lobby/kawu-3/3/2/5/quick");
        assert_eq!(LobbyTable::parse(&plain.namespace()), Some(plain.clone()));
        let seeker = plain.seeking();
        assert!(seeker.seeker);
        assert_eq!(seeker.namespace(), "tripot/lobby/kawu-3/3/2/5/quick/quick");
        assert_eq!(LobbyTable::parse(&seeker.namespace()), Some(seeker));
        // Only the seeker's mark may stand before the name.
        assert_eq!(LobbyTable::parse("tripot/lobby/kawu-3/3/2/5/other/Nice"), None);
        assert_eq!(LobbyTable::parse("tripot/lobby/kawu-3/3/2/5/quick/Ni/ce"), None);
        assert_eq!(
            LobbyTable::parse("tripot/lobby/kawu-3/3/2/5/quick/"),
            Some(LobbyTable::new(spec("kawu-3", 3), 5, "").seeking())
        );
    }

    #[test]
    fn a_table_under_way_has_no_free_seat_and_keeps_its_other_parts() {
        let open = LobbyTable::new(spec("kawu-3", 3), 5, "Nice");
        assert!(!open.under_way());
        let watched = open.clone().watched();
        assert!(watched.under_way());
        assert_eq!(watched.namespace(), "tripot/lobby/kawu-3/3/0/5/Nice");
        assert_eq!(LobbyTable::parse(&watched.namespace()), Some(watched.clone()));
        let seeker = open.seeking().watched();
        assert_eq!(seeker.namespace(), "tripot/lobby/kawu-3/3/0/5/quick/Nice");
        assert_eq!(LobbyTable::parse(&seeker.namespace()), Some(seeker));
        // Not a two-seat game, and never a leading zero.
        assert_eq!(LobbyTable::parse("tripot/lobby/kawu-2/2/0/5/Nice"), None);
        assert_eq!(LobbyTable::parse("tripot/lobby/kawu-3/3/00/5/Nice"), None);
    }

    #[test]
    fn listings_of_one_game_hold_its_tables_only() {
        let kawu = spec("kawu-2", 2);
        assert_eq!(listing_namespace(None), "tripot/lobby");
        let of_kawu = listing_namespace(Some(&kawu));
        assert_eq!(of_kawu, "tripot/lobby/kawu-2/2");
        let ns = LobbyTable::new(kawu, 5, "a").namespace();
        assert!(ns.starts_with(&format!("{of_kawu}/")));
        let other = LobbyTable::new(spec("kawu-2x", 2), 5, "a").namespace();
        assert!(!other.starts_with(&format!("{of_kawu}/")));
        assert!(is_lobby(&of_kawu));
    }

    #[test]
    fn names_are_cleaned_to_fit() {
        let t = LobbyTable::new(spec("tripot", 2), 5, " a/b\nc  Catherine Ségurane de Nice et d'ailleurs ");
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
            "tripot/lobbyx/kawu-2/2/1/5/a",
            // An older client's table: a format and a rules preset.
            "tripot/lobby/1/tripot/5/a",
            "tripot/lobby/2/classic/1764480000/Edmonde",
            "tripot/lobby/Kawu-2/2/1/5/a",
            "tripot/lobby/kawu-2/1/1/5/a",
            "tripot/lobby/kawu-2/2/0/5/a",
            "tripot/lobby/kawu-2/2/2/5/a",
            "tripot/lobby/kawu-2/2/01/5/a",
            "tripot/lobby/kawu-2/2/+1/5/a",
            "tripot/lobby/kawu-2/256/1/5/a",
            "tripot/lobby/kawu-2/2/1/-5/a",
            "tripot/lobby/kawu-2/2/1/5",
            "tripot/lobby/kawu-2/2/1/5/a/b",
            "other/app",
        ] {
            assert_eq!(LobbyTable::parse(ns), None, "{ns}");
        }
    }

    #[test]
    fn lobby_namespaces_are_told_apart() {
        assert!(is_lobby("tripot/lobby"));
        assert!(is_lobby("tripot/lobby/kawu-2/2/1/5/a"));
        assert!(is_lobby("tripot/lobby/anything"));
        assert!(!is_lobby("tripot/lobbyx/1"));
        assert!(!is_lobby("tripot/quick/any"));
        assert!(!is_lobby("other/tripot/lobby"));
    }

    proptest! {
        #[test]
        fn any_table_round_trips(
            name in ".{0,40}",
            game in "[a-z][a-z0-9]{0,9}(-[a-z0-9]{1,10}){0,2}",
            seats in 2u8..=255,
            free in 0u8..=254,
            opened in any::<u64>(),
            seeker in any::<bool>(),
        ) {
            let table = TableSpec { game: GameSpec::new(&game).unwrap(), seats };
            let free = if seats == 2 { 1 } else { free.min(seats - 1) };
            let t = LobbyTable { free_seats: free, seeker, ..LobbyTable::new(table, opened, &name) };
            prop_assert!(t.namespace().len() <= 255, "rendezvous namespaces hold 255 bytes");
            prop_assert_eq!(LobbyTable::parse(&t.namespace()), Some(t));
        }

        #[test]
        fn the_longest_table_fits_a_namespace(opened in any::<u64>()) {
            let game = GameSpec::new(&"a".repeat(tripot_game::MAX_SPEC_LEN)).unwrap();
            let t = LobbyTable::new(TableSpec { game, seats: 255 }, opened, &"é".repeat(40)).seeking();
            prop_assert!(t.namespace().len() <= 255);
        }

        #[test]
        fn parsing_never_panics(ns in ".{0,80}") {
            let _ = LobbyTable::parse(&ns);
        }
    }
}
