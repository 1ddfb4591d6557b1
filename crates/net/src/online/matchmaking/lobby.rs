//! The open lobby: tables registered on the relay's rendezvous server, one per waiting host.
//!
//! A table is a registration whose namespace describes it ([`LobbyTable`]: the game, its seats
//! and free seats, when it opened, the host's name), so listing the lobby is one paged rendezvous
//! `DISCOVER` and contacts no host. It asks for the lobby's namespace (`tripot/lobby`, or one
//! game's `tripot/lobby/<game>/<seats>`),
//! which a `tripot-relay` answers with every table at or below it, and pages to the end with the
//! cookie: registrations of other namespaces are never read, so however many there are they
//! cannot push a table out of the list (issue 21; a namespace-less listing stopped after 2,000).
//! The host's table is kept on the list by `announcer.rs`, and taken down as soon as its game
//! starts (and when it leaves).

use std::collections::HashMap;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use futures::StreamExt as _;
use libp2p::identity::Keypair;
use libp2p::rendezvous::{self, Cookie, Namespace};
use libp2p::swarm::SwarmEvent;
use libp2p::{Multiaddr, PeerId, Swarm};
use tokio::sync::{mpsc, watch};
use tripot_directory::{LobbyTable, listing_namespace};
use tripot_game::TableSpec;

pub use super::announcer::{TABLE_REFRESH, TABLE_TTL, TableHandle, open_listing, open_table};
use super::{MatchError, circuit_addr, connected_swarm, relay_lost};
use crate::online::{NetEvent, OnlineConfig, RelayState, SessionHandle, Start, start};
use crate::session::Offer;
use crate::swarm::{Behaviour, BehaviourEvent, NetConfig};

/// Registrations fetched per rendezvous request while listing (the relay sends at most 1,000).
const DISCOVER_BATCH: u64 = 500;
/// Pages read at most while listing: only a relay that never stops answering full pages
/// reaches it (a relay holds at most 50,000 registrations by default: 100 pages).
const DISCOVER_MAX_PAGES: usize = 400;

/// An open table as the lobby lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableEntry {
    /// The host.
    pub host: PeerId,
    /// What the table offers.
    pub table: LobbyTable,
    /// Where to join it: `<relay>/p2p-circuit/p2p/<host>`.
    pub addr: Multiaddr,
    /// Seconds the host has been waiting (by its clock and ours).
    pub waiting_secs: u64,
}

/// One page of the lobby.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LobbyPage {
    /// The tables of this page, longest waiting first.
    pub tables: Vec<TableEntry>,
    /// The page number (0-based).
    pub page: usize,
    /// Tables over all pages.
    pub total: usize,
}

impl LobbyPage {
    /// Whether a next page exists.
    #[must_use]
    pub const fn has_next(&self) -> bool {
        (self.page + 1) * PAGE_SIZE < self.total
    }
}

/// Tables per page.
pub const PAGE_SIZE: usize = 10;

/// The namespace a listing asks for: the lobby's, or one game's part of it.
fn lobby_namespace(game: Option<&TableSpec>) -> Result<Namespace, MatchError> {
    Namespace::new(listing_namespace(game)).map_err(|e| MatchError::Refused(e.to_string()))
}

fn unix_now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// Every open table at the relay (optionally of one game), longest waiting first.
///
/// # Errors
/// [`MatchError`] when the relay cannot be reached or refuses to list.
pub async fn list_all(
    keypair: Keypair,
    net: &NetConfig,
    relay: &Multiaddr,
    game: Option<&TableSpec>,
) -> Result<Vec<TableEntry>, MatchError> {
    let (mut swarm, relay_id) = connected_swarm(keypair, net, relay).await?;
    let now = unix_now();
    let namespace = lobby_namespace(game)?;
    let mut tables: HashMap<(PeerId, String), TableEntry> = HashMap::new();
    let mut cookie: Option<Cookie> = None;
    for _ in 0..DISCOVER_MAX_PAGES {
        swarm.behaviour_mut().rendezvous.discover(
            Some(namespace.clone()),
            cookie.take(),
            Some(DISCOVER_BATCH),
            relay_id,
        );
        let (registrations, next) = discovered(&mut swarm, relay_id).await?;
        let count = registrations.len();
        for registration in registrations {
            let ns = registration.namespace.to_string();
            let Some(table) = LobbyTable::parse(&ns) else { continue };
            if game.is_some_and(|g| *g != table.table) {
                continue;
            }
            let host = registration.record.peer_id();
            // A table refreshed while we page is listed again under a fresh id: once is enough.
            tables.insert(
                (host, ns),
                TableEntry {
                    host,
                    addr: circuit_addr(relay, host),
                    waiting_secs: now.saturating_sub(table.opened_unix),
                    table,
                },
            );
        }
        // A short page is the last one (the relay fills a page while it has more); the cookie
        // makes the next page skip what we have.
        if count < usize::try_from(DISCOVER_BATCH).unwrap_or(usize::MAX) {
            break;
        }
        cookie = Some(next);
    }
    let mut tables: Vec<TableEntry> = tables.into_values().collect();
    tables.sort_by(|a, b| b.waiting_secs.cmp(&a.waiting_secs).then(a.host.cmp(&b.host)));
    Ok(tables)
}

/// One page (0-based) of the open tables, [`PAGE_SIZE`] a page.
///
/// # Errors
/// As [`list_all`].
pub async fn list(
    keypair: Keypair,
    net: &NetConfig,
    relay: &Multiaddr,
    game: Option<&TableSpec>,
    page: usize,
) -> Result<LobbyPage, MatchError> {
    let all = list_all(keypair, net, relay, game).await?;
    Ok(page_of(all, page))
}

/// Cuts page `page` out of the whole list.
#[must_use]
pub fn page_of(all: Vec<TableEntry>, page: usize) -> LobbyPage {
    let total = all.len();
    let tables = all.into_iter().skip(page.saturating_mul(PAGE_SIZE)).take(PAGE_SIZE).collect();
    LobbyPage { tables, page, total }
}

async fn discovered(
    swarm: &mut Swarm<Behaviour>,
    relay_id: PeerId,
) -> Result<(Vec<rendezvous::Registration>, Cookie), MatchError> {
    let answer = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match swarm.select_next_some().await {
                SwarmEvent::Behaviour(BehaviourEvent::Rendezvous(
                    rendezvous::client::Event::Discovered { rendezvous_node, registrations, cookie },
                )) if rendezvous_node == relay_id => return Ok((registrations, cookie)),
                SwarmEvent::Behaviour(BehaviourEvent::Rendezvous(
                    rendezvous::client::Event::DiscoverFailed { error, .. },
                )) => return Err(MatchError::Refused(format!("discover: {error:?}"))),
                event if relay_lost(&event, relay_id) => {
                    return Err(MatchError::RelayUnreachable("the relay closed the connection".into()));
                }
                _ => {}
            }
        }
    })
    .await;
    answer.unwrap_or_else(|_| Err(MatchError::RelayUnreachable("no lobby listing within 10 s".into())))
}

/// Hosts a new game at an open lobby table: the game waits for a guest on the relay, and the
/// table stays listed until the game starts. `config.net.relay` must be the relay's address.
///
/// # Errors
/// [`MatchError`] when the relay address is missing or has no peer id, the game is not one
/// played online here ([`super::playable`]), or the game cannot start.
pub fn host(keypair: Keypair, config: OnlineConfig, offer: Offer) -> Result<SessionHandle, MatchError> {
    let relay = config
        .net
        .relay
        .clone()
        .ok_or_else(|| MatchError::RelayUnreachable("no relay given (--relay)".into()))?;
    // The session plays games of two seats: the table is one, with the guest's seat free.
    let spec = TableSpec { game: offer.game.clone(), seats: 2 };
    super::playable(&spec)?;
    let table = LobbyTable::new(spec, unix_now(), &config.session.name);
    let net = config.net.clone();
    let mut inner = start(keypair.clone(), config, Start::Host(offer))?;
    let (warn_tx, mut warn_rx) = mpsc::unbounded_channel();
    // Listed only while the driver holds its reservation on the relay.
    let (reachable_tx, reachable) = watch::channel(false);
    let table = open_table(keypair, &net, relay, table, Some(warn_tx), Some(reachable))?;
    let (events_tx, events) = mpsc::unbounded_channel();
    let (_, closed) = mpsc::unbounded_channel();
    let mut driver_events = std::mem::replace(&mut inner.events, closed);
    let commands = inner.commands.clone();
    let local_peer = inner.local_peer;
    let task = tokio::spawn(async move {
        // Owning the inner handle keeps the driver alive as long as this task.
        let _inner = inner;
        let mut table = Some(table);
        loop {
            tokio::select! {
                event = driver_events.recv() => {
                    let Some(event) = event else { break };
                    if let NetEvent::Relay(state) = &event {
                        reachable_tx.send_replace(*state == RelayState::Reserved);
                    }
                    let started = matches!(&event, NetEvent::Session(crate::SessionEvent::Connected { .. }));
                    if started && let Some(table) = table.take() {
                        table.close().await;
                    }
                    if events_tx.send(event).is_err() {
                        break;
                    }
                }
                Some(warning) = warn_rx.recv() => {
                    let _ = events_tx.send(NetEvent::Warning(warning));
                }
            }
        }
        if let Some(table) = table.take() {
            table.close().await;
        }
    });
    Ok(SessionHandle { events, commands, local_peer, task, leaving: false })
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    fn entry(waiting: u64) -> TableEntry {
        let host = PeerId::random();
        TableEntry {
            host,
            table: LobbyTable::new(
                TableSpec { game: tripot_game::GameSpec::new("kawu-2").unwrap(), seats: 2 },
                0,
                "x",
            ),
            addr: Multiaddr::empty(),
            waiting_secs: waiting,
        }
    }

    #[test]
    fn pages_cut_the_list() {
        let all: Vec<TableEntry> = (0..23).map(entry).collect();
        let first = page_of(all.clone(), 0);
        assert_eq!((first.tables.len(), first.total, first.has_next()), (10, 23, true));
        let last = page_of(all.clone(), 2);
        assert_eq!((last.tables.len(), last.has_next()), (3, false));
        assert!(page_of(all, 9).tables.is_empty());
    }
}
