//! `tripot view FILE`: replays a saved game move by move in the terminal, or prints the board
//! at one move (`--print`).

use std::path::PathBuf;

use crossterm::event::{self as term, KeyEventKind};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use super::CliError;
use tripot_app::i18n::Lang;
use tripot_app::save_store::SaveStore;
use tripot_engine::StarRecord;
use tripot_terminal::game_viewer::GameViewer;
use tripot_terminal::screen_text::screen_text;
use tripot_terminal::star_viewer::StarViewer;
use tripot_terminal::tui::TerminalGuard;
use tripot_terminal::viewer::Viewer;

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

/// Opens the viewer, or prints.
pub(crate) fn run(args: &Args, lang: Lang) -> Result<(), CliError> {
    // A star record has its own viewer; anything else (an unreadable file too) goes the duel's
    // way, whose errors name the file.
    if let Ok(bytes) = std::fs::read(&args.file)
        && tripot_app::star_save::is_star_record(&bytes)
    {
        return run_star(args, lang, &bytes);
    }
    // A record in the one format, of any game (draughts…): the one viewer.
    if let Ok(bytes) = std::fs::read(&args.file)
        && tripot_app::save_store::names_its_game(&bytes)
    {
        let saved = SaveStore::parse_game(&args.file, &bytes)?;
        return show(args, GameViewer::new(lang, saved));
    }
    let saved = SaveStore::read(&args.file)?;
    show(args, Viewer::new(lang, &saved))
}

/// `tripot view` of a star game record: the same keys and `--print`.
fn run_star(args: &Args, lang: Lang, bytes: &[u8]) -> Result<(), CliError> {
    let name = args.file.display().to_string();
    let text = std::str::from_utf8(bytes).map_err(|error| CliError::NotText { name: name.clone(), error })?;
    let record_error = |error| CliError::StarRecord { name: name.clone(), error };
    let record = StarRecord::parse(text).map_err(record_error)?;
    let replay = record.replay().map_err(record_error)?;
    show(args, StarViewer::new(lang, args.file.clone(), record, replay))
}

/// What `tripot view` shows: a duel's viewer or a star game's, with the same keys.
trait Replay {
    fn go_to(&mut self, index: usize);
    fn key(&mut self, key: term::KeyEvent) -> bool;
    fn draw(&self, frame: &mut ratatui::Frame<'_>);
}

impl Replay for Viewer {
    fn go_to(&mut self, index: usize) {
        Viewer::go_to(self, index);
    }
    fn key(&mut self, key: term::KeyEvent) -> bool {
        Viewer::key(self, key)
    }
    fn draw(&self, frame: &mut ratatui::Frame<'_>) {
        Viewer::draw(self, frame);
    }
}

impl Replay for GameViewer {
    fn go_to(&mut self, index: usize) {
        GameViewer::go_to(self, index);
    }
    fn key(&mut self, key: term::KeyEvent) -> bool {
        GameViewer::key(self, key)
    }
    fn draw(&self, frame: &mut ratatui::Frame<'_>) {
        GameViewer::draw(self, frame);
    }
}

impl Replay for StarViewer {
    fn go_to(&mut self, index: usize) {
        StarViewer::go_to(self, index);
    }
    fn key(&mut self, key: term::KeyEvent) -> bool {
        StarViewer::key(self, key)
    }
    fn draw(&self, frame: &mut ratatui::Frame<'_>) {
        StarViewer::draw(self, frame);
    }
}

/// `--print`: the screen at `--at` (the end by default) as text; else the viewer in the
/// terminal from `--at` (the start by default) until it is left.
fn show(args: &Args, mut viewer: impl Replay) -> Result<(), CliError> {
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
