//! One page's online table of 2–6 seats, without I/O: hosting one (any game of the catalogue at
//! its seat count, computers at chosen levels, the clock, spectators, a private room), joining
//! one by its link (a seat, or to watch), and the table's actions — the board's clicks, chat,
//! mute, draw, vote, claim, resign, leave — all through the app's one controller,
//! [`OnlineSeats`]. What the page draws is [`SeatsTableView`].

use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use tripot_app::i18n::{Lang, fill};
use tripot_app::move_picker::PickAction;
use tripot_app::online_board::{AdoptedMove, OnlineBoard as _};
use tripot_app::online_seats::{ChatFrom, OnlineSeats, Opening, SeatHolderView, SeatsUpdate};
use tripot_app::table::PersonAction;
use tripot_app::table_invitation::TableInvitation;
use tripot_game::catalogue;
use tripot_game::{Cell, Seat, TableSpec};
use tripot_net::room::RoomCode;
use tripot_net::table::TableOffer;
use tripot_net::table_online::random_table_id;
use tripot_protocol::table::{Channel, ClockRule, TableId, Wants};

use super::{NetworkSlot, PageOnline};
use crate::board_messages::BoardAction;
use crate::messages::ServerMessage;
use crate::online_messages::{NoticeView, OnlineErrorCode};
use crate::online_offer::title;
use crate::online_words::{
    Refusal, bad_cell, empty_hole, game_over, network_refusal, no_chain, no_selection, not_a_destination,
    not_connected, not_now, not_online, not_your_piece, not_your_turn, refusal, words,
};
use crate::page_play::{table_move_view, table_view};
use crate::seats_messages::{ChatLine, SeatLine, SeatsTableView, VoteView};

/// A host's choice of clock, as the form sends it.
fn clock_rule(key: &str) -> Option<ClockRule> {
    Some(match key {
        "none" => ClockRule::None,
        "30" => ClockRule::PerMove { secs: 30 },
        "60" => ClockRule::PerMove { secs: 60 },
        "120" => ClockRule::PerMove { secs: 120 },
        "300" => ClockRule::PerMove { secs: 300 },
        "300+5" => ClockRule::Reserve { secs: 300, increment_secs: 5 },
        _ => return None,
    })
}

/// Whole seconds, rounded up (a clock shows 1 until it is out).
fn whole_secs(left: Duration) -> u64 {
    left.as_secs() + u64::from(left.subsec_nanos() > 0)
}

fn seats_notice(notice: &tripot_app::online_seats::SeatsNotice) -> ServerMessage {
    ServerMessage::OnlineNotice(NoticeView {
        strong: notice.strong(),
        words: words(|l| l.seats_notice(notice)),
    })
}

impl PageOnline {
    /// Hosts a table of `game` at its seat count: computers at `computers` levels in the seats
    /// right after ours, the others left to guests.
    pub(super) fn host_seats(
        &mut self,
        game: &str,
        computers: &[u8],
        clock: &str,
        spectators: bool,
        room: bool,
        network: &Mutex<NetworkSlot>,
    ) -> Result<Vec<ServerMessage>, Refusal> {
        self.not_online_yet()?;
        let Some(info) = catalogue::catalogue().iter().find(|info| info.name == game) else {
            let shown: String = game.chars().take(40).collect();
            return Err(refusal(OnlineErrorCode::UnknownGame, |l| {
                fill(l.page().online_unknown_game, &[("name", &shown)])
            }));
        };
        let Some(clock) = clock_rule(clock) else {
            return Err(refusal(OnlineErrorCode::NotNow, |l| l.page().seats_bad_clock.to_owned()));
        };
        let levels = usize::from(info.seats.saturating_sub(1));
        if computers.len() > levels || computers.iter().any(|&n| tripot_ai::Level::from_number(n).is_none()) {
            return Err(refusal(OnlineErrorCode::NotNow, |l| l.page().seats_bad_computers.to_owned()));
        }
        let room = room.then(RoomCode::random);
        let offer = TableOffer {
            table: room.as_ref().map_or_else(random_table_id, |code| TableId(code.table_id())),
            game: info.spec(),
            seats: info.seats,
            clock,
            spectators,
        };
        let opening = Opening::Host {
            spec: TableSpec { game: offer.game.clone(), seats: offer.seats },
            table: offer.table,
            room: room.is_some(),
        };
        let link = {
            let mut slot = network.lock().unwrap_or_else(PoisonError::into_inner);
            slot.get().and_then(|net| net.host_seats(offer, computers.to_vec(), room))
        };
        let link = link.map_err(|error| network_refusal(&error))?;
        self.list = None;
        self.news.clear();
        self.seats = Some(OnlineSeats::new(link, opening));
        Ok(Vec::new())
    }

    /// Joins the table of `link` (its link or its room's), for the first free seat, the `seat`
    /// chosen (from 1) or to watch.
    pub(super) fn join_seats(
        &mut self,
        link: &str,
        watch: bool,
        seat: Option<u8>,
        network: &Mutex<NetworkSlot>,
    ) -> Result<Vec<ServerMessage>, Refusal> {
        self.not_online_yet()?;
        let invitation: TableInvitation = link
            .trim()
            .parse()
            .map_err(|error| refusal(OnlineErrorCode::BadAddress, |l: Lang| l.invitation_error(&error)))?;
        let wants = match (watch, seat) {
            (true, _) => Wants::Watch,
            (false, None) => Wants::Seat(None),
            (false, Some(number)) => {
                tripot_app::seat_choice::numbered(number, invitation.spec()).map_err(|error| {
                    let (number, seats) = (error.number.to_string(), error.seats.to_string());
                    refusal(OnlineErrorCode::NoSuchSeat, |l: Lang| {
                        fill(l.page().online_no_such_seat, &[("n", &number), ("seats", &seats)])
                    })
                })?
            }
        };
        self.join_invitation(invitation, wants, network)
    }

    /// Joins the table of `invitation` as `wants` says: by its link, or from the lobby's list.
    pub(super) fn join_invitation(
        &mut self,
        invitation: TableInvitation,
        wants: Wants,
        network: &Mutex<NetworkSlot>,
    ) -> Result<Vec<ServerMessage>, Refusal> {
        let running = {
            let mut slot = network.lock().unwrap_or_else(PoisonError::into_inner);
            slot.get().and_then(|net| net.join_seats(&invitation, wants))
        };
        let running = running.map_err(|error| network_refusal(&error))?;
        self.list = None;
        self.news.clear();
        self.seats = Some(OnlineSeats::new(running, Opening::Join(invitation)));
        Ok(Vec::new())
    }

    fn seats_open(&mut self) -> Result<&mut OnlineSeats, Refusal> {
        self.seats.as_mut().ok_or_else(not_online)
    }

    /// The table's other actions, each refused when it makes no sense now.
    pub(super) fn seats_chat(&mut self, text: &str) -> Result<Vec<ServerMessage>, Refusal> {
        let seats = self.seats_open()?;
        match seats.chat(text) {
            Ok(()) => Ok(Vec::new()),
            Err(notice) => Err(refusal(OnlineErrorCode::NotNow, |l| l.seats_notice(&notice))),
        }
    }

    pub(super) fn seats_mute(&mut self, seat: u8, muted: bool) -> Result<Vec<ServerMessage>, Refusal> {
        self.seats_open()?.mute(Seat(seat), muted);
        Ok(Vec::new())
    }

    pub(super) fn seats_offer_draw(&mut self) -> Result<Vec<ServerMessage>, Refusal> {
        if !self.seats_open()?.offer_draw() {
            return Err(not_now());
        }
        Ok(Vec::new())
    }

    pub(super) fn seats_answer_draw(&mut self, accept: bool) -> Result<Vec<ServerMessage>, Refusal> {
        if !self.seats_open()?.answer_draw(accept) {
            return Err(not_now());
        }
        Ok(Vec::new())
    }

    pub(super) fn seats_vote(&mut self) -> Result<Vec<ServerMessage>, Refusal> {
        let seats = self.seats_open()?;
        if !seats.may_vote() {
            return Err(not_now());
        }
        let updates = seats.vote();
        Ok(self.apply_seats(updates))
    }

    pub(super) fn seats_claim(&mut self, seat: u8) -> Result<Vec<ServerMessage>, Refusal> {
        if !self.seats_open()?.claim(Seat(seat)) {
            return Err(not_now());
        }
        Ok(Vec::new())
    }

    /// The host gives the empty `seat` to a computer of `level` before a game.
    pub(super) fn seats_computer(&mut self, seat: u8, level: u8) -> Result<Vec<ServerMessage>, Refusal> {
        if !self.seats_open()?.seat_computer(Seat(seat), level) {
            return Err(not_now());
        }
        Ok(Vec::new())
    }

    pub(super) fn seats_resign(&mut self) -> Result<Vec<ServerMessage>, Refusal> {
        let seats = self.seats_open()?;
        if !seats.is_live() {
            return Err(game_over());
        }
        let updates = seats.resign();
        Ok(self.apply_seats(updates))
    }

    /// Leaving: a game under way asks once; then the others are told and the table closes.
    pub(super) fn seats_leave(&mut self) -> Result<Vec<ServerMessage>, Refusal> {
        let seats = self.seats_open()?;
        if let Some(question) = seats.leave() {
            return Ok(vec![seats_notice(&question)]);
        }
        seats.close();
        self.seats = None;
        self.news.clear();
        Ok(Vec::new())
    }

    /// The board's clicks at the table, as at any table: only on our turn.
    pub(super) fn seats_board(&mut self, action: BoardAction) -> Result<Vec<ServerMessage>, Refusal> {
        let seats = self.seats_open()?;
        let Some(table) = seats.table().filter(|_| seats.accepts_moves()) else {
            return Err(if seats.view(Instant::now()).end.is_some() { game_over() } else { not_connected() });
        };
        if !table.person_to_move() {
            return Err(not_your_turn());
        }
        let cell = |name: &str| -> Result<Cell, Refusal> {
            table
                .state()
                .board()
                .cells
                .iter()
                .find(|c| c.name == name)
                .map(|c| c.cell)
                .ok_or_else(|| bad_cell(name))
        };
        let picked = !table.picker().picked().is_empty();
        let action = match action {
            BoardAction::Select { hole } => {
                let at = cell(&hole)?;
                let empty = table.state().board().cell(at).is_some_and(|c| c.piece.is_none());
                while seats.cancel() {}
                return match seats.act_on(at) {
                    PersonAction::Picked(PickAction::Nothing) if empty => Err(empty_hole(&hole)),
                    PersonAction::Picked(PickAction::Nothing) => Err(not_your_piece(&hole)),
                    _ => Ok(Vec::new()),
                };
            }
            BoardAction::Path { to } => {
                let at = cell(&to)?;
                if !picked {
                    return Err(no_selection());
                }
                let m = table.preview(at).ok_or_else(|| not_a_destination(&to))?;
                let state = table.state();
                let board = state.board();
                let holes =
                    state.path(&m).iter().filter_map(|&c| board.cell(c).map(|v| v.name.clone())).collect();
                return Ok(vec![ServerMessage::OnlinePath { to, holes }]);
            }
            BoardAction::Move { to } => {
                let at = cell(&to)?;
                if !picked {
                    return Err(no_selection());
                }
                (seats.act_on(at), to)
            }
            BoardAction::Hop { to } => {
                let at = cell(&to)?;
                if !picked {
                    return Err(no_selection());
                }
                (seats.hop_on(at), to)
            }
            BoardAction::EndChain => {
                if table.picker().picked().len() < 2 {
                    return Err(no_chain());
                }
                return match seats.end_chain() {
                    PersonAction::Picked(PickAction::Nothing) => Err(no_chain()),
                    _ => Ok(Vec::new()),
                };
            }
            BoardAction::Cancel => {
                seats.cancel();
                return Ok(Vec::new());
            }
        };
        match action {
            (PersonAction::Picked(PickAction::Nothing), to) => Err(not_a_destination(&to)),
            _ => Ok(Vec::new()),
        }
    }

    /// The move warned about, played after all.
    pub(super) fn seats_confirm(&mut self) -> Result<Vec<ServerMessage>, Refusal> {
        let seats = self.seats_open()?;
        if seats.table().is_none_or(|t| t.pending().is_none()) {
            return Err(not_now());
        }
        seats.confirm_move().map_err(|_| not_your_turn())?;
        Ok(Vec::new())
    }

    /// The table's events of one tick (bounded by the controller).
    pub(super) fn tick_seats(&mut self) -> Vec<ServerMessage> {
        let Some(updates) = self.seats.as_mut().and_then(|s| s.poll(Instant::now())) else {
            return Vec::new();
        };
        self.apply_seats(updates)
    }

    /// Carries out what the table asks: notices said, each move announced before the view.
    pub(super) fn apply_seats(&mut self, updates: Vec<SeatsUpdate>) -> Vec<ServerMessage> {
        let mut out = Vec::new();
        for update in updates {
            match update {
                SeatsUpdate::Say(notice) => out.push(seats_notice(&notice)),
                SeatsUpdate::ClearMessage => out.push(ServerMessage::OnlineNotice(NoticeView {
                    strong: false,
                    words: words(|_| String::new()),
                })),
                SeatsUpdate::NewGame => self.news.clear(),
                SeatsUpdate::Moved(AdoptedMove { events, .. }) => {
                    let table = self.seats.as_ref().and_then(OnlineSeats::table);
                    if let Some((table, last)) = table.and_then(|t| Some((t, t.last_move()?))) {
                        out.push(ServerMessage::OnlineMove(table_move_view(table, &last)));
                    }
                    self.news = events;
                }
            }
        }
        out
    }

    /// The table as the page draws it.
    pub(super) fn seats_view(&self) -> Option<SeatsTableView> {
        let seats = self.seats.as_ref()?;
        let view = seats.view(Instant::now());
        let name_of = |seat: Seat| {
            view.seats.iter().find(|s| s.seat == seat).map(|s| match &s.holder {
                SeatHolderView::You { name } | SeatHolderView::Person { name } => name.clone(),
                _ => String::new(),
            })
        };
        let table = seats.table();
        Some(SeatsTableView {
            game: view.spec.game.as_str().to_owned(),
            title: title(&view.spec.game),
            number: view.game,
            started: view.started,
            seats: view
                .seats
                .iter()
                .map(|s| SeatLine {
                    seat: s.seat.0,
                    holder: match s.holder {
                        SeatHolderView::Empty => "empty",
                        SeatHolderView::You { .. } => "you",
                        SeatHolderView::Person { .. } => "person",
                        SeatHolderView::Computer { .. } => "computer",
                    }
                    .to_owned(),
                    words: words(|l| l.seat_holder(&s.holder)),
                    away: s.away,
                    claimable: s.claimable,
                    host: s.host,
                    clock_secs: s.clock.map(|c| whole_secs(c.left)),
                    clock_running: s.clock.is_some_and(|c| c.running),
                    muted: s.muted,
                })
                .collect(),
            my_seat: view.my_seat.map(|s| s.0),
            to_move: view.to_move.map(|s| s.0),
            your_turn: seats.accepts_moves() && table.is_some_and(|t| t.person_to_move()),
            clock: words(|l| l.clock_rule(view.clock)),
            spectators: view.spectators,
            hosting: view.hosting,
            computer_seats: view.computer_seats.iter().map(|s| s.0).collect(),
            invitation: view.invitation.clone(),
            watching: (view.watching > 0).then(|| words(|l| l.spectators_watching(view.watching))),
            chat: view
                .chat
                .iter()
                .map(|line| {
                    let (seat, you) = match &line.from {
                        ChatFrom::You => (None, true),
                        ChatFrom::Seat { seat, .. } => (Some(seat.0), false),
                        ChatFrom::Spectator => (None, false),
                    };
                    ChatLine {
                        channel: match line.channel {
                            Channel::Players => "players",
                            Channel::Spectators => "spectators",
                        }
                        .to_owned(),
                        seat,
                        you,
                        from: words(|l| match &line.from {
                            ChatFrom::You => l.page().you.to_owned(),
                            ChatFrom::Seat { seat, name } => {
                                name_of(*seat).filter(|n| !n.is_empty()).unwrap_or_else(|| {
                                    if name.is_empty() {
                                        l.seat_label(seat.index() + 1)
                                    } else {
                                        name.clone()
                                    }
                                })
                            }
                            ChatFrom::Spectator => l.seats_words().spectator.to_owned(),
                        }),
                        text: line.text.clone(),
                    }
                })
                .collect(),
            draw_offer: view.draw_offer.map(|s| s.0),
            may_offer_draw: seats.may_offer_draw(),
            may_answer_draw: seats.may_answer_draw(),
            may_vote: seats.may_vote(),
            claimable: seats.claimable().into_iter().map(|s| s.0).collect(),
            end: view.end.as_ref().zip(table).map(|(outcome, table)| {
                words(|l| l.outcome_reason(table.state(), outcome, &|seat| l.table_seat(table, seat)))
            }),
            vote: view.rematch.as_ref().map(|r| VoteView {
                votes: r.votes.iter().map(|s| s.0).collect(),
                voted: r.voted,
                secs_left: whole_secs(r.left),
            }),
            board: table.map(|t| Box::new(table_view(t, false, &self.news))),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_form_s_clocks_are_the_terminal_s_and_nothing_else() {
        assert_eq!(clock_rule("none"), Some(ClockRule::None));
        assert_eq!(clock_rule("30"), Some(ClockRule::PerMove { secs: 30 }));
        assert_eq!(clock_rule("300+5"), Some(ClockRule::Reserve { secs: 300, increment_secs: 5 }));
        assert_eq!(clock_rule("7"), None);
        assert_eq!(clock_rule(""), None);
    }

    #[test]
    fn a_clock_shows_whole_seconds_rounded_up() {
        assert_eq!(whole_secs(Duration::from_millis(0)), 0);
        assert_eq!(whole_secs(Duration::from_millis(1)), 1);
        assert_eq!(whole_secs(Duration::from_millis(29_001)), 30);
        assert_eq!(whole_secs(Duration::from_secs(30)), 30);
    }
}
