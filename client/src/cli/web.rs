//! `tripot web`: the game in a web browser (see [`crate::web`]).

use super::CliError;
use crate::i18n::Lang;
use crate::web::WebOptions;

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
}

/// Serves the page until Ctrl-C.
/// `lang` is the run's language; `page_lang` the `--lang` flag, if given.
pub(crate) fn run(args: &Args, lang: Lang, page_lang: Option<Lang>) -> Result<(), CliError> {
    let options = WebOptions { port: args.port, lan: args.lan, open: !args.no_open, lang, page_lang };
    Ok(crate::web::run(options)?)
}
