//! The `tripot` program: the terminal game and its command-line tools.
//!
//! `main.rs` only parses the command line and hands over to [`cli::run`]; everything else lives
//! here so that tests drive the same code the binary runs.
//!
//! The terminal game follows the layout of chess-tui: one mutable [`app::App`] with its
//! behaviour split by topic, input handlers per page, drawing per page, and an [`event`]
//! channel fed by an input thread and the computer's search threads.
#![forbid(unsafe_code)]

pub mod app;
pub mod cli;
pub mod core;
pub mod event;
mod handlers;
pub mod i18n;
pub mod screen_text;
pub mod terminal_game;
mod tui;
mod ui;
pub mod viewer;
