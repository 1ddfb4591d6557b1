//! The game session: a state machine between the player, the engine and the link.
//!
//! It never blocks and never does I/O: the driver feeds it link events through a [`Transport`],
//! calls [`Session::poll`] with the current time, and gets [`SessionEvent`]s back. Every move
//! from the peer goes through the engine's verifier against the local position before anything
//! changes; anything refused is answered with a [`Reject`] saying why.
//!
//! The session plays any game of two seats: it holds the game as a `Box<dyn GameState>`, opened
//! from the hello's game name by the caller's [`OpenGame`], and every peer move goes through
//! the game's own verifier (`parse_move`, then `play_as` the peer's seat) and the hash after it.

use std::time::{Duration, Instant};

use rand::SeedableRng as _;
use rand::rngs::StdRng;
use tripot_game::{GameMove, GameSpec, GameState, Leaving, OpenError, Opener as _, Seat, Setup, TableSpec};
use tripot_protocol::{
    Commitment, GameId, Hello, Message, MoveMsg, Opens, PROTOCOL_VERSION, Place, Reject, RejectReason,
    ResumePoint, Role,
};

use crate::event::{AbortCause, GameSnapshot, Refuser, SessionEvent};
use crate::online_game::{OnlineGame, seat_of};
use crate::opener_draw::{self, Draw};
use crate::transport::{LinkEvent, Transport};

mod forfeits;
mod leaving;
mod rematch;
mod result_signing;

use forfeits::Forfeits;
use rematch::Rematch;
pub use rematch::rematch_save_path;
use result_signing::Exchange;
pub use result_signing::{CLOCK_TOLERANCE, ResultSigner, SIGNING_TIME, system_clock};

/// Timings and limits of a session.
#[derive(Debug, Clone)]
pub struct SessionConfig {
    /// The local player's display name.
    pub name: String,
    /// Send a keep-alive when nothing was sent for this long.
    pub keep_alive: Duration,
    /// Consider the link dead when nothing was heard for this long.
    pub peer_timeout: Duration,
    /// How long to wait for a vanished peer before the player may claim the game.
    pub grace: Duration,
    /// Messages per second a peer may send (a burst of this many is allowed too).
    pub flood_limit: u32,
    /// Longest time from the link coming up to the game starting: a guest that stalls the
    /// handshake (even while sending keep-alives) is let go, and the table freed.
    pub handshake_timeout: Duration,
    /// Opens the game a hello names: the games this side can play.
    pub open_game: OpenGame,
    /// Signs finished games' results for the ratings with the player's identity key; `None`
    /// (a guest key of one game, a computer at this seat): this side signs nothing and says so.
    pub signer: Option<ResultSigner>,
}

/// Opens a game by name, opened by the seat the set-up names: every game the client links by
/// default (`game_openers::linked_games`: the star board's games and draughts); a caller may
/// offer fewer ([`engine_games`]), or others.
pub type OpenGame = fn(&GameSpec, &Setup) -> Result<Box<dyn GameState>, OpenError>;

/// Every game the engine plays (the duels and the star games).
///
/// # Errors
/// A name the engine does not play, or a set-up it refuses.
pub fn engine_games(spec: &GameSpec, setup: &Setup) -> Result<Box<dyn GameState>, OpenError> {
    tripot_engine::StarBoardGames.open(spec, setup)
}

/// The seats of a session's table: two, the host's and the guest's.
const SEATS: u8 = 2;

impl Default for SessionConfig {
    fn default() -> SessionConfig {
        SessionConfig {
            name: String::from("player"),
            keep_alive: Duration::from_secs(5),
            peer_timeout: Duration::from_secs(20),
            grace: Duration::from_secs(120),
            flood_limit: 100,
            handshake_timeout: Duration::from_secs(10),
            open_game: crate::game_openers::linked_games,
            signer: None,
        }
    }
}

/// What the host offers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offer {
    /// The game, one of two seats (`tripot`, `tripot-classic-f2`, `kawu-2`, `captures-2`…).
    pub game: GameSpec,
    /// Who opens.
    pub opens: Opens,
}

/// A local action the session refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LocalError {
    /// No game yet (handshake not finished).
    #[error("the game has not started")]
    NotStarted,
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// Not the local player's turn.
    #[error("it is not your turn")]
    NotYourTurn,
    /// The game refused the move.
    #[error("{0}")]
    Illegal(#[from] tripot_game::MoveError),
    /// Claiming before the grace period or while the peer is connected.
    #[error("the game can be claimed only after the grace period, while the opponent is away")]
    CannotClaim,
    /// A rematch offered (or answered) while the game is still being played.
    #[error("a rematch can be offered only once the game is over")]
    GameInProgress,
    /// A rematch offered while the opponent is not connected.
    #[error("the opponent is not connected")]
    NotConnected,
    /// A second rematch offer while one is already waiting or a rematch is starting.
    #[error("a rematch is already offered or starting")]
    RematchPending,
    /// A rematch answer with no offer from the opponent to answer.
    #[error("the opponent has not offered a rematch")]
    NoRematchOffer,
    /// A rematch with a new draw, offered to a guest that walked away from a draw here.
    #[error("the opponent left a draw after seeing our value: no new draw with it")]
    DrawForfeited,
}

/// Guest: after transient refusals (a busy host), tries stop once this long has passed since
/// the first.
const RETRY_CAP: Duration = Duration::from_secs(60);

/// Guest: the longest wait between two tries.
const RETRY_MAX_DELAY: Duration = Duration::from_secs(16);

/// Guest: where the host's refusals of our hello stand.
#[derive(Debug, Clone, Copy)]
struct Refusals {
    /// The first refusal.
    first: Instant,
    /// Refusals so far.
    count: u32,
    /// When the next try may be made; `None`: no more tries.
    retry_at: Option<Instant>,
}

/// Where the handshake of a new game stands.
#[derive(Debug)]
enum Handshake {
    /// Host: waiting for the guest's hello. Guest: waiting for the link.
    Waiting,
    /// Guest: hello sent, waiting for the host's hello.
    HelloSent { draw: Draw },
    /// Random draw: waiting for the peer's reveal.
    AwaitReveal {
        pending: Box<OnlineGame>,
        draw: Draw,
        peer_commitment: Commitment,
        host_id: Vec<u8>,
        guest_id: Vec<u8>,
    },
    /// Done: the game exists.
    Done,
}

/// The link as the session sees it.
#[derive(Debug, Clone, Copy)]
enum Link {
    Up { peer_heard: Instant },
    Down { since: Instant, announced_secs: u64, grace_told: bool },
}

/// A game session between this side and one peer.
#[derive(Debug)]
pub struct Session<T> {
    transport: T,
    config: SessionConfig,
    role: Role,
    local_id: Vec<u8>,
    /// The peer id of the current (or last) link.
    peer: Vec<u8>,
    game_id: GameId,
    /// What the host offered for the first game (its `opens` decides how rematches pick the opener).
    offer: Option<Offer>,
    handshake: Handshake,
    game: Option<OnlineGame>,
    /// Where a rematch offer stands.
    rematch: Rematch,
    /// The number of the current game on this link: 1, then 2 after the first rematch, …
    number: u32,
    link: Link,
    last_sent: Instant,
    keep_alive_seq: u32,
    /// Moves sent and not yet acknowledged: (ply, when sent).
    unacked: Vec<(u32, Instant)>,
    /// Flood control: tokens left and when they were last refilled.
    tokens: f64,
    refilled: Instant,
    events: Vec<SessionEvent>,
    /// Where this side's values for the opening draw come from.
    rng: StdRng,
    /// Host: guests that left a draw after our reveal.
    forfeits: Forfeits,
    /// When the handshake on the current link began (none: no handshake running).
    handshake_since: Option<Instant>,
    /// Guest: the host's refusals of our hello.
    refusals: Option<Refusals>,
    /// The peer said it leaves the game on purpose (`leaving.rs`); cleared when a link comes up.
    peer_leaving: bool,
    /// The signatures of the last finished game's result (`result_signing.rs`).
    signing: Exchange,
}

impl<T: Transport> Session<T> {
    fn with(transport: T, config: SessionConfig, role: Role, local_id: Vec<u8>, now: Instant) -> Session<T> {
        let tokens = f64::from(config.flood_limit);
        Session {
            transport,
            config,
            role,
            local_id,
            peer: Vec::new(),
            game_id: GameId([0; 16]),
            offer: None,
            handshake: Handshake::Waiting,
            game: None,
            rematch: Rematch::Idle,
            number: 1,
            link: Link::Down { since: now, announced_secs: 0, grace_told: true },
            last_sent: now,
            keep_alive_seq: 0,
            unacked: Vec::new(),
            tokens,
            refilled: now,
            events: Vec::new(),
            rng: StdRng::from_os_rng(),
            forfeits: Forfeits::default(),
            handshake_since: None,
            refusals: None,
            peer_leaving: false,
            signing: Exchange::Idle,
        }
    }

    /// A host offering a new game.
    pub fn host(
        transport: T,
        config: SessionConfig,
        offer: Offer,
        game_id: GameId,
        local_id: Vec<u8>,
        now: Instant,
    ) -> Session<T> {
        let mut session = Session::with(transport, config, Role::Host, local_id, now);
        session.offer = Some(offer);
        session.game_id = game_id;
        session
    }

    /// A guest joining whatever the host offers.
    pub fn guest(transport: T, config: SessionConfig, local_id: Vec<u8>, now: Instant) -> Session<T> {
        Session::with(transport, config, Role::Guest, local_id, now)
    }

    /// A game restored from its save, waiting for the peer to come back.
    pub fn resume(
        transport: T,
        config: SessionConfig,
        game: OnlineGame,
        local_id: Vec<u8>,
        now: Instant,
    ) -> Session<T> {
        let mut session = Session::with(transport, config, game.role, local_id, now);
        session.game_id = game.game_id;
        // What the host chose is not saved as such: the opener it gave (see `opener_drawn`).
        let opens = if game.host_opened() { Opens::Host } else { Opens::Guest };
        session.offer = Some(Offer { game: game.spec().clone(), opens });
        session.handshake = Handshake::Done;
        session.link = Link::Down { since: now, announced_secs: 0, grace_told: false };
        session.game = Some(game);
        session
    }

    /// For a session restored from a save: the opener of its games is drawn at random (the host
    /// chose `random`), so rematches draw again rather than swap the opener.
    #[must_use]
    pub fn opener_drawn(mut self, drawn: bool) -> Session<T> {
        if drawn && let Some(offer) = &mut self.offer {
            offer.opens = Opens::Random;
        }
        self
    }

    /// The game, once the handshake is done.
    #[must_use]
    pub const fn game(&self) -> Option<&OnlineGame> {
        self.game.as_ref()
    }

    /// This side's role.
    #[must_use]
    pub const fn role(&self) -> Role {
        self.role
    }

    /// What the host offers (for a guest, once the host's hello arrived).
    #[must_use]
    pub const fn offer(&self) -> Option<&Offer> {
        self.offer.as_ref()
    }

    /// The local player's name.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.config.name
    }

    /// Whether the session still needs its peer: before and during the game, and after it while
    /// a move of ours is not acknowledged (the peer may not know the game is over).
    #[must_use]
    pub fn needs_link(&self) -> bool {
        self.game.as_ref().is_none_or(|g| g.ending().is_none())
            || !self.unacked.is_empty()
            || self.signing.pending()
    }

    /// Guest: whether a new link may be opened now. After a transient refusal (a busy host) the
    /// next try waits its turn; after a final one there is none.
    #[must_use]
    pub fn may_open_link(&self, now: Instant) -> bool {
        self.refusals.is_none_or(|r| r.retry_at.is_some_and(|at| now >= at))
    }

    /// Guest: whether the host refused us for good (a different version, terms we cannot play,
    /// or busy for too long): the session has nothing more to do.
    #[must_use]
    pub fn gave_up(&self) -> bool {
        self.refusals.is_some_and(|r| r.retry_at.is_none())
    }

    /// Whether the peer surely holds the current game: a move has been played and every move of
    /// ours is acknowledged. Before that (a random draw just revealed) the peer may not have the
    /// game yet, and a resume on a new link would find nothing to resume.
    #[must_use]
    pub fn peer_holds_game(&self) -> bool {
        self.game.as_ref().is_some_and(|g| g.ending().is_none() && !g.moves().is_empty())
            && self.unacked.is_empty()
    }

    /// Whether the link is up.
    #[must_use]
    pub const fn is_connected(&self) -> bool {
        matches!(self.link, Link::Up { .. })
    }

    /// The transport (the driver fills and drains it).
    pub fn transport_mut(&mut self) -> &mut T {
        &mut self.transport
    }

    fn send(&mut self, message: Message, now: Instant) {
        self.last_sent = now;
        self.transport.send(message);
    }

    fn reject(&mut self, reason: RejectReason, ply: Option<u32>, detail: String, now: Instant) {
        let detail: String = detail.chars().take(100).collect();
        self.events.push(SessionEvent::Rejected { by: Refuser::Local, reason, ply, detail: detail.clone() });
        self.send(Message::Reject(Reject { reason, ply, detail }), now);
    }

    /// Processes everything the link delivered and the timers; returns the events since last time.
    pub fn poll(&mut self, now: Instant) -> Vec<SessionEvent> {
        while let Some(event) = self.transport.receive() {
            self.on_link(event, now);
        }
        self.on_timers(now);
        self.sign_if_over(now);
        self.signing_timers(now);
        std::mem::take(&mut self.events)
    }

    fn on_link(&mut self, event: LinkEvent, now: Instant) {
        match event {
            LinkEvent::Up { peer } => self.on_up(peer, now),
            LinkEvent::Down => self.on_down(now),
            LinkEvent::Message(message) => {
                if let Link::Up { peer_heard } = &mut self.link {
                    *peer_heard = now;
                }
                // What moves the game on (the peer's next move in its turn, the acknowledgement of
                // one of ours) is bounded by the game itself: it never counts as flooding. A fast
                // opponent, or our own lag that hands us a backlog at once, is not an attack.
                if !self.advances_game(&message) && self.flooded(now) {
                    return;
                }
                self.on_message(message, now);
            }
            LinkEvent::Malformed(error) => {
                if self.flooded(now) {
                    return;
                }
                let reason = match error {
                    tripot_protocol::FrameError::TooLarge(_) => RejectReason::TooLarge,
                    tripot_protocol::FrameError::FieldTooLong(_) => RejectReason::FieldTooLong,
                    tripot_protocol::FrameError::Malformed(_) => RejectReason::Malformed,
                    tripot_protocol::FrameError::Version(theirs) => {
                        self.refuse_version(theirs, now);
                        return;
                    }
                };
                self.reject(reason, None, error.to_string(), now);
                // A host in a handshake owes a stranger nothing more: the table is for the next.
                if self.role == Role::Host && self.game.is_none() {
                    self.abort(AbortCause::Refused(reason), now);
                }
            }
        }
    }

    /// Whether `message` is the peer's next move in its turn, or acknowledges a move of ours
    /// still waiting for it: at most one of each per move of ours.
    fn advances_game(&self, message: &Message) -> bool {
        match message {
            Message::Move(m) => self.game.as_ref().is_some_and(|g| {
                g.ending().is_none() && m.ply == g.ply() + 1 && g.state().to_move() == Some(g.peer_seat())
            }),
            Message::Ack { ply, .. } => self.unacked.iter().any(|(p, _)| p == ply),
            _ => false,
        }
    }

    /// Token bucket: `true` when the peer exceeded its rate (it is told once and disconnected).
    fn flooded(&mut self, now: Instant) -> bool {
        let limit = f64::from(self.config.flood_limit);
        let elapsed = now.saturating_duration_since(self.refilled).as_secs_f64();
        self.tokens = (self.tokens + elapsed * limit).min(limit);
        self.refilled = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            return false;
        }
        if self.is_connected() {
            self.reject(RejectReason::Flood, None, format!("more than {} messages per second", limit), now);
            self.abort(AbortCause::Refused(RejectReason::Flood), now);
        }
        true
    }

    /// Closes the link from this side.
    fn abort(&mut self, cause: AbortCause, now: Instant) {
        self.transport.close();
        self.link_lost(cause, now);
    }

    fn on_up(&mut self, peer: Vec<u8>, now: Instant) {
        self.peer.clone_from(&peer);
        self.peer_leaving = false;
        // A new link starts with a full allowance: a flood on the last one is no debt of this.
        self.tokens = f64::from(self.config.flood_limit);
        self.refilled = now;
        self.link = Link::Up { peer_heard: now };
        self.last_sent = now;
        self.unacked.clear();
        if !matches!(self.handshake, Handshake::Done) {
            self.handshake_since = Some(now);
        }
        match (&self.handshake, &self.game) {
            (Handshake::Done, Some(game)) => {
                let point = game.resume_point();
                self.send(Message::Resume(point), now);
            }
            (Handshake::Waiting, _) if self.role == Role::Guest => {
                // The guest speaks first: its hello carries its commitment for a possible draw.
                let draw = Draw::new(&mut self.rng, &peer, &self.local_id);
                let hello = self.hello(GameId([0; 16]), Some(draw.commitment()));
                self.send(Message::Hello(hello), now);
                self.handshake = Handshake::HelloSent { draw };
            }
            _ => {}
        }
    }

    fn on_down(&mut self, now: Instant) {
        self.link_lost(AbortCause::Left, now);
    }

    /// The link is gone, by the peer's doing or ours (`cause`).
    fn link_lost(&mut self, cause: AbortCause, now: Instant) {
        if matches!(self.link, Link::Down { .. }) {
            return;
        }
        // The guest saw our value and left before showing its own: it could be steering the
        // draw by trying again, so the draw is lost to it (see `opener_draw`).
        let draw_forfeited =
            self.role == Role::Host && matches!(self.handshake, Handshake::AwaitReveal { .. });
        if draw_forfeited {
            self.forfeits.insert(&self.peer);
        }
        self.handshake_since = None;
        let in_game = self.game.as_ref().is_some_and(|g| g.ending().is_none());
        self.link = Link::Down { since: now, announced_secs: 0, grace_told: !in_game };
        // The peer left before the rematch started: there is no rematch.
        self.cancel_rematch(Refuser::Peer);
        // Nor a signature of the finished game: a finished game is not reconnected for.
        self.give_up_signing();
        if self.game.is_some() {
            self.events.push(SessionEvent::PeerDisconnected);
        } else {
            // A handshake cut short starts again from scratch with whoever comes next.
            self.handshake = Handshake::Waiting;
            if self.role == Role::Host {
                self.events.push(SessionEvent::HandshakeAborted { cause, draw_forfeited });
            }
        }
    }

    /// Guest: the host refused our hello. A busy host is tried again, later each time, until
    /// [`RETRY_CAP`]; anything else ends the session.
    fn refused(&mut self, reason: RejectReason, detail: String, now: Instant) {
        let refusals = self.refusals.get_or_insert(Refusals { first: now, count: 0, retry_at: None });
        refusals.count += 1;
        let delay = Duration::from_secs(1)
            .saturating_mul(1 << refusals.count.saturating_sub(1).min(5))
            .min(RETRY_MAX_DELAY);
        let retry =
            reason.is_transient() && now.saturating_duration_since(refusals.first) + delay <= RETRY_CAP;
        refusals.retry_at = retry.then_some(now + delay);
        self.events.push(SessionEvent::Refused { reason, detail, retry_in: retry.then_some(delay) });
        self.abort(AbortCause::Refused(reason), now);
    }

    fn on_timers(&mut self, now: Instant) {
        match &mut self.link {
            Link::Up { peer_heard } => {
                let stalled = self.handshake_since.is_some_and(|since| {
                    now.saturating_duration_since(since) >= self.config.handshake_timeout
                });
                if now.saturating_duration_since(*peer_heard) >= self.config.peer_timeout || stalled {
                    self.abort(AbortCause::Silent, now);
                    return;
                }
                if now.saturating_duration_since(self.last_sent) >= self.config.keep_alive {
                    self.keep_alive_seq = self.keep_alive_seq.wrapping_add(1);
                    self.send(Message::KeepAlive { seq: self.keep_alive_seq }, now);
                }
            }
            Link::Down { since, announced_secs, grace_told } => {
                if self.game.as_ref().is_none_or(|g| g.ending().is_some()) {
                    return;
                }
                let waited = now.saturating_duration_since(*since);
                if waited.as_secs() > *announced_secs {
                    *announced_secs = waited.as_secs();
                    self.events.push(SessionEvent::Reconnecting { waited });
                }
                if !*grace_told && waited >= self.config.grace {
                    *grace_told = true;
                    self.events.push(SessionEvent::GraceExpired { waited });
                }
            }
        }
    }

    /// The offer the next game is played on: the rematch agreed, or the table's.
    fn current_offer(&self) -> Option<Offer> {
        self.rematch.agreed().or_else(|| self.offer.clone())
    }

    fn hello(&self, game_id: GameId, commitment: Option<Commitment>) -> Hello {
        self.hello_of(self.current_offer(), game_id, commitment)
    }

    /// The host's hello for a game played on `offer` (which may differ from the table's).
    fn hello_with(&self, offer: Offer, game_id: GameId, commitment: Option<Commitment>) -> Hello {
        self.hello_of(Some(offer), game_id, commitment)
    }

    fn hello_of(&self, offer: Option<Offer>, game_id: GameId, commitment: Option<Commitment>) -> Hello {
        let (table, opens) = match offer {
            Some(offer) => (Some(TableSpec { game: offer.game, seats: SEATS }), offer.opens),
            None => (None, Opens::Random),
        };
        Hello {
            protocol: PROTOCOL_VERSION,
            app: env!("CARGO_PKG_VERSION").to_owned(),
            game_id,
            role: self.role,
            table,
            place: Place::Seat(seat_of(self.role)),
            opens,
            name: self.config.name.chars().take(tripot_protocol::MAX_NAME / 4).collect(),
            commitment,
        }
    }

    fn on_message(&mut self, message: Message, now: Instant) {
        match message {
            Message::Hello(hello) => self.on_hello(hello, now),
            Message::Reveal { value } => self.on_reveal(value, now),
            Message::Move(m) => self.on_move(m, now),
            Message::Ack { ply, hash } => self.on_ack(ply, hash, now),
            Message::Resign { ply } => self.on_resign(ply, now),
            Message::Resume(point) => self.on_resume(point, now),
            Message::KeepAlive { .. } => {}
            Message::Reject(reject) => self.on_reject(reject, now),
            Message::RematchOffer { game_id } => self.on_rematch_offer(game_id, now),
            Message::RematchAnswer { accept } => self.on_rematch_answer(accept, now),
            Message::Leaving => self.on_leaving(),
            Message::ResultSigned(signature) => self.on_result_signed(signature, now),
            Message::ResultDeclined { game_id } => self.on_result_declined(game_id, now),
            Message::Query | Message::Listing { .. } => {
                self.reject(RejectReason::Unexpected, None, format!("{} during a game", message.kind()), now);
            }
        }
    }

    /// A hello of another protocol version (read whole, or only its version): refused, and
    /// the link closed; a guest gives up.
    fn refuse_version(&mut self, theirs: u16, now: Instant) {
        self.reject(
            RejectReason::Version,
            None,
            format!("protocol {PROTOCOL_VERSION} here, {theirs} there"),
            now,
        );
        if self.role == Role::Guest {
            self.refused(RejectReason::Version, format!("the host speaks protocol {theirs}"), now);
        } else {
            self.abort(AbortCause::Refused(RejectReason::Version), now);
        }
    }

    /// Refuses terms this side cannot play (a game it does not know, seats, a spectator).
    fn refuse_terms(&mut self, detail: String, now: Instant) {
        self.reject(RejectReason::Unsupported, None, detail.clone(), now);
        if self.role == Role::Guest {
            self.refused(RejectReason::Unsupported, detail, now);
        } else {
            self.abort(AbortCause::Refused(RejectReason::Unsupported), now);
        }
    }

    fn on_hello(&mut self, hello: Hello, now: Instant) {
        if hello.protocol != PROTOCOL_VERSION {
            self.refuse_version(hello.protocol, now);
            return;
        }
        let expected_place =
            Place::Seat(seat_of(if self.role == Role::Host { Role::Guest } else { Role::Host }));
        if hello.place != expected_place {
            self.refuse_terms(format!("{:?}: two seats, no spectators", hello.place), now);
            return;
        }
        let peer_id = self.peer_id_hint();
        match (self.role, std::mem::replace(&mut self.handshake, Handshake::Waiting)) {
            (Role::Host, Handshake::Waiting) if hello.role == Role::Guest => {
                if self.rematch.agreed().is_some() && hello.game_id != self.game_id {
                    self.reject(
                        RejectReason::UnknownGame,
                        None,
                        format!("the rematch is {}", self.game_id),
                        now,
                    );
                    return;
                }
                let Some(mut offer) = self.current_offer() else { return };
                if offer.opens == Opens::Random && self.forfeits.contains(&peer_id) {
                    // This guest left a draw here after our reveal: this game opens with us.
                    // (A rematch with a new draw is declined before it gets here.)
                    tracing::info!("a guest that left a draw is back: the host opens, no draw");
                    offer.opens = Opens::Host;
                    self.offer = Some(offer.clone());
                }
                let peer_commitment = match (hello.commitment, offer.opens) {
                    (Some(commitment), Opens::Random) => commitment,
                    (None, Opens::Random) => {
                        let detail = "the host offers a random draw: send a commitment".into();
                        self.reject(RejectReason::NoCommitment, None, detail, now);
                        self.abort(AbortCause::Refused(RejectReason::NoCommitment), now);
                        return;
                    }
                    (_, opens) => {
                        let opener = if opens == Opens::Guest { Seat(1) } else { Seat(0) };
                        let Some(game) = self.new_game(&offer, opener, hello.name, peer_id, now) else {
                            return;
                        };
                        let reply = self.hello_with(offer, self.game_id, None);
                        self.send(Message::Hello(reply), now);
                        self.start(game);
                        return;
                    }
                };
                let Some(pending) = self.new_game(&offer, Seat(0), hello.name, peer_id.clone(), now) else {
                    return;
                };
                let pending = Box::new(pending);
                let draw = Draw::new(&mut self.rng, &self.local_id, &peer_id);
                let reply = self.hello(self.game_id, Some(draw.commitment()));
                self.send(Message::Hello(reply), now);
                self.send(Message::Reveal { value: draw.value() }, now);
                self.handshake = Handshake::AwaitReveal {
                    pending,
                    draw,
                    peer_commitment,
                    host_id: self.local_id.clone(),
                    guest_id: peer_id,
                };
            }
            (Role::Guest, Handshake::HelloSent { draw }) if hello.role == Role::Host => {
                let Some(table) = hello.table.clone().filter(|t| t.seats == SEATS) else {
                    self.refuse_terms(format!("{:?}: a game of two seats", hello.table), now);
                    return;
                };
                let offer = Offer { game: table.game, opens: hello.opens };
                if let Some(agreed) = self.rematch.agreed() {
                    // A rematch keeps the format and rules, and the opener follows the first
                    // game's choice: the host cannot pick anything else now.
                    if offer != agreed || hello.game_id != self.game_id {
                        self.reject(RejectReason::Unexpected, None, "not the rematch agreed".into(), now);
                        self.cancel_rematch(Refuser::Local);
                        return;
                    }
                } else {
                    self.game_id = hello.game_id;
                    self.offer = Some(offer.clone());
                }
                match (hello.opens, hello.commitment) {
                    (Opens::Random, Some(peer_commitment)) => {
                        let Some(pending) = self.new_game(&offer, Seat(0), hello.name, peer_id.clone(), now)
                        else {
                            return;
                        };
                        let pending = Box::new(pending);
                        self.handshake = Handshake::AwaitReveal {
                            pending,
                            draw,
                            peer_commitment,
                            host_id: peer_id,
                            guest_id: self.local_id.clone(),
                        };
                    }
                    (Opens::Random, None) => {
                        let detail = "the host's random draw has no commitment".to_owned();
                        self.reject(RejectReason::NoCommitment, None, detail.clone(), now);
                        self.refused(RejectReason::NoCommitment, detail, now);
                    }
                    (opens, _) => {
                        let opener = if opens == Opens::Guest { Seat(1) } else { Seat(0) };
                        if let Some(game) = self.new_game(&offer, opener, hello.name, peer_id, now) {
                            self.start(game);
                        }
                    }
                }
            }
            (_, previous) => {
                self.handshake = previous;
                self.reject(RejectReason::Unexpected, None, "hello out of place".into(), now);
            }
        }
    }

    /// The peer id as bound into the draw: what the last `Up` said.
    fn peer_id_hint(&self) -> Vec<u8> {
        self.peer.clone()
    }

    /// The game `offer` names, opened by `opener` (the host's seat, `Seat(0)`, or the guest's);
    /// `None` (the terms refused, the link closed) when this side cannot play it.
    ///
    /// Where the rules name the first mover (`GameInfo::opener_fixed`: draughts, White
    /// begins), the side that would open sits at that seat instead: the draw, the host's choice
    /// and the rematch's swap decide the colours, as seed 001 wants, and the game opens as its
    /// rules say.
    fn new_game(
        &mut self,
        offer: &Offer,
        opener: Seat,
        peer_name: String,
        peer_id: Vec<u8>,
        now: Instant,
    ) -> Option<OnlineGame> {
        let fixed = tripot_game::catalogue::find(&offer.game).is_some_and(|info| info.opener_fixed);
        let setup = Setup { opener: (!fixed).then_some(opener), position: None };
        let state = match (self.config.open_game)(&offer.game, &setup) {
            Ok(state) if state.seat_count() == SEATS => state,
            Ok(state) => {
                self.refuse_terms(
                    format!("{} has {} seats, not {SEATS}", offer.game, state.seat_count()),
                    now,
                );
                return None;
            }
            Err(error) => {
                self.refuse_terms(error.to_string(), now);
                return None;
            }
        };
        let peer_name = peer_name.chars().take(tripot_protocol::MAX_NAME / 4).collect();
        let game =
            OnlineGame::new(self.game_id, self.role, state, self.config.name.clone(), peer_name, peer_id);
        if !fixed {
            return Some(game);
        }
        // The side that opens sits where the game opens; the other at the other seat.
        let first = game.state().opener();
        let local = if opener == seat_of(self.role) { first } else { Seat(1 - first.0) };
        Some(game.seated_at(local))
    }

    fn start(&mut self, game: OnlineGame) {
        if self.rematch.agreed().is_some() {
            self.rematch = Rematch::Idle;
            self.number += 1;
            self.events.push(SessionEvent::RematchStarted {
                game_id: game.game_id,
                number: self.number,
                opener: game.opener(),
            });
        }
        self.events.push(SessionEvent::Connected {
            game_id: game.game_id,
            game: game.spec().clone(),
            local_seat: game.local_seat(),
            opener: game.opener(),
            peer_name: game.peer_name.clone(),
            ply: game.ply(),
            state: GameSnapshot(game.state().clone_box()),
        });
        self.game = Some(game);
        self.handshake = Handshake::Done;
        self.handshake_since = None;
        self.refusals = None;
    }

    fn on_reveal(&mut self, value: [u8; 32], now: Instant) {
        let Handshake::AwaitReveal { pending, draw, peer_commitment, host_id, guest_id } =
            std::mem::replace(&mut self.handshake, Handshake::Waiting)
        else {
            self.reject(RejectReason::Unexpected, None, "reveal out of place".into(), now);
            return;
        };
        if !opener_draw::verify(&peer_commitment, &value, &host_id, &guest_id) {
            let detail = "the revealed value does not match its commitment".to_owned();
            self.reject(RejectReason::BadReveal, None, detail.clone(), now);
            if self.role == Role::Guest {
                // A host whose draw does not verify is not one to play with.
                self.refused(RejectReason::BadReveal, detail, now);
            } else {
                // Still the guest's draw to lose: it saw our value (`link_lost` notes it).
                self.handshake = Handshake::AwaitReveal { pending, draw, peer_commitment, host_id, guest_id };
                self.abort(AbortCause::Refused(RejectReason::BadReveal), now);
            }
            return;
        }
        if self.role == Role::Guest {
            self.send(Message::Reveal { value: draw.value() }, now);
        }
        let (host_value, guest_value) =
            if self.role == Role::Host { (draw.value(), value) } else { (value, draw.value()) };
        let opener = seat_of(opener_draw::opener(&host_value, &guest_value));
        let offer = Offer { game: pending.spec().clone(), opens: Opens::Random };
        let (peer_name, peer_id) = (pending.peer_name, pending.peer_id);
        if let Some(game) = self.new_game(&offer, opener, peer_name, peer_id, now) {
            self.start(game);
        }
    }

    fn on_move(&mut self, m: MoveMsg, now: Instant) {
        let Some(game) = &self.game else {
            self.reject(RejectReason::Unexpected, Some(m.ply), "no game yet".into(), now);
            return;
        };
        if game.ending().is_some() {
            self.reject(RejectReason::GameOver, Some(m.ply), "the game is over".into(), now);
            return;
        }
        let expected = game.ply() + 1;
        if m.ply != expected {
            self.reject(RejectReason::WrongPly, Some(m.ply), format!("expected ply {expected}"), now);
            return;
        }
        let peer_seat = game.peer_seat();
        if m.seat != peer_seat || game.state().to_move() != Some(peer_seat) {
            self.reject(RejectReason::OutOfTurn, Some(m.ply), "it is not your turn".into(), now);
            return;
        }
        // The game's own verifier, on a copy: a move whose hash differs changes nothing here.
        let mut after = game.state().clone_box();
        let verified = after.parse_move(&m.path).and_then(|mv| after.play_as(peer_seat, &mv).map(|()| mv));
        let game_move = match verified {
            Ok(game_move) => game_move,
            Err(why) => {
                // A move the game refuses is a forfeit: an honest client never sends one.
                let detail = format!("{}: {why}", m.path.chars().take(40).collect::<String>());
                self.reject(RejectReason::IllegalMove, Some(m.ply), detail.clone(), now);
                self.seat_leaves(peer_seat, Leaving::Forfeited, Some(detail));
                return;
            }
        };
        if after.hash() != m.hash {
            self.reject(
                RejectReason::HashMismatch,
                Some(m.ply),
                format!("hash {:016x} here, {:016x} there", after.hash(), m.hash),
                now,
            );
            return;
        }
        let Some(game) = &mut self.game else { return };
        if let Err(why) = game.play(peer_seat, &game_move) {
            // Verified on the copy just now: the same game cannot refuse it.
            tracing::error!("a verified move refused: {why}");
            return;
        }
        let text = game.state().move_text(&game_move);
        let (hash, ending) = (game.hash(), game.ending().cloned());
        let state = GameSnapshot(game.state().clone_box());
        self.send(Message::Ack { ply: m.ply, hash }, now);
        self.events.push(SessionEvent::MoveReceived {
            ply: m.ply,
            seat: peer_seat,
            game_move,
            text,
            hash,
            state,
        });
        if let Some(ending) = ending {
            self.events.push(SessionEvent::GameOver(ending));
        }
    }

    /// `seat` leaves the game (`how`); the game's end is announced if it ends now.
    fn seat_leaves(&mut self, seat: Seat, how: Leaving, forfeit: Option<String>) {
        if let Some(game) = &mut self.game
            && game.ending().is_none()
        {
            game.leave(seat, how, forfeit);
            if let Some(ending) = game.ending() {
                self.events.push(SessionEvent::GameOver(ending.clone()));
            }
        }
    }

    fn on_ack(&mut self, ply: u32, hash: u64, now: Instant) {
        let Some(game) = &self.game else { return };
        if game.hash_at(ply) != Some(hash) {
            self.events.push(SessionEvent::Rejected {
                by: Refuser::Local,
                reason: RejectReason::HashMismatch,
                ply: Some(ply),
                detail: "acknowledgement with a different hash".into(),
            });
            return;
        }
        if let Some(index) = self.unacked.iter().position(|&(p, _)| p == ply) {
            let (_, sent) = self.unacked.remove(index);
            self.events.push(SessionEvent::MoveAcknowledged {
                ply,
                round_trip: now.saturating_duration_since(sent),
            });
        }
    }

    fn on_resign(&mut self, ply: u32, now: Instant) {
        let Some(game) = &self.game else {
            self.reject(RejectReason::Unexpected, None, "no game yet".into(), now);
            return;
        };
        if game.ending().is_some() {
            return;
        }
        let _ = ply;
        let peer_seat = game.peer_seat();
        self.seat_leaves(peer_seat, Leaving::Resigned, None);
    }

    fn on_reject(&mut self, reject: Reject, now: Instant) {
        // The host refused our hello: try again later, or give up.
        if self.role == Role::Guest
            && self.game.is_none()
            && matches!(self.handshake, Handshake::HelloSent { .. } | Handshake::AwaitReveal { .. })
        {
            let detail: String = reject.detail.chars().take(100).collect();
            self.events.push(SessionEvent::Rejected {
                by: Refuser::Peer,
                reason: reject.reason,
                ply: reject.ply,
                detail: detail.clone(),
            });
            // Our own hello is never malformed: a host that cannot read it speaks another
            // version of the protocol (protocol 1 hosts decode a newer hello as garbage).
            if reject.reason == RejectReason::Malformed {
                let detail = format!("the host cannot read a hello of protocol {PROTOCOL_VERSION}: {detail}");
                self.refused(RejectReason::Version, detail, now);
                return;
            }
            self.refused(reject.reason, detail, now);
            return;
        }
        // Our reveal never reached the host (the link broke right after its own): it holds no
        // game, we hold one with no move. Drop it and shake hands again.
        if self.role == Role::Guest
            && reject.reason == RejectReason::UnknownGame
            && self.number == 1
            && self.game.as_ref().is_some_and(|g| g.moves().is_empty() && g.ending().is_none())
        {
            self.game = None;
            self.handshake = Handshake::Waiting;
            self.events.push(SessionEvent::Rejected {
                by: Refuser::Peer,
                reason: reject.reason,
                ply: reject.ply,
                detail: reject.detail.chars().take(100).collect(),
            });
            self.abort(AbortCause::Left, now);
            return;
        }
        // A claimed game: the peer ended it while we were away.
        let claimed = reject.reason == RejectReason::Claimed
            || (reject.reason == RejectReason::GameOver && reject.detail == LEGACY_CLAIMED);
        if claimed && let Some(game) = &self.game {
            let local_seat = game.local_seat();
            self.seat_leaves(local_seat, Leaving::Abandoned, None);
        }
        // Between games, an offer is all we send that the peer can refuse this way (e.g. its
        // game is not over: it missed our last move): the offer is void.
        if matches!(self.rematch, Rematch::Offered(_))
            && matches!(reject.reason, RejectReason::Unexpected | RejectReason::UnknownGame)
        {
            self.cancel_rematch(Refuser::Peer);
        }
        self.events.push(SessionEvent::Rejected {
            by: Refuser::Peer,
            reason: reject.reason,
            ply: reject.ply,
            detail: reject.detail.chars().take(100).collect(),
        });
    }

    fn on_resume(&mut self, point: ResumePoint, now: Instant) {
        let Some(game) = &self.game else {
            self.reject(RejectReason::UnknownGame, None, "no game to resume".into(), now);
            // Nothing to resume here: the table is for someone with a hello.
            if self.role == Role::Host {
                self.abort(AbortCause::Refused(RejectReason::UnknownGame), now);
            }
            return;
        };
        if point.game_id != game.game_id {
            self.reject(RejectReason::UnknownGame, None, format!("playing {}", game.game_id), now);
            return;
        }
        let ours = game.ply();
        let common = point.ply.min(ours);
        if point.ply <= ours && game.hash_at(point.ply) != Some(point.hash) {
            self.reject(RejectReason::HashMismatch, Some(point.ply), "the games differ".into(), now);
            return;
        }
        let replay = moves_since(game, point.ply);
        let left = game.ending().and_then(crate::online_game::Ending::left);
        let (local_seat, peer_seat) = (game.local_seat(), game.peer_seat());
        let replayed = u32::try_from(replay.len()).unwrap_or(u32::MAX);
        for m in replay {
            self.unacked.push((m.ply, now));
            self.send(Message::Move(m), now);
        }
        match left {
            // We resigned while the peer was away: tell it now.
            Some((seat, Leaving::Resigned)) if seat == local_seat => {
                self.send(Message::Resign { ply: ours }, now);
            }
            // We claimed the game while the peer was away: tell it now.
            Some((seat, Leaving::Abandoned)) if seat == peer_seat => {
                let reject = Reject { reason: RejectReason::Claimed, ply: None, detail: String::new() };
                self.send(Message::Reject(reject), now);
            }
            _ => {}
        }
        self.events.push(SessionEvent::Resumed { common_ply: common, replayed });
    }

    /// Plays a local move: verified by the game, applied, sent to the peer (or queued for the
    /// resume exchange when the link is down).
    ///
    /// # Errors
    /// [`LocalError`] when there is no game, it is over, it is not our turn, or the move is illegal.
    pub fn play(&mut self, game_move: &GameMove, now: Instant) -> Result<(), LocalError> {
        let game = self.game.as_mut().ok_or(LocalError::NotStarted)?;
        if game.ending().is_some() {
            return Err(LocalError::Over);
        }
        let seat = game.local_seat();
        if game.state().to_move() != Some(seat) {
            return Err(LocalError::NotYourTurn);
        }
        game.play(seat, game_move)?;
        let (ply, hash) = (game.ply(), game.hash());
        let text = game.state().move_text(game_move);
        let ending = game.ending().cloned();
        let state = GameSnapshot(game.state().clone_box());
        if self.is_connected() {
            self.unacked.push((ply, now));
            self.send(Message::Move(MoveMsg { ply, seat, path: text.clone(), hash }), now);
        }
        self.events.push(SessionEvent::MoveSent {
            ply,
            seat,
            game_move: game_move.clone(),
            text,
            hash,
            state,
        });
        if let Some(ending) = ending {
            self.events.push(SessionEvent::GameOver(ending));
        }
        self.sign_if_over(now);
        Ok(())
    }

    /// Plays a local move written as the game writes moves (`m1-m3-k5`, `j4-j5`, `pass`).
    ///
    /// # Errors
    /// As [`Session::play`]; the game's refusal of the text.
    pub fn play_text(&mut self, text: &str, now: Instant) -> Result<(), LocalError> {
        let game = self.game.as_ref().ok_or(LocalError::NotStarted)?;
        // Before reading the move: a game that is over refuses every text, and a move that
        // crossed the peer's resignation must say `Over`, not the game's own refusal.
        if game.ending().is_some() {
            return Err(LocalError::Over);
        }
        let game_move = game.state().parse_move(text)?;
        self.play(&game_move, now)
    }

    /// Resigns the game.
    ///
    /// # Errors
    /// [`LocalError::NotStarted`] or [`LocalError::Over`].
    pub fn resign(&mut self, now: Instant) -> Result<(), LocalError> {
        let game = self.game.as_ref().ok_or(LocalError::NotStarted)?;
        if game.ending().is_some() {
            return Err(LocalError::Over);
        }
        let (ply, seat) = (game.ply(), game.local_seat());
        self.seat_leaves(seat, Leaving::Resigned, None);
        if self.is_connected() {
            self.send(Message::Resign { ply }, now);
        }
        self.sign_if_over(now);
        Ok(())
    }

    /// Claims the game after the grace period, while the opponent is still away.
    ///
    /// # Errors
    /// [`LocalError::CannotClaim`] before the grace period or while the peer is connected.
    pub fn claim(&mut self, now: Instant) -> Result<(), LocalError> {
        let game = self.game.as_ref().ok_or(LocalError::NotStarted)?;
        if game.ending().is_some() {
            return Err(LocalError::Over);
        }
        match self.link {
            Link::Down { since, .. } if now.saturating_duration_since(since) >= self.config.grace => {
                let peer_seat = game.peer_seat();
                self.seat_leaves(peer_seat, Leaving::Abandoned, None);
                // The peer is gone: nothing of ours waits for its acknowledgement any more.
                self.unacked.clear();
                Ok(())
            }
            _ => Err(LocalError::CannotClaim),
        }
    }

    /// Takes the events produced by local actions since the last poll.
    pub fn take_events(&mut self) -> Vec<SessionEvent> {
        std::mem::take(&mut self.events)
    }
}

/// The moves after the first `from`, as the wire carries them (for a peer that holds only those):
/// each with the seat that played it and the hash after it.
fn moves_since(game: &OnlineGame, from: u32) -> Vec<MoveMsg> {
    let mut replayed = game.start();
    let mut out = Vec::new();
    for (ply, m) in (1..).zip(game.moves()) {
        let Some(seat) = replayed.to_move() else { break };
        if ply > from
            && let Some(hash) = game.hash_at(ply)
        {
            out.push(MoveMsg { ply, seat, path: game.state().move_text(m), hash });
        }
        if replayed.play(m).is_err() {
            break;
        }
    }
    out
}

/// How peers before [`RejectReason::Claimed`] told a returning peer its game was claimed: a
/// `GameOver` refusal with this detail. Still understood.
const LEGACY_CLAIMED: &str = "claimed";

#[cfg(test)]
mod tests;
