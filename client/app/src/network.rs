//! The network as the front-ends see it: a [`Network`] starts sessions, LAN scans, lobby
//! readings and quick matches; a [`Link`] is one running session (commands out, events in);
//! a [`RunningTable`] is one running table of 2–6 seats (commands out, events in, polled the
//! same way), which [`crate::online_seats::OnlineSeats`] drives.
//!
//! The real implementation is `real_network` (libp2p on a tokio runtime); tests pass
//! their own, so that every screen can be driven from synthetic events. Every failure is a
//! [`NetworkError`], which the front-end words in the player's language.

use std::sync::mpsc::Receiver;
use tripot_game::{GameSpec, Seat};
use tripot_net::identity::IdentityError;
use tripot_net::online::OnlineError;
use tripot_net::online::matchmaking::MatchError;
use tripot_net::online::matchmaking::quick::QuickSeek;
use tripot_net::session::Offer;

use tripot_net::ratings::RatingsClientError;
use tripot_net::room::RoomCode;
use tripot_net::swarm::SwarmError;
use tripot_net::table::TableOffer;
use tripot_net::table_online::{QuickTableProgress, TableNetError, TableNetEvent};
use tripot_net::{Multiaddr, NetEvent, Start};
use tripot_protocol::table::{ClockRule, PeerKey, Wants};
pub use tripot_ratings_wire::{Standings, StandingsQuery};

use super::open_game::{OpenGame, OpenGames};
use super::settings::SettingsError;
use super::table_invitation::TableInvitation;

/// Why the network could not do what was asked.
#[derive(Debug, thiserror::Error)]
pub enum NetworkError {
    /// The settings cannot be used (config file, `TRIPOT_RELAY`, the relay's address).
    #[error(transparent)]
    Settings(#[from] SettingsError),
    /// The network's runtime (its threads) cannot start.
    #[error("cannot start the network runtime: {0}")]
    Runtime(std::io::Error),
    /// Our identity key cannot be loaded or created.
    #[error(transparent)]
    Identity(#[from] IdentityError),
    /// A private room was asked for and no relay is configured.
    #[error(
        "a private room needs a tripot-relay: give --relay /ip4/…/tcp/4001/p2p/<peer id>, set TRIPOT_RELAY, or put relay = \"/ip4/…/p2p/…\" in the config file (<config dir>/config.toml)"
    )]
    NoRelayForRoom,
    /// The lobby or quick match needs a relay: none is configured and none answered on the LAN.
    #[error(
        "no relay: set TRIPOT_RELAY=/ip4/…/tcp/4001/p2p/…, or start a tripot-relay --mdns on this network"
    )]
    NoRelay,
    /// A session could not start (cannot listen, cannot dial, the save file).
    #[error(transparent)]
    Session(#[from] OnlineError),
    /// The network could not be set up for a scan (LAN, or looking for a relay).
    #[error(transparent)]
    Swarm(#[from] SwarmError),
    /// The lobby or the quick match failed at the relay.
    #[error(transparent)]
    Match(#[from] MatchError),
    /// A relay's ratings could not be read.
    #[error(transparent)]
    Ratings(#[from] RatingsClientError),
    /// An online table of 2–6 seats could not start (cannot listen, cannot dial the host).
    #[error(transparent)]
    Table(#[from] TableNetError),
}

/// A running online table of 2–6 seats, seen from the interface: commands out, events in. The
/// table session (`tripot_net::table`) verifies every entry, ours included, before it reports
/// it; a refused command comes back as [`TableNetEvent::LocalError`].
pub trait RunningTable {
    /// This peer's key (its libp2p peer id's bytes): how the table's announcements name it.
    fn local_peer(&self) -> PeerKey;
    /// The next event, if one is ready (the interface polls on its ticks).
    fn try_event(&mut self) -> Option<TableNetEvent>;
    /// Plays a move of our seat, in the game's notation.
    fn play(&mut self, text: String);
    /// Resigns our seat's game.
    fn resign(&mut self);
    /// Offers a draw (games of two seats).
    fn offer_draw(&mut self);
    /// Accepts or declines the draw the other seat offered.
    fn answer_draw(&mut self, accept: bool);
    /// Votes for another game once the game is over.
    fn vote(&mut self);
    /// Says a line at the table (the players' chat, or the spectators' for a spectator).
    fn chat(&mut self, text: String);
    /// Claims a seat away past its grace period.
    fn claim(&mut self, seat: Seat);
    /// The host puts a computer of `level` at the empty `seat` before a game.
    fn seat_computer(&mut self, seat: Seat, level: u8);
    /// Leaves the table: the others are told.
    fn leave(&mut self);
}

/// A running session, seen from the interface: commands out, events in.
pub trait Link {
    /// The next event, if one is ready (the interface polls on its ticks).
    fn try_event(&mut self) -> Option<NetEvent>;
    /// Plays a local move, in the game's notation (the session checks it before it goes out).
    fn play(&mut self, text: String);
    /// Resigns the game.
    fn resign(&mut self);
    /// Leaves the live game on purpose (it stays saved): the opponent is told so.
    fn leave(&mut self);
    /// Claims the game after the grace period.
    fn claim(&mut self);
    /// Once the game is over: offers another game (accepts the opponent's offer if any).
    fn offer_rematch(&mut self);
    /// Answers the opponent's rematch offer.
    fn answer_rematch(&mut self, accept: bool);
    /// News of a matchmaking still under way (quick match), before the session exists.
    fn try_matchmaking(&mut self) -> Option<Matchmaking> {
        None
    }
}

/// How a quick match goes before the game starts.
#[derive(Debug)]
pub enum Matchmaking {
    /// Waiting at the relay; the relay counts this many players seeking.
    Waiting(u32),
    /// Paired: the game agreed, and whether this side hosts.
    Matched {
        /// The game: the one sought, or the opponent's for a seeker of any game.
        game: GameSpec,
        /// This side waits for the opponent to dial it.
        you_host: bool,
    },
    /// The relay cannot be reached or refused; the match is off.
    Failed(NetworkError),
}

/// A quick match for a table of 3–6 seats under way, until this seeker is settled (seated at
/// another's table, or hosting one listed in the lobby that a guest sat at); dropping it gives
/// up the seek.
pub trait TableSeek {
    /// The oldest news not yet taken, if any (the interface polls on its ticks).
    fn try_news(&mut self) -> Option<TableSeekNews>;
}

/// What a [`TableSeek`] reports.
pub enum TableSeekNews {
    /// How the seek goes: reading the lobby, sitting at a host's table, hosting one.
    Progress(QuickTableProgress),
    /// Settled: the table, its events from its start on.
    Settled(Box<dyn RunningTable>),
    /// The seek is off (no relay, the lobby cannot be read, the table cannot open).
    Failed(NetworkError),
}

/// Open games read again and again in the background (a LAN scan, a lobby), until dropped.
pub trait OpenGameScan {
    /// The list read by the round that just finished, if one did (only the newest matters).
    fn try_list(&mut self) -> Option<Result<OpenGames, NetworkError>>;
}

/// What starts sessions and LAN scans: the real network, or a test's stand-in.
pub trait Network {
    /// Starts a session.
    ///
    /// # Errors
    /// [`NetworkError`]: why it could not start (no identity, cannot listen, bad address).
    fn start(&mut self, start: Start) -> Result<Box<dyn Link>, NetworkError>;
    /// Starts scanning the LAN for hosts.
    ///
    /// # Errors
    /// [`NetworkError`]: why the scan could not start.
    fn scan_lan(&mut self) -> Result<Box<dyn OpenGameScan>, NetworkError>;
    /// Starts a quick match at the relay for one game, or any game of two seats
    /// ([`QuickSeek::any`]); the session follows the pairing.
    ///
    /// # Errors
    /// [`NetworkError`]: why the match could not start.
    fn quick(&mut self, wanted: QuickSeek) -> Result<Box<dyn Link>, NetworkError>;
    /// Starts a quick match for a table of 3–6 seats over the relay's lobby (the configured
    /// relay, else one announced on the LAN): `wanted` is a game, or any game of its seats; a
    /// table this seeker opens itself has `clock` and lets spectators in. Nothing waits here:
    /// the seek reports as it goes.
    ///
    /// # Errors
    /// [`NetworkError`]: why the seek could not start.
    fn quick_table(
        &mut self,
        wanted: QuickSeek,
        clock: ClockRule,
    ) -> Result<Box<dyn TableSeek>, NetworkError>;
    /// Starts reading the open lobby at the relay.
    ///
    /// # Errors
    /// [`NetworkError`]: why the lobby cannot be read.
    fn lobby(&mut self) -> Result<Box<dyn OpenGameScan>, NetworkError>;
    /// Joins a table of the lobby at `relay`.
    ///
    /// # Errors
    /// [`NetworkError`]: why the session could not start.
    fn join_table(&mut self, relay: &Multiaddr, table: &OpenGame) -> Result<Box<dyn Link>, NetworkError>;
    /// Opens one's own table at `relay` and waits there for an opponent.
    ///
    /// # Errors
    /// [`NetworkError`]: why the table could not open.
    fn open_table(&mut self, relay: &Multiaddr, offer: Offer) -> Result<Box<dyn Link>, NetworkError>;
    /// Opens an online table of 2–6 seats as its host: `offer` (the game, its seats, the clock,
    /// spectators), a computer at each of the next empty seats at these levels
    /// (`tripot_ai::Level::number`), in a private room on the relay under `room` if given.
    ///
    /// # Errors
    /// [`NetworkError`]: no relay for a room, cannot listen, the table cannot open.
    fn host_seats(
        &mut self,
        offer: TableOffer,
        computers: Vec<u8>,
        room: Option<RoomCode>,
    ) -> Result<Box<dyn RunningTable>, NetworkError>;
    /// Opens an online table of 3–6 seats as its host, listed in the lobby of the configured
    /// relay while it has free seats and its game has not started: `offer` (its table id is
    /// replaced by the one the listing derives) and the computers as for
    /// [`Network::host_seats`].
    ///
    /// # Errors
    /// [`NetworkError`]: no relay configured, a table of two seats, the table cannot open.
    fn host_listed(
        &mut self,
        offer: TableOffer,
        computers: Vec<u8>,
    ) -> Result<Box<dyn RunningTable>, NetworkError>;
    /// Joins the online table of `invitation` (its link, or its private room's), for a seat or
    /// to watch.
    ///
    /// # Errors
    /// [`NetworkError`]: no relay for a room, cannot listen, cannot dial the host.
    fn join_seats(
        &mut self,
        invitation: &TableInvitation,
        wants: Wants,
    ) -> Result<Box<dyn RunningTable>, NetworkError>;
    /// Starts reading a ratings table at the relay (the configured one, else one announced on
    /// the LAN); the table, or why it could not be read, comes once on the receiver.
    ///
    /// # Errors
    /// [`NetworkError`]: why the reading could not start.
    fn standings(
        &mut self,
        query: StandingsQuery,
    ) -> Result<Receiver<Result<Standings, NetworkError>>, NetworkError>;
}
