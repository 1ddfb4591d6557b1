//! The state of `tripot view` for a star game record: the record replayed, and the move being
//! looked at. The keys are the duel viewer's.

use std::path::PathBuf;

use crossterm::event::KeyEvent;
use tripot_engine::{StarRecord, StarReplay};

use tripot_app::i18n::Lang;

/// A star game replayed move by move.
#[derive(Debug, Clone)]
pub struct StarViewer {
    pub(crate) lang: Lang,
    pub(crate) path: PathBuf,
    pub(crate) record: StarRecord,
    pub(crate) replay: StarReplay,
    /// Moves played on the board shown: 0 is the start.
    pub(crate) index: usize,
}

impl StarViewer {
    /// A viewer on a verified record, at its start.
    #[must_use]
    pub fn new(lang: Lang, path: PathBuf, record: StarRecord, replay: StarReplay) -> StarViewer {
        StarViewer { lang, path, record, replay, index: 0 }
    }

    /// The number of moves shown played.
    #[must_use]
    pub fn index(&self) -> usize {
        self.index
    }

    /// Goes to move `index` (clamped to the game).
    pub fn go_to(&mut self, index: usize) {
        self.index = index.min(self.replay.moves.len());
    }

    /// Handles a key as the duel's viewer does; returns false when the viewer should close.
    pub fn key(&mut self, key: KeyEvent) -> bool {
        match crate::viewer::step(key, self.index, self.replay.moves.len()) {
            Some(index) => {
                self.go_to(index);
                true
            }
            None => false,
        }
    }

    /// Draws the viewer.
    pub fn draw(&self, frame: &mut ratatui::Frame<'_>) {
        crate::ui::star_viewer::draw(self, frame);
    }
}
