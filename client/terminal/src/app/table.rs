//! Playing at a star table in the terminal: the table's controller is
//! [`tripot_app::star_table`]; here its turns are carried out (the computers' searches on their
//! threads, their moves shown hop by hop), its events announced, the eliminating move confirmed,
//! and the table saved after every move. The older star table's screen: no longer reached by the
//! program (the set-up form and the resume prompt play every star game at the one table), kept
//! only until its tests move to the one game screen.

use std::sync::Arc;

use tripot_engine::{Hole, StarMove, StarNotation};

use super::{App, Page};
use crate::event::Event;
use tripot_app::game_file::GameFile;
use tripot_app::save_store::SaveStore;
use tripot_app::star_save::write_table;
use tripot_app::star_selection::TableAction;
use tripot_app::star_table::{StarPlayed, StarTable, TableEvent, TableTurn};
use tripot_app::table_setup::TableSetup;

/// A star table being played on this screen, with what the screen adds to it.
#[derive(Debug, Clone)]
pub struct TableScreen {
    pub(crate) table: StarTable,
    /// The file it is saved to (shared by the screen's copies; given back if left empty).
    pub(crate) file: Option<Arc<GameFile>>,
    /// Request number of the computer's move being searched.
    pub(crate) thinking: Option<u64>,
    pub(crate) hint_request: Option<u64>,
    pub(crate) animation: Option<TableAnimation>,
    pub(crate) show_coords: bool,
}

impl TableScreen {
    /// The table.
    #[must_use]
    pub fn table(&self) -> &StarTable {
        &self.table
    }
}

/// A computer's move being shown hop by hop before it is played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableAnimation {
    pub(crate) played: StarPlayed,
    pub(crate) path: Vec<Hole>,
    /// Holes of `path` reached so far (at least 1).
    pub(crate) shown: usize,
    wait: u8,
}

impl TableAnimation {
    fn new(played: StarPlayed) -> TableAnimation {
        let path = match &played.notation {
            StarNotation::Path(path) => path.to_vec(),
            StarNotation::Pass => Vec::new(),
        };
        TableAnimation { played, path, shown: 1, wait: 0 }
    }
}

impl App {
    /// The star table being played or last played.
    #[must_use]
    pub fn table(&self) -> Option<&StarTable> {
        self.table.as_ref().map(|s| &s.table)
    }

    /// The table set-up page's state.
    #[must_use]
    pub fn table_menu(&self) -> &super::TableMenu {
        &self.table_menu
    }

    /// The set-up page of the star tables.
    pub(crate) fn open_table_menu(&mut self) {
        self.message = None;
        self.page = Page::TableMenu;
    }

    /// Starts a table at its variant's start on the older star table's screen. The program no
    /// longer comes here (the set-up form and the resume prompt play every star game at the one
    /// table, `super::game_table`); only this screen's tests do, until they move and it goes.
    pub fn start_table(&mut self, setup: TableSetup) {
        match StarTable::new(setup) {
            Ok(table) => {
                // Claimed now: no other table or game started in the same second can take it.
                let file = match self.store.as_ref().map(SaveStore::claim_game_file) {
                    Some(Ok(file)) => Some(file),
                    Some(Err(error)) => {
                        let text =
                            format!("{} : {}", self.lang.t().save_failed, self.lang.save_error(&error));
                        self.say(text, true);
                        None
                    }
                    None => None,
                };
                self.start_table_from(table, file);
            }
            Err(error) => self.say(error.to_string(), true),
        }
    }

    /// Starts (or resumes) `table`, saved to `file`.
    pub fn start_table_from(&mut self, table: StarTable, file: Option<GameFile>) {
        self.cancel_requests();
        self.table = Some(TableScreen {
            table,
            file: file.map(Arc::new),
            thinking: None,
            hint_request: None,
            animation: None,
            show_coords: false,
        });
        self.page = Page::TableGame;
        self.message = None;
        self.after_table_move(Vec::new());
    }

    /// After a move (or at the start): the automatic passes, then the computer's search or the
    /// person's turn; what happened is announced.
    pub(crate) fn after_table_move(&mut self, mut events: Vec<TableEvent>) {
        let Some(screen) = &mut self.table else { return };
        let (turn, more) = screen.table.next_turn();
        let passed = !more.is_empty();
        events.extend(more);
        self.announce(&events);
        if passed {
            self.save_table();
        }
        if let TableTurn::Computer(_) = turn {
            self.request_table_computer();
        }
    }

    /// Says what the moves brought, the most telling last.
    fn announce(&mut self, events: &[TableEvent]) {
        let Some(screen) = &self.table else { return };
        let table = &screen.table;
        let lang = self.lang;
        let s = lang.s();
        let named = |seat| format!("{} {}", crate::ui::pieces::glyph(seat), lang.seat_name(table, seat));
        let words: Vec<String> = events
            .iter()
            .filter_map(|event| match *event {
                TableEvent::Passed(seat) => Some(format!("{} {}", named(seat), s.passed)),
                TableEvent::Finished { seat, place: Some(place) } => {
                    Some(format!("{} {} {}", named(seat), s.takes, lang.place(place)))
                }
                TableEvent::Finished { seat, place: None } => {
                    Some(format!("{} {}", named(seat), s.finished_waits))
                }
                TableEvent::Eliminated { seat, place } => Some(match place {
                    Some(p) => format!("{} {} ({})", named(seat), s.is_eliminated, lang.place(p)),
                    None => format!("{} {}", named(seat), s.is_eliminated),
                }),
                TableEvent::Captured { seat, pieces } => Some(format!(
                    "{} {} {pieces} ({} {})",
                    named(seat),
                    s.took,
                    table.position().taken(seat),
                    s.pieces_total
                )),
                // The end has its own panel.
                TableEvent::Over(_) => None,
            })
            .collect();
        if !words.is_empty() {
            self.say(words.join(" · "), true);
        }
    }

    /// Plays a move of the table (a person's, or a computer's once shown).
    pub(crate) fn table_commit(&mut self, played: StarPlayed) {
        let Some(screen) = &mut self.table else { return };
        match screen.table.commit(played) {
            Ok(events) => {
                self.message = None;
                self.save_table();
                self.after_table_move(events);
            }
            Err(why) => {
                let text = format!("{} : {}", self.lang.t().move_refused, self.lang.star_illegal(&why));
                self.say(text, true);
            }
        }
    }

    /// What a person's action on the board did.
    pub(crate) fn table_react(&mut self, action: TableAction) {
        let t = self.lang.t();
        match action {
            TableAction::Play(played) => self.table_commit(played),
            // The confirmation panel asks.
            TableAction::Confirm(_) => self.message = None,
            TableAction::Selected => {
                let any = self.table().is_some_and(|t| t.targets().any());
                self.say(if any { t.choose_destination } else { t.no_destination }, false);
            }
            TableAction::Hopped => self.say(t.chain_running, false),
            TableAction::Deselected => self.message = None,
            TableAction::Refused(why) => {
                let text = format!("{} : {}", t.move_refused, self.lang.star_illegal(&why));
                self.say(text, true);
            }
            TableAction::Nothing => {}
        }
    }

    /// Whether a computer is thinking or showing its move: the board takes no input.
    pub(crate) fn table_busy(&self) -> bool {
        self.table.as_ref().is_some_and(|s| s.thinking.is_some() || s.animation.is_some())
    }

    /// Whether a computer's move is being shown.
    #[must_use]
    pub fn table_animating(&self) -> bool {
        self.table.as_ref().is_some_and(|s| s.animation.is_some())
    }

    /// Whether a computer is searching its move.
    #[must_use]
    pub fn table_thinking(&self) -> bool {
        self.table.as_ref().is_some_and(|s| s.thinking.is_some())
    }

    fn request_table_computer(&mut self) {
        self.request += 1;
        let request = self.request;
        let sender = self.sender.clone();
        let Some(screen) = &mut self.table else { return };
        let started = screen.table.search_computer_move(move |mv| {
            let _ = sender.send(Event::StarComputerMove { request, mv });
        });
        if started {
            screen.thinking = Some(request);
        }
    }

    /// A computer's answer: shown hop by hop, then played.
    pub(crate) fn on_star_computer_move(&mut self, request: u64, mv: StarMove) {
        let Some(screen) = &mut self.table else { return };
        if screen.thinking != Some(request) {
            return;
        }
        screen.thinking = None;
        screen.animation = Some(TableAnimation::new(screen.table.checked_computer_move(mv)));
    }

    /// Time passes: the computer's move goes on by a hop, or is played.
    pub(crate) fn tick_table(&mut self) {
        let Some(screen) = &mut self.table else { return };
        let Some(animation) = &mut screen.animation else { return };
        if !super::move_animation::hop_tick(&mut animation.shown, &mut animation.wait, animation.path.len()) {
            return;
        }
        let played = animation.played.clone();
        screen.animation = None;
        self.table_commit(played);
    }

    /// Any key during the computer's move: it is played at once.
    pub(crate) fn finish_table_animation(&mut self) {
        let Some(screen) = &mut self.table else { return };
        if let Some(animation) = screen.animation.take() {
            self.table_commit(animation.played);
        }
    }

    /// "Indice": Difficile's move for the person to move, searched on another thread.
    pub(crate) fn table_hint(&mut self) {
        if self.table_busy() {
            return;
        }
        self.request += 1;
        let request = self.request;
        let sender = self.sender.clone();
        let Some(screen) = &mut self.table else { return };
        if !screen.table.human_to_move() || screen.hint_request.is_some() {
            return;
        }
        screen.hint_request = Some(request);
        screen.table.search_hint(move |mv| {
            let _ = sender.send(Event::StarHint { request, mv });
        });
    }

    /// The hint arrived: its path is drawn and named.
    pub(crate) fn on_star_hint(&mut self, request: u64, mv: StarMove) {
        let Some(screen) = &mut self.table else { return };
        if screen.hint_request != Some(request) {
            return;
        }
        screen.hint_request = None;
        let Some(hint) = screen.table.checked_hint(mv) else { return };
        let text = format!("{} : {}", self.lang.t().hint_is, hint.notation);
        screen.table.set_hint(Some(hint));
        self.say(text, false);
    }

    /// "Annuler": back to the person's previous turn (computers' replies go with it).
    pub(crate) fn table_undo(&mut self) {
        let Some(screen) = &mut self.table else { return };
        if screen.table.outcome().is_some() {
            return;
        }
        let Some(count) = screen.table.undo_count() else {
            self.say(self.lang.t().nothing_to_undo, false);
            return;
        };
        screen.thinking = None;
        screen.hint_request = None;
        screen.animation = None;
        screen.table.take_back(count);
        self.message = None;
        self.save_table();
        self.after_table_move(Vec::new());
    }

    /// The answer to "this move eliminates you: play it?".
    pub(crate) fn answer_elimination(&mut self, play: bool) {
        let Some(screen) = &mut self.table else { return };
        if play {
            if let Some(played) = screen.table.confirm_pending() {
                self.table_commit(played);
            }
        } else {
            screen.table.drop_pending();
        }
    }

    /// The same table again, the next seat opening.
    pub(crate) fn table_rematch(&mut self) {
        let Some(screen) = &self.table else { return };
        let setup = screen.table.setup().clone();
        let seats = setup.variant.seats();
        let at = seats.iter().position(|&s| s == setup.opener).unwrap_or(0);
        let opener = seats.get((at + 1) % seats.len().max(1)).copied().unwrap_or(setup.opener);
        let seed = setup.seed.wrapping_add(1);
        if let Ok(next) = TableSetup::new(setup.variant, setup.players, opener, seed) {
            self.start_table(next);
        }
    }

    /// Saves the table as it is now; a table with no move yet is not written.
    pub(crate) fn save_table(&mut self) {
        let (Some(store), Some(screen)) = (&self.store, &self.table) else { return };
        let Some(file) = &screen.file else { return };
        let path = file.path();
        if screen.table.moves().is_empty() {
            return;
        }
        if let Err(error) = write_table(store, path, &screen.table) {
            let text = format!("{} : {}", self.lang.t().save_failed, self.lang.table_save_error(&error));
            self.say(text, true);
        }
    }

    /// Stops the table's searches and animation (leaving the screen, a new game).
    pub(crate) fn stop_table(&mut self) {
        if let Some(screen) = &mut self.table {
            screen.thinking = None;
            screen.hint_request = None;
            screen.animation = None;
        }
    }
}
