//! The real [`Network`]: sessions, LAN scans, lobby readings and quick matches on libp2p, on
//! one tokio runtime for the whole program.
//!
//! A front-end never waits on the network: it polls each session's events on its ticks
//! ([`tripot_net::SessionHandle::try_event`]), and scans report through a channel.

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use tokio::runtime::Runtime;
use tripot_game::Seat;
use tripot_net::online::matchmaking::lobby;
use tripot_net::online::matchmaking::quick::{self, Matched, QuickSeek, SeekProgress};
use tripot_net::room::RoomCode;
use tripot_net::session::Offer;
use tripot_net::table::TableOffer;
use tripot_net::table_online::{
    TableHandle, TableNetConfig, TableNetEvent, TableStart, host_listed, start_table,
};
use tripot_net::{Keypair, Multiaddr, NetEvent, SessionHandle, Start};
use tripot_protocol::table::{ClockRule, PeerKey, Wants};
use tripot_ratings_wire::{Standings, StandingsQuery};

use super::network::{Link, Matchmaking, Network, NetworkError, OpenGameScan, RunningTable, TableSeek};
use super::open_game::{OpenGame, OpenGames};
use super::settings::NetworkSettings;
use super::table_invitation::TableInvitation;

/// How long one LAN scan round listens.
const SCAN_ROUND: Duration = Duration::from_secs(2);
/// Pause between two readings of the lobby.
const LOBBY_REFRESH: Duration = Duration::from_secs(3);
/// How long to listen for a `tripot-relay` announced on the LAN.
const RELAY_WAIT: Duration = Duration::from_secs(4);

/// The real network: one runtime for every session and scan of the program.
pub struct RealNetwork {
    runtime: Arc<Runtime>,
    keypair: Keypair,
    settings: NetworkSettings,
}

impl RealNetwork {
    /// The network with these settings, our persistent identity and a new runtime.
    pub fn new(settings: NetworkSettings) -> Result<RealNetwork, NetworkError> {
        // A guest plays with a key of its own for this game only.
        let keypair = if settings.guest { Keypair::generate_ed25519() } else { identity()? };
        RealNetwork::with_keypair(settings, keypair)
    }

    /// The network with these settings playing as `keypair` (a restarted player's identity,
    /// kept by the caller), and a new runtime.
    pub fn with_keypair(settings: NetworkSettings, keypair: Keypair) -> Result<RealNetwork, NetworkError> {
        Ok(RealNetwork { runtime: Arc::new(runtime()?), keypair, settings })
    }
}

/// The multi-threaded runtime the network and the computer player share.
pub fn runtime() -> Result<Runtime, NetworkError> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(NetworkError::Runtime)
}

/// Our persistent identity, from the config directory (created on first use).
pub fn identity() -> Result<Keypair, NetworkError> {
    let dir = tripot_net::identity::config_dir()?;
    Ok(tripot_net::identity::load_or_create(&dir)?)
}

/// A session the caller's runtime runs (the CLI's), as a [`Link`].
pub fn link_of(handle: SessionHandle) -> Box<dyn Link> {
    Box::new(NetLink { handle, left: false, _runtime: None })
}

impl Network for RealNetwork {
    fn start(&mut self, start: Start) -> Result<Box<dyn Link>, NetworkError> {
        let config = self.settings.online_config()?;
        if matches!(start, Start::HostRoom { .. } | Start::JoinRoom(_)) && config.net.relay.is_none() {
            return Err(NetworkError::NoRelayForRoom);
        }
        // The session's task is spawned on our runtime.
        let _entered = self.runtime.enter();
        let handle = tripot_net::online::start(self.keypair.clone(), config, start)?;
        Ok(Box::new(NetLink { handle, left: false, _runtime: Some(Arc::clone(&self.runtime)) }))
    }

    fn scan_lan(&mut self) -> Result<Box<dyn OpenGameScan>, NetworkError> {
        let (sender, results) = mpsc::channel();
        let keypair = self.keypair.clone();
        let net = self.settings.net();
        let task = self.runtime.spawn(async move {
            loop {
                let round = tripot_net::online::browse(keypair.clone(), &net, SCAN_ROUND)
                    .await
                    .map(|hosts| OpenGames {
                        relay: None,
                        // A table with no seat left is listed if one may watch it.
                        games: hosts
                            .into_iter()
                            .filter(|h| h.has_seat() || h.may_watch())
                            .map(OpenGame::from)
                            .collect(),
                    })
                    .map_err(NetworkError::from);
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

    fn quick_table(
        &mut self,
        wanted: QuickSeek,
        clock: ClockRule,
    ) -> Result<Box<dyn TableSeek>, NetworkError> {
        super::real_table_seek::start(
            &self.runtime,
            self.keypair.clone(),
            self.settings.clone(),
            wanted,
            clock,
        )
    }

    fn lobby(&mut self) -> Result<Box<dyn OpenGameScan>, NetworkError> {
        let (sender, results) = mpsc::channel();
        let keypair = self.keypair.clone();
        let settings = self.settings.clone();
        let task = self.runtime.spawn(async move {
            let relay = match find_relay(keypair, &settings).await {
                Ok(relay) => relay,
                Err(error) => {
                    let _ = sender.send(Err(error));
                    return;
                }
            };
            let mut net = settings.net();
            net.relay = Some(relay.clone());
            loop {
                // Listing needs no identity: a throwaway one keeps the player's out of it.
                let reader = Keypair::generate_ed25519();
                let round = lobby::list_all(reader, &net, &relay, None).await.map_err(NetworkError::from);
                let failed = round.is_err();
                let round = round.map(|entries| OpenGames {
                    relay: Some(relay.clone()),
                    games: entries.into_iter().map(OpenGame::from).collect(),
                });
                if sender.send(round).is_err() {
                    return;
                }
                let pause = if failed { Duration::from_secs(5) } else { LOBBY_REFRESH };
                tokio::time::sleep(pause).await;
            }
        });
        Ok(Box::new(Scan { results, task }))
    }

    fn standings(
        &mut self,
        query: StandingsQuery,
    ) -> Result<Receiver<Result<Standings, NetworkError>>, NetworkError> {
        let (sender, answer) = mpsc::channel();
        let keypair = self.keypair.clone();
        let settings = self.settings.clone();
        self.runtime.spawn(async move {
            let table = match find_relay(keypair, &settings).await {
                Ok(relay) => tripot_net::ratings::standings(&relay, query).await.map_err(NetworkError::from),
                Err(error) => Err(error),
            };
            // Nobody waits any more when the page was left: nothing to tell.
            let _ = sender.send(table);
        });
        Ok(answer)
    }

    fn join_table(&mut self, relay: &Multiaddr, table: &OpenGame) -> Result<Box<dyn Link>, NetworkError> {
        let mut config = self.settings.online_config()?;
        config.net.relay = Some(relay.clone());
        let _entered = self.runtime.enter();
        let handle =
            tripot_net::online::start(self.keypair.clone(), config, Start::Join(table.addr.clone()))?;
        Ok(Box::new(NetLink { handle, left: false, _runtime: Some(Arc::clone(&self.runtime)) }))
    }

    fn open_table(&mut self, relay: &Multiaddr, offer: Offer) -> Result<Box<dyn Link>, NetworkError> {
        let mut config = self.settings.online_config()?;
        config.net.relay = Some(relay.clone());
        let _entered = self.runtime.enter();
        let handle = lobby::host(self.keypair.clone(), config, offer)?;
        Ok(Box::new(NetLink { handle, left: false, _runtime: Some(Arc::clone(&self.runtime)) }))
    }

    fn host_seats(
        &mut self,
        offer: TableOffer,
        computers: Vec<u8>,
        room: Option<RoomCode>,
    ) -> Result<Box<dyn RunningTable>, NetworkError> {
        let config = self.settings.table_config(&self.keypair)?;
        if room.is_some() && config.net.relay.is_none() {
            return Err(NetworkError::NoRelayForRoom);
        }
        self.start_seats(config, TableStart::Host { offer, computers, room })
    }

    fn host_listed(
        &mut self,
        offer: TableOffer,
        computers: Vec<u8>,
    ) -> Result<Box<dyn RunningTable>, NetworkError> {
        let config = self.settings.table_config(&self.keypair)?;
        // Opening the table waits only for its first addresses; the lobby is the configured
        // relay's (a relay announced on the LAN is looked for by the lobby's reading alone).
        if config.net.relay.is_none() {
            return Err(NetworkError::NoRelay);
        }
        let handle = self.runtime.block_on(host_listed(self.keypair.clone(), config, offer, computers))?;
        Ok(Box::new(NetTable { handle, left: false, _runtime: Arc::clone(&self.runtime) }))
    }

    fn join_seats(
        &mut self,
        invitation: &TableInvitation,
        wants: Wants,
    ) -> Result<Box<dyn RunningTable>, NetworkError> {
        let config = self.settings.table_config(&self.keypair)?;
        let start = match invitation {
            TableInvitation::Table(link) => TableStart::Join {
                addr: link.host.clone(),
                table: link.table,
                spec: link.spec.clone(),
                wants,
            },
            TableInvitation::Room(link) => {
                if config.net.relay.is_none() {
                    return Err(NetworkError::NoRelayForRoom);
                }
                TableStart::JoinRoom { code: link.code, spec: link.spec.clone(), wants }
            }
        };
        self.start_seats(config, start)
    }

    fn quick(&mut self, wanted: QuickSeek) -> Result<Box<dyn Link>, NetworkError> {
        let mut config = self.settings.online_config()?;
        let (sender, news) = mpsc::channel();
        let keypair = self.keypair.clone();
        let settings = self.settings.clone();
        let task = self.runtime.spawn(async move {
            let relay = match find_relay(keypair.clone(), &settings).await {
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
            let result = quick::play(keypair, config, wanted, progress).await;
            let _ = sender.send(match result {
                Ok((matched, handle)) => QuickNews::Matched(matched, Box::new(handle)),
                Err(error) => QuickNews::Failed(error.into()),
            });
        });
        Ok(Box::new(QuickLink {
            news,
            handle: None,
            pending: VecDeque::new(),
            task,
            left: false,
            _runtime: Arc::clone(&self.runtime),
        }))
    }
}

impl RealNetwork {
    /// Starts a table's driver on our runtime. Building its swarm waits (briefly, bounded) for
    /// the first listen addresses, so that the hello says where this peer may be reached.
    fn start_seats(
        &mut self,
        config: TableNetConfig,
        start: TableStart,
    ) -> Result<Box<dyn RunningTable>, NetworkError> {
        let handle = self.runtime.block_on(start_table(self.keypair.clone(), config, start))?;
        Ok(Box::new(NetTable { handle, left: false, _runtime: Arc::clone(&self.runtime) }))
    }
}

/// How long a link that left on purpose waits, when dropped, before its runtime may go: the
/// word « I leave » was handed to the connection's writer, and a program that exits at once
/// (the terminal after `q q`) would drop the runtime, and the word with it, before it is sent.
const LEAVE_FLUSH: Duration = Duration::from_millis(300);

/// A session on the real network.
struct NetLink {
    handle: SessionHandle,
    /// The player left the game on purpose (see [`LEAVE_FLUSH`]).
    left: bool,
    /// Kept alive as long as the session (dropped after the handle, which stops its task);
    /// none when the caller's runtime runs it.
    _runtime: Option<Arc<Runtime>>,
}

impl Drop for NetLink {
    fn drop(&mut self) {
        if self.left {
            std::thread::sleep(LEAVE_FLUSH);
        }
    }
}

impl Link for NetLink {
    fn try_event(&mut self) -> Option<NetEvent> {
        self.handle.try_event()
    }

    fn play(&mut self, text: String) {
        self.handle.play(text);
    }

    fn resign(&mut self) {
        self.handle.resign();
    }

    fn leave(&mut self) {
        self.handle.leave();
        self.left = true;
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

/// A table's handle running on `runtime`, as a [`RunningTable`].
pub(crate) fn table_of(handle: TableHandle, runtime: &Arc<Runtime>) -> Box<dyn RunningTable> {
    Box::new(NetTable { handle, left: false, _runtime: Arc::clone(runtime) })
}

/// A table of 2–6 seats on the real network.
struct NetTable {
    handle: TableHandle,
    /// The player left the table on purpose (see [`LEAVE_FLUSH`]).
    left: bool,
    /// Kept alive as long as the table (dropped after the handle, which stops its task).
    _runtime: Arc<Runtime>,
}

impl Drop for NetTable {
    fn drop(&mut self) {
        if self.left {
            std::thread::sleep(LEAVE_FLUSH);
        }
    }
}

impl RunningTable for NetTable {
    fn local_peer(&self) -> PeerKey {
        PeerKey(self.handle.local_peer().to_bytes())
    }

    fn try_event(&mut self) -> Option<TableNetEvent> {
        self.handle.try_event()
    }

    fn play(&mut self, text: String) {
        self.handle.play(&text);
    }

    fn resign(&mut self) {
        self.handle.resign();
    }

    fn offer_draw(&mut self) {
        self.handle.offer_draw();
    }

    fn answer_draw(&mut self, accept: bool) {
        self.handle.answer_draw(accept);
    }

    fn vote(&mut self) {
        self.handle.vote();
    }

    fn chat(&mut self, text: String) {
        self.handle.chat(&text);
    }

    fn claim(&mut self, seat: Seat) {
        self.handle.claim(seat);
    }

    fn seat_computer(&mut self, seat: Seat, level: u8) {
        self.handle.seat_computer(seat, level);
    }

    fn leave(&mut self) {
        self.handle.leave();
        self.left = true;
    }
}

/// What the quick-match task reports.
enum QuickNews {
    Waiting(u32),
    Matched(Matched, Box<SessionHandle>),
    Failed(NetworkError),
}

/// A quick match: the relay's news until the pairing, then the session it started.
struct QuickLink {
    news: mpsc::Receiver<QuickNews>,
    handle: Option<SessionHandle>,
    pending: VecDeque<Matchmaking>,
    task: tokio::task::JoinHandle<()>,
    /// The player left the matched game on purpose (see [`LEAVE_FLUSH`]).
    left: bool,
    _runtime: Arc<Runtime>,
}

impl QuickLink {
    fn drain(&mut self) {
        while let Ok(news) = self.news.try_recv() {
            match news {
                QuickNews::Waiting(n) => self.pending.push_back(Matchmaking::Waiting(n)),
                QuickNews::Matched(matched, handle) => {
                    self.pending.push_back(Matchmaking::Matched {
                        game: matched.table.game,
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

    fn play(&mut self, text: String) {
        if let Some(handle) = &self.handle {
            handle.play(text);
        }
    }

    fn resign(&mut self) {
        if let Some(handle) = &self.handle {
            handle.resign();
        }
    }

    fn leave(&mut self) {
        if let Some(handle) = &mut self.handle {
            handle.leave();
            self.left = true;
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
        if self.left {
            std::thread::sleep(LEAVE_FLUSH);
        }
    }
}

/// The relay of the settings, else one announced on the LAN (unless mDNS is off).
pub(crate) async fn find_relay(
    keypair: Keypair,
    settings: &NetworkSettings,
) -> Result<Multiaddr, NetworkError> {
    if let Some(relay) = &settings.relay {
        return Ok(relay.clone());
    }
    if !settings.mdns {
        return Err(NetworkError::NoRelay);
    }
    let found = tripot_net::online::find_lan_relay(keypair, &settings.net(), RELAY_WAIT).await?;
    found.ok_or(NetworkError::NoRelay)
}

/// Scan rounds (LAN or lobby), one after another, until dropped.
struct Scan {
    results: mpsc::Receiver<Result<OpenGames, NetworkError>>,
    task: tokio::task::JoinHandle<()>,
}

impl OpenGameScan for Scan {
    fn try_list(&mut self) -> Option<Result<OpenGames, NetworkError>> {
        // Only the newest round matters.
        self.results.try_iter().last()
    }
}

impl Drop for Scan {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// The network the terminal game's menu uses: the settings from the environment and the config
/// file.
pub fn default_network() -> Result<Box<dyn Network>, NetworkError> {
    Ok(Box::new(RealNetwork::new(NetworkSettings::from_environment()?)?))
}
