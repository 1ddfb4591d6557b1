//! The online pages of the terminal game: starting a session (by address, room code, LAN, lobby
//! or quick match) and opening it on the one game screen ([`super::online_table`]), the join
//! page, and the polling of the network's lists on every tick.

use tripot_net::room::RoomCode;
use tripot_net::{Multiaddr, Start};

use super::online_table::OnlineTableScreen;
use super::{App, Page};
use tripot_app::network::{Link, Network, NetworkError};
use tripot_app::online_connection::Side;
use tripot_app::online_table::OnlineTable;
use tripot_app::table_invitation::TableInvitation;
use tripot_game::Cell;
use tripot_protocol::table::Wants;

impl App {
    /// Gives the app the network it starts sessions with (tests pass a stand-in).
    pub fn set_network(&mut self, network: Box<dyn Network>) {
        self.network = Some(network);
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

    /// Opens a session on the one game screen (none: a screen driven by events alone): its
    /// waiting page until the session's `Connected` brings the board.
    pub fn open_online(&mut self, side: Side, link: Option<Box<dyn Link>>) {
        self.cancel_requests();
        self.open_games = None;
        self.message = None;
        let online = OnlineTable::new(side, link, self.ticks);
        self.online_table = Some(OnlineTableScreen { online, cursor: Cell(0), show_names: false });
        self.page = Page::OnlineTable;
    }

    /// Leaving the online screen ends the program (`tripot host`, `join`, `lan`).
    pub fn leave_quits(&mut self) {
        self.online_only = true;
    }

    /// Opens the join page with an empty field.
    pub fn open_join(&mut self) {
        self.join_input.clear();
        self.join_wants = Wants::Seat(None);
        self.message = None;
        self.page = Page::Join;
    }

    /// Tab on the join page: a table's link steps through its seats, the first free one and
    /// watching (`backwards` for Shift+Tab).
    pub(crate) fn next_join_choice(&mut self, backwards: bool) {
        let seats = self.join_input.trim().parse::<TableInvitation>().ok().map(|i| i.spec().seats);
        self.join_wants = tripot_app::seat_choice::next_choice(self.join_wants, seats, backwards);
    }

    /// Enter on the join page: an address joins the host there.
    pub(crate) fn join_typed(&mut self) {
        let text = self.join_input.trim().to_owned();
        if text.is_empty() {
            return;
        }
        // A table of 2–6 seats by its link or its room's link.
        if text.starts_with("tripot://") {
            match text.parse::<TableInvitation>() {
                Ok(invitation) => match tripot_app::seat_choice::check(self.join_wants, invitation.spec()) {
                    Ok(wants) => self.join_seats(invitation, wants),
                    Err(error) => {
                        let words = self.lang.no_such_seat(&error);
                        self.say(format!("{} : {words}", self.lang.t().join_invalid), true);
                    }
                },
                Err(error) => {
                    let words = self.lang.invitation_error(&error);
                    self.say(format!("{} : {words}", self.lang.t().join_invalid), true);
                }
            }
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
        self.poll_online_table();
        self.poll_online_seats();
        self.poll_quick_table();
        if let Some(list) = &mut self.open_games {
            list.poll();
        }
        self.poll_ratings();
    }

    /// Starts a quick match at the relay for `game`, or any game of two seats, and opens its
    /// screen.
    pub fn start_quick(&mut self, game: Option<&tripot_game::GameSpec>) {
        let Some(network) = self.network_or_say() else { return };
        let started = tripot_app::quick_seek::two_seat_seek(game)
            .map_err(NetworkError::from)
            .and_then(|wanted| Ok((network.quick(wanted.clone())?, wanted)));
        match started {
            Ok((link, wanted)) => self.open_online(Side::Quick(wanted), Some(link)),
            Err(error) => self.say_network_error(&error),
        }
    }

    /// Why the last online game never started, when the player left it: taken once, by
    /// `tripot host|join` for its exit status.
    pub fn take_online_failure(&mut self) -> Option<tripot_app::online_notice::Warning> {
        self.online_failure.take()
    }
}
