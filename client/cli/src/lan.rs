//! `tripot lan`: list the players hosting on the LAN (found by mDNS), two-seat games and
//! tables of 2–6 seats alike, and join one: a two-seat game's session, or a table's first free
//! seat (`--watch`: a place among its spectators).

use std::io::{BufRead as _, Write as _};
use std::time::Duration;

use tripot_app::i18n::Lang;
use tripot_net::table_online::TableLink;
use tripot_net::{LanHost, LanOffer};
use tripot_protocol::table::Wants;

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
    /// Watch the table chosen instead of sitting at it (if its host lets spectators in).
    #[arg(long)]
    pub(crate) watch: bool,
    #[command(flatten)]
    pub(crate) online: OnlineArgs,
}

/// A host as one JSON line of `tripot lan --headless`.
fn json_line(index: usize, host: &LanHost) -> serde_json::Value {
    let mut line = serde_json::json!({
        "event": "lan_host", "index": index, "name": host.name, "game": host.game.as_str(),
        "seats": host.seats, "free": host.free, "waiting_secs": host.waiting_secs,
        "addr": host.addr.to_string(),
    });
    match host.offer {
        LanOffer::Session => line["kind"] = "session".into(),
        LanOffer::Table { spectators, started, .. } => {
            line["kind"] = "table".into();
            line["spectators"] = spectators.into();
            line["started"] = started.into();
        }
    }
    line
}

/// A host as a line for a person.
fn text_line(lang: Lang, index: usize, host: &LanHost) -> String {
    let waiting = u64::from(host.waiting_secs);
    match host.offer {
        LanOffer::Session => lang.lan_game_line(index, &host.name, &host.game, waiting),
        LanOffer::Table { .. } => {
            lang.lan_table_line(index, &host.name, &host.game, (host.seats, host.free), waiting)
        }
    }
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
            json_line(i + 1, host).to_string()
        } else {
            text_line(Lang::current(), i + 1, host)
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
    join(host, pick, args)
}

/// Joins the host chosen: its session, or its table's first free seat (or to watch).
fn join(host: &LanHost, pick: usize, args: &Args) -> Result<(), CliError> {
    let LanOffer::Table { table, .. } = host.offer else {
        return online::run(&args.online, Plan::Join(host.addr.clone()));
    };
    let wants = if args.watch {
        if !host.may_watch() {
            return Err(CliError::NoSpectatorsAt(pick));
        }
        Wants::Watch
    } else {
        if !host.has_seat() {
            return Err(CliError::NoSeatAt(pick));
        }
        Wants::Seat(None)
    };
    let spec = tripot_game::TableSpec { game: host.game.clone(), seats: host.seats };
    let link = TableLink { spec, table, host: host.addr.clone() };
    super::table_play::join_link(link, &args.online, wants)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use tripot_net::PeerId;
    use tripot_protocol::table::TableId;

    use super::*;

    fn table(free: u8) -> LanHost {
        LanHost {
            peer: PeerId::random(),
            addr: "/ip4/192.0.2.7/tcp/4001".parse().unwrap(),
            name: "Edmonde".into(),
            game: "kawu-3".parse().unwrap(),
            seats: 3,
            free,
            waiting_secs: 12,
            offer: LanOffer::Table { table: TableId([2; 16]), spectators: true, started: free == 0 },
        }
    }

    #[test]
    fn a_table_is_one_json_line_with_its_kind_and_free_seats() {
        let line = json_line(2, &table(1));
        assert_eq!(line["event"], "lan_host");
        assert_eq!(
            (line["kind"].as_str(), line["free"].as_u64(), line["seats"].as_u64()),
            (Some("table"), Some(1), Some(3))
        );
        assert_eq!((line["spectators"].as_bool(), line["started"].as_bool()), (Some(true), Some(false)));
        let session = LanHost { offer: LanOffer::Session, seats: 2, ..table(1) };
        assert_eq!(json_line(1, &session)["kind"], "session");
    }

    #[test]
    fn a_table_line_says_its_free_seats_in_both_languages() {
        assert!(text_line(Lang::En, 1, &table(2)).contains("2 of 3 seats free"));
        assert!(text_line(Lang::Fr, 1, &table(1)).contains("1 place libre sur 3"));
        // Started, it is listed for its spectators only.
        assert!(text_line(Lang::En, 1, &table(0)).contains("game under way, spectators welcome"));
        assert!(text_line(Lang::Fr, 1, &table(0)).contains("partie en cours, spectateurs admis"));
    }
}
