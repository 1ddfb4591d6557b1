//! An online game of any game of two seats, as a [`Table`]: the person at this device plays one
//! seat, the other is [`SeatKind::Remote`].
//!
//! The session (`tripot_net::session`) is the one holder of the game: it verifies a peer's move
//! once, and our own before it goes out. So the table plays nothing by itself — it adopts the
//! game the session hands back with each `MoveSent` and `MoveReceived`, never re-verifying it and
//! never keeping a copy of its own to compare. A person's move is picked with the same
//! [`crate::move_picker::MovePicker`] as at any table, then sent through the [`Link`] in the
//! game's notation; until the session hands it back played, the person cannot pick another, and
//! a refusal only drops it. The turns the game passes by itself are sent the same way.
//!
//! What is not the board — the connection, the opponent, the rematch, the notices — is kept in
//! an [`OnlineStatus`], whose typed [`Notice`]s the front-end words.

use tripot_game::{GameMove, Outcome, Seat};
use tripot_net::{NetEvent, SessionEvent};

use crate::network::{Link, Matchmaking};
use crate::online_board::{AdoptedMove, OnlineBoard, send_automatic_pass};
use crate::online_connection::{Confirm, Connection, RematchOffer, Side};
use crate::online_notice::Notice;
use crate::online_status::OnlineStatus;
use crate::seat_kind::SeatKind;
use crate::table::Table;

/// What a front-end does after a step of the online game, in order.
#[derive(Debug)]
pub enum OnlineUpdate {
    /// Tell the player.
    Say(Notice),
    /// Clear what was said.
    ClearMessage,
    /// A new board: the game started, a rematch began, or the session's game replaced ours.
    NewGame,
    /// A move went on the board (already played: a front-end may show its path hop by hop).
    Moved(AdoptedMove),
}

/// An online game: the session's link, the board as a [`Table`], and its [`OnlineStatus`].
pub struct OnlineTable {
    link: Option<Box<dyn Link>>,
    status: OnlineStatus,
    table: Option<Table>,
}

impl std::fmt::Debug for OnlineTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OnlineTable")
            .field("status", &self.status)
            .field("table", &self.table)
            .finish_non_exhaustive()
    }
}

impl OnlineBoard for OnlineTable {
    fn takes_moves(&self) -> bool {
        self.accepts_moves()
    }

    fn board_mut(&mut self) -> Option<&mut Table> {
        self.table.as_mut()
    }

    fn send_move(&mut self, text: String) {
        self.status.confirm = None;
        if let Some(link) = self.link.as_mut() {
            link.play(text);
        }
    }
}

impl OnlineTable {
    /// A game of `side` starting on `link` (none: one driven by events alone), opened at the
    /// front-end's tick `opened_at`. The board comes with the session's `Connected`.
    #[must_use]
    pub fn new(side: Side, link: Option<Box<dyn Link>>, opened_at: u64) -> OnlineTable {
        OnlineTable { link, status: OnlineStatus::new(side, opened_at), table: None }
    }

    /// The connection, the opponent, the ending…
    #[must_use]
    pub const fn status(&self) -> &OnlineStatus {
        &self.status
    }

    /// The board, once the game has started.
    #[must_use]
    pub const fn table(&self) -> Option<&Table> {
        self.table.as_ref()
    }

    /// Whether the session still runs (a link, and it did not stop).
    #[must_use]
    pub fn is_live(&self) -> bool {
        self.link.is_some() && !self.status.stopped
    }

    /// Whether the person here may act on the board now.
    #[must_use]
    pub fn accepts_moves(&self) -> bool {
        self.is_live() && self.status.ending.is_none()
    }

    /// How the game ended: the session's ending (a resignation, a claim, a forfeit), else the
    /// game's own.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        match &self.status.ending {
            Some(ending) => Some(ending.outcome.clone()),
            None => self.table.as_ref().and_then(|t| t.state().outcome()),
        }
    }

    /// Follows the next event of the link, or the quick match's news before the session;
    /// `None` when nothing was ready (a front-end polls on its ticks until then).
    pub fn poll(&mut self) -> Option<Vec<OnlineUpdate>> {
        let link = self.link.as_mut()?;
        if let Some(news) = link.try_matchmaking() {
            return Some(self.on_matchmaking(news));
        }
        let event = link.try_event()?;
        Some(self.on_event(event))
    }

    /// After the board changed: a turn of ours the game passes by itself goes to the session.
    fn after_board_change(&mut self) -> Vec<OnlineUpdate> {
        if send_automatic_pass(self) { vec![OnlineUpdate::Say(Notice::YouWereBlocked)] } else { Vec::new() }
    }

    // --- The other actions ---

    /// "Abandonner": asks once, resigns on the second press.
    pub fn resign(&mut self) -> Vec<OnlineUpdate> {
        if !self.accepts_moves() || self.status.local.is_none() {
            return Vec::new();
        }
        if self.status.confirm == Some(Confirm::Resign) {
            self.status.confirm = None;
            if let Some(link) = self.link.as_mut() {
                link.resign();
            }
            return vec![OnlineUpdate::ClearMessage];
        }
        self.status.confirm = Some(Confirm::Resign);
        vec![OnlineUpdate::Say(Notice::ConfirmResign)]
    }

    /// "Réclamer la partie", once the grace period is over.
    pub fn claim(&mut self) {
        if !matches!(self.status.connection, Connection::GraceOver { .. }) || self.status.ending.is_some() {
            return;
        }
        self.status.claim_prompt = false;
        if let Some(link) = self.link.as_mut() {
            link.claim();
        }
    }

    /// "Attendre encore": the claim prompt goes away; the claim stays possible.
    pub fn keep_waiting(&mut self) {
        self.status.claim_prompt = false;
    }

    /// "Revanche" once the game is over: offers one, or accepts the opponent's.
    pub fn rematch_or_accept(&mut self) -> Vec<OnlineUpdate> {
        if self.status.ending.is_none()
            || self.status.rematch == Some(RematchOffer::Asked)
            || self.status.stopped
        {
            return Vec::new();
        }
        let Some(link) = self.link.as_mut() else { return Vec::new() };
        if self.status.rematch == Some(RematchOffer::Offered) {
            link.answer_rematch(true);
            return Vec::new();
        }
        link.offer_rematch();
        self.status.rematch = Some(RematchOffer::Asked);
        vec![OnlineUpdate::Say(Notice::RematchAsked)]
    }

    /// Declines the opponent's rematch offer.
    pub fn decline_rematch(&mut self) {
        if self.status.rematch != Some(RematchOffer::Offered) {
            return;
        }
        if let Some(link) = self.link.as_mut() {
            link.answer_rematch(false);
        }
        self.status.rematch = None;
    }

    /// Leaving: a live game asks once (it stays saved); `None` when the front-end may leave
    /// (call [`OnlineTable::close`] then).
    pub fn leave(&mut self) -> Option<Notice> {
        let live = self.status.ending.is_none() && self.status.local.is_some() && self.is_live();
        if live && self.status.confirm != Some(Confirm::Leave) {
            self.status.confirm = Some(Confirm::Leave);
            return Some(Notice::ConfirmLeave {
                saved: self.status.saved_to.clone(),
                host: self.status.hosts(),
            });
        }
        None
    }

    /// The player leaves for good: the opponent is told, the session ends.
    pub fn close(&mut self) {
        if let Some(mut link) = self.link.take() {
            link.leave();
        }
    }

    /// Any other action drops a question waiting for its second press; true if there was one.
    pub fn drop_confirmation(&mut self) -> bool {
        self.status.confirm.take().is_some()
    }

    // --- The session's events ---

    /// Quick match news: the wait at the relay, the pairing, a failure.
    pub fn on_matchmaking(&mut self, news: Matchmaking) -> Vec<OnlineUpdate> {
        match news {
            Matchmaking::Waiting(players) => self.status.connection = Connection::Seeking { players },
            Matchmaking::Matched { you_host, .. } => {
                self.status.connection = if you_host { Connection::Waiting } else { Connection::Joining };
            }
            Matchmaking::Failed(error) => {
                self.status.stopped = true;
                return vec![OnlineUpdate::Say(Notice::NetworkFailed(error))];
            }
        }
        Vec::new()
    }

    /// Follows one event of the session.
    pub fn on_event(&mut self, event: NetEvent) -> Vec<OnlineUpdate> {
        match event {
            NetEvent::LocalError(error) => {
                if self.table.as_mut().and_then(Table::drop_outgoing).is_some() {
                    return vec![OnlineUpdate::Say(Notice::MoveRefused(error))];
                }
                // A refused resignation, claim or rematch.
                if self.status.rematch == Some(RematchOffer::Asked) {
                    self.status.rematch = None;
                }
                vec![OnlineUpdate::Say(Notice::ActionRefused(error))]
            }
            NetEvent::Session(event) => self.on_session_event(event),
            other => self.status.on_network_event(other).map(OnlineUpdate::Say).into_iter().collect(),
        }
    }

    fn on_session_event(&mut self, event: SessionEvent) -> Vec<OnlineUpdate> {
        match event {
            SessionEvent::Connected { local_seat, peer_name, state, .. } => {
                self.connected(local_seat, peer_name, state.0)
            }
            SessionEvent::MoveSent { seat, game_move, state, .. } => self.moved(seat, game_move, state.0),
            SessionEvent::MoveReceived { seat, game_move, state, .. } => {
                let mut updates = Vec::new();
                if game_move.is_pass() {
                    let name = self.status.peer_name.clone().unwrap_or_default();
                    updates.push(OnlineUpdate::Say(Notice::PeerBlocked { name }));
                }
                updates.extend(self.moved(seat, game_move, state.0));
                updates
            }
            SessionEvent::GameOver(ending) => {
                if let Some(table) = self.table.as_mut() {
                    table.drop_outgoing();
                }
                let _ = self.status.on_session_event(SessionEvent::GameOver(ending));
                Vec::new()
            }
            other => self.status.on_session_event(other).map(OnlineUpdate::Say).into_iter().collect(),
        }
    }

    /// The game is on (or back, or a rematch began): the board is the session's game.
    fn connected(
        &mut self,
        local: Seat,
        peer_name: String,
        state: Box<dyn tripot_game::GameState>,
    ) -> Vec<OnlineUpdate> {
        let status = &mut self.status;
        status.connection = Connection::Connected;
        status.peer_left = false;
        status.claim_prompt = false;
        status.local = Some(local);
        status.peer_name = Some(peer_name);
        // A game resumed where our board stands keeps the person's selection.
        let same = status.ending.is_none()
            && self.table.as_ref().is_some_and(|t| {
                t.state().spec() == state.spec()
                    && t.state().hash() == state.hash()
                    && t.state().ply() == state.ply()
            });
        let mut updates = Vec::new();
        if !same {
            status.ending = None;
            status.rematch = None;
            status.confirm = None;
            let seats = Seat::all(state.seat_count())
                .map(|s| if s == local { SeatKind::Person } else { SeatKind::Remote })
                .collect();
            // The session plays games of two seats, a person and a remote: no computer to fail.
            self.table = Table::new(state, seats, 0).ok().map(|mut table| {
                table.send_person_moves();
                table
            });
            updates.extend([OnlineUpdate::ClearMessage, OnlineUpdate::NewGame]);
        }
        updates.extend(self.after_board_change());
        updates
    }

    /// A move the session played (ours confirmed, or the opponent's verified there): adopted.
    fn moved(
        &mut self,
        seat: Seat,
        game_move: GameMove,
        after: Box<dyn tripot_game::GameState>,
    ) -> Vec<OnlineUpdate> {
        let Some(table) = self.table.as_mut() else { return Vec::new() };
        let mut updates = vec![OnlineUpdate::Moved(AdoptedMove::adopt(table, seat, game_move, after))];
        updates.extend(self.after_board_change());
        updates
    }
}

#[cfg(test)]
#[path = "online_table_tests.rs"]
mod tests;
