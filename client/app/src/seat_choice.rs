//! What a newcomer at a table asks for: the first free seat, a seat of its choosing, or to
//! watch. The join forms of both front-ends step through the choices in one order and check a
//! chosen seat against the table the invitation names, before anything goes on the wire.

use tripot_game::{Seat, TableSpec};
use tripot_protocol::table::Wants;

/// The choices at a table of `seats` seats, in the order the forms step through them: the
/// first free seat, each seat, watching.
fn choices(seats: u8) -> impl Iterator<Item = Wants> {
    std::iter::once(Wants::Seat(None))
        .chain(Seat::all(seats).map(|seat| Wants::Seat(Some(seat))))
        .chain(std::iter::once(Wants::Watch))
}

/// The choice after `current` (before it when `backwards`), going round; a table whose seat
/// count is not known yet (`None`: the link is still being typed) offers the first free seat
/// or watching.
#[must_use]
pub fn next_choice(current: Wants, seats: Option<u8>, backwards: bool) -> Wants {
    let all: Vec<Wants> = choices(seats.unwrap_or(0)).collect();
    let at = all.iter().position(|w| *w == current).unwrap_or(0);
    let step = if backwards { all.len() - 1 } else { 1 };
    all[(at + step) % all.len()]
}

/// A seat asked for that the table does not have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("seat {number} is not at this table: it has {seats} seats")]
pub struct NoSuchSeat {
    /// The seat asked for, as players count them (from 1).
    pub number: u16,
    /// The table's seat count.
    pub seats: u8,
}

/// `wants` at the table of `spec`.
///
/// # Errors
/// [`NoSuchSeat`] for a seat past its seat count.
pub fn check(wants: Wants, spec: &TableSpec) -> Result<Wants, NoSuchSeat> {
    match wants {
        Wants::Seat(Some(seat)) if seat.0 >= spec.seats => {
            Err(NoSuchSeat { number: u16::from(seat.0) + 1, seats: spec.seats })
        }
        _ => Ok(wants),
    }
}

/// The seat numbered `number` (from 1, as the command line and the page ask for it) at the
/// table of `spec`.
///
/// # Errors
/// [`NoSuchSeat`] for 0 or a number past its seat count.
pub fn numbered(number: u8, spec: &TableSpec) -> Result<Wants, NoSuchSeat> {
    match number.checked_sub(1) {
        Some(index) => check(Wants::Seat(Some(Seat(index))), spec),
        None => Err(NoSuchSeat { number: 0, seats: spec.seats }),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use tripot_game::GameSpec;

    #[test]
    fn the_choices_go_round_first_free_each_seat_then_watching() {
        let mut seen = vec![Wants::Seat(None)];
        for _ in 0..5 {
            seen.push(next_choice(*seen.last().unwrap(), Some(3), false));
        }
        let seat = |n| Wants::Seat(Some(Seat(n)));
        assert_eq!(seen, [Wants::Seat(None), seat(0), seat(1), seat(2), Wants::Watch, Wants::Seat(None)]);
        assert_eq!(next_choice(Wants::Seat(None), Some(3), true), Wants::Watch);
        assert_eq!(next_choice(seat(0), Some(3), true), Wants::Seat(None));
        // Before the link says its seats: only the first free seat and watching.
        assert_eq!(next_choice(Wants::Seat(None), None, false), Wants::Watch);
        assert_eq!(next_choice(Wants::Watch, None, false), Wants::Seat(None));
        // A seat chosen at a longer table, then a shorter link typed: the round starts over.
        assert_eq!(next_choice(seat(5), Some(3), false), seat(0));
    }

    #[test]
    fn a_seat_past_the_tables_count_is_refused() {
        let spec = TableSpec { game: GameSpec::new("kawu-3").unwrap(), seats: 3 };
        assert_eq!(check(Wants::Seat(Some(Seat(2))), &spec), Ok(Wants::Seat(Some(Seat(2)))));
        assert_eq!(check(Wants::Watch, &spec), Ok(Wants::Watch));
        let refused = check(Wants::Seat(Some(Seat(3))), &spec).unwrap_err();
        assert_eq!(refused.to_string(), "seat 4 is not at this table: it has 3 seats");
        assert_eq!(numbered(3, &spec), Ok(Wants::Seat(Some(Seat(2)))));
        assert_eq!(numbered(0, &spec), Err(NoSuchSeat { number: 0, seats: 3 }));
        assert_eq!(numbered(255, &spec), Err(NoSuchSeat { number: 255, seats: 3 }));
    }
}
