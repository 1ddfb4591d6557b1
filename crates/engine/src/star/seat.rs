//! Seats of the star games (RULES-STAR.md §1): who sits where, in which order, and the branches
//! each seat starts from and heads for.
//!
//! A seat is named by its home branch, so the engine's [`Colour`] (a branch code) names seats
//! too: a seat *is* the colour of its marbles.

use crate::board::{BRANCH_DISTANCE, BRANCHES, HOLE_COUNT};
use crate::colour::Colour;
use crate::hole::Hole;

/// Every seat in clockwise order from the bottom: the order of play (§1).
pub const CLOCKWISE: [Colour; 6] = [Colour::S, Colour::SW, Colour::NW, Colour::N, Colour::NE, Colour::SE];

/// The seats of a table of `players`, in playing order (§1), or `None` for a count no game has.
///
/// Five players only play the captures game (§2), and §1 gives them no row: **[choice]** they
/// take the first five seats clockwise, S, SW, NW, N, NE, leaving SE empty.
#[must_use]
pub const fn seats(players: u8) -> Option<&'static [Colour]> {
    match players {
        2 => Some(&[Colour::S, Colour::N]),
        3 => Some(&[Colour::S, Colour::NW, Colour::NE]),
        4 => Some(&[Colour::S, Colour::SW, Colour::N, Colour::NE]),
        5 => Some(&[Colour::S, Colour::SW, Colour::NW, Colour::N, Colour::NE]),
        6 => Some(&CLOCKWISE),
        _ => None,
    }
}

/// The colour name of the seat numbered `number` (1-based) at its table, seed 003's order:
/// white, red, blue, black, yellow, green.
#[must_use]
pub const fn seat_colour_name(number: usize) -> &'static str {
    match number {
        1 => "white",
        2 => "red",
        3 => "blue",
        4 => "black",
        5 => "yellow",
        _ => "green",
    }
}

/// The partner of a seat in the pairs games: the opposite seat (§4.9).
#[must_use]
pub const fn partner(seat: Colour) -> Colour {
    seat.opposite()
}

/// Where `hole` is drawn for the player of `seat`, who sees the star with its home at the bottom
/// (§1): the board turned by the multiple of 60° that brings `seat`'s branch down to S. Only the
/// drawing turns; the notation stays the board's.
#[must_use]
pub fn view_of(hole: Hole, seat: Colour) -> Hole {
    let turns = (0..6).find(|&k| turn_branch(seat, k) == Colour::S).unwrap_or(0);
    turn(hole, turns)
}

/// `hole` turned by `k` sixths of a turn about the centre: `(q, r, s)` → `(-r, -s, -q)` each time.
fn turn(hole: Hole, k: usize) -> Hole {
    let (mut q, mut r) = hole.axial();
    for _ in 0..k {
        let s = -q - r;
        (q, r) = (-r, -s);
    }
    // A turn about the centre maps the star onto itself.
    Hole::from_axial(q, r).unwrap_or(hole)
}

/// The branch `seat`'s branch becomes after `k` sixths of a turn.
fn turn_branch(seat: Colour, k: usize) -> Colour {
    seat.branch().first().map(|h| turn(h, k)).and_then(Colour::of_hole).unwrap_or(seat)
}

/// The central hexagon: every hole outside the six branches.
pub(crate) static HEXAGON: u128 = {
    let mut all = 0u128;
    let mut b = 0;
    while b < 6 {
        all |= BRANCHES[b];
        b += 1;
    }
    crate::board::ALL_HOLES & !all
};

/// The 15-hole home of `halma-15` (§4.8), by branch index: the branch and the five hexagon holes
/// along its base, which are exactly the hexagon holes next to the branch.
pub(crate) static HOME_15: [u128; 6] = {
    let mut homes = [0u128; 6];
    let mut b = 0;
    while b < 6 {
        homes[b] = BRANCHES[b];
        let mut h = 0;
        while h < HOLE_COUNT {
            if HEXAGON >> h & 1 == 1 && BRANCH_DISTANCE[b][h] == 1 {
                homes[b] |= 1 << h;
            }
            h += 1;
        }
        b += 1;
    }
    homes
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_seat_sees_its_home_at_the_bottom() {
        // §1: the view turns, the notation does not.
        for seat in CLOCKWISE {
            let seen: Vec<Hole> = seat.branch().iter().map(|h| view_of(h, seat)).collect();
            assert!(seen.iter().all(|&h| Colour::S.branch().contains(h)), "{seat}");
            let goal: Vec<Hole> = seat.opposite().branch().iter().map(|h| view_of(h, seat)).collect();
            assert!(goal.iter().all(|&h| Colour::N.branch().contains(h)), "{seat}");
        }
        let m1 = Hole::from_axial(4, -8);
        assert_eq!(m1.map(|h| view_of(h, Colour::S)), m1);
    }

    #[test]
    fn the_fifteen_hole_homes_have_fifteen_holes() {
        for (b, home) in HOME_15.iter().enumerate() {
            assert_eq!(home.count_ones(), 15, "branch {b}");
            assert_eq!(home & BRANCHES[b], BRANCHES[b]);
        }
        assert_eq!(HEXAGON.count_ones(), 61);
    }
}
