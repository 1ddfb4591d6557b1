//! The terminal game's loop: set the terminal up, draw, wait for one event, handle it, again;
//! the terminal is restored however the loop ends.

use std::io;

use crate::app::App;
use crate::event::Events;
use crate::tui::TerminalGuard;
use tripot_app::i18n::Lang;
use tripot_app::online_notice::Warning;
use tripot_app::save_store::SaveStore;

/// Runs the game until the player quits.
pub fn run(lang: Lang) -> io::Result<()> {
    let store = SaveStore::from_env();
    let mut guard = TerminalGuard::enter()?;
    let events = Events::with_terminal_input();
    let mut app = App::new(lang, store.as_ref().ok().cloned(), events.sender());
    if let Err(error) = &store {
        app.say(format!("{} : {error}", lang.t().save_failed), true);
    }
    event_loop(&mut guard, &events, &mut app)
}

/// Runs the online screens opened by `tripot host`, `join` or `lan`: `prepare` opens the page.
/// Returns why the game never started, if the player left before it did.
pub fn run_online(lang: Lang, prepare: impl FnOnce(&mut App)) -> io::Result<Option<Warning>> {
    let mut guard = TerminalGuard::enter()?;
    let events = Events::with_terminal_input();
    // No local save store: the network session saves the online game itself.
    let mut app = App::new(lang, None, events.sender());
    prepare(&mut app);
    event_loop(&mut guard, &events, &mut app)?;
    Ok(app.take_online_failure())
}

fn event_loop(guard: &mut TerminalGuard, events: &Events, app: &mut App) -> io::Result<()> {
    while app.running() {
        guard.terminal.draw(|frame| app.draw(frame))?;
        let Some(event) = events.next() else { break };
        app.handle_event(event);
    }
    Ok(())
}
