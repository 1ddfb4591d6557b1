//! The unfinished games offered at start: every record of this client's tables — the older duel
//! and star table records among them, resumed at the one table and saved on in the one format —
//! then the online games, each resumed by the command that starts its session again, and the
//! online tables of 2–6 seats, rejoined by the link their save names.

use tripot_app::resume_choice::{GameOffered, ResumeChoice};
use tripot_app::save_store::SaveStore;
use tripot_app::table::Table;
use tripot_app::table_save::TableSaveError;

use super::{App, Page};

impl App {
    /// At start: the unfinished games are offered, newest first; corrupt files are moved aside
    /// and reported.
    pub(crate) fn look_for_unfinished_games(&mut self) {
        let Some(store) = &self.store else { return };
        let found = store.unfinished_games();
        let online = store.unfinished_online();
        let tables = store.unfinished_tables();
        if let Some((to, error)) = found.moved.first() {
            let text = format!(
                "{} {} ({})",
                self.lang.t().corrupt_moved,
                to.display(),
                self.lang.game_save_error(error)
            );
            self.say(text, true);
        }
        self.resume_choices = found
            .open
            .iter()
            .map(|saved| ResumeChoice::Game(Box::new(GameOffered::of(saved))))
            .chain(online.into_iter().map(|saved| ResumeChoice::Online(Box::new(saved))))
            .chain(tables.into_iter().map(|saved| ResumeChoice::Table(Box::new(saved))))
            .collect();
        self.resume_selected = 0;
        if !self.resume_choices.is_empty() {
            self.page = Page::Resume;
        }
    }

    /// Chooses another of the games offered (`step` 1 the next, -1 the previous).
    pub(crate) fn move_resume_selection(&mut self, step: isize) {
        let count = self.resume_choices.len();
        if count > 0 {
            self.resume_selected = (self.resume_selected as isize + step).rem_euclid(count as isize) as usize;
            self.new_game_asked = false;
            self.message = None;
        }
    }

    /// Resumes the game chosen: a local one here; an online one is resumed by its command,
    /// which is shown (its session starts from the command line).
    pub(crate) fn resume(&mut self) {
        self.new_game_asked = false;
        match self.resume_choices.get(self.resume_selected) {
            Some(ResumeChoice::Game(offered)) => {
                let path = offered.path.clone();
                self.resume_choices.clear();
                self.resume_game(&path);
            }
            Some(ResumeChoice::Online(online)) => {
                let text = format!("{} {}", self.lang.t().resume_online_with, online.command());
                self.say(text, true);
            }
            Some(ResumeChoice::Table(saved)) => {
                // The seat comes back to this identity: the table gives it back whatever is asked.
                let invitation = saved.invitation();
                self.join_seats(invitation, tripot_protocol::table::Wants::Seat(None));
                // Still offered when the table could not be reached (the failure is said).
                if self.page == Page::OnlineSeats {
                    self.resume_choices.clear();
                }
            }
            None => {}
        }
    }

    /// Declines the game chosen: a local one is marked abandoned (asked once first) and the
    /// menu opens; the others stay offered next time.
    pub(crate) fn decline_resume(&mut self) {
        let chosen = self.resume_choices.get(self.resume_selected).cloned();
        // An online game is the session's file: it is left as it is.
        if let Some(ResumeChoice::Game(offered)) = &chosen {
            // The unfinished game would be marked abandoned for good: ask once first.
            if !self.new_game_asked {
                self.new_game_asked = true;
                self.say(self.lang.t().confirm_new_game, true);
                return;
            }
            self.message = None;
            self.abandon_offered_game(&offered.path);
        } else {
            self.message = None;
        }
        self.new_game_asked = false;
        self.resume_choices.clear();
        self.page = Page::Menu;
    }

    /// Esc on the prompt: the menu opens and every game stays offered, by the menu's « Reprendre
    /// (r) » line now and at the next start.
    pub(crate) fn keep_for_later(&mut self) {
        self.new_game_asked = false;
        self.message = None;
        self.page = Page::Menu;
    }

    /// The menu's `r`: the prompt again, with the games still unfinished.
    pub(crate) fn offer_unfinished_again(&mut self) {
        self.look_for_unfinished_games();
    }

    /// Leaving a game of this screen for the menu: an unfinished one is saved, so the menu says
    /// where to pick it up and lists it under « Reprendre (r) ».
    pub(crate) fn leave_game_table(&mut self) {
        let unfinished = self.game_table.as_ref().is_some_and(|g| g.table.state().outcome().is_none());
        if let Some(game) = &self.game_table {
            self.last_played = Some(tripot_app::rules::family_of(game.table.state().spec()));
        }
        self.back_to_menu();
        if !unfinished {
            return;
        }
        // The game lives on in its file, which the prompt resumes; this copy lets it go.
        self.game_table = None;
        if let Some(store) = &self.store {
            let found = store.unfinished_games();
            self.resume_choices =
                found.open.iter().map(|saved| ResumeChoice::Game(Box::new(GameOffered::of(saved)))).collect();
            self.resume_selected = 0;
            if !self.resume_choices.is_empty() {
                self.say(self.lang.t().game_saved_left, false);
            }
        }
    }

    /// Resumes a game offered at start, saving on into its file.
    fn resume_game(&mut self, path: &std::path::Path) {
        match SaveStore::read_game(path).and_then(Table::resume) {
            Ok(table) => self.play_game_table(table),
            Err(error) => {
                let text = format!("{} : {}", self.lang.t().save_failed, self.lang.game_save_error(&error));
                self.say(text, true);
                self.page = Page::Menu;
            }
        }
    }

    /// A game offered at start and declined: marked abandoned.
    fn abandon_offered_game(&mut self, path: &std::path::Path) {
        let abandoned = SaveStore::read_game(path)
            .and_then(Table::resume)
            .and_then(|table| table.abandon().map_err(TableSaveError::from));
        if let Err(error) = abandoned {
            let text = format!("{} : {}", self.lang.t().save_failed, self.lang.game_save_error(&error));
            self.say(text, true);
        }
    }
}
