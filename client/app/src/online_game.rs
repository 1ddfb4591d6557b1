//! An online game as any front-end sees it: the session's events turned into state, and the
//! player's actions turned into commands on the [`Link`].
//!
//! The network runs on its own tokio task ([`tripot_net::online`]); the front-end only sends
//! commands through a [`Link`] and hands back the [`tripot_net::NetEvent`]s it polls to
//! [`Online::on_event`].
//! Each step returns [`Update`]s ([`super::online_notice`]): what to tell the player (a typed
//! [`Notice`], worded by the front-end in the player's language), a move to show hop by hop, a
//! board that changed.
//!
//! The local player's move is shown at once (the engine has checked it) and confirmed by the
//! session's `MoveSent`; a refusal takes it back. The opponent's moves are verified by the
//! session before they arrive here; if the board ever disagrees with the session, the session
//! wins and the board restarts from its position.

use std::time::Duration;

use tripot_engine::{Camp, Format, Move, Notation, Position, Rules};
use tripot_net::online::RelayState;
use tripot_net::{Ending, Multiaddr};

use super::local_game::{Game, Played};
use super::network::{Link, Matchmaking};
use super::online_notice::{Notice, Update, Warning};
use super::setup::{Mode, Setup};
pub use crate::online_connection::{Confirm, Connection, RematchOffer, Route, Side};

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

/// An online game's state: the session's link, the connection, the opponent, the ending.
pub struct Online {
    /// The session's link: commands go out on it, events come back.
    pub link: Option<Box<dyn Link>>,
    /// Whether this device hosts or joined.
    pub side: Side,
    /// Where the connection to the opponent stands.
    pub connection: Connection,
    /// Addresses to share (host).
    pub addrs: Vec<Multiaddr>,
    /// The private room's code, to read aloud to a friend.
    pub room_code: Option<String>,
    /// The opponent's name, once it has said it.
    pub peer_name: Option<String>,
    /// The camp this device plays, once the game has started.
    pub local: Option<Camp>,
    /// How the opponent is reached (direct, through the relay).
    pub route: Option<Route>,
    /// The link to the relay, when one is used.
    pub relay: Option<RelayState>,
    /// How the game or the session ended, once it has.
    pub ending: Option<Ending>,
    /// The last move's round trip (sent → acknowledged).
    pub round_trip: Option<Duration>,
    /// The last problem of the network or the room that did not end the game.
    pub warning: Option<Warning>,
    /// The claim prompt is shown (until the player chooses to keep waiting).
    pub claim_prompt: bool,
    /// The opponent said it left on purpose: the wait is for its return, not a reconnection.
    pub peer_left: bool,
    /// A question waiting for the player's yes or no.
    pub confirm: Option<Confirm>,
    /// A rematch offered, by either side.
    pub rematch: Option<RematchOffer>,
    /// Our move sent to the session and not yet confirmed by its `MoveSent`: a local error
    /// that comes first is that move's refusal.
    pub unconfirmed: bool,
    /// The front-end's clock (its tick) when the game opened, for the waiting time.
    pub opened_at: u64,
    /// Where the session last saved the game (what `--resume` takes).
    pub saved_to: Option<std::path::PathBuf>,
}

impl Online {
    /// A game starting on `link` (none: one driven by events alone), opened at tick `opened_at`.
    #[must_use]
    pub fn new(side: Side, link: Option<Box<dyn Link>>, opened_at: u64) -> Online {
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
            peer_left: false,
            confirm: None,
            rematch: None,
            unconfirmed: false,
            opened_at,
            saved_to: None,
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
    #[must_use]
    pub fn accepts_moves(&self) -> bool {
        self.ending.is_none() && self.link.is_some()
    }

    /// Addresses in the order worth trying: the LAN's before loopback, IPv4 first.
    pub(super) fn add_addr(&mut self, addr: Multiaddr) {
        if self.addrs.contains(&addr) {
            return;
        }
        self.addrs.push(addr);
        self.addrs.sort_by_key(|a| {
            let text = a.to_string();
            (text.starts_with("/ip4/127.") || text.starts_with("/ip6/::1"), text.starts_with("/ip6"))
        });
    }

    /// The board of a restored save, before the session reconnects.
    #[must_use]
    pub fn restore(&mut self, restored: &Restored) -> Game {
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
        self.local = Some(restored.local);
        self.peer_name = Some(restored.peer_name.clone());
        game
    }

    /// Sends the local player's move and shows it at once.
    pub fn send_move(&mut self, game: &mut Option<Game>, played: Played) -> Vec<Update> {
        let Some(link) = &mut self.link else { return Vec::new() };
        link.play(played.notation.to_string());
        self.unconfirmed = true;
        if let Some(game) = game {
            game.push(played);
        }
        vec![Update::BoardChanged]
    }

    /// After a move: our blocked turn is passed through the session; else the cursor goes to
    /// the side to move.
    pub fn after_move(&mut self, game: &mut Option<Game>) -> Vec<Update> {
        let Some(board) = game.as_mut() else { return Vec::new() };
        let Some(local) = self.local.filter(|_| self.accepts_moves()) else { return Vec::new() };
        let position = *board.position();
        if position.is_over() || position.turn() != local {
            return Vec::new();
        }
        if position.legal_moves().as_slice() == [Move::Pass] {
            let mut updates = vec![Update::Say(Notice::YouWereBlocked)];
            updates.extend(self.send_move(game, Played { mv: Move::Pass, notation: Notation::Pass }));
            return updates;
        }
        board.cursor_to_mover();
        Vec::new()
    }

    /// "Abandonner": asks once, resigns on the second press.
    pub fn resign(&mut self) -> Vec<Update> {
        if !self.accepts_moves() || self.local.is_none() {
            return Vec::new();
        }
        if self.confirm == Some(Confirm::Resign) {
            self.confirm = None;
            if let Some(link) = &mut self.link {
                link.resign();
            }
            vec![Update::ClearMessage]
        } else {
            self.confirm = Some(Confirm::Resign);
            vec![Update::Say(Notice::ConfirmResign)]
        }
    }

    /// "Réclamer la partie", once the grace period is over.
    pub fn claim(&mut self) {
        if !matches!(self.connection, Connection::GraceOver { .. }) || self.ending.is_some() {
            return;
        }
        self.claim_prompt = false;
        if let Some(link) = &mut self.link {
            link.claim();
        }
    }

    /// "Revanche" once the game is over: offers one, or accepts the opponent's.
    pub fn rematch_or_accept(&mut self) -> Vec<Update> {
        if self.ending.is_none() || self.rematch == Some(RematchOffer::Asked) {
            return Vec::new();
        }
        let Some(link) = &mut self.link else { return Vec::new() };
        if self.rematch == Some(RematchOffer::Offered) {
            link.answer_rematch(true);
            return Vec::new();
        }
        link.offer_rematch();
        self.rematch = Some(RematchOffer::Asked);
        vec![Update::Say(Notice::RematchAsked)]
    }

    /// Declines the opponent's rematch offer.
    pub fn decline_rematch(&mut self) {
        if self.rematch != Some(RematchOffer::Offered) {
            return;
        }
        if let Some(link) = &mut self.link {
            link.answer_rematch(false);
        }
        self.rematch = None;
    }

    /// "Attendre encore": the claim prompt goes away; the claim stays in the panel.
    pub fn keep_waiting(&mut self) {
        self.claim_prompt = false;
    }

    /// Leaving: a live game asks once (it stays saved); `None` when the front-end may leave.
    pub fn leave(&mut self) -> Option<Notice> {
        let live = self.ending.is_none() && self.local.is_some();
        if live && self.confirm != Some(Confirm::Leave) {
            self.confirm = Some(Confirm::Leave);
            let host = self.local == Some(Camp::A);
            return Some(Notice::ConfirmLeave { saved: self.saved_to.clone(), host });
        }
        None
    }

    /// Why the game never started, if the player leaves now: the session stopped on a failure,
    /// or it was still failing to reach the opponent. `None` once a game was on.
    #[must_use]
    pub fn failure(&self) -> Option<Warning> {
        use tripot_net::online::NetWarning as W;
        if self.local.is_some() {
            return None;
        }
        self.warning.clone().filter(|warning| match warning {
            Warning::RoomFailed(_) | Warning::HostRefused { .. } => true,
            Warning::Net(net) => {
                matches!(net, W::DialFailed { .. } | W::StreamFailed(_) | W::TableRefused(_))
            }
            Warning::RelayBusy | Warning::RoomRefused(_) => false,
        })
    }

    /// Any other action drops a pending confirmation; true if there was one.
    pub fn drop_confirmation(&mut self) -> bool {
        self.confirm.take().is_some()
    }

    /// Quick match news: the wait at the relay, the pairing, a failure.
    pub fn on_matchmaking(&mut self, news: Matchmaking) -> Vec<Update> {
        match news {
            Matchmaking::Waiting(players) => self.connection = Connection::Seeking { players },
            Matchmaking::Matched { you_host, .. } => {
                self.connection = if you_host { Connection::Waiting } else { Connection::Joining };
            }
            Matchmaking::Failed(error) => {
                self.link = None;
                return vec![Update::Say(Notice::NetworkFailed(error))];
            }
        }
        Vec::new()
    }
}
