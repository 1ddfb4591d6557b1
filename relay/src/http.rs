//! A tiny HTTP/1.1 endpoint: `GET /health` and `GET /metrics`. Hand-written on purpose: two
//! read-only routes do not justify a web framework in the relay's build.

use crate::metrics;
use prometheus_client::registry::Registry;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;

/// Requests larger than this are refused: ours fit in a line.
const MAX_REQUEST: usize = 8 * 1024;
/// Clients served at once; others wait for a slot.
const MAX_CLIENTS: usize = 32;

/// What the endpoint serves.
#[derive(Clone)]
pub(crate) struct HttpState {
    pub(crate) registry: Arc<Mutex<Registry>>,
    pub(crate) peer_id: String,
}

/// Serves until the listener's task is aborted.
pub(crate) async fn serve(listener: TcpListener, state: HttpState) {
    let slots = Arc::new(Semaphore::new(MAX_CLIENTS));
    loop {
        let Ok(permit) = slots.clone().acquire_owned().await else { return };
        let (stream, _) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                tracing::debug!("http accept: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let state = state.clone();
        tokio::spawn(async move {
            let _permit = permit;
            if let Err(e) = tokio::time::timeout(Duration::from_secs(5), answer(stream, &state)).await {
                tracing::debug!("http client too slow: {e}");
            }
        });
    }
}

async fn answer(mut stream: TcpStream, state: &HttpState) -> std::io::Result<()> {
    let mut buf = Vec::with_capacity(512);
    let mut chunk = [0u8; 1024];
    while !buf.windows(4).any(|w| w == b"\r\n\r\n") {
        let n = stream.read(&mut chunk).await?;
        if n == 0 {
            break;
        }
        buf.extend_from_slice(&chunk[..n]);
        if buf.len() > MAX_REQUEST {
            return respond(&mut stream, "413 Payload Too Large", "text/plain", "request too large\n").await;
        }
    }
    let head = String::from_utf8_lossy(&buf);
    let mut parts = head.lines().next().unwrap_or_default().split_whitespace();
    let (method, path) = (parts.next().unwrap_or_default(), parts.next().unwrap_or_default());
    let path = path.split('?').next().unwrap_or_default();
    match (method, path) {
        ("GET", "/health") => {
            let body = format!("ok {}\n", state.peer_id);
            respond(&mut stream, "200 OK", "text/plain; charset=utf-8", &body).await
        }
        ("GET", "/metrics") => {
            let body = metrics::encode(&state.registry);
            respond(
                &mut stream,
                "200 OK",
                "application/openmetrics-text; version=1.0.0; charset=utf-8",
                &body,
            )
            .await
        }
        ("GET", _) => respond(&mut stream, "404 Not Found", "text/plain", "not found\n").await,
        _ => respond(&mut stream, "405 Method Not Allowed", "text/plain", "method not allowed\n").await,
    }
}

async fn respond(
    stream: &mut TcpStream,
    status: &str,
    content_type: &str,
    body: &str,
) -> std::io::Result<()> {
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await?;
    stream.write_all(body.as_bytes()).await?;
    stream.shutdown().await
}
