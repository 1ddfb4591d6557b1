//! The person's actions at an online table: the move picked on the board (sent to the session,
//! played only when it hands it back), and the table's own — resign, draw, claim, vote, chat,
//! mute, a computer for an empty seat, leave. Each goes out only when it makes sense now; the session refuses the rest.

use tripot_game::Seat;
use tripot_protocol::table::{Channel, MAX_CHAT};

use super::notice::SeatsNotice;
use super::view::{ChatEntry, ChatFrom};
use super::{Confirm, OnlineSeats, SeatsUpdate};
use crate::online_board::OnlineBoard;
use crate::table::Table;

/// The longest chat line a person may send, in bytes (the table's wire refuses longer).
pub const MAX_CHAT_LINE: usize = MAX_CHAT;

impl OnlineBoard for OnlineSeats {
    fn takes_moves(&self) -> bool {
        self.accepts_moves()
    }

    fn board_mut(&mut self) -> Option<&mut Table> {
        self.table.as_mut()
    }

    fn send_move(&mut self, text: String) {
        self.confirm = None;
        if let Some(link) = self.link.as_mut() {
            link.play(text);
        }
    }
}

impl OnlineSeats {
    // --- The table's actions ---

    /// "Abandonner": asks once, resigns on the second press.
    pub fn resign(&mut self) -> Vec<SeatsUpdate> {
        if !self.accepts_moves() || !self.game_on() {
            return Vec::new();
        }
        if self.confirm == Some(Confirm::Resign) {
            self.confirm = None;
            if let Some(link) = self.link.as_mut() {
                link.resign();
            }
            return vec![SeatsUpdate::ClearMessage];
        }
        self.confirm = Some(Confirm::Resign);
        vec![SeatsUpdate::Say(SeatsNotice::ConfirmResign)]
    }

    /// Offers a draw: in a game of two seats under way, none offered yet.
    pub fn offer_draw(&mut self) -> bool {
        if !self.may_offer_draw() {
            return false;
        }
        if let Some(link) = self.link.as_mut() {
            link.offer_draw();
        }
        true
    }

    /// Whether a draw may be offered now (a front-end shows the key only then).
    #[must_use]
    pub fn may_offer_draw(&self) -> bool {
        self.status.spec.seats == 2
            && self.accepts_moves()
            && self.game_on()
            && self.status.draw_offer.is_none()
    }

    /// Accepts or declines the draw the other seat offered.
    pub fn answer_draw(&mut self, accept: bool) -> bool {
        if !self.may_answer_draw() {
            return false;
        }
        self.status.draw_offer = None;
        if let Some(link) = self.link.as_mut() {
            link.answer_draw(accept);
        }
        true
    }

    /// Whether a draw offered by the other seat waits for our answer.
    #[must_use]
    pub fn may_answer_draw(&self) -> bool {
        self.accepts_moves() && self.status.draw_offer.is_some_and(|seat| Some(seat) != self.status.my_seat)
    }

    /// Claims a seat away past its grace period.
    pub fn claim(&mut self, seat: Seat) -> bool {
        if !self.accepts_moves() || !self.status.claimable.contains(&seat) {
            return false;
        }
        if let Some(link) = self.link.as_mut() {
            link.claim(seat);
        }
        true
    }

    /// The seats the person may claim now.
    #[must_use]
    pub fn claimable(&self) -> Vec<Seat> {
        if self.accepts_moves() { self.status.claimable.iter().copied().collect() } else { Vec::new() }
    }

    /// Votes for another game, once, while the vote is open.
    pub fn vote(&mut self) -> Vec<SeatsUpdate> {
        if !self.may_vote() {
            return Vec::new();
        }
        self.status.voted = true;
        if let Some(link) = self.link.as_mut() {
            link.vote();
        }
        vec![SeatsUpdate::Say(SeatsNotice::Voted)]
    }

    /// Whether the person may vote for another game now.
    #[must_use]
    pub fn may_vote(&self) -> bool {
        self.is_live()
            && self.status.my_seat.is_some()
            && self.status.end.is_some()
            && self.status.vote_until.is_some()
            && !self.status.voted
    }

    /// The host puts a computer of `level` at the empty `seat` before a game (the first, or
    /// the next after a vote left seats free); `false` when it may not now, or the level is
    /// not one of the computer players'.
    pub fn seat_computer(&mut self, seat: Seat, level: u8) -> bool {
        if !self.is_live()
            || !self.status.computer_seats().contains(&seat)
            || tripot_ai::Level::from_number(level).is_none()
        {
            return false;
        }
        if let Some(link) = self.link.as_mut() {
            link.seat_computer(seat, level);
        }
        true
    }

    /// Says `text` at the table (trimmed; an empty line sends nothing). Shown at once.
    ///
    /// # Errors
    /// [`SeatsNotice::ChatTooLong`] for a line over [`MAX_CHAT_LINE`] bytes.
    pub fn chat(&mut self, text: &str) -> Result<(), SeatsNotice> {
        let text = text.trim();
        if text.is_empty() || !self.is_live() {
            return Ok(());
        }
        if text.len() > MAX_CHAT_LINE {
            return Err(SeatsNotice::ChatTooLong { max: MAX_CHAT_LINE });
        }
        let seated = self.status.my_seat.is_some() || self.status.hosting();
        let channel = if seated { Channel::Players } else { Channel::Spectators };
        self.status.keep(ChatEntry { channel, from: ChatFrom::You, text: text.to_owned() });
        if let Some(link) = self.link.as_mut() {
            link.chat(text.to_owned());
        }
        Ok(())
    }

    /// Mutes a seat's chat here (its lines are dropped from then on), or unmutes it.
    pub fn mute(&mut self, seat: Seat, muted: bool) {
        if Some(seat) == self.status.my_seat {
            return;
        }
        if muted {
            self.status.muted.insert(seat);
        } else {
            self.status.muted.remove(&seat);
        }
    }

    /// Leaving: a game under way at our seat asks once (it stays saved); `None` when the
    /// front-end may leave (call [`OnlineSeats::close`] then).
    pub fn leave(&mut self) -> Option<SeatsNotice> {
        if self.accepts_moves() && self.game_on() && self.confirm != Some(Confirm::Leave) {
            self.confirm = Some(Confirm::Leave);
            return Some(SeatsNotice::ConfirmLeave { saved: self.status.saved_to.clone() });
        }
        None
    }

    /// The person leaves for good: the others are told, the table's task ends.
    pub fn close(&mut self) {
        if let Some(mut link) = self.link.take() {
            link.leave();
        }
    }

    /// Any other action drops a question waiting for its second press; true if there was one.
    pub fn drop_confirmation(&mut self) -> bool {
        self.confirm.take().is_some()
    }

    /// Whether a game is under way (started, not over).
    fn game_on(&self) -> bool {
        self.status.end.is_none() && self.table.as_ref().is_some_and(|t| t.state().outcome().is_none())
    }
}
