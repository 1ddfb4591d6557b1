//! The rules page's state: whose rules it shows and where it goes back to. It opens on the
//! rules of the game at hand — the one being played, or chosen on the set-up form — and
//! ←→ go to the other games' rules.

use tripot_game::catalogue::Family;

use super::{App, Page};

impl App {
    /// Opens the rules of `family`; Esc comes back to the page shown now.
    pub(crate) fn open_rules(&mut self, family: Family) {
        self.rules_family = family;
        self.rules_scroll = 0;
        if self.page != Page::Rules {
            self.rules_back = self.page;
        }
        self.page = Page::Rules;
    }

    /// The rules of the game at hand: the one at the table, here or online; on the set-up
    /// form the one chosen there; elsewhere the last one played, or the duel's.
    pub(crate) fn open_rules_of_game_at_hand(&mut self) {
        let played =
            |app: &App| app.shown().map(|shown| tripot_app::rules::family_of(shown.table.state().spec()));
        let family = match self.page {
            Page::TableMenu => Some(self.table_menu.game.family),
            _ => played(self).or(self.last_played),
        };
        self.open_rules(family.unwrap_or(Family::Tripot));
    }

    /// The rules page shows the next game's rules (`forward`) or the previous one's.
    pub(crate) fn turn_rules_page(&mut self, forward: bool) {
        self.rules_family = tripot_app::rules::next_family(self.rules_family, forward);
        self.rules_scroll = 0;
    }

    /// Leaves the rules page for the page it was opened from.
    pub(crate) fn close_rules(&mut self) {
        self.page = self.rules_back;
        self.rules_back = Page::Menu;
    }
}
