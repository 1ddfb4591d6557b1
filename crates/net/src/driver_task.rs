//! How a driver starts: a game session's ([`crate::online`]) and a table's
//! ([`crate::table_online`]) are each one tokio task owning a swarm, built first with the
//! front-end's ends of its channels, then run on their own task.

use std::pin::Pin;

use libp2p::PeerId;
use tokio::sync::mpsc;

/// A driver built and not running yet — its event loop, not polled until spawned — with the
/// front-end's ends of its channels: the events it sends `E`, the commands it takes `C`.
pub(crate) struct Ready<E, C> {
    run: Pin<Box<dyn Future<Output = ()> + Send>>,
    local_peer: PeerId,
    events: mpsc::UnboundedReceiver<E>,
    commands: mpsc::UnboundedSender<C>,
}

/// The front-end's side of a running driver, from which each handle is made.
pub(crate) struct Running<E, C> {
    pub(crate) events: mpsc::UnboundedReceiver<E>,
    pub(crate) commands: mpsc::UnboundedSender<C>,
    pub(crate) local_peer: PeerId,
    pub(crate) task: tokio::task::JoinHandle<()>,
}

impl<E, C> Ready<E, C> {
    /// The driver of `local_peer` whose event loop is `run`.
    pub(crate) fn new(
        run: impl Future<Output = ()> + Send + 'static,
        local_peer: PeerId,
        events: mpsc::UnboundedReceiver<E>,
        commands: mpsc::UnboundedSender<C>,
    ) -> Ready<E, C> {
        Ready { run: Box::pin(run), local_peer, events, commands }
    }

    /// Runs the driver on its own task.
    pub(crate) fn spawn(self) -> Running<E, C> {
        let Ready { run, local_peer, events, commands } = self;
        Running { events, commands, local_peer, task: tokio::spawn(run) }
    }
}
