//! The HTTP side of `tripot web`: the page's files, the rules, and the WebSocket, with the
//! checks that keep other sites and other machines out.
//!
//! - On this computer (the default) the server listens on 127.0.0.1 only, and answers only
//!   requests whose `Host` is this loopback address and port: a foreign site that points its
//!   own name at 127.0.0.1 (DNS rebinding) gets 403.
//! - With `--lan` every path starts with a random token (`/TOKEN/`); without it nothing is
//!   served (404), so only those given the address can play.
//! - The WebSocket upgrade must come from the page itself: its `Origin` must be this server's
//!   (`http://` and the request's `Host`), else 403 — another site open in the same browser
//!   cannot drive the game.
//! - At most [`MAX_SOCKETS`] pages are served at once (each holds a game and its computer
//!   players); one more is told the program is busy and its socket closes.
//!
//! The connections themselves (head size and time, their number) are `connections`'.

use std::sync::Arc;

use axum::Router;
use axum::extract::State;
use axum::extract::ws::WebSocketUpgrade;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;

use tokio::sync::Semaphore;

use super::assets::{ASSETS, Asset, rules_address, rules_page, words_table};
use super::socket::{self, MAX_FRAME};
use tripot_app::i18n::Lang;
use tripot_game::catalogue::Family;

/// Pages (WebSockets) served at once: a family's tablets and computers, with room to spare.
pub(crate) const MAX_SOCKETS: usize = 16;

/// Who may be served.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Access {
    /// The port the server listens on (part of the only `Host` accepted locally).
    pub(crate) port: u16,
    /// `--lan`: the token every path starts with; none on this computer.
    pub(crate) token: Option<String>,
    /// `--lang`, told to every page (it wins over the browser's language).
    pub(crate) lang: Option<Lang>,
}

impl Access {
    /// The path every address starts with: `/` or `/TOKEN/`.
    pub(crate) fn base(&self) -> String {
        match &self.token {
            Some(token) => format!("/{token}/"),
            None => "/".to_owned(),
        }
    }

    /// Whether a request with this `Host` is answered: any host with the token (the LAN
    /// address may be any of this machine's), only the loopback names without.
    fn host_allowed(&self, host: Option<&str>) -> bool {
        if self.token.is_some() {
            return true;
        }
        let Some(host) = host else { return false };
        let port = self.port;
        [format!("127.0.0.1:{port}"), format!("localhost:{port}"), format!("[::1]:{port}")]
            .iter()
            .any(|allowed| allowed.eq_ignore_ascii_case(host))
    }
}

/// The server's routes for `access`; every page's socket shares `shared` (online play, the
/// searches).
pub(crate) fn router(access: Access, shared: socket::Shared) -> Router {
    let base = access.base();
    let access = Arc::new(access);
    let sockets = Arc::new(Semaphore::new(MAX_SOCKETS));
    let mut router = Router::new()
        .route(&base, get(index))
        .route(
            &format!("{base}ws"),
            get(move |s, h, ws| upgrade(s, h, ws, shared.clone(), Arc::clone(&sockets))),
        )
        .route(&format!("{base}rules-fr.html"), get(|s, h| rules(s, h, Lang::Fr, Family::Tripot)))
        .route(&format!("{base}rules-en.html"), get(|s, h| rules(s, h, Lang::En, Family::Tripot)))
        .route(&format!("{base}words-fr.json"), get(|s, h| words(s, h, Lang::Fr)))
        .route(&format!("{base}words-en.json"), get(|s, h| words(s, h, Lang::En)));
    for lang in [Lang::Fr, Lang::En] {
        for family in Family::ALL {
            let address = format!("{base}{}", rules_address(lang, family));
            router = router.route(&address, get(move |s, h| rules(s, h, lang, family)));
        }
    }
    for asset in ASSETS {
        router = router.route(&format!("{base}{}", asset.name), get(move |s, h| file(s, h, asset)));
    }
    if base != "/" {
        // `/TOKEN` alone: the page's relative addresses need the final slash.
        let to = base.clone();
        router =
            router.route(base.trim_end_matches('/'), get(move || async move { Redirect::permanent(&to) }));
    }
    router.fallback(|| async { (StatusCode::NOT_FOUND, "not found\n") }).with_state(access)
}

type Shared = State<Arc<Access>>;

fn host(headers: &HeaderMap) -> Option<&str> {
    headers.get(header::HOST).and_then(|v| v.to_str().ok())
}

fn refused() -> Response {
    (StatusCode::FORBIDDEN, "forbidden: open the address tripot web printed\n").into_response()
}

async fn index(State(access): Shared, headers: HeaderMap) -> Response {
    match ASSETS.iter().find(|a| a.name == "index.html") {
        Some(&asset) => file(State(access), headers, asset).await,
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

async fn file(State(access): Shared, headers: HeaderMap, asset: Asset) -> Response {
    if !access.host_allowed(host(&headers)) {
        return refused();
    }
    page_response(asset.content_type, asset.body.to_owned())
}

async fn rules(State(access): Shared, headers: HeaderMap, lang: Lang, family: Family) -> Response {
    if !access.host_allowed(host(&headers)) {
        return refused();
    }
    page_response("text/html; charset=utf-8", rules_page(lang, family))
}

async fn words(State(access): Shared, headers: HeaderMap, lang: Lang) -> Response {
    if !access.host_allowed(host(&headers)) {
        return refused();
    }
    page_response("application/json; charset=utf-8", words_table(lang))
}

/// A page's file with headers that keep it to itself: no outside script, style or connection,
/// no framing by another site, no address (with its token) sent in a `Referer`.
fn page_response(content_type: &'static str, body: String) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
        ),
    );
    response
}

async fn upgrade(
    State(access): Shared,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
    shared: socket::Shared,
    sockets: Arc<Semaphore>,
) -> Response {
    let host = host(&headers);
    if !access.host_allowed(host) || !same_origin(headers.get(header::ORIGIN), host) {
        return refused();
    }
    let ws = ws.max_frame_size(MAX_FRAME).max_message_size(MAX_FRAME);
    match sockets.try_acquire_owned() {
        Ok(slot) => ws.on_upgrade(move |socket| socket::run(socket, shared, slot)),
        // The page is told in its own words, over the socket it asked for.
        Err(_) => ws.on_upgrade(socket::refuse_busy),
    }
}

/// Whether `origin` is this server as the browser reached it: `http://` and the `Host`. A
/// missing `Origin` is refused too: every browser sends one on a WebSocket.
fn same_origin(origin: Option<&HeaderValue>, host: Option<&str>) -> bool {
    let (Some(origin), Some(host)) = (origin.and_then(|o| o.to_str().ok()), host) else {
        return false;
    };
    let expected = format!("http://{host}");
    origin.eq_ignore_ascii_case(&expected)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locally_only_the_loopback_names_of_this_port_are_served() {
        let access = Access { port: 4000, token: None, lang: None };
        assert!(access.host_allowed(Some("127.0.0.1:4000")));
        assert!(access.host_allowed(Some("localhost:4000")));
        assert!(!access.host_allowed(Some("127.0.0.1:4001")));
        assert!(!access.host_allowed(Some("evil.example:4000")));
        assert!(!access.host_allowed(None));
        let lan = Access { port: 4000, token: Some("t".into()), lang: None };
        assert!(lan.host_allowed(Some("192.0.2.7:4000")));
    }

    #[test]
    fn the_origin_must_be_the_page_itself() {
        let host = Some("127.0.0.1:4000");
        assert!(same_origin(Some(&HeaderValue::from_static("http://127.0.0.1:4000")), host));
        assert!(!same_origin(Some(&HeaderValue::from_static("http://evil.example")), host));
        assert!(!same_origin(Some(&HeaderValue::from_static("http://127.0.0.1:4001")), host));
        assert!(!same_origin(None, host));
        assert!(!same_origin(Some(&HeaderValue::from_static("http://127.0.0.1:4000")), None));
    }
}
