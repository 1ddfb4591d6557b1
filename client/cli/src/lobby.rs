//! `tripot lobby`: the open tables at a relay — list them page by page (every game, or one),
//! join one (a table of 3–6 seats, opened by `tripot host --lobby`, at its first free seat),
//! watch one (`--watch`: a table of 3–6 seats letting spectators in, its game under way or
//! not), or open one's own for any game of two seats.

use std::io::{BufRead as _, Write as _};

use serde_json::json;
use tripot_app::i18n::Lang;
use tripot_engine::Rules;
use tripot_game::{GameSpec, TableSpec};
use tripot_net::Multiaddr;
use tripot_net::online::matchmaking::lobby::{self, LobbyPage, PAGE_SIZE, TableEntry};
use tripot_net::table_online::is_listed_table;
use tripot_protocol::table::Wants;

use super::CliError;
use super::host::OpensArg;
use super::matched::{config_with_relay, drive, print_json};
use super::online::{self, OnlineArgs};

/// Arguments of `tripot lobby`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Open your own table and wait there for an opponent.
    #[arg(long, conflicts_with_all = ["join", "watch", "list", "page"])]
    pub(crate) open: bool,
    /// The game of the table you open, or of the tables listed, by name: `kawu-2`, `halma-2`,
    /// `captures-2`, `draughts`, a duel (`tripot-classic-f2`)… (a game of two seats).
    #[arg(long, conflicts_with_all = ["format", "rules"])]
    pub(crate) variant: Option<GameSpec>,
    /// The duel, by its colours per camp (default 1 when opening; when listing, only the duel's
    /// tables of this format).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=3))]
    pub(crate) format: Option<u8>,
    /// The duel's rules preset: tripot or classic.
    #[arg(long, default_value = "tripot")]
    pub(crate) rules: Rules,
    /// Who opens at your table.
    #[arg(long, value_enum, default_value = "random")]
    pub(crate) opens: OpensArg,
    /// The page of the list to show (1-based; 10 tables a page).
    #[arg(long, default_value_t = 1)]
    pub(crate) page: usize,
    /// Join the table with this number on the page shown, without asking.
    #[arg(long, conflicts_with = "watch")]
    pub(crate) join: Option<usize>,
    /// Watch the table with this number on the page shown (a table of 3–6 seats whose host
    /// lets spectators in), without asking.
    #[arg(long)]
    pub(crate) watch: Option<usize>,
    /// Only show the list (one JSON line per table with --headless), join none.
    #[arg(long, conflicts_with_all = ["join", "watch"])]
    pub(crate) list: bool,
    #[command(flatten)]
    pub(crate) online: OnlineArgs,
}

/// Lists, joins or opens a table.
pub(crate) fn run(args: &Args) -> Result<(), CliError> {
    // The relay given, else one announced on the LAN (mDNS).
    let relay = super::relay_or_lan::relay_or_lan(args.online.relay()?, &args.online)?;
    if args.open {
        return open(args, &relay);
    }
    let runtime = online::runtime()?;
    let chosen = runtime.block_on(async {
        let net = config_with_relay(&args.online, &relay)?.net;
        let game = listed_game(args)?;
        let mut page = args.page.max(1) - 1;
        let mut shown = fetch(&net, &relay, game.as_ref(), page).await?;
        show(&shown, args.online.headless)?;
        if args.list || (args.online.headless && args.join.is_none() && args.watch.is_none()) {
            return Ok(None);
        }
        let chosen = match (args.join, args.watch) {
            (Some(n), _) => (pick(&shown, n, Wants::Seat(None))?, Wants::Seat(None)),
            (None, Some(n)) => (pick(&shown, n, Wants::Watch)?, Wants::Watch),
            (None, None) => loop {
                match ask(&shown)? {
                    // A table under way is there to be watched: choosing it watches.
                    Choice::Join(n) => match pick(&shown, n, Wants::Seat(None)) {
                        Ok(entry) => break (entry, Wants::Seat(None)),
                        Err(CliError::TableUnderWay(_)) => match pick(&shown, n, Wants::Watch) {
                            Ok(entry) => break (entry, Wants::Watch),
                            Err(error) => println!("{error}"),
                        },
                        Err(error) => println!("{error}"),
                    },
                    Choice::Next if shown.has_next() => page += 1,
                    Choice::Previous if page > 0 => page -= 1,
                    Choice::Next | Choice::Previous | Choice::Refresh => {}
                    Choice::Quit => return Ok(None),
                }
                shown = fetch(&net, &relay, game.as_ref(), page).await?;
                show(&shown, false)?;
            },
        };
        Ok::<_, CliError>(Some(chosen))
    })?;
    let Some((entry, wants)) = chosen else { return Ok(()) };
    announce(args, &entry, wants);
    if is_listed_table(&entry.table) {
        // A table of 3–6 seats runs on a runtime of its own.
        drop(runtime);
        return super::table_play::join_lobby_table(&entry, &relay, &args.online, wants);
    }
    runtime.block_on(join(args, &relay, &entry))
}

/// The game whose tables are listed: `--variant` (at its seats), or the duel of `--format`;
/// `None`: every game.
fn listed_game(args: &Args) -> Result<Option<TableSpec>, CliError> {
    if args.variant.is_none() && args.format.is_none() {
        return Ok(None);
    }
    let table = args.variant.as_ref().and_then(tripot_game::catalogue::find).map(|info| info.table());
    if let Some(table) = table.filter(|t| t.seats > 2) {
        return Ok(Some(table));
    }
    let offer = super::host::offer(args.variant.as_ref(), args.format.unwrap_or(1), args.rules, args.opens)?;
    Ok(Some(TableSpec { game: offer.game, seats: 2 }))
}

async fn fetch(
    net: &tripot_net::NetConfig,
    relay: &Multiaddr,
    game: Option<&TableSpec>,
    page: usize,
) -> Result<LobbyPage, CliError> {
    // Listing needs no identity: a throwaway one keeps the player's own peer id out of it.
    let keypair = tripot_net::Keypair::generate_ed25519();
    lobby::list(keypair, net, relay, game, page).await.map_err(|e| CliError::Network(e.into()))
}

fn show(page: &LobbyPage, headless: bool) -> Result<(), CliError> {
    if headless {
        for (i, entry) in page.tables.iter().enumerate() {
            print_json(&json!({
                "event": "lobby_table", "index": i + 1, "name": entry.table.name,
                "game": entry.table.table.game.as_str(), "seats": entry.table.table.seats,
                "free_seats": entry.table.free_seats, "waiting_secs": entry.waiting_secs,
                "host": entry.host.to_string(), "addr": entry.addr.to_string(),
                // Only a table under way says whether it lets spectators in (it does: else
                // it would not be listed); an open one's listing does not say.
                "started": entry.table.under_way(),
                "spectators": entry.table.under_way().then_some(true),
            }));
        }
        print_json(&json!({
            "event": "lobby_page", "page": page.page + 1, "tables": page.tables.len(), "total": page.total,
            "has_next": page.has_next(),
        }));
        return Ok(());
    }
    let mut out = std::io::stdout().lock();
    let lang = Lang::current();
    let pages = page.total.div_ceil(PAGE_SIZE).max(1);
    let mut lines = vec![lang.lobby_page_head(page.page + 1, pages, page.total)];
    if page.total == 0 {
        lines.push(lang.lobby_empty().to_owned());
    } else if page.tables.is_empty() {
        lines.push(lang.lobby_no_such_page(page.page + 1, pages));
    }
    for (i, entry) in page.tables.iter().enumerate() {
        let (table, free, secs) = (&entry.table, entry.table.free_seats, entry.waiting_secs);
        lines.push(lang.lobby_table_line(i + 1, &table.name, &table.table.game, free, secs));
    }
    for line in lines {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// Table `n` of `page`, if one may take it as `wants` says: a seat at a table not under way,
/// or a place among the spectators of a table of 3–6 seats.
fn pick(page: &LobbyPage, n: usize, wants: Wants) -> Result<TableEntry, CliError> {
    let entry = page.tables.get(n.wrapping_sub(1)).ok_or(CliError::NoSuchTable(n))?;
    match wants {
        Wants::Watch if !is_listed_table(&entry.table) => Err(CliError::NotWatchable(n)),
        Wants::Seat(_) if entry.table.under_way() => Err(CliError::TableUnderWay(n)),
        _ => Ok(entry.clone()),
    }
}

enum Choice {
    Join(usize),
    Next,
    Previous,
    Refresh,
    Quit,
}

fn ask(page: &LobbyPage) -> Result<Choice, CliError> {
    let lang = Lang::current();
    let prompt = lang.lobby_prompt(page.has_next(), page.page > 0);
    loop {
        print!("{prompt}");
        let _ = std::io::stdout().flush();
        let mut line = String::new();
        let read = std::io::stdin().lock().read_line(&mut line)?;
        if read == 0 {
            return Ok(Choice::Quit);
        }
        match line.trim() {
            "n" | "N" => return Ok(Choice::Next),
            "p" | "P" => return Ok(Choice::Previous),
            "r" | "R" | "" => return Ok(Choice::Refresh),
            "q" | "Q" => return Ok(Choice::Quit),
            other => match other.parse() {
                Ok(n) => return Ok(Choice::Join(n)),
                Err(_) => println!("{}", lang.lobby_bad_choice(other)),
            },
        }
    }
}

/// Says which table is being joined (or watched).
fn announce(args: &Args, entry: &TableEntry, wants: Wants) {
    if args.online.headless {
        print_json(&json!({
            "event": "lobby_join", "name": entry.table.name, "game": entry.table.table.game.as_str(),
            "seats": entry.table.table.seats, "host": entry.host.to_string(), "addr": entry.addr.to_string(),
            "watch": wants == Wants::Watch,
        }));
    } else {
        println!("{}", Lang::current().lobby_joining(&entry.table.name, &entry.table.table.game));
    }
}

/// Sits at a two-seat game of the lobby.
async fn join(args: &Args, relay: &Multiaddr, entry: &TableEntry) -> Result<(), CliError> {
    let config = config_with_relay(&args.online, relay)?;
    let keypair = args.online.keypair()?;
    let handle = tripot_net::online::start(keypair, config, tripot_net::Start::Join(entry.addr.clone()))
        .map_err(|e| CliError::Network(e.into()))?;
    drive(handle, &args.online).await
}

fn open(args: &Args, relay: &Multiaddr) -> Result<(), CliError> {
    let offer = super::host::offer(args.variant.as_ref(), args.format.unwrap_or(1), args.rules, args.opens)?;
    let game = offer.game.clone();
    let config = config_with_relay(&args.online, relay)?;
    let runtime = online::runtime()?;
    runtime.block_on(async {
        let keypair = args.online.keypair()?;
        if args.online.headless {
            print_json(&json!({
                "event": "lobby_open", "name": config.session.name, "game": game.as_str(), "seats": 2,
                "relay": relay.to_string(),
            }));
        } else {
            println!("{}", Lang::current().lobby_opened(&game));
        }
        let handle = lobby::host(keypair, config, offer).map_err(|e| CliError::Network(e.into()))?;
        let result = drive(handle, &args.online).await;
        // Leaving before a game: the table's task is telling the relay; let it finish.
        tokio::time::sleep(std::time::Duration::from_millis(400)).await;
        result
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use tripot_directory::LobbyTable;
    use tripot_net::PeerId;

    use super::*;

    fn page() -> LobbyPage {
        let entry = |game: &str, seats, under_way| {
            let table = LobbyTable::new(TableSpec { game: GameSpec::new(game).unwrap(), seats }, 5, "Nice");
            TableEntry {
                host: PeerId::random(),
                table: if under_way { table.watched() } else { table },
                addr: "/ip4/127.0.0.1/tcp/1".parse().unwrap(),
                waiting_secs: 3,
            }
        };
        let tables = vec![entry("kawu-3", 3, true), entry("kawu-3", 3, false), entry("kawu-2", 2, false)];
        LobbyPage { total: tables.len(), tables, page: 0 }
    }

    #[test]
    fn a_table_under_way_is_watched_not_joined_and_a_two_seat_game_is_not_watched() {
        let page = page();
        assert!(matches!(pick(&page, 1, Wants::Seat(None)), Err(CliError::TableUnderWay(1))));
        assert!(pick(&page, 1, Wants::Watch).is_ok_and(|e| e.table.under_way()));
        assert!(pick(&page, 2, Wants::Seat(None)).is_ok() && pick(&page, 2, Wants::Watch).is_ok());
        assert!(pick(&page, 3, Wants::Seat(None)).is_ok());
        assert!(matches!(pick(&page, 3, Wants::Watch), Err(CliError::NotWatchable(3))));
        assert!(matches!(pick(&page, 4, Wants::Watch), Err(CliError::NoSuchTable(4))));
        assert_eq!(CliError::TableUnderWay(1).exit_code(), 2);
    }
}
