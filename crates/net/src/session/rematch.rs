//! Rematches: once a game is over, either side offers another on the same link.
//!
//! The offerer names a fresh game id ([`Message::RematchOffer`]); the other side answers
//! ([`Message::RematchAnswer`]). On acceptance both sides run the handshake of a new game over
//! the link they already have (the guest's hello, the host's, and the commit–reveal draw when
//! the host's first choice was `random`), with the same game; otherwise the opener
//! is the one who did not open the game before. The old messages suffice, so peers of the same
//! protocol version that predate rematches simply decline every offer.
//!
//! Refused: an offer during a game, a second offer while one waits, an answer without an offer.
//! Two offers that cross (each side offered before seeing the other's) count as accepted, with
//! the host's game id: both sides reach that conclusion alone, and only one game starts.

use std::path::{Path, PathBuf};
use std::time::Instant;

use tripot_protocol::{GameId, Message, Opens, RejectReason, Role};

use super::{Handshake, LocalError, Offer, Session};
use crate::event::{Refuser, SessionEvent};
use crate::opener_draw::Draw;
use crate::transport::Transport;

/// Where a rematch stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Rematch {
    /// Nothing offered.
    Idle,
    /// We offered this game; waiting for the answer.
    Offered(GameId),
    /// The peer offered this game; waiting for the local player's answer.
    Received(GameId),
    /// Both agreed: the new game's handshake runs with this offer (its `opens` is this game's).
    Agreed(Offer),
}

impl Rematch {
    /// The new game's set-up, once both sides agreed.
    pub(super) fn agreed(&self) -> Option<Offer> {
        match self {
            Rematch::Agreed(offer) => Some(offer.clone()),
            _ => None,
        }
    }
}

/// Where the record of game number `number` of a session goes: the first at `first`, the next
/// ones beside it with the number before the extension (`game.tripot`, `game-2.tripot`, …), so
/// that a finished game's save is never overwritten.
#[must_use]
pub fn rematch_save_path(first: &Path, number: u32) -> PathBuf {
    if number <= 1 {
        return first.to_path_buf();
    }
    let stem = first.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let name = match first.extension() {
        Some(ext) => format!("{stem}-{number}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{number}"),
    };
    first.with_file_name(name)
}

impl<T: Transport> Session<T> {
    /// The number of the current game on this session: 1 for the first, 2 after a rematch, ….
    #[must_use]
    pub const fn game_number(&self) -> u32 {
        self.number
    }

    /// Whether the peer's rematch offer waits for the local player's answer.
    #[must_use]
    pub const fn rematch_offered_by_peer(&self) -> bool {
        matches!(self.rematch, Rematch::Received(_))
    }

    /// Offers another game. If the peer has already offered one, this accepts it.
    ///
    /// # Errors
    /// [`LocalError::NotStarted`] before any game, [`LocalError::GameInProgress`] while the game
    /// is on, [`LocalError::NotConnected`] while the peer is away, [`LocalError::RematchPending`]
    /// when our offer already waits or a rematch is starting.
    pub fn offer_rematch(&mut self, now: Instant) -> Result<(), LocalError> {
        self.check_rematch_possible()?;
        if self.draw_forfeited_by_peer() {
            return Err(LocalError::DrawForfeited);
        }
        match self.rematch {
            Rematch::Idle => {
                let current = self.game_id;
                let game_id = std::iter::repeat_with(|| GameId(rand::random()))
                    .find(|id| *id != current)
                    .unwrap_or(current);
                self.rematch = Rematch::Offered(game_id);
                self.send(Message::RematchOffer { game_id }, now);
                Ok(())
            }
            Rematch::Received(_) => self.answer_rematch(true, now),
            Rematch::Offered(_) | Rematch::Agreed(_) => Err(LocalError::RematchPending),
        }
    }

    /// Answers the peer's rematch offer: `true` starts the new game, `false` declines.
    ///
    /// # Errors
    /// [`LocalError::NoRematchOffer`] when no offer from the peer waits for an answer.
    pub fn answer_rematch(&mut self, accept: bool, now: Instant) -> Result<(), LocalError> {
        let Rematch::Received(game_id) = self.rematch else {
            return Err(LocalError::NoRematchOffer);
        };
        self.check_rematch_possible()?;
        self.send(Message::RematchAnswer { accept }, now);
        if accept {
            self.agree(game_id, now);
        } else {
            self.rematch = Rematch::Idle;
            self.events.push(SessionEvent::RematchDeclined { by: Refuser::Local });
        }
        Ok(())
    }

    fn check_rematch_possible(&self) -> Result<(), LocalError> {
        let game = self.game.as_ref().ok_or(LocalError::NotStarted)?;
        if game.ending().is_none() {
            return Err(LocalError::GameInProgress);
        }
        if !self.is_connected() {
            return Err(LocalError::NotConnected);
        }
        Ok(())
    }

    pub(super) fn on_rematch_offer(&mut self, game_id: GameId, now: Instant) {
        match &self.game {
            Some(game) if game.ending().is_some() => {}
            _ => {
                let detail = "rematch offer during a game".into();
                self.reject(RejectReason::Unexpected, None, detail, now);
                return;
            }
        }
        if game_id == self.game_id {
            self.reject(RejectReason::UnknownGame, None, "a rematch needs a new game id".into(), now);
            return;
        }
        match self.rematch {
            // It left a draw here after our reveal: it gets no new draw to steer.
            Rematch::Idle if self.draw_forfeited_by_peer() => {
                self.send(Message::RematchAnswer { accept: false }, now);
                self.events.push(SessionEvent::RematchDeclined { by: Refuser::Local });
            }
            Rematch::Idle => {
                self.rematch = Rematch::Received(game_id);
                self.events.push(SessionEvent::RematchOffered);
            }
            // Both offered at once: each side sees the other's offer while its own waits. Both
            // agree on the host's game id, so that exactly one game starts.
            Rematch::Offered(ours) => {
                let chosen = if self.role == Role::Host { ours } else { game_id };
                self.agree(chosen, now);
            }
            Rematch::Received(_) => {
                self.reject(RejectReason::Unexpected, None, "duplicate rematch offer".into(), now);
            }
            Rematch::Agreed(_) => {
                self.reject(RejectReason::Unexpected, None, "the rematch is already starting".into(), now);
            }
        }
    }

    pub(super) fn on_rematch_answer(&mut self, accept: bool, now: Instant) {
        let Rematch::Offered(game_id) = self.rematch else {
            let detail = "rematch answer without an offer".into();
            self.reject(RejectReason::Unexpected, None, detail, now);
            return;
        };
        if accept {
            self.agree(game_id, now);
        } else {
            self.rematch = Rematch::Idle;
            self.events.push(SessionEvent::RematchDeclined { by: Refuser::Peer });
        }
    }

    /// Host: whether the next game would be drawn and the guest left a draw here after our
    /// reveal.
    fn draw_forfeited_by_peer(&self) -> bool {
        self.role == Role::Host
            && self.next_offer().is_some_and(|o| o.opens == Opens::Random)
            && self.forfeits.contains(&self.peer)
    }

    /// The next game's set-up: the finished game's game; a new draw if the host first chose
    /// `random`, else the seat that did not open the finished game opens.
    fn next_offer(&self) -> Option<Offer> {
        let game = self.game.as_ref()?;
        let drawn = self.offer.as_ref().is_some_and(|o| o.opens == Opens::Random);
        let opens = match (drawn, game.host_opened()) {
            (true, _) => Opens::Random,
            (false, true) => Opens::Guest,
            (false, false) => Opens::Host,
        };
        Some(Offer { game: game.spec().clone(), opens })
    }

    /// Both sides agreed on `game_id`: start its handshake on the current link. The guest speaks
    /// first, as for the first game; the host waits for its hello.
    fn agree(&mut self, game_id: GameId, now: Instant) {
        let Some(offer) = self.next_offer() else { return };
        self.rematch = Rematch::Agreed(offer);
        self.game_id = game_id;
        self.handshake_since = Some(now);
        // Nothing of the finished game waits for an acknowledgement any more.
        self.unacked.clear();
        if self.role == Role::Guest {
            let draw = Draw::new(&mut self.rng, &self.peer, &self.local_id);
            let hello = self.hello(game_id, Some(draw.commitment()));
            self.send(Message::Hello(hello), now);
            self.handshake = Handshake::HelloSent { draw };
        } else {
            self.handshake = Handshake::Waiting;
        }
    }

    /// Drops a rematch in progress (the link went down, or the peer's hello broke the agreement):
    /// the finished game stays the session's game.
    pub(super) fn cancel_rematch(&mut self, by: Refuser) {
        if self.rematch == Rematch::Idle {
            return;
        }
        if self.rematch.agreed().is_some() {
            self.handshake = Handshake::Done;
            if let Some(game) = &self.game {
                self.game_id = game.game_id;
            }
        }
        self.rematch = Rematch::Idle;
        self.events.push(SessionEvent::RematchDeclined { by });
    }
}
