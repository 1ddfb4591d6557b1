//! A private room as a running session uses it: the host keeps its room open in the relay's directory and
//! checks every would-be guest's proof of the code; the guest finds the host by the code,
//! reaches it through the relay and proves the code before the game stream opens.
//!
//! ```text
//! host:  reservation → Open{key} (refreshed, re-opened after a relay restart)
//!        proof streams → handshake::host (throttled) → only proven peers may open the game
//!        game starts → Close{key}
//! guest: relay connected → Find{key} → Found{host} → dial <relay>/p2p-circuit/p2p/<host>
//!        → handshake::guest → game stream
//! ```

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use libp2p::request_response::{self, OutboundRequestId};
use libp2p::{PeerId, Stream, Swarm};
use tokio::sync::mpsc;
use tripot_directory::{RefuseReason, Request, Response};

use crate::room::handshake::{self, HandshakeError, Refusal};
use crate::room::{BusyRetry, ProofThrottle, RoomCode};
use crate::swarm::Behaviour;

/// How long a room stays in the directory without a refresh: a host that vanishes without
/// closing it leaves a dead room for at most this long (the relay also closes it when the
/// host's connection drops).
const ROOM_TTL_SECS: u32 = 60;
/// Refreshes come well within the TTL.
const REFRESH: Duration = Duration::from_secs(20);
/// After a failed directory request.
const RETRY: Duration = Duration::from_secs(1);
/// A proof handshake that takes longer is dropped.
const PROOF_TIMEOUT: Duration = Duration::from_secs(10);
/// Handshakes checked at once; more streams are dropped unread.
const MAX_PROOFS_IN_FLIGHT: usize = 16;
/// Proven peers remembered (a friend may need a few tries to open the game).
const MAX_PROVEN: usize = 64;

/// Why a host refused a would-be guest of its room.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum GuestRefusal {
    /// Its proof of the code was wrong.
    #[error("wrong room code")]
    WrongCode,
    /// It tried too often lately and was told to wait.
    #[error("too many attempts: told to wait {0:?}")]
    Throttled(Duration),
    /// The proof handshake broke off or went wrong.
    #[error("the proof handshake failed")]
    Broken,
}

impl GuestRefusal {
    /// Why, from how the host's side of the proof handshake ended.
    fn of(error: &HandshakeError) -> GuestRefusal {
        match error {
            HandshakeError::WrongCode => GuestRefusal::WrongCode,
            HandshakeError::Throttled(wait) => GuestRefusal::Throttled(*wait),
            _ => GuestRefusal::Broken,
        }
    }
}

/// What a room reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RoomEvent {
    /// (Host) the room is open in the relay's directory: give this code to a friend. Reported
    /// again when the room is opened again after the relay came back.
    Open(RoomCode),
    /// (Host) the room is closed: its game started, or the host is leaving.
    Closed,
    /// (Host) someone tried to join with a wrong code (or is throttled); the room stays open.
    Refused {
        /// The would-be guest.
        guest: PeerId,
        /// Why.
        why: GuestRefusal,
    },
    /// (Guest) the relay is busy (it throttles lookups): the lookup is asked again after this
    /// long, for up to [`crate::room::BUSY_PATIENCE`] in all.
    RelayBusy(Duration),
    /// (Guest) the directory gave the room's host.
    Found(PeerId),
    /// (Guest) the host accepted our proof of the code, and proved it back.
    Joined,
    /// The room cannot be used; the session stops.
    Failed(RoomError),
}

/// Why a room cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RoomError {
    /// No room under this code on the relay.
    #[error(
        "no room {0} on this relay: check the code (a room closes when its game starts or its host leaves)"
    )]
    NotFound(String),
    /// The host refused the code.
    #[error("the host refused the code {0}: wrong room code")]
    WrongCode(String),
    /// Too many attempts lately: the host refused to check another proof for now.
    #[error("too many attempts: try again in {0} s")]
    Throttled(u64),
    /// The relay still refused to look the code up after [`crate::room::BUSY_PATIENCE`] of
    /// retries (it is holding back wrong guesses, and this peer missed lately).
    #[error(
        "the relay is still too busy after 30 s of retries (too many wrong room codes lately): try again in {0} s"
    )]
    RelayBusy(u64),
    /// The peer found for the code could not prove it knows the code.
    #[error("the peer found for this code does not know it: not the room's host")]
    NotTheHost,
    /// The relay's directory refused or failed.
    #[error("the relay's room directory: {0}")]
    Directory(String),
    /// The relay speaks an older version of the room directory (`/tripot/rooms/1.0.0`).
    #[error("the relay speaks an older room directory protocol: it needs updating")]
    RelayOutdated,
    /// The host was found but cannot be reached.
    #[error("cannot reach the room's host through the relay: {0}")]
    Unreachable(String),
    /// The handshake broke off.
    #[error("room handshake: {0}")]
    Handshake(String),
}

/// A finished proof handshake: who, and how it went.
pub(crate) type ProofResult = (PeerId, Result<(), HandshakeError>);

fn refused(reason: RefuseReason, retry_after_ms: u32) -> RoomError {
    match reason {
        RefuseReason::Throttled => RoomError::Throttled(u64::from(retry_after_ms).div_ceil(1000)),
        RefuseReason::Full => RoomError::Directory(
            "the relay holds as many rooms as it may (in all, or from this address)".into(),
        ),
        RefuseReason::Taken => RoomError::Directory("this code is taken by another host".into()),
        RefuseReason::NoReservation => {
            RoomError::Directory("the relay opens rooms only for hosts it can reach (no reservation)".into())
        }
        RefuseReason::Outdated => {
            RoomError::Directory("this client is older than the relay: update it".into())
        }
        other => RoomError::Directory(format!("refused ({other:?})")),
    }
}

/// The host's room.
#[derive(Debug)]
pub(crate) struct HostRoom {
    code: RoomCode,
    throttle: Arc<Mutex<ProofThrottle>>,
    proven: HashSet<PeerId>,
    in_flight: usize,
    /// The directory confirmed the room (since the relay link last came up).
    open: bool,
    /// Closed for good: the game started or the host is leaving.
    closed: bool,
    pending: Option<OutboundRequestId>,
    next_open: Instant,
    results: mpsc::Sender<ProofResult>,
}

impl HostRoom {
    /// A room for `code`; proof results come back on `results`.
    pub(crate) fn new(code: RoomCode, results: mpsc::Sender<ProofResult>) -> HostRoom {
        HostRoom {
            code,
            throttle: Arc::new(Mutex::new(ProofThrottle::default())),
            proven: HashSet::new(),
            in_flight: 0,
            open: false,
            closed: false,
            pending: None,
            next_open: Instant::now(),
            results,
        }
    }

    /// Whether `peer` proved the code (and may open the game stream).
    pub(crate) fn admits(&self, peer: &PeerId) -> bool {
        self.proven.contains(peer)
    }

    /// Opens or refreshes the room while the relay link is ready; closes it once the game
    /// started.
    pub(crate) fn tick(
        &mut self,
        swarm: &mut Swarm<Behaviour>,
        relay: PeerId,
        relay_ready: bool,
        game_started: bool,
        now: Instant,
    ) -> Option<RoomEvent> {
        if self.closed {
            return None;
        }
        if game_started {
            return self.close(swarm, relay);
        }
        if !relay_ready {
            // Opened again as soon as the relay is back (a restarted relay has forgotten it).
            self.open = false;
            self.pending = None;
            self.next_open = now;
            return None;
        }
        if self.pending.is_none() && now >= self.next_open {
            let key = self.code.directory_key();
            self.pending = Some(
                swarm
                    .behaviour_mut()
                    .directory
                    .send_request(&relay, Request::Open { key, ttl_secs: ROOM_TTL_SECS }),
            );
            self.next_open = now + REFRESH;
        }
        None
    }

    /// Closes the room for good (the relay also drops it when the host's connection does).
    pub(crate) fn close(&mut self, swarm: &mut Swarm<Behaviour>, relay: PeerId) -> Option<RoomEvent> {
        if self.closed {
            return None;
        }
        self.closed = true;
        self.pending = None;
        if swarm.is_connected(&relay) {
            let key = self.code.directory_key();
            swarm.behaviour_mut().directory.send_request(&relay, Request::Close { key });
        }
        Some(RoomEvent::Closed)
    }

    /// The directory's answer to our Open.
    pub(crate) fn on_directory(
        &mut self,
        event: &request_response::Event<Request, Response>,
        now: Instant,
    ) -> Option<RoomEvent> {
        match answer(event, &mut self.pending)? {
            Ok(response) => match response {
                Response::Opened { .. } if !self.closed => {
                    let first = !self.open;
                    self.open = true;
                    first.then_some(RoomEvent::Open(self.code))
                }
                Response::Refused { reason, retry_after_ms } => {
                    self.open = false;
                    self.next_open = now + RETRY.max(Duration::from_millis(u64::from(*retry_after_ms)));
                    Some(RoomEvent::Failed(refused(*reason, *retry_after_ms)))
                }
                _ => None,
            },
            Err(request_response::OutboundFailure::UnsupportedProtocols) => {
                // Asking again will not help: this relay is older than us.
                self.next_open = now + RETRY;
                Some(RoomEvent::Failed(RoomError::RelayOutdated))
            }
            Err(error) => {
                tracing::debug!(%error, "room open failed");
                self.next_open = now + RETRY;
                None
            }
        }
    }

    /// A would-be guest opened a proof stream: check it on a task of its own.
    pub(crate) fn on_proof_stream(&mut self, local: PeerId, guest: PeerId, mut stream: Stream) {
        if self.closed || self.in_flight >= MAX_PROOFS_IN_FLIGHT {
            return;
        }
        self.in_flight += 1;
        let (code, throttle, results) = (self.code, Arc::clone(&self.throttle), self.results.clone());
        tokio::spawn(async move {
            let outcome = tokio::time::timeout(
                PROOF_TIMEOUT,
                handshake::host(&mut stream, &code, &throttle, local, guest),
            )
            .await
            .unwrap_or_else(|_| {
                Err(HandshakeError::Io(std::io::Error::new(std::io::ErrorKind::TimedOut, "too slow")))
            });
            let _ = results.send((guest, outcome)).await;
        });
    }

    /// A proof handshake ended.
    pub(crate) fn on_proof_result(&mut self, (guest, outcome): ProofResult) -> Option<RoomEvent> {
        self.in_flight = self.in_flight.saturating_sub(1);
        match outcome {
            Ok(()) => {
                if self.proven.len() >= MAX_PROVEN {
                    self.proven.clear();
                }
                self.proven.insert(guest);
                None
            }
            Err(error) => Some(RoomEvent::Refused { guest, why: GuestRefusal::of(&error) }),
        }
    }
}

/// Where a guest's join stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Asking the directory.
    Find,
    /// Reaching the host through the relay.
    Connect(PeerId),
    /// Proving the code.
    Prove(PeerId),
    /// Both proofs checked out: the game stream may open.
    Done,
}

/// A guest joining by code.
#[derive(Debug)]
pub(crate) struct JoinRoom {
    code: RoomCode,
    phase: Phase,
    pending: Option<OutboundRequestId>,
    /// When to ask the directory (again, after a "throttled").
    next_find: Instant,
    busy: BusyRetry,
    results: mpsc::Sender<ProofResult>,
}

impl JoinRoom {
    /// A join of the room `code`; the proof result comes back on `results`.
    pub(crate) fn new(code: RoomCode, results: mpsc::Sender<ProofResult>) -> JoinRoom {
        JoinRoom {
            code,
            phase: Phase::Find,
            pending: None,
            next_find: Instant::now(),
            busy: BusyRetry::default(),
            results,
        }
    }

    /// Whether both sides proved the code (the game stream may open).
    pub(crate) fn is_done(&self) -> bool {
        self.phase == Phase::Done
    }

    /// Asks the directory once the relay link is up.
    pub(crate) fn tick(&mut self, swarm: &mut Swarm<Behaviour>, relay: PeerId, relay_ready: bool) {
        if self.phase == Phase::Find
            && self.pending.is_none()
            && relay_ready
            && Instant::now() >= self.next_find
        {
            let key = self.code.directory_key();
            self.pending = Some(swarm.behaviour_mut().directory.send_request(&relay, Request::Find { key }));
        }
    }

    /// The directory's answer to our Find.
    pub(crate) fn on_directory(
        &mut self,
        event: &request_response::Event<Request, Response>,
    ) -> Option<RoomEvent> {
        Some(match answer(event, &mut self.pending)? {
            Ok(response) => match response {
                Response::Found { host } => {
                    self.phase = Phase::Connect(*host);
                    RoomEvent::Found(*host)
                }
                Response::NotFound => RoomEvent::Failed(RoomError::NotFound(self.code.to_string())),
                Response::Refused { reason: RefuseReason::Throttled, retry_after_ms } => {
                    let retry_after = Duration::from_millis(u64::from(*retry_after_ms));
                    let now = Instant::now();
                    match self.busy.throttled(retry_after, now) {
                        Some(wait) => {
                            self.next_find = now + wait;
                            RoomEvent::RelayBusy(wait)
                        }
                        None => RoomEvent::Failed(RoomError::RelayBusy(retry_after.as_secs().max(1))),
                    }
                }
                Response::Refused { reason, retry_after_ms } => {
                    RoomEvent::Failed(refused(*reason, *retry_after_ms))
                }
                other => RoomEvent::Failed(RoomError::Directory(format!("unexpected answer {other:?}"))),
            },
            Err(request_response::OutboundFailure::UnsupportedProtocols) => {
                RoomEvent::Failed(RoomError::RelayOutdated)
            }
            Err(other) => RoomEvent::Failed(RoomError::Directory(other.to_string())),
        })
    }

    /// A connection to `peer` is up: if it is the host, prove the code on a task.
    pub(crate) fn on_connected(&mut self, swarm: &Swarm<Behaviour>, local: PeerId, peer: PeerId) {
        let Phase::Connect(host) = self.phase else { return };
        if peer != host {
            return;
        }
        self.phase = Phase::Prove(host);
        let mut control = swarm.behaviour().stream.new_control();
        let (code, results) = (self.code, self.results.clone());
        tokio::spawn(async move {
            let outcome = tokio::time::timeout(PROOF_TIMEOUT, async {
                let mut stream = control
                    .open_stream(host, handshake::PROTOCOL)
                    .await
                    .map_err(|e| HandshakeError::Io(std::io::Error::other(e.to_string())))?;
                handshake::guest(&mut stream, &code, local, host).await
            })
            .await
            .unwrap_or_else(|_| {
                Err(HandshakeError::Io(std::io::Error::new(
                    std::io::ErrorKind::TimedOut,
                    "the host did not answer",
                )))
            });
            let _ = results.send((host, outcome)).await;
        });
    }

    /// Reaching `peer` failed: if it is the host we are reaching, the join fails.
    pub(crate) fn on_dial_error(&mut self, peer: PeerId, error: &str) -> Option<RoomEvent> {
        match self.phase {
            Phase::Connect(host) if host == peer => {
                Some(RoomEvent::Failed(RoomError::Unreachable(error.to_owned())))
            }
            _ => None,
        }
    }

    /// The proof handshake ended.
    pub(crate) fn on_proof_result(&mut self, (host, outcome): ProofResult) -> Option<RoomEvent> {
        if self.phase != Phase::Prove(host) {
            return None;
        }
        Some(match outcome {
            Ok(()) => {
                self.phase = Phase::Done;
                RoomEvent::Joined
            }
            Err(HandshakeError::Refused { reason: Refusal::WrongCode, .. }) => {
                RoomEvent::Failed(RoomError::WrongCode(self.code.to_string()))
            }
            Err(HandshakeError::Refused { reason: Refusal::Throttled, retry_after }) => {
                RoomEvent::Failed(RoomError::Throttled(retry_after.as_secs().max(1)))
            }
            Err(HandshakeError::NotTheHost) => RoomEvent::Failed(RoomError::NotTheHost),
            Err(other) => RoomEvent::Failed(RoomError::Handshake(other.to_string())),
        })
    }
}

/// The directory's answer to `pending`, or why asking failed; `None` for any other event. An
/// answer clears `pending`: a request is answered once.
fn answer<'a>(
    event: &'a request_response::Event<Request, Response>,
    pending: &mut Option<OutboundRequestId>,
) -> Option<Result<&'a Response, &'a request_response::OutboundFailure>> {
    let (request_id, answer) = match event {
        request_response::Event::Message {
            message: request_response::Message::Response { request_id, response },
            ..
        } => (request_id, Ok(response)),
        request_response::Event::OutboundFailure { request_id, error, .. } => (request_id, Err(error)),
        _ => return None,
    };
    if Some(*request_id) != *pending {
        return None;
    }
    *pending = None;
    Some(answer)
}
