//! The state of `tripot view` for a record of any game in the one record format
//! (`tripot_game::GameRecord`): the record replayed through the game's interface, and the move
//! being looked at. The keys are the duel viewer's.

use std::path::PathBuf;

use crossterm::event::KeyEvent;
use tripot_app::i18n::Lang;
use tripot_app::table_save::SavedGame;
use tripot_game::{GameMove, GameRecord, GameState, Outcome};

/// A game of any kind replayed move by move.
#[derive(Debug)]
pub struct GameViewer {
    pub(crate) lang: Lang,
    pub(crate) path: PathBuf,
    pub(crate) record: GameRecord,
    /// The game at its start.
    pub(crate) start: Box<dyn GameState>,
    /// Every move, as replayed.
    pub(crate) moves: Vec<GameMove>,
    /// How the moves (or the record) end the game, if they do.
    pub(crate) outcome: Option<Outcome>,
    /// The game after `index` moves.
    pub(crate) shown: Box<dyn GameState>,
    /// Moves played on the board shown: 0 is the start.
    pub(crate) index: usize,
}

impl GameViewer {
    /// A viewer on a record read and replayed, at its start.
    #[must_use]
    pub fn new(lang: Lang, saved: SavedGame) -> GameViewer {
        let start = saved.replay.state.initial();
        let outcome = saved.replay.state.outcome().or(saved.replay.outcome);
        let shown = start.clone_box();
        GameViewer {
            lang,
            path: saved.path,
            record: saved.record,
            start,
            moves: saved.replay.moves,
            outcome,
            shown,
            index: 0,
        }
    }

    /// The number of moves shown played.
    #[must_use]
    pub const fn index(&self) -> usize {
        self.index
    }

    /// Goes to move `index` (clamped to the game): the game is replayed that far.
    pub fn go_to(&mut self, index: usize) {
        self.index = index.min(self.moves.len());
        let mut shown = self.start.clone_box();
        for m in &self.moves[..self.index] {
            if shown.play(m).is_err() {
                break;
            }
        }
        self.shown = shown;
    }

    /// Handles a key; returns false when the viewer should close.
    pub fn key(&mut self, key: KeyEvent) -> bool {
        match step(key, self.index, self.moves.len()) {
            Some(index) => {
                self.go_to(index);
                true
            }
            None => false,
        }
    }

    /// Draws the viewer.
    pub fn draw(&self, frame: &mut ratatui::Frame<'_>) {
        crate::ui::game_viewer::draw(self, frame);
    }
}

/// Where a key takes the viewer from move `index` of `last`; `None` closes the viewer.
fn step(key: KeyEvent, index: usize, last: usize) -> Option<usize> {
    use crossterm::event::{KeyCode, KeyModifiers};
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
        KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => return None,
        _ => index,
    })
}
