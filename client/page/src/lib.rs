//! `tripot web`: the game in a web browser. The program stays the player's peer — the engine,
//! the computer and the game controller of [`tripot_app`] run here — and the page
//! (`client/page/assets/`, embedded) is only its screen: it draws what the program sends and sends back
//! what the player does, over one WebSocket.
//!
//! - [`messages`]: the WebSocket protocol, every message in one file.
//! - `page`: one page, sans I/O: messages in, messages and searches out, routed to its table
//!   and its saves.
//! - [`play_messages`] and `page_play`: the one table of any game of the catalogue (the duel,
//!   the star games, draughts) over `tripot_app::table::Table`.
//! - `socket`: one page's socket — frames, size and rate limits, its game handled off the
//!   runtime; `search_pool`: the computer's searches of every page, on two threads.
//! - `server`: routes, the embedded files, the `Host`, `Origin` and token checks, the bound on
//!   pages served at once; `connections`: the HTTP connections, their heads bounded in size
//!   and time, their number bounded.
//! - `assets`: the embedded files and the rules page; `lan`: token, LAN address, QR code;
//!   `browser`: opening the default browser.
//! - Saved games: `page_saves` (the list and the replay viewer, under ids of the page's own),
//!   `saved_game_view` (any game's record as the page shows it, read by the one reader).
//! - Online play: [`online_messages`] (its messages), `page_online` (one page's online game,
//!   sans I/O; its board drawn by `online_board`, its clicks by `board_clicks`), `online_worker`
//!   (the thread that runs it and polls the session), `socket_online` (a socket's worker, its
//!   token, the hand-over) and `kept_games` (a closed page's game kept for its reload).
//!   Tables of 2–6 seats: `page_online_seats` (over `tripot_app::online_seats::OnlineSeats`) and
//!   [`seats_messages`] (the table as the page draws it).

use std::io::Write as _;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex};

use online_worker::SharedNetwork;
use page_online::NetworkSlot;
use tripot_net::Multiaddr;

use tripot_app::network::{Network, NetworkError};
use tripot_app::real_network::RealNetwork;
use tripot_app::settings::{NetworkSettings, configured_relay, player_name};

use tripot_app::i18n::Lang;

mod assets;
pub(crate) mod board_messages;
mod browser;
mod connections;
mod error;
mod kept_games;
mod lan;
pub(crate) mod messages;
pub(crate) mod online_messages;
mod online_offer;
mod online_words;
mod online_worker;
mod page;
mod page_online;
mod page_play;
mod page_ratings;
mod page_saves;
pub(crate) mod play_messages;
mod saved_game_view;
pub(crate) mod saves_messages;
mod search_pool;
pub(crate) mod seats_messages;
mod server;
mod socket;
mod socket_online;

pub use error::WebError;

/// How `tripot web` runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebOptions {
    /// The port to listen on; 0 picks a free one.
    pub port: u16,
    /// Serve the local network (all interfaces, behind a token) instead of this computer only.
    pub lan: bool,
    /// Open the default browser on the page.
    pub open: bool,
    /// The online options, used when a page first plays online.
    pub network: WebNetwork,
    /// The language of the lines printed (`--lang`, else `LANG`, else French).
    pub lang: Lang,
    /// `--lang` itself: given, the page takes it over the browser's language.
    pub page_lang: Option<Lang>,
    /// How long a closed page's online game is kept for the page to come back (a reload);
    /// zero: a closed page leaves its game at once.
    pub online_grace: std::time::Duration,
}

/// The online options of `tripot web`, as `tripot host`'s: read (with the config file's relay)
/// only when a page first plays online.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WebNetwork {
    /// The player's name as the opponent sees it (default: `$USER`).
    pub name: Option<String>,
    /// The tripot-relay for rooms, the lobby and quick match.
    pub relay: Option<Multiaddr>,
    /// No LAN announcement or discovery (mDNS).
    pub no_mdns: bool,
    /// Addresses to listen on (default: every IPv4 interface).
    pub listen: Vec<Multiaddr>,
}

impl WebNetwork {
    /// The real network with these options: our identity, the relay checked, a runtime.
    fn start(&self) -> Result<Box<dyn Network + Send>, NetworkError> {
        let settings = NetworkSettings {
            name: player_name(self.name.clone()),
            listen: self.listen.clone(),
            mdns: !self.no_mdns,
            relay: configured_relay(self.relay.clone())?,
            ..NetworkSettings::default()
        };
        Ok(Box::new(RealNetwork::new(settings)?))
    }
}

/// Serves the page until the process is stopped. The first line printed is the address to open
/// (tests read it).
pub fn run(options: WebOptions) -> Result<(), WebError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        // Each page's game is handled on these, one message at a time per page.
        .max_blocking_threads(2 * server::MAX_SOCKETS)
        .enable_all()
        .build()
        .map_err(WebError::Runtime)?;
    // One network for the whole server, not one per page: one identity and one runtime for
    // every page's sessions and scans, as the terminal game has. It starts with the first
    // page that plays online. It is held here, outside the server's runtime, because the
    // network's own runtime must not be dropped from inside an async task.
    let settings = options.network.clone();
    let mdns = !settings.no_mdns;
    let network: SharedNetwork =
        Arc::new(Mutex::new(NetworkSlot::new(Box::new(move || settings.start()), mdns)));
    runtime.block_on(serve(options, Arc::clone(&network)))
}

async fn serve(options: WebOptions, network: SharedNetwork) -> Result<(), WebError> {
    let ip = if options.lan { IpAddr::V4(Ipv4Addr::UNSPECIFIED) } else { IpAddr::V4(Ipv4Addr::LOCALHOST) };
    let addr = SocketAddr::new(ip, options.port);
    let listener =
        tokio::net::TcpListener::bind(addr).await.map_err(|source| WebError::Bind { addr, source })?;
    let port = listener.local_addr().map_err(|source| WebError::Bind { addr, source })?.port();
    let access = server::Access { port, token: options.lan.then(lan::new_token), lang: options.page_lang };
    let base = access.base();
    let local = format!("http://127.0.0.1:{port}{base}");
    let said = options.lang.t();
    let mut out = std::io::stdout().lock();
    // Printing is best effort: a closed stdout must not stop the server.
    if options.lan {
        let shared = lan::lan_address().map(|ip| format!("http://{ip}:{port}{base}"));
        let _ = writeln!(out, "{}", shared.as_deref().unwrap_or(&local));
        match &shared {
            Some(url) => {
                let _ = writeln!(out, "{}", said.web_lan_open);
                if let Some(qr) = lan::qr_text(url) {
                    let _ = writeln!(out, "{qr}");
                }
                let _ = writeln!(out, "{} {local}", said.web_on_this_computer);
            }
            None => {
                let _ = writeln!(out, "{}", said.web_no_lan);
            }
        }
        let _ = writeln!(out, "{}", said.web_keep_it);
    } else {
        let _ = writeln!(out, "{local}");
        let _ = writeln!(out, "{}", said.web_local_only);
    }
    // The browser opened is told the language asked for in its address too.
    let opened = match options.page_lang {
        Some(lang) => format!("{local}?lang={}", lang.code()),
        None => local.clone(),
    };
    // With `--lan` the address holds the token: never on the opener's command line.
    let opened_ok =
        options.open && if options.lan { browser::open_secret(&opened) } else { browser::open(&opened) };
    if options.open && !opened_ok {
        let _ = writeln!(out, "{}", said.web_open_yourself);
    }
    let _ = writeln!(out, "{}", said.web_stop);
    let _ = out.flush();
    drop(out);
    let shared = socket::Shared {
        network,
        kept: Arc::new(Mutex::new(kept_games::KeptGames::with_bound(
            kept_games::MAX_KEPT,
            options.online_grace,
        ))),
        searches: search_pool::SearchPool::start(),
        lang: options.page_lang,
        relay: options.network.relay.clone(),
    };
    connections::serve(listener, server::router(access, shared)).await;
    Ok(())
}
