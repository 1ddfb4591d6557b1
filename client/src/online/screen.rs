//! The terminal game's online screens on the real network: the [`Network`] that starts
//! sessions on a tokio runtime and scans the LAN, and the entry points of `tripot host`,
//! `join` and `lan` when they open the full-screen interface.
//!
//! The interface never waits on the network: it polls each session's events on its ticks
//! ([`tripot_net::SessionHandle::try_event`]), and LAN scans report through a channel.

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::mpsc;
use std::time::Duration;

use clap::Parser as _;
use tokio::runtime::Runtime;
use tripot_engine::{Format, Notation, Rules};
use tripot_net::online::matchmaking::lobby;
use tripot_net::online::matchmaking::quick::{self, FormatSet, Matched, SeekProgress};
use tripot_net::session::Offer;
use tripot_net::{Keypair, LanHost, Multiaddr, NetEvent, SessionHandle, Start};

use super::OnlineArgs;
use crate::app::{LanScan, Link, LobbyList, LobbyScan, Matchmaking, Network, Restored, Side, Table};
use crate::cli::CliError;
use crate::i18n::Lang;

/// How long one LAN scan round listens.
const SCAN_ROUND: Duration = Duration::from_secs(2);
/// Pause between two readings of the lobby.
const LOBBY_REFRESH: Duration = Duration::from_secs(3);
/// How long to listen for a `tripot-relay` announced on the LAN.
const RELAY_WAIT: Duration = Duration::from_secs(4);

/// The real network: one runtime for every session and scan of the program.
pub(crate) struct RealNetwork {
    runtime: Arc<Runtime>,
    keypair: Keypair,
    args: OnlineArgs,
}

impl RealNetwork {
    pub(crate) fn new(args: OnlineArgs) -> Result<RealNetwork, CliError> {
        Ok(RealNetwork { runtime: Arc::new(super::runtime()?), keypair: super::identity()?, args })
    }
}

impl Network for RealNetwork {
    fn start(&mut self, start: Start) -> Result<Box<dyn Link>, String> {
        let config = self.args.config().map_err(|e| e.to_string())?;
        if matches!(start, Start::HostRoom { .. } | Start::JoinRoom(_)) && config.net.relay.is_none() {
            return Err(super::NO_RELAY.into());
        }
        // The session's task is spawned on our runtime.
        let _entered = self.runtime.enter();
        let handle =
            tripot_net::online::start(self.keypair.clone(), config, start).map_err(|e| e.to_string())?;
        Ok(Box::new(NetLink { handle, _runtime: Some(Arc::clone(&self.runtime)) }))
    }

    fn scan_lan(&mut self) -> Result<Box<dyn LanScan>, String> {
        let (sender, results) = mpsc::channel();
        let keypair = self.keypair.clone();
        let net = self.args.net();
        let task = self.runtime.spawn(async move {
            loop {
                let round = tripot_net::online::browse(keypair.clone(), &net, SCAN_ROUND)
                    .await
                    .map_err(|e| e.to_string());
                let failed = round.is_err();
                if sender.send(round).is_err() {
                    return;
                }
                // A failing scan (no network) is retried, slowly.
                let pause = if failed { Duration::from_secs(5) } else { Duration::from_millis(500) };
                tokio::time::sleep(pause).await;
            }
        });
        Ok(Box::new(Scan { results, task }))
    }

    fn lobby(&mut self) -> Result<Box<dyn LobbyScan>, String> {
        let (sender, results) = mpsc::channel();
        let keypair = self.keypair.clone();
        let args = self.args.clone();
        let task = self.runtime.spawn(async move {
            let relay = match find_relay(keypair, &args).await {
                Ok(relay) => relay,
                Err(error) => {
                    let _ = sender.send(Err(error));
                    return;
                }
            };
            let mut net = args.net();
            net.relay = Some(relay.clone());
            loop {
                // Listing needs no identity: a throwaway one keeps the player's out of it.
                let reader = Keypair::generate_ed25519();
                let round = lobby::list_all(reader, &net, &relay, None).await.map_err(|e| e.to_string());
                let failed = round.is_err();
                let round = round.map(|entries| LobbyList {
                    relay: relay.clone(),
                    tables: entries
                        .into_iter()
                        .map(|e| Table {
                            name: e.table.name,
                            format: e.table.format,
                            rules: e.table.rules.name().to_owned(),
                            waiting_secs: e.waiting_secs,
                            addr: e.addr,
                        })
                        .collect(),
                });
                if sender.send(round).is_err() {
                    return;
                }
                let pause = if failed { Duration::from_secs(5) } else { LOBBY_REFRESH };
                tokio::time::sleep(pause).await;
            }
        });
        Ok(Box::new(Tables { results, task }))
    }

    fn join_table(&mut self, relay: &Multiaddr, table: &Table) -> Result<Box<dyn Link>, String> {
        let mut config = self.args.config().map_err(|e| e.to_string())?;
        config.net.relay = Some(relay.clone());
        let _entered = self.runtime.enter();
        let handle = tripot_net::online::start(self.keypair.clone(), config, Start::Join(table.addr.clone()))
            .map_err(|e| e.to_string())?;
        Ok(Box::new(NetLink { handle, _runtime: Some(Arc::clone(&self.runtime)) }))
    }

    fn open_table(&mut self, relay: &Multiaddr, offer: Offer) -> Result<Box<dyn Link>, String> {
        let mut config = self.args.config().map_err(|e| e.to_string())?;
        config.net.relay = Some(relay.clone());
        let _entered = self.runtime.enter();
        let handle = lobby::host(self.keypair.clone(), config, offer).map_err(|e| e.to_string())?;
        Ok(Box::new(NetLink { handle, _runtime: Some(Arc::clone(&self.runtime)) }))
    }

    fn quick(&mut self, formats: Option<Format>) -> Result<Box<dyn Link>, String> {
        let mut config = self.args.config().map_err(|e| e.to_string())?;
        let wanted = match formats {
            Some(format) => FormatSet::single(format.number()).ok_or("format 1, 2 or 3")?,
            None => FormatSet::ANY,
        };
        let (sender, news) = mpsc::channel();
        let keypair = self.keypair.clone();
        let args = self.args.clone();
        let task = self.runtime.spawn(async move {
            let relay = match find_relay(keypair.clone(), &args).await {
                Ok(relay) => relay,
                Err(error) => {
                    let _ = sender.send(QuickNews::Failed(error));
                    return;
                }
            };
            config.net.relay = Some(relay);
            let progress = |p: SeekProgress| {
                if let SeekProgress::Waiting(n) = p {
                    let _ = sender.send(QuickNews::Waiting(n));
                }
            };
            let result = quick::play(keypair, config, wanted, Rules::Tripot, progress).await;
            let _ = sender.send(match result {
                Ok((matched, handle)) => QuickNews::Matched(matched, Box::new(handle)),
                Err(error) => QuickNews::Failed(error.to_string()),
            });
        });
        Ok(Box::new(QuickLink {
            news,
            handle: None,
            pending: VecDeque::new(),
            task,
            _runtime: Arc::clone(&self.runtime),
        }))
    }
}

/// A session on the real network.
struct NetLink {
    handle: SessionHandle,
    /// Kept alive as long as the session (dropped after the handle, which stops its task);
    /// none when the caller's runtime runs it.
    _runtime: Option<Arc<Runtime>>,
}

impl Link for NetLink {
    fn try_event(&mut self) -> Option<NetEvent> {
        self.handle.try_event()
    }

    fn play(&mut self, notation: Notation) {
        self.handle.play(notation);
    }

    fn resign(&mut self) {
        self.handle.resign();
    }

    fn claim(&mut self) {
        self.handle.claim();
    }

    fn offer_rematch(&mut self) {
        self.handle.offer_rematch();
    }

    fn answer_rematch(&mut self, accept: bool) {
        self.handle.answer_rematch(accept);
    }
}

/// What the quick-match task reports.
enum QuickNews {
    Waiting(u32),
    Matched(Matched, Box<SessionHandle>),
    Failed(String),
}

/// A quick match: the relay's news until the pairing, then the session it started.
struct QuickLink {
    news: mpsc::Receiver<QuickNews>,
    handle: Option<SessionHandle>,
    pending: VecDeque<Matchmaking>,
    task: tokio::task::JoinHandle<()>,
    _runtime: Arc<Runtime>,
}

impl QuickLink {
    fn drain(&mut self) {
        while let Ok(news) = self.news.try_recv() {
            match news {
                QuickNews::Waiting(n) => self.pending.push_back(Matchmaking::Waiting(n)),
                QuickNews::Matched(matched, handle) => {
                    self.pending.push_back(Matchmaking::Matched {
                        format: matched.format,
                        you_host: matched.you_host,
                    });
                    self.handle = Some(*handle);
                }
                QuickNews::Failed(error) => self.pending.push_back(Matchmaking::Failed(error)),
            }
        }
    }
}

impl Link for QuickLink {
    fn try_event(&mut self) -> Option<NetEvent> {
        self.handle.as_mut()?.try_event()
    }

    fn play(&mut self, notation: Notation) {
        if let Some(handle) = &self.handle {
            handle.play(notation);
        }
    }

    fn resign(&mut self) {
        if let Some(handle) = &self.handle {
            handle.resign();
        }
    }

    fn claim(&mut self) {
        if let Some(handle) = &self.handle {
            handle.claim();
        }
    }

    fn offer_rematch(&mut self) {
        if let Some(handle) = &self.handle {
            handle.offer_rematch();
        }
    }

    fn answer_rematch(&mut self, accept: bool) {
        if let Some(handle) = &self.handle {
            handle.answer_rematch(accept);
        }
    }

    fn try_matchmaking(&mut self) -> Option<Matchmaking> {
        self.drain();
        self.pending.pop_front()
    }
}

impl Drop for QuickLink {
    fn drop(&mut self) {
        // Leaving the waiting room withdraws the seek.
        self.task.abort();
    }
}

/// The relay: `--relay`, `TRIPOT_RELAY` or the config file's, else one announced on the LAN
/// (unless mDNS is off).
async fn find_relay(keypair: Keypair, args: &OnlineArgs) -> Result<Multiaddr, String> {
    if let Some(relay) = args.relay().map_err(|e| e.to_string())? {
        return Ok(relay);
    }
    let none =
        "no relay: set TRIPOT_RELAY=/ip4/…/tcp/4001/p2p/…, or start a tripot-relay --mdns on this network";
    if args.no_mdns {
        return Err(none.into());
    }
    let found = tripot_net::online::find_lan_relay(keypair, &args.net(), RELAY_WAIT).await;
    found.map_err(|e| e.to_string())?.ok_or_else(|| none.into())
}

/// Lobby lists, one after another, until dropped.
struct Tables {
    results: mpsc::Receiver<Result<LobbyList, String>>,
    task: tokio::task::JoinHandle<()>,
}

impl LobbyScan for Tables {
    fn try_tables(&mut self) -> Option<Result<LobbyList, String>> {
        self.results.try_iter().last()
    }
}

impl Drop for Tables {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// LAN scan rounds, one after another, until dropped.
struct Scan {
    results: mpsc::Receiver<Result<Vec<LanHost>, String>>,
    task: tokio::task::JoinHandle<()>,
}

impl LanScan for Scan {
    fn try_hosts(&mut self) -> Option<Result<Vec<LanHost>, String>> {
        // Only the newest round matters.
        self.results.try_iter().last()
    }
}

impl Drop for Scan {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// The options of the menu's online games: the defaults, with the environment's values
/// (`TRIPOT_NAME`, …).
#[derive(clap::Parser)]
struct Defaults {
    #[command(flatten)]
    online: OnlineArgs,
}

/// The network the terminal game's menu uses.
pub(crate) fn default_network() -> Result<Box<dyn Network>, String> {
    let args = Defaults::try_parse_from(["tripot"]).map_err(|e| e.to_string())?.online;
    Ok(Box::new(RealNetwork::new(args).map_err(|e| e.to_string())?))
}

/// `tripot host` / `join` without `--headless`: the session starts (a bad address or a port
/// in use is an error before the screen opens), then the online screen shows it.
pub(crate) fn run(args: &OnlineArgs, start: Start) -> Result<(), CliError> {
    let mut network = RealNetwork::new(args.clone())?;
    let side = match &start {
        Start::Host(offer) => Side::Host(*offer),
        Start::Join(addr) => Side::Guest(addr.to_string()),
        Start::HostRoom { offer, .. } => Side::Room(*offer),
        Start::JoinRoom(code) => Side::Guest(code.to_string()),
        Start::Resume(_) => Side::Resume,
    };
    let restored = match &start {
        Start::Resume(saved) => Some(Restored {
            local: saved.game.local_camp(),
            format: saved.game.format,
            rules: saved.game.rules,
            opener: saved.game.opener,
            peer_name: saved.game.peer_name.clone(),
            moves: saved.game.moves.clone(),
        }),
        _ => None,
    };
    let link = network.start(start).map_err(CliError::Other)?;
    crate::terminal_game::run_online(Lang::current(), move |app| {
        app.set_network(Box::new(network));
        app.leave_quits();
        app.open_online(side, Some(link));
        if let Some(restored) = &restored {
            app.restore_online(restored);
        }
    })
    .map_err(|e| CliError::Other(e.to_string()))
}

/// `tripot lobby` and `tripot quick` without `--headless` or `--plain`: the session the relay
/// brought, on the online screen. Leaving the screen ends the program.
pub(crate) fn play(handle: SessionHandle) -> Result<(), CliError> {
    let link = NetLink { handle, _runtime: None };
    crate::terminal_game::run_online(Lang::current(), move |app| {
        app.leave_quits();
        app.open_online(Side::Relay, Some(Box::new(link)));
    })
    .map_err(|e| CliError::Other(e.to_string()))
}

/// `tripot lan` without `--headless`, `--list` or `--pick`: the LAN page.
pub(crate) fn run_lan(args: &OnlineArgs) -> Result<(), CliError> {
    let network = RealNetwork::new(args.clone())?;
    crate::terminal_game::run_online(Lang::current(), move |app| {
        app.set_network(Box::new(network));
        app.leave_quits();
        app.open_lan();
    })
    .map_err(|e| CliError::Other(e.to_string()))
}
