//! One page's online play on a thread of its own. The core's session [`Link`]s are not `Send`,
//! so they cannot live in the socket's task; a plain thread owns the page's [`PageOnline`],
//! takes the page's requests through a channel and polls the session on ticks (as the
//! terminal does), and hands every batch of messages back to the socket's loop, which never
//! waits on the network.
//!
//! The thread starts with the page's first online request. When the socket closes, a worker
//! playing a game is kept for a while (`kept_games`: a reloaded page takes it back and is sent
//! everything again); once the socket's end of it is dropped, the channel closes and the thread
//! leaves the session on purpose (the opponent is told) before it ends.
//!
//! [`Link`]: tripot_app::network::Link

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::mpsc as async_mpsc;

use super::messages::ServerMessage;
use super::online_messages::OnlineRequest;
use super::page_online::{NetworkSlot, PageOnline};

/// How often a running session is polled: a move or a notice shows within this.
const TICK: Duration = Duration::from_millis(50);

/// How long an idle worker (no session, no list) sleeps between two looks at its channel.
const IDLE: Duration = Duration::from_secs(60);

/// The server's network, shared by every page's worker.
pub(crate) type SharedNetwork = Arc<Mutex<NetworkSlot>>;

/// What the socket asks of its worker.
enum Order {
    /// The page's request.
    Request(OnlineRequest),
    /// A page came back (a reload): everything is sent again, as to a new page.
    Resend,
}

/// The socket's end of a page's online worker.
pub(crate) struct OnlineWorker {
    requests: mpsc::Sender<Order>,
    messages: async_mpsc::UnboundedReceiver<Vec<ServerMessage>>,
    /// Whether a game (or a wait for an opponent) runs: only then is it worth keeping.
    playing: Arc<AtomicBool>,
}

impl OnlineWorker {
    /// Starts the page's worker on `network`.
    pub(crate) fn spawn(network: SharedNetwork) -> std::io::Result<OnlineWorker> {
        let (requests, requests_in) = mpsc::channel();
        let (messages_out, messages) = async_mpsc::unbounded_channel();
        let playing = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&playing);
        std::thread::Builder::new()
            .name("tripot-web-online".into())
            .spawn(move || work(&network, &requests_in, &messages_out, &flag))?;
        Ok(OnlineWorker { requests, messages, playing })
    }

    /// Hands a request to the worker; false if it has stopped.
    pub(crate) fn send(&self, request: OnlineRequest) -> bool {
        self.requests.send(Order::Request(request)).is_ok()
    }

    /// Whether an online game runs (or waits for its opponent).
    pub(crate) fn playing(&self) -> bool {
        self.playing.load(Ordering::Relaxed)
    }

    /// A new page takes this worker over: what was meant for the closed page is dropped, and
    /// the whole state is sent again. False if the worker has stopped.
    pub(crate) fn resend(&mut self) -> bool {
        while self.messages.try_recv().is_ok() {}
        self.requests.send(Order::Resend).is_ok()
    }

    /// The next batch of messages; `None` once the worker has stopped.
    pub(crate) async fn next(&mut self) -> Option<Vec<ServerMessage>> {
        self.messages.recv().await
    }
}

fn work(
    network: &Mutex<NetworkSlot>,
    requests: &mpsc::Receiver<Order>,
    messages: &async_mpsc::UnboundedSender<Vec<ServerMessage>>,
    playing: &AtomicBool,
) {
    let mut page = PageOnline::default();
    let mut ticked = Instant::now();
    loop {
        let wait = if page.busy() { TICK.saturating_sub(ticked.elapsed()) } else { IDLE };
        let mut out = match requests.recv_timeout(wait) {
            Ok(Order::Request(request)) => page.handle(request, network),
            Ok(Order::Resend) => page.resend(),
            Err(RecvTimeoutError::Timeout) => Vec::new(),
            Err(RecvTimeoutError::Disconnected) => break,
        };
        // Ticks go on between requests, however many come.
        if page.busy() && ticked.elapsed() >= TICK {
            ticked = Instant::now();
            out.extend(page.tick());
        }
        playing.store(page.playing(), Ordering::Relaxed);
        if !out.is_empty() && messages.send(out).is_err() {
            break;
        }
    }
    page.close();
}
