//! One socket's online game: its worker started with the page's first online request under a
//! fresh token (told to the page, which keeps it in `sessionStorage`), taken back by a page that
//! presents the token (a reload), handed to another socket that claims it, and kept for a while
//! when the socket closes (`kept_games` holds the rules).

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use tokio::sync::{mpsc, oneshot};

use super::kept_games::{Closing, KeptGames, Taken};
use super::messages::{ErrorCode, ServerMessage};
use super::online_messages::{NoticeView, OnlineRequest};
use super::online_words::words;
use super::online_worker::{OnlineWorker, SharedNetwork};
use super::page::Reaction;

/// A claim on a live socket's game: its token, and where to hand the worker.
pub(crate) type Claim = (String, oneshot::Sender<OnlineWorker>);

/// How a socket is reached by claims.
pub(crate) type Claims = mpsc::UnboundedSender<Claim>;

/// Every page's online game, held or kept, shared by the sockets.
pub(crate) type SharedKept = Arc<Mutex<KeptGames<OnlineWorker, Claims>>>;

/// What a socket's online side brought.
pub(crate) enum OnlineEvent {
    /// The worker's messages, for the page.
    Messages(Vec<ServerMessage>),
    /// The worker stopped.
    Stopped,
    /// Another page claims the game.
    Claim(Claim),
}

/// The worker's next messages; never, while there is none.
async fn next_messages(worker: Option<&mut OnlineWorker>) -> Option<Vec<ServerMessage>> {
    match worker {
        Some(worker) => worker.next().await,
        None => std::future::pending().await,
    }
}

/// A socket's online game: the worker and the token that takes it back.
struct Held {
    worker: OnlineWorker,
    token: String,
}

/// What one socket needs to start, take back, hand over and keep its online game.
pub(crate) struct SocketOnline {
    held: Option<Held>,
    /// The socket's number.
    owner: u64,
    kept: SharedKept,
    network: SharedNetwork,
    claims_tx: Claims,
    claims: mpsc::UnboundedReceiver<Claim>,
}

fn lock(kept: &SharedKept) -> std::sync::MutexGuard<'_, KeptGames<OnlineWorker, Claims>> {
    kept.lock().unwrap_or_else(PoisonError::into_inner)
}

fn error(code: ErrorCode, detail: &str) -> Reaction {
    Reaction { send: vec![ServerMessage::Error { code, detail: detail.to_owned() }], searches: Vec::new() }
}

impl SocketOnline {
    /// Socket `owner`'s online side, with nothing started.
    pub(crate) fn new(owner: u64, kept: SharedKept, network: SharedNetwork) -> SocketOnline {
        let (claims_tx, claims) = mpsc::unbounded_channel();
        SocketOnline { held: None, owner, kept, network, claims_tx, claims }
    }

    /// An online request of the page, handed to its worker, started (with its token, told
    /// first) on the first.
    pub(crate) fn request(&mut self, request: OnlineRequest) -> Reaction {
        let mut reaction = Reaction::default();
        if self.held.is_none() {
            match OnlineWorker::spawn(Arc::clone(&self.network)) {
                Ok(worker) => {
                    let token = lock(&self.kept).register(self.owner, self.claims_tx.clone());
                    reaction.send.push(ServerMessage::OnlineSeat { token: token.clone() });
                    self.held = Some(Held { worker, token });
                }
                Err(e) => return error(ErrorCode::BadMessage, &format!("online play cannot start: {e}")),
            }
        }
        if !self.held.as_ref().is_some_and(|held| held.worker.send(request)) {
            self.stopped();
            return error(ErrorCode::BadMessage, "online play stopped; try again");
        }
        reaction
    }

    /// The worker stopped: its token leads nowhere any more.
    pub(crate) fn stopped(&mut self) {
        if let Some(held) = self.held.take() {
            lock(&self.kept).forget(&held.token, self.owner);
        }
    }

    /// The page presents `token` (its first message after a reload): the game is taken back
    /// (from the kept ones, or claimed from the socket holding it) and everything is sent
    /// again; anything else is answered "not found" and changes nothing. A page already online
    /// takes nothing.
    pub(crate) async fn rejoin(&mut self, token: String) -> Reaction {
        let not_found =
            Reaction { send: vec![ServerMessage::OnlineRejoined { found: false }], searches: Vec::new() };
        if self.held.is_some() {
            return not_found;
        }
        let waiting = {
            let mut kept = lock(&self.kept);
            match kept.take(&token, self.owner, self.claims_tx.clone(), Instant::now()) {
                Taken::Worker(worker) => Ok(worker),
                // Sent under the lock, so that a holder closing meanwhile finds it waiting.
                Taken::Claim(holder) => {
                    let (reply, answer) = oneshot::channel();
                    let _ = holder.send((token.clone(), reply));
                    Err(Some(answer))
                }
                Taken::Unknown => Err(None),
            }
        };
        let mut worker = match waiting {
            Ok(worker) => Some(worker),
            Err(Some(answer)) => answer.await.ok(),
            Err(None) => return not_found,
        };
        match worker.as_mut().map(OnlineWorker::resend) {
            Some(true) => {
                self.held = worker.map(|worker| Held { worker, token });
                Reaction { send: vec![ServerMessage::OnlineRejoined { found: true }], searches: Vec::new() }
            }
            _ => {
                lock(&self.kept).forget(&token, self.owner);
                not_found
            }
        }
    }

    /// What comes next: the worker's messages, its end, or a claim on its game.
    pub(crate) async fn next(&mut self) -> OnlineEvent {
        let worker = self.held.as_mut().map(|held| &mut held.worker);
        tokio::select! {
            messages = next_messages(worker) => match messages {
                Some(messages) => OnlineEvent::Messages(messages),
                None => OnlineEvent::Stopped,
            },
            // Never closed: this holds a sender.
            Some(claim) = self.claims.recv() => OnlineEvent::Claim(claim),
        }
    }

    /// Another page presented this socket's token: the game is handed to it, and this page is
    /// told where its game went. A claim for a token no longer held here, or for a worker
    /// playing nothing, is dropped (the claimant then gets nothing).
    pub(crate) fn hand_over(&mut self, (token, reply): Claim) -> Reaction {
        if self.held.as_ref().is_none_or(|held| held.token != token || !held.worker.playing()) {
            return Reaction::default();
        }
        let Some(held) = self.held.take() else { return Reaction::default() };
        let _ = reply.send(held.worker);
        let notice = ServerMessage::OnlineNotice(NoticeView {
            strong: true,
            words: words(|l| l.page().online_moved_away.to_owned()),
        });
        Reaction { send: vec![ServerMessage::Online { online: None }, notice], searches: Vec::new() }
    }

    /// The socket closed: a game being played is kept for the grace period (or handed to the page
    /// that claimed it meanwhile); anything else ends with the worker.
    pub(crate) fn close(mut self) {
        let Some(Held { worker, token }) = self.held.take() else { return };
        if !worker.playing() {
            lock(&self.kept).forget(&token, self.owner);
            return;
        }
        let (closing, grace) = {
            let mut kept = lock(&self.kept);
            (kept.close(&token, self.owner, worker, Instant::now()), kept.grace())
        };
        match closing {
            Closing::Kept { pushed_out } => {
                // Their games end as a closed page's did: outside the lock.
                drop(pushed_out);
                let kept = Arc::clone(&self.kept);
                tokio::spawn(async move {
                    tokio::time::sleep(grace).await;
                    let expired = lock(&kept).expire(Instant::now());
                    drop(expired);
                });
            }
            Closing::Claimed(worker) => {
                // The claim was sent under the lock before `close` took it: it is waiting here.
                while let Ok((claimed, reply)) = self.claims.try_recv() {
                    if claimed == token {
                        let _ = reply.send(worker);
                        return;
                    }
                }
            }
        }
    }
}
