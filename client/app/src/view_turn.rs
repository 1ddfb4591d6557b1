//! Which way up a board is drawn for a seat: the one answer both front-ends use, from the
//! game's own word on where each seat's home is ([`GameState::home_turn`]), so that any table
//! — two seats or six — shows each player their side at the bottom.

use tripot_game::{GameState, Geometry, Seat};

/// How far to turn the board, in degrees counter-clockwise, for `viewer`: its home at the
/// bottom; `0` for no seat (a spectator, a record's reader), who sees the board as laid out.
#[must_use]
pub fn view_turn(state: &dyn GameState, viewer: Option<Seat>) -> u16 {
    viewer.map_or(0, |seat| state.home_turn(seat) % 360)
}

/// Layout coordinates `(x, y)` of a board of `geometry` turned `turn` degrees
/// counter-clockwise, in the same geometry's coordinates: the star turns about its centre hole
/// in steps of 60°, squares about the board's centre in steps of 90° (a turn between steps
/// goes down to the step below).
#[must_use]
pub fn turned(geometry: Geometry, (x, y): (i16, i16), turn: u16) -> (i16, i16) {
    match geometry {
        Geometry::Star121 => (0..(turn % 360) / 60).fold((x, y), |(x, y), _| {
            // 60° about the centre, with rows √3 half-widths apart; `x` and `y` have the same
            // parity on the star, so the halves are whole.
            ((x - 3 * y) / 2, (x + y) / 2)
        }),
        Geometry::Square10 => (0..(turn % 360) / 90).fold((x, y), |(x, y), _| (9 - y, x)),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use tripot_game::catalogue::catalogue;
    use tripot_game::{Opener, Setup};

    use super::*;
    use crate::table_save::EveryGame;

    /// The middle of `seat`'s pieces at the start, on the board turned for it, with rows at
    /// their true height (√3 half-widths apart on the star); `None` for a seat that starts
    /// with none (the captures game's pieces are nobody's).
    fn middle_of_home(state: &dyn GameState, seat: Seat) -> Option<(f64, f64)> {
        let board = state.board();
        let turn = view_turn(state, Some(seat));
        let (centre, height) = match board.geometry {
            Geometry::Star121 => (0.0, 3f64.sqrt()),
            Geometry::Square10 => (4.5, 1.0),
        };
        let placed: Vec<(i16, i16)> = board
            .cells
            .iter()
            .filter(|c| c.piece.is_some_and(|p| p.owner == Some(seat)))
            .map(|c| turned(board.geometry, (c.x, c.y), turn))
            .collect();
        if placed.is_empty() {
            return None;
        }
        let n = placed.len() as f64;
        let x = placed.iter().map(|&(x, _)| f64::from(x) - centre).sum::<f64>() / n;
        let y = placed.iter().map(|&(_, y)| (f64::from(y) - centre) * height).sum::<f64>() / n;
        Some((x, y))
    }

    #[test]
    fn every_seat_of_every_game_sees_its_pieces_at_the_bottom() {
        let mut checked = 0;
        for info in catalogue() {
            let state = EveryGame.open(&info.spec(), &Setup::default()).unwrap();
            for seat in Seat::all(state.seat_count()) {
                let Some((x, y)) = middle_of_home(state.as_ref(), seat) else { continue };
                checked += 1;
                // Below the centre: well down, and nearer the vertical than the horizontal (a
                // duel camp of two branches has its middle 30° off).
                assert!(y < -1.0 && x.abs() < -y, "{} seat {seat}: middle at ({x:.2}, {y:.2})", info.name);
            }
        }
        assert!(checked > 30, "only {checked} seats had pieces");
    }

    #[test]
    fn a_turned_board_keeps_every_cell_on_the_board() {
        for info in catalogue() {
            let board = EveryGame.open(&info.spec(), &Setup::default()).unwrap().board();
            let step = match board.geometry {
                Geometry::Star121 => 60,
                Geometry::Square10 => 90,
            };
            let places: std::collections::HashSet<(i16, i16)> =
                board.cells.iter().map(|c| (c.x, c.y)).collect();
            for turn in (0..360).step_by(step) {
                for c in &board.cells {
                    let at = turned(board.geometry, (c.x, c.y), turn);
                    // Draughts lists the dark squares only: a quarter turn lands on light ones.
                    let on_board = places.contains(&at)
                        || (board.geometry == Geometry::Square10
                            && (0..10).contains(&at.0)
                            && (0..10).contains(&at.1));
                    assert!(on_board, "{}: {:?} turned {turn} is off the board", info.name, (c.x, c.y));
                }
                let all = board.cells.iter().map(|c| turned(board.geometry, (c.x, c.y), turn));
                assert_eq!(all.collect::<std::collections::HashSet<_>>().len(), board.cells.len());
            }
            let back = board.cells.iter().all(|c| turned(board.geometry, (c.x, c.y), 360) == (c.x, c.y));
            assert!(back);
        }
    }

    #[test]
    fn nobody_sees_the_board_as_laid_out() {
        let info = catalogue().iter().find(|g| g.seats == 3).unwrap();
        let state = EveryGame.open(&info.spec(), &Setup::default()).unwrap();
        assert_eq!(view_turn(state.as_ref(), None), 0);
    }
}
