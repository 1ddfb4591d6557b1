//! `tripot lan`: list the players hosting on the LAN (found by mDNS) and join one.

use std::io::{BufRead as _, Write as _};
use std::time::Duration;

use tripot_app::i18n::Lang;

use super::CliError;
use super::online::{self, OnlineArgs, Plan};

/// Arguments of `tripot lan`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// How long to listen for hosts (seconds).
    #[arg(long, default_value_t = 3)]
    pub(crate) wait_secs: u64,
    /// Only list the hosts (one JSON line each with --headless), join none.
    #[arg(long)]
    pub(crate) list: bool,
    /// Join the n-th host listed (1-based) without asking.
    #[arg(long)]
    pub(crate) pick: Option<usize>,
    #[command(flatten)]
    pub(crate) online: OnlineArgs,
}

/// Lists LAN hosts, then joins the one chosen.
pub(crate) fn run(args: &Args) -> Result<(), CliError> {
    if !args.list && args.pick.is_none() && !args.online.headless && !args.online.plain {
        return super::screens::run_lan(&args.online);
    }
    let net = args.online.net();
    let hosts = online::runtime()?.block_on(async {
        let keypair = online::identity()?;
        tripot_net::online::browse(keypair, &net, Duration::from_secs(args.wait_secs))
            .await
            .map_err(|e| CliError::Network(e.into()))
    })?;
    let mut out = std::io::stdout().lock();
    for (i, host) in hosts.iter().enumerate() {
        let line = if args.online.headless {
            serde_json::json!({
                "event": "lan_host", "index": i + 1, "name": host.name, "game": host.game.as_str(),
                "seats": host.seats, "waiting_secs": host.waiting_secs, "addr": host.addr.to_string(),
            })
            .to_string()
        } else {
            Lang::current().lan_game_line(i + 1, &host.name, &host.game, u64::from(host.waiting_secs))
        };
        writeln!(out, "{line}")?;
    }
    drop(out);
    if args.list {
        return Ok(());
    }
    if hosts.is_empty() {
        return Err(CliError::NoHostOnLan);
    }
    let pick = match args.pick {
        Some(n) => n,
        None => {
            print!("{}", Lang::current().lan_prompt());
            let _ = std::io::stdout().flush();
            let mut line = String::new();
            std::io::stdin().lock().read_line(&mut line)?;
            line.trim().parse().map_err(|_| CliError::NotANumber(line.trim().to_owned()))?
        }
    };
    let host = hosts.get(pick.wrapping_sub(1)).ok_or(CliError::NoSuchHost(pick))?;
    online::run(&args.online, Plan::Join(host.addr.clone()))
}
