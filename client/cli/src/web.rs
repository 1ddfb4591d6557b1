//! `tripot web`: the game in a web browser (see [`tripot_web`]).

use super::CliError;
use tripot_net::Multiaddr;

use tripot_app::i18n::Lang;
use tripot_web::{WebNetwork, WebOptions};

/// Arguments of `tripot web`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The port to listen on (default: a free one).
    #[arg(long, default_value_t = 0)]
    pub(crate) port: u16,
    /// Serve the local network too (a tablet on the same Wi-Fi): the address then holds a
    /// random token, printed with its QR code; without it nothing is served.
    #[arg(long)]
    pub(crate) lan: bool,
    /// Do not open the browser; only print the address.
    #[arg(long)]
    pub(crate) no_open: bool,
    /// Online play: your name as the opponent sees it.
    #[arg(long, env = "TRIPOT_NAME")]
    pub(crate) name: Option<String>,
    /// Online play: the tripot-relay for rooms, the lobby and quick match, ending in
    /// /p2p/<peer id>; default: `relay = "…"` in <config dir>/config.toml.
    #[arg(long, env = "TRIPOT_RELAY")]
    pub(crate) relay: Option<Multiaddr>,
    /// Online play: do not announce or discover on the LAN (mDNS).
    #[arg(long)]
    pub(crate) no_mdns: bool,
    /// Online play: an address to listen on (repeatable; default all IPv4 interfaces, TCP and
    /// QUIC).
    #[arg(long = "listen")]
    pub(crate) listen: Vec<Multiaddr>,
    /// Online play: how long a page's game waits, after the page closed, for the page to come
    /// back (a reload), in seconds; 0: a closed page leaves its game at once.
    #[arg(long, default_value_t = 120, value_name = "SECONDS")]
    pub(crate) online_grace: u64,
}

/// Serves the page until Ctrl-C.
/// `lang` is the run's language; `page_lang` the `--lang` flag, if given.
pub(crate) fn run(args: &Args, lang: Lang, page_lang: Option<Lang>) -> Result<(), CliError> {
    let network = WebNetwork {
        name: args.name.clone(),
        relay: args.relay.clone(),
        no_mdns: args.no_mdns,
        listen: args.listen.clone(),
    };
    let options = WebOptions {
        port: args.port,
        lan: args.lan,
        open: !args.no_open,
        network,
        lang,
        page_lang,
        online_grace: std::time::Duration::from_secs(args.online_grace),
    };
    Ok(tripot_web::run(options)?)
}
