//! A computer's move at the one table shown hop by hop before it is played: the answer is held
//! while its path is drawn one cell per [`HOP_TICKS`] ticks, then handed to the table. Any key
//! plays it at once. Nothing here names a game: the path is the move's cells.

use tripot_app::table_computer::Answer;
use tripot_game::Cell;

use super::App;

/// Ticks between two hops of a computer's move.
const HOP_TICKS: u8 = 4;

/// A computer's answer being shown before the table plays it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct MoveAnimation {
    answer: Answer,
    path: Vec<Cell>,
    /// Cells of `path` reached so far (at least 1).
    shown: usize,
    wait: u8,
}

impl MoveAnimation {
    /// The animation of `answer`'s move, if it has a path to show (a pass, a failed search:
    /// none, they are handed to the table at once).
    pub(crate) fn of(answer: Answer) -> Result<MoveAnimation, Answer> {
        let path = match &answer.result {
            Ok(m) if m.cells().len() > 1 => m.cells().to_vec(),
            _ => return Err(answer),
        };
        Ok(MoveAnimation { answer, path, shown: 1, wait: 0 })
    }

    /// The cells reached so far, the start first.
    pub(crate) fn shown(&self) -> &[Cell] {
        &self.path[..self.shown.min(self.path.len())]
    }
}

/// One tick of a move shown hop by hop, `shown` of its `len` cells drawn: every [`HOP_TICKS`]
/// one more; `true` once the last one has been drawn for as long (the move is to be played).
/// The duel's and the older star table's screens count their hops with it too.
pub(crate) fn hop_tick(shown: &mut usize, wait: &mut u8, len: usize) -> bool {
    *wait += 1;
    if *wait < HOP_TICKS {
        return false;
    }
    *wait = 0;
    if *shown < len {
        *shown += 1;
        return false;
    }
    true
}

impl App {
    /// Time passes: the computer's move on the one table goes on by a hop, or is played.
    pub(crate) fn tick_game_table(&mut self) {
        let Some(screen) = &mut self.game_table else { return };
        let Some(animation) = &mut screen.animation else { return };
        if hop_tick(&mut animation.shown, &mut animation.wait, animation.path.len()) {
            self.finish_game_table_animation();
        }
    }

    /// The computer's move being shown is played now (at its end, or on any key).
    pub(crate) fn finish_game_table_animation(&mut self) {
        let Some(screen) = &mut self.game_table else { return };
        if let Some(animation) = screen.animation.take() {
            self.play_table_answer(animation.answer);
        }
    }
}
