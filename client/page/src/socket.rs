//! One page's WebSocket: frames in, [`Page`] messages out, the searches handed to the
//! server's [`SearchPool`] and their answers brought back into the same loop.
//!
//! The page's game is handled off the async runtime (`spawn_blocking`): reading and writing its
//! records and building its game touch the disk and memory, and the runtime's two threads must
//! stay free to answer every other page. A hostile or broken page gets an error for each bad
//! frame and never changes the game by it; a flood is dropped, answered by one error a second.
//! When the socket closes, its searches still waiting are withdrawn and its game, with its
//! computer players, is dropped: nothing of a page outlives its socket but a search already
//! thinking, whose answer is then dropped, and an online game being played, kept a while for
//! the page to come back to (`socket_online`, `kept_games`).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use axum::extract::ws::{Message, WebSocket};
use tokio::sync::{OwnedSemaphorePermit, mpsc};

use super::messages::{BusyWith, ClientMessage, ErrorCode, ServerMessage};
use super::online_worker::SharedNetwork;
use super::page::{Answer, Page, Reaction};
use super::search_pool::{SearchPool, Ticket};
use super::socket_online::{OnlineEvent, SharedKept, SocketOnline};

/// The longest text frame read as a message: the longest real one (a `new_game` with a format-3
/// position) is under 400 bytes.
pub(crate) const MAX_MESSAGE: usize = 2048;

/// What the transport accepts at all; a longer frame closes the socket.
pub(crate) const MAX_FRAME: usize = 16 * 1024;

/// Messages a page may send in a burst, then per second: far above what clicks produce.
const BURST: f64 = 60.0;
const PER_SECOND: f64 = 30.0;

/// Numbers sockets, so that the pool tells one page's searches from another's.
static NEXT_SOCKET: AtomicU64 = AtomicU64::new(1);

/// What the server shares with every socket.
#[derive(Clone)]
pub(crate) struct Shared {
    /// The online play of every page.
    pub(crate) network: SharedNetwork,
    /// The pages' online games, by token: held by their sockets, or kept for closed pages.
    pub(crate) kept: SharedKept,
    /// The searches of every page.
    pub(crate) searches: SearchPool,
    /// `tripot web --lang`, told in the hello.
    pub(crate) lang: Option<tripot_app::i18n::Lang>,
    /// `tripot web --relay` (else the config file's): whose ratings the page shows.
    pub(crate) relay: Option<tripot_net::Multiaddr>,
}

/// What one turn of the loop brought.
enum Step {
    /// A message for the page's game (handled off the runtime).
    Message(ClientMessage),
    /// A search's answer (handled off the runtime too: a move is saved).
    Answer(Answer),
    /// Already answered.
    Ready(Reaction),
}

/// Runs one page's socket until it closes; `_slot` is its place among the sockets served at
/// once, given back when it closes. Online requests go to the page's online worker, started
/// with the first; its messages come back into the same loop. At the end, an online game being
/// played is kept for the page to take back.
pub(crate) async fn run(mut socket: WebSocket, shared: Shared, _slot: OwnedSemaphorePermit) {
    let owner = NEXT_SOCKET.fetch_add(1, Ordering::Relaxed);
    let mut online = SocketOnline::new(owner, Arc::clone(&shared.kept), Arc::clone(&shared.network));
    serve(&mut socket, &shared, owner, &mut online).await;
    online.close();
}

/// The socket's loop, until it closes or fails.
async fn serve(socket: &mut WebSocket, shared: &Shared, owner: u64, online: &mut SocketOnline) {
    let (answers_tx, mut answers) = mpsc::unbounded_channel::<Answer>();
    let mut game = Page::with_saves(super::page_saves::PageSaves::from_env(), shared.lang);
    let mut limit = RateLimit::new(Instant::now());
    // The searches this page handed in and still wants; dropping one withdraws it.
    let mut tickets: Vec<Arc<Ticket>> = Vec::new();
    if send(socket, &game.hello()).await.is_err() {
        return;
    }
    loop {
        let step = tokio::select! {
            frame = socket.recv() => match frame {
                Some(Ok(Message::Text(text))) => {
                    match limit.admit(Instant::now()) {
                        Admit::Yes => match parse(text.as_str()) {
                            Ok(ClientMessage::Online(request)) => Step::Ready(online.request(request)),
                            Ok(ClientMessage::Rejoin { token }) => Step::Ready(online.rejoin(token).await),
                            Ok(ClientMessage::Ratings(request)) => {
                                Step::Ready(Reaction { send: vec![super::page_ratings::answer(shared.relay.clone(), request).await], searches: Vec::new() })
                            }
                            Ok(message) => Step::Message(message),
                            Err(refused) => Step::Ready(refused),
                        },
                        Admit::DropAndSay => Step::Ready(error(ErrorCode::TooManyMessages, "messages are dropped: too many per second")),
                        Admit::Drop => continue,
                    }
                }
                Some(Ok(Message::Binary(_))) => Step::Ready(error(ErrorCode::BadMessage, "binary frames are not part of the protocol")),
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                Some(Ok(Message::Close(_)) | Err(_)) | None => break,
            },
            event = online.next() => match event {
                OnlineEvent::Messages(send) => Step::Ready(Reaction { send, searches: Vec::new() }),
                OnlineEvent::Stopped => {
                    online.stopped();
                    continue;
                }
                OnlineEvent::Claim(claim) => Step::Ready(online.hand_over(claim)),
            },
            Some(answer) = answers.recv() => Step::Answer(answer),
        };
        let handled = match step {
            Step::Ready(reaction) => Some((game, reaction)),
            Step::Message(message) => off_runtime(game, move |game| game.handle(message)).await,
            Step::Answer(answer) => off_runtime(game, move |game| game.on_answer(answer)).await,
        };
        // The game's handling failed (it panicked): the page is lost, the socket closes.
        let Some((handled_game, mut reaction)) = handled else { return };
        game = handled_game;
        tickets.retain(|ticket| ticket.keep(|search| game.wants(search)));
        let mut busy = None;
        for search in std::mem::take(&mut reaction.searches) {
            if !game.wants(&search) {
                continue;
            }
            let (ticket, ahead) = shared.searches.submit(owner, search, answers_tx.clone());
            tickets.push(ticket);
            busy = busy.or(ahead);
        }
        if let Some(ahead) = busy {
            reaction.send.push(ServerMessage::Busy { what: BusyWith::Searches, ahead: Some(ahead) });
        }
        for message in &reaction.send {
            if send(socket, message).await.is_err() {
                return;
            }
        }
    }
}

/// A page the server cannot serve now (as many sockets as it serves at once are open): it is
/// told so, and its socket closes.
pub(crate) async fn refuse_busy(mut socket: WebSocket) {
    let _ = send(&mut socket, &ServerMessage::Busy { what: BusyWith::Pages, ahead: None }).await;
    let _ = socket.send(Message::Close(None)).await;
}

/// Runs `work` on the page's game on the blocking threads, and gives the game back with what
/// came of it; `None` if the work panicked.
async fn off_runtime<T: Send + 'static>(
    mut game: Page,
    work: impl FnOnce(&mut Page) -> T + Send + 'static,
) -> Option<(Page, T)> {
    tokio::task::spawn_blocking(move || {
        let out = work(&mut game);
        (game, out)
    })
    .await
    .ok()
}

fn error(code: ErrorCode, detail: &str) -> Reaction {
    Reaction { send: vec![ServerMessage::Error { code, detail: detail.to_owned() }], searches: Vec::new() }
}

/// A text frame, parsed; refused with a clear error otherwise.
fn parse(text: &str) -> Result<ClientMessage, Reaction> {
    if text.len() > MAX_MESSAGE {
        return Err(error(ErrorCode::TooLarge, "a message is at most 2048 bytes"));
    }
    serde_json::from_str::<ClientMessage>(text).map_err(|e| error(ErrorCode::BadMessage, &e.to_string()))
}

async fn send(socket: &mut WebSocket, message: &ServerMessage) -> Result<(), axum::Error> {
    // Serialising these plain structs cannot fail; if it ever did, the page gets nothing
    // rather than a broken frame.
    let Ok(text) = serde_json::to_string(message) else { return Ok(()) };
    socket.send(Message::Text(text.into())).await
}

/// Whether a message is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Admit {
    Yes,
    /// Dropped, and the page is told (once a second at most).
    DropAndSay,
    Drop,
}

/// A token bucket: [`BURST`] messages at once, [`PER_SECOND`] after that.
#[derive(Debug)]
struct RateLimit {
    tokens: f64,
    at: Instant,
    said: Option<Instant>,
}

impl RateLimit {
    fn new(now: Instant) -> RateLimit {
        RateLimit { tokens: BURST, at: now, said: None }
    }

    fn admit(&mut self, now: Instant) -> Admit {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.tokens = (self.tokens + elapsed * PER_SECOND).min(BURST);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            return Admit::Yes;
        }
        if self.said.is_some_and(|t| now.saturating_duration_since(t) < Duration::from_secs(1)) {
            return Admit::Drop;
        }
        self.said = Some(now);
        Admit::DropAndSay
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_passes_then_a_flood_is_dropped_and_said_once_a_second() {
        let t0 = Instant::now();
        let mut limit = RateLimit::new(t0);
        for _ in 0..60 {
            assert_eq!(limit.admit(t0), Admit::Yes);
        }
        assert_eq!(limit.admit(t0), Admit::DropAndSay);
        assert_eq!(limit.admit(t0), Admit::Drop);
        let later = t0 + Duration::from_millis(1100);
        assert_eq!(limit.admit(later), Admit::Yes, "tokens come back with time");
    }
}
