//! The star table one page plays, without any I/O: a [`TableRequest`] or a search's answer in,
//! the replies to send and the searches to start out. It drives the terminal's own
//! [`StarTable`] (`tripot_app::star_table`, `star_selection`, `star_computer`) and saves it as the
//! terminal does (`tripot_app::star_save`), so that either front-end resumes the other's tables; this
//! file only translates.

use tripot_engine::{Hole, StarMove, StarPosition, Variant};

use super::table_messages::{
    CorruptView, NewTable, SavedTableView, TableErrorCode, TableEventView, TableReply, TableRequest,
    VariantView,
};
use tripot_app::game_file::GameFile;
use tripot_app::save_store::SaveStore;
use tripot_app::star_save::{TableSaveError, table_of, unfinished_table, write_table};
use tripot_app::star_selection::{TableAction, next_hops};
use tripot_app::star_table::{StarPlayed, StarTable, TableEvent, TableTurn};
use tripot_app::table_setup::{SeatPlayer, TableOpener, TableSetup, TableSetupError};
use view::{event_view, game_name, move_view};

/// A search of the table to start off the socket's task. (No `Debug`: the table's computer
/// players have none worth printing.)
pub(crate) enum TableSearch {
    /// The computer player's move.
    Computer {
        /// To match the answer.
        request: u64,
        /// The table as it was asked (its game and the seat's computer player).
        table: Box<StarTable>,
    },
    /// A hint for the person to move.
    Hint {
        /// To match the answer.
        request: u64,
        /// The table as it was asked.
        table: Box<StarTable>,
    },
}

impl TableSearch {
    fn request(&self) -> u64 {
        match self {
            TableSearch::Computer { request, .. } | TableSearch::Hint { request, .. } => *request,
        }
    }
}

/// A search's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TableAnswer {
    /// The request it answers.
    pub(crate) request: u64,
    /// A hint (else the computer's move).
    pub(crate) hint: bool,
    /// The move found.
    pub(crate) mv: StarMove,
}

/// What handling one request produced.
#[derive(Default)]
pub(crate) struct TableReaction {
    /// To send, in order.
    pub(crate) send: Vec<TableReply>,
    /// To start.
    pub(crate) searches: Vec<TableSearch>,
}

impl TableReaction {
    fn error(code: TableErrorCode, detail: impl Into<String>) -> TableReaction {
        TableReaction { send: vec![TableReply::Error { code, detail: detail.into() }], searches: Vec::new() }
    }
}

/// A refusal before anything changed.
type Refusal = (TableErrorCode, String);

/// The table of one page.
#[derive(Default)]
pub(crate) struct PageTable {
    table: Option<StarTable>,
    /// Where the table is saved (claimed for a new table, the record's for a resumed one).
    file: Option<GameFile>,
    store: Option<SaveStore>,
    /// Numbers requests so that an answer to a table or a turn left behind is dropped.
    request: u64,
    thinking: Option<u64>,
    hint_request: Option<u64>,
    /// What the last change brought, sent with the state.
    news: Vec<TableEventView>,
}

impl PageTable {
    /// Handles one request of the page.
    pub(crate) fn handle(&mut self, request: TableRequest) -> TableReaction {
        let result = match request {
            TableRequest::Variants => Ok(variants()),
            TableRequest::New(new) => self.new_table(&new),
            TableRequest::Click { hole } => self.click(&hole),
            TableRequest::Hop { hole } => self.hop(&hole),
            TableRequest::Path { to } => self.path(&to),
            TableRequest::EndChain => self.end_chain(),
            TableRequest::Cancel => self.cancel(),
            TableRequest::Confirm => self.confirm(),
            TableRequest::Hint => self.hint(),
            TableRequest::Undo => self.undo(),
            TableRequest::Leave => Ok(self.leave()),
            TableRequest::Saved => saved_list(),
            TableRequest::Resume { id } => self.resume(&id),
        };
        result.unwrap_or_else(|(code, detail)| TableReaction::error(code, detail))
    }

    /// Whether `search` still matters (a search superseded by a new table, an undo or another
    /// request need not start at all).
    pub(crate) fn wants(&self, search: &TableSearch) -> bool {
        match search {
            TableSearch::Computer { .. } => self.thinking == Some(search.request()),
            TableSearch::Hint { .. } => self.hint_request == Some(search.request()),
        }
    }

    /// A search's answer: the computer's move is played, the hint shown; a stale one is dropped.
    pub(crate) fn on_answer(&mut self, answer: TableAnswer) -> TableReaction {
        if answer.hint {
            if self.hint_request != Some(answer.request) {
                return TableReaction::default();
            }
            self.hint_request = None;
            let Some(table) = &mut self.table else { return TableReaction::default() };
            let hint = table.checked_hint(answer.mv);
            table.set_hint(hint);
            self.news.clear();
            return self.state_only();
        }
        if self.thinking != Some(answer.request) {
            return TableReaction::default();
        }
        self.thinking = None;
        let Some(table) = &self.table else { return TableReaction::default() };
        let played = table.checked_computer_move(answer.mv);
        self.commit(played)
    }

    fn new_table(&mut self, new: &NewTable) -> Result<TableReaction, Refusal> {
        let variant: Variant = new
            .variant
            .parse()
            .map_err(|e: tripot_engine::VariantError| (TableErrorCode::BadVariant, e.to_string()))?;
        let seats = variant.seats().len();
        if new.players.len() != seats {
            return Err((
                TableErrorCode::BadSeats,
                format!("{variant} has {seats} seats but {} players were given", new.players.len()),
            ));
        }
        let players = new
            .players
            .iter()
            .map(|p| p.parse::<SeatPlayer>())
            .collect::<Result<Vec<_>, TableSetupError>>()
            .map_err(|e| (TableErrorCode::BadPlayer, e.to_string()))?;
        let opener = match new.opener {
            None | Some(1) => TableOpener::First,
            Some(0) => TableOpener::Draw,
            Some(n) if usize::from(n) <= seats => TableOpener::Seat(n),
            Some(n) => return Err((TableErrorCode::BadOpener, format!("{variant} has no seat {n}"))),
        };
        let start = match &new.position {
            Some(text) => StarPosition::parse(text, variant)
                .map_err(|e| (TableErrorCode::BadPosition, e.to_string()))?,
            None => StarPosition::start(variant, opener.resolve(variant))
                .map_err(|e| (TableErrorCode::BadVariant, e.to_string()))?,
        };
        let setup = TableSetup::new(variant, players, start.opener(), rand::random())
            .map_err(|e| (TableErrorCode::BadSeats, e.to_string()))?;
        let table = StarTable::from_position(setup, start);
        self.store = SaveStore::from_env().ok();
        // The previous table's file first: left empty, its name is given back.
        self.file = None;
        let file = match &self.store {
            Some(store) => Some(
                store.claim_game_file().map_err(|e| (TableErrorCode::SaveFailed, claim_error_words(&e)))?,
            ),
            None => None,
        };
        Ok(self.start(table, file))
    }

    /// Drops the table: an all-computer table would otherwise play on unseen.
    fn leave(&mut self) -> TableReaction {
        self.table = None;
        self.file = None;
        self.thinking = None;
        self.hint_request = None;
        self.news.clear();
        TableReaction::default()
    }

    fn resume(&mut self, id: &str) -> Result<TableReaction, Refusal> {
        let store = SaveStore::from_env().map_err(|e| (TableErrorCode::NoStore, e.to_string()))?;
        // The id is looked up among the tables offered, never used as a path.
        let saved = unfinished_table(&store)
            .open
            .into_iter()
            .find(|saved| id_of(&saved.path).as_deref() == Some(id))
            .ok_or_else(|| (TableErrorCode::UnknownTable, format!("no unfinished table '{id}'")))?;
        let table = table_of(&saved).map_err(|e| (TableErrorCode::UnknownTable, save_error_words(&e)))?;
        self.store = Some(store);
        Ok(self.start(table, Some(GameFile::existing(saved.path))))
    }

    fn start(&mut self, table: StarTable, file: Option<GameFile>) -> TableReaction {
        self.table = Some(table);
        self.file = file;
        self.thinking = None;
        self.hint_request = None;
        let mut reaction = TableReaction::default();
        self.after_move(&mut reaction, Vec::new());
        reaction
    }

    /// The table, if a person at this page may act on it now.
    fn playable(&mut self) -> Result<&mut StarTable, Refusal> {
        let thinking = self.thinking.is_some();
        let table = self.table.as_mut().ok_or_else(no_table)?;
        if table.outcome().is_some() {
            return Err(game_over());
        }
        if thinking || !table.human_to_move() {
            return Err((TableErrorCode::NotYourTurn, "a computer player is to move".to_owned()));
        }
        Ok(table)
    }

    /// As [`PageTable::playable`], with no move awaiting its confirmation.
    fn choosing(&mut self) -> Result<&mut StarTable, Refusal> {
        let table = self.playable()?;
        if table.pending().is_some() {
            return Err((TableErrorCode::ConfirmFirst, "a move awaits its confirmation".to_owned()));
        }
        Ok(table)
    }

    fn click(&mut self, hole: &str) -> Result<TableReaction, Refusal> {
        let hole = parse_hole(hole)?;
        let table = self.choosing()?;
        let position = *table.position();
        let picking = table.selection_path().is_none_or(|p| p.len() == 1);
        if let Some(seat) = position.seat_at(hole).filter(|&s| s != position.turn() && picking) {
            let targets = table.targets();
            if !(targets.steps | targets.jumps).contains(hole) {
                return Err((TableErrorCode::NotYourMarble, format!("{hole} holds a marble of {seat}")));
            }
        }
        let had_selection = table.selection_path().is_some();
        let action = table.act_on(hole);
        self.react(action, hole, had_selection)
    }

    fn hop(&mut self, hole: &str) -> Result<TableReaction, Refusal> {
        let hole = parse_hole(hole)?;
        let table = self.choosing()?;
        let path: tripot_engine::StarPath =
            table.selection_path().ok_or_else(no_selection)?.iter().copied().collect();
        let end = path[path.len() - 1];
        let ends_chain = path.len() > 1 && hole == end;
        if !ends_chain && !next_hops(table.position(), &path).contains(hole) {
            return Err(not_a_destination(hole));
        }
        let action = table.hop_on(hole);
        self.react(action, hole, true)
    }

    fn path(&mut self, to: &str) -> Result<TableReaction, Refusal> {
        let to = parse_hole(to)?;
        let table = self.choosing()?;
        if table.selection_path().is_none() {
            return Err(no_selection());
        }
        let cursor = table.cursor();
        table.set_cursor(to);
        let preview = table.preview();
        table.set_cursor(cursor);
        let holes = preview.ok_or_else(|| not_a_destination(to))?.iter().map(ToString::to_string).collect();
        Ok(TableReaction { send: vec![TableReply::Path { to: to.to_string(), holes }], searches: Vec::new() })
    }

    fn end_chain(&mut self) -> Result<TableReaction, Refusal> {
        let table = self.choosing()?;
        if table.selection_path().is_none_or(|p| p.len() <= 1) {
            return Err((TableErrorCode::NoChain, "no hop has been made".to_owned()));
        }
        let action = table.end_chain();
        let at = table.cursor();
        self.react(action, at, true)
    }

    fn cancel(&mut self) -> Result<TableReaction, Refusal> {
        let table = self.playable()?;
        if !table.cancel() {
            table.set_hint(None);
        }
        self.news.clear();
        Ok(self.state_only())
    }

    fn confirm(&mut self) -> Result<TableReaction, Refusal> {
        let table = self.playable()?;
        let played = table
            .confirm_pending()
            .ok_or_else(|| (TableErrorCode::NothingToConfirm, "no move awaits confirmation".to_owned()))?;
        Ok(self.commit(played))
    }

    fn hint(&mut self) -> Result<TableReaction, Refusal> {
        if self.hint_request.is_some() {
            return Err((TableErrorCode::HintPending, "a hint is already being searched".to_owned()));
        }
        let table = Box::new(self.choosing()?.clone());
        self.request += 1;
        self.hint_request = Some(self.request);
        self.news.clear();
        let mut reaction = self.state_only();
        reaction.searches.push(TableSearch::Hint { request: self.request, table });
        Ok(reaction)
    }

    fn undo(&mut self) -> Result<TableReaction, Refusal> {
        let table = self.table.as_mut().ok_or_else(no_table)?;
        if table.outcome().is_some() {
            return Err(game_over());
        }
        let count = table
            .undo_count()
            .ok_or_else(|| (TableErrorCode::NothingToUndo, "no move of a person to take back".to_owned()))?;
        table.take_back(count);
        // The computer's search or the hint belonged to the position left.
        self.thinking = None;
        self.hint_request = None;
        let mut reaction = TableReaction::default();
        self.save(&mut reaction);
        self.after_move(&mut reaction, Vec::new());
        Ok(reaction)
    }

    /// What a person's click did.
    fn react(
        &mut self,
        action: TableAction,
        hole: Hole,
        had_selection: bool,
    ) -> Result<TableReaction, Refusal> {
        match action {
            TableAction::Play(played) => Ok(self.commit(played)),
            TableAction::Confirm(_)
            | TableAction::Selected
            | TableAction::Deselected
            | TableAction::Hopped => {
                self.news.clear();
                Ok(self.state_only())
            }
            TableAction::Refused(why) => Err((TableErrorCode::Refused, why.to_string())),
            TableAction::Nothing if had_selection => Err(not_a_destination(hole)),
            TableAction::Nothing => {
                Err((TableErrorCode::NotYourMarble, format!("{hole} holds no marble the seat may pick")))
            }
        }
    }

    /// Plays a move through the engine, announces it, saves, then hands the turn on.
    fn commit(&mut self, played: StarPlayed) -> TableReaction {
        let Some(table) = &mut self.table else { return TableReaction::default() };
        let events = match table.commit(played) {
            Ok(events) => events,
            Err(why) => return TableReaction::error(TableErrorCode::Refused, why.to_string()),
        };
        let mut reaction = TableReaction::default();
        if let Some(played) = table.moves().last() {
            reaction.send.push(TableReply::Moved(move_view(table, played)));
        }
        self.save(&mut reaction);
        self.after_move(&mut reaction, events);
        reaction
    }

    /// Passes blocked seats (each announced), starts the computer's search if one is to move,
    /// and sends the state with what happened.
    fn after_move(&mut self, reaction: &mut TableReaction, mut events: Vec<TableEvent>) {
        let Some(table) = &mut self.table else { return };
        let before = table.moves().len();
        let (turn, more) = table.next_turn();
        events.extend(more);
        for played in &table.moves()[before..] {
            reaction.send.push(TableReply::Moved(move_view(table, played)));
        }
        if let TableTurn::Computer(_) = turn {
            self.request += 1;
            self.thinking = Some(self.request);
            reaction
                .searches
                .push(TableSearch::Computer { request: self.request, table: Box::new(table.clone()) });
        }
        let passed = table.moves().len() > before;
        self.news = events.iter().map(event_view).collect();
        if passed {
            self.save(reaction);
        }
        if let Some(state) = self.state() {
            reaction.send.push(TableReply::State(Box::new(state)));
        }
    }

    /// Writes the table as the terminal does; a table with no move yet is not written unless
    /// its file already holds a record (an undo back to the start).
    fn save(&self, reaction: &mut TableReaction) {
        let (Some(store), Some(file), Some(table)) = (&self.store, &self.file, &self.table) else { return };
        let written = std::fs::metadata(file.path()).is_ok_and(|m| m.len() > 0);
        if table.moves().is_empty() && !written {
            return;
        }
        if let Err(error) = write_table(store, file.path(), table) {
            reaction.send.push(TableReply::Error {
                code: TableErrorCode::SaveFailed,
                detail: save_error_words(&error),
            });
        }
    }

    fn state_only(&self) -> TableReaction {
        TableReaction {
            send: self.state().map(|s| TableReply::State(Box::new(s))).into_iter().collect(),
            searches: Vec::new(),
        }
    }
}

/// Every variant with its seats, and who may sit at a seat.
fn variants() -> TableReaction {
    let variants = Variant::ALL
        .into_iter()
        .map(|v| VariantView {
            name: v.name(),
            game: game_name(v.game()).to_owned(),
            seats: v.seats().iter().map(|s| s.code().to_owned()).collect(),
        })
        .collect();
    let players = SeatPlayer::ALL.iter().map(|p| p.key().to_owned()).collect();
    TableReaction { send: vec![TableReply::Variants { variants, players }], searches: Vec::new() }
}

/// The unfinished tables of the store, and the files set aside because they do not read.
fn saved_list() -> Result<TableReaction, Refusal> {
    let store = SaveStore::from_env().map_err(|e| (TableErrorCode::NoStore, e.to_string()))?;
    let found = unfinished_table(&store);
    let tables = found
        .open
        .iter()
        .filter_map(|saved| {
            Some(SavedTableView {
                id: id_of(&saved.path)?,
                variant: saved.record.variant().name(),
                players: saved
                    .record
                    .tag("Table")
                    .unwrap_or_default()
                    .split(',')
                    .map(str::to_owned)
                    .collect(),
                moves: saved.replay.moves.len(),
                date: saved.record.tag("Date").map(str::to_owned),
            })
        })
        .collect();
    let corrupt = found
        .moved
        .iter()
        .map(|(to, error)| CorruptView {
            file: to.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(),
            reason: save_error_words(error),
        })
        .collect();
    Ok(TableReaction { send: vec![TableReply::Saved { tables, corrupt }], searches: Vec::new() })
}

/// The id a saved table is offered under: its file's name without the folder or extension.
fn id_of(path: &std::path::Path) -> Option<String> {
    path.file_stem().map(|s| s.to_string_lossy().into_owned())
}

/// An error of a saved table in words, without the folder it lives in.
fn save_error_words(error: &TableSaveError) -> String {
    match error {
        TableSaveError::Io { source, .. } => source.to_string(),
        TableSaveError::Record { source, .. } => source.to_string(),
        TableSaveError::Unreadable { source, .. } => source.to_string(),
        TableSaveError::Setup { source, .. } => source.to_string(),
        TableSaveError::NotATable(_) => "not a table of this program".to_owned(),
    }
}

/// Why a table's file could not be claimed, without the folder it lives in.
fn claim_error_words(error: &tripot_app::save_store::SaveError) -> String {
    match error {
        tripot_app::save_store::SaveError::Io { source, .. } => source.to_string(),
        other => other.to_string(),
    }
}

fn parse_hole(text: &str) -> Result<Hole, Refusal> {
    text.parse::<Hole>().map_err(|e| (TableErrorCode::BadHole, e.to_string()))
}

fn no_table() -> Refusal {
    (TableErrorCode::NoTable, "no table started".to_owned())
}

fn game_over() -> Refusal {
    (TableErrorCode::GameOver, "the game is over".to_owned())
}

fn no_selection() -> Refusal {
    (TableErrorCode::NoSelection, "no marble is picked".to_owned())
}

fn not_a_destination(to: Hole) -> Refusal {
    (TableErrorCode::NotADestination, format!("{to} is not a destination of the picked marble"))
}

#[path = "page_table_view.rs"]
mod view;

#[cfg(test)]
#[path = "page_table_tests.rs"]
mod tests;
