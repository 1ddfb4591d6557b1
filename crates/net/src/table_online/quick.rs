//! Quick match for tables of 3–6 seats, over the relay's lobby: a seeker sits at the
//! first-ranked open table it may play (below), or opens one listed there, marked as a seeker's
//! ([`LobbyTable::seeker`]), and waits for the others. The relay pairs two-seat seekers itself
//! (`online::matchmaking::quick`); tables need nothing new of it, only its lobby.
//!
//! Seekers arriving together may each open a table, and a plain listed table (`tripot host
//! --lobby`, or one opened from a screen) may open at any time: a seeker whose table has no
//! guest yet looks at the lobby every [`RECHECK`] and, seeing an open table it may play that
//! ranks before its own, leaves its own and sits there. Tables rank by
//! - their free seats, fewest first: a table with a guest is settled (its host no longer
//!   moves), and filling it starts a game soonest;
//! - then plain tables before seekers': a plain table never moves, so a seeker must go to it,
//!   whenever it opened (were it ranked by its opening only, a seeker that opened before it
//!   would wait at its own table for ever, and the plain table too);
//! - then the longest open, then by the host's peer id.
//!
//! Why this gathers them: every peer reads the same listing and ranks it the same way, and a
//! seeker moves only to a table ranking strictly before its own, so no two seekers ever move to
//! each other's tables and the moves end; the first-ranked table never moves (it is plain, or
//! settled, or the first seeker's, which sees nothing before it), and every guestless seeker
//! goes to it at its next look. What this cannot gather is two settled tables that are both
//! part-full (a seeker's table whose guest sat before a plain table opened, and that plain
//! table): people already seated are never moved.
//!
//! A seeker of one game sits only at that game's tables; a seeker of "any" at any game of its
//! seats, and opens a table of the game it named.

use std::time::Duration;

use libp2p::identity::Keypair;
use libp2p::{Multiaddr, PeerId};
use tripot_directory::{LobbyTable, QuickSeek};
use tripot_protocol::table::{ClockRule, PeerKey, SeatHolder, TableState, Wants};

use super::lobby::{host_listed_as, is_listed_table, join_listed, unix_now};
use super::{TableHandle, TableNetConfig, TableNetError, TableNetEvent, random_table_id, start_table};
use crate::online::matchmaking::MatchError;
use crate::online::matchmaking::lobby::{TableEntry, list_all};
use crate::swarm::NetConfig;
use crate::table::{TableEvent, TableOffer};

/// How often a host whose table has no guest looks for a table ranking before its own.
pub const RECHECK: Duration = Duration::from_secs(2);
/// How long a seeker waits for its seat at a table it dialled before it looks again.
const SEAT_WAIT: Duration = Duration::from_secs(20);

/// How a table quick match goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QuickTableProgress {
    /// Reading the lobby.
    Seeking,
    /// Sitting at this host's table.
    Joining(PeerId),
    /// Hosting a table listed in the lobby, waiting for the others.
    Hosting,
}

/// Whether a seeker of `wanted` may sit at `table`: open (not under way), the same seats, and
/// its game or any.
#[must_use]
pub fn accepts(wanted: &QuickSeek, table: &LobbyTable) -> bool {
    is_listed_table(table)
        && !table.under_way()
        && table.table.seats == wanted.table.seats
        && (wanted.any_game || table.table == wanted.table)
}

/// The order in which seekers choose tables, first first: the fewest free seats, plain before
/// seekers', the longest open, the host (see the module's documentation for why).
fn rank(table: &LobbyTable, host: &PeerId) -> (u8, bool, u64, PeerId) {
    (table.free_seats, table.seeker, table.opened_unix, *host)
}

/// The open tables `wanted` may sit at, not `me`'s, first-ranked first.
async fn open_tables(
    net: &NetConfig,
    relay: &Multiaddr,
    wanted: &QuickSeek,
    me: PeerId,
) -> Result<Vec<TableEntry>, TableNetError> {
    let game = (!wanted.any_game).then_some(&wanted.table);
    // Reading the lobby needs no identity: a throwaway one keeps the seeker's out of it.
    let listed =
        list_all(Keypair::generate_ed25519(), net, relay, game).await.map_err(TableNetError::Lobby)?;
    Ok(choosable(listed, wanted, me))
}

/// The tables of `listed` that `wanted` may sit at, not `me`'s, first-ranked first. A table
/// under way, which would rank first (no free seat), is never one of them.
fn choosable(listed: Vec<TableEntry>, wanted: &QuickSeek, me: PeerId) -> Vec<TableEntry> {
    let mut tables: Vec<TableEntry> =
        listed.into_iter().filter(|e| e.host != me && accepts(wanted, &e.table)).collect();
    tables.sort_by_key(|e| rank(&e.table, &e.host));
    tables
}

/// Whether `state` seats a person other than `me`.
fn has_guest(state: &TableState, me: &PeerKey) -> bool {
    state.seats.iter().any(|s| matches!(s, SeatHolder::Human { peer, .. } if peer != me))
}

/// Whether `state` seats `me`.
fn seats(state: &TableState, me: &PeerKey) -> bool {
    state.seats.iter().any(|s| matches!(s, SeatHolder::Human { peer, .. } if peer == me))
}

/// Seeks a table of `wanted` (3–6 seats) at the relay of `config.net.relay` and sits there, or
/// opens one (with `clock`, spectators or not) and waits until another person sits at it. The
/// handle comes back once this seeker is settled: seated at another's table, or hosting one
/// with a guest; its events from the start of that table on.
///
/// # Errors
/// [`TableNetError::Lobby`] without a relay or when the lobby cannot be read,
/// [`TableNetError::LobbyTwoSeats`] for two seats (the relay's quick match pairs those), or
/// the table cannot start.
pub async fn quick_table(
    keypair: Keypair,
    config: TableNetConfig,
    wanted: QuickSeek,
    clock: ClockRule,
    spectators: bool,
    mut progress: impl FnMut(QuickTableProgress),
) -> Result<TableHandle, TableNetError> {
    let relay = config.net.relay.clone().ok_or_else(|| {
        TableNetError::Lobby(MatchError::RelayUnreachable("no relay given (--relay)".into()))
    })?;
    if wanted.table.seats <= 2 {
        return Err(TableNetError::LobbyTwoSeats);
    }
    let me = keypair.public().to_peer_id();
    loop {
        progress(QuickTableProgress::Seeking);
        let tables = open_tables(&config.net, &relay, &wanted, me).await?;
        if let Some(first) = tables.first() {
            progress(QuickTableProgress::Joining(first.host));
            if let Some(handle) = sit(keypair.clone(), config.clone(), first).await? {
                return Ok(handle);
            }
            continue;
        }
        progress(QuickTableProgress::Hosting);
        let offer = TableOffer {
            table: random_table_id(),
            game: wanted.table.game.clone(),
            seats: wanted.table.seats,
            clock,
            spectators,
        };
        let opened = LobbyTable::new(wanted.table.clone(), unix_now(), &config.table.name).seeking();
        let hosting =
            host_listed_as(keypair.clone(), config.clone(), offer, Vec::new(), opened.clone()).await?;
        if let Some(handle) = host_until_joined(hosting, &config.net, &relay, &wanted, &opened).await? {
            return Ok(handle);
        }
    }
}

/// Sits at `entry`'s first free seat; `None` when refused, or not seated in [`SEAT_WAIT`] (the
/// table filled up or went: the seeker looks again).
async fn sit(
    keypair: Keypair,
    config: TableNetConfig,
    entry: &TableEntry,
) -> Result<Option<TableHandle>, TableNetError> {
    let me = PeerKey(keypair.public().to_peer_id().to_bytes());
    let mut handle = start_table(keypair, config, join_listed(entry, Wants::Seat(None))).await?;
    let mut seen = Vec::new();
    let seated = tokio::time::timeout(SEAT_WAIT, async {
        loop {
            let Some(event) = handle.next_event().await else { return false };
            let (done, refused) = match &event {
                TableNetEvent::Table(TableEvent::Table(state)) => (seats(state, &me), false),
                TableNetEvent::Table(TableEvent::Refused(_)) => (false, true),
                _ => (false, false),
            };
            seen.push(event);
            if done || refused {
                return done;
            }
        }
    })
    .await;
    if seated == Ok(true) {
        Ok(Some(handle.with_first_events(seen)))
    } else {
        handle.leave();
        Ok(None)
    }
}

/// Keeps `hosting` until a guest sits (the handle, its events from the start), or until a table
/// ranking before `opened` is open to this seeker while nobody sat here (`None`: the table is
/// left, the seeker goes there).
async fn host_until_joined(
    mut hosting: TableHandle,
    net: &NetConfig,
    relay: &Multiaddr,
    wanted: &QuickSeek,
    opened: &LobbyTable,
) -> Result<Option<TableHandle>, TableNetError> {
    let me = hosting.local_peer();
    let key = PeerKey(me.to_bytes());
    let mine = rank(opened, &me);
    let mut seen = Vec::new();
    let mut recheck = tokio::time::interval(RECHECK);
    recheck.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            event = hosting.next_event() => {
                let Some(event) = event else { return Ok(None) };
                let joined = matches!(&event, TableNetEvent::Table(TableEvent::Table(state)) if has_guest(state, &key));
                seen.push(event);
                if joined {
                    return Ok(Some(hosting.with_first_events(seen)));
                }
            }
            _ = recheck.tick() => {
                let tables = open_tables(net, relay, wanted, me).await?;
                if tables.first().is_some_and(|first| rank(&first.table, &first.host) < mine) {
                    hosting.leave();
                    return Ok(None);
                }
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use tripot_game::{GameSpec, TableSpec};

    fn spec(name: &str, seats: u8) -> TableSpec {
        TableSpec { game: GameSpec::new(name).unwrap(), seats }
    }

    #[test]
    fn a_seeker_sits_at_its_game_or_any_game_of_its_seats() {
        let kawu3 = LobbyTable::new(spec("kawu-3", 3), 5, "a");
        let halma3 = LobbyTable::new(spec("halma-3", 3), 5, "a");
        let kawu4 = LobbyTable::new(spec("kawu-4", 4), 5, "a");
        let exactly = QuickSeek::exactly(spec("kawu-3", 3));
        let any = QuickSeek::any(spec("kawu-3", 3));
        assert!(accepts(&exactly, &kawu3) && !accepts(&exactly, &halma3) && !accepts(&exactly, &kawu4));
        assert!(accepts(&any, &kawu3) && accepts(&any, &halma3) && !accepts(&any, &kawu4));
        // A listing of two seats is a two-seat game's, never a table's.
        let two = QuickSeek::any(spec("kawu-2", 2));
        assert!(!accepts(&two, &LobbyTable::new(spec("kawu-2", 2), 5, "a")));
    }

    #[test]
    fn a_seeker_never_goes_to_a_table_under_way() {
        let open = LobbyTable { free_seats: 1, ..LobbyTable::new(spec("kawu-3", 3), 9, "open") };
        let plain_under_way = LobbyTable::new(spec("kawu-3", 3), 1, "plain").watched();
        let seekers_under_way = LobbyTable::new(spec("kawu-3", 3), 1, "seeker").seeking().watched();
        for wanted in [QuickSeek::exactly(spec("kawu-3", 3)), QuickSeek::any(spec("kawu-3", 3))] {
            assert!(accepts(&wanted, &open));
            assert!(!accepts(&wanted, &plain_under_way) && !accepts(&wanted, &seekers_under_way));
            let entry = |table: &LobbyTable| TableEntry {
                host: PeerId::random(),
                table: table.clone(),
                addr: "/ip4/127.0.0.1/tcp/1".parse().unwrap(),
                waiting_secs: 0,
            };
            let listed = vec![entry(&plain_under_way), entry(&open), entry(&seekers_under_way)];
            let chosen = choosable(listed, &wanted, PeerId::random());
            assert_eq!(chosen.iter().map(|e| e.table.name.as_str()).collect::<Vec<_>>(), ["open"]);
            // Nothing but tables under way: the seeker opens its own.
            let listed = vec![entry(&plain_under_way), entry(&seekers_under_way)];
            assert!(choosable(listed, &wanted, PeerId::random()).is_empty());
        }
    }

    #[test]
    fn tables_rank_by_their_opening_then_their_host() {
        let (a, b) = (PeerId::random(), PeerId::random());
        let (low, high) = if a < b { (a, b) } else { (b, a) };
        let early = LobbyTable::new(spec("kawu-3", 3), 5, "x").seeking();
        let late = LobbyTable::new(spec("kawu-3", 3), 6, "x").seeking();
        assert!(rank(&early, &high) < rank(&late, &low));
        assert!(rank(&early, &low) < rank(&early, &high));
    }

    #[test]
    fn a_plain_table_ranks_before_every_seekers_whenever_it_opened() {
        let (seeker, host) = (PeerId::random(), PeerId::random());
        let mine = LobbyTable::new(spec("kawu-3", 3), 5, "seeker").seeking();
        let plain_later = LobbyTable::new(spec("kawu-3", 3), 9, "host");
        assert!(rank(&plain_later, &host) < rank(&mine, &seeker));
        // And the plain table's host, never moving, is the one every seeker goes to.
        let other_seeker = LobbyTable::new(spec("kawu-3", 3), 1, "other").seeking();
        assert!(rank(&plain_later, &host) < rank(&other_seeker, &PeerId::random()));
    }

    #[test]
    fn a_table_with_a_guest_ranks_before_any_without() {
        let settled = LobbyTable { free_seats: 1, ..LobbyTable::new(spec("kawu-3", 3), 9, "x").seeking() };
        let plain = LobbyTable::new(spec("kawu-3", 3), 1, "y");
        assert!(rank(&settled, &PeerId::random()) < rank(&plain, &PeerId::random()));
    }

    /// Seekers looking at one listing in turn, each moving as [`host_until_joined`] does: they
    /// end at one table, the plain one when there is one, whatever the openings and the order
    /// of looking.
    #[test]
    fn guestless_seekers_and_a_plain_table_end_at_one_table() {
        // Four seats: three seekers and the plain table's host fit at one.
        let kawu = |opened| LobbyTable::new(spec("kawu-4", 4), opened, "x");
        for plain_opened in [None, Some(0), Some(3), Some(100)] {
            for order in [[0, 1, 2], [2, 1, 0], [1, 2, 0]] {
                let mut tables: Vec<(LobbyTable, PeerId)> =
                    (1..=3).map(|opened| (kawu(opened).seeking(), PeerId::random())).collect();
                let plain = plain_opened.map(|opened| (kawu(opened), PeerId::random()));
                tables.extend(plain.clone());
                // Where each seeker sits: at its own table until it moves.
                let mut at: Vec<usize> = vec![0, 1, 2];
                for _round in 0..3 {
                    for &seeker in &order {
                        if at[seeker] != seeker
                            || at.iter().enumerate().any(|(s, t)| s != seeker && *t == seeker)
                        {
                            continue; // Moved already, or a guest sat: settled.
                        }
                        let mine = rank(&tables[seeker].0, &tables[seeker].1);
                        let open = (0..tables.len()).filter(|t| {
                            *t != seeker && (*t >= 3 || at[*t] == *t) && tables[*t].0.free_seats > 0
                        });
                        if let Some(first) = open.min_by_key(|t| rank(&tables[*t].0, &tables[*t].1))
                            && rank(&tables[first].0, &tables[first].1) < mine
                        {
                            at[seeker] = first;
                            tables[first].0.free_seats -= 1;
                        }
                    }
                }
                let gathered = at[0];
                assert!(at.iter().all(|t| *t == gathered), "{plain_opened:?} {order:?}: {at:?}");
                if plain.is_some() {
                    assert_eq!(gathered, 3, "at the plain table");
                }
            }
        }
    }
}
