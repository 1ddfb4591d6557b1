//! The end-of-game signatures for the ratings: each human seat signs the game's result with its
//! identity key and the peers exchange their signatures.
//!
//! Both sides build the result from their own verified game ([`crate::rated_result`]); only the
//! finishing time is one side's word, so the host's signature comes first and names it
//! ([`Message::ResultSigned`]); the guest takes that time if its own clock agrees within
//! [`CLOCK_TOLERANCE`], checks the host's signature over the result *it* built, signs it and
//! answers with its own. A signature that does not verify over our result (forged, made for
//! another game, reused from an earlier one) is refused with [`RejectReason::BadSignature`].
//! A side without a signer (a guest key, a computer at its seat) says so with
//! [`Message::ResultDeclined`], and the game is not rated. A rematch signs its own game.

use std::time::{Duration, Instant};

use libp2p::PeerId;
use libp2p::identity::Keypair;
use tripot_protocol::{GameId, Message, RejectReason, ResultSignature, Role};
use tripot_ratings_wire::{GameResult, Signature, SignedResult, inlined_ed25519_key};

use super::Session;
use crate::event::{SessionEvent, UnsignedCause};
use crate::rated_result::result_of;
use crate::transport::Transport;

/// Furthest the host's finishing time may be from the guest's clock (the relay allows ten
/// minutes ahead of its own).
pub const CLOCK_TOLERANCE: u64 = 10 * 60;

/// How long a side waits for the other's signature once the game is over.
pub const SIGNING_TIME: Duration = Duration::from_secs(30);

/// What a session signs results with: the player's persistent identity key, and the wall clock
/// that dates a finished game.
#[derive(Debug, Clone)]
pub struct ResultSigner {
    /// The player's identity key (never a guest's key of one game: such a player signs nothing).
    pub key: Keypair,
    /// Seconds since 1970 UTC now.
    pub wall_clock: fn() -> u64,
}

impl ResultSigner {
    /// Signs with `key`, dated by the system clock.
    #[must_use]
    pub fn new(key: Keypair) -> ResultSigner {
        ResultSigner { key, wall_clock: system_clock }
    }
}

/// Seconds since 1970 UTC by the system clock.
#[must_use]
pub fn system_clock() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// Where the exchange of the last finished game stands.
#[derive(Debug, Clone, Default)]
pub(super) enum Exchange {
    /// No game finished since the last exchange.
    #[default]
    Idle,
    /// Host: our signature of `result` is sent; waiting for the guest's.
    Sent { result: Box<GameResult>, ours: Signature, since: Instant },
    /// Guest: waiting for the host's signature of `game_id`.
    Awaiting { game_id: GameId, since: Instant },
    /// The game's exchange ended (signed, declined, given up).
    Over { game_id: GameId },
}

impl Exchange {
    fn game_id(&self) -> Option<GameId> {
        match self {
            Exchange::Idle => None,
            Exchange::Sent { result, .. } => Some(GameId(result.game_id)),
            Exchange::Awaiting { game_id, .. } | Exchange::Over { game_id } => Some(*game_id),
        }
    }

    /// Whether a signature is still awaited.
    pub(super) const fn pending(&self) -> bool {
        matches!(self, Exchange::Sent { .. } | Exchange::Awaiting { .. })
    }
}

impl<T: Transport> Session<T> {
    /// Once the current game is over and the peer is here, starts its exchange: the host signs
    /// first, a side without a signer declines. Called after every step that may end a game.
    pub(super) fn sign_if_over(&mut self, now: Instant) {
        let Some(game) = &self.game else { return };
        let game_id = game.game_id;
        if game.ending().is_none() || !self.is_connected() || self.signing.game_id() == Some(game_id) {
            return;
        }
        let Some(signer) = self.config.signer.clone() else {
            self.signing = Exchange::Over { game_id };
            self.send(Message::ResultDeclined { game_id }, now);
            return;
        };
        if self.role == Role::Guest {
            self.signing = Exchange::Awaiting { game_id, since: now };
            return;
        }
        let signed = result_of(game, signer.key.public().to_peer_id(), (signer.wall_clock)())
            .map_err(|e| e.to_string())
            .and_then(|result| Ok((result.sign(&signer.key).map_err(|e| e.to_string())?, result)));
        match signed {
            Ok((ours, result)) => {
                let message = ResultSignature {
                    game_id,
                    finished_unix: result.finished_unix,
                    signature: ours.sig.clone(),
                };
                self.signing = Exchange::Sent { result: Box::new(result), ours, since: now };
                self.send(Message::ResultSigned(message), now);
            }
            Err(why) => {
                tracing::warn!("no result to sign for {game_id}: {why}");
                self.signing = Exchange::Over { game_id };
                self.send(Message::ResultDeclined { game_id }, now);
            }
        }
    }

    /// The peer's signature of a result.
    pub(super) fn on_result_signed(&mut self, theirs: ResultSignature, now: Instant) {
        // The host's signature comes in the same batch as its move that ended the game here.
        self.sign_if_over(now);
        match std::mem::take(&mut self.signing) {
            Exchange::Sent { result, ours, since } => {
                if theirs.game_id != GameId(result.game_id) {
                    self.signing = Exchange::Sent { result, ours, since };
                    self.refuse_signature(format!("a signature for game {}", theirs.game_id), now);
                    return;
                }
                if theirs.finished_unix != result.finished_unix {
                    self.signing = Exchange::Sent { result, ours, since };
                    self.refuse_signature("a signature with another finishing time".into(), now);
                    return;
                }
                let game_id = theirs.game_id;
                match self.verified(&result, theirs.signature) {
                    Ok(peer) => {
                        self.signing = Exchange::Over { game_id };
                        let signed = SignedResult { result: *result, signatures: vec![ours, peer] };
                        self.events.push(SessionEvent::ResultSigned(Box::new(signed)));
                    }
                    Err(detail) => {
                        self.signing = Exchange::Sent { result, ours, since };
                        self.refuse_signature(detail, now);
                    }
                }
            }
            Exchange::Awaiting { game_id, since } if theirs.game_id == game_id => {
                self.signing = Exchange::Awaiting { game_id, since };
                self.answer_host(theirs, now);
            }
            Exchange::Awaiting { game_id, since } => {
                self.signing = Exchange::Awaiting { game_id, since };
                self.refuse_signature(format!("a signature for game {}", theirs.game_id), now);
            }
            other => {
                // The signer-less side declined already; anything else is out of place.
                let declined = matches!(other, Exchange::Over { game_id } if game_id == theirs.game_id)
                    && self.config.signer.is_none();
                self.signing = other;
                if !declined {
                    self.reject(RejectReason::Unexpected, None, "a signature out of place".into(), now);
                }
            }
        }
    }

    /// Guest: the host's signature of the current game's result, dated by the host.
    fn answer_host(&mut self, theirs: ResultSignature, now: Instant) {
        let (Some(signer), Some(game)) = (self.config.signer.clone(), &self.game) else { return };
        let ours_now = (signer.wall_clock)();
        if theirs.finished_unix.abs_diff(ours_now) > CLOCK_TOLERANCE {
            self.refuse_signature(format!("finished at {} here it is {ours_now}", theirs.finished_unix), now);
            return;
        }
        let result = match result_of(game, signer.key.public().to_peer_id(), theirs.finished_unix) {
            Ok(result) => result,
            Err(why) => {
                self.refuse_signature(why.to_string(), now);
                return;
            }
        };
        let host = match self.verified(&result, theirs.signature) {
            Ok(host) => host,
            Err(detail) => {
                self.refuse_signature(detail, now);
                return;
            }
        };
        let ours = match result.sign(&signer.key) {
            Ok(ours) => ours,
            Err(why) => {
                tracing::warn!("cannot sign the result: {why}");
                return;
            }
        };
        let game_id = theirs.game_id;
        self.signing = Exchange::Over { game_id };
        let message =
            ResultSignature { game_id, finished_unix: result.finished_unix, signature: ours.sig.clone() };
        self.send(Message::ResultSigned(message), now);
        let signed = SignedResult { result, signatures: vec![host, ours] };
        self.events.push(SessionEvent::ResultSigned(Box::new(signed)));
    }

    /// The peer's signature `sig` of `result`, if it verifies with the key its peer id inlines.
    fn verified(&self, result: &GameResult, sig: Vec<u8>) -> Result<Signature, String> {
        let peer = self
            .game
            .as_ref()
            .and_then(|g| PeerId::from_bytes(&g.peer_id).ok())
            .ok_or_else(|| String::from("the opponent has no peer id"))?;
        let key =
            inlined_ed25519_key(&peer).ok_or_else(|| String::from("the opponent's key is not ed25519"))?;
        let bytes = result.signing_bytes().map_err(|e| e.to_string())?;
        if !key.verify(&bytes, &sig) {
            return Err(String::from("the signature does not verify over this game's result"));
        }
        Ok(Signature { peer_id: peer, sig })
    }

    fn refuse_signature(&mut self, detail: String, now: Instant) {
        self.reject(RejectReason::BadSignature, None, detail, now);
    }

    /// The peer signs nothing for `game_id`.
    pub(super) fn on_result_declined(&mut self, game_id: GameId, now: Instant) {
        // The peer's word may come in the same batch as the move that ended the game here.
        self.sign_if_over(now);
        if self.signing.game_id() != Some(game_id) {
            self.reject(RejectReason::Unexpected, None, "a declined result out of place".into(), now);
            return;
        }
        if self.signing.pending() {
            self.signing = Exchange::Over { game_id };
            self.events.push(SessionEvent::ResultUnsigned(UnsignedCause::PeerDeclined));
        }
    }

    /// Gives up a pending exchange (the link is gone).
    pub(super) fn give_up_signing(&mut self) {
        if self.signing.pending()
            && let Some(game_id) = self.signing.game_id()
        {
            self.signing = Exchange::Over { game_id };
            self.events.push(SessionEvent::ResultUnsigned(UnsignedCause::NoAnswer));
        }
    }

    /// Gives up an exchange that waited [`SIGNING_TIME`].
    pub(super) fn signing_timers(&mut self, now: Instant) {
        let since = match &self.signing {
            Exchange::Sent { since, .. } | Exchange::Awaiting { since, .. } => *since,
            Exchange::Idle | Exchange::Over { .. } => return,
        };
        if now.saturating_duration_since(since) >= SIGNING_TIME
            && let Some(game_id) = self.signing.game_id()
        {
            self.signing = Exchange::Over { game_id };
            self.events.push(SessionEvent::ResultUnsigned(UnsignedCause::NoAnswer));
        }
    }
}
