//! Who opens a game set up on this device when the set-up says « tirage au sort »: the seat that
//! opens drawn among the seats — or, in a game whose rules name the first mover
//! ([`GameInfo::opener_fixed`]: draughts, where White begins), who sits where is drawn instead,
//! as seed 001 says (« les couleurs sont tirées au sort et les Blancs commencent »). Both
//! front-ends' forms call it, so that neither decides a rule of its own.

use tripot_game::Seat;
use tripot_game::catalogue::GameInfo;

use crate::seat_kind::SeatKind;

/// The opener to ask the game for after a draw that came out as `drawn` (a seat index, taken
/// modulo the seats): `Some(seat)` where the opener may be chosen; where the rules fix it,
/// `None` (the game's own) and `seats` turned so that the first of them sits at seat `drawn`.
pub fn draw_opener(game: &GameInfo, seats: &mut [SeatKind], drawn: u8) -> Option<Seat> {
    let count = usize::from(game.seats).min(seats.len()).max(1);
    let drawn = usize::from(drawn) % count;
    if game.opener_fixed {
        seats[..count].rotate_right(drawn);
        None
    } else {
        Some(Seat(drawn as u8))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use tripot_ai::Level;
    use tripot_game::GameSpec;
    use tripot_game::catalogue::find;

    use super::*;

    fn info(name: &str) -> &'static GameInfo {
        find(&GameSpec::new(name).unwrap()).unwrap()
    }

    #[test]
    fn a_draw_picks_the_opener_where_the_rules_let_it_be_chosen() {
        let person = SeatKind::Person;
        let computer = SeatKind::Computer(Level::Moyen);
        for drawn in 0..3 {
            let mut seats = [person, computer, computer];
            assert_eq!(draw_opener(info("kawu-3"), &mut seats, drawn), Some(Seat(drawn)));
            assert_eq!(seats, [person, computer, computer], "the seats stay where they were set");
        }
        assert_eq!(draw_opener(info("kawu-3"), &mut [person, computer, computer], 4), Some(Seat(1)));
    }

    #[test]
    fn in_draughts_the_colours_are_drawn_and_white_still_begins() {
        let person = SeatKind::Person;
        let computer = SeatKind::Computer(Level::Difficile);
        let mut seats = [person, computer];
        assert_eq!(draw_opener(info("draughts"), &mut seats, 0), None);
        assert_eq!(seats, [person, computer], "the person plays White");
        assert_eq!(draw_opener(info("draughts"), &mut seats, 1), None);
        assert_eq!(seats, [computer, person], "the person plays Black");
    }
}
