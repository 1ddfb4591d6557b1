//! `tripot web`: the game in a web browser. The program stays the player's peer — the engine,
//! the computer and the game controller of [`crate::core`] run here — and the page
//! (`client/web/`, embedded) is only its screen: it draws what the program sends and sends back
//! what the player does, over one WebSocket.
//!
//! - [`messages`]: the WebSocket protocol, every message in one file.
//! - `page_game`: one page's game, sans I/O: messages in, messages and searches out.
//! - `socket`: one page's socket — frames, size and rate limits, the searches' threads.
//! - `server`: routes, the embedded files, the `Host`, `Origin` and token checks.
//! - `assets`: the embedded files and the rules page; `lan`: token, LAN address, QR code;
//!   `browser`: opening the default browser.

use std::io::Write as _;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

mod assets;
mod browser;
mod error;
mod lan;
pub(crate) mod messages;
mod page_game;
mod page_table;
mod server;
mod socket;
mod table_messages;

pub use error::WebError;

/// How `tripot web` runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WebOptions {
    /// The port to listen on; 0 picks a free one.
    pub port: u16,
    /// Serve the local network (all interfaces, behind a token) instead of this computer only.
    pub lan: bool,
    /// Open the default browser on the page.
    pub open: bool,
}

/// Serves the page until the process is stopped. The first line printed is the address to open
/// (tests read it).
pub fn run(options: WebOptions) -> Result<(), WebError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(WebError::Runtime)?;
    runtime.block_on(serve(options))
}

async fn serve(options: WebOptions) -> Result<(), WebError> {
    let ip = if options.lan { IpAddr::V4(Ipv4Addr::UNSPECIFIED) } else { IpAddr::V4(Ipv4Addr::LOCALHOST) };
    let addr = SocketAddr::new(ip, options.port);
    let listener =
        tokio::net::TcpListener::bind(addr).await.map_err(|source| WebError::Bind { addr, source })?;
    let port = listener.local_addr().map_err(|source| WebError::Bind { addr, source })?.port();
    let access = server::Access { port, token: options.lan.then(lan::new_token) };
    let base = access.base();
    let local = format!("http://127.0.0.1:{port}{base}");
    let mut out = std::io::stdout().lock();
    // Printing is best effort: a closed stdout must not stop the server.
    if options.lan {
        let shared = lan::lan_address().map(|ip| format!("http://{ip}:{port}{base}"));
        let _ = writeln!(out, "{}", shared.as_deref().unwrap_or(&local));
        match &shared {
            Some(url) => {
                let _ = writeln!(
                    out,
                    "Open this address on a tablet or phone on the same network, or scan the code:"
                );
                if let Some(qr) = lan::qr_text(url) {
                    let _ = writeln!(out, "{qr}");
                }
                let _ = writeln!(out, "On this computer: {local}");
            }
            None => {
                let _ = writeln!(out, "No local network address was found: only this computer can open it.");
            }
        }
        let _ = writeln!(out, "Only this address serves the game: keep it among the players.");
    } else {
        let _ = writeln!(out, "{local}");
        let _ = writeln!(out, "Tripot is served on this computer only (tripot web --lan for a tablet).");
    }
    if options.open && !browser::open(&local) {
        let _ = writeln!(out, "Open the address above in your browser.");
    }
    let _ = writeln!(out, "Ctrl-C stops the server.");
    let _ = out.flush();
    drop(out);
    axum::serve(listener, server::router(access)).await.map_err(WebError::Serve)
}
