//! The page server's connections, driven by hand on hyper's HTTP/1.1 server (hyper-util) rather
//! than by `axum::serve`, because only hyper's connection builder bounds a slow client: a
//! request head must arrive within [`HEAD_TIME`] (an idle kept-alive connection is closed after
//! as long) and fit in [`MAX_HEAD`] bytes.
//!
//! At most [`MAX_CONNECTIONS`] HTTP connections are served at once. When one more arrives, the
//! oldest gives its place: a stranger who opens a thousand connections and sends half a request
//! on each (they would otherwise all be held until their time runs out) only ever pushes out
//! its own older ones, and the newest — the page being opened — is served. A connection that
//! became a WebSocket is no longer counted here: the sockets have their own bound (`server`).

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, oneshot};

/// HTTP connections served at once (a page needs a handful, for its files and its socket).
pub(crate) const MAX_CONNECTIONS: usize = 128;

/// How long a client may take to send a request head, or stay idle between requests.
pub(crate) const HEAD_TIME: Duration = Duration::from_secs(10);

/// The largest request head read (hyper's buffer; it answers `431` past it). A browser's
/// requests, cookies of other local servers included, fit.
const MAX_HEAD: usize = 16 * 1024;

/// The connections open, oldest first, each with the way to close it.
#[derive(Default)]
struct Open {
    next: u64,
    connections: VecDeque<(u64, oneshot::Sender<()>)>,
}

/// Serves `router` on `listener` for ever (accept errors, such as too many open files, are
/// waited out).
pub(crate) async fn serve(listener: TcpListener, router: Router) {
    let slots = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let open = Arc::new(Mutex::new(Open::default()));
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let permit = match Arc::clone(&slots).try_acquire_owned() {
            Ok(permit) => permit,
            Err(_) => {
                // Full: the oldest connection is closed and gives its place.
                if let Some((_, close)) = lock(&open).connections.pop_front() {
                    let _ = close.send(());
                }
                match Arc::clone(&slots).acquire_owned().await {
                    Ok(permit) => permit,
                    Err(_) => return,
                }
            }
        };
        let (close, closed) = oneshot::channel();
        let id = {
            let mut open = lock(&open);
            open.next += 1;
            let id = open.next;
            open.connections.push_back((id, close));
            id
        };
        let service = TowerToHyperService::new(router.clone());
        let open = Arc::clone(&open);
        tokio::spawn(async move {
            let connection = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEAD_TIME)
                .max_buf_size(MAX_HEAD)
                .serve_connection(TokioIo::new(stream), service)
                .with_upgrades();
            // Ends when the exchange ends (a WebSocket goes on in its own task), when the head is
            // too slow, or when a newer connection needs the place.
            tokio::select! {
                _ = connection => {}
                _ = closed => {}
            }
            lock(&open).connections.retain(|(other, _)| *other != id);
            drop(permit);
        });
    }
}

fn lock(open: &Mutex<Open>) -> std::sync::MutexGuard<'_, Open> {
    open.lock().unwrap_or_else(PoisonError::into_inner)
}
