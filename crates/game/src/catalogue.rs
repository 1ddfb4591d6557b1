//! Every game of the platform, as data: its name, family, seats, board, and its words in French
//! and English. No rules here (this crate depends on no engine); an engine's `open` turns a
//! name into a game, and its tests check that it opens exactly these, with these seat counts.
//!
//! Names (`GameSpec`):
//! - the duel of RULES.md: `tripot` (one colour a camp, the Tripot rules), `tripot-f2`,
//!   `tripot-f3` (two or three colours a camp: the *format*, §2), and the same three under the
//!   classic rules (§9): `tripot-classic`, `tripot-classic-f2`, `tripot-classic-f3`;
//! - the star games of RULES-STAR.md §2 under their variant names: `kawu-N`, `halma-N`,
//!   `halma-long-N`, `halma-15`, `halma-pairs-N`, `captures-N`, `captures-long-N`;
//! - international draughts (FMJD rules, 10×10): `draughts`.
//!
//! A name, once published, never changes meaning: records and lobbies carry it.

use crate::board_view::Geometry;
use crate::spec::{GameSpec, SpecError, TableSpec};

/// A text in both languages of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Words {
    /// French.
    pub fr: &'static str,
    /// English.
    pub en: &'static str,
}

/// A family of games: games that share their rules, told apart by options and seat counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Family {
    /// The Tripot duel (RULES.md), two camps.
    Tripot,
    /// kawu (RULES-STAR.md §3): first to fill its goal wins.
    Kawu,
    /// Stern-Halma (RULES-STAR.md §4): places for everyone.
    Halma,
    /// The captures game (RULES-STAR.md §5): every jumped piece is taken.
    Captures,
    /// Draughts on the 10×10 board, FMJD rules (`tripot-draughts`).
    Draughts,
}

impl Family {
    /// Every family, in the catalogue's order.
    pub const ALL: [Family; 5] =
        [Family::Tripot, Family::Kawu, Family::Halma, Family::Captures, Family::Draughts];

    /// The first word of its games' names.
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            Family::Tripot => "tripot",
            Family::Kawu => "kawu",
            Family::Halma => "halma",
            Family::Captures => "captures",
            Family::Draughts => "draughts",
        }
    }

    /// Its name for players.
    #[must_use]
    pub const fn name(self) -> Words {
        match self {
            Family::Tripot => Words { fr: "Tripot", en: "Tripot" },
            Family::Kawu => Words { fr: "kawu", en: "kawu" },
            Family::Halma => Words { fr: "Stern-Halma", en: "Stern-Halma" },
            Family::Captures => Words { fr: "Les prises", en: "Captures" },
            Family::Draughts => Words { fr: "Dames", en: "Draughts" },
        }
    }

    /// Its games, in the catalogue's order.
    pub fn games(self) -> impl Iterator<Item = &'static GameInfo> {
        CATALOGUE.iter().filter(move |g| g.family == self)
    }

    /// The seat counts its games are played with, smallest first, each once.
    #[must_use]
    pub fn seat_counts(self) -> Vec<u8> {
        let mut counts: Vec<u8> = self.games().map(|g| g.seats).collect();
        counts.sort_unstable();
        counts.dedup();
        counts
    }
}

/// One game of the catalogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameInfo {
    /// Its name (a valid [`GameSpec`]: the catalogue's tests check every one).
    pub name: &'static str,
    /// Its family.
    pub family: Family,
    /// How many seats it is played with.
    pub seats: u8,
    /// Its board.
    pub geometry: Geometry,
    /// Its title for players.
    pub title: Words,
    /// One line saying what it is.
    pub description: Words,
    /// The rules name the seat that moves first (draughts: White, seat `W`): a set-up chooses
    /// who sits where — a draw of the colours — never who opens.
    pub opener_fixed: bool,
    /// The seconds a move an online table of it gets when its host names no clock (the
    /// custom of the game's site: a minute a move at draughts); none: no clock.
    pub move_secs: Option<u16>,
}

impl GameInfo {
    /// Its name as a [`GameSpec`].
    #[must_use]
    pub fn spec(&self) -> GameSpec {
        GameSpec::trusted(self.name)
    }

    /// Its table: the name and the seats.
    #[must_use]
    pub fn table(&self) -> TableSpec {
        TableSpec { game: self.spec(), seats: self.seats }
    }
}

/// Every game, family by family.
#[must_use]
pub fn catalogue() -> &'static [GameInfo] {
    CATALOGUE
}

/// The catalogue's entry for `spec`, if it is a game of the platform.
#[must_use]
pub fn find(spec: &GameSpec) -> Option<&'static GameInfo> {
    CATALOGUE.iter().find(|g| g.name == spec.as_str())
}

/// Checks that `table` is a game of the catalogue with its seat count.
pub fn check_table(table: &TableSpec) -> Result<&'static GameInfo, SpecError> {
    let info = find(&table.game).ok_or_else(|| SpecError::Unknown(table.game.clone()))?;
    if info.seats == table.seats {
        Ok(info)
    } else {
        Err(SpecError::SeatCount { game: table.game.clone(), seats: table.seats, expected: info.seats })
    }
}

const fn game(
    name: &'static str,
    family: Family,
    seats: u8,
    title: (&'static str, &'static str),
    description: (&'static str, &'static str),
) -> GameInfo {
    GameInfo {
        name,
        family,
        seats,
        geometry: Geometry::Star121,
        title: Words { fr: title.0, en: title.1 },
        description: Words { fr: description.0, en: description.1 },
        opener_fixed: false,
        move_secs: None,
    }
}

use Family::{Captures, Halma, Kawu, Tripot};

const TRIPOT_DESCRIPTION: (&str, &str) = (
    "Le duel d'Edmonde : sauts symétriques jusqu'à cinq trous, et l'échange qui débloque.",
    "Edmonde's duel: symmetric jumps over up to five holes, and the swap that unblocks.",
);
const CLASSIC_DESCRIPTION: (&str, &str) = (
    "Le duel aux règles des autres sites : sauts courts seulement, sans échange.",
    "The duel under other sites' rules: short jumps only, no swap.",
);
const KAWU_DESCRIPTION: (&str, &str) = (
    "Le premier à remplir le but d'en face gagne ; sauts courts, arrivée n'importe où.",
    "The first to fill the opposite goal wins; short jumps, moves end anywhere.",
);
const HALMA_DESCRIPTION: (&str, &str) = (
    "Des places pour tous : atteindre le but, quitter sa maison à temps, sauts courts.",
    "Places for everyone: reach the goal, leave home in time; short jumps.",
);
const HALMA_LONG_DESCRIPTION: (&str, &str) = (
    "Stern-Halma avec les sauts symétriques jusqu'à cinq trous.",
    "Stern-Halma with symmetric jumps over up to five holes.",
);
const PAIRS_DESCRIPTION: (&str, &str) = (
    "Stern-Halma en équipes face à face : une équipe est classée quand ses deux joueurs ont fini.",
    "Stern-Halma in facing teams: a team is placed once both partners have finished.",
);
const CAPTURES_DESCRIPTION: (&str, &str) = (
    "Soixante pions neutres : chaque pion sauté est pris, le plus de prises gagne.",
    "Sixty neutral pieces: every piece jumped is taken, most captures wins.",
);
const CAPTURES_LONG_DESCRIPTION: (&str, &str) = (
    "Les prises avec les sauts symétriques jusqu'à cinq trous.",
    "Captures with symmetric jumps over up to five holes.",
);

static CATALOGUE: &[GameInfo] = &[
    game("tripot", Tripot, 2, ("Tripot", "Tripot"), TRIPOT_DESCRIPTION),
    game("tripot-f2", Tripot, 2, ("Tripot à deux couleurs", "Tripot, two colours"), TRIPOT_DESCRIPTION),
    game("tripot-f3", Tripot, 2, ("Tripot à trois couleurs", "Tripot, three colours"), TRIPOT_DESCRIPTION),
    game("tripot-classic", Tripot, 2, ("Tripot classique", "Classic Tripot"), CLASSIC_DESCRIPTION),
    game(
        "tripot-classic-f2",
        Tripot,
        2,
        ("Tripot classique à deux couleurs", "Classic Tripot, two colours"),
        CLASSIC_DESCRIPTION,
    ),
    game(
        "tripot-classic-f3",
        Tripot,
        2,
        ("Tripot classique à trois couleurs", "Classic Tripot, three colours"),
        CLASSIC_DESCRIPTION,
    ),
    game("kawu-2", Kawu, 2, ("kawu à deux", "kawu for two"), KAWU_DESCRIPTION),
    game("kawu-3", Kawu, 3, ("kawu à trois", "kawu for three"), KAWU_DESCRIPTION),
    game("kawu-4", Kawu, 4, ("kawu à quatre", "kawu for four"), KAWU_DESCRIPTION),
    game("kawu-6", Kawu, 6, ("kawu à six", "kawu for six"), KAWU_DESCRIPTION),
    game("halma-2", Halma, 2, ("Stern-Halma à deux", "Stern-Halma for two"), HALMA_DESCRIPTION),
    game("halma-3", Halma, 3, ("Stern-Halma à trois", "Stern-Halma for three"), HALMA_DESCRIPTION),
    game("halma-4", Halma, 4, ("Stern-Halma à quatre", "Stern-Halma for four"), HALMA_DESCRIPTION),
    game("halma-6", Halma, 6, ("Stern-Halma à six", "Stern-Halma for six"), HALMA_DESCRIPTION),
    game(
        "halma-long-2",
        Halma,
        2,
        ("Stern-Halma à deux, sauts longs", "Stern-Halma for two, long jumps"),
        HALMA_LONG_DESCRIPTION,
    ),
    game(
        "halma-long-6",
        Halma,
        6,
        ("Stern-Halma à six, sauts longs", "Stern-Halma for six, long jumps"),
        HALMA_LONG_DESCRIPTION,
    ),
    game(
        "halma-15",
        Halma,
        2,
        ("Stern-Halma à quinze billes", "Stern-Halma with fifteen marbles"),
        (
            "Stern-Halma à deux, quinze billes par joueur : la maison et le but débordent sur l'hexagone.",
            "Stern-Halma for two, fifteen marbles each: home and goal reach into the hexagon.",
        ),
    ),
    game(
        "halma-pairs-4",
        Halma,
        4,
        ("Stern-Halma par équipes à quatre", "Stern-Halma in pairs, four players"),
        PAIRS_DESCRIPTION,
    ),
    game(
        "halma-pairs-6",
        Halma,
        6,
        ("Stern-Halma par équipes à six", "Stern-Halma in pairs, six players"),
        PAIRS_DESCRIPTION,
    ),
    game("captures-2", Captures, 2, ("Prises à deux", "Captures for two"), CAPTURES_DESCRIPTION),
    game("captures-3", Captures, 3, ("Prises à trois", "Captures for three"), CAPTURES_DESCRIPTION),
    game("captures-4", Captures, 4, ("Prises à quatre", "Captures for four"), CAPTURES_DESCRIPTION),
    game("captures-5", Captures, 5, ("Prises à cinq", "Captures for five"), CAPTURES_DESCRIPTION),
    game("captures-6", Captures, 6, ("Prises à six", "Captures for six"), CAPTURES_DESCRIPTION),
    game(
        "captures-long-2",
        Captures,
        2,
        ("Prises à deux, sauts longs", "Captures for two, long jumps"),
        CAPTURES_LONG_DESCRIPTION,
    ),
    game(
        "captures-long-3",
        Captures,
        3,
        ("Prises à trois, sauts longs", "Captures for three, long jumps"),
        CAPTURES_LONG_DESCRIPTION,
    ),
    game(
        "captures-long-4",
        Captures,
        4,
        ("Prises à quatre, sauts longs", "Captures for four, long jumps"),
        CAPTURES_LONG_DESCRIPTION,
    ),
    game(
        "captures-long-5",
        Captures,
        5,
        ("Prises à cinq, sauts longs", "Captures for five, long jumps"),
        CAPTURES_LONG_DESCRIPTION,
    ),
    game(
        "captures-long-6",
        Captures,
        6,
        ("Prises à six, sauts longs", "Captures for six, long jumps"),
        CAPTURES_LONG_DESCRIPTION,
    ),
    GameInfo {
        name: "draughts",
        family: Family::Draughts,
        seats: 2,
        geometry: Geometry::Square10,
        title: Words { fr: "Dames internationales", en: "International draughts" },
        description: Words {
            fr: "Les dames sur 100 cases, règles FMJD : prise obligatoire et majoritaire, dames volantes.",
            en: "Draughts on 100 squares, FMJD rules: capturing is compulsory, the most pieces, flying kings.",
        },
        // « Les Blancs commencent » (seed 001).
        opener_fixed: true,
        // « 30 secondes, 1, 2 ou 5 minutes par coup … (1 minute par défaut) » (seed 001).
        move_secs: Some(60),
    },
];

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn every_name_is_a_valid_spec_of_its_family_and_listed_once() {
        for (i, info) in CATALOGUE.iter().enumerate() {
            let spec = GameSpec::new(info.name).unwrap();
            assert_eq!(spec.family_word(), info.family.key(), "{}", info.name);
            assert_eq!(find(&spec), Some(info));
            assert!(CATALOGUE[..i].iter().all(|other| other.name != info.name), "{} twice", info.name);
            for words in [info.title, info.description] {
                assert!(!words.fr.is_empty() && !words.en.is_empty(), "{}", info.name);
            }
        }
        assert!(find(&GameSpec::new("halma-5").unwrap()).is_none());
    }

    #[test]
    fn families_list_their_seat_counts() {
        assert_eq!(Family::Tripot.seat_counts(), [2]);
        assert_eq!(Family::Kawu.seat_counts(), [2, 3, 4, 6]);
        assert_eq!(Family::Halma.seat_counts(), [2, 3, 4, 6]);
        assert_eq!(Family::Captures.seat_counts(), [2, 3, 4, 5, 6]);
        assert_eq!(Family::Draughts.seat_counts(), [2]);
        assert_eq!(Family::ALL.iter().map(|f| f.games().count()).sum::<usize>(), CATALOGUE.len());
    }

    #[test]
    fn a_table_is_checked_against_its_game() {
        let kawu = GameSpec::new("kawu-3").unwrap();
        assert!(check_table(&TableSpec { game: kawu.clone(), seats: 3 }).is_ok());
        assert_eq!(
            check_table(&TableSpec { game: kawu.clone(), seats: 4 }),
            Err(SpecError::SeatCount { game: kawu, seats: 4, expected: 3 })
        );
        let unknown = GameSpec::new("chess").unwrap();
        assert_eq!(
            check_table(&TableSpec { game: unknown.clone(), seats: 2 }),
            Err(SpecError::Unknown(unknown))
        );
    }
}
