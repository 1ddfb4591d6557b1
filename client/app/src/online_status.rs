//! Where an online game stands apart from its board, for any game: the connection, the
//! opponent, the route, the relay, the ending, a rematch, a question waiting for a second press,
//! the warning that stays on the panel — and how the session's events that are not moves change
//! it. [`crate::online_table::OnlineTable`] keeps one beside its board.

use std::path::PathBuf;
use std::time::Duration;

use tripot_game::Seat;
use tripot_net::online::{RatingNews, RelayState, RoomEvent};
use tripot_net::{Ending, GamePath, Multiaddr, NetEvent, SessionEvent};

use crate::online_connection::{Confirm, Connection, RematchOffer, Route, Side};
use crate::online_notice::{Notice, Warning};

/// The online game's state beside its board, as the front-ends read it.
#[derive(Debug)]
pub struct OnlineStatus {
    /// Whether this device hosts, joined, seeks…
    pub side: Side,
    /// Where the connection to the opponent stands.
    pub connection: Connection,
    /// Addresses to share (host), the LAN's first.
    pub addrs: Vec<Multiaddr>,
    /// The private room's code, to read aloud to a friend.
    pub room_code: Option<String>,
    /// The opponent's name, once it has said it.
    pub peer_name: Option<String>,
    /// The seat this device plays, once the game has started.
    pub local: Option<Seat>,
    /// How the opponent is reached, once the network says.
    pub route: Option<Route>,
    /// The link to the relay, when one is used.
    pub relay: Option<RelayState>,
    /// How the game or the session ended, once it has.
    pub ending: Option<Ending>,
    /// The last move's round trip (sent → acknowledged).
    pub round_trip: Option<Duration>,
    /// The last problem of the network or the room that did not end the game.
    pub warning: Option<Warning>,
    /// The claim prompt is shown (until the player chooses to keep waiting).
    pub claim_prompt: bool,
    /// The opponent said it left on purpose: the wait is for its return, not a reconnection.
    pub peer_left: bool,
    /// A question waiting for the player's second press.
    pub confirm: Option<Confirm>,
    /// A rematch offered, by either side.
    pub rematch: Option<RematchOffer>,
    /// The front-end's clock (its tick) when the game opened, for the waiting time.
    pub opened_at: u64,
    /// Where the session last saved the game (what `--resume` takes).
    pub saved_to: Option<PathBuf>,
    /// The session stopped: nothing more will come, no command can go.
    pub stopped: bool,
}

impl OnlineStatus {
    /// The state of a game of `side` opened at tick `opened_at`, before any event.
    #[must_use]
    pub fn new(side: Side, opened_at: u64) -> OnlineStatus {
        let connection = match side {
            Side::Host(_) | Side::Table(_) | Side::Room(_) => Connection::Waiting,
            Side::Guest(_) | Side::Resume | Side::Relay => Connection::Joining,
            Side::Quick(_) => Connection::Seeking { players: 0 },
        };
        OnlineStatus {
            side,
            connection,
            addrs: Vec::new(),
            room_code: None,
            peer_name: None,
            local: None,
            route: None,
            relay: None,
            ending: None,
            round_trip: None,
            warning: None,
            claim_prompt: false,
            peer_left: false,
            confirm: None,
            rematch: None,
            opened_at,
            saved_to: None,
            stopped: false,
        }
    }

    /// Whether this side hosts the game (what `--resume` is given to): known from how it
    /// started; else (met through the relay, a resume) the host's seat, the first — which a game whose
    /// rules name the first mover may have drawn otherwise.
    #[must_use]
    pub const fn hosts(&self) -> bool {
        match self.side {
            Side::Host(_) | Side::Table(_) | Side::Room(_) => true,
            Side::Guest(_) => false,
            Side::Quick(_) | Side::Relay | Side::Resume => matches!(self.local, Some(Seat(0))),
        }
    }

    /// Why the game never started, if the player leaves now: the session stopped on a failure,
    /// or it was still failing to reach the opponent. `None` once a game was on.
    #[must_use]
    pub fn failure(&self) -> Option<Warning> {
        use tripot_net::online::NetWarning as W;
        if self.local.is_some() {
            return None;
        }
        self.warning.clone().filter(|warning| match warning {
            Warning::RoomFailed(_) | Warning::HostRefused { .. } => true,
            Warning::Net(net) => {
                matches!(net, W::DialFailed { .. } | W::StreamFailed(_) | W::TableRefused(_))
            }
            Warning::RelayBusy | Warning::RoomRefused(_) => false,
        })
    }

    /// Addresses in the order worth trying: the LAN's before loopback, IPv4 first.
    fn add_addr(&mut self, addr: Multiaddr) {
        if self.addrs.contains(&addr) {
            return;
        }
        self.addrs.push(addr);
        self.addrs.sort_by_key(|a| {
            let text = a.to_string();
            (text.starts_with("/ip4/127.") || text.starts_with("/ip6/::1"), text.starts_with("/ip6"))
        });
    }

    /// Follows an event of the network that is not the session's (addresses, saves, the
    /// relay, the room, the route); what to tell the player, if anything.
    pub(crate) fn on_network_event(&mut self, event: NetEvent) -> Option<Notice> {
        match event {
            NetEvent::Listening(addr) => self.add_addr(addr),
            NetEvent::Saved { path, .. } => self.saved_to = Some(path),
            NetEvent::Warning(text) => self.warning = Some(Warning::Net(text)),
            NetEvent::Relay(state) => self.relay = Some(state),
            NetEvent::Room(RoomEvent::Open(code)) => self.room_code = Some(code.to_string()),
            NetEvent::Room(RoomEvent::Refused { why, .. }) => self.warning = Some(Warning::RoomRefused(why)),
            NetEvent::Room(RoomEvent::RelayBusy(_)) => self.warning = Some(Warning::RelayBusy),
            // The busy relay answered at last: the wait is over.
            NetEvent::Room(RoomEvent::Found(_)) if matches!(self.warning, Some(Warning::RelayBusy)) => {
                self.warning = None;
            }
            NetEvent::Room(RoomEvent::Failed(error)) => {
                self.stopped = true;
                self.warning = Some(Warning::RoomFailed(error.clone()));
                return Some(Notice::RoomFailed(error));
            }
            NetEvent::Rating(RatingNews::Counted { before }) => return Some(Notice::Rated { before }),
            NetEvent::Rating(RatingNews::Kept { submitting: false, .. }) => return Some(Notice::ResultKept),
            NetEvent::Path(path) => {
                self.route = Some(match path {
                    GamePath::Direct => Route::Direct,
                    GamePath::Relayed => Route::Relayed,
                });
            }
            // The session's own events and local errors are the board's business.
            _ => {}
        }
        None
    }

    /// Follows a session event about the connection, the opponent or a rematch (not a move, not
    /// a new board); what to tell the player, if anything.
    pub(crate) fn on_session_event(&mut self, event: SessionEvent) -> Option<Notice> {
        match event {
            SessionEvent::MoveAcknowledged { round_trip, .. } => self.round_trip = Some(round_trip),
            SessionEvent::Rejected { by, reason, ply, detail } => {
                return Some(Notice::Rejected { by, reason, ply, detail });
            }
            SessionEvent::HandshakeAborted { .. } => return Some(Notice::GuestLeft),
            SessionEvent::Refused { reason, detail, retry_in } => {
                let notice = retry_in.is_none().then(|| {
                    self.stopped = true;
                    Notice::HostRefused { reason, detail: detail.clone() }
                });
                self.warning = Some(Warning::HostRefused { reason, detail, retry_in });
                return notice;
            }
            SessionEvent::PeerDisconnected if self.ending.is_none() => {
                self.connection = Connection::Reconnecting { waited: Duration::ZERO };
            }
            SessionEvent::Reconnecting { waited } => {
                self.connection = match self.connection {
                    Connection::GraceOver { .. } => Connection::GraceOver { waited },
                    Connection::Over => Connection::Over,
                    _ => Connection::Reconnecting { waited },
                };
            }
            SessionEvent::GraceExpired { waited } => {
                if !matches!(self.connection, Connection::GraceOver { .. } | Connection::Over) {
                    self.claim_prompt = true;
                }
                if self.connection != Connection::Over {
                    self.connection = Connection::GraceOver { waited };
                }
            }
            SessionEvent::PeerLeft if self.ending.is_none() => {
                self.peer_left = true;
                return Some(Notice::PeerLeft);
            }
            SessionEvent::Resumed { .. } => {
                self.peer_left = false;
                self.connection = Connection::Connected;
                self.claim_prompt = false;
                return Some(Notice::Resumed);
            }
            SessionEvent::RematchOffered => {
                self.rematch = Some(RematchOffer::Offered);
                return Some(Notice::RematchOffered { name: self.peer_name.clone().unwrap_or_default() });
            }
            SessionEvent::RematchDeclined { by } => {
                self.rematch = None;
                return Some(Notice::RematchDeclined { by });
            }
            SessionEvent::RematchStarted { number, .. } => {
                self.rematch = None;
                return Some(Notice::RematchStarted(number));
            }
            SessionEvent::ResultUnsigned(cause) => return Some(Notice::NotRated(cause)),
            SessionEvent::GameOver(ending) => {
                self.connection = Connection::Over;
                self.claim_prompt = false;
                self.confirm = None;
                self.ending = Some(ending);
            }
            _ => {}
        }
        None
    }
}
