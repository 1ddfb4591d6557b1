//! One page's WebSocket: frames in, [`PageGame`] messages out, the searches started on their own
//! threads (at most [`MAX_RUNNING`] at once) and their answers brought back into the same loop.
//! A hostile or broken page gets an error for each bad frame and never changes the game by it;
//! a flood is dropped, answered by one error a second.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use axum::extract::ws::{Message, WebSocket};
use tokio::sync::mpsc;

use super::messages::{ClientMessage, ErrorCode, ServerMessage};
use super::online_messages::OnlineRequest;
use super::online_worker::{OnlineWorker, SharedNetwork};
use super::page_game::{Answer, PageGame, Search};
use super::page_table;
use tripot_app::computer;

/// The longest text frame read as a message: the longest real one (a `new_game` with a format-3
/// position) is under 400 bytes.
pub(crate) const MAX_MESSAGE: usize = 2048;

/// What the transport accepts at all; a longer frame closes the socket.
pub(crate) const MAX_FRAME: usize = 16 * 1024;

/// Messages a page may send in a burst, then per second: far above what clicks produce.
const BURST: f64 = 60.0;
const PER_SECOND: f64 = 30.0;

/// Searches one page may have running at once. A search cannot be stopped, so a page that
/// starts game after game would otherwise pile up threads: the others wait, and those no longer
/// needed by then never start.
const MAX_RUNNING: usize = 2;

/// Runs one page's socket until it closes. Online requests go to the page's online worker,
/// started with the first; its messages come back into the same loop.
pub(crate) async fn run(mut socket: WebSocket, network: SharedNetwork, lang: Option<tripot_app::i18n::Lang>) {
    let mut online: Option<OnlineWorker> = None;
    let (answers_tx, mut answers) = mpsc::unbounded_channel::<Answer>();
    let mut game = PageGame::with_saves(super::page_saves::PageSaves::from_env(), lang);
    let mut limit = RateLimit::new(Instant::now());
    let mut running = 0usize;
    let mut waiting: VecDeque<Search> = VecDeque::new();
    if send(&mut socket, &game.hello()).await.is_err() {
        return;
    }
    loop {
        let reaction = tokio::select! {
            frame = socket.recv() => match frame {
                Some(Ok(Message::Text(text))) => {
                    match limit.admit(Instant::now()) {
                        Admit::Yes => match parse(text.as_str()) {
                            Ok(ClientMessage::Online(request)) => online_request(&mut online, &network, request),
                            Ok(message) => game.handle(message),
                            Err(refused) => refused,
                        },
                        Admit::DropAndSay => error(ErrorCode::TooManyMessages, "messages are dropped: too many per second"),
                        Admit::Drop => continue,
                    }
                }
                Some(Ok(Message::Binary(_))) => error(ErrorCode::BadMessage, "binary frames are not part of the protocol"),
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                Some(Ok(Message::Close(_)) | Err(_)) | None => break,
            },
            messages = next_online(&mut online) => match messages {
                Some(send) => super::page_game::Reaction { send, searches: Vec::new() },
                None => {
                    online = None;
                    continue;
                }
            },
            Some(answer) = answers.recv() => {
                running = running.saturating_sub(1);
                game.on_answer(answer)
            }
        };
        waiting.extend(reaction.searches);
        waiting.retain(|search| game.wants(search));
        while running < MAX_RUNNING {
            let Some(search) = waiting.pop_front() else { break };
            running += 1;
            start(search, answers_tx.clone());
        }
        for message in &reaction.send {
            if send(&mut socket, message).await.is_err() {
                return;
            }
        }
    }
}

fn error(code: ErrorCode, detail: &str) -> super::page_game::Reaction {
    super::page_game::Reaction {
        send: vec![ServerMessage::Error { code, detail: detail.to_owned() }],
        searches: Vec::new(),
    }
}

/// A text frame, parsed; refused with a clear error otherwise.
fn parse(text: &str) -> Result<ClientMessage, super::page_game::Reaction> {
    if text.len() > MAX_MESSAGE {
        return Err(error(ErrorCode::TooLarge, "a message is at most 2048 bytes"));
    }
    serde_json::from_str::<ClientMessage>(text).map_err(|e| error(ErrorCode::BadMessage, &e.to_string()))
}

/// Hands an online request to the page's worker, started now if it is not yet.
fn online_request(
    online: &mut Option<OnlineWorker>,
    network: &SharedNetwork,
    request: OnlineRequest,
) -> super::page_game::Reaction {
    if online.is_none() {
        match OnlineWorker::spawn(std::sync::Arc::clone(network)) {
            Ok(worker) => *online = Some(worker),
            Err(e) => return error(ErrorCode::BadMessage, &format!("online play cannot start: {e}")),
        }
    }
    if !online.as_ref().is_some_and(|w| w.send(request)) {
        *online = None;
        return error(ErrorCode::BadMessage, "online play stopped; try again");
    }
    super::page_game::Reaction::default()
}

/// The online worker's next messages; never, while there is none.
async fn next_online(online: &mut Option<OnlineWorker>) -> Option<Vec<ServerMessage>> {
    match online {
        Some(worker) => worker.next().await,
        None => std::future::pending().await,
    }
}

/// Starts a search on its own thread; its answer comes back on `answers` (dropped if the socket
/// has closed meanwhile).
fn start(search: Search, answers: mpsc::UnboundedSender<Answer>) {
    match search {
        Search::Computer { request, ai, position, history } => {
            computer::search_move(Some(ai), position, history, move |mv| {
                let _ = answers.send(Answer::Computer { request, mv });
            });
        }
        Search::Hint { request, position, history } => {
            computer::search_hint(position, history, move |mv| {
                let _ = answers.send(Answer::Hint { request, mv });
            });
        }
        Search::Table(search) => page_table::start(search, move |answer| {
            let _ = answers.send(Answer::Table(answer));
        }),
    }
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
