//! The online pages of the terminal game: starting a session and opening its screen, the join
//! page, and the glue between the screen and the front-end-independent
//! [`tripot_app::online_game`] — events polled on every tick go in, [`Update`]s come out and
//! become messages (worded by [`crate::i18n`]), moves shown hop by hop, turns handed on.

use tripot_net::room::RoomCode;
use tripot_net::{Multiaddr, NetEvent, SessionEvent, Start};

use super::play::Animation;
use super::{App, Page};
use tripot_app::local_game::Played;
use tripot_app::network::{Link, Network, NetworkError};
use tripot_app::online_game::{Online, Restored, Side};
use tripot_app::online_notice::Update;

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
            Start::Host(offer) => Side::Host(offer.clone()),
            Start::Join(addr) => Side::Guest(addr.to_string()),
            Start::Resume(_) => Side::Resume,
            Start::HostRoom { offer, .. } => Side::Room(offer.clone()),
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
        if let Some(online) = &mut self.online {
            self.game = Some(online.restore(restored));
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
            match tripot_app::real_network::default_network() {
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
            let Some(online) = &mut self.online else { break };
            let updates = online.on_matchmaking(news);
            self.apply(updates);
        }
        for _ in 0..256 {
            let Some(event) = self.online.as_mut().and_then(|o| o.link.as_mut()?.try_event()) else { break };
            self.handle_net_event(event);
        }
        if let Some(list) = &mut self.open_games {
            list.poll();
        }
        self.poll_ratings();
    }

    /// Reacts to one event of the session (the tick's poll, or a test).
    pub fn handle_net_event(&mut self, event: NetEvent) {
        if let Some(screen) = &mut self.online_table {
            let updates = screen.online.on_event(event);
            self.apply_online(updates);
            return;
        }
        if self.hands_over(&event) {
            self.hand_over(event);
            return;
        }
        if self.online.is_none() {
            return;
        }
        // The opponent's previous move, if still shown hop by hop, is played before the next.
        if matches!(event, NetEvent::Session(SessionEvent::MoveReceived { .. })) {
            self.finish_animation();
        }
        let Some(online) = &mut self.online else { return };
        let updates = online.on_event(event, &mut self.game);
        self.apply(updates);
    }

    /// Carries out what the online game asks of the screen, in order.
    fn apply(&mut self, updates: Vec<Update>) {
        for update in updates {
            match update {
                Update::Say(notice) => {
                    let strong = notice.strong();
                    self.say(self.lang.notice(&notice), strong);
                }
                Update::ClearMessage => self.message = None,
                Update::Animate(played) => self.animation = Some(Animation::new(played)),
                Update::FinishAnimation => self.finish_animation(),
                Update::BoardChanged => self.after_move(),
            }
        }
    }

    /// Sends the local player's move and shows it at once.
    pub(crate) fn send_move(&mut self, played: Played) {
        let Some(online) = &mut self.online else { return };
        let updates = online.send_move(&mut self.game, played);
        self.apply(updates);
    }

    /// After a move in an online game: our blocked turn is passed through the session.
    pub(crate) fn after_online_move(&mut self) {
        let Some(online) = &mut self.online else { return };
        let updates = online.after_move(&mut self.game);
        self.apply(updates);
    }

    /// "Abandonner": asks once, resigns on the second press.
    pub(crate) fn resign_online(&mut self) {
        let Some(online) = &mut self.online else { return };
        let updates = online.resign();
        self.apply(updates);
    }

    /// "Réclamer la partie", once the grace period is over.
    pub(crate) fn claim_online(&mut self) {
        if let Some(online) = &mut self.online {
            online.claim();
        }
    }

    /// "Revanche" on the game-over panel: offers one, or accepts the opponent's.
    pub(crate) fn rematch_online(&mut self) {
        let Some(online) = &mut self.online else { return };
        let updates = online.rematch_or_accept();
        self.apply(updates);
    }

    /// Declines the opponent's rematch offer.
    pub(crate) fn decline_rematch(&mut self) {
        if let Some(online) = &mut self.online {
            online.decline_rematch();
        }
    }

    /// Starts a quick match at the relay and opens its screen.
    pub fn start_quick(&mut self, formats: Option<tripot_engine::Format>) {
        let Some(network) = self.network_or_say() else { return };
        match tripot_app::online_duel::quick_seek(formats).and_then(|wanted| network.quick(wanted)) {
            Ok(link) => self.open_online(Side::Quick(formats), Some(link)),
            Err(error) => self.say_network_error(&error),
        }
    }

    /// "Attendre encore": the claim prompt goes away; the claim stays in the panel.
    pub(crate) fn keep_waiting(&mut self) {
        if let Some(online) = &mut self.online {
            online.keep_waiting();
        }
    }

    /// Leaves the online screen: asks once while a game is on (it stays saved).
    pub(crate) fn leave_online(&mut self) {
        let Some(online) = &mut self.online else { return };
        if let Some(question) = online.leave() {
            self.apply(vec![Update::Say(question)]);
            return;
        }
        let failure = online.failure();
        // A live game left on purpose: the opponent is told, so it does not wait for a
        // reconnection (the session tells only when a game is on and the link up).
        if let Some(link) = online.link.as_mut() {
            link.leave();
        }
        // Dropping the link stops the session's task.
        self.online = None;
        self.game = None;
        self.back_to_menu();
        // The menu says why no game took place; `tripot host|join` exits with it (status 1).
        if let Some(warning) = failure {
            self.say(format!("{} : {}", self.lang.t().online_failed, self.lang.failure(&warning)), true);
            self.online_failure = Some(warning);
        }
    }

    /// Why the last online game never started, when the player left it: taken once, by
    /// `tripot host|join` for its exit status.
    pub fn take_online_failure(&mut self) -> Option<tripot_app::online_notice::Warning> {
        self.online_failure.take()
    }

    /// Any other key drops a pending confirmation.
    pub(crate) fn drop_confirmation(&mut self) {
        if self.online.as_mut().is_some_and(Online::drop_confirmation) {
            self.message = None;
        }
    }
}
