//! Online play in the terminal game: the session as the interface sees it.
//!
//! The network runs on its own tokio task ([`tripot_net::online`]); the interface only sends
//! commands through a [`Link`] and reads back [`NetEvent`]s, polled on every tick. A [`Network`]
//! starts sessions and LAN scans ([`crate::core::network`]); tests pass their own so that every
//! screen can be driven from synthetic events.
//!
//! The local player's move is shown at once (the engine has checked it) and confirmed by the
//! session's `MoveSent`; a refusal takes it back. The opponent's moves are verified by the
//! session before they arrive here, then shown hop by hop like the computer's.

use std::time::Duration;

use tripot_engine::{Camp, Format, Move, Notation, Position, Rules};
use tripot_net::online::RoomEvent;
use tripot_net::room::RoomCode;
use tripot_net::session::Offer;
use tripot_net::{Ending, Multiaddr, NetEvent, Refuser, SessionEvent, Start};

use super::play::Animation;
use super::{App, Page};
use crate::core::local_game::{Game, Played};
use crate::core::network::{Link, Matchmaking, Network, NetworkError};
use crate::core::setup::{Mode, Setup};

/// A rematch offered once the game is over, and by whom (while no answer came).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RematchOffer {
    /// We offered; waiting for the answer.
    Asked,
    /// The opponent offered.
    Offered,
}

/// Tables shown per page of the lobby.
pub const LOBBY_PAGE: usize = 10;
/// Where the connection to the opponent stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Connection {
    /// Host: waiting for someone to join.
    Waiting,
    /// Guest: reaching the host.
    Joining,
    /// Playing.
    Connected,
    /// The link dropped; waiting for the opponent to come back.
    Reconnecting {
        /// Time waited so far.
        waited: Duration,
    },
    /// The grace period is over: the game may be claimed, or the player keeps waiting.
    GraceOver {
        /// Time waited so far.
        waited: Duration,
    },
    /// The game is over.
    Over,
    /// Quick match: waiting at the relay with this many seekers (0: not known yet).
    Seeking {
        /// Players seeking at the relay, as the relay counts them.
        players: u32,
    },
}

/// How the game's connection goes, once the network says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route {
    /// Device to device.
    Direct,
    /// Through a relay.
    Relayed,
}

/// This side's part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Side {
    /// Hosting this offer.
    Host(Offer),
    /// Joining what the player typed (an address or a room code).
    Guest(String),
    /// Seeking an opponent through the relay (quick match), for these formats.
    Quick(Option<Format>),
    /// Waiting at one's own table of the lobby.
    Table(Offer),
    /// Hosting in a private room on the relay.
    Room(Offer),
    /// Met through the relay (`tripot lobby`, `tripot quick`): waiting for the opponent.
    Relay,
    /// Resuming a saved game.
    Resume,
}

/// An action that asks for a second press.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Confirm {
    Resign,
    Leave,
}

/// The online screen's state.
pub struct Online {
    pub(crate) link: Option<Box<dyn Link>>,
    pub(crate) side: Side,
    pub(crate) connection: Connection,
    /// Addresses to share (host).
    pub(crate) addrs: Vec<Multiaddr>,
    /// The private room's code, to read aloud to a friend.
    pub(crate) room_code: Option<String>,
    pub(crate) peer_name: Option<String>,
    pub(crate) local: Option<Camp>,
    pub(crate) route: Option<Route>,
    /// The link to the relay, when one is used.
    pub(crate) relay: Option<tripot_net::online::RelayState>,
    pub(crate) ending: Option<Ending>,
    /// The last move's round trip (sent → acknowledged).
    pub(crate) round_trip: Option<Duration>,
    pub(crate) warning: Option<String>,
    /// The claim prompt is shown (until the player chooses to keep waiting).
    pub(crate) claim_prompt: bool,
    pub(crate) confirm: Option<Confirm>,
    pub(crate) rematch: Option<RematchOffer>,
    /// Our move sent to the session and not yet confirmed by its `MoveSent`: a local error
    /// that comes first is that move's refusal.
    pub(crate) unconfirmed: bool,
    /// The tick the screen opened at, for the waiting time.
    pub(crate) opened_at: u64,
}

impl Online {
    fn new(side: Side, link: Option<Box<dyn Link>>, opened_at: u64) -> Online {
        let connection = match side {
            Side::Host(_) | Side::Table(_) | Side::Room(_) => Connection::Waiting,
            Side::Guest(_) | Side::Resume | Side::Relay => Connection::Joining,
            Side::Quick(_) => Connection::Seeking { players: 0 },
        };
        Online {
            link,
            side,
            connection,
            addrs: Vec::new(),
            room_code: None,
            peer_name: None,
            local: None,
            route: None,
            relay: None,
            ending: None,
            round_trip: None,
            warning: None,
            claim_prompt: false,
            confirm: None,
            rematch: None,
            unconfirmed: false,
            opened_at,
        }
    }

    /// Where the connection stands.
    #[must_use]
    pub fn connection(&self) -> Connection {
        self.connection
    }

    /// The opponent's name, once connected.
    #[must_use]
    pub fn peer_name(&self) -> Option<&str> {
        self.peer_name.as_deref()
    }

    /// The addresses shown to share.
    #[must_use]
    pub fn addrs(&self) -> &[Multiaddr] {
        &self.addrs
    }

    /// How the game ended, once it has.
    #[must_use]
    pub fn ending(&self) -> Option<&Ending> {
        self.ending.as_ref()
    }

    /// Where a rematch stands.
    #[must_use]
    pub fn rematch(&self) -> Option<RematchOffer> {
        self.rematch
    }

    /// The route to the opponent, once the network said.
    #[must_use]
    pub fn route(&self) -> Option<Route> {
        self.route
    }

    /// Whether the local player may act on the board.
    pub(crate) fn accepts_moves(&self) -> bool {
        self.ending.is_none() && self.link.is_some()
    }

    /// Addresses in the order worth trying: the LAN's before loopback, IPv4 first.
    fn add_addr(&mut self, addr: Multiaddr) {
        if self.addrs.contains(&addr) {
            return;
        }
        self.addrs.push(addr);
        self.addrs.sort_by_key(|a| {
            let text = a.to_string();
            (text.starts_with("/ip4/127.") || text.starts_with("/ip6/::1"), text.starts_with("/ip6"))
        });
    }
}

/// The game as a restored save knows it: its set-up and moves, to show the history.
#[derive(Debug, Clone)]
pub struct Restored {
    /// This side's camp.
    pub local: Camp,
    /// Format.
    pub format: Format,
    /// Rules preset.
    pub rules: Rules,
    /// The camp that opened.
    pub opener: Camp,
    /// The opponent's name.
    pub peer_name: String,
    /// The moves played.
    pub moves: Vec<Notation>,
}

impl App {
    /// Gives the app the network it starts sessions with (tests pass a stand-in).
    pub fn set_network(&mut self, network: Box<dyn Network>) {
        self.network = Some(network);
    }

    /// The online screen's state, while one is open.
    #[must_use]
    pub fn online(&self) -> Option<&Online> {
        self.online.as_ref()
    }

    /// Starts an online session and opens its screen; a failure is said on the current page.
    pub fn start_online(&mut self, start: Start) {
        let side = match &start {
            Start::Host(offer) => Side::Host(*offer),
            Start::Join(addr) => Side::Guest(addr.to_string()),
            Start::Resume(_) => Side::Resume,
            Start::HostRoom { offer, .. } => Side::Room(*offer),
            Start::JoinRoom(code) => Side::Guest(code.to_string()),
        };
        self.start_online_as(start, side);
    }

    /// [`App::start_online`], naming what the guest typed.
    pub(crate) fn start_online_as(&mut self, start: Start, side: Side) {
        let Some(network) = self.network_or_say() else { return };
        match network.start(start) {
            Ok(link) => self.open_online(side, Some(link)),
            Err(error) => self.say_network_error(&error),
        }
    }

    /// Opens the online screen on a session (none: a screen drawn from events alone).
    pub fn open_online(&mut self, side: Side, link: Option<Box<dyn Link>>) {
        self.cancel_requests();
        self.open_games = None;
        self.game = None;
        self.game_file = None;
        self.ai = None;
        self.message = None;
        self.online = Some(Online::new(side, link, self.ticks));
        self.page = Page::Online;
    }

    /// Leaving the online screen ends the program (`tripot host`, `join`, `lan`).
    pub fn leave_quits(&mut self) {
        self.online_only = true;
    }

    /// Shows a restored game's moves before the session reconnects.
    pub fn restore_online(&mut self, restored: &Restored) {
        let setup = Setup {
            mode: Mode::Online { local: restored.local },
            format: restored.format,
            rules: restored.rules,
            opener: restored.opener,
        };
        let mut game = Game::new(setup, Position::start(restored.format, restored.rules, restored.opener));
        for notation in &restored.moves {
            let Ok(verified) = game.position().verify(notation) else { break };
            game.push(Played { mv: verified.mv, notation: verified.notation });
        }
        game.cursor_to_mover();
        game.opponent = Some(restored.peer_name.clone());
        self.game = Some(game);
        if let Some(online) = &mut self.online {
            online.local = Some(restored.local);
            online.peer_name = Some(restored.peer_name.clone());
        }
    }

    /// Opens the join page with an empty field.
    pub fn open_join(&mut self) {
        self.join_input.clear();
        self.message = None;
        self.page = Page::Join;
    }

    /// Enter on the join page: an address joins the host there.
    pub(crate) fn join_typed(&mut self) {
        let text = self.join_input.trim().to_owned();
        if text.is_empty() {
            return;
        }
        // An address starts with a slash; anything else is read as a room code.
        let start = if text.starts_with('/') {
            text.parse::<Multiaddr>().ok().map(Start::Join)
        } else {
            text.parse::<RoomCode>().ok().map(Start::JoinRoom)
        };
        match start {
            Some(start) => self.start_online(start),
            None => {
                let t = self.lang.t();
                self.say(format!("{} : {text}", t.join_invalid), true);
            }
        }
    }

    /// "Cannot play online: …", in the player's language.
    pub(super) fn say_network_error(&mut self, error: &NetworkError) {
        let text = format!("{} : {}", self.lang.t().online_failed, self.lang.network_error(error));
        self.say(text, true);
    }

    pub(super) fn network_or_say(&mut self) -> Option<&mut Box<dyn Network>> {
        if self.network.is_none() {
            match crate::core::real_network::default_network() {
                Ok(network) => self.network = Some(network),
                Err(error) => {
                    self.say_network_error(&error);
                    return None;
                }
            }
        }
        self.network.as_mut()
    }

    /// On every tick: the session's events, the LAN scan's or the lobby's results.
    pub(crate) fn poll_network(&mut self) {
        // Bounded, so that a flood of events cannot freeze the interface.
        while let Some(news) = self.online.as_mut().and_then(|o| o.link.as_mut()?.try_matchmaking()) {
            self.on_matchmaking(news);
        }
        for _ in 0..256 {
            let Some(event) = self.online.as_mut().and_then(|o| o.link.as_mut()?.try_event()) else { break };
            self.handle_net_event(event);
        }
        if let Some(list) = &mut self.open_games {
            list.poll();
        }
    }

    /// Reacts to one event of the session (the tick's poll, or a test).
    pub fn handle_net_event(&mut self, event: NetEvent) {
        let t = self.lang.t();
        let Some(online) = &mut self.online else { return };
        match event {
            NetEvent::Listening(addr) => online.add_addr(addr),
            NetEvent::Saved(_) => {}
            NetEvent::Warning(text) => online.warning = Some(text),
            NetEvent::LocalError(error) => {
                let text = self.lang.local_error(&error);
                if online.unconfirmed {
                    online.unconfirmed = false;
                    self.take_back_unconfirmed();
                    self.say(format!("{} : {text}", t.move_refused), true);
                } else {
                    // A refused resignation, claim or rematch.
                    if online.rematch == Some(RematchOffer::Asked) {
                        online.rematch = None;
                    }
                    self.say(text, true);
                }
            }
            NetEvent::Session(event) => self.on_session_event(event),
            NetEvent::Relay(state) => online.relay = Some(state),
            NetEvent::Room(RoomEvent::Open(code)) => online.room_code = Some(code.to_string()),
            NetEvent::Room(RoomEvent::Refused(why)) => {
                online.warning = Some(format!("{} : {why}", t.room_refused));
            }
            NetEvent::Room(RoomEvent::Failed(error)) => {
                // The session stopped: nothing more will come.
                online.link = None;
                let text = self.lang.room_error(&error);
                online.warning = Some(text.clone());
                self.say(format!("{} : {text}", t.online_failed), true);
            }
            NetEvent::Room(_) => {}
            NetEvent::Path(path) => {
                online.route = Some(match path {
                    tripot_net::GamePath::Direct => Route::Direct,
                    tripot_net::GamePath::Relayed => Route::Relayed,
                });
            }
            #[allow(unreachable_patterns)]
            _ => {}
        }
    }

    fn on_session_event(&mut self, event: SessionEvent) {
        let t = self.lang.t();
        let Some(online) = &mut self.online else { return };
        match event {
            SessionEvent::Connected { local_camp, opener, peer_name, position, .. } => {
                online.connection = Connection::Connected;
                online.local = Some(local_camp);
                online.peer_name = Some(peer_name.clone());
                online.claim_prompt = false;
                if let Some(game) = &mut self.game {
                    game.opponent = Some(peer_name);
                }
                let same = self.game.as_ref().is_some_and(|g| g.position().hash() == position.hash());
                if !same {
                    online.ending = None;
                    online.rematch = None;
                    online.confirm = None;
                    let setup = Setup {
                        mode: Mode::Online { local: local_camp },
                        format: position.format(),
                        rules: position.rules(),
                        opener,
                    };
                    let start = Position::start(setup.format, setup.rules, opener);
                    // A fresh game starts from the start; a resumed one we hold no moves of is
                    // shown from where it stands.
                    let mut game = Game::new(setup, if start == position { start } else { position });
                    game.opponent = online.peer_name.clone();
                    self.game = Some(game);
                }
                if !same {
                    self.message = None;
                }
                self.after_move();
            }
            SessionEvent::MoveSent { ply, notation, position } => {
                self.confirm_move(ply, &notation, &position);
            }
            SessionEvent::MoveReceived { ply, notation, position } => {
                self.receive_move(ply, &notation, &position);
            }
            SessionEvent::MoveAcknowledged { round_trip, .. } => online.round_trip = Some(round_trip),
            SessionEvent::Rejected { by, reason, ply, detail } => {
                let who = match by {
                    Refuser::Local => t.rejected_theirs,
                    Refuser::Peer => t.rejected_ours,
                };
                let at = ply.map(|p| format!(" ({} {p})", t.view_move.to_lowercase())).unwrap_or_default();
                let detail = if detail.is_empty() { String::new() } else { format!(" : {detail}") };
                let reason = self.lang.reject_reason(reason);
                self.say(format!("{who}{at} — {reason}{detail}"), true);
            }
            SessionEvent::HandshakeAborted { .. } => self.say(t.guest_left, false),
            SessionEvent::Refused { reason, detail, retry_in } => {
                let reason = self.lang.reject_reason(reason);
                let detail = if detail.is_empty() { String::new() } else { format!(" ({detail})") };
                match retry_in {
                    Some(wait) => {
                        let text =
                            format!("{} {} s : {reason}{detail}", t.host_refused_retry, wait.as_secs());
                        online.warning = Some(text);
                    }
                    None => {
                        // The session stopped: nothing more will come.
                        online.link = None;
                        let text = format!("{} : {reason}{detail}", t.host_refused);
                        online.warning = Some(text.clone());
                        self.say(text, true);
                    }
                }
            }
            SessionEvent::PeerDisconnected if online.ending.is_none() => {
                online.connection = Connection::Reconnecting { waited: Duration::ZERO };
            }
            SessionEvent::Reconnecting { waited } => {
                online.connection = match online.connection {
                    Connection::GraceOver { .. } => Connection::GraceOver { waited },
                    Connection::Over => Connection::Over,
                    _ => Connection::Reconnecting { waited },
                };
            }
            SessionEvent::GraceExpired { waited } => {
                if !matches!(online.connection, Connection::GraceOver { .. } | Connection::Over) {
                    online.claim_prompt = true;
                }
                if online.connection != Connection::Over {
                    online.connection = Connection::GraceOver { waited };
                }
            }
            SessionEvent::Resumed { .. } => {
                online.connection = Connection::Connected;
                online.claim_prompt = false;
                self.say(t.resumed, false);
            }
            SessionEvent::RematchOffered => {
                online.rematch = Some(RematchOffer::Offered);
                let name = online.peer_name.clone().unwrap_or_default();
                self.say(format!("{name} {}", t.rematch_offered), false);
            }
            SessionEvent::RematchDeclined { by } => {
                online.rematch = None;
                self.say(
                    if by == Refuser::Local { t.rematch_declined_here } else { t.rematch_declined },
                    false,
                );
            }
            SessionEvent::RematchStarted { number, .. } => {
                online.rematch = None;
                self.say(format!("{} {number}", t.rematch_started), false);
            }
            SessionEvent::GameOver(ending) => {
                online.connection = Connection::Over;
                online.claim_prompt = false;
                online.confirm = None;
                online.ending = Some(ending);
                self.finish_animation();
                if let Some(game) = &mut self.game {
                    game.selection = None;
                }
            }
            #[allow(unreachable_patterns)]
            _ => {}
        }
    }

    /// The session confirmed our move: it is normally on the board already.
    fn confirm_move(&mut self, ply: u32, notation: &Notation, after: &Position) {
        if let Some(online) = &mut self.online {
            online.unconfirmed = false;
        }
        let Some(game) = &mut self.game else { return };
        if game.moves.len() == ply as usize && game.position().hash() == after.hash() {
            return;
        }
        self.apply_remote(ply, notation, after, false);
    }

    /// The opponent's move, verified by the session: shown hop by hop, then played.
    fn receive_move(&mut self, ply: u32, notation: &Notation, after: &Position) {
        self.finish_animation();
        if *notation == Notation::Pass {
            let name = self.online.as_ref().and_then(|o| o.peer_name.clone()).unwrap_or_default();
            self.say(format!("{name} {}", self.lang.t().was_blocked), true);
        }
        self.apply_remote(ply, notation, after, true);
    }

    /// Puts a move the session holds on the board; if the board disagrees with the session,
    /// the session wins and the board restarts from its position.
    fn apply_remote(&mut self, ply: u32, notation: &Notation, after: &Position, animate: bool) {
        let Some(game) = &mut self.game else { return };
        let before = *game.position();
        let fits = game.moves.len() + 1 == ply as usize;
        let verified = before.verify(notation).ok().filter(|v| {
            let mut next = before;
            next.play_unchecked(v.mv);
            fits && next.hash() == after.hash()
        });
        match verified {
            Some(verified) => {
                let played = Played { mv: verified.mv, notation: verified.notation };
                if animate && played.mv != Move::Pass {
                    game.selection = None;
                    self.animation = Some(Animation::new(played));
                } else {
                    game.push(played);
                    self.after_move();
                }
            }
            None => {
                let mut fresh = Game::new(game.setup, *after);
                fresh.opponent = game.opponent.clone();
                self.game = Some(fresh);
                self.after_move();
            }
        }
    }

    /// A local move the session refused: taken back, if it is still the last one.
    fn take_back_unconfirmed(&mut self) {
        let Some(local) = self.online.as_ref().and_then(|o| o.local) else { return };
        let Some(game) = &mut self.game else { return };
        let n = game.moves.len();
        if n > 0 && game.mover_of(n - 1) == local {
            game.take_back(1);
            game.cursor_to_mover();
        }
    }

    /// Sends the local player's move and shows it at once.
    pub(crate) fn send_move(&mut self, played: Played) {
        let Some(online) = &mut self.online else { return };
        let Some(link) = &mut online.link else { return };
        link.play(played.notation.clone());
        online.unconfirmed = true;
        if let Some(game) = &mut self.game {
            game.push(played);
        }
        self.after_move();
    }

    /// After a move in an online game: our blocked turn is passed through the session.
    pub(crate) fn after_online_move(&mut self) {
        let Some(game) = &mut self.game else { return };
        let Some(local) = self.online.as_ref().filter(|o| o.accepts_moves()).and_then(|o| o.local) else {
            return;
        };
        let position = *game.position();
        if position.is_over() || position.turn() != local {
            return;
        }
        if position.legal_moves().as_slice() == [Move::Pass] {
            self.say(self.lang.t().you_were_blocked, true);
            self.send_move(Played { mv: Move::Pass, notation: Notation::Pass });
            return;
        }
        game.cursor_to_mover();
    }

    /// "Abandonner": asks once, resigns on the second press.
    pub(crate) fn resign_online(&mut self) {
        let t = self.lang.t();
        let Some(online) = &mut self.online else { return };
        if !online.accepts_moves() || online.local.is_none() {
            return;
        }
        if online.confirm == Some(Confirm::Resign) {
            online.confirm = None;
            if let Some(link) = &mut online.link {
                link.resign();
            }
            self.message = None;
        } else {
            online.confirm = Some(Confirm::Resign);
            self.say(t.confirm_resign, true);
        }
    }

    /// "Réclamer la partie", once the grace period is over.
    pub(crate) fn claim_online(&mut self) {
        let Some(online) = &mut self.online else { return };
        if !matches!(online.connection, Connection::GraceOver { .. }) || online.ending.is_some() {
            return;
        }
        online.claim_prompt = false;
        if let Some(link) = &mut online.link {
            link.claim();
        }
    }

    /// "Revanche" on the game-over panel: offers one, or accepts the opponent's.
    pub(crate) fn rematch_online(&mut self) {
        let Some(online) = &mut self.online else { return };
        if online.ending.is_none() || online.rematch == Some(RematchOffer::Asked) {
            return;
        }
        let Some(link) = &mut online.link else { return };
        if online.rematch == Some(RematchOffer::Offered) {
            link.answer_rematch(true);
        } else {
            link.offer_rematch();
            online.rematch = Some(RematchOffer::Asked);
            let text = self.lang.t().rematch_asked;
            self.say(text, false);
        }
    }

    /// Declines the opponent's rematch offer.
    pub(crate) fn decline_rematch(&mut self) {
        let Some(online) = &mut self.online else { return };
        if online.rematch != Some(RematchOffer::Offered) {
            return;
        }
        if let Some(link) = &mut online.link {
            link.answer_rematch(false);
        }
        online.rematch = None;
    }

    /// Quick match news: the wait at the relay, the pairing, a failure.
    fn on_matchmaking(&mut self, news: Matchmaking) {
        let Some(online) = &mut self.online else { return };
        match news {
            Matchmaking::Waiting(players) => online.connection = Connection::Seeking { players },
            Matchmaking::Matched { you_host, .. } => {
                online.connection = if you_host { Connection::Waiting } else { Connection::Joining };
            }
            Matchmaking::Failed(error) => {
                online.link = None;
                self.say_network_error(&error);
            }
        }
    }

    /// Starts a quick match at the relay and opens its screen.
    pub fn start_quick(&mut self, formats: Option<Format>) {
        let Some(network) = self.network_or_say() else { return };
        match network.quick(formats) {
            Ok(link) => self.open_online(Side::Quick(formats), Some(link)),
            Err(error) => self.say_network_error(&error),
        }
    }

    /// "Attendre encore": the claim prompt goes away; the claim stays in the panel.
    pub(crate) fn keep_waiting(&mut self) {
        if let Some(online) = &mut self.online {
            online.claim_prompt = false;
        }
    }

    /// Leaves the online screen: asks once while a game is on (it stays saved).
    pub(crate) fn leave_online(&mut self) {
        let t = self.lang.t();
        let Some(online) = &mut self.online else { return };
        let live = online.ending.is_none() && online.local.is_some();
        if live && online.confirm != Some(Confirm::Leave) {
            online.confirm = Some(Confirm::Leave);
            self.say(t.confirm_leave, true);
            return;
        }
        // Dropping the link stops the session's task.
        self.online = None;
        self.game = None;
        self.back_to_menu();
    }

    /// Any other key drops a pending confirmation.
    pub(crate) fn drop_confirmation(&mut self) {
        if let Some(online) = &mut self.online
            && online.confirm.take().is_some()
        {
            self.message = None;
        }
    }
}
