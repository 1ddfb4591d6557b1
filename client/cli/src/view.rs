//! `tripot view FILE`: replays a saved game move by move in the terminal, or prints the board
//! at one move (`--print`).

use std::path::PathBuf;

use crossterm::event::{self as term, KeyEventKind};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use super::CliError;
use tripot_app::i18n::Lang;
use tripot_app::save_store::SaveStore;
use tripot_terminal::game_viewer::GameViewer;
use tripot_terminal::screen_text::screen_text;
use tripot_terminal::tui::TerminalGuard;

/// Arguments of `tripot view`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The game record (a file saved by the game, or any record).
    pub(crate) file: PathBuf,
    /// Print the screen as text and exit, instead of opening the viewer.
    #[arg(long)]
    pub(crate) print: bool,
    /// The move to show first (0 = the start); with --print, defaults to the last move.
    #[arg(long)]
    pub(crate) at: Option<usize>,
}

/// Width and height of the `--print` screen.
const PRINT_SIZE: (u16, u16) = (110, 38);

/// Opens the viewer, or prints. Every record this client reads — the one format of any game,
/// the older duel and star records — is replayed by the one viewer.
pub(crate) fn run(args: &Args, lang: Lang) -> Result<(), CliError> {
    let saved = SaveStore::read_game(&args.file)?;
    show(args, GameViewer::new(lang, saved))
}

/// `--print`: the screen at `--at` (the end by default) as text; else the viewer in the
/// terminal from `--at` (the start by default) until it is left.
fn show(args: &Args, mut viewer: GameViewer) -> Result<(), CliError> {
    if args.print {
        viewer.go_to(args.at.unwrap_or(usize::MAX));
        let mut terminal = Terminal::new(TestBackend::new(PRINT_SIZE.0, PRINT_SIZE.1))?;
        terminal.draw(|frame| viewer.draw(frame))?;
        print!("{}", screen_text(terminal.backend().buffer()));
        return Ok(());
    }
    viewer.go_to(args.at.unwrap_or(0));
    let mut guard = TerminalGuard::enter().map_err(CliError::Terminal)?;
    loop {
        guard.terminal.draw(|frame| viewer.draw(frame)).map_err(CliError::Terminal)?;
        match term::read().map_err(CliError::Terminal)? {
            term::Event::Key(key) if key.kind != KeyEventKind::Release && !viewer.key(key) => break,
            _ => {}
        }
    }
    Ok(())
}
