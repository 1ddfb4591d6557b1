//! Online play from the command line: the options shared by `host`, `join`, `lan`, `lobby` and
//! `quick`, and [`run`], which starts a session and hands it to the chosen mode — the headless
//! mode ([`super::headless`]: computer player, one JSON line per event), the line console
//! ([`super::console`]) or the terminal game's online screen ([`super::screens`]).
//!
//! Every mode drives a [`tripot_net::SessionHandle`]: the network runs on its own task and hands
//! back events; the interface only plays moves and shows what happened.

use std::path::PathBuf;
use std::time::Duration;

use tripot_ai::Level;
use tripot_net::room::RoomCode;
use tripot_net::session::Offer;
use tripot_net::{Multiaddr, NetConfig, OnlineConfig, SavedGame, Start};

use super::relay_or_lan::relay_or_lan;
use super::{console, headless, screens};
use crate::CliError;
use tripot_app::network::NetworkError;
use tripot_app::real_network;
use tripot_app::settings::{NetworkSettings, configured_relay, player_name};

/// Options common to every online command.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct OnlineArgs {
    /// Your name as the opponent sees it.
    #[arg(long, env = "TRIPOT_NAME")]
    pub(crate) name: Option<String>,
    /// No interface: play with the computer (`--ai`; a spectator needs none) and print one
    /// JSON line per event on stdout.
    #[arg(long)]
    pub(crate) headless: bool,
    /// A line console instead of the full-screen interface (for dumb terminals and scripts).
    #[arg(long, conflicts_with = "headless")]
    pub(crate) plain: bool,
    /// The computer level that plays in headless mode (debutant … impossible, or 1..5).
    #[arg(long)]
    pub(crate) ai: Option<Level>,
    /// Seed of the computer's choices.
    #[arg(long, default_value_t = 0)]
    pub(crate) seed: u64,
    /// Wait this long before each computer move (ms).
    #[arg(long, default_value_t = 0)]
    pub(crate) move_delay_ms: u64,
    /// Where to save the game after every move (default: the config directory's games/).
    #[arg(long)]
    pub(crate) save: Option<PathBuf>,
    /// Resume the game saved in this file instead of starting a new one.
    #[arg(long)]
    pub(crate) resume: Option<PathBuf>,
    /// Address to listen on (repeatable; default all IPv4 interfaces, TCP and QUIC).
    #[arg(long = "listen")]
    pub(crate) listen: Vec<tripot_net::Multiaddr>,
    /// Seconds to wait for a vanished opponent before the game may be claimed.
    #[arg(long, default_value_t = 120)]
    pub(crate) grace_secs: u64,
    /// Headless mode: claim the game as soon as the grace period is over.
    #[arg(long)]
    pub(crate) claim: bool,
    /// Headless mode: play up to N more games on the same connection, each saved to its own
    /// record (`game.tripot`, `game-2.tripot`, …): offer a rematch after each game and accept
    /// the opponent's; 0 declines offers.
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub(crate) rematch: u32,
    /// Headless table's host: when a rematch vote leaves seats free (their players did not
    /// vote), a computer of LEVEL takes each, and the next game starts without waiting for guests.
    #[arg(long, value_name = "LEVEL")]
    pub(crate) fill: Option<Level>,
    /// How long a table's rematch vote stays open after a game (seconds).
    #[arg(long, default_value_t = 120, hide = true)]
    pub(crate) vote_secs: u64,
    /// Headless table: say this line in the chat when each game starts (repeat it for more
    /// lines, said at once; the chat's rate refuses what goes over, as an `error` event).
    #[arg(long, value_name = "TEXT")]
    pub(crate) say: Vec<String>,
    /// Do not announce or discover on the LAN (mDNS).
    #[arg(long)]
    pub(crate) no_mdns: bool,
    /// Play as a guest: a fresh key for this game only, instead of your persistent one. The
    /// game is not rated (nothing is signed), and it cannot be resumed under your usual key.
    #[arg(long)]
    pub(crate) guest: bool,
    /// The tripot-relay for rooms (and to be reachable when hosting), ending in /p2p/<peer id>;
    /// default: `relay = "…"` in <config dir>/config.toml.
    #[arg(long, env = "TRIPOT_RELAY")]
    pub(crate) relay: Option<Multiaddr>,
    /// Keep-alive interval (ms).
    #[arg(long, default_value_t = 5000, hide = true)]
    pub(crate) keep_alive_ms: u64,
    /// Silence after which the link counts as dead (ms).
    #[arg(long, default_value_t = 20_000, hide = true)]
    pub(crate) peer_timeout_ms: u64,
    /// Idle connection timeout (ms).
    #[arg(long, default_value_t = 60_000, hide = true)]
    pub(crate) idle_timeout_ms: u64,
}

impl OnlineArgs {
    /// The settings these options ask for, before the relay is looked up.
    fn settings_without_relay(&self) -> NetworkSettings {
        NetworkSettings {
            name: player_name(self.name.clone()),
            listen: self.listen.clone(),
            mdns: !self.no_mdns,
            relay: None,
            grace: Duration::from_secs(self.grace_secs),
            keep_alive: Duration::from_millis(self.keep_alive_ms),
            peer_timeout: Duration::from_millis(self.peer_timeout_ms),
            idle_timeout: Duration::from_millis(self.idle_timeout_ms),
            save: self.save.clone().or_else(|| self.resume.clone()),
            guest: self.guest,
        }
    }

    /// The network settings these options ask for, the relay included.
    pub(crate) fn settings(&self) -> Result<NetworkSettings, CliError> {
        Ok(NetworkSettings { relay: self.relay()?, ..self.settings_without_relay() })
    }

    /// The relay: `--relay` or `TRIPOT_RELAY`, else the config file's; checked to end in a peer id.
    pub(crate) fn relay(&self) -> Result<Option<Multiaddr>, CliError> {
        Ok(configured_relay(self.relay.clone())?)
    }

    /// The network layer's settings (no relay: a LAN scan needs none).
    pub(crate) fn net(&self) -> NetConfig {
        self.settings_without_relay().net()
    }

    /// The key this game is played with: a fresh one for a guest, else the persistent identity.
    pub(crate) fn keypair(&self) -> Result<tripot_net::Keypair, CliError> {
        if self.guest { Ok(tripot_net::Keypair::generate_ed25519()) } else { identity() }
    }

    /// A session's settings.
    pub(crate) fn config(&self) -> Result<OnlineConfig, CliError> {
        Ok(self.settings()?.online_config()?)
    }
}

/// What to start, before the saved game (if any) is read.
pub(crate) enum Plan {
    /// Host a new game.
    Host(Offer),
    /// Join the host at this address.
    Join(tripot_net::Multiaddr),
    /// Host a new game in a private room with this code.
    HostRoom(Offer, RoomCode),
    /// Join the private room with this code.
    JoinRoom(RoomCode),
}

/// Runs an online game to its end.
pub(crate) fn run(args: &OnlineArgs, plan: Plan) -> Result<(), CliError> {
    let mut config = args.config()?;
    let start = match (&args.resume, plan) {
        (Some(path), _) => {
            let saved = SavedGame::read(path).map_err(CliError::SavedOnlineGame)?;
            Start::Resume(Box::new(saved))
        }
        (None, Plan::Host(offer)) => Start::Host(offer),
        (None, Plan::Join(addr)) => Start::Join(addr),
        (None, Plan::HostRoom(offer, code)) => Start::HostRoom { offer, code },
        (None, Plan::JoinRoom(code)) => Start::JoinRoom(code),
    };
    // A room with no relay configured uses one announced on the LAN (mDNS), if there is one.
    let with_lan_relay;
    let args = if matches!(start, Start::HostRoom { .. } | Start::JoinRoom(_)) && config.net.relay.is_none() {
        let relay = relay_or_lan(None, args).map_err(|_| CliError::NoRelayForRoom)?;
        with_lan_relay = OnlineArgs { relay: Some(relay), ..args.clone() };
        config = with_lan_relay.config()?;
        &with_lan_relay
    } else {
        args
    };
    if !args.headless && !args.plain {
        return screens::run(args, start);
    }
    if args.headless && args.ai.is_none() {
        return Err(CliError::HeadlessWithoutAi);
    }
    let runtime = runtime()?;
    runtime.block_on(async {
        let keypair = args.keypair()?;
        let restored = match &start {
            Start::Resume(saved) => Some(saved.game.clone()),
            _ => None,
        };
        let handle = tripot_net::online::start(keypair, config, start).map_err(NetworkError::from)?;
        match (args.headless, args.ai) {
            (true, Some(level)) => headless::run(handle, level, args, restored).await,
            _ => console::run(handle, restored).await,
        }
    })
}

/// The multi-threaded runtime the network and the computer player share.
pub(crate) fn runtime() -> Result<tokio::runtime::Runtime, CliError> {
    Ok(real_network::runtime()?)
}

/// The persistent identity.
pub(crate) fn identity() -> Result<tripot_net::Keypair, CliError> {
    Ok(real_network::identity()?)
}

/// The error that ends `join` when the host refused us for good (a permanent refusal, or a busy
/// host past the retry cap): the reason is said, and the exit code is not zero.
pub(crate) fn final_refusal(event: &tripot_net::NetEvent) -> Option<CliError> {
    match event {
        tripot_net::NetEvent::Session(tripot_net::SessionEvent::Refused {
            reason,
            detail,
            retry_in: None,
        }) => Some(CliError::Refused { reason: *reason, detail: detail.clone() }),
        _ => None,
    }
}
