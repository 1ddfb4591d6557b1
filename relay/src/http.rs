//! The relay's HTTP endpoint: `GET /health` and `GET /metrics`, on axum's router and hyper's
//! HTTP/1.1 server.
//!
//! Each connection is driven by hand (hyper-util) rather than by `axum::serve`, because the
//! endpoint must stay up when a client is slow, silent or sends too much, and only hyper's
//! connection builder bounds that: the request head is limited to [`MAX_REQUEST`] bytes (hyper
//! answers `431` past it) and must arrive within [`HEAD_TIME`], and a whole exchange gets no
//! longer than [`CLIENT_TIME`]. Connections are accepted as they come, each on a task of its own:
//! at most [`MAX_CLIENTS`] are open at once and [`MAX_CLIENTS_PER_IP`] from one address, and one
//! past either bound is closed at once instead of waiting. (A semaphore taken before `accept`
//! once made 200 silent connections hold `/health` for half a minute: the 33rd client waited in
//! the kernel's queue behind them, issue 21.) One request per connection (`Connection: close`),
//! as monitoring scrapers need no more.

use crate::counts::{count_one, forget_one, held};
use crate::metrics;
use axum::Router;
use axum::extract::State;
use axum::http::{Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use prometheus_client::registry::Registry;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::net::TcpListener;

/// The largest request head read (hyper's smallest buffer): our requests fit in a line.
const MAX_REQUEST: usize = 8 * 1024;
/// Connections open at once; one more is closed at once.
const MAX_CLIENTS: usize = 512;
/// Connections open at once from one address (a scraper needs one).
const MAX_CLIENTS_PER_IP: usize = 8;
/// How long a client may take to send its request head.
const HEAD_TIME: Duration = Duration::from_secs(2);
/// How long one client may take, from accept to the end of the answer.
const CLIENT_TIME: Duration = Duration::from_secs(5);

/// What the endpoint serves.
#[derive(Clone)]
pub(crate) struct HttpState {
    pub(crate) registry: Arc<Mutex<Registry>>,
    pub(crate) peer_id: String,
}

/// The endpoint's routes.
fn router(state: HttpState) -> Router {
    Router::new()
        .route("/health", get(health))
        .route("/metrics", get(metrics_text))
        .fallback(other)
        .method_not_allowed_fallback(other)
        .with_state(state)
}

async fn health(State(state): State<HttpState>) -> Response {
    let body = format!("ok {}\n", state.peer_id);
    ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], body).into_response()
}

async fn metrics_text(State(state): State<HttpState>) -> Response {
    let body = metrics::encode(&state.registry);
    ([(header::CONTENT_TYPE, "application/openmetrics-text; version=1.0.0; charset=utf-8")], body)
        .into_response()
}

/// Anything else: an unknown path is 404 to a `GET`, and every other method is 405 whatever the
/// path (the endpoint is read-only).
async fn other(method: Method) -> Response {
    let (status, body) = if method == Method::GET {
        (StatusCode::NOT_FOUND, "not found\n")
    } else {
        (StatusCode::METHOD_NOT_ALLOWED, "method not allowed\n")
    };
    (status, [(header::CONTENT_TYPE, "text/plain")], body).into_response()
}

/// The connections open now, in all and per address.
#[derive(Debug, Default)]
struct Open {
    total: usize,
    per_ip: HashMap<IpAddr, usize>,
}

/// One open connection's place, given back when it is dropped.
struct Slot {
    open: Arc<Mutex<Open>>,
    ip: IpAddr,
}

impl Slot {
    /// A place for a connection from `ip`, if the bounds leave one.
    fn take(open: &Arc<Mutex<Open>>, ip: IpAddr) -> Option<Slot> {
        let mut counts = open.lock().unwrap_or_else(PoisonError::into_inner);
        if counts.total >= MAX_CLIENTS || held(&counts.per_ip, &ip) >= MAX_CLIENTS_PER_IP {
            return None;
        }
        counts.total += 1;
        count_one(&mut counts.per_ip, ip);
        Some(Slot { open: Arc::clone(open), ip })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut counts = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        counts.total = counts.total.saturating_sub(1);
        forget_one(&mut counts.per_ip, &self.ip);
    }
}

/// Serves until the listener's task is aborted.
pub(crate) async fn serve(listener: TcpListener, state: HttpState) {
    let router = router(state);
    let open = Arc::new(Mutex::new(Open::default()));
    loop {
        let (stream, from) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                tracing::debug!("http accept: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Some(slot) = Slot::take(&open, from.ip()) else {
            tracing::debug!(%from, "http: too many connections, this one is closed");
            drop(stream);
            continue;
        };
        let service = TowerToHyperService::new(router.clone());
        tokio::spawn(async move {
            let _slot = slot;
            let connection = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEAD_TIME)
                .max_buf_size(MAX_REQUEST)
                .keep_alive(false)
                .serve_connection(TokioIo::new(stream), service);
            match tokio::time::timeout(CLIENT_TIME, connection).await {
                Ok(Ok(())) => {}
                Ok(Err(e)) => tracing::debug!("http client: {e}"),
                Err(_) => tracing::debug!("http client too slow"),
            }
        });
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use std::net::SocketAddr;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpStream;

    async fn endpoint() -> SocketAddr {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let state =
            HttpState { registry: Arc::new(Mutex::new(Registry::default())), peer_id: "12D3Koo".into() };
        tokio::spawn(serve(listener, state));
        addr
    }

    /// Sends `request` as is and reads the answer until the server closes.
    async fn exchange(addr: SocketAddr, request: &[u8]) -> String {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        stream.write_all(request).await.unwrap();
        let mut answer = Vec::new();
        // The server may close while we still write an oversized request: what it answered
        // before closing is what counts.
        let _ = stream.read_to_end(&mut answer).await;
        String::from_utf8_lossy(&answer).into_owned()
    }

    #[tokio::test]
    async fn health_and_metrics_answer_with_their_content_types() {
        let addr = endpoint().await;
        let health = exchange(addr, b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n").await;
        assert!(health.starts_with("HTTP/1.1 200 OK\r\n"), "{health}");
        assert!(health.contains("content-type: text/plain; charset=utf-8\r\n"), "{health}");
        assert!(health.contains("connection: close\r\n"), "{health}");
        assert!(health.ends_with("\r\n\r\nok 12D3Koo\n"), "{health}");
        let metrics = exchange(addr, b"GET /metrics?x=1 HTTP/1.1\r\nHost: x\r\n\r\n").await;
        assert!(metrics.starts_with("HTTP/1.1 200 OK\r\n"), "{metrics}");
        assert!(metrics.contains("application/openmetrics-text; version=1.0.0; charset=utf-8"), "{metrics}");
        assert!(metrics.ends_with("# EOF\n"), "{metrics}");
    }

    #[tokio::test]
    async fn other_paths_and_methods_are_refused() {
        let addr = endpoint().await;
        let missing = exchange(addr, b"GET /nope HTTP/1.1\r\nHost: x\r\n\r\n").await;
        assert!(
            missing.starts_with("HTTP/1.1 404 Not Found\r\n") && missing.ends_with("not found\n"),
            "{missing}"
        );
        for request in [
            &b"POST /health HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n"[..],
            b"DELETE /nope HTTP/1.1\r\n\r\n",
        ] {
            let refused = exchange(addr, request).await;
            assert!(refused.starts_with("HTTP/1.1 405 Method Not Allowed\r\n"), "{refused}");
            assert!(refused.ends_with("method not allowed\n"), "{refused}");
        }
    }

    #[tokio::test]
    async fn malformed_and_oversized_requests_are_refused_and_the_endpoint_stays_up() {
        let addr = endpoint().await;
        let garbage = exchange(addr, b"\x00\x01 nonsense\r\n\r\n").await;
        assert!(garbage.starts_with("HTTP/1.1 400 Bad Request\r\n"), "{garbage}");
        let mut huge = b"GET /health HTTP/1.1\r\nX-Filler: ".to_vec();
        huge.extend(std::iter::repeat_n(b'a', 4 * MAX_REQUEST));
        huge.extend_from_slice(b"\r\n\r\n");
        let too_large = exchange(addr, &huge).await;
        assert!(too_large.starts_with("HTTP/1.1 431 Request Header Fields Too Large\r\n"), "{too_large}");
        let health = exchange(addr, b"GET /health HTTP/1.1\r\n\r\n").await;
        assert!(health.starts_with("HTTP/1.1 200 OK\r\n"), "{health}");
    }

    #[test]
    fn places_are_bounded_in_all_and_per_address_and_given_back() {
        let open = Arc::new(Mutex::new(Open::default()));
        let (a, b): (IpAddr, IpAddr) = ("192.0.2.1".parse().unwrap(), "192.0.2.2".parse().unwrap());
        let from_a: Vec<Slot> = (0..MAX_CLIENTS_PER_IP).map(|_| Slot::take(&open, a).unwrap()).collect();
        assert!(Slot::take(&open, a).is_none(), "one more from the same address");
        let from_b = Slot::take(&open, b).expect("another address is not concerned");
        drop(from_a);
        assert!(Slot::take(&open, a).is_some(), "closed connections give their places back");
        drop(from_b);
        assert_eq!(open.lock().unwrap().total, 0);
        assert!(open.lock().unwrap().per_ip.is_empty());
        // In all: distinct addresses up to the bound, then none.
        let many: Vec<Slot> = (0..MAX_CLIENTS)
            .map(|n| Slot::take(&open, IpAddr::from([10, 0, (n / 256) as u8, (n % 256) as u8])).unwrap())
            .collect();
        assert!(Slot::take(&open, b).is_none());
        drop(many);
        assert!(Slot::take(&open, b).is_some());
    }

    #[tokio::test]
    async fn a_silent_client_neither_holds_the_endpoint_nor_stays_forever() {
        let addr = endpoint().await;
        let mut silent = TcpStream::connect(addr).await.unwrap();
        let health = exchange(addr, b"GET /health HTTP/1.1\r\n\r\n").await;
        assert!(health.starts_with("HTTP/1.1 200 OK\r\n"), "{health}");
        // Closed by the server after CLIENT_TIME. The minute allowed is not a speed target, only
        // a bound so that a server that never closes fails the test instead of hanging it.
        let mut rest = Vec::new();
        let closed = tokio::time::timeout(Duration::from_secs(60), silent.read_to_end(&mut rest)).await;
        assert!(closed.is_ok(), "the silent connection is still open");
    }
}
