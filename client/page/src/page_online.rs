//! One page's online play, without I/O: an [`OnlineRequest`] or a tick in, the messages to send
//! out. It drives the core's [`OnlineTable`] — an online game of any two-seat game as the one
//! [`tripot_app::table::Table`] — exactly as the terminal's online screen does: hosting, joining,
//! the LAN's list, the lobby, quick match, the moves picked cell by cell as at any table,
//! resign, claim, rematch, leave. The board is sent as local play sends it
//! ([`crate::page_play::table_view`]), and every notice is worded in both languages by the
//! catalogue of words.
//!
//! The network is shared by the whole server ([`NetworkSlot`]) and started on the first request
//! that needs it, so a page that never plays online never starts libp2p.

use std::sync::Mutex;

use tripot_app::move_picker::PickAction;
use tripot_app::network::{Network, NetworkError, OpenGameScan};
use tripot_app::online_board::{AdoptedMove, OnlineBoard as _};
use tripot_app::online_connection::{Connection, RematchOffer};
use tripot_app::online_table::{OnlineTable, OnlineUpdate};
use tripot_app::open_game::OpenGames;
use tripot_app::table::PersonAction;
use tripot_app::table_event::TableEvent;
use tripot_game::Cell;

use super::board_messages::BoardAction;
use super::messages::ServerMessage;
use super::online_messages::{ListView, NoticeView, OnlineRefusal, OnlineRequest, OnlineView, Words};
use super::online_offer::{games_message, offer, seek};
use super::online_words::{
    Refusal, bad_cell, colon, empty_hole, game_over, no_chain, no_selection, not_a_destination,
    not_connected, not_now, not_online, not_your_piece, not_your_turn, notice_message, words,
};
use super::page_play::table_move_view;

/// Events read from a session per tick at most, so that a flood cannot hold the page.
const EVENTS_PER_TICK: usize = 256;

/// A network made on first use.
pub(crate) type MakeNetwork = Box<dyn Fn() -> Result<Box<dyn Network + Send>, NetworkError> + Send>;

/// The server's one network, started by the first page that needs it.
pub(crate) struct NetworkSlot {
    network: Option<Box<dyn Network + Send>>,
    make: MakeNetwork,
    /// mDNS allowed (not `--no-mdns`): the LAN's list needs it.
    mdns: bool,
}

impl NetworkSlot {
    /// A slot that makes its network with `make` when first asked; `mdns`: whether the LAN may
    /// be scanned.
    pub(crate) fn new(make: MakeNetwork, mdns: bool) -> NetworkSlot {
        NetworkSlot { network: None, make, mdns }
    }

    fn get(&mut self) -> Result<&mut (dyn Network + Send), NetworkError> {
        if self.network.is_none() {
            self.network = Some((self.make)()?);
        }
        match &mut self.network {
            Some(network) => Ok(network.as_mut()),
            None => Err(NetworkError::NoRelay),
        }
    }
}

/// Which list is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ListKind {
    Lan,
    Lobby,
}

/// The LAN's or the lobby's list, read again and again in the background.
struct OpenList {
    kind: ListKind,
    scan: Option<Box<dyn OpenGameScan>>,
    list: Option<OpenGames>,
    error: Option<NetworkError>,
}

/// The online play of one page.
#[derive(Default)]
pub(crate) struct PageOnline {
    online: Option<OnlineTable>,
    /// An online table of 2–6 seats (`page_online_seats`), instead of a game of two.
    seats: Option<tripot_app::online_seats::OnlineSeats>,
    /// What the last move brought (captures, passes…), shown with the view after it.
    news: Vec<TableEvent>,
    list: Option<OpenList>,
    ticks: u64,
    /// What was sent last, so that a tick sends only what changed.
    sent_view: Option<Option<OnlineView>>,
    sent_list: Option<ListView>,
    sent_seats: Option<Option<crate::seats_messages::SeatsTableView>>,
}

impl PageOnline {
    /// Handles one request; `network` is locked only by the requests that need it.
    pub(crate) fn handle(
        &mut self,
        request: OnlineRequest,
        network: &Mutex<NetworkSlot>,
    ) -> Vec<ServerMessage> {
        if !matches!(request, OnlineRequest::Resign | OnlineRequest::Leave) {
            if let Some(online) = &mut self.online {
                online.drop_confirmation();
            }
            if let Some(seats) = &mut self.seats {
                seats.drop_confirmation();
            }
        }
        let result = if self.seats.is_some() {
            self.seats_request(request, network)
        } else {
            self.request(request, network)
        };
        let mut out = match result {
            Ok(out) => out,
            Err((code, words)) => return vec![ServerMessage::OnlineError(OnlineRefusal { code, words })],
        };
        out.extend(self.changes());
        out
    }

    /// A request at an online table of 2–6 seats: the board's, the table's own actions.
    fn seats_request(
        &mut self,
        request: OnlineRequest,
        network: &Mutex<NetworkSlot>,
    ) -> Result<Vec<ServerMessage>, Refusal> {
        match request {
            OnlineRequest::Board(action) => self.seats_board(action),
            OnlineRequest::Confirm => self.seats_confirm(),
            OnlineRequest::Resign => self.seats_resign(),
            OnlineRequest::Leave => self.seats_leave(),
            OnlineRequest::Chat { text } => self.seats_chat(&text),
            OnlineRequest::Mute { seat, muted } => self.seats_mute(seat, muted),
            OnlineRequest::OfferDraw => self.seats_offer_draw(),
            OnlineRequest::AnswerDraw { accept } => self.seats_answer_draw(accept),
            OnlineRequest::Vote => self.seats_vote(),
            OnlineRequest::ClaimSeat { seat } => self.seats_claim(seat),
            OnlineRequest::SeatComputer { seat, level } => self.seats_computer(seat, level),
            OnlineRequest::Games => Ok(vec![games_message()]),
            other => self.request(other, network),
        }
    }

    /// A request with no table of 2–6 seats open.
    fn request(
        &mut self,
        request: OnlineRequest,
        network: &Mutex<NetworkSlot>,
    ) -> Result<Vec<ServerMessage>, Refusal> {
        match request {
            OnlineRequest::Host { game, format, room, opener } => {
                offer(game.as_deref(), format, opener).and_then(|offer| self.host(offer, room, network))
            }
            OnlineRequest::Join { to } => self.join(&to, network),
            OnlineRequest::Lan => self.open_list(ListKind::Lan, network),
            OnlineRequest::Lobby => self.open_list(ListKind::Lobby, network),
            OnlineRequest::CloseList => self.close_list(),
            OnlineRequest::JoinTable { addr } => self.join_table(&addr, network),
            OnlineRequest::OpenTable { game, format, opener } => {
                offer(game.as_deref(), format, opener).and_then(|offer| self.open_table(offer, network))
            }
            OnlineRequest::Quick { game, format } => {
                seek(game.as_deref(), format).and_then(|wanted| self.quick(wanted, network))
            }
            OnlineRequest::Games => Ok(vec![games_message()]),
            OnlineRequest::Board(action) => self.board(action),
            OnlineRequest::Confirm => self.confirm(),
            OnlineRequest::Resign => self.resign(),
            OnlineRequest::Claim => self.claim(),
            OnlineRequest::KeepWaiting => self.keep_waiting(),
            OnlineRequest::Rematch => self.rematch(),
            OnlineRequest::DeclineRematch => self.decline_rematch(),
            OnlineRequest::Leave => self.leave(),
            OnlineRequest::HostSeats { game, computers, clock, spectators, room } => {
                self.host_seats(&game, &computers, &clock, spectators, room, network)
            }
            OnlineRequest::JoinSeats { link, watch, seat } => self.join_seats(&link, watch, seat, network),
            OnlineRequest::Chat { .. }
            | OnlineRequest::Mute { .. }
            | OnlineRequest::OfferDraw
            | OnlineRequest::AnswerDraw { .. }
            | OnlineRequest::Vote
            | OnlineRequest::ClaimSeat { .. }
            | OnlineRequest::SeatComputer { .. } => Err(not_online()),
        }
    }

    /// On every tick: the session's events (bounded), the list's newest round; what changed is
    /// sent.
    pub(crate) fn tick(&mut self) -> Vec<ServerMessage> {
        self.ticks += 1;
        let mut out = Vec::new();
        for _ in 0..EVENTS_PER_TICK {
            let Some(updates) = self.online.as_mut().and_then(OnlineTable::poll) else { break };
            out.extend(self.apply(updates));
        }
        out.extend(self.tick_seats());
        if let Some(list) = &mut self.list
            && let Some(result) = list.scan.as_mut().and_then(|s| s.try_list())
        {
            match result {
                Ok(games) => {
                    list.list = Some(games);
                    list.error = None;
                }
                Err(error) => list.error = Some(error),
            }
        }
        out.extend(self.changes());
        out
    }

    /// The page closed: a live game is left on purpose (the opponent is told, the game stays
    /// saved), a seek or a table is withdrawn.
    pub(crate) fn close(&mut self) {
        if let Some(online) = &mut self.online {
            online.close();
        }
        if let Some(seats) = &mut self.seats {
            seats.close();
        }
        self.online = None;
        self.seats = None;
        self.news.clear();
        self.list = None;
    }

    /// Everything again, as to a new page (a reloaded page took this game back): the view and
    /// the list, whether or not they changed.
    pub(crate) fn resend(&mut self) -> Vec<ServerMessage> {
        self.sent_view = None;
        self.sent_list = None;
        self.sent_seats = None;
        self.changes()
    }

    /// Whether an online game runs or waits for its opponent.
    pub(crate) fn playing(&self) -> bool {
        self.online.is_some() || self.seats.is_some()
    }

    /// Whether a session or a list runs (the worker ticks only then).
    pub(crate) fn busy(&self) -> bool {
        self.online.is_some() || self.seats.is_some() || self.list.is_some()
    }

    /// Carries out what the online game asks, in order: notices said, each move announced (its
    /// path, to show hop by hop before the view after it is drawn).
    fn apply(&mut self, updates: Vec<OnlineUpdate>) -> Vec<ServerMessage> {
        let mut out = Vec::new();
        for update in updates {
            match update {
                OnlineUpdate::Say(notice) => out.push(notice_message(&notice)),
                OnlineUpdate::ClearMessage => out.push(ServerMessage::OnlineNotice(NoticeView {
                    strong: false,
                    words: Words { fr: String::new(), en: String::new() },
                })),
                OnlineUpdate::NewGame => self.news.clear(),
                OnlineUpdate::Moved(AdoptedMove { events, .. }) => {
                    let table = self.online.as_ref().and_then(OnlineTable::table);
                    if let Some(last) = table.and_then(|t| Some((t, t.last_move()?))) {
                        out.push(ServerMessage::OnlineMove(table_move_view(last.0, &last.1)));
                    }
                    self.news = events;
                }
            }
        }
        out
    }

    /// The view and the list, each if it changed since last sent.
    fn changes(&mut self) -> Vec<ServerMessage> {
        let mut out = Vec::new();
        let view = self.view();
        if self.sent_view.as_ref() != Some(&view) {
            self.sent_view = Some(view.clone());
            out.push(ServerMessage::Online { online: view.map(Box::new) });
        }
        if let Some(list) = self.list_view()
            && self.sent_list.as_ref() != Some(&list)
        {
            self.sent_list = Some(list.clone());
            out.push(ServerMessage::OnlineList(list));
        }
        if self.list.is_none() {
            self.sent_list = None;
        }
        // A page that never opened a table hears nothing of tables.
        let seats = self.seats_view();
        if self.sent_seats.as_ref() != Some(&seats) && (seats.is_some() || self.sent_seats.is_some()) {
            self.sent_seats = Some(seats.clone());
            out.push(ServerMessage::OnlineSeats { table: seats.map(Box::new) });
        }
        out
    }

    // ---- the moves ---------------------------------------------------------------------------

    fn online(&mut self) -> Result<&mut OnlineTable, Refusal> {
        self.online.as_mut().ok_or_else(not_online)
    }

    /// The game, if the player may act on its board now: connected, not over, its own turn, no
    /// move of its own still waiting for the session's confirmation.
    fn playable(&mut self) -> Result<&mut OnlineTable, Refusal> {
        let online = self.online.as_mut().ok_or_else(not_online)?;
        if online.outcome().is_some() {
            return Err(game_over());
        }
        let Some(table) = online.table().filter(|_| online.accepts_moves()) else {
            return Err(not_connected());
        };
        if !table.person_to_move() {
            return Err(not_your_turn());
        }
        Ok(online)
    }

    fn board(&mut self, action: BoardAction) -> Result<Vec<ServerMessage>, Refusal> {
        let online = self.playable()?;
        match action {
            BoardAction::Select { hole } => {
                let cell = cell_named(online, &hole)?;
                while online.cancel() {}
                match online.act_on(cell) {
                    PersonAction::Picked(PickAction::Nothing) => {
                        let empty = online
                            .table()
                            .and_then(|t| t.state().board().cell(cell).map(|c| c.piece.is_none()))
                            .unwrap_or(false);
                        Err(if empty { empty_hole(&hole) } else { not_your_piece(&hole) })
                    }
                    _ => Ok(Vec::new()),
                }
            }
            BoardAction::Path { to } => {
                let cell = cell_named(online, &to)?;
                let table = online.table().ok_or_else(not_connected)?;
                if table.picker().picked().is_empty() {
                    return Err(no_selection());
                }
                let m = table.preview(cell).ok_or_else(|| not_a_destination(&to))?;
                let state = table.state();
                let board = state.board();
                let holes =
                    state.path(&m).iter().filter_map(|&c| board.cell(c).map(|v| v.name.clone())).collect();
                Ok(vec![ServerMessage::OnlinePath { to, holes }])
            }
            BoardAction::Move { to } => {
                let cell = picked_cell(online, &to)?;
                sent_or(online.act_on(cell), || not_a_destination(&to))
            }
            BoardAction::Hop { to } => {
                let cell = picked_cell(online, &to)?;
                sent_or(online.hop_on(cell), || not_a_destination(&to))
            }
            BoardAction::EndChain => {
                if online.table().is_none_or(|t| t.picker().picked().len() < 2) {
                    return Err(no_chain());
                }
                sent_or(online.end_chain(), no_chain)
            }
            BoardAction::Cancel => {
                online.cancel();
                Ok(Vec::new())
            }
        }
    }

    /// The move the game warned about, played after all: it goes to the session.
    fn confirm(&mut self) -> Result<Vec<ServerMessage>, Refusal> {
        let online = self.playable()?;
        if online.table().is_none_or(|t| t.pending().is_none()) {
            return Err(not_now());
        }
        online.confirm_move().map_err(|_| not_your_turn())?;
        Ok(Vec::new())
    }

    // ---- the game's other actions --------------------------------------------------------------

    fn resign(&mut self) -> Result<Vec<ServerMessage>, Refusal> {
        let online = self.online()?;
        if online.outcome().is_some() {
            return Err(game_over());
        }
        if !online.accepts_moves() || online.status().local.is_none() {
            return Err(not_connected());
        }
        let updates = online.resign();
        Ok(self.apply(updates))
    }

    fn claim(&mut self) -> Result<Vec<ServerMessage>, Refusal> {
        let online = self.online()?;
        let status = online.status();
        if !matches!(status.connection, Connection::GraceOver { .. }) || status.ending.is_some() {
            return Err(not_now());
        }
        online.claim();
        Ok(Vec::new())
    }

    fn keep_waiting(&mut self) -> Result<Vec<ServerMessage>, Refusal> {
        let online = self.online()?;
        if !online.status().claim_prompt {
            return Err(not_now());
        }
        online.keep_waiting();
        Ok(Vec::new())
    }

    fn rematch(&mut self) -> Result<Vec<ServerMessage>, Refusal> {
        let online = self.online()?;
        let status = online.status();
        if status.ending.is_none() || status.rematch == Some(RematchOffer::Asked) || !online.is_live() {
            return Err(not_now());
        }
        let updates = online.rematch_or_accept();
        Ok(self.apply(updates))
    }

    fn decline_rematch(&mut self) -> Result<Vec<ServerMessage>, Refusal> {
        let online = self.online()?;
        if online.status().rematch != Some(RematchOffer::Offered) {
            return Err(not_now());
        }
        online.decline_rematch();
        Ok(Vec::new())
    }

    /// As the terminal's `q`: a live game asks once; then the opponent is told and the session
    /// stops; a game that never started says why.
    fn leave(&mut self) -> Result<Vec<ServerMessage>, Refusal> {
        let online = self.online()?;
        if let Some(question) = online.leave() {
            return Ok(vec![notice_message(&question)]);
        }
        let failure = online.status().failure();
        online.close();
        self.online = None;
        self.news.clear();
        let mut out = Vec::new();
        if let Some(warning) = failure {
            out.push(ServerMessage::OnlineNotice(NoticeView {
                strong: true,
                words: words(|l| format!("{}{}{}", l.t().online_failed, colon(l), l.failure(&warning))),
            }));
        }
        Ok(out)
    }
}

/// The cell named `name` on the online game's board.
fn cell_named(online: &OnlineTable, name: &str) -> Result<Cell, Refusal> {
    online
        .table()
        .and_then(|t| t.state().board().cells.iter().find(|c| c.name == name).map(|c| c.cell))
        .ok_or_else(|| bad_cell(name))
}

/// The cell named `name`, acted on with a piece picked.
fn picked_cell(online: &OnlineTable, name: &str) -> Result<Cell, Refusal> {
    let cell = cell_named(online, name)?;
    if online.table().is_none_or(|t| t.picker().picked().is_empty()) {
        return Err(no_selection());
    }
    Ok(cell)
}

/// A click with a piece picked: nothing changed is refused; a move made whole went to the
/// session (the view shows it once the session hands it back played).
fn sent_or(action: PersonAction, refused: impl FnOnce() -> Refusal) -> Result<Vec<ServerMessage>, Refusal> {
    match action {
        PersonAction::Picked(PickAction::Nothing) => Err(refused()),
        _ => Ok(Vec::new()),
    }
}

#[path = "page_online_start.rs"]
mod start;

#[path = "page_online_seats.rs"]
mod seats;

#[path = "page_online_view.rs"]
mod view;

#[cfg(test)]
#[path = "page_online_tests.rs"]
mod tests;
