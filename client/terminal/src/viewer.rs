//! The state of `tripot view`: a saved game and the move being looked at.

use std::path::PathBuf;

use crossterm::event::{KeyCode, KeyEvent};
use tripot_engine::RecordResult;

use crate::app::Game;
use tripot_app::i18n::Lang;
use tripot_app::save_store::{Saved, game_of, viewer_setup};

/// A game replayed move by move.
#[derive(Debug, Clone)]
pub struct Viewer {
    pub(crate) lang: Lang,
    pub(crate) path: PathBuf,
    pub(crate) game: Game,
    pub(crate) result: RecordResult,
    /// Moves played on the board shown: 0 is the start.
    pub(crate) index: usize,
}

impl Viewer {
    /// A viewer on a verified saved game, at its start.
    #[must_use]
    pub fn new(lang: Lang, saved: &Saved) -> Viewer {
        let game = game_of(saved, viewer_setup(&saved.record));
        Viewer { lang, path: saved.path.clone(), game, result: saved.record.result, index: 0 }
    }

    /// The number of moves shown played.
    #[must_use]
    pub fn index(&self) -> usize {
        self.index
    }

    /// Goes to move `index` (clamped to the game).
    pub fn go_to(&mut self, index: usize) {
        self.index = index.min(self.game.moves().len());
    }

    /// Handles a key; returns false when the viewer should close.
    pub fn key(&mut self, key: KeyEvent) -> bool {
        match step(key, self.index, self.game.moves().len()) {
            Some(index) => {
                self.go_to(index);
                true
            }
            None => false,
        }
    }

    /// Draws the viewer.
    pub fn draw(&self, frame: &mut ratatui::Frame<'_>) {
        crate::ui::viewer::draw(self, frame);
    }
}

/// Where a viewer's key takes it from move `index` of `last`; `None` closes the viewer (shared by
/// the duel's viewer and the star games').
pub(crate) fn step(key: KeyEvent, index: usize, last: usize) -> Option<usize> {
    Some(match key.code {
        KeyCode::Right | KeyCode::Char(' ' | 'l' | 'n') | KeyCode::Down | KeyCode::Enter => index + 1,
        KeyCode::Left | KeyCode::Char('h' | 'p') | KeyCode::Up | KeyCode::Backspace => {
            index.saturating_sub(1)
        }
        KeyCode::Home => 0,
        KeyCode::End => last,
        KeyCode::PageDown => index + 10,
        KeyCode::PageUp => index.saturating_sub(10),
        KeyCode::Char('q') | KeyCode::Esc => return None,
        KeyCode::Char('c') if key.modifiers.contains(crossterm::event::KeyModifiers::CONTROL) => return None,
        _ => index,
    })
}
