//! How a star game ends and who takes which place (RULES-STAR.md §3.3, §3.5, §4.5, §4.7, §5.4).

use std::fmt;

use crate::colour::Colour;

use super::seat::CLOCKWISE;
use super::star_position::StarPosition;
use super::variant::GameKind;

/// Why a star game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StarEnd {
    /// kawu: a seat finished (§3.3). Stern-Halma: every seat is placed (§4.5, §4.6).
    Finished,
    /// Every seat made its moves: 300 in kawu (§3.5), 150 in Stern-Halma (§4.7); decided by count.
    MoveLimit,
    /// No seat still playing can move (§3.5, §4.7); decided by count.
    Blocked,
    /// The same position came back a third time with the same seat to move (§4.7).
    Repetition,
    /// The captures game: no piece can jump (§5.4).
    NoJump,
    /// A seat resigned or its clock ran out (§4.10).
    Left(Colour),
}

impl StarEnd {
    fn words(self) -> String {
        let words = match self {
            StarEnd::Left(seat) => return format!("{seat} left: resignation or time"),
            StarEnd::Finished => "goal complete",
            StarEnd::MoveLimit => "move limit, by count",
            StarEnd::Blocked => "no seat can move, by count",
            StarEnd::Repetition => "threefold repetition, by count",
            StarEnd::NoJump => "no jump left",
        };
        words.to_owned()
    }
}

/// The end of a star game: each seat's place, and why.
///
/// In kawu and the captures game only the winners are named: they have place 1 and every other
/// seat has none (it lost). In Stern-Halma every seat has a place; seats tied by the count share
/// one. Several seats with place 1 is a draw between them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StarOutcome {
    /// Place of each seat by colour index (`Colour::index`), 0 for none.
    pub places: [u8; 6],
    /// Why the game ended.
    pub end: StarEnd,
}

/// The place of `seat` in a table of places where 0 means none yet: how a finished game and a
/// game under way both read theirs.
pub(crate) const fn place_in(places: &[u8; 6], seat: Colour) -> Option<u8> {
    match places[seat.index()] {
        0 => None,
        p => Some(p),
    }
}

impl StarOutcome {
    /// The place of `seat`, if it has one.
    #[must_use]
    pub const fn place(&self, seat: Colour) -> Option<u8> {
        place_in(&self.places, seat)
    }

    /// The seats with place 1, clockwise from S.
    #[must_use]
    pub fn winners(&self) -> Vec<Colour> {
        CLOCKWISE.into_iter().filter(|s| self.places[s.index()] == 1).collect()
    }

    /// The placed seats, best place first, ties clockwise from S.
    #[must_use]
    pub fn standings(&self) -> Vec<(Colour, u8)> {
        let mut list: Vec<(Colour, u8)> =
            CLOCKWISE.into_iter().filter_map(|s| self.place(s).map(|p| (s, p))).collect();
        list.sort_by_key(|&(_, p)| p);
        list
    }
}

impl fmt::Display for StarOutcome {
    /// `S wins (goal complete)`, `draw between S, N (no jump left)`, or
    /// `places: S 1, NE 2, NW 3 (goal complete)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let standings = self.standings();
        let winners = self.winners();
        let all_first = standings.iter().all(|&(_, p)| p == 1);
        if all_first && winners.len() == 1 {
            write!(f, "{} wins", winners[0])?;
        } else if all_first {
            let names: Vec<&str> = winners.iter().map(|s| s.code()).collect();
            write!(f, "draw between {}", names.join(", "))?;
        } else {
            let names: Vec<String> = standings.iter().map(|(s, p)| format!("{s} {p}")).collect();
            write!(f, "places: {}", names.join(", "))?;
        }
        write!(f, " ({})", self.end.words())
    }
}

/// A unit's figures for the count, better first when sorted: more arrived, then less distance.
type CountKey = (std::cmp::Reverse<u16>, u16);

/// Standard competition ranking of `units` by `key` (smaller is better) onto the places
/// `first..`: tied units share the best place of their group.
pub(crate) fn rank<K: Ord + Copy>(units: &mut [(K, Vec<Colour>)], first: u8, places: &mut [u8; 6]) {
    units.sort_by_key(|(k, _)| *k);
    let mut place = first;
    let mut previous: Option<K> = None;
    for (i, (key, seats)) in units.iter().enumerate() {
        if previous != Some(*key) {
            place = first + i as u8;
            previous = Some(*key);
        }
        for s in seats {
            places[s.index()] = place;
        }
    }
}

impl StarPosition {
    /// How the game ended, or `None` while it goes on. Repetition needs the game's history and
    /// is found by [`super::StarGame::outcome`].
    #[must_use]
    pub fn outcome(&self) -> Option<StarOutcome> {
        if self.is_settled() {
            return Some(StarOutcome { places: self.places, end: StarEnd::Finished });
        }
        if let Some(limit) = self.variant.move_limit()
            && self.moves >= limit
        {
            return Some(self.by_count(StarEnd::MoveLimit));
        }
        if self.is_blocked() {
            let end =
                if self.variant.game() == GameKind::Captures { StarEnd::NoJump } else { StarEnd::Blocked };
            return Some(self.by_count(end));
        }
        None
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The ends that need no move generation: the places are all given, or the move limit.
    pub(crate) fn is_over_before_moving(&self) -> bool {
        self.is_settled() || self.variant.move_limit().is_some_and(|limit| self.moves >= limit)
    }

    /// Whether the places decide the game already: a kawu seat finished, or no Stern-Halma seat
    /// plays on.
    pub(crate) fn is_settled(&self) -> bool {
        match self.variant.game() {
            GameKind::Kawu => self.places.contains(&1),
            GameKind::Halma => self.playing().next().is_none(),
            GameKind::Captures => false,
        }
    }

    /// The end of the game when `leaver` resigns or runs out of time (§4.10): with two players the
    /// other seat wins; with more, the leaver (its team in the pairs games) is last, finished
    /// seats keep their places and the others are placed by the count.
    ///
    /// **[choice]** §4.10 is Stern-Halma's; kawu and the captures game follow it the same way,
    /// naming only their winners: the best of the others by their own count.
    #[must_use]
    pub fn resign(&self, leaver: Colour) -> StarOutcome {
        let end = StarEnd::Left(leaver);
        let mut without = *self;
        if self.variant.game() == GameKind::Halma {
            let last = without.worst_free_place();
            without.place_unit(leaver, last);
            let mut outcome = without.by_count(end);
            for &seat in self.variant.seats() {
                if outcome.places[seat.index()] == 0 {
                    outcome.places[seat.index()] = last;
                }
            }
            return outcome;
        }
        // kawu and captures: the count among the others decides.
        let others: Vec<Colour> = self.variant.seats().iter().copied().filter(|&s| s != leaver).collect();
        let key = |s: Colour| match self.variant.game() {
            GameKind::Captures => (std::cmp::Reverse(u16::from(self.taken(s))), 0),
            _ => (std::cmp::Reverse(u16::from(self.arrived(s))), self.total_distance(s)),
        };
        let best = others.iter().map(|&s| key(s)).min();
        let mut places = [0u8; 6];
        for s in others {
            places[s.index()] = u8::from(Some(key(s)) == best);
        }
        StarOutcome { places, end }
    }

    /// The places as the count would give them now (§3.5, §4.7, §5.4).
    #[must_use]
    pub fn by_count(&self, end: StarEnd) -> StarOutcome {
        let mut places = self.places;
        match self.variant.game() {
            GameKind::Kawu => {
                let key = |s: Colour| (std::cmp::Reverse(self.arrived(s)), self.total_distance(s));
                let best = self.variant.seats().iter().map(|&s| key(s)).min();
                for &s in self.variant.seats() {
                    places[s.index()] = u8::from(Some(key(s)) == best);
                }
            }
            GameKind::Captures => {
                let best = self.variant.seats().iter().map(|&s| self.taken(s)).max();
                for &s in self.variant.seats() {
                    places[s.index()] = u8::from(Some(self.taken(s)) == best);
                }
            }
            GameKind::Halma => {
                let mut units: Vec<(CountKey, Vec<Colour>)> = self
                    .playing_units()
                    .into_iter()
                    .map(|unit| {
                        let arrived = unit.iter().map(|&s| u16::from(self.arrived(s))).sum();
                        let distance = unit.iter().map(|&s| self.total_distance(s)).sum();
                        ((std::cmp::Reverse(arrived), distance), unit)
                    })
                    .collect();
                let first = self.best_free_place();
                rank(&mut units, first, &mut places);
            }
        }
        StarOutcome { places, end }
    }
}
