//! The `tripot` program: the terminal game and its command-line tools.
//!
//! `main.rs` only parses the command line and hands over to [`cli::run`]; everything else lives
//! here so that tests drive the same code the binary runs.
#![forbid(unsafe_code)]

pub mod cli;
