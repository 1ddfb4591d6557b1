//! What the local player does at the table: moves, resignation, draws, the vote, claims, chat,
//! mutes, leaving. A seat's entry is signed here and checked on a copy of the record before it
//! goes anywhere; the host applies and forwards it, a member sends it to the host.

use std::time::Instant;

use tripot_game::Seat;
use tripot_protocol::table::{Act, Channel, ChatLine, LeaveHow, PeerKey, Signer, TableMessage};

use super::error::{EntryError, TableError};
use super::events::{LinkId, TableOutput};
use super::{Role, Table};

impl Table {
    /// Plays the local seat's move.
    ///
    /// # Errors
    /// [`TableError::NoSeat`], or the record's refusal (not this seat's turn, illegal).
    pub fn play(&mut self, m: &tripot_game::GameMove, now: Instant) -> Result<(), TableError> {
        let record = self.record.as_ref().ok_or(EntryError::NoGame)?;
        let text = record.state().move_text(m);
        self.act(Act::Move(text), now)
    }

    /// Plays the local seat's move given in the game's notation (as a player types it).
    ///
    /// # Errors
    /// [`TableError::Move`] when the game cannot read it, else as [`Table::play`].
    pub fn play_text(&mut self, text: &str, now: Instant) -> Result<(), TableError> {
        let record = self.record.as_ref().ok_or(EntryError::NoGame)?;
        let m = record.state().parse_move(text).map_err(TableError::Move)?;
        self.play(&m, now)
    }

    /// The local seat resigns.
    ///
    /// # Errors
    /// As [`Table::play`].
    pub fn resign(&mut self, now: Instant) -> Result<(), TableError> {
        self.act(Act::Leave(LeaveHow::Resigned), now)
    }

    /// The local seat offers a draw (two-seat games).
    ///
    /// # Errors
    /// As [`Table::play`].
    pub fn offer_draw(&mut self, now: Instant) -> Result<(), TableError> {
        self.act(Act::OfferDraw, now)
    }

    /// The local seat answers the draw offered.
    ///
    /// # Errors
    /// As [`Table::play`].
    pub fn answer_draw(&mut self, accept: bool, now: Instant) -> Result<(), TableError> {
        if accept {
            return self.act(Act::AcceptDraw, now);
        }
        let seat = self.my_seat().ok_or(TableError::NoSeat)?;
        self.send_to_table(TableMessage::DrawDeclined { seat }, now);
        Ok(())
    }

    /// Leaves the table on purpose: a member says goodbye to the host (its seat is then away);
    /// the host says goodbye to everyone, who hand its role on at once.
    pub fn leave_table(&mut self) {
        let links: Vec<LinkId> = match &self.role {
            Role::Member(member) => member.link().into_iter().collect(),
            Role::Host(host) => host.welcomed_links(),
        };
        for link in links {
            self.outputs.push(TableOutput::Send { link, message: TableMessage::Bye });
            self.outputs.push(TableOutput::Close { link });
        }
    }

    /// Mutes (or unmutes) a peer's chat lines, for this peer only.
    pub fn mute(&mut self, peer: PeerKey, muted: bool) {
        self.chat.mute(peer, muted);
    }

    /// Signs the local seat's entry and checks it as anyone would: the host applies and
    /// forwards it, a member sends it to the host (it applies it when the host forwards it).
    fn act(&mut self, act: Act, now: Instant) -> Result<(), TableError> {
        let seat = self.my_seat().ok_or(TableError::NoSeat)?;
        let record = self.record.as_ref().ok_or(EntryError::NoGame)?;
        let entry = record.sign_next(&self.config.keypair, seat, act, Signer::Seat)?;
        // Checked on a copy first, so that a local mistake never reaches the wire.
        record.clone().apply(entry.clone())?;
        match self.role {
            Role::Host(_) => self.host_accept(entry, now, None).map(|_| ()).map_err(TableError::from),
            Role::Member(_) => {
                self.send_to_table(TableMessage::Entry { entry, clock_ms: None }, now);
                Ok(())
            }
        }
    }

    /// A message from this peer to the table: a member sends it to the host; the host handles
    /// it as its own.
    fn send_to_table(&mut self, message: TableMessage, now: Instant) {
        match &self.role {
            Role::Member(member) => {
                if let Some(link) = member.link() {
                    self.outputs.push(TableOutput::Send { link, message });
                }
            }
            Role::Host(_) => self.host_own_message(message, now),
        }
    }

    /// Writes a chat line (players' chat for a seated peer, spectators' for the others).
    ///
    /// # Errors
    /// [`TableError::ChatTooLong`] for a line too long, [`TableError::ChatTooFast`] for a line
    /// over the chat's rate ([`super::ChatConfig::rate`], the limit the host forwards at).
    pub fn chat(&mut self, text: &str, now: Instant) -> Result<(), TableError> {
        if text.len() > tripot_protocol::table::MAX_CHAT {
            return Err(TableError::ChatTooLong);
        }
        if !self.chat_sent.allow(self.config.chat.rate, now) {
            return Err(TableError::ChatTooFast);
        }
        let channel =
            if self.my_seat().is_some() || self.is_host() { Channel::Players } else { Channel::Spectators };
        let line = ChatLine { channel, from: self.me.clone(), text: text.to_owned() };
        self.send_to_table(TableMessage::Chat(line), now);
        Ok(())
    }

    /// Votes for another game once this one is over.
    ///
    /// # Errors
    /// [`TableError::NoVote`] outside the vote's window, [`TableError::NoSeat`] for a spectator.
    pub fn vote(&mut self, now: Instant) -> Result<(), TableError> {
        if self.vote_until.is_none_or(|until| now >= until) {
            return Err(TableError::NoVote);
        }
        self.my_seat().ok_or(TableError::NoSeat)?;
        self.send_to_table(TableMessage::Vote, now);
        Ok(())
    }

    /// Asks for a seat away past the grace period to be ruled out.
    ///
    /// # Errors
    /// [`TableError::NoSeat`] for a spectator; the host's own refusal when it hosts.
    pub fn claim(&mut self, seat: Seat, now: Instant) -> Result<(), TableError> {
        self.my_seat().ok_or(TableError::NoSeat)?;
        match self.role {
            Role::Host(_) => self.host_claim(seat, now),
            Role::Member(_) => {
                self.send_to_table(TableMessage::Claim { seat }, now);
                Ok(())
            }
        }
    }
}
