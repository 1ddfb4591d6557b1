//! Autosave: the game is written after every change (a move, its end, a rematch), each game of
//! a session to its own file.

use std::path::PathBuf;

use super::driver::Driver;
use super::{NetEvent, NetWarning};
use crate::saved_game::SavedGame;
use crate::session::rematch_save_path;

/// Where and what was last saved.
pub(super) struct Autosave {
    /// The first game's file (none: not saved).
    pub(super) path: Option<PathBuf>,
    /// (game number, ply, over) at the last save.
    pub(super) saved_at: Option<(u32, u32, bool)>,
    /// A resumed game whose opener was drawn (rematches draw again).
    pub(super) random_opener: bool,
}

impl Autosave {
    pub(super) const fn new(path: Option<PathBuf>, random_opener: bool) -> Autosave {
        Autosave { path, saved_at: None, random_opener }
    }
}

impl Driver {
    /// Saves the game if it changed since the last save.
    pub(super) fn save_if_changed(&mut self) {
        let Some(game) = self.session.game() else { return };
        let state = (self.session.game_number(), game.ply(), game.ending().is_some());
        if self.autosave.saved_at == Some(state) {
            return;
        }
        // Each rematch to its own file: the finished game's record stays as it was.
        let Some(path) = self.autosave.path.as_deref().map(|p| rematch_save_path(p, state.0)) else { return };
        let saved = SavedGame {
            game: game.clone(),
            peer_addrs: self.opponent.addrs.clone(),
            listen_addrs: self.listen_addrs.clone(),
            random_opener: self.autosave.random_opener
                || self.session.offer().is_some_and(|o| o.opens == tripot_protocol::Opens::Random),
        };
        match saved.write(&path) {
            Ok(()) => {
                self.autosave.saved_at = Some(state);
                self.emit(NetEvent::Saved { ply: state.1, path });
            }
            Err(error) => self.emit(NetEvent::Warning(NetWarning::SaveFailed(error.to_string()))),
        }
    }
}
