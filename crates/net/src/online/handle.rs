//! The user interface's side of a running online session: commands in, events out.

use libp2p::PeerId;
use tokio::sync::mpsc;

use super::NetEvent;

/// Commands to the driver.
#[derive(Debug)]
pub(super) enum Command {
    Play(String),
    Resign,
    Claim,
    OfferRematch,
    AnswerRematch(bool),
    Leave,
}

/// The user interface's side of a running online session.
#[derive(Debug)]
pub struct SessionHandle {
    pub(super) events: mpsc::UnboundedReceiver<NetEvent>,
    pub(super) commands: mpsc::UnboundedSender<Command>,
    pub(super) local_peer: PeerId,
    pub(super) task: tokio::task::JoinHandle<()>,
    /// Left on purpose: the driver ends by itself once the peer was told (not aborted on drop).
    pub(super) leaving: bool,
}

impl SessionHandle {
    /// The next event; `None` once the driver stopped.
    pub async fn next_event(&mut self) -> Option<NetEvent> {
        self.events.recv().await
    }

    /// An event if one is ready (for a UI that polls on its own ticks).
    pub fn try_event(&mut self) -> Option<NetEvent> {
        self.events.try_recv().ok()
    }

    /// Plays a local move, written as the game writes moves (the session's game verifies it).
    pub fn play(&self, text: impl Into<String>) {
        let _ = self.commands.send(Command::Play(text.into()));
    }

    /// Leaves the live game on purpose (it stays saved): the opponent is told so, then the
    /// session ends by itself shortly after, when this handle is dropped.
    pub fn leave(&mut self) {
        self.leaving = self.commands.send(Command::Leave).is_ok();
    }

    /// Resigns.
    pub fn resign(&self) {
        let _ = self.commands.send(Command::Resign);
    }

    /// Claims the game after the grace period.
    pub fn claim(&self) {
        let _ = self.commands.send(Command::Claim);
    }

    /// Once the game is over: offers the opponent another game on this connection (accepts
    /// theirs if they offered first). Their answer comes as `RematchStarted` then `Connected`,
    /// or `RematchDeclined`; a refusal as [`NetEvent::LocalError`].
    pub fn offer_rematch(&self) {
        let _ = self.commands.send(Command::OfferRematch);
    }

    /// Answers the opponent's rematch offer (`SessionEvent::RematchOffered`).
    pub fn answer_rematch(&self, accept: bool) {
        let _ = self.commands.send(Command::AnswerRematch(accept));
    }

    /// This client's peer id.
    #[must_use]
    pub const fn local_peer(&self) -> PeerId {
        self.local_peer
    }
}

impl Drop for SessionHandle {
    fn drop(&mut self) {
        if !self.leaving {
            self.task.abort();
        }
    }
}
