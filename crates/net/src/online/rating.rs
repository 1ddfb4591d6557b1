//! A finished game's signed result, as the session's driver handles it: kept beside the
//! game's save (that game's file when a rematch already began) and submitted to the relay in
//! use ([`crate::result_keeper`]).

use tripot_protocol::GameId;
use tripot_ratings_wire::SignedResult;

use super::NetEvent;
use super::driver::Driver;
use crate::result_keeper::keep_and_submit;
use crate::session::rematch_save_path;

impl Driver {
    /// Keeps `signed` beside its game's save and submits it to the relay, if there is one.
    pub(super) fn on_result_signed(&mut self, signed: &SignedResult) {
        let save = self.autosave.path.as_deref().map(|first| {
            // The result's game is the current one, or the one before when a rematch already began.
            let current = self.session.game().map(|g| g.game_id);
            let number = self.session.game_number();
            let number = if current == Some(GameId(signed.result.game_id)) {
                number
            } else {
                number.saturating_sub(1)
            };
            rematch_save_path(first, number.max(1))
        });
        let events = self.events.clone();
        keep_and_submit(signed, save.as_deref(), self.ratings_relay.clone(), move |news| {
            let _ = events.send(news.map_or_else(NetEvent::Warning, NetEvent::Rating));
        });
    }
}
