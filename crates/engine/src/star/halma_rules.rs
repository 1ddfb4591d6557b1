//! What follows a move besides the marble's travel (RULES-STAR.md §3.3, §4.5, §4.6, §4.9):
//! finishing, places, the home deadline and eliminations.

use crate::colour::Colour;
use crate::hole::Hole;
use crate::hole_set::HoleSet;
use crate::lines::Lines;

use super::seat::partner;
use super::star_position::StarPosition;
use super::variant::Game;

impl StarPosition {
    /// Whether the game has two sides that are single seats: the two-player rules of §4.5 and
    /// §4.6 apply.
    fn duel(&self) -> bool {
        self.variant.players() == 2 && !self.variant.pairs()
    }

    /// The units that are placed together: teams in the pairs games (§4.9), else single seats.
    fn unit_of(&self, seat: Colour) -> Vec<Colour> {
        if self.variant.pairs() { vec![seat, partner(seat)] } else { vec![seat] }
    }

    fn units(&self) -> Vec<Vec<Colour>> {
        let mut units: Vec<Vec<Colour>> = Vec::new();
        for &seat in self.variant.seats() {
            if !units.iter().any(|u| u.contains(&seat)) {
                units.push(self.unit_of(seat));
            }
        }
        units
    }

    /// The units with a seat still playing, in playing order.
    pub(crate) fn playing_units(&self) -> Vec<Vec<Colour>> {
        self.units().into_iter().filter(|u| u.iter().any(|&s| self.is_playing(s))).collect()
    }

    /// Places not yet given to a unit.
    fn free_places(&self) -> Vec<u8> {
        let units = self.units();
        let used: Vec<u8> = units.iter().map(|u| self.places[u[0].index()]).filter(|&p| p != 0).collect();
        (1..=units.len() as u8).filter(|p| !used.contains(p)).collect()
    }

    pub(crate) fn best_free_place(&self) -> u8 {
        self.free_places().first().copied().unwrap_or(1)
    }

    pub(crate) fn worst_free_place(&self) -> u8 {
        self.free_places().last().copied().unwrap_or(1)
    }

    /// Gives `place` to every seat of `seat`'s unit that has none, retiring those still playing.
    pub(crate) fn place_unit(&mut self, seat: Colour, place: u8) {
        for s in self.unit_of(seat) {
            if self.places[s.index()] == 0 {
                self.retire(s);
                self.places[s.index()] = place;
                // A seat placed without being eliminated counts as done (`done=` of §6).
                if !self.is_out(s) {
                    self.finished |= 1 << s.index();
                }
            }
        }
    }

    /// Records that `seat` finished (§3.3, §4.5, §4.9).
    fn finish(&mut self, seat: Colour) {
        self.retire(seat);
        self.finished |= 1 << seat.index();
        match self.variant.game() {
            Game::Kawu => self.places[seat.index()] = 1,
            _ if self.variant.pairs() => {
                // A team is placed when both partners have finished.
                if self.is_finished(partner(seat)) {
                    let place = self.best_free_place();
                    self.place_unit(seat, place);
                }
            }
            _ if self.duel() && seat != self.opener && self.places[self.opener.index()] == 1 => {
                // §4.5: the second player's last move finishes it too: a draw.
                self.places[seat.index()] = 1;
            }
            _ => {
                let place = self.best_free_place();
                self.places[seat.index()] = place;
            }
        }
    }

    /// Eliminates `seat` (§4.6). With two players it loses and the marbles stay; with more, its
    /// unit takes the worst free place and its marbles leave the board.
    ///
    /// **[choice]** In the pairs games the offender's team takes the worst free place; only the
    /// offender's marbles are removed, its partner stops playing with its marbles where they are.
    fn eliminate(&mut self, seat: Colour) {
        let place = self.worst_free_place();
        self.retire(seat);
        self.out |= 1 << seat.index();
        if !self.duel() {
            self.remove_marbles(seat);
        }
        self.place_unit(seat, place);
    }

    /// Whether the marble of `seat` on `at` is enclosed (§4.6): no move of it ends outside home.
    fn enclosed(&self, seat: Colour, at: usize, lines: &mut Lines) -> bool {
        self.marble_destinations(seat, at, lines) & !self.variant.home_bits(seat) == 0
    }

    /// Whether the move `from`-`to` just made by `seat` breaks the home rule (§4.6): the seat has
    /// made its 30 (40) moves and ends a move with a marble back home, or keeps at home a marble
    /// that is not enclosed.
    ///
    /// **[choice]** A marble moving inside its home (it started there) is judged by the enclosure
    /// test, not as coming "back"; the test is made after each of the seat's moves from the
    /// deadline on, so a marble that stops being enclosed must leave on the seat's next move.
    pub(crate) fn breaks_home_rule(&self, seat: Colour, moved: Option<(Hole, Hole)>) -> bool {
        if self.variant.game() != Game::Halma || self.moves_of(seat) + 1 < self.variant.home_deadline() {
            return false;
        }
        let home = self.variant.home_bits(seat);
        let back =
            moved.is_some_and(|(from, to)| home >> from.index() & 1 == 0 && home >> to.index() & 1 == 1);
        let mut lines = Lines::new(self.occupied);
        back || HoleSet(self.marbles[seat.index()] & home)
            .iter()
            .any(|h| !self.enclosed(seat, h.index(), &mut lines))
    }

    /// Everything that follows the move of `mover` (still the seat to move): finishing, the
    /// home rule, and the last places. `breaks` is [`StarPosition::breaks_home_rule`] asked
    /// on the position after the marble moved.
    pub(crate) fn settle(&mut self, mover: Colour, breaks: bool) {
        if self.variant.game() == Game::Captures {
            return;
        }
        // Only the goal holding the landing can fill up, so at most one seat finishes per move;
        // checking every seat keeps that an observation rather than an assumption.
        let seats = self.variant.seats();
        let at = seats.iter().position(|&s| s == mover).unwrap_or(0);
        for k in 0..seats.len() {
            let seat = seats[(at + k) % seats.len()];
            if self.is_playing(seat) && self.goal_done(seat) {
                self.finish(seat);
            }
        }
        if self.variant.game() == Game::Kawu {
            return;
        }
        if breaks && self.is_playing(mover) {
            self.eliminate(mover);
        }
        let playing = self.playing_units();
        if let [last] = playing.as_slice() {
            // §4.5: with two players, the opener finishing leaves the other seat one last move.
            let last_move_due = self.duel()
                && mover == self.opener
                && self.is_finished(self.opener)
                && self.places[self.opener.index()] == 1;
            if !last_move_due {
                let place = self.best_free_place();
                self.place_unit(last[0], place);
            }
        }
    }
}
