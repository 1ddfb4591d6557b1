//! Who sits at a seat of a [`crate::table::Table`]: a person at this device, a computer player
//! at a level, or a player on another device (online). The table asks a seat's kind what to wait
//! for, never anything else about it.
//!
//! A table's record writes its seats in a `Table` tag (`human,moyen,…` in seat order), so that a
//! saved game comes back with the same players.

use std::fmt;
use std::str::FromStr;

use tripot_ai::Level;

/// Who sits at a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatKind {
    /// A person at this device (hot-seat: the people take turns at the keyboard or the page).
    Person,
    /// A computer player at this level, searching on a thread of its own.
    Computer(Level),
    /// A player on another device: its moves come from the online session, already verified
    /// there ([`crate::online_table::OnlineTable`]).
    Remote,
}

impl SeatKind {
    /// Every kind a set-up offers, in the order a menu cycles through them.
    pub const ALL: [SeatKind; 6] = [
        SeatKind::Person,
        SeatKind::Computer(Level::Debutant),
        SeatKind::Computer(Level::Facile),
        SeatKind::Computer(Level::Moyen),
        SeatKind::Computer(Level::Difficile),
        SeatKind::Computer(Level::Impossible),
    ];

    /// `human`, or the level's key (`moyen`…): the word of the `Table` tag.
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            SeatKind::Person => "human",
            SeatKind::Computer(level) => level.key(),
            SeatKind::Remote => "remote",
        }
    }

    /// Whether a person at this device plays the seat.
    #[must_use]
    pub const fn is_person(self) -> bool {
        matches!(self, SeatKind::Person)
    }

    /// The computer's level, if a computer sits there.
    #[must_use]
    pub const fn level(self) -> Option<Level> {
        match self {
            SeatKind::Person | SeatKind::Remote => None,
            SeatKind::Computer(level) => Some(level),
        }
    }
}

impl fmt::Display for SeatKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A word of the `Table` tag that is neither `human`, `remote` nor a level.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown player '{0}': expected human, remote or a level")]
pub struct SeatKindError(pub String);

impl FromStr for SeatKind {
    type Err = SeatKindError;

    fn from_str(word: &str) -> Result<SeatKind, SeatKindError> {
        let word = word.trim();
        match word {
            "human" => return Ok(SeatKind::Person),
            "remote" => return Ok(SeatKind::Remote),
            _ => {}
        }
        word.parse::<Level>().map(SeatKind::Computer).map_err(|_| SeatKindError(word.to_owned()))
    }
}

/// The seats as the `Table` tag writes them: `human,moyen,…`.
#[must_use]
pub fn seats_tag(seats: &[SeatKind]) -> String {
    seats.iter().map(|s| s.key()).collect::<Vec<_>>().join(",")
}

/// The seats the `Table` tag names, in seat order.
pub fn parse_seats_tag(tag: &str) -> Result<Vec<SeatKind>, SeatKindError> {
    tag.split(',').map(str::parse).collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn the_table_tag_reads_back_what_it_wrote_and_refuses_a_stranger() {
        let mut seats = SeatKind::ALL.to_vec();
        seats.push(SeatKind::Remote);
        assert_eq!(parse_seats_tag(&seats_tag(&seats)).unwrap(), seats);
        assert_eq!(parse_seats_tag("human,robot"), Err(SeatKindError("robot".to_owned())));
    }
}
