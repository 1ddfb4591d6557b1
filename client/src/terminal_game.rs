//! The terminal game's loop: set the terminal up, draw, wait for one event, handle it, again;
//! the terminal is restored however the loop ends.

use std::io;

use crate::app::App;
use crate::event::Events;
use crate::i18n::Lang;
use crate::save::SaveStore;
use crate::tui::TerminalGuard;

/// Runs the game until the player quits.
pub fn run(lang: Lang) -> io::Result<()> {
    let store = SaveStore::from_env();
    let mut guard = TerminalGuard::enter()?;
    let events = Events::with_terminal_input();
    let mut app = App::new(lang, store.as_ref().ok().cloned(), events.sender());
    if let Err(error) = &store {
        app.say(format!("{} : {error}", lang.t().save_failed), true);
    }
    while app.running() {
        guard.terminal.draw(|frame| app.draw(frame))?;
        let Some(event) = events.next() else { break };
        app.handle_event(event);
    }
    drop(guard);
    Ok(())
}
