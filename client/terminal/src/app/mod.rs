//! The one mutable state of the terminal game, with its behaviour split by topic:
//! [`menu`] (the main menu's settings), `play` (the duel's own screen: the online duel, and
//! `App::start_game` for its tests), `resume` (the unfinished games offered at start, resumed at the one table),
//! [`online`] (the online pages, carrying out what the online game asks), [`open_games`] (the
//! LAN and lobby lists), [`game_table`] (any game at the one `tripot_app::table::Table`:
//! draughts…) and [`online_table`] (an online game the duel's screen does not draw, on
//! `tripot_app::online_table::OnlineTable`). The games themselves — on this device and online —, their set-up, the
//! network and the saves are the front-end-independent [`tripot_app`].
//!
//! The event loop hands every [`Event`] to [`App::handle_event`]; tests do the same.

use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};

use ratatui::Frame;
use tripot_engine::{Hole, Position};

use crate::event::Event;
use tripot_app::i18n::Lang;
use tripot_app::network::Network;
use tripot_app::save_store::SaveStore;

pub mod game_table;
pub mod menu;
mod move_animation;
pub mod online;
pub mod online_table;
pub mod open_games;
pub(crate) mod play;
pub mod ratings;
mod resume;
mod rules;
pub mod table_menu;

pub use game_table::GameTable;
pub use menu::{HostGame, Menu, MenuItem};
pub use online_table::OnlineTableScreen;
pub use open_games::{LOBBY_PAGE, ListKind, OpenGameList};
pub use play::Animation;
pub use table_menu::{TableLine, TableMenu};
pub use tripot_app::local_game::{Game, Played};
pub use tripot_app::online_game::{Connection, Online, RematchOffer, Restored, Route, Side};
pub use tripot_app::setup::{Mode, OpenerChoice, Setup};

/// Which screen is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    /// The main menu.
    Menu,
    /// The rules.
    Rules,
    /// A game (with the end-of-game panel once it is over).
    Game,
    /// "A game was left unfinished: resume it?"
    Resume,
    /// Online: type the host's address or a room code.
    Join,
    /// Online: the players hosting on the LAN.
    Lan,
    /// Online: the open tables at a relay.
    Lobby,
    /// Online: waiting for the opponent, then the game.
    Online,
    /// The set-up form of a game on this device: game, seats, who opens.
    TableMenu,
    /// Any game at the one table (draughts…).
    GameTable,
    /// Online: a game the duel's screen does not draw, at the one table.
    OnlineTable,
    /// A relay's ratings tables.
    Ratings,
}

/// A clickable area remembered while drawing, so that a click maps back to what was drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Button {
    /// "Fin du saut".
    EndJump,
    /// "Indice".
    Hint,
    /// "Annuler".
    Undo,
    /// Coordinates on/off.
    Coords,
    /// Back to the menu.
    Menu,
    /// End screen: play again.
    Rematch,
    /// Resume prompt: resume.
    Resume,
    /// Resume prompt: start afresh.
    NewGame,
    /// A menu line.
    MenuLine(usize),
    /// A menu setting's "previous" arrow.
    MenuPrev(usize),
    /// A menu setting's "next" arrow.
    MenuNext(usize),
    /// Online: resign.
    Resign,
    /// Online game over: decline the opponent's rematch.
    Decline,
    /// Online: claim the game after the grace period.
    Claim,
    /// Online: keep waiting for the opponent.
    KeepWaiting,
    /// Join page: join.
    JoinGo,
    /// LAN or lobby page: a game's line (index in the whole list).
    OpenGame(usize),
    /// Lobby page: open one's own table.
    OpenTable,
}

/// Where things were drawn last frame.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Hits {
    /// Board geometry: top-left cell of screen column x = -12, row r = 8, and the cell size.
    pub(crate) board: Option<BoardGeometry>,
    /// Buttons and menu lines: (x, y, width, button).
    pub(crate) buttons: Vec<(u16, u16, u16, Button)>,
    /// Where the one board widget drew each cell of any game.
    pub(crate) cells: Option<crate::ui::cell_board::CellHits>,
}

/// How holes map to terminal cells: hole `h` with `screen() = (x, r)` is drawn at column
/// `left + (x + 12) * sx`, line `top + (8 - r) * sy`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct BoardGeometry {
    pub(crate) left: u16,
    pub(crate) top: u16,
    pub(crate) sx: u16,
    pub(crate) sy: u16,
}

impl BoardGeometry {
    pub(crate) fn cell(&self, hole: Hole) -> (u16, u16) {
        let (x, r) = hole.screen();
        let col = self.left + (x + 12) as u16 * self.sx;
        let line = self.top + (8 - r) as u16 * self.sy;
        (col, line)
    }

    /// The hole drawn at (or right beside) a terminal cell.
    pub(crate) fn hole_at(&self, column: u16, line: u16) -> Option<Hole> {
        Hole::all().find(|&h| {
            let (c, l) = self.cell(h);
            l == line && column + 1 >= c && column <= c + 1 && (self.sx > 1 || column == c)
        })
    }
}

impl Hits {
    pub(crate) fn button_at(&self, column: u16, line: u16) -> Option<Button> {
        self.buttons
            .iter()
            .find(|&&(x, y, w, _)| y == line && column >= x && column < x + w)
            .map(|&(_, _, _, b)| b)
    }
}

/// A message under the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Message {
    pub(crate) text: String,
    /// Shown with emphasis (a passed turn, an error).
    pub(crate) strong: bool,
}

/// The terminal game.
pub struct App {
    pub(crate) lang: Lang,
    pub(crate) page: Page,
    pub(crate) menu: Menu,
    pub(crate) game: Option<Game>,
    pub(crate) store: Option<SaveStore>,
    /// The unfinished game found at start, while the resume prompt is shown.
    /// The unfinished games offered at start, and the one chosen.
    pub(crate) resume_choices: Vec<tripot_app::resume_choice::ResumeChoice>,
    pub(crate) resume_selected: usize,
    /// The player asked once for a new game on the resume prompt: a second ask abandons the
    /// unfinished one.
    pub(crate) new_game_asked: bool,
    /// The file the current game is saved to.
    pub(crate) game_file: Option<tripot_app::game_file::GameFile>,
    /// The computer opponent of the current solo game, shared with its search thread.
    pub(crate) ai: Option<Arc<Mutex<tripot_app::computer::LazyAi>>>,
    pub(crate) sender: Sender<Event>,
    pub(crate) hits: Hits,
    pub(crate) message: Option<Message>,
    /// A move being typed in notation (`:` in a game), shown on the message line.
    pub(crate) move_input: Option<String>,
    /// Request number of the computer's move or the hint being computed.
    pub(crate) request: u64,
    pub(crate) thinking: Option<u64>,
    pub(crate) hint_request: Option<u64>,
    pub(crate) animation: Option<Animation>,
    pub(crate) ticks: u64,
    pub(crate) rules_scroll: u16,
    /// Whose rules the rules page shows.
    pub(crate) rules_family: tripot_game::catalogue::Family,
    /// The page the rules page goes back to.
    pub(crate) rules_back: Page,
    /// How far the rules page can scroll, as last drawn (its wrapped lines less the frame).
    pub(crate) rules_max_scroll: u16,
    pub(crate) running: bool,
    /// What starts online sessions; created on first use unless a test gave one.
    pub(crate) network: Option<Box<dyn Network>>,
    pub(crate) online: Option<Online>,
    /// The LAN or lobby page's list.
    pub(crate) open_games: Option<OpenGameList>,
    /// The join page's text field.
    pub(crate) join_input: String,
    /// Opened by `tripot host/join/lan`: leaving the online screens ends the program.
    pub(crate) online_only: bool,
    /// The star table's set-up page.
    pub(crate) table_menu: TableMenu,
    /// The table of any game being played or last played.
    pub(crate) game_table: Option<GameTable>,
    /// An online game at the one table.
    pub(crate) online_table: Option<OnlineTableScreen>,
    /// Why the online game left last never started (see `take_online_failure`).
    pub(crate) online_failure: Option<tripot_app::online_notice::Warning>,
    /// The ratings page, while open.
    pub(crate) ratings: Option<ratings::RatingsPage>,
}

impl App {
    /// A new app on the main menu. With a store, games are saved there, and an unfinished one
    /// is offered for resumption (a corrupt save is moved aside and reported).
    #[must_use]
    pub fn new(lang: Lang, store: Option<SaveStore>, sender: Sender<Event>) -> App {
        let mut app = App {
            lang,
            page: Page::Menu,
            menu: Menu::default(),
            game: None,
            store,
            resume_choices: Vec::new(),
            resume_selected: 0,
            new_game_asked: false,
            game_file: None,
            ai: None,
            sender,
            hits: Hits::default(),
            message: None,
            move_input: None,
            request: 0,
            thinking: None,
            hint_request: None,
            animation: None,
            ticks: 0,
            rules_scroll: 0,
            rules_family: tripot_game::catalogue::Family::Tripot,
            rules_back: Page::Menu,
            rules_max_scroll: 0,
            running: true,
            network: None,
            online: None,
            open_games: None,
            join_input: String::new(),
            online_only: false,
            table_menu: TableMenu::default(),
            game_table: None,
            online_table: None,
            online_failure: None,
            ratings: None,
        };
        app.look_for_unfinished_games();
        app
    }

    /// Whether the app still runs (false once the player quits).
    #[must_use]
    pub fn running(&self) -> bool {
        self.running
    }

    /// The page shown.
    #[must_use]
    pub fn page(&self) -> Page {
        self.page
    }

    /// The game being played or last played.
    #[must_use]
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// The menu's state.
    #[must_use]
    pub fn menu(&self) -> &Menu {
        &self.menu
    }

    /// Whether the computer is searching.
    #[must_use]
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// Whether a computer move is being shown hop by hop.
    #[must_use]
    pub fn is_animating(&self) -> bool {
        self.animation.is_some() || self.game_table.as_ref().is_some_and(GameTable::is_animating)
    }

    /// The message under the board, if any.
    #[must_use]
    pub fn message(&self) -> Option<&str> {
        self.message.as_ref().map(|m| m.text.as_str())
    }

    /// Where the last frame drew `hole` (column, line), for clicking on it.
    #[must_use]
    pub fn hole_cell(&self, hole: Hole) -> Option<(u16, u16)> {
        self.hits.board.map(|b| b.cell(hole))
    }

    /// Where the last frame drew `button` (its first column, its line).
    #[must_use]
    pub fn button_cell(&self, button: Button) -> Option<(u16, u16)> {
        self.hits.buttons.iter().find(|b| b.3 == button).map(|b| (b.0, b.1))
    }

    /// Starts a game from the standard set-up.
    pub fn start_game(&mut self, setup: Setup) {
        let start = Position::start(setup.format, setup.rules, setup.opener);
        self.start_from(setup, start);
    }

    /// Starts a game from any position (its side to move opens): for tests and set-up games.
    pub fn start_from(&mut self, setup: Setup, start: Position) {
        self.cancel_requests();
        self.game = Some(Game::new(setup, start));
        self.page = Page::Game;
        self.message = None;
        self.begin_game_file();
        self.after_move();
    }

    /// Reacts to one event: the same function serves the terminal loop and the tests.
    pub fn handle_event(&mut self, event: Event) {
        crate::handlers::handle(self, event);
    }

    /// Draws the current page.
    pub fn draw(&mut self, frame: &mut Frame<'_>) {
        crate::ui::draw(self, frame);
    }

    pub(crate) fn quit(&mut self) {
        self.cancel_requests();
        self.running = false;
    }

    pub(crate) fn back_to_menu(&mut self) {
        self.cancel_requests();
        self.page = Page::Menu;
        self.message = None;
        self.online = None;
        self.online_table = None;
        self.open_games = None;
        if self.online_only {
            self.quit();
        }
    }

    /// The text typed on the join page.
    #[must_use]
    pub fn join_input(&self) -> &str {
        &self.join_input
    }

    pub(crate) fn say(&mut self, text: impl Into<String>, strong: bool) {
        self.message = Some(Message { text: text.into(), strong });
    }
}
