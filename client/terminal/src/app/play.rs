//! Playing in the terminal: committing moves, handing the turn on (the automatic passes and
//! the checks are [`tripot_app::turns`]), the computer's move (searched by
//! [`tripot_app::computer`], then shown hop by hop), hints, undo, and saving after every move.

use std::sync::{Arc, Mutex};

use tripot_engine::{Hole, Move, Notation};

use super::App;
use crate::event::Event;
use tripot_app::computer::{self, LazyAi};
use tripot_app::local_game::{Action, Played};
use tripot_app::save_store::SaveStore;
use tripot_app::setup::Mode;
use tripot_app::turns::NextTurn;

/// The computer's move being shown hop by hop before it is played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Animation {
    pub(crate) played: Played,
    /// The holes the pawn goes through (for a swap: the two pawns).
    pub(crate) path: Vec<Hole>,
    /// How many holes of `path` have been reached so far (at least 1).
    pub(crate) shown: usize,
    pub(crate) wait: u8,
}

impl Animation {
    pub(crate) fn new(played: Played) -> Animation {
        let path = match &played.notation {
            Notation::Path(path) => path.to_vec(),
            Notation::Swap { mine, theirs } => vec![*mine, *theirs],
            Notation::Pass => Vec::new(),
        };
        Animation { played, path, shown: 1, wait: 0 }
    }

    /// Where the moving pawn stands on screen now.
    pub(crate) fn at(&self) -> Option<Hole> {
        self.path.get(self.shown.saturating_sub(1)).copied()
    }
}

impl App {
    /// After a move (or at the start): ends the game, passes a blocked side, or hands the turn
    /// to the computer or the player.
    pub(crate) fn after_move(&mut self) {
        let Some(game) = &mut self.game else { return };
        let (next, passed) = game.pass_blocked_sides();
        // Of several passes in a row, the last one is what the player reads.
        if let Some(&mover) = passed.last() {
            let text = self.lang.blocked(&game.setup, mover);
            self.say(text, true);
        }
        if !passed.is_empty() || next == NextTurn::Over {
            self.save();
        }
        match next {
            NextTurn::Over => {}
            NextTurn::Player => {
                if let Some(game) = &mut self.game {
                    game.cursor_to_mover();
                }
            }
            NextTurn::Computer => self.request_computer(),
        }
    }

    /// Plays a move chosen by the player or shown by the animation.
    pub(crate) fn commit(&mut self, played: Played) {
        let Some(game) = &mut self.game else { return };
        if !game.position().is_legal(played.mv) {
            return;
        }
        game.push(played);
        self.save();
        self.after_move();
    }

    /// The player acts on a hole (Enter, a click).
    pub(crate) fn act_on(&mut self, hole: Hole) {
        if self.busy() {
            return;
        }
        let Some(game) = &mut self.game else { return };
        game.set_cursor(hole);
        let action = game.act_on(hole);
        self.react(action);
    }

    /// Space or a shift-click: a hop of a chain built hop by hop (see `Game::hop_on`).
    pub(crate) fn hop_on(&mut self, hole: Hole) {
        if self.busy() {
            return;
        }
        let Some(game) = &mut self.game else { return };
        game.set_cursor(hole);
        let action = game.hop_on(hole);
        self.react(action);
    }

    /// Tab / shift-Tab: picks the next (or previous) pawn that can move.
    pub(crate) fn cycle_pawn(&mut self, step: i8) {
        if self.busy() {
            return;
        }
        let Some(game) = &mut self.game else { return };
        let action = game.cycle_pawn(step);
        self.react(action);
    }

    /// `d` / `D`: the cursor to the picked pawn's next (or previous) destination, far first.
    pub(crate) fn cycle_destination(&mut self, step: i8) {
        if let Some(game) = &mut self.game {
            game.cycle_destination(step);
        }
    }

    /// `:`: starts typing a move in notation.
    pub(crate) fn open_move_input(&mut self) {
        if self.busy() || !self.game.as_ref().is_some_and(|g| g.human_to_move()) {
            return;
        }
        self.move_input = Some(String::new());
        self.show_move_input();
    }

    /// A key while a move is being typed: a character, Backspace, Enter plays it, Esc drops it.
    pub(crate) fn move_input_key(&mut self, key: crossterm::event::KeyCode) {
        use crossterm::event::KeyCode;
        let Some(input) = &mut self.move_input else { return };
        match key {
            KeyCode::Char(c) if input.len() < 160 && !c.is_control() => input.push(c),
            KeyCode::Backspace => {
                input.pop();
            }
            KeyCode::Esc => {
                self.move_input = None;
                self.message = None;
                return;
            }
            KeyCode::Enter => {
                let text = std::mem::take(input);
                self.move_input = None;
                self.play_typed(&text);
                return;
            }
            _ => {}
        }
        self.show_move_input();
    }

    fn show_move_input(&mut self) {
        let text = format!("{} {}▏", self.lang.t().type_move, self.move_input.as_deref().unwrap_or_default());
        self.say(text, false);
    }

    /// Plays a move typed in notation, or says why not.
    fn play_typed(&mut self, text: &str) {
        // A hole alone picks that pawn (or acts on it, as Enter would).
        if let Ok(hole) = text.trim().parse::<Hole>() {
            self.act_on(hole);
            return;
        }
        let Some(game) = &mut self.game else { return };
        match game.typed_move(text) {
            Ok(played) => self.react(Action::Play(played)),
            Err(error) => {
                let text = format!("{} : {}", self.lang.t().move_refused, self.lang.typed_move_error(&error));
                self.say(text, true);
            }
        }
    }

    /// Esc or a right click: takes back the last hop, or drops the selection, and says what the
    /// player may do now; with nothing selected, clears the hint and the message.
    pub(crate) fn cancel_selection(&mut self) {
        let t = self.lang.t();
        let Some(game) = &mut self.game else { return };
        if !game.cancel() {
            game.hint = None;
            self.message = None;
            return;
        }
        match &game.selection {
            Some(selection) if selection.chain_started() => self.say(t.chain_running, false),
            Some(_) => self.say(t.choose_destination, false),
            None => self.message = None,
        }
    }

    /// "Fin du saut".
    pub(crate) fn end_jump(&mut self) {
        if self.busy() {
            return;
        }
        let Some(game) = &mut self.game else { return };
        let action = game.end_chain();
        self.react(action);
    }

    fn react(&mut self, action: Action) {
        let t = self.lang.t();
        match action {
            Action::Play(played) => {
                self.message = None;
                self.commit(played);
            }
            Action::Selected => {
                let any = self.game.as_ref().is_some_and(|g| g.targets().any());
                self.say(if any { t.choose_destination } else { t.no_destination }, false);
            }
            Action::Hopped => self.say(t.chain_running, false),
            Action::Deselected => self.message = None,
            Action::Nothing => {
                let Some(game) = &self.game else { return };
                let position = game.position();
                let theirs = position.camp_pawns(position.turn().other());
                if game.selection.is_none() && theirs.contains(game.cursor) && game.human_to_move() {
                    self.say(t.not_your_pawn, false);
                }
            }
        }
    }

    /// Whether the computer is thinking or showing its move (the board does not take input).
    pub(crate) fn busy(&self) -> bool {
        self.thinking.is_some() || self.animation.is_some()
    }

    fn request_computer(&mut self) {
        let Some(game) = &self.game else { return };
        self.request += 1;
        let request = self.request;
        self.thinking = Some(request);
        let sender = self.sender.clone();
        computer::search_move(self.ai.clone(), *game.position(), game.history_hashes(), move |mv| {
            let _ = sender.send(Event::ComputerMove { request, mv });
        });
    }

    /// The computer's answer: shown hop by hop, then played.
    pub(crate) fn on_computer_move(&mut self, request: u64, mv: Move) {
        if self.thinking != Some(request) {
            return;
        }
        self.thinking = None;
        let Some(game) = &self.game else { return };
        self.animation = Some(Animation::new(game.checked_computer_move(mv)));
    }

    /// Time passes: the animation moves on.
    pub(crate) fn tick(&mut self) {
        self.ticks = self.ticks.wrapping_add(1);
        self.poll_network();
        self.tick_game_table();
        let Some(animation) = &mut self.animation else { return };
        if !super::move_animation::hop_tick(&mut animation.shown, &mut animation.wait, animation.path.len()) {
            return;
        }
        let played = animation.played.clone();
        self.animation = None;
        self.commit(played);
    }

    /// Skips the rest of the animation (any key while it runs).
    pub(crate) fn finish_animation(&mut self) {
        if let Some(animation) = self.animation.take() {
            self.commit(animation.played);
        }
    }

    /// "Indice": asks for a hint on another thread.
    pub(crate) fn request_hint(&mut self) {
        if self.busy() || self.hint_request.is_some() {
            return;
        }
        let Some(game) = &self.game else { return };
        if !game.human_to_move() {
            return;
        }
        self.request += 1;
        let request = self.request;
        self.hint_request = Some(request);
        let sender = self.sender.clone();
        computer::search_hint(*game.position(), game.history_hashes(), move |mv| {
            let _ = sender.send(Event::Hint { request, mv });
        });
    }

    /// The hint arrived: its path is drawn and named.
    pub(crate) fn on_hint(&mut self, request: u64, mv: Move) {
        if self.hint_request != Some(request) {
            return;
        }
        self.hint_request = None;
        let Some(game) = &mut self.game else { return };
        let Some(played) = game.checked_hint(mv) else { return };
        let text = format!("{} : {}", self.lang.t().hint_is, describe(self.lang, &played.notation));
        if let Some(from) = mv.from() {
            game.set_cursor(from);
        }
        game.hint = Some(played);
        self.say(text, false);
    }

    /// "Annuler": back to the player's previous turn.
    pub(crate) fn undo(&mut self) {
        let Some(game) = &self.game else { return };
        if game.position().is_over() {
            return;
        }
        let Some(count) = game.undo_count() else {
            self.say(self.lang.t().nothing_to_undo, false);
            return;
        };
        self.cancel_requests();
        if let Some(game) = &mut self.game {
            game.take_back(count);
            game.cursor_to_mover();
        }
        self.message = None;
        self.save();
    }

    /// Drops the computer's pending move or hint and any animation.
    pub(crate) fn cancel_requests(&mut self) {
        self.thinking = None;
        self.hint_request = None;
        self.animation = None;
        // A move half typed belongs to the game being left.
        self.move_input = None;
        self.stop_game_table();
    }

    /// Creates the computer opponent (solo) and the file of a new game (claimed now, so that no
    /// other game started in the same second can take it).
    pub(crate) fn begin_game_file(&mut self) {
        self.begin_opponent();
        // The previous game's file first: left empty, its name is given back.
        self.game_file = None;
        match self.store.as_ref().map(SaveStore::claim_game_file) {
            Some(Ok(file)) => self.game_file = Some(file),
            Some(Err(error)) => {
                let text = format!("{} : {}", self.lang.t().save_failed, self.lang.save_error(&error));
                self.say(text, true);
            }
            None => {}
        }
    }

    /// Creates the computer opponent of the game (solo), none otherwise.
    fn begin_opponent(&mut self) {
        self.ai = match self.game.as_ref().map(|g| g.setup.mode) {
            Some(Mode::Solo { level, seed }) => Some(Arc::new(Mutex::new(LazyAi::new(level, seed)))),
            _ => None,
        };
    }

    /// Saves the game as it is now. A game with no move yet is not written.
    pub(crate) fn save(&mut self) {
        let (Some(store), Some(file), Some(game)) = (&self.store, &self.game_file, &self.game) else {
            return;
        };
        if game.moves().is_empty() {
            return;
        }
        if let Err(error) = store.write(file.path(), game, None) {
            let text = format!("{} : {}", self.lang.t().save_failed, self.lang.save_error(&error));
            self.say(text, true);
        }
    }

    /// The same set-up again, the other side opening.
    pub(crate) fn rematch(&mut self) {
        let Some(game) = &self.game else { return };
        let setup = game.setup.rematch();
        self.start_game(setup);
    }
}

/// A move as the history shows it: the path, "Échange m1<>l2", or "tour passé".
pub(crate) fn describe(lang: tripot_app::i18n::Lang, notation: &Notation) -> String {
    let t = lang.t();
    match notation {
        Notation::Path(_) => notation.to_string(),
        Notation::Swap { .. } => format!("{} {notation}", t.swap_word),
        Notation::Pass => t.pass_word.to_owned(),
    }
}
