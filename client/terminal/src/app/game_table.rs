//! Playing any game at the one table ([`tripot_app::table::Table`]) in the terminal: the turn
//! loop carried out (the automatic passes, the computers' searches on their threads, their
//! answers back as events, stale ones dropped), what each move brought announced, the table
//! saved after every move, undo, hint, a rematch. Nothing here names a game: the screen draws
//! the table's `BoardView` (`ui/game_table.rs`) and the keys act on its cells.

use tripot_app::game_file::GameFile;
use tripot_app::online_board::OnlineBoard;
use tripot_app::save_store::SaveStore;
use tripot_app::seat_kind::SeatKind;
use tripot_app::table::{PersonAction, Table, TableMoveError, Turn};
use tripot_app::table_computer::{Answer, Answered, SearchKind};
use tripot_app::table_event::TableEvent;
use tripot_game::{Cell, GameState};

use super::move_animation::MoveAnimation;
use super::{App, Page};
use crate::event::Event;

/// A table being played on this screen, with what the screen adds to it.
#[derive(Debug)]
pub struct GameTable {
    pub(crate) table: Table,
    /// The keyboard's cursor.
    pub(crate) cursor: Cell,
    /// Request number of the computer's move being searched.
    pub(crate) thinking: Option<u64>,
    /// Request number of the hint being searched.
    pub(crate) hint_request: Option<u64>,
    /// The cells' names (the draughts squares' numbers) shown.
    pub(crate) show_names: bool,
    /// A computer's move being shown hop by hop before it is played.
    pub(crate) animation: Option<MoveAnimation>,
}

impl GameTable {
    /// The table.
    #[must_use]
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The keyboard's cursor.
    #[must_use]
    pub const fn cursor(&self) -> Cell {
        self.cursor
    }

    /// Whether the cells' names are shown.
    #[must_use]
    pub const fn shows_names(&self) -> bool {
        self.show_names
    }

    /// Whether a computer is searching its move.
    #[must_use]
    pub const fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// Whether a computer's move is being shown hop by hop.
    #[must_use]
    pub const fn is_animating(&self) -> bool {
        self.animation.is_some()
    }
}

/// The table the game screen shows, as it draws it: one played here, or an online game's.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Shown<'a> {
    /// The table.
    pub(crate) table: &'a Table,
    /// The keyboard's cursor.
    pub(crate) cursor: Cell,
    /// A computer is searching its move, or showing it.
    pub(crate) thinking: bool,
    /// The computer's move being shown: the cells it reached so far.
    pub(crate) moving: Option<&'a [Cell]>,
    /// The cells' names are shown.
    pub(crate) show_names: bool,
    /// The online game, when the table is one.
    pub(crate) online: Option<&'a tripot_app::online_table::OnlineTable>,
    /// The online table of 2–6 seats, when the table is one.
    pub(crate) seats: Option<&'a tripot_app::online_seats::OnlineSeats>,
}

impl<'a> Shown<'a> {
    /// A board played online: no computer searches here, and a move shows when the session
    /// hands it back.
    fn online_board(table: &'a Table, cursor: Cell, show_names: bool) -> Shown<'a> {
        Shown { table, cursor, thinking: false, moving: None, show_names, online: None, seats: None }
    }
}

/// What a person does on the game screen's board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum TableAct {
    /// Enter or a click on a cell.
    On(Cell),
    /// Space or a shift-click: one hop only.
    Hop(Cell),
    /// "Fin du saut".
    EndChain,
    /// A move typed in the game's notation.
    Typed(String),
    /// Yes to the move the game warned about.
    Confirm,
    /// Enter on the hinted piece: the hint played.
    PlayHint,
}

/// The cell the cursor starts on: the piece of the most promising move, else the first of the
/// board.
pub(crate) fn first_cell(table: &Table) -> Cell {
    table
        .most_promising_piece()
        .or_else(|| table.state().board().cells.first().map(|c| c.cell))
        .unwrap_or(Cell(0))
}

impl App {
    /// The table of any game being played or last played.
    #[must_use]
    pub fn game_table(&self) -> Option<&GameTable> {
        self.game_table.as_ref()
    }

    /// The keyboard's cursor on the table shown (here or online).
    #[must_use]
    pub fn table_cursor(&self) -> Option<Cell> {
        self.shown().map(|s| s.cursor)
    }

    /// The table the game screen shows (the local one, or the online game's on the online
    /// table's page).
    pub(crate) fn shown(&self) -> Option<Shown<'_>> {
        if self.page == Page::OnlineTable {
            let screen = self.online_table.as_ref()?;
            let board = Shown::online_board(screen.online.table()?, screen.cursor, screen.show_names);
            return Some(Shown { online: Some(&screen.online), ..board });
        }
        if self.page == Page::OnlineSeats {
            let screen = self.online_seats.as_ref()?;
            let board = Shown::online_board(screen.online.table()?, screen.cursor, screen.show_names);
            return Some(Shown { seats: Some(&screen.online), ..board });
        }
        let screen = self.game_table.as_ref()?;
        Some(Shown {
            table: &screen.table,
            cursor: screen.cursor,
            thinking: screen.thinking.is_some() || screen.animation.is_some(),
            moving: screen.animation.as_ref().map(MoveAnimation::shown),
            show_names: screen.show_names,
            online: None,
            seats: None,
        })
    }

    /// The shown table's cursor and names switch, to change them.
    pub(crate) fn shown_view_mut(&mut self) -> Option<(&mut Cell, &mut bool)> {
        if self.page == Page::OnlineTable {
            let screen = self.online_table.as_mut()?;
            return Some((&mut screen.cursor, &mut screen.show_names));
        }
        if self.page == Page::OnlineSeats {
            let screen = self.online_seats.as_mut()?;
            return Some((&mut screen.cursor, &mut screen.show_names));
        }
        let screen = self.game_table.as_mut()?;
        Some((&mut screen.cursor, &mut screen.show_names))
    }

    /// Whether the shown table is played online (of two seats or of 2–6).
    fn shows_online_board(&self) -> bool {
        matches!(self.page, Page::OnlineTable | Page::OnlineSeats)
    }

    /// The online board shown, if there is one.
    fn online_board(&mut self) -> Option<&mut dyn OnlineBoard> {
        match self.page {
            Page::OnlineTable => self.online_table.as_mut().map(|s| &mut s.online as &mut dyn OnlineBoard),
            Page::OnlineSeats => self.online_seats.as_mut().map(|s| &mut s.online as &mut dyn OnlineBoard),
            _ => None,
        }
    }

    /// A person's act on the shown table: played here, or sent to the online session.
    pub(crate) fn table_act(&mut self, act: TableAct) {
        if self.shows_online_board() {
            let Some(online) = self.online_board() else { return };
            let result = match act {
                TableAct::On(cell) => Ok(online.act_on(cell)),
                TableAct::Hop(cell) => Ok(online.hop_on(cell)),
                TableAct::EndChain => Ok(online.end_chain()),
                TableAct::Typed(text) => online.typed_move(&text),
                TableAct::Confirm => online.confirm_move(),
                // Online games have no hint.
                TableAct::PlayHint => return,
            };
            self.table_person(result);
            return;
        }
        if self.game_table_busy() {
            return;
        }
        let Some(screen) = &mut self.game_table else { return };
        let table = &mut screen.table;
        let result = match act {
            TableAct::On(cell) => Ok(table.act_on(cell)),
            TableAct::Hop(cell) => Ok(table.hop_on(cell)),
            TableAct::EndChain => Ok(table.end_chain()),
            TableAct::Typed(text) => table.typed_move(&text),
            TableAct::Confirm => match table.confirm() {
                Some(result) => result,
                None => return,
            },
            TableAct::PlayHint => match table.hint().cloned() {
                Some(m) => table.offer(m),
                None => return,
            },
        };
        self.table_person(result);
    }

    /// Esc on the shown table: drops a move waiting for confirmation, the last hop or the piece.
    pub(crate) fn table_cancel(&mut self) -> bool {
        if self.shows_online_board() {
            return self.online_board().is_some_and(|online| online.cancel());
        }
        self.game_table.as_mut().is_some_and(|s| s.table.cancel())
    }

    /// Where the last frame drew `cell` of the table's board (column, line), for clicking on it.
    #[must_use]
    pub fn cell_place(&self, cell: Cell) -> Option<(u16, u16)> {
        self.hits.cells.as_ref()?.place_of(cell)
    }

    /// Starts a table of `state` with a kind per seat, saved in the store if there is one.
    pub fn start_game_table(&mut self, state: Box<dyn GameState>, seats: Vec<SeatKind>, seed: u64) {
        match Table::new(state, seats, seed) {
            Ok(mut table) => {
                // Claimed now: no other game started in the same second can take the file.
                match self.store.as_ref().map(SaveStore::claim_game_file) {
                    Some(Ok(file)) => self.save_into(&mut table, file),
                    Some(Err(error)) => {
                        let text =
                            format!("{} : {}", self.lang.t().save_failed, self.lang.save_error(&error));
                        self.say(text, true);
                    }
                    None => {}
                }
                self.play_game_table(table);
            }
            Err(error) => self.say(error.to_string(), true),
        }
    }

    fn save_into(&mut self, table: &mut Table, file: GameFile) {
        if let Err(error) = table.save_to(file) {
            let text = format!("{} : {}", self.lang.t().save_failed, self.lang.save_error(&error));
            self.say(text, true);
        }
    }

    /// Plays (or resumes) `table` on the game table's screen.
    pub fn play_game_table(&mut self, table: Table) {
        self.cancel_requests();
        let cursor = first_cell(&table);
        self.game_table = Some(GameTable {
            table,
            cursor,
            thinking: None,
            hint_request: None,
            show_names: self.preferences.show_names,
            animation: None,
        });
        self.page = Page::GameTable;
        self.message = None;
        self.after_table_change(Vec::new());
    }

    /// After a move (or at the start): the automatic passes, then the computer's search or the
    /// person's turn; what happened is announced, a failed save said.
    pub(crate) fn after_table_change(&mut self, mut events: Vec<TableEvent>) {
        let Some(screen) = &mut self.game_table else { return };
        let (turn, more) = screen.table.next_turn();
        events.extend(more);
        // Each turn starts on the most promising piece: Enter, `d`, Enter plays its best move.
        if let Turn::Person(_) = turn {
            screen.cursor = first_cell(&screen.table);
        }
        let save_error = screen.table.take_save_error();
        self.announce_table(&events);
        if let Some(error) = save_error {
            let text = format!("{} : {}", self.lang.t().save_failed, self.lang.save_error(&error));
            self.say(text, true);
        }
        if let Turn::Computer(_) = turn {
            self.request += 1;
            let request = self.request;
            let sender = self.sender.clone();
            let Some(screen) = &mut self.game_table else { return };
            if screen.table.search_computer_move(move |answer| {
                let _ = sender.send(Event::TableAnswer { request, answer });
            }) {
                screen.thinking = Some(request);
            }
        }
    }

    /// Says what the moves brought.
    pub(crate) fn announce_table(&mut self, events: &[TableEvent]) {
        let Some(shown) = self.shown() else { return };
        let table = shown.table;
        let lang = self.lang;
        let s = lang.s();
        let words: Vec<String> = events
            .iter()
            .filter_map(|event| match *event {
                TableEvent::Passed(seat) => Some(format!("{} {}", lang.table_seat(table, seat), s.passed)),
                TableEvent::Finished { seat, place: Some(place) } => {
                    Some(format!("{} {} {}", lang.table_seat(table, seat), s.takes, lang.place(place)))
                }
                TableEvent::Finished { seat, place: None } => {
                    Some(format!("{} {}", lang.table_seat(table, seat), s.finished_waits))
                }
                TableEvent::Eliminated { seat, .. } => {
                    Some(format!("{} {}", lang.table_seat(table, seat), s.is_eliminated))
                }
                TableEvent::Left { seat, how } => {
                    Some(format!("{} {}", lang.table_seat(table, seat), lang.leaving(how)))
                }
                TableEvent::Captured { seat, pieces } => {
                    Some(format!("{} {} {pieces}", lang.table_seat(table, seat), s.took))
                }
                // The end has its own panel.
                TableEvent::Over(_) => None,
            })
            .collect();
        if !words.is_empty() {
            self.say(words.join(" · "), true);
        }
    }

    /// What a person's pick, typed move or confirmation did.
    pub(crate) fn table_person(&mut self, action: Result<PersonAction, TableMoveError>) {
        let t = self.lang.t();
        match action {
            Ok(PersonAction::Played(events)) => {
                self.message = None;
                self.after_table_change(events);
            }
            // The confirmation panel asks.
            Ok(PersonAction::Confirm(..)) => self.message = None,
            Ok(PersonAction::Picked(tripot_app::move_picker::PickAction::Selected)) => {
                let any = self.shown().is_some_and(|s| s.table.targets().any());
                self.say(if any { t.choose_destination } else { t.no_destination }, false);
                self.cursor_to_best_target();
            }
            Ok(PersonAction::Picked(tripot_app::move_picker::PickAction::Hopped)) => {
                self.say(t.chain_running, false);
                self.cursor_to_best_target();
            }
            Ok(PersonAction::Picked(tripot_app::move_picker::PickAction::Deselected)) => self.message = None,
            Ok(PersonAction::Sent(_)) => self.message = None,
            Ok(PersonAction::Picked(_)) => {}
            Err(error) => {
                let text = format!("{} : {}", t.move_refused, self.lang.table_refusal(&error));
                self.say(text, true);
            }
        }
    }

    /// The cursor to the picked piece's most promising target, so that a second Enter plays
    /// the best move (`d` goes on to the next).
    fn cursor_to_best_target(&mut self) {
        let best = self.shown().and_then(|s| s.table.targets_by_promise().first().copied());
        if let (Some(best), Some((cursor, _))) = (best, self.shown_view_mut()) {
            *cursor = best;
        }
    }

    /// A search's answer: the computer's move played, or the hint shown; a stale one dropped.
    pub(crate) fn on_table_answer(&mut self, request: u64, answer: Answer) {
        let Some(screen) = &mut self.game_table else { return };
        if screen.thinking == Some(request) {
            screen.thinking = None;
        } else if screen.hint_request == Some(request) {
            screen.hint_request = None;
        } else {
            return;
        }
        let answer = match answer.kind {
            SearchKind::Move(_) => match MoveAnimation::of(answer) {
                Ok(animation) => {
                    screen.animation = Some(animation);
                    return;
                }
                Err(answer) => answer,
            },
            SearchKind::Hint(_) => answer,
        };
        self.play_table_answer(answer);
    }

    /// Hands a search's answer to the table: the computer's move played, or the hint shown.
    pub(crate) fn play_table_answer(&mut self, answer: Answer) {
        let Some(screen) = &mut self.game_table else { return };
        match screen.table.answer(answer) {
            Answered::Played(events) => {
                // What each move brought since the person's last one (a capture, a place)
                // stays, the newest last: the person reads every computer's, not the last only.
                // (At a table of computers only, the last move's alone.)
                let person = screen.table.seats().iter().any(|s| s.is_person());
                let earlier = self.message.take().filter(|m| m.strong && person).map(|m| m.text);
                self.after_table_change(events);
                if let Some(earlier) = earlier {
                    match &mut self.message {
                        Some(now) if now.strong => now.text = format!("{earlier} · {}", now.text),
                        Some(_) => {}
                        None => self.say(earlier, true),
                    }
                }
            }
            Answered::Hint(true) => {
                let Some(hint) = screen.table.hint() else { return };
                // On the hinted piece, Enter plays the hint.
                if let Some(from) = hint.from() {
                    screen.cursor = from;
                }
                let t = self.lang.t();
                let text = format!(
                    "{} : {} {}",
                    t.hint_is,
                    screen.table.state().move_text(hint),
                    t.hint_enter_plays
                );
                self.say(text, false);
            }
            Answered::Hint(false) | Answered::Stale => {}
        }
    }

    /// Whether a computer is searching: the board takes no move.
    pub(crate) fn game_table_busy(&self) -> bool {
        self.game_table.as_ref().is_some_and(|s| s.thinking.is_some() || s.animation.is_some())
    }

    /// "Indice": Difficile's move for the person to move, searched on another thread.
    pub(crate) fn game_table_hint(&mut self) {
        self.request += 1;
        let request = self.request;
        let sender = self.sender.clone();
        let Some(screen) = &mut self.game_table else { return };
        if screen.thinking.is_some() || screen.hint_request.is_some() {
            return;
        }
        if screen.table.search_hint(move |answer| {
            let _ = sender.send(Event::TableAnswer { request, answer });
        }) {
            screen.hint_request = Some(request);
        }
    }

    /// "Annuler": back to the person's previous turn (computers' replies go with it).
    pub(crate) fn game_table_undo(&mut self) {
        let Some(screen) = &mut self.game_table else { return };
        if screen.table.state().outcome().is_some() {
            return;
        }
        screen.thinking = None;
        screen.hint_request = None;
        screen.animation = None;
        if screen.table.undo() {
            self.message = None;
            self.after_table_change(Vec::new());
        } else {
            self.say(self.lang.t().nothing_to_undo, false);
        }
    }

    /// The same game again with the same players, from the start.
    pub(crate) fn game_table_rematch(&mut self) {
        let Some(screen) = &self.game_table else { return };
        let (state, seats, seed) = (
            screen.table.state().initial(),
            screen.table.seats().to_vec(),
            screen.table.seed().wrapping_add(1),
        );
        self.start_game_table(state, seats, seed);
    }

    /// Stops the table's searches (leaving the screen, a new game): their answers are dropped.
    pub(crate) fn stop_game_table(&mut self) {
        if let Some(screen) = &mut self.game_table {
            screen.thinking = None;
            screen.hint_request = None;
            screen.animation = None;
        }
    }
}
