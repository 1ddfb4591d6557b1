//! An online table of 2–6 seats in the terminal, on the one game screen: the
//! front-end-independent [`OnlineSeats`] holds the board as the table session hands it back
//! and the seats, clocks, chat, draw, vote and hand-over beside it; here it is polled on every
//! tick, its updates become messages, and the person's keys go to it. Before the game starts
//! the screen shows the seats being taken and the invitation to share.

use tripot_app::network::RunningTable;
use tripot_app::online_board::AdoptedMove;
use tripot_app::online_seats::{LobbyWay, OnlineSeats, Opening, SeatsNotice, SeatsUpdate};
use tripot_app::table_invitation::TableInvitation;
use tripot_game::{Cell, TableSpec};
use tripot_net::room::RoomCode;
use tripot_net::table::TableOffer;
use tripot_protocol::table::Wants;

use super::game_table::first_cell;
use super::{App, Page};

/// The online table on the one game screen, with the screen's cursor and the chat's field.
#[derive(Debug)]
pub struct OnlineSeatsScreen {
    pub(crate) online: OnlineSeats,
    pub(crate) cursor: Cell,
    pub(crate) show_names: bool,
    /// A chat line being typed (`t`), sent by Enter.
    pub(crate) chat_input: Option<String>,
    /// `x` or `c` was pressed: the next key names a seat, for this question.
    pub(crate) asked: Option<SeatQuestion>,
}

/// What the next key's seat number answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatQuestion {
    /// `x`: whose chat to mute or unmute.
    Mute,
    /// `c`: which empty seat a computer takes (the host, before a game).
    Computer,
}

impl OnlineSeatsScreen {
    /// The online table.
    #[must_use]
    pub const fn online(&self) -> &OnlineSeats {
        &self.online
    }

    /// The chat line being typed, if one is.
    #[must_use]
    pub fn chat_input(&self) -> Option<&str> {
        self.chat_input.as_deref()
    }
}

impl App {
    /// The online table of 2–6 seats on the game screen, while one is open.
    #[must_use]
    pub fn online_seats(&self) -> Option<&OnlineSeatsScreen> {
        self.online_seats.as_ref()
    }

    /// Hosts an online table (`offer`, computers at these levels in the seats after ours, in a
    /// private room under `room`) and opens its screen; a failure is said on the current page.
    pub fn host_seats(&mut self, offer: TableOffer, computers: Vec<u8>, room: Option<RoomCode>) {
        let opening = Opening::Host {
            spec: TableSpec { game: offer.game.clone(), seats: offer.seats },
            table: offer.table,
            room: room.is_some(),
        };
        let Some(network) = self.network_or_say() else { return };
        match network.host_seats(offer, computers, room) {
            Ok(link) => self.open_seats(link, opening),
            Err(error) => self.say_network_error(&error),
        }
    }

    /// Hosts an online table of 3–6 seats listed in the relay's lobby (`offer`, computers at
    /// these levels) and opens its screen; a failure is said on the current page.
    pub fn host_listed(&mut self, offer: TableOffer, computers: Vec<u8>) {
        // Found in the lobby's list: no link is built (the listing derives the table's id).
        let spec = TableSpec { game: offer.game.clone(), seats: offer.seats };
        let opening = Opening::Lobby { spec, way: LobbyWay::Listed };
        let Some(network) = self.network_or_say() else { return };
        match network.host_listed(offer, computers) {
            Ok(link) => self.open_seats(link, opening),
            Err(error) => self.say_network_error(&error),
        }
    }

    /// Joins the online table of `invitation`, for a seat or to watch.
    pub fn join_seats(&mut self, invitation: TableInvitation, wants: Wants) {
        let opening = Opening::Join(invitation.clone());
        self.join_seats_as(&invitation, wants, opening);
    }

    /// Joins the online table of `invitation`, come to by `opening` (a table chosen in the
    /// lobby's list is found there, not by its invitation).
    pub(crate) fn join_seats_as(&mut self, invitation: &TableInvitation, wants: Wants, opening: Opening) {
        let Some(network) = self.network_or_say() else { return };
        match network.join_seats(invitation, wants) {
            Ok(link) => self.open_seats(link, opening),
            Err(error) => self.say_network_error(&error),
        }
    }

    /// Opens a running table on the game screen (its waiting page until the game starts).
    pub fn open_seats(&mut self, link: Box<dyn RunningTable>, opening: Opening) {
        self.cancel_requests();
        self.open_games = None;
        self.message = None;
        let online = OnlineSeats::new(link, opening);
        self.online_seats = Some(OnlineSeatsScreen {
            online,
            cursor: Cell(0),
            show_names: false,
            chat_input: None,
            asked: None,
        });
        self.page = Page::OnlineSeats;
    }

    /// On every tick: the table's events.
    pub(crate) fn poll_online_seats(&mut self) {
        let now = std::time::Instant::now();
        let Some(updates) = self.online_seats.as_mut().and_then(|s| s.online.poll(now)) else { return };
        self.apply_seats(updates);
    }

    /// Carries out what the table asks of the screen, in order.
    pub(crate) fn apply_seats(&mut self, updates: Vec<SeatsUpdate>) {
        for update in updates {
            match update {
                SeatsUpdate::Say(notice) => self.say_seats(&notice),
                SeatsUpdate::ClearMessage => self.message = None,
                SeatsUpdate::NewGame => self.seats_cursor_to_pick(),
                SeatsUpdate::Moved(AdoptedMove { events, .. }) => {
                    self.announce_table(&events);
                    self.seats_cursor_to_pick();
                }
            }
        }
    }

    fn say_seats(&mut self, notice: &SeatsNotice) {
        self.say(self.lang.seats_notice(notice), notice.strong());
    }

    /// The cursor at the person's turn on the piece of the most promising move, as at a table
    /// here (Enter, Enter plays it); otherwise to a piece the person can pick, when it is on none.
    fn seats_cursor_to_pick(&mut self) {
        let Some(screen) = &mut self.online_seats else { return };
        let Some(table) = screen.online.table() else { return };
        if table.person_to_move() || !table.pickable().contains(&screen.cursor) {
            screen.cursor = first_cell(table);
        }
    }

    /// `a`: asks once, resigns on the second press.
    pub(crate) fn seats_resign(&mut self) {
        let Some(screen) = &mut self.online_seats else { return };
        let updates = screen.online.resign();
        self.apply_seats(updates);
    }

    /// `=`: offers a draw (games of two seats).
    pub(crate) fn seats_offer_draw(&mut self) {
        if let Some(screen) = &mut self.online_seats {
            screen.online.offer_draw();
        }
    }

    /// `y` / `n` while a draw offered waits for our answer; whether there was one.
    pub(crate) fn seats_answer_draw(&mut self, accept: bool) -> bool {
        let answered = self.online_seats.as_mut().is_some_and(|s| s.online.answer_draw(accept));
        if answered {
            self.message = None;
        }
        answered
    }

    /// `r`: claims the first seat away past its grace.
    pub(crate) fn seats_claim(&mut self) {
        let Some(screen) = &mut self.online_seats else { return };
        if let Some(&seat) = screen.online.claimable().first() {
            screen.online.claim(seat);
        }
    }

    /// `v` after the game: votes for another.
    pub(crate) fn seats_vote(&mut self) {
        let Some(screen) = &mut self.online_seats else { return };
        let updates = screen.online.vote();
        self.apply_seats(updates);
    }

    /// `x`: asks which seat's chat to mute or unmute (the next key, its number).
    pub(crate) fn seats_ask_mute(&mut self) {
        let Some(screen) = &mut self.online_seats else { return };
        screen.asked = Some(SeatQuestion::Mute);
        self.say(self.lang.seats_words().mute_which, false);
    }

    /// `c`, hosting before a game with a seat free: asks which seat a computer takes, at the
    /// menu's level (the next key, its number).
    pub(crate) fn seats_ask_computer(&mut self) {
        let Some(screen) = &mut self.online_seats else { return };
        if screen.online.view(std::time::Instant::now()).computer_seats.is_empty() {
            return;
        }
        screen.asked = Some(SeatQuestion::Computer);
        let text = self.lang.computer_which(self.menu.level.number());
        self.say(text, false);
    }

    /// The key after `x` or `c`: a seat's number (from 1) answers the question; any other key
    /// (Esc) answers nothing. Seats the question cannot be about are ignored.
    pub(crate) fn seats_answer(&mut self, number: Option<u32>) {
        let Some(screen) = &mut self.online_seats else { return };
        let Some(question) = screen.asked.take() else { return };
        self.message = None;
        let view = screen.online.view(std::time::Instant::now());
        let index = number.and_then(|n| usize::try_from(n).ok()?.checked_sub(1));
        let Some(seat) = index.and_then(|i| view.seats.get(i)) else { return };
        match question {
            SeatQuestion::Mute => {
                if Some(seat.seat) == screen.online.my_seat() {
                    return;
                }
                let (seat, muted) = (seat.seat, !seat.muted);
                screen.online.mute(seat, muted);
                self.say(self.lang.seat_muted(seat, muted), false);
            }
            SeatQuestion::Computer => {
                screen.online.seat_computer(seat.seat, self.menu.level.number());
            }
        }
    }

    /// `t`: opens the chat's field.
    pub(crate) fn seats_open_chat(&mut self) {
        if let Some(screen) = &mut self.online_seats {
            screen.chat_input = Some(String::new());
        }
    }

    /// Enter in the chat's field: the line goes out; Esc drops it (`send` false).
    pub(crate) fn seats_close_chat(&mut self, send: bool) {
        let Some(screen) = &mut self.online_seats else { return };
        let Some(text) = screen.chat_input.take() else { return };
        if !send {
            return;
        }
        if let Err(notice) = screen.online.chat(&text) {
            self.say_seats(&notice);
        }
    }

    /// Any other key drops a question waiting for its second press.
    pub(crate) fn drop_seats_confirmation(&mut self) {
        if self.online_seats.as_mut().is_some_and(|s| s.online.drop_confirmation()) {
            self.message = None;
        }
    }

    /// `q`: asks once while a game is under way (it stays saved), then leaves the table.
    pub(crate) fn leave_seats(&mut self) {
        let Some(screen) = &mut self.online_seats else { return };
        if let Some(question) = screen.online.leave() {
            self.say_seats(&question);
            return;
        }
        screen.online.close();
        self.online_seats = None;
        self.back_to_menu();
    }
}
