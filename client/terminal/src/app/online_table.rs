//! An online game of any two-seat game in the terminal (the duel, `kawu-2`, `captures-2`…), on
//! the one game screen: the front-end-independent [`OnlineTable`] holds the game as the session
//! hands it back; here its link is polled on every tick, its updates become messages, and the
//! player's acts go to it. Before the session's `Connected` the screen shows its waiting page.

use tripot_app::online_board::AdoptedMove;
use tripot_app::online_table::{OnlineTable, OnlineUpdate};
use tripot_game::Cell;
use tripot_net::NetEvent;

use super::App;
use super::game_table::first_cell;

/// The online game on the one table's screen, with the screen's cursor.
#[derive(Debug)]
pub struct OnlineTableScreen {
    pub(crate) online: OnlineTable,
    pub(crate) cursor: Cell,
    pub(crate) show_names: bool,
}

impl OnlineTableScreen {
    /// The online game.
    #[must_use]
    pub const fn online(&self) -> &OnlineTable {
        &self.online
    }
}

impl App {
    /// The online game on the one table's screen, while one is open.
    #[must_use]
    pub fn online_table(&self) -> Option<&OnlineTableScreen> {
        self.online_table.as_ref()
    }

    /// Reacts to one event of the session (the tick's poll, or a test).
    pub fn handle_net_event(&mut self, event: NetEvent) {
        let Some(screen) = &mut self.online_table else { return };
        let updates = screen.online.on_event(event);
        self.apply_online(updates);
    }

    /// On every tick: the session's events (bounded, so that a flood cannot freeze the screen).
    pub(crate) fn poll_online_table(&mut self) {
        for _ in 0..256 {
            let Some(updates) = self.online_table.as_mut().and_then(|s| s.online.poll()) else { break };
            self.apply_online(updates);
        }
    }

    /// Carries out what the online game asks of the screen, in order.
    pub(crate) fn apply_online(&mut self, updates: Vec<OnlineUpdate>) {
        for update in updates {
            match update {
                OnlineUpdate::Say(notice) => {
                    let strong = notice.strong();
                    self.say(self.lang.notice(&notice), strong);
                }
                OnlineUpdate::ClearMessage => self.message = None,
                OnlineUpdate::NewGame => self.online_cursor_to_pick(),
                OnlineUpdate::Moved(AdoptedMove { events, .. }) => {
                    self.message = None;
                    self.announce_table(&events);
                    self.online_cursor_to_pick();
                }
            }
        }
    }

    /// The cursor at the person's turn on the piece of the most promising move, as at a table
    /// here (Enter, Enter plays it); otherwise to a piece the person can pick, when it is on none.
    fn online_cursor_to_pick(&mut self) {
        let Some(screen) = &mut self.online_table else { return };
        let Some(table) = screen.online.table() else { return };
        if table.person_to_move() || !table.pickable().contains(&screen.cursor) {
            screen.cursor = first_cell(table);
        }
    }

    /// "Abandonner": asks once, resigns on the second press.
    pub(crate) fn resign_online_table(&mut self) {
        let Some(screen) = &mut self.online_table else { return };
        let updates = screen.online.resign();
        self.apply_online(updates);
    }

    /// "Revanche", once the game is over: offers one, or accepts the opponent's.
    pub(crate) fn rematch_online_table(&mut self) {
        let Some(screen) = &mut self.online_table else { return };
        let updates = screen.online.rematch_or_accept();
        self.apply_online(updates);
    }

    /// Declines the opponent's rematch.
    pub(crate) fn decline_online_table_rematch(&mut self) {
        if let Some(screen) = &mut self.online_table {
            screen.online.decline_rematch();
        }
    }

    /// Claims the game once the grace period is over.
    pub(crate) fn claim_online_table(&mut self) {
        if let Some(screen) = &mut self.online_table {
            screen.online.claim();
        }
    }

    /// Keeps waiting for the opponent (the claim prompt goes away).
    pub(crate) fn keep_waiting_online_table(&mut self) {
        if let Some(screen) = &mut self.online_table {
            screen.online.keep_waiting();
        }
    }

    /// Any other key drops a question waiting for its second press.
    pub(crate) fn drop_online_table_confirmation(&mut self) {
        if self.online_table.as_mut().is_some_and(|s| s.online.drop_confirmation()) {
            self.message = None;
        }
    }

    /// Leaves the online game: asks once while it is on (it stays saved), then ends the session.
    pub(crate) fn leave_online_table(&mut self) {
        let Some(screen) = &mut self.online_table else { return };
        if let Some(question) = screen.online.leave() {
            self.apply_online(vec![OnlineUpdate::Say(question)]);
            return;
        }
        let failure = screen.online.status().failure();
        // The opponent is told, so that it does not wait for a reconnection; dropping the link
        // stops the session's task.
        screen.online.close();
        self.online_table = None;
        self.back_to_menu();
        // The menu says why no game took place; `tripot host|join` exits with it (status 1).
        if let Some(warning) = failure {
            self.say(format!("{} : {}", self.lang.t().online_failed, self.lang.failure(&warning)), true);
            self.online_failure = Some(warning);
        }
    }
}
