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

use tripot_engine::{Camp, Format, Move, Notation, Position, Rules};
use tripot_net::{Ending, Multiaddr};

use super::local_game::{Game, Played};
use super::network::{Link, Matchmaking};
use super::online_notice::{Notice, Update};
use super::setup::{Mode, Setup};
pub use crate::online_connection::{Confirm, Connection, RematchOffer, Route, Side};
use crate::online_status::OnlineStatus;

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

/// An online game's state: the session's link, the duel's board side of it, and the
/// [`OnlineStatus`] every online game keeps (read through it: `online.connection`…).
pub struct Online {
    /// The session's link: commands go out on it, events come back.
    pub link: Option<Box<dyn Link>>,
    /// The connection, the opponent, the ending, the rematch…
    pub status: OnlineStatus,
    /// The camp this device plays, once the game has started.
    pub local: Option<Camp>,
    /// Our move sent to the session and not yet confirmed by its `MoveSent`: a local error
    /// that comes first is that move's refusal.
    pub unconfirmed: bool,
}

impl std::ops::Deref for Online {
    type Target = OnlineStatus;
    fn deref(&self) -> &OnlineStatus {
        &self.status
    }
}

impl std::ops::DerefMut for Online {
    fn deref_mut(&mut self) -> &mut OnlineStatus {
        &mut self.status
    }
}

impl Online {
    /// A game starting on `link` (none: one driven by events alone), opened at tick `opened_at`.
    #[must_use]
    pub fn new(side: Side, link: Option<Box<dyn Link>>, opened_at: u64) -> Online {
        Online { link, status: OnlineStatus::new(side, opened_at), local: None, unconfirmed: false }
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
        self.status.local = Some(tripot_game::Seat(u8::from(restored.local == Camp::B)));
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
        let offered = self.rematch == Some(RematchOffer::Offered);
        let Some(link) = &mut self.link else { return Vec::new() };
        if offered {
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
