//! The table one page plays, any game of the catalogue, without any I/O: a [`PlayRequest`] or a
//! search's answer in, the replies to send and the searches to start out. It drives
//! `tripot_app`'s one table controller ([`Table`]: seats, turns, the automatic passes, the move
//! picked hop by hop from the legal moves, the game's warnings, undo, the record rewritten after
//! every move), as the terminal does; this file only translates, and names no game's types.

use tripot_app::save_store::SaveStore;
use tripot_app::seat_draw::draw_opener;
use tripot_app::seat_kind::SeatKind;
use tripot_app::table::{PersonAction, Table, TableMoveError, Turn};
use tripot_app::table_computer::{Answer, Answered, Search, SearchKind};
use tripot_app::table_event::TableEvent;
use tripot_app::table_save::{EveryGame, SavedGame, TableSaveError};
use tripot_game::{Cell, GameSpec, OpenError, Opener as _, Seat, Setup, catalogue};

use super::board_messages::BoardAction;
use super::play_messages::{
    CorruptFileView, GameView, NewPlay, PlayErrorCode, PlayReply, PlayRequest, SavedPlayView,
};

#[path = "page_play_view.rs"]
mod view;

pub(crate) use view::{move_view as table_move_view, table_view};

use view::{move_view, position_at};

/// A search of the table to start off the socket's task, with the table's generation when it
/// was asked: an answer to another generation is stale. (No `Debug`: the computer player has
/// none worth printing.)
pub(crate) struct PlaySearch {
    /// The table's generation when asked.
    pub(crate) generation: u64,
    /// The search itself, run by the server's pool.
    pub(crate) search: Search,
}

/// What handling one request produced.
#[derive(Default)]
pub(crate) struct PlayReaction {
    /// To send, in order.
    pub(crate) send: Vec<PlayReply>,
    /// To start.
    pub(crate) searches: Vec<PlaySearch>,
}

impl PlayReaction {
    fn error(code: PlayErrorCode, detail: impl Into<String>) -> PlayReaction {
        PlayReaction { send: vec![PlayReply::Error { code, detail: detail.into() }], searches: Vec::new() }
    }
}

/// A refusal before anything changed.
type Refusal = (PlayErrorCode, String);

/// The table of one page.
#[derive(Default)]
pub(crate) struct PagePlay {
    /// Where tables are saved and found again (none: nothing is saved).
    store: Option<SaveStore>,
    table: Option<Table>,
    /// The generation whose computer's search is awaited.
    thinking: Option<u64>,
    /// The generation whose hint is awaited.
    hint_asked: Option<u64>,
    /// What the last change brought, sent with the state.
    news: Vec<TableEvent>,
}

impl PagePlay {
    /// A page's table saving into `store`.
    pub(crate) fn with_store(store: Option<SaveStore>) -> PagePlay {
        PagePlay { store, ..PagePlay::default() }
    }

    /// Handles one request of the page.
    pub(crate) fn handle(&mut self, request: PlayRequest) -> PlayReaction {
        let result = match request {
            PlayRequest::Games => Ok(games()),
            PlayRequest::New(new) => self.new_table(&new),
            PlayRequest::Board(BoardAction::Select { hole }) => self.select(&hole),
            PlayRequest::Board(BoardAction::Move { to }) => self.click(&to),
            PlayRequest::Board(BoardAction::Hop { to }) => self.hop(&to),
            PlayRequest::Board(BoardAction::Path { to }) => self.path(&to),
            PlayRequest::Board(BoardAction::EndChain) => self.end_chain(),
            PlayRequest::Board(BoardAction::Cancel) => self.cancel(),
            PlayRequest::Drop { from, to } => self.drop_on(&from, &to),
            PlayRequest::Look { at } => {
                self.table.as_ref().ok_or_else(no_table).and_then(|t| position_at(t, at))
            }
            PlayRequest::Confirm => self.confirm(),
            PlayRequest::Hint => self.hint(),
            PlayRequest::Undo => self.undo(),
            PlayRequest::Typed { notation } => self.typed(&notation),
            PlayRequest::Leave => Ok(self.leave()),
            PlayRequest::Saved => self.saved_list(),
            PlayRequest::Resume { id } => self.resume(&id),
        };
        result.unwrap_or_else(|(code, detail)| PlayReaction::error(code, detail))
    }

    /// Whether `search` still matters: the table has not moved on since it was asked.
    pub(crate) fn wants(&self, search: &PlaySearch) -> bool {
        let Some(table) = &self.table else { return false };
        let awaited = match search.search.kind() {
            SearchKind::Move(_) => self.thinking,
            SearchKind::Hint(_) => self.hint_asked,
        };
        awaited == Some(search.generation) && table.generation() == search.generation
    }

    /// A search's answer: the computer's move is played, the hint shown; a stale one is dropped.
    pub(crate) fn on_answer(&mut self, answer: Answer) -> PlayReaction {
        let Some(table) = &mut self.table else { return PlayReaction::default() };
        let hint = matches!(answer.kind, SearchKind::Hint(_));
        match table.answer(answer) {
            Answered::Stale => PlayReaction::default(),
            Answered::Hint(_) => {
                self.hint_asked = None;
                self.news.clear();
                self.state_only()
            }
            Answered::Played(events) => {
                if !hint {
                    self.thinking = None;
                }
                self.played(events)
            }
        }
    }

    fn new_table(&mut self, new: &NewPlay) -> Result<PlayReaction, Refusal> {
        let spec = GameSpec::new(&new.game).map_err(|e| (PlayErrorCode::BadGame, e.to_string()))?;
        let info = catalogue::find(&spec)
            .ok_or_else(|| (PlayErrorCode::BadGame, format!("{spec} is not a game of the catalogue")))?;
        if new.players.len() != usize::from(info.seats) {
            return Err((
                PlayErrorCode::BadSeats,
                format!("{spec} has {} seats but {} players were given", info.seats, new.players.len()),
            ));
        }
        let mut seats = new
            .players
            .iter()
            .map(|p| p.parse::<SeatKind>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| (PlayErrorCode::BadPlayer, e.to_string()))?;
        let opener = match new.opener {
            None => None,
            Some(0) => draw_opener(info, &mut seats, rand::random()),
            Some(n) if n <= info.seats => Some(Seat(n - 1)),
            Some(n) => return Err((PlayErrorCode::BadOpener, format!("{spec} has no seat {n}"))),
        };
        let setup = Setup { opener, position: new.position.clone() };
        let state = EveryGame.open(&spec, &setup).map_err(|e| match e {
            OpenError::Spec(_) => (PlayErrorCode::BadGame, e.to_string()),
            OpenError::NotASeat { .. } => (PlayErrorCode::BadOpener, e.to_string()),
            OpenError::Position { .. } | OpenError::OpenerMismatch { .. } => {
                (PlayErrorCode::BadPosition, e.to_string())
            }
        })?;
        let mut table = Table::new(state, seats, rand::random())
            .map_err(|e| (PlayErrorCode::BadPlayer, e.to_string()))?;
        // The previous table goes first: its file, left empty, is given back.
        self.table = None;
        let mut reaction = PlayReaction::default();
        if let Some(store) = &self.store {
            let saved = store.claim_game_file().map(|file| table.save_to(file));
            if let Err(e) | Ok(Err(e)) = saved {
                reaction
                    .send
                    .push(PlayReply::Error { code: PlayErrorCode::SaveFailed, detail: e.to_string() });
            }
        }
        self.start(table, reaction)
    }

    fn start(&mut self, table: Table, mut reaction: PlayReaction) -> Result<PlayReaction, Refusal> {
        self.table = Some(table);
        self.thinking = None;
        self.hint_asked = None;
        self.after_move(&mut reaction, Vec::new());
        Ok(reaction)
    }

    /// Drops the table: an all-computer table would otherwise play on unseen.
    fn leave(&mut self) -> PlayReaction {
        self.table = None;
        self.thinking = None;
        self.hint_asked = None;
        self.news.clear();
        PlayReaction::default()
    }

    fn resume(&mut self, id: &str) -> Result<PlayReaction, Refusal> {
        // The id is looked up among the tables offered, never used as a path.
        self.resume_where(|saved| id_of(saved).as_deref() == Some(id), id)
    }

    /// Sits down again at the unfinished table saved in `path` (a record the saves list
    /// offered: any game, older duel records too).
    pub(crate) fn resume_file(&mut self, path: &std::path::Path) -> PlayReaction {
        let id = id_of_path(path).unwrap_or_default();
        self.resume_where(|saved| saved.path == path, &id)
            .unwrap_or_else(|(code, detail)| PlayReaction::error(code, detail))
    }

    fn resume_where(
        &mut self,
        found: impl Fn(&SavedGame) -> bool,
        id: &str,
    ) -> Result<PlayReaction, Refusal> {
        let store = self.store.as_ref().ok_or_else(no_store)?;
        let saved = store
            .unfinished_games()
            .open
            .into_iter()
            .find(|saved| found(saved))
            .ok_or_else(|| (PlayErrorCode::UnknownTable, format!("no unfinished table '{id}'")))?;
        let table = Table::resume(saved).map_err(|e| (PlayErrorCode::UnknownTable, save_error_words(&e)))?;
        self.start(table, PlayReaction::default())
    }

    /// The table, if a person at this page may act on it now.
    fn playable(&mut self) -> Result<&mut Table, Refusal> {
        let table = self.table.as_mut().ok_or_else(no_table)?;
        if table.state().outcome().is_some() {
            return Err(game_over());
        }
        if !table.person_to_move() {
            return Err((PlayErrorCode::NotYourTurn, "a computer player is to move".to_owned()));
        }
        Ok(table)
    }

    /// As [`PagePlay::playable`], with no move waiting for its confirmation.
    fn choosing(&mut self) -> Result<&mut Table, Refusal> {
        let table = self.playable()?;
        if table.pending().is_some() {
            return Err((PlayErrorCode::ConfirmFirst, "a move waits for its confirmation".to_owned()));
        }
        Ok(table)
    }

    /// Picks the piece on `name`, dropping any selection.
    fn select(&mut self, name: &str) -> Result<PlayReaction, Refusal> {
        let table = self.choosing()?;
        let cell = cell_named(table, name)?;
        while table.cancel() {}
        let action = table.act_on(cell);
        self.react(action, name, false)
    }

    /// A click on `name` with a piece picked: a whole move ending there, the next hop, or
    /// another piece picked.
    fn click(&mut self, name: &str) -> Result<PlayReaction, Refusal> {
        let table = self.choosing()?;
        let cell = cell_named(table, name)?;
        if table.picker().picked().is_empty() {
            return Err(no_selection());
        }
        let action = table.act_on(cell);
        self.react(action, name, true)
    }

    fn hop(&mut self, name: &str) -> Result<PlayReaction, Refusal> {
        let table = self.choosing()?;
        let cell = cell_named(table, name)?;
        if table.picker().picked().is_empty() {
            return Err(no_selection());
        }
        let action = table.hop_on(cell);
        self.react(action, name, true)
    }

    /// A piece dragged from `from` and dropped on `to`: a whole move ending there, or one hop
    /// of a chain (the chain's piece dragged again goes on from where it stands).
    fn drop_on(&mut self, from: &str, to: &str) -> Result<PlayReaction, Refusal> {
        let table = self.choosing()?;
        let (start, end) = (cell_named(table, from)?, cell_named(table, to)?);
        let picked = table.picker().picked();
        let chaining = picked.len() > 1 && picked.last() == Some(&start);
        if !chaining {
            while table.cancel() {}
            if table.act_on(start) == PersonAction::Picked(tripot_app::move_picker::PickAction::Nothing) {
                return Err(picked_nothing(from, false));
            }
        }
        let action = table.act_on(end);
        if matches!(action, PersonAction::Picked(tripot_app::move_picker::PickAction::Nothing)) {
            // A drop off the piece's moves leaves nothing picked.
            while table.cancel() {}
        }
        self.react(action, to, true)
    }

    fn path(&mut self, name: &str) -> Result<PlayReaction, Refusal> {
        let table = self.choosing()?;
        let cell = cell_named(table, name)?;
        if table.picker().picked().is_empty() {
            return Err(no_selection());
        }
        let m = table.preview(cell).ok_or_else(|| picked_nothing(name, true))?;
        let state = table.state();
        let board = state.board();
        let cells = state.path(&m).iter().filter_map(|&c| board.cell(c).map(|v| v.name.clone())).collect();
        Ok(PlayReaction { send: vec![PlayReply::Path { to: name.to_owned(), cells }], searches: Vec::new() })
    }

    fn end_chain(&mut self) -> Result<PlayReaction, Refusal> {
        let table = self.choosing()?;
        if table.picker().picked().len() < 2 {
            return Err((PlayErrorCode::NoChain, "no hop has been made".to_owned()));
        }
        match table.end_chain() {
            PersonAction::Picked(tripot_app::move_picker::PickAction::Nothing) => {
                Err((PlayErrorCode::NoChain, "the cells picked are no whole move".to_owned()))
            }
            action => self.react(action, "", true),
        }
    }

    fn cancel(&mut self) -> Result<PlayReaction, Refusal> {
        let table = self.playable()?;
        table.cancel();
        self.news.clear();
        Ok(self.state_only())
    }

    fn confirm(&mut self) -> Result<PlayReaction, Refusal> {
        let table = self.playable()?;
        match table.confirm() {
            None => Err((PlayErrorCode::NothingToConfirm, "no move waits for confirmation".to_owned())),
            Some(Ok(action)) => self.react(action, "", false),
            Some(Err(e)) => Err((PlayErrorCode::Refused, e.to_string())),
        }
    }

    fn typed(&mut self, notation: &str) -> Result<PlayReaction, Refusal> {
        let table = self.choosing()?;
        match table.typed_move(notation) {
            Ok(action) => self.react(action, notation, true),
            Err(TableMoveError::NotYourTurn) => {
                Err((PlayErrorCode::NotYourTurn, "a computer player is to move".to_owned()))
            }
            Err(TableMoveError::Refused(why)) => Err((PlayErrorCode::Refused, format!("{notation}: {why}"))),
        }
    }

    fn hint(&mut self) -> Result<PlayReaction, Refusal> {
        let pending = self.hint_asked;
        let table = self.choosing()?;
        let generation = table.generation();
        if pending == Some(generation) {
            return Err((PlayErrorCode::HintPending, "a hint is already being searched".to_owned()));
        }
        let search = table
            .hint_search()
            .ok_or_else(|| (PlayErrorCode::NotYourTurn, "no person is to move".to_owned()))?;
        self.hint_asked = Some(generation);
        self.news.clear();
        let mut reaction = self.state_only();
        reaction.searches.push(PlaySearch { generation, search });
        Ok(reaction)
    }

    fn undo(&mut self) -> Result<PlayReaction, Refusal> {
        let table = self.table.as_mut().ok_or_else(no_table)?;
        if table.state().outcome().is_some() {
            return Err(game_over());
        }
        if !table.undo() {
            return Err((PlayErrorCode::NothingToUndo, "no move of a person to take back".to_owned()));
        }
        let mut reaction = PlayReaction::default();
        self.after_move(&mut reaction, Vec::new());
        Ok(reaction)
    }

    /// What a person's pick, click or typed move led to; `name` is the cell acted on,
    /// `picking` whether a piece was picked before.
    fn react(&mut self, action: PersonAction, name: &str, picking: bool) -> Result<PlayReaction, Refusal> {
        match action {
            PersonAction::Played(events) => Ok(self.played(events)),
            PersonAction::Picked(tripot_app::move_picker::PickAction::Nothing) => {
                Err(picked_nothing(name, picking))
            }
            // A page's table has no remote seat: nothing is sent from it (`Sent` is online play's).
            PersonAction::Picked(_) | PersonAction::Confirm(..) | PersonAction::Sent(_) => {
                self.news.clear();
                Ok(self.state_only())
            }
        }
    }

    /// A move was played: announced, then the turn handed on.
    fn played(&mut self, events: Vec<TableEvent>) -> PlayReaction {
        let mut reaction = PlayReaction::default();
        if let Some(table) = &self.table
            && let Some(last) = table.last_move()
        {
            reaction.send.push(PlayReply::Moved(move_view(table, &last)));
        }
        self.after_move(&mut reaction, events);
        reaction
    }

    /// Plays the passes the game makes by itself (each announced), starts the computer's search
    /// if one is to move, and sends the state with what happened.
    fn after_move(&mut self, reaction: &mut PlayReaction, mut events: Vec<TableEvent>) {
        let Some(table) = &mut self.table else { return };
        let before = table.state().moves().len();
        let (turn, more) = table.next_turn();
        events.extend(more);
        // The passes the game played by itself, each announced.
        let history = view::played(table);
        for past in history.iter().skip(before) {
            reaction.send.push(PlayReply::Moved(move_view(table, past)));
        }
        if let Turn::Computer(_) = turn {
            let generation = table.generation();
            if self.thinking != Some(generation)
                && let Some(search) = table.computer_search()
            {
                self.thinking = Some(generation);
                reaction.searches.push(PlaySearch { generation, search });
            }
        }
        if let Some(error) = table.take_save_error() {
            reaction
                .send
                .push(PlayReply::Error { code: PlayErrorCode::SaveFailed, detail: error.to_string() });
        }
        self.news = events;
        reaction.send.extend(self.state_view().map(|s| PlayReply::State(Box::new(s))));
    }

    fn state_only(&self) -> PlayReaction {
        PlayReaction {
            send: self.state_view().map(|s| PlayReply::State(Box::new(s))).into_iter().collect(),
            searches: Vec::new(),
        }
    }
}

/// The cell named `name` on the table's board.
fn cell_named(table: &Table, name: &str) -> Result<Cell, Refusal> {
    table
        .state()
        .board()
        .named(name)
        .map(|c| c.cell)
        .ok_or_else(|| (PlayErrorCode::BadCell, format!("'{name}' is not a cell of the board")))
}

/// Every game of the catalogue, and who may sit at a seat.
fn games() -> PlayReaction {
    let games = catalogue::catalogue()
        .iter()
        .map(|g| GameView {
            name: g.name.to_owned(),
            family: g.family.key().to_owned(),
            seats: g.seats,
            geometry: crate::play_messages::GeometryView::of(g.geometry),
            title_fr: g.title.fr.to_owned(),
            title_en: g.title.en.to_owned(),
            description_fr: g.description.fr.to_owned(),
            description_en: g.description.en.to_owned(),
            opener_fixed: g.opener_fixed,
        })
        .collect();
    let players = SeatKind::ALL.iter().map(|k| k.key().to_owned()).collect();
    PlayReaction { send: vec![PlayReply::Games { games, players }], searches: Vec::new() }
}

impl PagePlay {
    /// The unfinished tables of the store, any game (older duel and star records too), and the
    /// files set aside because they do not read.
    fn saved_list(&self) -> Result<PlayReaction, Refusal> {
        let store = self.store.as_ref().ok_or_else(no_store)?;
        let found = store.unfinished_games();
        let tables = found
            .open
            .iter()
            .filter_map(|saved| {
                let (seats, _) = saved.seats()?;
                Some(SavedPlayView {
                    id: id_of(saved)?,
                    game: saved.replay.state.spec().as_str().to_owned(),
                    players: seats.iter().map(|s| s.key().to_owned()).collect(),
                    moves: saved.replay.state.moves().len(),
                    date: saved.record.tag("Date").map(str::to_owned),
                })
            })
            .collect();
        let corrupt = found
            .moved
            .iter()
            .map(|(to, error)| CorruptFileView {
                file: to.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(),
                reason: save_error_words(error),
            })
            .collect();
        Ok(PlayReaction { send: vec![PlayReply::Saved { tables, corrupt }], searches: Vec::new() })
    }
}

/// The id a saved table is offered under: its file's name without the folder or extension.
pub(super) fn id_of(saved: &SavedGame) -> Option<String> {
    id_of_path(&saved.path)
}

pub(super) fn id_of_path(path: &std::path::Path) -> Option<String> {
    path.file_stem().map(|s| s.to_string_lossy().into_owned())
}

/// An error of a saved table in words, without the folder it lives in.
fn save_error_words(error: &TableSaveError) -> String {
    match error {
        TableSaveError::Record { source, .. } => source.to_string(),
        TableSaveError::Replay { source, .. } => source.to_string(),
        TableSaveError::Table { source, .. } => source.to_string(),
        TableSaveError::NotATable(_) => "not a table of this device".to_owned(),
        TableSaveError::Store(e) => e.to_string(),
    }
}

/// A pick or click that led nowhere: `name` is no piece that may move (nothing was picked
/// before), or no cell the picked piece may go to.
fn picked_nothing(name: &str, picking: bool) -> Refusal {
    if picking {
        (PlayErrorCode::NotADestination, format!("{name} is not a destination of the picked piece"))
    } else {
        (PlayErrorCode::NotPickable, format!("no legal move starts on {name}"))
    }
}

fn no_store() -> Refusal {
    (PlayErrorCode::NoStore, "no folder to save games in on this computer".to_owned())
}

fn no_table() -> Refusal {
    (PlayErrorCode::NoTable, "no table started".to_owned())
}

fn game_over() -> Refusal {
    (PlayErrorCode::GameOver, "the game is over".to_owned())
}

fn no_selection() -> Refusal {
    (PlayErrorCode::NoSelection, "no piece is picked".to_owned())
}

#[cfg(test)]
#[path = "page_play_tests.rs"]
mod tests;
