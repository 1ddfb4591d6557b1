//! `tripot-app`: the front-end-independent core of the client, what the terminal game
//! (`tripot-terminal`), the browser page's server (`tripot-web`) and the command line
//! (`tripot`) share. Nothing here draws, reads a terminal, serves HTTP or parses a command line:
//! the crate links no ratatui, crossterm, axum or clap, and Cargo enforces it — its
//! `Cargo.toml` has none of them, so a front-end type cannot creep in here
//! (`cargo tree -p tripot-app -e normal` lists none of them).
//!
//! - [`i18n`]: every word a player reads, in French and English, errors and online notices
//!   matched on their typed causes.
//! - [`settings`]: the network settings as a plain value (from flags, or the environment and
//!   the config file, `config_file`).
//! - [`resume_choice`]: the unfinished games offered at start, local and online
//!   ([`online_saves`]: those the network session saved).
//! - [`network`]: the [`network::Network`] and [`network::Link`] traits the front-ends start
//!   and drive sessions through, with the typed [`network::NetworkError`]; `real_network` is
//!   the libp2p implementation (`real_table_seek`: its quick match for tables, reporting as it
//!   goes).
//! - [`online_table`]: an online game of any two-seat game as a [`table::Table`] whose remote
//!   seat's moves are the session's, adopted as verified there; [`online_status`]: the
//!   connection, the opponent, the rematch beside it ([`online_connection`]: their words), the
//!   typed notices the front-ends word ([`online_notice`]).
//! - [`online_seats`]: an online table of 2–6 seats as the one [`table::Table`], every other
//!   seat remote, its moves adopted as the table session verified them; the seats, clocks,
//!   chat, draw, rematch vote and hand-over as a view model ([`online_seats::SeatsView`]) and
//!   typed notices; [`table_invitation`]: the table's link or its room's, read from one text.
//! - [`open_game`]: one type for a game waiting for an opponent, a LAN host or a lobby table;
//!   [`quick_seek`]: the quick match's seek of one game of two seats, or of any.
//! - [`setup`]: who opens a game started from the main menu; [`save_store`]: where the games are on disk, each in its own file
//!   ([`game_file`]: claimed exclusively, rewritten atomically), read only through
//!   [`record_file`] (a regular file, its size checked first).
//! - [`rules`]: the rules of every game in both languages, the manual's `docs/rules/` files
//!   built in, for both front-ends.
//! - [`ratings_table`]: a relay's Elo table as every front-end shows it (rows, text lines).
//! - [`table`]: **the** table on this device, of any game held as a `Box<dyn GameState>` (the
//!   duel, every star variant, draughts) — whose turn (the automatic passes), a person's move
//!   picked hop by hop ([`move_picker`]) or typed, what each move brought ([`table_event`]),
//!   undo; each seat a [`seat_kind::SeatKind`]; [`table_computer`]: the computers' searches and
//!   hints, their stale answers dropped by generation; [`table_save`]: the table as a
//!   `GameRecord` in the save store, rewritten after every move, every older record read back.
//! - [`table_setup`]: who opens a game set up on this device.

pub mod computer_names;
pub mod config_file;
pub mod game_file;
pub mod i18n;
pub mod move_picker;
pub mod move_promise;
pub mod network;
pub mod online_board;
pub mod online_connection;
pub mod online_notice;
pub mod online_saves;
pub mod online_seats;
pub mod online_status;
pub mod online_table;
pub mod open_game;
pub mod preferences;
pub mod quick_seek;
pub mod ratings_table;
pub mod real_network;
mod real_table_seek;
pub mod record_file;
#[cfg(any(test, feature = "test-support"))]
pub mod recording_table;
pub mod resume_choice;
pub mod rules;
pub mod save_store;
pub mod seat_choice;
pub mod seat_draw;
pub mod seat_kind;
#[cfg(any(test, feature = "test-support"))]
pub mod session_events;
pub mod settings;
pub mod setup;
pub mod table;
pub mod table_computer;
pub mod table_event;
pub mod table_invitation;
pub mod table_save;
pub mod table_setup;
pub mod view_turn;

pub use network::NetworkError;
pub use open_game::{OpenGame, OpenGames};
pub use settings::{NetworkSettings, SettingsError};
