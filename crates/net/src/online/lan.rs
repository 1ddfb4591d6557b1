//! LAN discovery: mDNS finds peers, identify tells Tripot clients from other libp2p apps, and a
//! query asks each host what it offers: on the game stream for a two-seat game's host, on the
//! table stream for a table's (2–6 seats).

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use futures::StreamExt as _;
use libp2p::identity::Keypair;
use libp2p::swarm::SwarmEvent;
use libp2p::{Multiaddr, PeerId, multiaddr::Protocol};
use tokio::sync::mpsc;
use tripot_game::GameSpec;
use tripot_protocol::table::{TABLE_PROTOCOL, TableId, TableListing, TableMessage};
use tripot_protocol::{GAME_PROTOCOL, Message};

use super::link;
use crate::swarm::{self, BehaviourEvent, NetConfig, SwarmError, game_protocol, is_tripot_agent};
use crate::table_online::{query_table, table_protocol};

/// How long a host may take to answer a query.
const ANSWER_WAIT: Duration = Duration::from_secs(3);

/// What a host on the LAN runs, which says how to join it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LanOffer {
    /// A two-seat game's session: one guest, joined at the host's address.
    Session,
    /// An online table: joined with its id, for a free seat or to watch.
    Table {
        /// The table's id (the hello names it).
        table: TableId,
        /// Whether spectators are let in.
        spectators: bool,
        /// Whether its game is under way (no seat left: it is listed to be watched).
        started: bool,
    },
}

/// A host waiting for players on the LAN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LanHost {
    /// Its peer id.
    pub peer: PeerId,
    /// An address to join it at (with `/p2p/`).
    pub addr: Multiaddr,
    /// Its player's name.
    pub name: String,
    /// The game offered.
    pub game: GameSpec,
    /// Its seat count.
    pub seats: u8,
    /// Seats still free.
    pub free: u8,
    /// Seconds it has been waiting.
    pub waiting_secs: u32,
    /// A session or a table.
    pub offer: LanOffer,
}

impl LanHost {
    /// Whether a player may sit here now.
    #[must_use]
    pub const fn has_seat(&self) -> bool {
        self.free > 0
    }

    /// Whether one may watch here.
    #[must_use]
    pub const fn may_watch(&self) -> bool {
        matches!(self.offer, LanOffer::Table { spectators: true, .. })
    }
}

/// A host from a two-seat game's listing; `None` for a game this client cannot play.
fn session_host(peer: PeerId, addr: Multiaddr, reply: Message) -> Option<LanHost> {
    let Message::Listing { name, game, seats, waiting_secs } = reply else { return None };
    if !crate::game_openers::linked_games(&game, &tripot_game::Setup::default())
        .is_ok_and(|g| g.seat_count() == seats)
    {
        return None;
    }
    // A host waiting for the one guest its two-seat session takes.
    let free = 1;
    Some(LanHost { peer, addr, name, game, seats, free, waiting_secs, offer: LanOffer::Session })
}

/// A host from a table's listing; `None` for a game this client cannot play.
fn table_host(peer: PeerId, addr: Multiaddr, listing: TableListing) -> Option<LanHost> {
    let TableListing { table, spec, name, free, spectators, started, waiting_secs } = listing;
    if !crate::game_openers::linked_games(&spec.game, &tripot_game::Setup::default())
        .is_ok_and(|g| g.seat_count() == spec.seats)
        || free > spec.seats
    {
        return None;
    }
    let offer = LanOffer::Table { table, spectators, started };
    Some(LanHost { peer, addr, name, game: spec.game, seats: spec.seats, free, waiting_secs, offer })
}

/// Listens on the LAN for `duration` and returns the Tripot hosts found, two-seat sessions and
/// tables alike (mDNS must be on in `net`; other libp2p applications are filtered out by their
/// identify agent version). A table whose game started is listed only if one may watch it.
///
/// # Errors
/// [`SwarmError`] when the swarm cannot start.
pub async fn browse(
    keypair: Keypair,
    net: &NetConfig,
    duration: Duration,
) -> Result<Vec<LanHost>, SwarmError> {
    let mut net = net.clone();
    net.mdns = true;
    let mut swarm = swarm::build(keypair, &net)?;
    let mut addrs: HashMap<PeerId, Multiaddr> = HashMap::new();
    let mut asked: HashSet<PeerId> = HashSet::new();
    let mut found = Vec::new();
    let (tx, mut rx) = mpsc::channel::<LanHost>(16);
    let deadline = tokio::time::sleep(duration);
    tokio::pin!(deadline);
    loop {
        tokio::select! {
            () = &mut deadline => break,
            Some(host) = rx.recv() => {
                if !found.iter().any(|h: &LanHost| h.peer == host.peer) {
                    found.push(host);
                }
            }
            event = swarm.select_next_some() => match event {
                SwarmEvent::Behaviour(BehaviourEvent::Mdns(libp2p::mdns::Event::Discovered(list))) => {
                    for (peer, addr) in list {
                        let is_tcp = addr.iter().any(|p| matches!(p, Protocol::Tcp(_)));
                        if is_tcp || !addrs.contains_key(&peer) {
                            addrs.insert(peer, addr.clone());
                        }
                        if !swarm.is_connected(&peer) {
                            let _ = swarm.dial(addr);
                        }
                    }
                }
                SwarmEvent::Behaviour(BehaviourEvent::Identify(libp2p::identify::Event::Received {
                    peer_id, info, ..
                })) => {
                    let speaks = |name: &str| info.protocols.iter().any(|p| p.as_ref() == name);
                    let (games, tables) = (speaks(GAME_PROTOCOL), speaks(TABLE_PROTOCOL));
                    if !is_tripot_agent(&info.agent_version) || !(games || tables) || !asked.insert(peer_id) {
                        continue;
                    }
                    let Some(addr) = addrs.get(&peer_id).cloned() else { continue };
                    let addr = addr.with_p2p(peer_id).unwrap_or_else(|a| a);
                    let mut control = swarm.behaviour().stream.new_control();
                    let tx = tx.clone();
                    tokio::spawn(async move {
                        let host = if games {
                            let Ok(mut stream) = control.open_stream(peer_id, game_protocol()).await else { return };
                            let reply = tokio::time::timeout(ANSWER_WAIT, link::request(&mut stream, &Message::Query)).await;
                            let Ok(Ok(Ok(reply))) = reply else { return };
                            session_host(peer_id, addr, reply)
                        } else {
                            let Ok(mut stream) = control.open_stream(peer_id, table_protocol()).await else { return };
                            let reply = tokio::time::timeout(ANSWER_WAIT, query_table(&mut stream)).await;
                            // A member of a table closes the stream; a full table refuses.
                            let Ok(Ok(Ok(TableMessage::Listing(listing)))) = reply else { return };
                            table_host(peer_id, addr, listing)
                        };
                        if let Some(host) = host {
                            let _ = tx.send(host).await;
                        }
                    });
                }
                _ => {}
            }
        }
    }
    Ok(found)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use tripot_game::TableSpec;

    use super::*;

    fn addr() -> Multiaddr {
        "/ip4/192.0.2.7/tcp/4001".parse().unwrap()
    }

    fn listing(game: &str, seats: u8, free: u8) -> TableListing {
        TableListing {
            table: TableId([1; 16]),
            spec: TableSpec { game: game.parse().unwrap(), seats },
            name: "Edmonde".into(),
            free,
            spectators: true,
            started: false,
            waiting_secs: 4,
        }
    }

    #[test]
    fn a_table_is_listed_with_its_free_seats_and_how_to_join_it() {
        let peer = PeerId::random();
        let host = table_host(peer, addr(), listing("kawu-3", 3, 2)).unwrap();
        assert_eq!((host.seats, host.free, host.waiting_secs), (3, 2, 4));
        assert_eq!(host.offer, LanOffer::Table { table: TableId([1; 16]), spectators: true, started: false });
        assert!(host.has_seat() && host.may_watch());
    }

    #[test]
    fn a_listing_that_cannot_be_played_here_is_left_out() {
        let peer = PeerId::random();
        assert!(table_host(peer, addr(), listing("kawu-3", 4, 2)).is_none(), "seats of another game");
        assert!(table_host(peer, addr(), listing("kawu-3", 3, 4)).is_none(), "more free seats than seats");
        assert!(table_host(peer, addr(), listing("nogame-3", 3, 2)).is_none(), "a game not linked");
    }

    #[test]
    fn a_two_seat_host_offers_its_one_seat() {
        let peer = PeerId::random();
        let reply = Message::Listing {
            name: "Noé".into(),
            game: "kawu-2".parse().unwrap(),
            seats: 2,
            waiting_secs: 9,
        };
        let host = session_host(peer, addr(), reply).unwrap();
        assert_eq!((host.free, host.offer), (1, LanOffer::Session));
        assert!(!host.may_watch());
    }
}
