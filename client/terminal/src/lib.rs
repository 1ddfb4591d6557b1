//! The `tripot` program: the terminal game and its command-line tools.
//!
//! `main.rs` only parses the command line and hands over to [`cli::run`]; everything else lives
//! here so that tests drive the same code the binary runs.
//!
//! - [`core`]: everything a front-end needs and nothing of a terminal or a command line — the
//!   game on this device and its set-up, the online game driven by its session's events, the
//!   save store, the network settings, the [`core::network::Network`] trait with its libp2p
//!   implementation and typed errors, and one [`core::open_game::OpenGame`] for a LAN host or a
//!   lobby table. A second front-end (a browser page) is meant to use it unchanged.
//! - The terminal game follows the layout of chess-tui: one mutable [`app::App`] with its
//!   behaviour split by topic, input handlers per page, drawing per page, and an [`event`]
//!   channel fed by an input thread and the computer's search threads. [`i18n`] words
//!   everything in French or English, errors and online notices by their typed causes.
//! - [`web`]: `tripot web`, the game in a web browser: a server for the embedded page and its
//!   WebSocket, driving the same [`core`] game as the terminal.
//! - [`cli`]: the subcommands, their typed errors and exit codes, and the online modes without
//!   a screen (headless JSON lines, a line console). Only `main.rs` and `cli` parse a command
//!   line.
#![forbid(unsafe_code)]

pub mod app;
pub mod cli;
pub mod core;
pub mod event;
mod handlers;
pub mod i18n;
pub mod screen_text;
pub mod star_viewer;
pub mod terminal_game;
mod tui;
mod ui;
pub mod viewer;
pub mod web;
