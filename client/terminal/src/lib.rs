//! `tripot-terminal`: the terminal game (ratatui and crossterm), the front-end that plain
//! `tripot` opens. The game itself — controllers, saves, settings, network, words — is
//! [`tripot_app`]'s; this crate only draws it and reads the keyboard and the mouse.
//!
//! - The layout follows chess-tui: one mutable [`app::App`] with its behaviour split by topic,
//!   input handlers per page (`handlers`), drawing per page (`ui`), and an [`event`] channel fed
//!   by an input thread and the computer's search threads; `tui` owns the raw-mode terminal.
//! - [`terminal_game`]: the game's loop, local or online.
//! - [`game_viewer`]: any saved game replayed move by move (`tripot view`: the one format of
//!   any game and the older duel and star records); [`screen_text`]: a drawn screen as plain
//!   text (`--print`, the tests).
#![forbid(unsafe_code)]

pub mod app;
pub mod event;
pub mod game_viewer;
mod handlers;
pub mod screen_text;
pub mod terminal_game;
pub mod tui;
mod ui;
