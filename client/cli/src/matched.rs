//! Games found through a relay (`tripot lobby`, `tripot quick`): the session is started by
//! `tripot_net`'s matchmaking, then played here like any online game.

use std::io::Write as _;

use serde_json::Value;
use tripot_net::{Multiaddr, OnlineConfig, SessionHandle};

use super::{OnlineArgs, console, headless};
use crate::CliError;

/// The online settings with `relay` as the relay to reach and be reached through.
pub(crate) fn config_with_relay(args: &OnlineArgs, relay: &Multiaddr) -> Result<OnlineConfig, CliError> {
    let mut config = args.config()?;
    config.net.relay = Some(relay.clone());
    Ok(config)
}

/// Plays a started session to its end: the computer in headless mode, the line console with
/// `--plain`, else the terminal game's online screen.
pub(crate) async fn drive(handle: SessionHandle, args: &OnlineArgs) -> Result<(), CliError> {
    match (args.headless, args.ai) {
        (true, Some(level)) => headless::run(handle, level, args, None).await,
        _ if args.plain => console::run(handle, None).await,
        // The session runs on this runtime's workers while the screen holds this thread.
        _ => super::screens::play(handle),
    }
}

/// Prints one JSON line (headless mode) and flushes it.
pub(crate) fn print_json(line: &Value) {
    let mut out = std::io::stdout().lock();
    // A closed stdout (the script went away) must not stop the game.
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}
