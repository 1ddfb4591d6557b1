//! What a quick-match seeker will play.

use tripot_game::TableSpec;

/// A quick-match seek: the table the seeker wants, and whether it takes any other game of that
/// many seats. The relay compares names only (see [`QuickSeek::agree`]): it knows no rules.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct QuickSeek {
    /// The game and its seats: the one played when the seeker is paired with another seeker of
    /// it, or with one that takes any game.
    pub table: TableSpec,
    /// Whether any other game of `table.seats` seats will do ("any").
    pub any_game: bool,
}

impl QuickSeek {
    /// Seeks `table` and nothing else.
    #[must_use]
    pub const fn exactly(table: TableSpec) -> Self {
        QuickSeek { table, any_game: false }
    }

    /// Seeks any game of `table.seats` seats; `table` is played only when paired with another
    /// seeker of "any" that waited less.
    #[must_use]
    pub const fn any(table: TableSpec) -> Self {
        QuickSeek { table, any_game: true }
    }

    /// The table two seekers agree on, `self` having waited longer (it hosts), if they are
    /// compatible: the same number of seats, and the same game or one side taking any. Then the
    /// game is the one named by the side that does not take any, else the longer waiter's.
    #[must_use]
    pub fn agree(&self, newcomer: &QuickSeek) -> Option<TableSpec> {
        if self.table.seats != newcomer.table.seats {
            return None;
        }
        let chosen = match (self.any_game, newcomer.any_game) {
            _ if self.table == newcomer.table => &self.table,
            (true, false) => &newcomer.table,
            (false, true) | (true, true) => &self.table,
            (false, false) => return None,
        };
        Some(chosen.clone())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use tripot_game::GameSpec;

    fn table(name: &str, seats: u8) -> TableSpec {
        TableSpec { game: GameSpec::new(name).unwrap(), seats }
    }

    #[test]
    fn the_same_game_or_any_agree_and_the_named_game_wins() {
        let kawu = QuickSeek::exactly(table("kawu-2", 2));
        let tripot = QuickSeek::exactly(table("tripot", 2));
        let any = QuickSeek::any(table("tripot", 2));
        assert_eq!(kawu.agree(&kawu), Some(table("kawu-2", 2)));
        assert_eq!(kawu.agree(&tripot), None);
        assert_eq!(kawu.agree(&any), Some(table("kawu-2", 2)));
        assert_eq!(any.agree(&kawu), Some(table("kawu-2", 2)));
        // Two "any": the longer waiter's game.
        let any_draughts = QuickSeek::any(table("draughts", 2));
        assert_eq!(any.agree(&any_draughts), Some(table("tripot", 2)));
        assert_eq!(any_draughts.agree(&any), Some(table("draughts", 2)));
    }

    #[test]
    fn seat_counts_must_agree_even_for_any() {
        let any_two = QuickSeek::any(table("tripot", 2));
        let kawu_three = QuickSeek::exactly(table("kawu-3", 3));
        assert_eq!(any_two.agree(&kawu_three), None);
        assert_eq!(kawu_three.agree(&any_two), None);
        assert_eq!(QuickSeek::any(table("kawu-3", 3)).agree(&kawu_three), Some(table("kawu-3", 3)));
    }
}
