//! Online tables of 2–6 seats from the command line, headless: `tripot host --variant kawu-3
//! --computer 2 --headless --ai 1` opens a table and prints its link, `tripot join LINK
//! --headless --ai 1` takes the next free seat, `tripot watch LINK --headless` watches (no
//! `--ai`), `tripot host … --room` opens the table in a private room on the relay, `tripot
//! host … --lobby` lists it in the relay's open lobby (`tripot lobby` joins it). The
//! computer plays the local seat; every event is one JSON line on stdout
//! ([`super::table_json`]). The table runs on [`tripot_net::table_online`].

use std::io::Write as _;
use std::time::Duration;

use tripot_ai::Level;
use tripot_game::{Budget, GameSpec, Player, TableSpec};
use tripot_net::Multiaddr;
use tripot_net::online::matchmaking::lobby::TableEntry;
use tripot_net::online::matchmaking::quick::QuickSeek;
use tripot_net::online::{NetWarning, RatingNews};
use tripot_net::room::{RoomCode, RoomEvent};
use tripot_net::table::{TABLE_SIGNING_TIME, TableConfig, TableEvent, TableOffer};
use tripot_net::table_online::{
    QuickTableProgress, TableHandle, TableLink, TableNetConfig, TableNetEvent, TableRoomLink, TableStart,
    host_listed, join_listed, quick_table, random_table_id, start_table,
};
use tripot_protocol::table::{ClockRule, PeerKey, TableId, TableRejectReason, TableState, Wants};

use super::online::{OnlineArgs, runtime};
use super::table_json;
use crate::CliError;

/// The table's own options of `tripot host`.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct TableArgs {
    /// A computer player at the next empty seat, at this level (debutant … impossible, or
    /// 1..5); repeatable. Makes the game a table of the variant's seats.
    #[arg(long = "computer", value_name = "LEVEL")]
    pub(crate) computers: Vec<Level>,
    /// The table's clock: `move:60` (seconds a move; the third time-out in a row loses),
    /// `fischer:300+5` (a reserve and an increment a move) or `none`; by default the game's
    /// own (draughts: a minute a move), else none.
    #[arg(long, value_parser = parse_clock)]
    pub(crate) clock: Option<ClockRule>,
    /// Whether spectators may watch the table.
    #[arg(long, default_value = "yes", value_parser = ["yes", "no"])]
    pub(crate) spectators: String,
}

/// Arguments of `tripot watch`.
#[derive(Debug, clap::Args)]
pub(crate) struct WatchArgs {
    /// The table's link, as its host printed it (`tripot://table/…`).
    pub(crate) target: String,
    #[command(flatten)]
    pub(crate) online: OnlineArgs,
}

/// Reads `move:SECS`, `fischer:SECS+INC` or `none`.
fn parse_clock(text: &str) -> Result<ClockRule, CliError> {
    let bad = || CliError::BadClock(text.to_owned());
    if text == "none" {
        return Ok(ClockRule::None);
    }
    match text.split_once(':') {
        Some(("move", secs)) => Ok(ClockRule::PerMove { secs: secs.parse().map_err(|_| bad())? }),
        Some(("fischer", rest)) => {
            let (secs, inc) = rest.split_once('+').ok_or_else(bad)?;
            Ok(ClockRule::Reserve {
                secs: secs.parse().map_err(|_| bad())?,
                increment_secs: inc.parse().map_err(|_| bad())?,
            })
        }
        _ => Err(bad()),
    }
}

/// The clock of a table whose host named none: the game's own custom, else none.
fn default_clock(info: &tripot_game::catalogue::GameInfo) -> ClockRule {
    info.move_secs.map_or(ClockRule::None, |secs| ClockRule::PerMove { secs })
}

/// Whether `tripot host` opens a table rather than a two-seat session: a game of more than
/// two seats, computer seats asked for, or a game outside the star board (draughts: the
/// session opens it too, but the command line hosts it at a table for the table's clocks,
/// draw offers and spectators, as seed 001 has them).
pub(crate) fn is_table(variant: Option<&GameSpec>, table: &TableArgs) -> bool {
    let seats = variant.and_then(tripot_game::catalogue::find).map_or(2, |info| info.seats);
    let star_board =
        variant.is_none_or(|spec| tripot_net::engine_games(spec, &tripot_game::Setup::default()).is_ok());
    seats > 2 || !table.computers.is_empty() || !star_board
}

/// The computer players of the binary.
fn computers(spec: &GameSpec, level: u8, seed: u64) -> Option<Box<dyn Player>> {
    tripot_ai::player(spec, Level::from_number(level)?, seed).ok()
}

/// A table's settings from the online options.
fn config(online: &OnlineArgs) -> Result<(tripot_net::Keypair, TableNetConfig), CliError> {
    let settings = online.settings()?;
    let keypair = online.keypair()?;
    let mut table = TableConfig {
        grace: Duration::from_secs(online.grace_secs),
        keep_alive: Duration::from_millis(online.keep_alive_ms),
        rematch_window: Duration::from_secs(online.vote_secs),
        seed: online.seed,
        ..TableConfig::new(&settings.name, keypair.clone())
    };
    if online.guest {
        // A key of one game signs nothing: the table is not rated.
        table.signer = None;
    }
    let save = online.save.clone();
    let net = tripot_net::NetConfig { relay: settings.relay.clone(), ..settings.net() };
    Ok((keypair, TableNetConfig { table, net, save, computers: Some(computers) }))
}

/// Where a host's table is found: by its link, in a private room, or in a relay's lobby.
pub(crate) enum Found {
    /// By the link the host prints.
    Link,
    /// In a private room under this code, through the relay.
    Room(RoomCode),
    /// In the lobby of this relay.
    Lobby(Multiaddr),
}

/// `tripot host` of a table.
pub(crate) fn host(
    game: &GameSpec,
    table: &TableArgs,
    online: &OnlineArgs,
    found: Found,
) -> Result<(), CliError> {
    let info =
        tripot_game::catalogue::find(game).ok_or_else(|| tripot_game::SpecError::Unknown(game.clone()))?;
    let spec = info.table();
    let room = match &found {
        Found::Room(code) => Some(*code),
        Found::Link | Found::Lobby(_) => None,
    };
    let offer = TableOffer {
        table: room.map_or_else(random_table_id, |code| TableId(code.table_id())),
        game: spec.game.clone(),
        seats: spec.seats,
        clock: table.clock.unwrap_or_else(|| default_clock(info)),
        spectators: table.spectators == "yes",
    };
    let computers = table.computers.iter().map(|level| level.number()).collect();
    if let Found::Lobby(relay) = found {
        // Its id is derived from its listing: the lobby is how it is found, not a link.
        return run(online, Opening::Listed { relay, offer, computers }, None);
    }
    // A room's host shares the room link only: the table's own link would not let anyone in.
    let invitation = Some(Invitation { spec, table: offer.table, room: room.is_some() });
    run(online, Opening::Start(TableStart::Host { offer, computers, room }), invitation)
}

/// `tripot lobby`'s choice of a table of three seats or more: its first free seat, or a place
/// among its spectators.
pub(crate) fn join_lobby_table(
    entry: &TableEntry,
    relay: &Multiaddr,
    online: &OnlineArgs,
    wants: Wants,
) -> Result<(), CliError> {
    let start = join_listed(entry, wants);
    run(online, Opening::FromLobby { relay: relay.clone(), start }, None)
}

/// `tripot quick` of a table of 3–6 seats: sits at the first open table of the lobby it may
/// play, or opens one there and waits for the others (see `tripot_net::table_online::quick`).
pub(crate) fn quick(wanted: QuickSeek, relay: &Multiaddr, online: &OnlineArgs) -> Result<(), CliError> {
    if online.headless && online.ai.is_none() {
        return Err(CliError::HeadlessWithoutAi);
    }
    let info = tripot_game::catalogue::check_table(&wanted.table)?;
    let clock = default_clock(info);
    runtime()?.block_on(async {
        let (keypair, mut config) = config(online)?;
        config.net.relay = Some(relay.clone());
        let progress = |p: QuickTableProgress| {
            print(&match p {
                QuickTableProgress::Seeking => serde_json::json!({"event": "seeking"}),
                QuickTableProgress::Joining(host) => {
                    serde_json::json!({"event": "quick_joining", "host": host.to_string()})
                }
                QuickTableProgress::Hosting => serde_json::json!({"event": "quick_hosting"}),
            });
        };
        let handle = quick_table(keypair, config, wanted, clock, true, progress).await?;
        headless(handle, online, None).await
    })
}

/// How the table starts.
enum Opening {
    /// As `start` says.
    Start(TableStart),
    /// Hosted and listed in the lobby of `relay`.
    Listed {
        /// The relay.
        relay: Multiaddr,
        /// The table.
        offer: TableOffer,
        /// The computer seats' levels.
        computers: Vec<u8>,
    },
    /// Joined from the lobby of `relay`, as `start` says.
    FromLobby {
        /// The relay.
        relay: Multiaddr,
        /// The join.
        start: TableStart,
    },
}

/// `tripot join LINK` (a seat) or `tripot watch LINK`.
pub(crate) fn join(link: &str, online: &OnlineArgs, wants: Wants) -> Result<(), CliError> {
    join_link(link.parse()?, online, wants)
}

/// A seat (or to watch) at the table of `link`: `tripot join LINK`, or a table found on the LAN.
pub(crate) fn join_link(link: TableLink, online: &OnlineArgs, wants: Wants) -> Result<(), CliError> {
    let wants = tripot_app::seat_choice::check(wants, &link.spec)?;
    run(
        online,
        Opening::Start(TableStart::Join { addr: link.host, table: link.table, spec: link.spec, wants }),
        None,
    )
}

/// `tripot join tripot://room/<game>/<seats>/<CODE>`: a seat at a table in a private room.
pub(crate) fn join_room(link: &str, online: &OnlineArgs, wants: Wants) -> Result<(), CliError> {
    let link: TableRoomLink = link.parse()?;
    let wants = tripot_app::seat_choice::check(wants, &link.spec)?;
    run(online, Opening::Start(TableStart::JoinRoom { code: link.code, spec: link.spec, wants }), None)
}

/// What a host shares: the table's link, or its room link once the room is open.
struct Invitation {
    spec: TableSpec,
    table: TableId,
    room: bool,
}

/// Starts the table and plays it headless.
fn run(online: &OnlineArgs, opening: Opening, invitation: Option<Invitation>) -> Result<(), CliError> {
    let watching = matches!(
        opening,
        Opening::Start(TableStart::Join { wants: Wants::Watch, .. })
            | Opening::FromLobby { start: TableStart::Join { wants: Wants::Watch, .. }, .. }
    );
    if online.headless && online.ai.is_none() && !watching {
        return Err(CliError::HeadlessWithoutAi);
    }
    runtime()?.block_on(async {
        let (keypair, mut config) = config(online)?;
        let handle = match opening {
            Opening::Start(start) => start_table(keypair, config, start).await?,
            Opening::Listed { relay, offer, computers } => {
                print(&serde_json::json!({
                    "event": "lobby_open", "name": config.table.name, "game": offer.game.as_str(),
                    "seats": offer.seats, "relay": relay.to_string(),
                }));
                config.net.relay = Some(relay);
                host_listed(keypair, config, offer, computers).await?
            }
            Opening::FromLobby { relay, start } => {
                config.net.relay = Some(relay);
                start_table(keypair, config, start).await?
            }
        };
        headless(handle, online, invitation).await
    })
}

fn print(line: &serde_json::Value) {
    let mut out = std::io::stdout().lock();
    // A closed stdout (the script went away) must not stop the table.
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// How long a finished peer stays up for its last words to go out (and, with `--rematch`, for
/// the vote).
const LINGER: Duration = Duration::from_secs(1);

/// Longest wait, after a game, for its result to be signed by every seat and counted: the
/// table's own signing time, and a little for the relay.
const RATING_WAIT: Duration = TABLE_SIGNING_TIME.saturating_add(Duration::from_secs(10));

/// Whether `event` settles what becomes of a finished game's result here: counted, refused,
/// not signed, never rated, or signed with no relay to send it to.
fn rating_settled(event: &TableNetEvent) -> bool {
    matches!(
        event,
        TableNetEvent::Table(TableEvent::ResultUnsigned(_) | TableEvent::Unrated(_))
            | TableNetEvent::Rating(RatingNews::Kept { submitting: false, .. } | RatingNews::Counted { .. })
            | TableNetEvent::Warning(NetWarning::RatingsRefused(_) | NetWarning::RatingsUnavailable(_))
    )
}

/// A host's `--fill`: a computer of `level` at each seat the vote left free (a member has
/// none to fill).
fn fill_free_seats(handle: &TableHandle, state: &TableState, level: u8) {
    let me = PeerKey(handle.local_peer().to_bytes());
    if state.host() != Some(&me) {
        return;
    }
    for seat in state.free_seats() {
        handle.seat_computer(seat, level);
    }
}

/// Whether a refusal turns a newcomer away for good (not one message refused).
const fn is_turned_away(reason: TableRejectReason) -> bool {
    matches!(
        reason,
        TableRejectReason::NoSeat
            | TableRejectReason::NoSpectators
            | TableRejectReason::UnknownTable
            | TableRejectReason::Version
    )
}

/// Plays the local seat with the computer (`--ai`) until the game ends and is saved (with
/// `--rematch N`, votes for N more games and stays while the vote carries); prints every event; claims seats away past the grace with `--claim`.
async fn headless(
    mut handle: TableHandle,
    online: &OnlineArgs,
    invitation: Option<Invitation>,
) -> Result<(), CliError> {
    let mut player: Option<Box<dyn Player>> = None;
    let mut ended = false;
    let mut voted = false;
    let mut games_left = online.rematch;
    let mut linger_until: Option<tokio::time::Instant> = None;
    // A seat stays for its game's result to be signed and counted (a spectator signs nothing).
    let (mut seated, mut saved, mut settled) = (false, false, false);
    let mut admitted = false;
    let mut announced: Option<TableState> = None;
    loop {
        let event = match linger_until {
            Some(until) => match tokio::time::timeout_at(until, handle.next_event()).await {
                Ok(event) => event,
                Err(_) => return Ok(()),
            },
            None => handle.next_event().await,
        };
        let Some(event) = event else { return Err(CliError::SessionStopped) };
        if let Some(line) = table_json::event(&event) {
            print(&line);
        }
        settled |= rating_settled(&event);
        // The host sends the table only to those it let in.
        admitted |= matches!(&event, TableNetEvent::Table(tripot_net::table::TableEvent::Table(_)));
        match event {
            TableNetEvent::Room(RoomEvent::Open(code)) => {
                if let Some(invitation) = &invitation {
                    let link = TableRoomLink { spec: invitation.spec.clone(), code };
                    print(&serde_json::json!({"event": "link", "link": link.to_string()}));
                }
            }
            TableNetEvent::Room(RoomEvent::Failed(error)) => return Err(CliError::Room(error)),
            TableNetEvent::Listening(addr) => {
                if let Some(invitation) = invitation.as_ref().filter(|i| !i.room) {
                    let link =
                        TableLink { spec: invitation.spec.clone(), table: invitation.table, host: addr };
                    print(&serde_json::json!({"event": "link", "link": link.to_string()}));
                }
            }
            TableNetEvent::Position { snapshot, my_seat } => {
                seated = my_seat.is_some();
                let state = snapshot.0;
                let (Some(level), Some(seat)) = (online.ai, my_seat) else { continue };
                if state.outcome().is_some() || state.to_move() != Some(seat) {
                    continue;
                }
                if online.move_delay_ms > 0 {
                    tokio::time::sleep(Duration::from_millis(online.move_delay_ms)).await;
                }
                let player = match &mut player {
                    Some(player) => player,
                    None => player.insert(tripot_ai::player(state.spec(), level, online.seed)?),
                };
                let chosen =
                    tokio::task::block_in_place(|| player.choose(state.as_ref(), &Budget::default()))?;
                handle.play(&state.move_text(&chosen));
            }
            TableNetEvent::Table(tripot_net::table::TableEvent::Claimable { seat }) if online.claim => {
                handle.claim(seat);
            }
            TableNetEvent::Table(tripot_net::table::TableEvent::Started { .. }) => {
                (ended, voted) = (false, false);
                (saved, settled) = (false, false);
                linger_until = None;
                for line in &online.say {
                    handle.chat(line);
                }
            }
            TableNetEvent::Table(tripot_net::table::TableEvent::Ended(_)) => {
                ended = true;
                if games_left > 0 {
                    games_left -= 1;
                    voted = true;
                    handle.vote();
                } else if seated {
                    linger_until = Some(tokio::time::Instant::now() + RATING_WAIT);
                }
            }
            TableNetEvent::Table(tripot_net::table::TableEvent::Table(state)) => announced = Some(state),
            TableNetEvent::Table(tripot_net::table::TableEvent::VoteClosed { rematch: true }) => {
                if let (Some(level), Some(state)) = (online.fill, &announced) {
                    fill_free_seats(&handle, state, level.number());
                }
            }
            TableNetEvent::Table(tripot_net::table::TableEvent::VoteClosed { rematch: false }) => {
                linger_until = Some(tokio::time::Instant::now() + LINGER);
            }
            TableNetEvent::Saved { .. } if ended && !voted => saved = true,
            // Turned away at the door (no free seat, the one asked for taken, no spectators):
            // nothing will come of waiting.
            TableNetEvent::Table(tripot_net::table::TableEvent::Refused(reject))
                if !admitted && is_turned_away(reject.reason) =>
            {
                handle.leave();
                return Err(CliError::TableRefused(reject.reason));
            }
            TableNetEvent::Table(tripot_net::table::TableEvent::TableLost) => {
                return Err(CliError::SessionStopped);
            }
            _ => {}
        }
        let soon = tokio::time::Instant::now() + LINGER;
        if ended && !voted && saved && (settled || !seated) && linger_until.is_none_or(|until| until > soon) {
            linger_until = Some(soon);
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    fn info(name: &str) -> &'static tripot_game::catalogue::GameInfo {
        tripot_game::catalogue::find(&name.parse().unwrap()).unwrap()
    }

    #[test]
    fn draughts_tables_get_a_minute_a_move_unless_told_and_star_tables_no_clock() {
        assert_eq!(default_clock(info("draughts")), ClockRule::PerMove { secs: 60 });
        assert_eq!(default_clock(info("kawu-3")), ClockRule::None);
        assert_eq!(parse_clock("none").unwrap(), ClockRule::None);
        assert_eq!(parse_clock("move:30").unwrap(), ClockRule::PerMove { secs: 30 });
        assert!(parse_clock("minute").is_err());
    }
}
