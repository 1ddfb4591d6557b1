//! An online table of 2–6 seats for any game, as the one [`Table`] controller: the person here
//! plays one seat (or watches), every other seat is [`SeatKind::Remote`] — a person on another
//! device, or a computer the host runs.
//!
//! **The board.** The table session (`tripot_net::table`) verifies every entry, ours included,
//! before it reports it: the board adopts the game it hands back with each applied move
//! ([`tripot_net::table::TableEvent::Applied`]) and never re-verifies it. A person's move is
//! picked with the same [`crate::move_picker::MovePicker`] as at any table and sent through the
//! [`RunningTable`] in the game's notation; until the session hands it back, the person cannot
//! pick another, and a refusal only drops it. A turn the game passes by itself is sent the same
//! way.
//!
//! **Around the board** ([`SeatsView`], read with [`OnlineSeats::view`] at an instant): each
//! seat's holder (you, a person, a computer and its level, empty), whether it is away or may be
//! claimed, whether it hosts, its clock (the time of the move under way, or the reserve) and
//! the moves the clock played for it in a row; whose turn it is; the invitation to share; the
//! last chat lines (a muted seat's dropped); a draw offered; the rematch vote and its time
//! left; the game's end. Everything the table says is a typed [`SeatsNotice`] the catalogue
//! words (`Lang::seats_notice`), the hand-over among them ("the host left; X hosts now").
//!
//! **Use.** Start the table with [`crate::network::Network::host_seats`] or
//! [`crate::network::Network::join_seats`], wrap it with [`OnlineSeats::new`], call
//! [`OnlineSeats::poll`] on every tick until it returns `None`, act on what it returns
//! ([`SeatsUpdate`]), and draw [`OnlineSeats::table`] and [`OnlineSeats::view`]. The person's
//! actions are methods: the board's (`act_on`, `hop_on`, `end_chain`, `typed_move`,
//! `confirm_move`, `cancel`) and the table's (`resign`, `offer_draw`, `answer_draw`, `claim`,
//! `vote`, `chat`, `mute`, `leave`/`close`).
//!
//! The controller is split by job: this file follows the session's events, `actions.rs` holds
//! the person's actions, `status.rs` what is kept beside the board, `view.rs` the view model,
//! `notice.rs` the notices.

mod actions;
mod notice;
mod status;
mod view;

use std::time::Instant;

use tripot_game::{GameState, Seat, TableSpec};
use tripot_net::room::RoomEvent;
use tripot_net::table::{Applied, TableEvent as NetTableEvent};
use tripot_net::table_online::{TableLink, TableNetEvent, TableRoomLink};
use tripot_net::{GameSnapshot, Multiaddr};
use tripot_protocol::table::TableId;

pub use actions::MAX_CHAT_LINE;
pub use notice::{SeatsNotice, Who};
pub use status::CHAT_KEPT;
pub use view::{ChatEntry, ChatFrom, RematchView, SeatClock, SeatHolderView, SeatView, SeatsView};

use crate::network::RunningTable;
use crate::online_board::AdoptedMove;
use crate::seat_kind::SeatKind;
use crate::table::Table;
use crate::table_invitation::TableInvitation;
use status::SeatsStatus;

/// Most events followed in one [`OnlineSeats::poll`] after the first.
const POLL_BATCH: usize = 64;

/// How this peer came to the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Opening {
    /// It opened the table: its invitation is made from the table's id and the addresses the
    /// network reports (or the room's code once the room is open).
    Host {
        /// The game and its seat count.
        spec: TableSpec,
        /// The table's id.
        table: TableId,
        /// In a private room: only the room's link lets anyone in.
        room: bool,
    },
    /// It joined by this invitation (shared again as it was given).
    Join(TableInvitation),
    /// A table of the relay's lobby, hosted or joined: the others find it there (or by quick
    /// match), so no link is made, whatever the addresses the network reports.
    Lobby {
        /// The game and its seat count (a seeker of any game learns the table's from its state).
        spec: TableSpec,
        /// How this peer came to it: what the screens say instead of a link.
        way: LobbyWay,
    },
}

/// How a peer came to a table of the relay's lobby.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LobbyWay {
    /// It listed the table there, or chose it from the lobby's list.
    Listed,
    /// A quick match sat it there (at its own table, or at another's).
    QuickMatch,
}

/// What a front-end does after a step of the table, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeatsUpdate {
    /// Tell the person.
    Say(SeatsNotice),
    /// Clear what was said.
    ClearMessage,
    /// A new board: a game started, or the session's game replaced ours.
    NewGame,
    /// A move went on the board (already played: a front-end may show its path hop by hop).
    Moved(AdoptedMove),
}

/// A question waiting for its second press.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Confirm {
    Resign,
    Leave,
}

/// An online table of 2–6 seats: the running table, the board as a [`Table`], and what is kept
/// beside it.
pub struct OnlineSeats {
    link: Option<Box<dyn RunningTable>>,
    opening: Opening,
    table: Option<Table>,
    status: SeatsStatus,
    confirm: Option<Confirm>,
}

impl std::fmt::Debug for OnlineSeats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OnlineSeats")
            .field("opening", &self.opening)
            .field("status", &self.status)
            .field("table", &self.table)
            .finish_non_exhaustive()
    }
}

impl OnlineSeats {
    /// The table running on `link`, come to by `opening`. The board comes with the game's start.
    #[must_use]
    pub fn new(link: Box<dyn RunningTable>, opening: Opening) -> OnlineSeats {
        let spec = match &opening {
            Opening::Host { spec, .. } | Opening::Lobby { spec, .. } => spec.clone(),
            Opening::Join(invitation) => invitation.spec().clone(),
        };
        let mut status = SeatsStatus::new(link.local_peer(), spec);
        match &opening {
            Opening::Join(invitation) => status.invitation = Some(invitation.to_string()),
            Opening::Lobby { way, .. } => status.lobby = Some(*way),
            Opening::Host { .. } => {}
        }
        OnlineSeats { link: Some(link), opening, table: None, status, confirm: None }
    }

    /// The board, once a game has started.
    #[must_use]
    pub const fn table(&self) -> Option<&Table> {
        self.table.as_ref()
    }

    /// The table around the board at `now` (the clocks count down from the entries' arrival).
    #[must_use]
    pub fn view(&self, now: Instant) -> SeatsView {
        self.status.view(now)
    }

    /// Our seat; none: watching, or not seated yet.
    #[must_use]
    pub const fn my_seat(&self) -> Option<Seat> {
        self.status.my_seat
    }

    /// Whether the table still runs (a link, and it did not stop).
    #[must_use]
    pub fn is_live(&self) -> bool {
        self.link.is_some() && !self.status.stopped
    }

    /// Whether the person here may act on the board now.
    #[must_use]
    pub fn accepts_moves(&self) -> bool {
        self.is_live() && self.status.end.is_none() && self.status.my_seat.is_some()
    }

    /// Follows the table's events ready now (`now` times the clocks); `None` when nothing was
    /// ready (a front-end polls on its ticks).
    pub fn poll(&mut self, now: Instant) -> Option<Vec<SeatsUpdate>> {
        let first = self.link.as_mut()?.try_event()?;
        let mut updates = self.on_event(first, now);
        // A bounded batch: a flood of events cannot hold the front-end's tick.
        for _ in 0..POLL_BATCH {
            let Some(event) = self.link.as_mut().and_then(|link| link.try_event()) else { break };
            updates.extend(self.on_event(event, now));
        }
        Some(updates)
    }

    /// Follows one event of the table.
    pub fn on_event(&mut self, event: TableNetEvent, now: Instant) -> Vec<SeatsUpdate> {
        match event {
            TableNetEvent::Listening(addr) => {
                self.listening(addr);
                Vec::new()
            }
            TableNetEvent::Table(event) => self.on_table_event(event, now),
            TableNetEvent::Position { snapshot, my_seat } => self.position(snapshot, my_seat, now),
            TableNetEvent::LocalError(error) => {
                if self.table.as_mut().and_then(Table::drop_outgoing).is_some() {
                    return vec![SeatsUpdate::Say(SeatsNotice::MoveRefused(error))];
                }
                // A vote refused (the window closed) may not count as ours.
                if error == tripot_net::table::TableError::NoVote {
                    self.status.voted = false;
                }
                vec![SeatsUpdate::Say(SeatsNotice::ActionRefused(error))]
            }
            TableNetEvent::Saved { path, .. } => {
                self.status.saved_to = Some(path);
                Vec::new()
            }
            TableNetEvent::Warning(warning) => vec![SeatsUpdate::Say(SeatsNotice::Warning(warning))],
            TableNetEvent::Room(RoomEvent::Open(code)) => {
                if let Opening::Host { spec, .. } = &self.opening {
                    self.status.invitation = Some(TableRoomLink { spec: spec.clone(), code }.to_string());
                }
                Vec::new()
            }
            TableNetEvent::Room(RoomEvent::Failed(error)) => {
                self.status.stopped = true;
                vec![SeatsUpdate::Say(SeatsNotice::RoomFailed(error))]
            }
            TableNetEvent::Room(_) | TableNetEvent::Rating(_) => Vec::new(),
        }
    }

    /// An address of ours: a host's invitation names it (one a friend elsewhere can reach
    /// rather than the loopback, once there is one).
    fn listening(&mut self, addr: Multiaddr) {
        let Opening::Host { spec, table, room: false } = &self.opening else { return };
        let loopback = |addr: &Multiaddr| {
            addr.iter().any(|p| matches!(p, tripot_net::multiaddr::Protocol::Ip4(ip) if ip.is_loopback()))
        };
        let replace = match &self.status.invitation {
            None => true,
            Some(current) => current.contains("/ip4/127.") && !loopback(&addr),
        };
        if replace {
            let link = TableLink { spec: spec.clone(), table: *table, host: addr };
            self.status.invitation = Some(link.to_string());
        }
    }

    fn on_table_event(&mut self, event: NetTableEvent, now: Instant) -> Vec<SeatsUpdate> {
        let say = |notice| vec![SeatsUpdate::Say(notice)];
        match event {
            NetTableEvent::Table(state) => {
                self.status.announce(state).map(|to| say(SeatsNotice::HandOver { to })).unwrap_or_default()
            }
            NetTableEvent::Started { game } => {
                self.status.started();
                self.confirm = None;
                say(SeatsNotice::Started { game })
            }
            NetTableEvent::Applied { applied, snapshot } => self.applied(&applied, snapshot, now),
            NetTableEvent::Ended(outcome) => {
                if let Some(table) = self.table.as_mut() {
                    table.drop_outgoing();
                }
                self.confirm = None;
                self.status.ended(outcome, now);
                Vec::new()
            }
            NetTableEvent::DrawOffered { seat } => {
                self.status.draw_offer = Some(seat);
                if Some(seat) == self.status.my_seat {
                    return say(SeatsNotice::DrawOfferSent);
                }
                say(SeatsNotice::DrawOffered(self.status.who(seat)))
            }
            NetTableEvent::DrawDeclined { seat } => {
                self.status.draw_offer = None;
                say(SeatsNotice::DrawDeclined(self.status.who(seat)))
            }
            NetTableEvent::SeatAway { seat } => {
                self.status.away.insert(seat);
                say(SeatsNotice::SeatAway(self.status.who(seat)))
            }
            NetTableEvent::SeatBack { seat } => {
                self.status.away.remove(&seat);
                self.status.claimable.remove(&seat);
                say(SeatsNotice::SeatBack(self.status.who(seat)))
            }
            NetTableEvent::Claimable { seat } => {
                self.status.claimable.insert(seat);
                say(SeatsNotice::Claimable(self.status.who(seat)))
            }
            NetTableEvent::BecameHost { .. } => say(SeatsNotice::HandOver { to: Who::You }),
            NetTableEvent::TableLost => {
                self.status.stopped = true;
                say(SeatsNotice::TableLost)
            }
            NetTableEvent::Votes(seats) => {
                self.status.votes = seats;
                Vec::new()
            }
            NetTableEvent::VoteClosed { rematch } => {
                self.status.vote_until = None;
                say(SeatsNotice::VoteClosed { rematch })
            }
            NetTableEvent::Chat(line) => {
                self.status.heard(line);
                Vec::new()
            }
            NetTableEvent::EntryRefused { error, .. } => say(SeatsNotice::EntryRefused(error)),
            NetTableEvent::Refused(reject) => say(SeatsNotice::Refused(reject.reason)),
            NetTableEvent::LinkClosed { reason, .. } => say(SeatsNotice::LinkClosed(reason)),
            // The hand-over is told once the new host announces the table (or this peer
            // becomes it); the ratings' news stay with the saves.
            NetTableEvent::HostGone { .. }
            | NetTableEvent::ComputerToMove { .. }
            | NetTableEvent::ResultSigned(_)
            | NetTableEvent::ResultUnsigned(_)
            | NetTableEvent::Unrated(_)
            | NetTableEvent::SignatureRefused { .. } => Vec::new(),
        }
    }

    /// An entry the session checked and applied: a move is adopted, anything else (a
    /// resignation, a draw, a ruling) replaces the board with the session's game.
    fn applied(&mut self, applied: &Applied, snapshot: GameSnapshot, now: Instant) -> Vec<SeatsUpdate> {
        self.status.applied(applied, now);
        let after = snapshot.0;
        let follows = self.table.as_ref().is_some_and(|t| {
            t.state().spec() == after.spec() && t.state().moves().len() + 1 == after.moves().len()
        });
        let mut updates = Vec::new();
        match (&applied.game_move, self.table.as_mut()) {
            (Some(game_move), Some(table)) if follows => {
                updates.push(SeatsUpdate::Moved(AdoptedMove::adopt(
                    table,
                    applied.seat,
                    game_move.clone(),
                    after,
                )));
            }
            _ => updates.extend(self.replace_board(after)),
        }
        updates.extend(self.after_board_change(now));
        updates
    }

    /// The game as it stands and our seat: the board is rebuilt unless it already stands there.
    fn position(&mut self, snapshot: GameSnapshot, my_seat: Option<Seat>, now: Instant) -> Vec<SeatsUpdate> {
        let seat_changed = my_seat != self.status.my_seat;
        self.status.my_seat = my_seat;
        let state = snapshot.0;
        let same = !seat_changed
            && self.table.as_ref().is_some_and(|t| {
                t.state().spec() == state.spec()
                    && t.state().moves().len() == state.moves().len()
                    && t.state().hash() == state.hash()
            });
        let mut updates = Vec::new();
        if !same {
            updates.extend(self.replace_board(state));
        }
        updates.extend(self.after_board_change(now));
        updates
    }

    /// The board becomes `state`: our seat a person's, every other remote.
    fn replace_board(&mut self, state: Box<dyn GameState>) -> Vec<SeatsUpdate> {
        let mine = self.status.my_seat;
        let seats = Seat::all(state.seat_count())
            .map(|s| if Some(s) == mine { SeatKind::Person } else { SeatKind::Remote })
            .collect();
        // Persons and remotes only: no computer player to fail to make.
        self.table = Table::new(state, seats, 0).ok().map(|mut table| {
            table.send_person_moves();
            table
        });
        vec![SeatsUpdate::NewGame]
    }

    /// After the board changed: the clock follows the turn, and a turn of ours the game passes
    /// by itself goes to the session.
    fn after_board_change(&mut self, now: Instant) -> Vec<SeatsUpdate> {
        let to_move = self.table.as_ref().and_then(|t| t.state().to_move());
        if self.status.end.is_none() {
            self.status.turn(to_move, now);
        }
        if crate::online_board::send_automatic_pass(self) {
            vec![SeatsUpdate::Say(SeatsNotice::YouWereBlocked)]
        } else {
            Vec::new()
        }
    }
}

#[cfg(test)]
mod tests;
