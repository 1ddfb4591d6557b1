//! The name of each computer at a table. A level has its own named opponent (`Level::opponent`),
//! and a table of several computers of one level once named them all Giuseppe Garibaldi (issue
//! 26): the first computer of a level keeps the level's name, each further one takes the next
//! name of [`MORE_NAMES`], people of Nice like the levels' own.

use tripot_game::Seat;

use crate::seat_kind::SeatKind;

/// Names for a level's second, third… computer at one table: at most five are needed (six seats).
pub const MORE_NAMES: [&str; 6] =
    ["André Masséna", "Simone Veil", "Yves Klein", "Alfred Binet", "Louis Nucéra", "Arman"];

/// The name of the computer at `seat` of a table whose seats are `seats`, if a computer sits
/// there.
#[must_use]
pub fn computer_name(seats: &[SeatKind], seat: Seat) -> Option<&'static str> {
    let level = seats.get(seat.index())?.level()?;
    let earlier = &seats[..seat.index()];
    if !earlier.iter().any(|s| s.level() == Some(level)) {
        return Some(level.opponent());
    }
    // Counted over every level, so two levels' second computers do not share a name either.
    let repeats = earlier
        .iter()
        .enumerate()
        .filter(|&(i, s)| s.level().is_some_and(|l| seats[..i].iter().any(|e| e.level() == Some(l))))
        .count();
    Some(MORE_NAMES[repeats % MORE_NAMES.len()])
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use tripot_ai::Level;

    use super::*;

    #[test]
    fn five_computers_of_one_level_have_five_names() {
        let mut seats = vec![SeatKind::Person];
        seats.extend([SeatKind::Computer(Level::Moyen); 5]);
        let names: Vec<&str> = Seat::all(6).filter_map(|s| computer_name(&seats, s)).collect();
        assert_eq!(names.len(), 5);
        assert_eq!(names[0], "Giuseppe Garibaldi");
        assert_eq!(names.iter().collect::<HashSet<_>>().len(), 5, "{names:?}");
    }

    #[test]
    fn each_level_keeps_its_name_and_repeats_differ_across_levels() {
        let seats = [
            SeatKind::Computer(Level::Facile),
            SeatKind::Computer(Level::Moyen),
            SeatKind::Computer(Level::Facile),
            SeatKind::Computer(Level::Moyen),
            SeatKind::Person,
        ];
        let names: Vec<Option<&str>> = Seat::all(5).map(|s| computer_name(&seats, s)).collect();
        assert_eq!(
            names,
            [
                Some("Catherine Ségurane"),
                Some("Giuseppe Garibaldi"),
                Some(MORE_NAMES[0]),
                Some(MORE_NAMES[1]),
                None
            ]
        );
    }
}
