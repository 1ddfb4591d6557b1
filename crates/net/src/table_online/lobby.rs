//! A table of 2–6 seats listed in the relay's open lobby, and the way to sit at one listed.
//!
//! The host's table runs as any online table reachable through the relay; beside it a lobby
//! registration ([`open_listing`]) describes it — game, seats, free seats, when it opened, the
//! host's name — and follows the table's state: the free seats change as guests sit and leave;
//! once it is full or its game is under way, a table that lets spectators in stays listed with
//! no free seat ([`LobbyTable::under_way`]: one watches it there), any other is withdrawn; the
//! listing goes when a game ends (back if a rematch opens seats or starts), when the table
//! closes, and whenever this peer is not reachable through the relay (no reservation yet).
//!
//! Tables of three seats and more only: a listing of two seats is a two-seat game's
//! (`online::matchmaking::lobby::host`), which a reader of the lobby joins with the two-seat
//! session ([`is_listed_table`] tells them apart).
//!
//! A listing carries no table id (the namespace has no room for one, and the two-seat lobby
//! reads the same namespaces): the id is derived from what the listing says and the host's peer
//! id ([`lobby_table_id`]), so anyone reading the lobby can join, which is what a public table
//! is for.

use std::time::{SystemTime, UNIX_EPOCH};

use libp2p::PeerId;
use libp2p::identity::Keypair;
use libp2p::multiaddr::Protocol;
use sha2::{Digest as _, Sha256};
use tokio::sync::{mpsc, watch};
use tripot_directory::LobbyTable;
use tripot_game::TableSpec;
use tripot_protocol::table::{TableId, TableState, Wants};

use super::{TableHandle, TableNetConfig, TableNetError, TableNetEvent, TableStart, start_table};
use crate::online::matchmaking::MatchError;
use crate::online::matchmaking::lobby::{TableEntry, open_listing};
use crate::table::{TableEvent, TableOffer};

/// What the derived table ids are hashed under, so that they mean nothing elsewhere.
const ID_DOMAIN: &[u8] = b"tripot/lobby-table/1";

/// The id of the table `host` lists as `table`: a hash of the host, the game, the seats and
/// the opening time (not the free seats or the name, which may change or be cleaned up).
#[must_use]
pub fn lobby_table_id(host: &PeerId, table: &LobbyTable) -> TableId {
    let mut hash = Sha256::new();
    hash.update(ID_DOMAIN);
    hash.update(host.to_bytes());
    hash.update([0]);
    hash.update(table.table.game.as_str().as_bytes());
    hash.update([0, table.table.seats]);
    hash.update(table.opened_unix.to_be_bytes());
    let digest = hash.finalize();
    let mut id = [0; 16];
    id.copy_from_slice(&digest[..16]);
    TableId(id)
}

/// Whether a lobby listing is a table of this module (three seats or more), rather than a
/// two-seat game joined with the two-seat session.
#[must_use]
pub const fn is_listed_table(table: &LobbyTable) -> bool {
    table.table.seats > 2
}

/// How to sit at a listed table: its first free seat (or watch, with [`Wants::Watch`]: the
/// only way into a table under way).
#[must_use]
pub fn join_listed(entry: &TableEntry, wants: Wants) -> TableStart {
    TableStart::Join {
        addr: entry.addr.clone(),
        table: lobby_table_id(&entry.host, &entry.table),
        spec: entry.table.table.clone(),
        wants,
    }
}

/// What the lobby should say of a table in this state: its free seats; when none is free or
/// its game is under way, that it is under way if it lets spectators in, else nothing.
#[must_use]
pub fn listed_as(opened: &LobbyTable, state: &TableState) -> Option<LobbyTable> {
    let free = state.free_seats().count();
    let free = u8::try_from(free).ok().filter(|f| *f > 0 && *f < state.spec.seats);
    match free {
        Some(free) if !state.started => Some(LobbyTable { free_seats: free, ..opened.clone() }),
        _ => state.spectators.then(|| opened.clone().watched()),
    }
}

/// What a listed table says in the lobby as its events come.
struct Listing {
    /// The listing as the table opened.
    opened: LobbyTable,
    /// From the end of a game until the table opens again (a rematch's seats): nothing to
    /// watch there, nor to sit at.
    over: bool,
}

impl Listing {
    /// What the lobby should say now, if `event` changes it: [`listed_as`] the table's new
    /// state, or nothing once its game ended.
    fn follow(&mut self, event: &TableEvent) -> Option<Option<LobbyTable>> {
        match event {
            TableEvent::Table(state) => {
                self.over &= state.started;
                (!self.over).then(|| listed_as(&self.opened, state))
            }
            TableEvent::Ended(_) => {
                self.over = true;
                Some(None)
            }
            _ => None,
        }
    }
}

/// Opens a table (`offer`, whose id is replaced by the derived one) with computer players at
/// the `computers` levels, reachable through the relay of `config.net.relay`, and lists it in
/// that relay's lobby for as long as it is open ([`listed_as`]: with its free seats, or under
/// way if it lets spectators in).
///
/// # Errors
/// [`TableNetError::Lobby`] without a relay or when the listing cannot start,
/// [`TableNetError::LobbyTwoSeats`] for a table of two seats; otherwise as [`start_table`].
pub async fn host_listed(
    keypair: Keypair,
    config: TableNetConfig,
    offer: TableOffer,
    computers: Vec<u8>,
) -> Result<TableHandle, TableNetError> {
    if config.net.relay.is_none() {
        return Err(TableNetError::Lobby(MatchError::RelayUnreachable("no relay given (--relay)".into())));
    }
    if offer.seats <= 2 {
        return Err(TableNetError::LobbyTwoSeats);
    }
    let spec = TableSpec { game: offer.game.clone(), seats: offer.seats };
    let opened = LobbyTable::new(spec, unix_now(), &config.table.name);
    host_listed_as(keypair, config, offer, computers, opened).await
}

/// Seconds since the Unix epoch by this machine's clock (what a listing's opening time says).
pub(super) fn unix_now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// [`host_listed`] under the listing `opened` (the offer's game and seats, a time, a name).
pub(super) async fn host_listed_as(
    keypair: Keypair,
    config: TableNetConfig,
    mut offer: TableOffer,
    computers: Vec<u8>,
    opened: LobbyTable,
) -> Result<TableHandle, TableNetError> {
    let relay = config.net.relay.clone().ok_or_else(|| {
        TableNetError::Lobby(MatchError::RelayUnreachable("no relay given (--relay)".into()))
    })?;
    offer.table = lobby_table_id(&keypair.public().to_peer_id(), &opened);
    // The table announces its state only when it changes: the first listing is the offer's.
    let computer_seats = u8::try_from(computers.len()).unwrap_or(u8::MAX);
    let first = offer.seats.saturating_sub(1).saturating_sub(computer_seats);
    let first = (first > 0).then(|| LobbyTable { free_seats: first, ..opened.clone() });
    let net = config.net.clone();
    let inner =
        start_table(keypair.clone(), config, TableStart::Host { offer, computers, room: None }).await?;
    let (listing_tx, listing) = watch::channel(first);
    let (reachable_tx, reachable) = watch::channel(false);
    let (warn_tx, mut warn_rx) = mpsc::unbounded_channel();
    let announcer = open_listing(keypair, &net, relay, listing, Some(warn_tx), Some(reachable))
        .map_err(TableNetError::Lobby)?;
    let (events_tx, events) = mpsc::unbounded_channel();
    let commands = inner.commands.clone();
    let local_peer = inner.local_peer;
    let task = tokio::spawn(async move {
        // Owning the inner handle keeps the table alive as long as this task; the listing
        // goes down with it.
        let mut inner = inner;
        let _announcer = announcer;
        let mut listing = Listing { opened, over: false };
        loop {
            tokio::select! {
                event = inner.next_event() => {
                    let Some(event) = event else { break };
                    match &event {
                        TableNetEvent::Listening(addr) if addr.iter().any(|p| p == Protocol::P2pCircuit) => {
                            reachable_tx.send_replace(true);
                        }
                        TableNetEvent::Table(event) => {
                            if let Some(listed) = listing.follow(event) {
                                listing_tx.send_replace(listed);
                            }
                        }
                        _ => {}
                    }
                    if events_tx.send(event).is_err() {
                        break;
                    }
                }
                Some(warning) = warn_rx.recv() => {
                    let _ = events_tx.send(TableNetEvent::Warning(warning));
                }
            }
        }
    });
    Ok(TableHandle { events, commands, local_peer, task })
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use tripot_game::GameSpec;
    use tripot_protocol::table::{ClockRule, PeerKey, SeatHolder};

    fn kawu3() -> LobbyTable {
        LobbyTable::new(TableSpec { game: GameSpec::new("kawu-3").unwrap(), seats: 3 }, 1_764_480_000, "Nice")
    }

    fn state(seats: Vec<SeatHolder>, started: bool) -> TableState {
        TableState {
            table: TableId([1; 16]),
            spec: kawu3().table,
            seats,
            hosts: Vec::new(),
            epoch: 0,
            clock: ClockRule::None,
            spectators: true,
            game: u16::from(started),
            started,
            held: 0,
            watching: 0,
        }
    }

    fn human() -> SeatHolder {
        SeatHolder::Human { peer: PeerKey(PeerId::random().to_bytes()), name: "x".into(), addrs: Vec::new() }
    }

    #[test]
    fn the_listing_follows_the_free_seats_and_goes_when_full_or_started() {
        let opened = kawu3();
        let closed = |seats, started| TableState { spectators: false, ..state(seats, started) };
        let two_free = state(vec![human(), SeatHolder::Empty, SeatHolder::Empty], false);
        assert_eq!(listed_as(&opened, &two_free).map(|t| t.free_seats), Some(2));
        let one_free = state(vec![human(), SeatHolder::Computer { level: 1 }, SeatHolder::Empty], false);
        assert_eq!(listed_as(&opened, &one_free).map(|t| t.free_seats), Some(1));
        assert_eq!(listed_as(&opened, &closed(vec![human(), human(), human()], false)), None);
        assert_eq!(listed_as(&opened, &closed(vec![human(), human(), human()], true)), None);
        assert_eq!(
            listed_as(&opened, &closed(vec![human(), SeatHolder::Empty, SeatHolder::Empty], true)),
            None
        );
    }

    #[test]
    fn a_table_with_spectators_stays_listed_under_way_once_full_or_started() {
        let opened = kawu3();
        let full =
            listed_as(&opened, &state(vec![human(), human(), SeatHolder::Computer { level: 2 }], true));
        assert_eq!(full, Some(opened.clone().watched()));
        assert!(full.is_some_and(|t| t.under_way()));
        let full_not_started = listed_as(&opened, &state(vec![human(), human(), human()], false));
        assert_eq!(full_not_started, Some(opened.clone().watched()));
        // A seat left during the game is not one to sit at: the game goes on without it.
        let left = listed_as(&opened, &state(vec![human(), SeatHolder::Empty, human()], true));
        assert_eq!(left.map(|t| t.free_seats), Some(0));
        // Its id, which spectators join with, is the open table's.
        let host = PeerId::random();
        assert_eq!(lobby_table_id(&host, &opened), lobby_table_id(&host, &opened.clone().watched()));
    }

    #[test]
    fn a_table_under_way_leaves_the_lobby_when_its_game_ends_and_comes_back_for_a_rematch() {
        let opened = kawu3();
        let mut listing = Listing { opened: opened.clone(), over: false };
        let playing = state(vec![human(), human(), human()], true);
        assert_eq!(listing.follow(&TableEvent::Table(playing.clone())), Some(Some(opened.clone().watched())));
        let ended = TableEvent::Ended(tripot_game::Outcome {
            places: Vec::new(),
            reason: tripot_game::EndReason::Finished,
        });
        assert_eq!(listing.follow(&ended), Some(None));
        // The last states of the game over (votes, spectators) do not list it again.
        assert_eq!(listing.follow(&TableEvent::Table(playing.clone())), None);
        // A rematch whose seats reopen lists them; its start lists it under way again.
        let reopened = state(vec![human(), SeatHolder::Empty, human()], false);
        let free = listing.follow(&TableEvent::Table(reopened)).flatten().map(|t| t.free_seats);
        assert_eq!(free, Some(1));
        assert_eq!(listing.follow(&TableEvent::Table(playing)), Some(Some(opened.watched())));
    }

    #[test]
    fn a_listed_tables_id_is_its_hosts_and_its_opening() {
        let (a, b) = (PeerId::random(), PeerId::random());
        let t = kawu3();
        assert_eq!(lobby_table_id(&a, &t), lobby_table_id(&a, &LobbyTable { free_seats: 1, ..t.clone() }));
        assert_ne!(lobby_table_id(&a, &t), lobby_table_id(&b, &t));
        assert_ne!(lobby_table_id(&a, &t), lobby_table_id(&a, &LobbyTable { opened_unix: 5, ..t.clone() }));
    }
}
