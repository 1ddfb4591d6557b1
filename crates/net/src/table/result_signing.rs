//! The end-of-game signatures of a table, for the ratings: every human seat signs the game's
//! result with its identity key, and the signatures go through the host to everyone.
//!
//! Every seated peer builds the result from its own verified record ([`super::rated`]); only
//! the finishing time is one peer's word. The host at the game's end signs first and its
//! signature names the time; a member takes that time if its own clock agrees within
//! [`CLOCK_TOLERANCE`], checks the host's signature over the result *it* built, signs and sends
//! its own to the host. The host checks every signature it receives like everyone and forwards
//! it to every seated peer. Each peer checks each signature it receives — from a key at a human
//! seat of this game, for this game's number, at the time fixed, verifying over its own result —
//! and refuses anything else with a typed [`ResultSignatureError`], never keeping it. Once every
//! human seat signed, each peer holds the complete `SignedResult`
//! ([`super::TableEvent::ResultSigned`]).
//!
//! A peer without a signer (a guest's key of one game) declines
//! ([`TableMessage::ResultDeclined`], forwarded like a signature): the game is not rated. A game
//! with a computer seat, or of partners, asks nobody to sign ([`super::TableEvent::Unrated`]).
//! An exchange not complete after [`TABLE_SIGNING_TIME`] is given up; a game ended by a claim
//! (a seat away past its grace) is not signed at all, for that seat is not there to sign.
//!
//! **Hand-over.** Signatures are self-verifying, so they may travel any way: a member whose
//! link to a (new) host comes up sends every signature it holds after its hello, and a host
//! sends every signature it holds to each seated peer it welcomes. A host gone before it signed
//! leaves the time to be named by the next host, which signs on becoming host. (A host gone
//! after some members took its time but before the next host heard it leaves two times at the
//! table: that game is not rated.)

use std::time::{Duration, Instant};

use libp2p::PeerId;
use tripot_game::{EndReason, Leaving};
use tripot_protocol::table::{PeerKey, ResultSignature, TableMessage, TableRejectReason};
use tripot_ratings_wire::{GameResult, SeatKind, Signature, SignedResult, inlined_ed25519_key};

use super::events::{LinkId, TableEvent, TableOutput};
use super::rated::{table_result, unrated_because};
use super::{Role, Table};
use crate::event::UnsignedCause;
use crate::session::CLOCK_TOLERANCE;

/// How long a table waits for every seat's signature once the game is over: longer than a
/// two-seat game's, for a hand-over may come in between.
pub const TABLE_SIGNING_TIME: Duration = Duration::from_secs(90);

/// Why a signature (or a refusal to sign) of a table's result was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResultSignatureError {
    /// For another game than the one whose result is being signed here.
    #[error("a signature for game {got}, not game {expected}")]
    OtherGame {
        /// The game being signed here (0: none).
        expected: u16,
        /// The signature's.
        got: u16,
    },
    /// No result is being signed here (the game is not over, not rated, or the exchange ended).
    #[error("no result is being signed")]
    NotSigning,
    /// The signer sits at no human seat of the game.
    #[error("the signer sits at no human seat of the game")]
    UnknownSeat,
    /// The finishing time is too far from this peer's clock.
    #[error("finished at {theirs}, here it is {ours}")]
    Clock {
        /// The time the signature names.
        theirs: u64,
        /// This peer's clock.
        ours: u64,
    },
    /// Another finishing time than the one already fixed.
    #[error("a finishing time other than the one already signed")]
    OtherTime,
    /// The signer's peer id inlines no ed25519 key.
    #[error("the signer's key is not ed25519")]
    NotEd25519,
    /// The signature does not verify over the result built here: forged, made with another
    /// key, or made for another result.
    #[error("the signature does not verify over this game's result")]
    Forged,
}

/// Where the signing of the last finished game stands.
#[derive(Debug, Clone, Default)]
pub(super) enum Signing {
    /// No game finished since the table opened (or this peer watches).
    #[default]
    Idle,
    /// Game `game` is over and its signatures are being gathered: `template` is its result as
    /// this peer built it at the end, without its finishing time; `result` once the finishing
    /// time is known.
    Gathering {
        game: u16,
        template: Box<GameResult>,
        result: Option<Box<GameResult>>,
        signatures: Vec<Signature>,
        since: Instant,
    },
    /// Game `game`'s exchange ended (complete, declined, unrated or given up).
    Over { game: u16 },
}

impl Signing {
    const fn game(&self) -> Option<u16> {
        match self {
            Signing::Idle => None,
            Signing::Gathering { game, .. } | Signing::Over { game } => Some(*game),
        }
    }
}

impl Table {
    /// Once the current game is over, starts its signing here: an unrated game is said so, a
    /// peer without a signer declines, the host signs first. Called after every step that may
    /// end a game, and on becoming host; does nothing twice for a game.
    pub(super) fn sign_if_over(&mut self, now: Instant) {
        let Some(record) = self.record.as_ref() else { return };
        let game = record.key().game;
        let Some(ending) = record.ending() else { return };
        if self.signing.game() == Some(game) && !self.host_to_sign() {
            return;
        }
        if self.signing.game() != Some(game) {
            if matches!(ending.reason, EndReason::Left { how: Leaving::Abandoned, .. }) {
                // Claimed: the seat gone past its grace is not there to sign (as a two-seat
                // claimed game, it goes unsigned).
                self.signing = Signing::Over { game };
                self.events.push(TableEvent::ResultUnsigned(UnsignedCause::NoAnswer));
                return;
            }
            if let Some(why) = unrated_because(record.state().spec(), record.seats()) {
                self.signing = Signing::Over { game };
                self.events.push(TableEvent::Unrated(why));
                return;
            }
            if self.my_seat().is_none() {
                self.signing = Signing::Over { game };
                return;
            }
            let Some(_) = self.config.signer else {
                self.signing = Signing::Over { game };
                self.events.push(TableEvent::Unrated(tripot_ratings_wire::Unrated::GuestSeat));
                let message = TableMessage::ResultDeclined { game, signer: self.me.clone() };
                self.send_signing(&message);
                return;
            };
            // Built now, from the record as the game ended: a rematch may replace the record
            // while the signatures still come.
            let template = match table_result(record, 0) {
                Ok(template) => Box::new(template),
                Err(error) => {
                    tracing::warn!(%error, "no result to sign");
                    self.signing = Signing::Over { game };
                    self.events.push(TableEvent::ResultUnsigned(UnsignedCause::NoAnswer));
                    return;
                }
            };
            self.signing =
                Signing::Gathering { game, template, result: None, signatures: Vec::new(), since: now };
        }
        if self.is_host() {
            self.sign_first();
        }
    }

    /// Whether this peer hosts and nobody named the finishing time yet.
    fn host_to_sign(&self) -> bool {
        self.is_host() && matches!(self.signing, Signing::Gathering { result: None, .. })
    }

    /// The host names the finishing time with its own signature.
    fn sign_first(&mut self) {
        let Some(signer) = self.config.signer.clone() else { return };
        let Signing::Gathering { template, .. } = &self.signing else { return };
        let result = GameResult { finished_unix: (signer.wall_clock)(), ..(**template).clone() };
        self.sign_and_send(result);
    }

    /// Fixes `result`, signs it with the local key, keeps and sends the signature.
    fn sign_and_send(&mut self, result: GameResult) {
        let Some(signer) = self.config.signer.clone() else { return };
        let ours = match result.sign(&signer.key) {
            Ok(ours) => ours,
            Err(error) => {
                tracing::warn!(%error, "cannot sign the result");
                self.give_up_signing(None);
                return;
            }
        };
        let Signing::Gathering { game, result: fixed, .. } = &mut self.signing else { return };
        let game = *game;
        let finished_unix = result.finished_unix;
        *fixed = Some(Box::new(result));
        let message = TableMessage::ResultSigned(ResultSignature {
            game,
            finished_unix,
            signer: self.me.clone(),
            sig: ours.sig.clone(),
        });
        self.keep_signature(ours);
        self.send_signing(&message);
    }

    /// Sends `message` where signatures go: from the host to every seated peer, from a member
    /// to its host.
    fn send_signing(&mut self, message: &TableMessage) {
        match &self.role {
            Role::Host(_) => self.send_to_seated(message),
            Role::Member(member) => {
                if let Some(link) = member.link() {
                    self.outputs.push(TableOutput::Send { link, message: message.clone() });
                }
            }
        }
    }

    /// The host sends `message` to every seated peer's link.
    fn send_to_seated(&mut self, message: &TableMessage) {
        let Role::Host(host) = &self.role else { return };
        let seated: Vec<LinkId> = host
            .links
            .iter()
            .filter(|(_, l)| l.welcomed && self.seat_of(&l.peer).is_some())
            .map(|(&id, _)| id)
            .collect();
        for link in seated {
            self.outputs.push(TableOutput::Send { link, message: message.clone() });
        }
    }

    /// A signature that reached this peer on `link`, from `from` (the link's peer for a host).
    pub(super) fn on_result_signed(
        &mut self,
        link: LinkId,
        from: Option<PeerKey>,
        theirs: ResultSignature,
        now: Instant,
    ) {
        // The signature may come in the same batch as the entry that ended the game here.
        self.sign_if_over(now);
        match self.check_signature(&theirs) {
            Ok(Checked::Held) => {}
            Ok(Checked::New { signature, fixes }) => {
                if let Some(result) = fixes {
                    // The time is fixed by this signature: ours follows it.
                    self.sign_and_send(*result);
                }
                self.keep_signature(signature);
                if self.is_host() {
                    self.send_to_seated(&TableMessage::ResultSigned(theirs));
                }
            }
            Err(error) => self.refuse_signature(link, from, error),
        }
    }

    /// Refuses a signature (or a refusal to sign) that came on `link`: never kept, reported.
    fn refuse_signature(&mut self, link: LinkId, from: Option<PeerKey>, error: ResultSignatureError) {
        self.outputs.push(TableOutput::Send {
            link,
            message: TableMessage::Reject(tripot_protocol::table::TableReject {
                reason: TableRejectReason::BadSignature,
                index: None,
            }),
        });
        self.events.push(TableEvent::SignatureRefused { from, error });
    }

    /// Checks a signature against the result this peer built.
    fn check_signature(&self, theirs: &ResultSignature) -> Result<Checked, ResultSignatureError> {
        let Signing::Gathering { game, template, result, signatures, .. } = &self.signing else {
            return match self.signing {
                // Late (the exchange was declined or given up here): nothing to keep it for.
                Signing::Over { game } if game == theirs.game => Ok(Checked::Held),
                Signing::Over { game } => {
                    Err(ResultSignatureError::OtherGame { expected: game, got: theirs.game })
                }
                _ => Err(ResultSignatureError::NotSigning),
            };
        };
        if *game != theirs.game {
            return Err(ResultSignatureError::OtherGame { expected: *game, got: theirs.game });
        }
        let peer_id = PeerId::from_bytes(&theirs.signer.0).map_err(|_| ResultSignatureError::UnknownSeat)?;
        if !template.seats.iter().any(|seat| seat.peer_id == peer_id && seat.kind == SeatKind::Human) {
            return Err(ResultSignatureError::UnknownSeat);
        }
        if signatures.iter().any(|s| s.peer_id == peer_id && s.sig == theirs.sig) {
            return Ok(Checked::Held);
        }
        let fixes = match result {
            Some(result) if result.finished_unix != theirs.finished_unix => {
                return Err(ResultSignatureError::OtherTime);
            }
            Some(result) => {
                verify(result, &peer_id, &theirs.sig)?;
                None
            }
            None => {
                let ours = self.config.signer.as_ref().map_or(0, |s| (s.wall_clock)());
                if theirs.finished_unix.abs_diff(ours) > CLOCK_TOLERANCE {
                    return Err(ResultSignatureError::Clock { theirs: theirs.finished_unix, ours });
                }
                let built = GameResult { finished_unix: theirs.finished_unix, ..(**template).clone() };
                verify(&built, &peer_id, &theirs.sig)?;
                Some(Box::new(built))
            }
        };
        if signatures.iter().any(|s| s.peer_id == peer_id) {
            // Another valid signature of the same result by the same key (ed25519 signs
            // deterministically, so this does not happen with honest keys): one is enough.
            return Ok(Checked::Held);
        }
        Ok(Checked::New { signature: Signature { peer_id, sig: theirs.sig.clone() }, fixes })
    }

    /// Keeps a checked signature; once every human seat signed, the result is complete.
    fn keep_signature(&mut self, signature: Signature) {
        let Signing::Gathering { game, result, signatures, .. } = &mut self.signing else { return };
        if !signatures.iter().any(|s| s.peer_id == signature.peer_id) {
            signatures.push(signature);
        }
        let Some(result) = result else { return };
        let humans = result.seats.len();
        if signatures.len() < humans {
            return;
        }
        // In seat order: every peer then holds the very same signed result.
        let ordered = result
            .seats
            .iter()
            .filter_map(|seat| signatures.iter().find(|s| s.peer_id == seat.peer_id).cloned())
            .collect();
        let signed = SignedResult { result: (**result).clone(), signatures: ordered };
        let game = *game;
        if let Err(error) = signed.check_signatures() {
            // Every signature was checked on its way in: this cannot be.
            tracing::warn!(%error, "a complete result whose signatures do not hold");
            return;
        }
        self.events.push(TableEvent::ResultSigned(Box::new(signed)));
        // A host keeps forwarding what it holds to peers coming back: it stays Gathering until
        // the time runs out, but the result is reported once.
        self.signing_complete = Some(game);
    }

    /// A seat declines to sign game `game`.
    pub(super) fn on_result_declined(
        &mut self,
        link: LinkId,
        from: Option<PeerKey>,
        game: u16,
        signer: PeerKey,
        now: Instant,
    ) {
        self.sign_if_over(now);
        // Late words (the exchange ended here) are not checked: nothing is kept of them.
        let seated = match &self.signing {
            Signing::Gathering { template, .. } => {
                template.seats.iter().any(|seat| seat.peer_id.to_bytes() == signer.0)
            }
            Signing::Idle | Signing::Over { .. } => true,
        };
        let error = match self.signing.game() {
            Some(expected) if expected != game => {
                Some(ResultSignatureError::OtherGame { expected, got: game })
            }
            None => Some(ResultSignatureError::NotSigning),
            Some(_) if !seated => Some(ResultSignatureError::UnknownSeat),
            Some(_) => None,
        };
        if let Some(error) = error {
            self.refuse_signature(link, from, error);
            return;
        }
        if matches!(self.signing, Signing::Gathering { .. }) {
            if self.is_host() {
                self.send_to_seated(&TableMessage::ResultDeclined { game, signer });
            }
            self.give_up_signing(Some(UnsignedCause::PeerDeclined));
        }
    }

    /// Ends the exchange without a complete result; `cause` is reported.
    fn give_up_signing(&mut self, cause: Option<UnsignedCause>) {
        let Some(game) = self.signing.game() else { return };
        self.signing = Signing::Over { game };
        if let Some(cause) = cause
            && self.signing_complete != Some(game)
        {
            self.events.push(TableEvent::ResultUnsigned(cause));
        }
    }

    /// Every signature this peer holds, as messages (sent again after a hand-over).
    fn held_signatures(&self) -> Vec<TableMessage> {
        let Signing::Gathering { game, result: Some(result), signatures, .. } = &self.signing else {
            return Vec::new();
        };
        signatures
            .iter()
            .map(|s| {
                TableMessage::ResultSigned(ResultSignature {
                    game: *game,
                    finished_unix: result.finished_unix,
                    signer: PeerKey(s.peer_id.to_bytes()),
                    sig: s.sig.clone(),
                })
            })
            .collect()
    }

    /// Sends every signature held on `link` (a member's new link to its host, or a seated peer
    /// the host welcomed).
    pub(super) fn send_signatures(&mut self, link: LinkId) {
        for message in self.held_signatures() {
            self.outputs.push(TableOutput::Send { link, message });
        }
    }

    /// Gives up an exchange that waited [`TABLE_SIGNING_TIME`].
    pub(super) fn signing_timers(&mut self, now: Instant) {
        let Signing::Gathering { game, since, .. } = &self.signing else { return };
        if now.saturating_duration_since(*since) < TABLE_SIGNING_TIME {
            return;
        }
        let game = *game;
        let cause = (self.signing_complete != Some(game)).then_some(UnsignedCause::NoAnswer);
        self.give_up_signing(cause);
    }
}

/// What a checked signature brings.
enum Checked {
    /// One this peer holds already (sent again after a hand-over), or one come after the
    /// exchange ended here.
    Held,
    /// A new one; `fixes`: the result its finishing time fixed, when none was yet.
    New { signature: Signature, fixes: Option<Box<GameResult>> },
}

/// Whether `sig` by `peer` verifies over `result`.
fn verify(result: &GameResult, peer: &PeerId, sig: &[u8]) -> Result<(), ResultSignatureError> {
    let key = inlined_ed25519_key(peer).ok_or(ResultSignatureError::NotEd25519)?;
    let bytes = result.signing_bytes().map_err(|_| ResultSignatureError::Forged)?;
    if key.verify(&bytes, sig) { Ok(()) } else { Err(ResultSignatureError::Forged) }
}
