//! The game one page plays, without any I/O: a [`ClientMessage`] or a search's answer in, the
//! messages to send and the searches to start out. It drives the same [`Game`] the terminal
//! does ([`tripot_app`]): selection, chains, undo, the automatic passes and the engine's
//! checks all live there; this file only translates.

use std::sync::{Arc, Mutex};

use tripot_ai::Level;
use tripot_engine::{Camp, Colour, Format, Hole, HoleSet, Move, Notation, Position, Rules, WinReason};

use super::board_clicks::{self as clicks, ClickRefused};
use super::board_messages::BoardAction;
use super::messages::{
    ClientMessage, ColourView, ErrorCode, GameMode, Hello, HoleView, LevelView, MoveKind, MoveView, NewGame,
    Next, Opener, OutcomeView, PROTOCOL_VERSION, PawnView, SelectionView, ServerMessage, StateView,
};
use super::page_play::{PagePlay, PlayReaction, PlaySearch};
use super::page_saves::PageSaves;
use super::saves_messages::SavesRequest;
use tripot_app::computer::LazyAi;
use tripot_app::local_game::{Action, Game, Played, next_hops};
use tripot_app::setup::{Mode, OpenerChoice, Setup};
use tripot_app::turns::NextTurn;

/// A search to start off the socket's task; its answer comes back through
/// [`PageGame::on_answer`] with the same `request`. (No `Debug`: the computer player has none.)
pub(crate) enum Search {
    /// The computer's move in solo.
    Computer {
        /// To match the answer.
        request: u64,
        /// The opponent (built by its first search, on the search thread).
        ai: Arc<Mutex<LazyAi>>,
        /// Where it plays.
        position: Position,
        /// Hashes of the positions so far.
        history: Vec<u64>,
    },
    /// A hint for the player.
    Hint {
        /// To match the answer.
        request: u64,
        /// Where the player plays.
        position: Position,
        /// Hashes of the positions so far.
        history: Vec<u64>,
    },
    /// The one table's search.
    Play(PlaySearch),
}

/// A search's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Answer {
    /// The computer's move.
    Computer {
        /// The request it answers.
        request: u64,
        /// The move found.
        mv: Move,
    },
    /// The hint.
    Hint {
        /// The request it answers.
        request: u64,
        /// The move suggested.
        mv: Move,
    },
    /// The one table's search.
    Play(tripot_app::table_computer::Answer),
}

/// What handling one message produced.
#[derive(Default)]
pub(crate) struct Reaction {
    /// To send, in order.
    pub(crate) send: Vec<ServerMessage>,
    /// To start.
    pub(crate) searches: Vec<Search>,
}

impl Reaction {
    fn error(code: ErrorCode, detail: impl Into<String>) -> Reaction {
        Reaction { send: vec![ServerMessage::Error { code, detail: detail.into() }], searches: Vec::new() }
    }
}

/// A refusal before anything changed.
type Refusal = (ErrorCode, String);

/// The game of one page.
#[derive(Default)]
pub(crate) struct PageGame {
    game: Option<Game>,
    ai: Option<Arc<Mutex<LazyAi>>>,
    /// Numbers requests so that an answer to a game or a turn left behind is dropped.
    request: u64,
    thinking: Option<u64>,
    hint_request: Option<u64>,
    play: PagePlay,
    /// The game's file, the records listed and the one in the replay viewer.
    saves: PageSaves,
    /// `tripot web --lang`, told in the hello.
    lang: Option<tripot_app::i18n::Lang>,
}

impl PageGame {
    /// A page whose games are saved with `saves`, told the language `lang` in its hello.
    pub(crate) fn with_saves(saves: PageSaves, lang: Option<tripot_app::i18n::Lang>) -> PageGame {
        let play = PagePlay::with_store(tripot_app::save_store::SaveStore::from_env().ok());
        PageGame { saves, lang, play, ..PageGame::default() }
    }

    /// The first message of a socket.
    pub(crate) fn hello(&self) -> ServerMessage {
        let holes = Hole::all()
            .map(|hole| {
                let (x, y) = hole.screen();
                HoleView {
                    name: hole.to_string(),
                    x,
                    y,
                    branch: Colour::of_hole(hole).map(|c| c.code().to_owned()),
                }
            })
            .collect();
        let levels = Level::ALL
            .into_iter()
            .map(|level| LevelView {
                key: level.key().to_owned(),
                number: level.number(),
                name_fr: level.label_fr().to_owned(),
                name_en: level.label_en().to_owned(),
                opponent: level.opponent().to_owned(),
            })
            .collect();
        let lang = self.lang.map(|lang| lang.code().to_owned());
        ServerMessage::Hello(Hello { protocol: PROTOCOL_VERSION, holes, levels, lang })
    }

    /// Handles one message of the page.
    pub(crate) fn handle(&mut self, message: ClientMessage) -> Reaction {
        let result = match message {
            ClientMessage::NewGame(new_game) => self.new_game(&new_game),
            ClientMessage::Board(BoardAction::Select { hole }) => self.select(&hole),
            ClientMessage::Board(BoardAction::Path { to }) => self.path(&to),
            ClientMessage::Board(BoardAction::Move { to }) => self.play_to(&to),
            ClientMessage::Board(BoardAction::Hop { to }) => self.hop(&to),
            ClientMessage::Board(BoardAction::EndChain) => self.end_chain(),
            ClientMessage::Board(BoardAction::Cancel) => self.cancel(),
            ClientMessage::Hint => self.hint(),
            ClientMessage::Undo => self.undo(),
            ClientMessage::Play(request) => return play_reaction(self.play.handle(request)),
            // The socket hands these to the page's online game and to the relay's ratings; one that
            // reaches the duel is refused, the duel unchanged.
            ClientMessage::Online(_) => {
                Err((ErrorCode::BadMessage, "online requests are not the duel's".to_owned()))
            }
            ClientMessage::Ratings(_) => {
                Err((ErrorCode::BadMessage, "ratings requests are the socket's".to_owned()))
            }
            ClientMessage::Saves(request) => self.saves_request(request),
        };
        result.unwrap_or_else(|(code, detail)| Reaction::error(code, detail))
    }

    /// Whether `search` still matters: its request is the one awaited (a search superseded by
    /// a new game, an undo or another request need not start at all).
    pub(crate) fn wants(&self, search: &Search) -> bool {
        match search {
            Search::Computer { request, .. } => self.thinking == Some(*request),
            Search::Hint { request, .. } => self.hint_request == Some(*request),
            Search::Play(search) => self.play.wants(search),
        }
    }

    /// A search's answer: the computer's move is played, the hint shown; a stale one is dropped.
    pub(crate) fn on_answer(&mut self, answer: Answer) -> Reaction {
        match answer {
            Answer::Computer { request, mv } => {
                if self.thinking != Some(request) {
                    return Reaction::default();
                }
                self.thinking = None;
                let Some(game) = &self.game else { return Reaction::default() };
                let played = game.checked_computer_move(mv);
                self.commit(played, true)
            }
            Answer::Hint { request, mv } => {
                if self.hint_request != Some(request) {
                    return Reaction::default();
                }
                self.hint_request = None;
                let Some(game) = &mut self.game else { return Reaction::default() };
                game.hint = game.checked_hint(mv);
                self.state_only()
            }
            Answer::Play(answer) => play_reaction(self.play.on_answer(answer)),
        }
    }

    fn new_game(&mut self, new_game: &NewGame) -> Result<Reaction, Refusal> {
        let level = match &new_game.level {
            Some(text) => text.parse::<Level>().map_err(|e| (ErrorCode::BadLevel, e.to_string()))?,
            None => Level::Facile,
        };
        let start = match &new_game.position {
            Some(text) => {
                let position = Position::parse(text, Rules::Tripot)
                    .map_err(|e| (ErrorCode::BadPosition, e.to_string()))?;
                if new_game.format.is_some_and(|n| n != position.format().number()) {
                    return Err((ErrorCode::BadFormat, "the position's format differs".to_owned()));
                }
                position
            }
            None => {
                let n = new_game.format.unwrap_or(1);
                let format = Format::from_number(n)
                    .ok_or_else(|| (ErrorCode::BadFormat, format!("format {n}: 1, 2 or 3")))?;
                let opener = match new_game.opener {
                    Opener::First => OpenerChoice::First,
                    Opener::Second => OpenerChoice::Second,
                    Opener::Draw => OpenerChoice::Draw,
                }
                .resolve();
                Position::start(format, Rules::Tripot, opener)
            }
        };
        let mode = match new_game.mode {
            GameMode::Solo => Mode::Solo { level, seed: rand::random() },
            GameMode::Duel => Mode::Duel,
        };
        let setup = Setup { mode, format: start.format(), rules: Rules::Tripot, opener: start.turn() };
        self.ai = match mode {
            Mode::Solo { level, seed } => Some(Arc::new(Mutex::new(LazyAi::new(level, seed)))),
            Mode::Duel | Mode::Online { .. } => None,
        };
        self.thinking = None;
        self.hint_request = None;
        self.game = Some(Game::new(setup, start));
        let claimed = self.saves.new_game();
        let mut reaction = Reaction::default();
        if let Err((code, detail)) = claimed {
            reaction.send.push(ServerMessage::Error { code, detail });
        }
        self.after_move(&mut reaction);
        Ok(reaction)
    }

    /// Saved games, the replay viewer, resuming, a typed move (see `page_saves`).
    fn saves_request(&mut self, request: SavesRequest) -> Result<Reaction, Refusal> {
        let send = |send: Vec<ServerMessage>| Ok(Reaction { send, searches: Vec::new() });
        match request {
            SavesRequest::List => send(vec![ServerMessage::Records(self.saves.list())]),
            SavesRequest::Open { id } => {
                let (replay, frame) = self.saves.open(&id)?;
                send(vec![ServerMessage::Replay(replay), ServerMessage::ReplayFrame(frame)])
            }
            SavesRequest::Show { index } => send(vec![ServerMessage::ReplayFrame(self.saves.show(index)?)]),
            SavesRequest::Resume { id } => {
                let game = self.saves.resume(&id)?;
                self.ai = match game.setup.mode {
                    Mode::Solo { level, seed } => Some(Arc::new(Mutex::new(LazyAi::new(level, seed)))),
                    Mode::Duel | Mode::Online { .. } => None,
                };
                self.thinking = None;
                self.hint_request = None;
                self.game = Some(game);
                let mut reaction = Reaction::default();
                self.after_move(&mut reaction);
                Ok(reaction)
            }
            SavesRequest::Play { notation } => {
                let typed: Notation = notation
                    .parse()
                    .map_err(|e: tripot_engine::NotationError| (ErrorCode::BadNotation, e.to_string()))?;
                let game = self.playable()?;
                let verified = game
                    .position()
                    .verify(&typed)
                    .map_err(|e| (ErrorCode::IllegalMove, format!("{typed}: {e}")))?;
                Ok(self.commit(Played { mv: verified.mv, notation: verified.notation }, false))
            }
        }
    }

    /// The game, if the player may act on it now.
    fn playable(&mut self) -> Result<&mut Game, Refusal> {
        let thinking = self.thinking.is_some();
        let game = self.game.as_mut().ok_or((ErrorCode::NoGame, "no game started".to_owned()))?;
        if game.position().is_over() {
            return Err((ErrorCode::GameOver, "the game is over".to_owned()));
        }
        if thinking || !game.human_to_move() {
            return Err((ErrorCode::NotYourTurn, "the computer is to move".to_owned()));
        }
        Ok(game)
    }

    fn select(&mut self, hole: &str) -> Result<Reaction, Refusal> {
        let hole = clicks::hole(hole).map_err(refused)?;
        clicks::select(self.playable()?, hole).map_err(refused)?;
        Ok(self.state_only())
    }

    fn path(&mut self, to: &str) -> Result<Reaction, Refusal> {
        let to = clicks::hole(to).map_err(refused)?;
        let holes = clicks::path(self.playable()?, to).map_err(refused)?;
        Ok(Reaction { send: vec![ServerMessage::Path { to: to.to_string(), holes }], searches: Vec::new() })
    }

    fn play_to(&mut self, to: &str) -> Result<Reaction, Refusal> {
        let to = clicks::hole(to).map_err(refused)?;
        let action = clicks::play_to(self.playable()?, to).map_err(refused)?;
        Ok(self.react(action))
    }

    fn hop(&mut self, to: &str) -> Result<Reaction, Refusal> {
        let to = clicks::hole(to).map_err(refused)?;
        let action = clicks::hop(self.playable()?, to).map_err(refused)?;
        Ok(self.react(action))
    }

    fn end_chain(&mut self) -> Result<Reaction, Refusal> {
        let game = self.playable()?;
        match game.end_chain() {
            Action::Play(played) => Ok(self.commit(played, false)),
            _ => Err((ErrorCode::NoChain, "no hop has been made".to_owned())),
        }
    }

    fn cancel(&mut self) -> Result<Reaction, Refusal> {
        let game = self.playable()?;
        if !game.cancel() {
            game.hint = None;
        }
        Ok(self.state_only())
    }

    fn hint(&mut self) -> Result<Reaction, Refusal> {
        if self.hint_request.is_some() {
            return Err((ErrorCode::HintPending, "a hint is already being searched".to_owned()));
        }
        let game = self.playable()?;
        let (position, history) = (*game.position(), game.history_hashes());
        self.request += 1;
        self.hint_request = Some(self.request);
        let mut reaction = self.state_only();
        reaction.searches.push(Search::Hint { request: self.request, position, history });
        Ok(reaction)
    }

    fn undo(&mut self) -> Result<Reaction, Refusal> {
        let game = self.game.as_mut().ok_or((ErrorCode::NoGame, "no game started".to_owned()))?;
        if game.position().is_over() {
            return Err((ErrorCode::GameOver, "the game is over".to_owned()));
        }
        let count = game
            .undo_count()
            .ok_or_else(|| (ErrorCode::NothingToUndo, "no move of yours to take back".to_owned()))?;
        game.take_back(count);
        // The computer's search or the hint belonged to the position left.
        self.thinking = None;
        self.hint_request = None;
        let mut reaction = Reaction::default();
        self.after_move(&mut reaction);
        Ok(reaction)
    }

    /// What the game's selection did.
    fn react(&mut self, action: Action) -> Reaction {
        match action {
            Action::Play(played) => self.commit(played, false),
            Action::Nothing | Action::Selected | Action::Deselected | Action::Hopped => self.state_only(),
        }
    }

    /// Plays a move (the engine checks it again), announces it, then hands the turn on.
    fn commit(&mut self, played: Played, by_computer: bool) -> Reaction {
        let mut reaction = Reaction::default();
        let Some(game) = &mut self.game else { return reaction };
        if !game.position().is_legal(played.mv) {
            return Reaction::error(ErrorCode::NotADestination, format!("{} is illegal", played.notation));
        }
        let camp = game.position().turn();
        game.push(played.clone());
        reaction.send.push(ServerMessage::MovePlayed(move_view(camp, by_computer, &played.notation)));
        self.after_move(&mut reaction);
        reaction
    }

    /// Passes blocked sides (each announced), starts the computer's search if it is to move,
    /// and sends the state.
    fn after_move(&mut self, reaction: &mut Reaction) {
        let Some(game) = &mut self.game else { return };
        let before = game.moves().len();
        let (next, _) = game.pass_blocked_sides();
        for i in before..game.moves().len() {
            let camp = game.mover_of(i);
            let by_computer = !game.setup.is_human(camp);
            reaction.send.push(ServerMessage::MovePlayed(move_view(camp, by_computer, &Notation::Pass)));
        }
        if let Err((code, detail)) = self.saves.save(game) {
            reaction.send.push(ServerMessage::Error { code, detail });
        }
        if next == NextTurn::Computer
            && let Some(ai) = &self.ai
        {
            self.request += 1;
            self.thinking = Some(self.request);
            reaction.searches.push(Search::Computer {
                request: self.request,
                ai: Arc::clone(ai),
                position: *game.position(),
                history: game.history_hashes(),
            });
        }
        if let Some(state) = self.state() {
            reaction.send.push(ServerMessage::State(Box::new(state)));
        }
    }

    fn state_only(&self) -> Reaction {
        Reaction {
            send: self.state().map(|s| ServerMessage::State(Box::new(s))).into_iter().collect(),
            searches: Vec::new(),
        }
    }

    /// The board of another game (the online one), drawn as the duel's.
    pub(crate) fn view_of(game: &Game) -> Option<StateView> {
        PageGame { game: Some(game.clone()), ..PageGame::default() }.state()
    }

    /// The state the page draws.
    pub(crate) fn state(&self) -> Option<StateView> {
        let game = self.game.as_ref()?;
        let position = game.position();
        let names = |set: HoleSet| set.iter().map(|h| h.to_string()).collect::<Vec<_>>();
        let colours = position.format().all_colours();
        let pawns = colours
            .iter()
            .flat_map(|&colour| {
                position
                    .pawns(colour)
                    .iter()
                    .map(move |hole| PawnView { hole: hole.to_string(), colour: colour.code().to_owned() })
            })
            .collect();
        let selection = game.selection.as_ref().map(|selection| {
            let targets = game.targets();
            SelectionView {
                path: selection.path.iter().map(ToString::to_string).collect(),
                steps: names(targets.steps),
                jumps: names(targets.jumps),
                swaps: names(targets.swaps),
                hops: names(next_hops(position, &selection.path)),
            }
        });
        let history: Vec<MoveView> = game
            .moves()
            .iter()
            .enumerate()
            .map(|(i, played)| {
                let camp = game.mover_of(i);
                move_view(camp, !game.setup.is_human(camp), &played.notation)
            })
            .collect();
        let next = if position.is_over() {
            Next::Over
        } else if game.setup.is_human(position.turn()) {
            Next::Player
        } else {
            Next::Computer
        };
        let level = game.setup.level();
        Some(StateView {
            mode: if level.is_some() { GameMode::Solo } else { GameMode::Duel },
            level: level.map(|l| l.key().to_owned()),
            opponent: level.map(|l| l.opponent().to_owned()),
            format: position.format().number(),
            position: position.to_string(),
            turn: position.turn().to_string(),
            next,
            pawns,
            colours: colours
                .iter()
                .map(|c| ColourView {
                    colour: c.code().to_owned(),
                    camp: c.camp().to_string(),
                    goal: c.opposite().code().to_owned(),
                })
                .collect(),
            selection,
            last_move: history.last().map(|m| m.path.clone()).unwrap_or_default(),
            hint: game.hint.as_ref().map(|h| move_view(position.turn(), false, &h.notation)),
            hint_pending: self.hint_request.is_some(),
            arrived: [position.arrived(Camp::A), position.arrived(Camp::B)],
            distance: [position.total_distance(Camp::A), position.total_distance(Camp::B)],
            can_undo: !position.is_over() && game.undo_count().is_some(),
            outcome: position.outcome().map(|o| OutcomeView {
                winner: o.winner.to_string(),
                reason: match o.reason {
                    WinReason::Goal => "goal",
                    WinReason::Count { .. } => "count",
                }
                .to_owned(),
            }),
            history,
        })
    }
}

/// The one table's reaction in the socket's terms.
fn play_reaction(reaction: PlayReaction) -> Reaction {
    Reaction {
        send: reaction.send.into_iter().map(ServerMessage::Play).collect(),
        searches: reaction.searches.into_iter().map(Search::Play).collect(),
    }
}

/// A refused click, worded for the duel's errors.
fn refused(refusal: ClickRefused) -> Refusal {
    match refusal {
        ClickRefused::BadHole { why, .. } => (ErrorCode::BadHole, why),
        ClickRefused::NotYourPawn(hole) => {
            (ErrorCode::NotYourPawn, format!("{hole} holds no pawn of the side to move"))
        }
        ClickRefused::NoSelection => (ErrorCode::NoSelection, "no pawn is picked".to_owned()),
        ClickRefused::NotADestination(to) => {
            (ErrorCode::NotADestination, format!("{to} is not a destination of the picked pawn"))
        }
    }
}

/// A move as the page shows it.
pub(super) fn move_view(camp: Camp, by_computer: bool, notation: &Notation) -> MoveView {
    let (kind, path) = match notation {
        Notation::Path(path) => (MoveKind::Path, path.iter().map(ToString::to_string).collect()),
        Notation::Swap { mine, theirs } => (MoveKind::Swap, vec![mine.to_string(), theirs.to_string()]),
        Notation::Pass => (MoveKind::Pass, Vec::new()),
    };
    MoveView { camp: camp.to_string(), by_computer, kind, notation: notation.to_string(), path }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::panic)]
mod tests {
    use super::*;

    fn solo(opener: Opener) -> NewGame {
        NewGame { mode: GameMode::Solo, level: Some("debutant".into()), format: None, opener, position: None }
    }

    fn last_state(reaction: &Reaction) -> StateView {
        reaction
            .send
            .iter()
            .rev()
            .find_map(|m| match m {
                ServerMessage::State(state) => Some((**state).clone()),
                _ => None,
            })
            .unwrap()
    }

    fn computer_request(reaction: &Reaction) -> (u64, Position) {
        match reaction.searches.as_slice() {
            [Search::Computer { request, position, .. }] => (*request, *position),
            _ => panic!("no computer search started"),
        }
    }

    #[test]
    fn the_computers_answer_to_a_position_taken_back_is_dropped() {
        let mut page = PageGame::default();
        page.handle(ClientMessage::NewGame(solo(Opener::First)));
        page.handle(ClientMessage::Board(BoardAction::Select { hole: "m4".into() }));
        let moved = page.handle(ClientMessage::Board(BoardAction::Move { to: "m5".into() }));
        let (request, position) = computer_request(&moved);
        assert!(page.wants(&moved.searches[0]));
        let undone = page.handle(ClientMessage::Undo);
        assert!(!page.wants(&moved.searches[0]), "the search of the position left is not needed");
        let state = last_state(&undone);
        assert!(state.history.is_empty());
        assert_eq!(state.next, Next::Player);
        // The search of the position left answers late: nothing happens.
        let mv = position.legal_moves()[0];
        let late = page.on_answer(Answer::Computer { request, mv });
        assert!(late.send.is_empty());
        assert!(page.state().unwrap().history.is_empty());
    }

    #[test]
    fn the_player_cannot_act_while_the_computer_thinks_and_its_move_is_checked() {
        let mut page = PageGame::default();
        let started = page.handle(ClientMessage::NewGame(solo(Opener::Second)));
        let (request, position) = computer_request(&started);
        assert_eq!(last_state(&started).next, Next::Computer);
        let refused = page.handle(ClientMessage::Board(BoardAction::Select { hole: "m4".into() }));
        assert!(matches!(
            refused.send.as_slice(),
            [ServerMessage::Error { code: ErrorCode::NotYourTurn, .. }]
        ));
        // An illegal answer (a failed search) is replaced by a legal move, never played as is.
        let answered = page.on_answer(Answer::Computer { request, mv: Move::Pass });
        assert!(
            matches!(&answered.send[0], ServerMessage::MovePlayed(m) if m.by_computer && m.kind == MoveKind::Path)
        );
        let state = last_state(&answered);
        assert_eq!((state.history.len(), state.next), (1, Next::Player));
        assert_ne!(state.position, position.to_string());
        // A second answer to the same request is dropped.
        assert!(page.on_answer(Answer::Computer { request, mv: Move::Pass }).send.is_empty());
        assert_eq!(page.state().unwrap().history.len(), 1);
    }

    #[test]
    fn a_hint_is_shown_once_and_a_second_request_waits_for_it() {
        let mut page = PageGame::default();
        page.handle(ClientMessage::NewGame(solo(Opener::First)));
        let asked = page.handle(ClientMessage::Hint);
        let (request, position) = match asked.searches.as_slice() {
            [Search::Hint { request, position, .. }] => (*request, *position),
            _ => panic!("no hint search"),
        };
        assert!(last_state(&asked).hint_pending);
        let again = page.handle(ClientMessage::Hint);
        assert!(matches!(again.send.as_slice(), [ServerMessage::Error { code: ErrorCode::HintPending, .. }]));
        let mv = position.legal_moves()[0];
        let shown = last_state(&page.on_answer(Answer::Hint { request, mv }));
        assert_eq!(shown.hint.unwrap().notation, position.notation(mv).to_string());
        assert!(!shown.hint_pending);
    }
}
