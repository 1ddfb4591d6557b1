//! The one mutable state of the terminal game, with its behaviour split by topic:
//! [`menu`] (the main menu's settings), `resume` (the unfinished games offered at start, resumed at the one table),
//! [`online`] (starting online sessions, the join page), [`open_games`] (the
//! LAN and lobby lists), [`game_table`] (any game at the one `tripot_app::table::Table`)
//! and [`online_table`] (an online game of any two-seat game at the one table, on
//! `tripot_app::online_table::OnlineTable`). The games themselves — on this device and online —, their set-up, the
//! network and the saves are the front-end-independent [`tripot_app`].
//!
//! The event loop hands every [`Event`] to [`App::handle_event`]; tests do the same.

use std::sync::mpsc::Sender;

use ratatui::Frame;

use crate::event::Event;
use tripot_app::i18n::Lang;
use tripot_app::network::Network;
use tripot_app::save_store::SaveStore;

pub mod game_table;
pub mod menu;
mod move_animation;
pub mod online;
pub mod online_seats;
pub mod online_table;
pub mod open_games;
mod preferences;
pub mod quick_table;
pub mod ratings;
mod resume;
mod rules;
pub mod table_menu;

pub use game_table::GameTable;
pub use menu::{HostGame, Menu, MenuItem};
pub use online_seats::OnlineSeatsScreen;
pub use online_table::OnlineTableScreen;
pub use open_games::{LOBBY_PAGE, ListKind, OpenGameList};
pub use quick_table::{QuickTableGame, QuickTableWait};
pub use table_menu::{Hosting, Meeting, TableLine, TableMenu};
pub use tripot_app::online_connection::{Connection, RematchOffer, Route, Side};
pub use tripot_app::setup::OpenerChoice;

/// Which screen is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    /// The main menu.
    Menu,
    /// The rules.
    Rules,
    /// "A game was left unfinished: resume it?"
    Resume,
    /// Online: type the host's address or a room code.
    Join,
    /// Online: the players hosting on the LAN.
    Lan,
    /// Online: the open tables at a relay.
    Lobby,
    /// The set-up form of a game on this device: game, seats, who opens.
    TableMenu,
    /// Any game at the one table (draughts…).
    GameTable,
    /// Online: any game of two seats at the one table (its waiting page before the game).
    OnlineTable,
    /// Online: a table of 2–6 seats at the one table (its seats being taken before the game).
    OnlineSeats,
    /// Online: a quick match for a table of 3–6 seats, under way.
    QuickTable,
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
    /// Online table: vote for another game.
    Vote,
    /// Online table: offer a draw.
    OfferDraw,
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
    /// Buttons and menu lines: (x, y, width, button).
    pub(crate) buttons: Vec<(u16, u16, u16, Button)>,
    /// Where the one board widget drew each cell of any game.
    pub(crate) cells: Option<crate::ui::cell_board::CellHits>,
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
    pub(crate) store: Option<SaveStore>,
    /// The unfinished game found at start, while the resume prompt is shown.
    /// The unfinished games offered at start, and the one chosen.
    pub(crate) resume_choices: Vec<tripot_app::resume_choice::ResumeChoice>,
    pub(crate) resume_selected: usize,
    /// The player asked once for a new game on the resume prompt: a second ask abandons the
    /// unfinished one.
    pub(crate) new_game_asked: bool,
    pub(crate) sender: Sender<Event>,
    pub(crate) hits: Hits,
    pub(crate) message: Option<Message>,
    /// A move being typed in notation (`:` in a game), shown on the message line.
    pub(crate) move_input: Option<String>,
    /// Number of the last search asked of a computer (its answer names it).
    pub(crate) request: u64,
    pub(crate) ticks: u64,
    pub(crate) rules_scroll: u16,
    /// Whose rules the rules page shows.
    pub(crate) rules_family: tripot_game::catalogue::Family,
    /// The page the rules page goes back to.
    pub(crate) rules_back: Page,
    /// The family of the last game left for the menu (its table let go once saved): the
    /// menu's « Règles » opens its rules.
    pub(crate) last_played: Option<tripot_game::catalogue::Family>,
    /// How far the rules page can scroll, as last drawn (its wrapped lines less the frame).
    pub(crate) rules_max_scroll: u16,
    pub(crate) running: bool,
    /// What starts online sessions; created on first use unless a test gave one.
    pub(crate) network: Option<Box<dyn Network>>,
    /// The LAN or lobby page's list.
    pub(crate) open_games: Option<OpenGameList>,
    /// The join page's text field.
    pub(crate) join_input: String,
    /// The join page: what a table's link is joined for (the first free seat, one chosen, or to watch).
    pub(crate) join_wants: tripot_protocol::table::Wants,
    /// Opened by `tripot host/join/lan`: leaving the online screens ends the program.
    pub(crate) online_only: bool,
    /// The star table's set-up page.
    pub(crate) table_menu: TableMenu,
    /// The table of any game being played or last played.
    pub(crate) game_table: Option<GameTable>,
    /// An online game at the one table.
    pub(crate) online_table: Option<OnlineTableScreen>,
    /// An online table of 2–6 seats at the one table.
    pub(crate) online_seats: Option<OnlineSeatsScreen>,
    /// A quick match for a table, until it is settled.
    pub(crate) quick_table: Option<QuickTableWait>,
    /// Why the online game left last never started (see `take_online_failure`).
    pub(crate) online_failure: Option<tripot_app::online_notice::Warning>,
    /// The ratings page, while open.
    pub(crate) ratings: Option<ratings::RatingsPage>,
    /// The level and the cells' names chosen last, kept from one start to the next.
    pub(crate) preferences: tripot_app::preferences::Preferences,
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
            store,
            resume_choices: Vec::new(),
            resume_selected: 0,
            new_game_asked: false,
            sender,
            hits: Hits::default(),
            message: None,
            move_input: None,
            request: 0,
            ticks: 0,
            rules_scroll: 0,
            rules_family: tripot_game::catalogue::Family::Tripot,
            rules_back: Page::Menu,
            last_played: None,
            rules_max_scroll: 0,
            running: true,
            network: None,
            open_games: None,
            join_input: String::new(),
            join_wants: tripot_protocol::table::Wants::Seat(None),
            online_only: false,
            table_menu: TableMenu::default(),
            game_table: None,
            online_table: None,
            online_seats: None,
            quick_table: None,
            online_failure: None,
            ratings: None,
            preferences: tripot_app::preferences::Preferences::default(),
        };
        app.load_preferences();
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

    /// The menu's state.
    #[must_use]
    pub fn menu(&self) -> &Menu {
        &self.menu
    }

    /// Whether the computer is searching.
    #[must_use]
    pub fn is_thinking(&self) -> bool {
        self.game_table.as_ref().is_some_and(GameTable::is_thinking)
    }

    /// Whether a computer move is being shown hop by hop.
    #[must_use]
    pub fn is_animating(&self) -> bool {
        self.game_table.as_ref().is_some_and(GameTable::is_animating)
    }

    /// The message under the board, if any.
    #[must_use]
    pub fn message(&self) -> Option<&str> {
        self.message.as_ref().map(|m| m.text.as_str())
    }

    /// Where the last frame drew `button` (its first column, its line).
    #[must_use]
    pub fn button_cell(&self, button: Button) -> Option<(u16, u16)> {
        self.hits.buttons.iter().find(|b| b.3 == button).map(|b| (b.0, b.1))
    }

    /// Reacts to one event: the same function serves the terminal loop and the tests.
    pub fn handle_event(&mut self, event: Event) {
        crate::handlers::handle(self, event);
    }

    /// Draws the current page.
    pub fn draw(&mut self, frame: &mut Frame<'_>) {
        crate::ui::draw(self, frame);
    }

    /// Time passes: the network is read, a computer's move shown goes on.
    pub(crate) fn tick(&mut self) {
        self.ticks = self.ticks.wrapping_add(1);
        self.poll_network();
        self.tick_game_table();
    }

    /// Drops the searches asked and a move half typed (leaving a game, starting another).
    pub(crate) fn cancel_requests(&mut self) {
        self.move_input = None;
        self.stop_game_table();
    }

    pub(crate) fn quit(&mut self) {
        self.cancel_requests();
        self.running = false;
    }

    pub(crate) fn back_to_menu(&mut self) {
        self.cancel_requests();
        self.page = Page::Menu;
        self.message = None;
        self.online_table = None;
        self.online_seats = None;
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
