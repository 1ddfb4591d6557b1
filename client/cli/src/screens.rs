//! The terminal game's online screens opened by `tripot host`, `join`, `lan`, `lobby` and
//! `quick` (without `--headless` or `--plain`): the session starts on the real network (a bad
//! address or a port in use is an error before the screen opens), then the screen shows it;
//! leaving the screen ends the program.

use tripot_net::{SessionHandle, Start};

use super::CliError;
use super::online::OnlineArgs;
use tripot_app::i18n::Lang;
use tripot_app::network::Network as _;
use tripot_app::online_notice::Warning;
use tripot_app::real_network::{RealNetwork, link_of};
use tripot_terminal::app::Side;

/// `tripot host` / `join` without `--headless`: the session starts (a bad address or a port
/// in use is an error before the screen opens), then the online screen shows it.
pub(crate) fn run(args: &OnlineArgs, start: Start) -> Result<(), CliError> {
    let mut network = RealNetwork::new(args.settings()?)?;
    let side = match &start {
        Start::Host(offer) => Side::Host(offer.clone()),
        Start::Join(addr) => Side::Guest(addr.to_string()),
        Start::HostRoom { offer, .. } => Side::Room(offer.clone()),
        Start::JoinRoom(code) => Side::Guest(code.to_string()),
        Start::Resume(_) => Side::Resume,
    };
    let link = network.start(start)?;
    tripot_terminal::terminal_game::run_online(Lang::current(), move |app| {
        app.set_network(Box::new(network));
        app.leave_quits();
        // A resumed game's board comes with the session's `Connected`.
        app.open_online(side, Some(link));
    })
    .map_err(CliError::Terminal)
    .and_then(left_before_the_start)
}

/// `tripot lobby` and `tripot quick` without `--headless` or `--plain`: the session the relay
/// brought, on the online screen. Leaving the screen ends the program.
pub(crate) fn play(handle: SessionHandle) -> Result<(), CliError> {
    let link = link_of(handle);
    tripot_terminal::terminal_game::run_online(Lang::current(), move |app| {
        app.leave_quits();
        app.open_online(Side::Relay, Some(link));
    })
    .map_err(CliError::Terminal)
    .and_then(left_before_the_start)
}

/// `tripot lan` without `--headless`, `--list` or `--pick`: the LAN page.
pub(crate) fn run_lan(args: &OnlineArgs) -> Result<(), CliError> {
    let network = RealNetwork::new(args.settings()?)?;
    tripot_terminal::terminal_game::run_online(Lang::current(), move |app| {
        app.set_network(Box::new(network));
        app.leave_quits();
        app.open_lan();
    })
    .map_err(CliError::Terminal)
    .and_then(left_before_the_start)
}

/// A screen left before its game started, on a failure, ends the program with status 1 and why.
fn left_before_the_start(failure: Option<Warning>) -> Result<(), CliError> {
    failure.map_or(Ok(()), |warning| Err(CliError::NotStarted(warning)))
}
