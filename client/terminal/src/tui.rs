//! The terminal: raw mode, alternate screen and mouse capture on the way in, and always undone
//! on the way out — normal exit, error, or panic.

use std::io::{self, Stdout};

use crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
};
use crossterm::execute;
use crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

/// The real terminal.
pub(crate) type Term = Terminal<CrosstermBackend<Stdout>>;

/// Owns the terminal set-up; dropping it restores the terminal.
pub struct TerminalGuard {
    /// The terminal the game draws on.
    pub terminal: Term,
}

impl TerminalGuard {
    /// Enters the game's terminal mode and installs a panic hook that leaves it first, so a
    /// panic message is readable and the shell usable. Ctrl-C arrives as a key in raw mode and
    /// is handled by the game as "quit".
    pub fn enter() -> io::Result<TerminalGuard> {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            // A panic on a helper thread (a search) is caught there; only the interface
            // thread's panic ends the game and must leave the terminal usable.
            if std::thread::current().name() == Some("main") {
                restore();
            }
            previous(info);
        }));
        enable_raw_mode()?;
        let mut stdout = io::stdout();
        if let Err(error) = execute!(stdout, EnterAlternateScreen, EnableMouseCapture, EnableBracketedPaste) {
            restore();
            return Err(error);
        }
        match Terminal::new(CrosstermBackend::new(stdout)) {
            Ok(mut terminal) => {
                terminal.hide_cursor()?;
                Ok(TerminalGuard { terminal })
            }
            Err(error) => {
                restore();
                Err(error)
            }
        }
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore();
        let _ = self.terminal.show_cursor();
    }
}

/// Leaves raw mode, the alternate screen and mouse capture. Safe to call twice.
pub(crate) fn restore() {
    let _ = disable_raw_mode();
    let _ = execute!(
        io::stdout(),
        DisableBracketedPaste,
        DisableMouseCapture,
        LeaveAlternateScreen,
        crossterm::cursor::Show
    );
}
