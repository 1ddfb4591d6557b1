//! The relay to use: the one given (`--relay`, `TRIPOT_RELAY`), else a `tripot-relay` announced
//! on the LAN (started with `--mdns`), found by mDNS when mDNS is on.

use std::io::Write as _;
use std::time::Duration;

use serde_json::json;
use tripot_app::i18n::Lang;
use tripot_net::Multiaddr;

use super::OnlineArgs;
use crate::CliError;

/// How long to look for a relay on the LAN. mDNS answers within a second on a LAN; the rest
/// covers a relay that starts at the same moment.
const LAN_WAIT: Duration = Duration::from_secs(4);

/// The relay `given`, or one found on the LAN; an error saying what to do when there is none.
pub(crate) fn relay_or_lan(given: Option<Multiaddr>, args: &OnlineArgs) -> Result<Multiaddr, CliError> {
    if let Some(relay) = given {
        return Ok(relay);
    }
    let none = || CliError::NoRelay;
    if args.no_mdns {
        return Err(none());
    }
    let runtime = super::runtime()?;
    let found = runtime.block_on(async {
        let keypair = super::identity()?;
        tripot_net::online::find_lan_relay(keypair, &args.net(), LAN_WAIT)
            .await
            .map_err(|e| CliError::Network(e.into()))
    })?;
    let relay = found.ok_or_else(none)?;
    if args.headless {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{}", json!({"event": "relay_found", "addr": relay.to_string()}));
        let _ = out.flush();
    } else {
        println!("{}", Lang::current().relay_found_on_lan(&relay.to_string()));
    }
    Ok(relay)
}
