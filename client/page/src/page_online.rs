//! One page's online play, without I/O: an [`OnlineRequest`] or a tick in, the messages to send
//! out. It drives the core's [`Online`] exactly as the terminal's online screens do — hosting,
//! joining, the LAN's list, the lobby, quick match, the moves, resign, claim, rematch, leave —
//! and words every notice in both languages with the terminal's `i18n`.
//!
//! The network is shared by the whole server ([`NetworkSlot`]) and started on the first request
//! that needs it, so a page that never plays online never starts libp2p.

use std::sync::{Mutex, PoisonError};
use tripot_app::online_duel::EndReason;

use tripot_engine::{Camp, Format, Rules};
use tripot_net::room::RoomCode;
use tripot_net::session::Offer;
use tripot_net::{Multiaddr, NetEvent, Start};
use tripot_protocol::Opens;

use super::board_clicks::{self as clicks, ClickRefused};
use super::board_messages::BoardAction;
use super::messages::{Opener, ServerMessage};
use super::online_board::{board_view, move_view};
use super::online_messages::{
    EndingView, ListView, NoticeView, OnlineErrorCode, OnlineRefusal, OnlineRequest, OnlineView,
    OpenGameView, Words,
};
use tripot_app::i18n::{Lang, fill};
use tripot_app::local_game::{Action, Game, Played};
use tripot_app::network::{Link, Network, NetworkError, OpenGameScan};
use tripot_app::online_game::{Confirm, Connection, Online, RematchOffer, Route, Side};
use tripot_app::online_notice::{Notice, Update};
use tripot_app::open_game::OpenGames;

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

type Refusal = (OnlineErrorCode, Words);

/// The online play of one page.
#[derive(Default)]
pub(crate) struct PageOnline {
    online: Option<Online>,
    game: Option<Game>,
    list: Option<OpenList>,
    ticks: u64,
    /// What was sent last, so that a tick sends only what changed.
    sent_view: Option<Option<OnlineView>>,
    sent_list: Option<ListView>,
}

impl PageOnline {
    /// Handles one request; `network` is locked only by the requests that need it.
    pub(crate) fn handle(
        &mut self,
        request: OnlineRequest,
        network: &Mutex<NetworkSlot>,
    ) -> Vec<ServerMessage> {
        if !matches!(request, OnlineRequest::Resign | OnlineRequest::Leave)
            && let Some(online) = &mut self.online
        {
            online.drop_confirmation();
        }
        let result = match request {
            OnlineRequest::Host { format, room, opener } => self.host(format, room, opener, network),
            OnlineRequest::Join { to } => self.join(&to, network),
            OnlineRequest::Lan => self.open_list(ListKind::Lan, network),
            OnlineRequest::Lobby => self.open_list(ListKind::Lobby, network),
            OnlineRequest::CloseList => self.close_list(),
            OnlineRequest::JoinTable { addr } => self.join_table(&addr, network),
            OnlineRequest::OpenTable { format, opener } => self.open_table(format, opener, network),
            OnlineRequest::Quick { format } => self.quick(format, network),
            OnlineRequest::Board(action) => self.board(action),
            OnlineRequest::Resign => self.resign(),
            OnlineRequest::Claim => self.claim(),
            OnlineRequest::KeepWaiting => self.keep_waiting(),
            OnlineRequest::Rematch => self.rematch(),
            OnlineRequest::DeclineRematch => self.decline_rematch(),
            OnlineRequest::Leave => self.leave(),
        };
        let mut out = match result {
            Ok(out) => out,
            Err((code, words)) => return vec![ServerMessage::OnlineError(OnlineRefusal { code, words })],
        };
        out.extend(self.changes());
        out
    }

    /// On every tick: the session's events, the list's newest round; what changed is sent.
    pub(crate) fn tick(&mut self) -> Vec<ServerMessage> {
        self.ticks += 1;
        let mut out = Vec::new();
        while let Some(news) = self.online.as_mut().and_then(|o| o.link.as_mut()?.try_matchmaking()) {
            let Some(online) = &mut self.online else { break };
            let updates = online.on_matchmaking(news);
            out.extend(self.apply(updates));
        }
        for _ in 0..EVENTS_PER_TICK {
            let Some(event) = self.online.as_mut().and_then(|o| o.link.as_mut()?.try_event()) else { break };
            out.extend(self.on_event(event));
        }
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
        if let Some(link) = self.online.as_mut().and_then(|o| o.link.as_mut()) {
            link.leave();
        }
        self.online = None;
        self.game = None;
        self.list = None;
    }

    /// Whether a session or a list runs (the worker ticks only then).
    pub(crate) fn busy(&self) -> bool {
        self.online.is_some() || self.list.is_some()
    }

    fn on_event(&mut self, event: NetEvent) -> Vec<ServerMessage> {
        let Some(online) = &mut self.online else { return Vec::new() };
        let updates = online.on_event(event, &mut self.game);
        self.apply(updates)
    }

    /// Carries out what the online game asks, in order: notices said, the opponent's move shown
    /// hop by hop (then played at once: the page animates before it draws the next view), the
    /// turn handed on.
    fn apply(&mut self, updates: Vec<Update>) -> Vec<ServerMessage> {
        let mut out = Vec::new();
        for update in updates {
            match update {
                Update::Say(notice) => out.push(notice_message(&notice)),
                Update::ClearMessage => out.push(ServerMessage::OnlineNotice(NoticeView {
                    strong: false,
                    words: Words { fr: String::new(), en: String::new() },
                })),
                Update::Animate(played) => {
                    let Some(game) = &mut self.game else { continue };
                    if !game.position().is_legal(played.mv) {
                        continue;
                    }
                    let camp = game.position().turn();
                    out.push(ServerMessage::OnlineMove(move_view(camp, false, &played.notation)));
                    game.push(played);
                    out.extend(self.after_move());
                }
                // Moves are played as soon as they are announced: nothing is left to finish.
                Update::FinishAnimation => {}
                Update::BoardChanged => out.extend(self.after_move()),
            }
        }
        out
    }

    fn after_move(&mut self) -> Vec<ServerMessage> {
        let Some(online) = &mut self.online else { return Vec::new() };
        let updates = online.after_move(&mut self.game);
        self.apply(updates)
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
        out
    }

    // ---- starting ----------------------------------------------------------------------------

    fn not_online_yet(&self) -> Result<(), Refusal> {
        if self.online.is_some() {
            return Err(refusal(OnlineErrorCode::AlreadyOnline, |l| l.page().online_already_open.to_owned()));
        }
        Ok(())
    }

    fn host(
        &mut self,
        format: Option<u8>,
        room: bool,
        opener: Opener,
        network: &Mutex<NetworkSlot>,
    ) -> Result<Vec<ServerMessage>, Refusal> {
        self.not_online_yet()?;
        let offer = offer(format, opener)?;
        let (start, side) = if room {
            (Start::HostRoom { offer: offer.clone(), code: RoomCode::random() }, Side::Room(offer))
        } else {
            (Start::Host(offer.clone()), Side::Host(offer))
        };
        self.start(side, network, |net| net.start(start))
    }

    fn join(&mut self, to: &str, network: &Mutex<NetworkSlot>) -> Result<Vec<ServerMessage>, Refusal> {
        self.not_online_yet()?;
        let text = to.trim();
        // As on the terminal's join page: an address starts with a slash, anything else is read
        // as a room code.
        let start = if text.starts_with('/') {
            text.parse::<Multiaddr>().ok().map(Start::Join)
        } else {
            text.parse::<RoomCode>().ok().map(Start::JoinRoom)
        };
        let Some(start) = start else {
            let shown: String = text.chars().take(80).collect();
            return Err(refusal(OnlineErrorCode::BadAddress, |l| {
                fill(l.page().online_bad_address, &[("why", l.t().join_invalid), ("shown", &shown)])
            }));
        };
        self.start(Side::Guest(text.to_owned()), network, |net| net.start(start))
    }

    fn quick(
        &mut self,
        format: Option<u8>,
        network: &Mutex<NetworkSlot>,
    ) -> Result<Vec<ServerMessage>, Refusal> {
        self.not_online_yet()?;
        let format = format.map(parse_format).transpose()?;
        self.start(Side::Quick(format), network, |net| {
            tripot_app::online_duel::quick_seek(format).and_then(|wanted| net.quick(wanted))
        })
    }

    fn join_table(
        &mut self,
        addr: &str,
        network: &Mutex<NetworkSlot>,
    ) -> Result<Vec<ServerMessage>, Refusal> {
        self.not_online_yet()?;
        let listed = self.list.as_ref().and_then(|l| {
            let list = l.list.as_ref()?;
            let game = list.games.iter().find(|g| g.addr.to_string() == addr)?;
            Some((list.relay.clone(), game.clone()))
        });
        let Some((relay, game)) = listed else {
            return Err(refusal(OnlineErrorCode::NoSuchTable, |l| l.page().online_no_such_table.to_owned()));
        };
        let side = Side::Guest(game.name.clone());
        match relay {
            None => self.start(side, network, |net| net.start(Start::Join(game.addr.clone()))),
            Some(relay) => self.start(side, network, |net| net.join_table(&relay, &game)),
        }
    }

    fn open_table(
        &mut self,
        format: Option<u8>,
        opener: Opener,
        network: &Mutex<NetworkSlot>,
    ) -> Result<Vec<ServerMessage>, Refusal> {
        self.not_online_yet()?;
        let offer = offer(format, opener)?;
        let relay = self
            .list
            .as_ref()
            .filter(|l| l.kind == ListKind::Lobby)
            .and_then(|l| l.list.as_ref()?.relay.clone());
        let Some(relay) = relay else {
            return Err(refusal(OnlineErrorCode::NotNow, |l| l.page().online_no_lobby.to_owned()));
        };
        self.start(Side::Table(offer.clone()), network, |net| net.open_table(&relay, offer))
    }

    /// Starts a session through the shared network and opens the game on it.
    fn start(
        &mut self,
        side: Side,
        network: &Mutex<NetworkSlot>,
        start: impl FnOnce(&mut (dyn Network + Send)) -> Result<Box<dyn Link>, NetworkError>,
    ) -> Result<Vec<ServerMessage>, Refusal> {
        let link = {
            let mut slot = network.lock().unwrap_or_else(PoisonError::into_inner);
            slot.get().and_then(start)
        };
        let link = link.map_err(|error| network_refusal(&error))?;
        self.list = None;
        self.game = None;
        self.online = Some(Online::new(side, Some(link), self.ticks));
        Ok(Vec::new())
    }

    fn open_list(
        &mut self,
        kind: ListKind,
        network: &Mutex<NetworkSlot>,
    ) -> Result<Vec<ServerMessage>, Refusal> {
        self.not_online_yet()?;
        let started = {
            let mut slot = network.lock().unwrap_or_else(PoisonError::into_inner);
            // The scan is mDNS itself: with `--no-mdns` nothing is sent on the LAN.
            if kind == ListKind::Lan && !slot.mdns {
                return Err(refusal(OnlineErrorCode::Network, |l| l.page().online_no_mdns.to_owned()));
            }
            slot.get().and_then(|net| match kind {
                ListKind::Lan => net.scan_lan(),
                ListKind::Lobby => net.lobby(),
            })
        };
        let (scan, error) = match started {
            Ok(scan) => (Some(scan), None),
            Err(error) => (None, Some(error)),
        };
        self.list = Some(OpenList { kind, scan, list: None, error });
        Ok(Vec::new())
    }

    fn close_list(&mut self) -> Result<Vec<ServerMessage>, Refusal> {
        if self.list.take().is_none() {
            return Err(refusal(OnlineErrorCode::NotNow, |l| l.page().online_no_list.to_owned()));
        }
        Ok(Vec::new())
    }

    // ---- the moves ---------------------------------------------------------------------------

    fn online(&mut self) -> Result<&mut Online, Refusal> {
        self.online.as_mut().ok_or_else(not_online)
    }

    /// The board, if the player may act on it now: connected, not over, its own turn, no move
    /// of its own still waiting for the session's confirmation.
    fn playable(&mut self) -> Result<&mut Game, Refusal> {
        let online = self.online.as_ref().ok_or_else(not_online)?;
        if online.ending().is_some() {
            return Err(game_over());
        }
        let (Some(game), Some(local), true) = (self.game.as_mut(), online.local, online.accepts_moves())
        else {
            return Err(not_connected());
        };
        if game.position().is_over() {
            return Err(game_over());
        }
        if game.position().turn() != local || online.unconfirmed {
            return Err(refusal(OnlineErrorCode::NotYourTurn, |l| l.page().online_not_your_turn.to_owned()));
        }
        Ok(game)
    }

    fn board(&mut self, action: BoardAction) -> Result<Vec<ServerMessage>, Refusal> {
        match action {
            BoardAction::Select { hole } => self.select(&hole),
            BoardAction::Path { to } => self.path(&to),
            BoardAction::Move { to } => self.play_to(&to),
            BoardAction::Hop { to } => self.hop(&to),
            BoardAction::EndChain => self.end_chain(),
            BoardAction::Cancel => self.cancel(),
        }
    }

    fn select(&mut self, hole: &str) -> Result<Vec<ServerMessage>, Refusal> {
        let hole = clicks::hole(hole).map_err(refused)?;
        clicks::select(self.playable()?, hole).map_err(refused)?;
        Ok(Vec::new())
    }

    fn path(&mut self, to: &str) -> Result<Vec<ServerMessage>, Refusal> {
        let to = clicks::hole(to).map_err(refused)?;
        let holes = clicks::path(self.playable()?, to).map_err(refused)?;
        Ok(vec![ServerMessage::OnlinePath { to: to.to_string(), holes }])
    }

    fn play_to(&mut self, to: &str) -> Result<Vec<ServerMessage>, Refusal> {
        let to = clicks::hole(to).map_err(refused)?;
        let action = clicks::play_to(self.playable()?, to).map_err(refused)?;
        Ok(self.react(action))
    }

    fn hop(&mut self, to: &str) -> Result<Vec<ServerMessage>, Refusal> {
        let to = clicks::hole(to).map_err(refused)?;
        let action = clicks::hop(self.playable()?, to).map_err(refused)?;
        Ok(self.react(action))
    }

    fn end_chain(&mut self) -> Result<Vec<ServerMessage>, Refusal> {
        let game = self.playable()?;
        match game.end_chain() {
            Action::Play(played) => Ok(self.send_move(played)),
            _ => Err(refusal(OnlineErrorCode::NoChain, |l| l.page().online_no_hop.to_owned())),
        }
    }

    fn cancel(&mut self) -> Result<Vec<ServerMessage>, Refusal> {
        let game = self.playable()?;
        game.cancel();
        Ok(Vec::new())
    }

    fn react(&mut self, action: Action) -> Vec<ServerMessage> {
        match action {
            Action::Play(played) => self.send_move(played),
            Action::Nothing | Action::Selected | Action::Deselected | Action::Hopped => Vec::new(),
        }
    }

    /// Our move: checked by the engine again, sent over the link, shown at once.
    fn send_move(&mut self, played: Played) -> Vec<ServerMessage> {
        let Some(game) = &self.game else { return Vec::new() };
        if !game.position().is_legal(played.mv) {
            return Vec::new();
        }
        let camp = game.position().turn();
        let mut out = vec![ServerMessage::OnlineMove(move_view(camp, false, &played.notation))];
        let Some(online) = &mut self.online else { return Vec::new() };
        let updates = online.send_move(&mut self.game, played);
        out.extend(self.apply(updates));
        out
    }

    // ---- the game's other actions --------------------------------------------------------------

    fn resign(&mut self) -> Result<Vec<ServerMessage>, Refusal> {
        let online = self.online()?;
        if online.ending().is_some() {
            return Err(game_over());
        }
        if !online.accepts_moves() || online.local.is_none() {
            return Err(not_connected());
        }
        let updates = online.resign();
        Ok(self.apply(updates))
    }

    fn claim(&mut self) -> Result<Vec<ServerMessage>, Refusal> {
        let online = self.online()?;
        if !matches!(online.connection(), Connection::GraceOver { .. }) || online.ending().is_some() {
            return Err(not_now());
        }
        online.claim();
        Ok(Vec::new())
    }

    fn keep_waiting(&mut self) -> Result<Vec<ServerMessage>, Refusal> {
        let online = self.online()?;
        if !online.claim_prompt {
            return Err(not_now());
        }
        online.keep_waiting();
        Ok(Vec::new())
    }

    fn rematch(&mut self) -> Result<Vec<ServerMessage>, Refusal> {
        let online = self.online()?;
        if online.ending().is_none() || online.rematch() == Some(RematchOffer::Asked) || online.link.is_none()
        {
            return Err(not_now());
        }
        let updates = online.rematch_or_accept();
        Ok(self.apply(updates))
    }

    fn decline_rematch(&mut self) -> Result<Vec<ServerMessage>, Refusal> {
        let online = self.online()?;
        if online.rematch() != Some(RematchOffer::Offered) {
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
        let failure = online.failure();
        if let Some(link) = online.link.as_mut() {
            link.leave();
        }
        self.online = None;
        self.game = None;
        let mut out = Vec::new();
        if let Some(warning) = failure {
            out.push(ServerMessage::OnlineNotice(NoticeView {
                strong: true,
                words: words(|l| format!("{}{}{}", l.t().online_failed, colon(l), l.failure(&warning))),
            }));
        }
        Ok(out)
    }

    // ---- what the page draws -------------------------------------------------------------------

    fn view(&self) -> Option<OnlineView> {
        let online = self.online.as_ref()?;
        let local = online.local;
        let board = self.game.as_ref().map(|game| Box::new(board_view(game)));
        let your_turn = self.game.as_ref().is_some_and(|g| {
            online.accepts_moves()
                && !online.unconfirmed
                && !g.position().is_over()
                && local == Some(g.position().turn())
        });
        Some(OnlineView {
            side: side_key(&online.side).to_owned(),
            connection: connection_key(online.connection()).to_owned(),
            connection_words: words(|l| connection_words(l, online)),
            route: online.route().map(|r| match r {
                Route::Direct => "direct".to_owned(),
                Route::Relayed => "relayed".to_owned(),
            }),
            room_code: online.room_code.clone(),
            addrs: online.addrs().iter().map(ToString::to_string).collect(),
            peer: online.peer_name().map(str::to_owned),
            camp: local.map(|c| c.to_string()),
            your_turn,
            warning: online.warning.as_ref().map(|w| words(|l| l.warning(w))),
            claim_prompt: online.claim_prompt,
            confirm: online.confirm.map(|c| match c {
                Confirm::Resign => "resign".to_owned(),
                Confirm::Leave => "leave".to_owned(),
            }),
            rematch: online.rematch().map(|r| match r {
                RematchOffer::Asked => "asked".to_owned(),
                RematchOffer::Offered => "offered".to_owned(),
            }),
            ending: online.ending().map(|ending| EndingView {
                winner: tripot_app::online_duel::winner(ending).to_string(),
                you_win: local == Some(tripot_app::online_duel::winner(ending)),
                termination: ending.tag().to_owned(),
                words: words(|l| ending_words(l, ending, local, online.peer_name())),
            }),
            board,
            saved_to: online.saved_to.as_ref().map(|p| p.display().to_string()),
        })
    }

    fn list_view(&self) -> Option<ListView> {
        let list = self.list.as_ref()?;
        Some(ListView {
            kind: match list.kind {
                ListKind::Lan => "lan",
                ListKind::Lobby => "lobby",
            }
            .to_owned(),
            games: list.list.as_ref().map_or_else(Vec::new, |l| {
                l.games
                    .iter()
                    .map(|g| OpenGameView {
                        name: g.name.clone(),
                        format: g.format,
                        waiting_secs: g.waiting_secs,
                        addr: g.addr.to_string(),
                    })
                    .collect()
            }),
            read: list.list.is_some(),
            error: list
                .error
                .as_ref()
                .map(|e| words(|l| format!("{}{}{}", l.t().online_failed, colon(l), l.network_error(e)))),
        })
    }
}

/// The colon before an explanation: spaced in French, not in English.
fn colon(lang: Lang) -> &'static str {
    lang.page().colon
}

fn words(f: impl Fn(Lang) -> String) -> Words {
    Words { fr: f(Lang::Fr), en: f(Lang::En) }
}

fn refusal(code: OnlineErrorCode, f: impl Fn(Lang) -> String) -> Refusal {
    (code, words(f))
}

fn notice_message(notice: &Notice) -> ServerMessage {
    ServerMessage::OnlineNotice(NoticeView {
        strong: notice.strong(),
        words: words(|l| notice_text(l, notice)),
    })
}

/// A notice as the terminal words it, except where the terminal names its keys: the page
/// names its buttons.
fn notice_text(lang: Lang, notice: &Notice) -> String {
    let page = lang.page();
    match notice {
        Notice::ConfirmResign => page.online_confirm_resign.to_owned(),
        Notice::ConfirmLeave { saved: Some(path), .. } => {
            fill(page.online_confirm_leave_saved, &[("path", &path.display().to_string())])
        }
        Notice::ConfirmLeave { saved: None, .. } => page.online_confirm_leave.to_owned(),
        Notice::RematchOffered { name } => fill(page.online_rematch_offered, &[("name", name)]),
        _ => lang.notice(notice),
    }
}

fn network_refusal(error: &NetworkError) -> Refusal {
    refusal(OnlineErrorCode::Network, |l| {
        format!("{}{}{}", l.t().online_failed, colon(l), l.network_error(error))
    })
}

fn not_online() -> Refusal {
    refusal(OnlineErrorCode::NotOnline, |l| l.page().online_not_open.to_owned())
}

fn not_connected() -> Refusal {
    refusal(OnlineErrorCode::NotConnected, |l| l.page().online_not_connected.to_owned())
}

fn game_over() -> Refusal {
    refusal(OnlineErrorCode::GameOver, |l| l.page().online_game_over.to_owned())
}

fn not_now() -> Refusal {
    refusal(OnlineErrorCode::NotNow, |l| l.page().online_not_now.to_owned())
}

/// A refused click, worded in both languages.
fn refused(click: ClickRefused) -> Refusal {
    match click {
        ClickRefused::BadHole { sent, .. } => {
            let shown: String = sent.chars().take(12).collect();
            refusal(OnlineErrorCode::BadHole, |l| fill(l.page().online_bad_hole, &[("hole", &shown)]))
        }
        ClickRefused::NotYourPawn(hole) => refusal(OnlineErrorCode::NotYourPawn, |l| {
            fill(l.page().online_not_your_pawn, &[("hole", &hole.to_string())])
        }),
        ClickRefused::NoSelection => {
            refusal(OnlineErrorCode::NoSelection, |l| l.page().online_no_selection.to_owned())
        }
        ClickRefused::NotADestination(to) => refusal(OnlineErrorCode::NotADestination, |l| {
            fill(l.page().online_not_a_destination, &[("hole", &to.to_string())])
        }),
    }
}

fn parse_format(n: u8) -> Result<Format, Refusal> {
    Format::from_number(n).ok_or_else(|| {
        refusal(OnlineErrorCode::BadFormat, |l| fill(l.page().online_bad_format, &[("n", &n.to_string())]))
    })
}

/// The offer of a game hosted from the page, as the terminal's menu makes it.
fn offer(format: Option<u8>, opener: Opener) -> Result<Offer, Refusal> {
    let format = parse_format(format.unwrap_or(1))?;
    let opens = match opener {
        Opener::First => Opens::Host,
        Opener::Second => Opens::Guest,
        Opener::Draw => Opens::Random,
    };
    tripot_app::online_duel::offer(format, Rules::Tripot, opens).map_err(|e| {
        let text = e.to_string();
        refusal(OnlineErrorCode::NotNow, move |_| text.clone())
    })
}

fn side_key(side: &Side) -> &'static str {
    match side {
        Side::Host(_) => "host",
        Side::Guest(_) => "guest",
        Side::Quick(_) => "quick",
        Side::Table(_) => "table",
        Side::Room(_) => "room",
        Side::Relay => "relay",
        Side::Resume => "resume",
    }
}

fn connection_key(connection: Connection) -> &'static str {
    match connection {
        Connection::Waiting => "waiting",
        Connection::Joining => "joining",
        Connection::Connected => "connected",
        Connection::Reconnecting { .. } => "reconnecting",
        Connection::GraceOver { .. } => "grace_over",
        Connection::Over => "over",
        Connection::Seeking { .. } => "seeking",
    }
}

/// The connection's state as the terminal's online panel says it.
fn connection_words(lang: Lang, online: &Online) -> String {
    let t = lang.t();
    let secs = |d: std::time::Duration| format!("{} s", d.as_secs());
    match online.connection() {
        Connection::Connected => match online.route() {
            Some(Route::Direct) => format!("{} · {}", t.connected, t.direct),
            Some(Route::Relayed) => format!("{} · {}", t.connected, t.via_relay),
            None => t.connected.to_owned(),
        },
        Connection::Waiting => t.waiting_title.to_owned(),
        Connection::Joining => t.joining.to_owned(),
        Connection::Reconnecting { waited } if online.peer_left => {
            format!("{} {}", t.peer_left_state, secs(waited))
        }
        Connection::Reconnecting { waited } => format!("{} {}", t.reconnecting, secs(waited)),
        Connection::GraceOver { waited } => format!("{} ({})", t.opponent_away, secs(waited)),
        Connection::Over => t.game_over_state.to_owned(),
        Connection::Seeking { players } if players > 0 => format!("{} · {players} {}", t.seeking, t.seekers),
        Connection::Seeking { .. } => t.seeking.to_owned(),
    }
}

/// "Vous avez gagné", or who won, and why, as the terminal's game-over panel says it.
fn ending_words(lang: Lang, ending: &tripot_net::Ending, local: Option<Camp>, peer: Option<&str>) -> String {
    let t = lang.t();
    let headline = if local == Some(tripot_app::online_duel::winner(ending)) {
        t.you_win.to_owned()
    } else {
        format!("{} {}. {}", peer.unwrap_or_default(), t.wins, t.you_lose)
    };
    let reason = match tripot_app::online_duel::end_reason(ending) {
        EndReason::Goal => t.by_goal.to_owned(),
        EndReason::Count => t.by_count.to_owned(),
        EndReason::Resigned => t.by_resign.to_owned(),
        EndReason::Forfeit(why) => format!("{} : {why}", t.by_forfeit),
        EndReason::Abandoned => t.by_claim.to_owned(),
    };
    format!("{headline} — {reason}")
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use std::collections::VecDeque;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use tripot_engine::Position;
    use tripot_net::online::matchmaking::quick::QuickSeek;
    use tripot_protocol::GameId;

    use super::*;

    /// What a stand-in session was told, and the events it hands out.
    #[derive(Clone, Default)]
    struct Wire {
        played: Arc<Mutex<Vec<String>>>,
        left: Arc<AtomicUsize>,
        events: Arc<Mutex<VecDeque<NetEvent>>>,
    }

    struct FakeLink(Wire);

    impl Link for FakeLink {
        fn try_event(&mut self) -> Option<NetEvent> {
            self.0.events.lock().unwrap().pop_front()
        }
        fn play(&mut self, text: String) {
            self.0.played.lock().unwrap().push(text);
        }
        fn resign(&mut self) {}
        fn leave(&mut self) {
            self.0.left.fetch_add(1, Ordering::SeqCst);
        }
        fn claim(&mut self) {}
        fn offer_rematch(&mut self) {}
        fn answer_rematch(&mut self, _accept: bool) {}
    }

    struct FakeNetwork(Wire);

    impl Network for FakeNetwork {
        fn start(&mut self, _start: Start) -> Result<Box<dyn Link>, NetworkError> {
            Ok(Box::new(FakeLink(self.0.clone())))
        }
        fn scan_lan(&mut self) -> Result<Box<dyn OpenGameScan>, NetworkError> {
            Err(NetworkError::NoRelay)
        }
        fn quick(&mut self, _wanted: QuickSeek) -> Result<Box<dyn Link>, NetworkError> {
            Err(NetworkError::NoRelay)
        }
        fn lobby(&mut self) -> Result<Box<dyn OpenGameScan>, NetworkError> {
            Err(NetworkError::NoRelay)
        }
        fn join_table(
            &mut self,
            _: &Multiaddr,
            _: &tripot_app::open_game::OpenGame,
        ) -> Result<Box<dyn Link>, NetworkError> {
            Err(NetworkError::NoRelay)
        }
        fn open_table(&mut self, _: &Multiaddr, _: Offer) -> Result<Box<dyn Link>, NetworkError> {
            Err(NetworkError::NoRelay)
        }
        fn standings(
            &mut self,
            _: tripot_app::network::StandingsQuery,
        ) -> Result<
            std::sync::mpsc::Receiver<Result<tripot_app::network::Standings, NetworkError>>,
            NetworkError,
        > {
            Err(NetworkError::NoRelay)
        }
    }

    /// A slot counting how often its network was made.
    fn slot(wire: &Wire, made: &Arc<AtomicUsize>) -> Mutex<NetworkSlot> {
        let (wire, made) = (wire.clone(), Arc::clone(made));
        Mutex::new(NetworkSlot::new(
            Box::new(move || {
                made.fetch_add(1, Ordering::SeqCst);
                Ok(Box::new(FakeNetwork(wire.clone())) as Box<dyn Network + Send>)
            }),
            false,
        ))
    }

    fn refused_with(out: &[ServerMessage]) -> Option<OnlineErrorCode> {
        match out {
            [ServerMessage::OnlineError(refusal)] => Some(refusal.code),
            _ => None,
        }
    }

    fn view(out: &[ServerMessage]) -> Option<OnlineView> {
        out.iter().rev().find_map(|m| match m {
            ServerMessage::Online { online } => online.as_deref().cloned(),
            _ => None,
        })
    }

    #[test]
    fn the_network_starts_only_for_a_valid_start_and_a_move_goes_over_the_link_in_turn() {
        let (wire, made) = (Wire::default(), Arc::new(AtomicUsize::new(0)));
        let network = slot(&wire, &made);
        let mut page = PageOnline::default();
        // Moves, leaves, malformed joins, the LAN under --no-mdns: no network is started.
        let select = OnlineRequest::Board(BoardAction::Select { hole: "m4".into() });
        assert_eq!(refused_with(&page.handle(select.clone(), &network)), Some(OnlineErrorCode::NotOnline));
        assert_eq!(
            refused_with(&page.handle(OnlineRequest::Leave, &network)),
            Some(OnlineErrorCode::NotOnline)
        );
        let bad = OnlineRequest::Join { to: "/ip4/nope".into() };
        assert_eq!(refused_with(&page.handle(bad, &network)), Some(OnlineErrorCode::BadAddress));
        assert_eq!(refused_with(&page.handle(OnlineRequest::Lan, &network)), Some(OnlineErrorCode::Network));
        assert_eq!(made.load(Ordering::SeqCst), 0, "no network for a page that plays no game online");

        let host = OnlineRequest::Host { format: None, room: false, opener: Opener::First };
        let waiting = view(&page.handle(host.clone(), &network)).unwrap();
        assert_eq!((waiting.side.as_str(), waiting.connection.as_str()), ("host", "waiting"));
        assert_eq!(refused_with(&page.handle(host, &network)), Some(OnlineErrorCode::AlreadyOnline));
        assert_eq!(made.load(Ordering::SeqCst), 1);

        // The guest opens: our click is refused until its move comes, verified by the session.
        let start = Position::start(Format::One, Rules::Tripot, Camp::B);
        let connected =
            tripot_app::online_duel::connected(GameId([7; 16]), Camp::A, Camp::B, "Bruno".into(), start);
        wire.events.lock().unwrap().push_back(NetEvent::Session(connected.unwrap()));
        let connected = view(&page.tick()).unwrap();
        assert_eq!((connected.peer.as_deref(), connected.your_turn), (Some("Bruno"), false));
        assert_eq!(refused_with(&page.handle(select.clone(), &network)), Some(OnlineErrorCode::NotYourTurn));
        let theirs = start.parse_move("e14-e13").unwrap();
        let mut after = start;
        after.play_unchecked(theirs.mv);
        let received = tripot_app::online_duel::moved(false, 1, &theirs.notation, after);
        wire.events.lock().unwrap().push_back(NetEvent::Session(received.unwrap()));
        let out = page.tick();
        assert!(matches!(&out[0], ServerMessage::OnlineMove(m) if m.notation == "e14-e13"), "shown first");
        assert!(view(&out).unwrap().your_turn);

        // Our move: only our own pawns, then it goes over the link and the turn passes.
        let not_ours = OnlineRequest::Board(BoardAction::Select { hole: "e13".into() });
        assert_eq!(refused_with(&page.handle(not_ours, &network)), Some(OnlineErrorCode::NotYourPawn));
        let picked = view(&page.handle(select, &network)).unwrap();
        assert!(picked.board.unwrap().selection.unwrap().steps.contains(&"m5".to_owned()));
        let out = page.handle(OnlineRequest::Board(BoardAction::Move { to: "m5".into() }), &network);
        assert!(matches!(&out[0], ServerMessage::OnlineMove(m) if m.notation == "m4-m5"));
        assert!(!view(&out).unwrap().your_turn);
        assert_eq!(wire.played.lock().unwrap().as_slice(), ["m4-m5"]);

        // The page closes: the session is left on purpose.
        page.close();
        assert_eq!(wire.left.load(Ordering::SeqCst), 1);
    }
}
