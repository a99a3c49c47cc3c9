//! The HTTP side: the page and its assets from the binary, and the WebSocket every game is
//! played over.

use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use futures_util::{SinkExt, StreamExt};
use tokio::sync::mpsc;

use crate::conn::Client;
use crate::server::Server;

/// A connection's messages waiting to be written (more are dropped: the next state replaces
/// them).
const OUTBOX: usize = 64;

/// The hard cap of a WebSocket frame; messages above the server's own limit but below this get
/// an error back and the connection goes on.
const FRAME_CAP: usize = 1 << 20;

/// The page's files, compiled in.
const ASSETS: &[(&str, &str, &str)] = &[
    (
        "/",
        "text/html; charset=utf-8",
        include_str!("../assets/index.html"),
    ),
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/app.js"),
    ),
    (
        "/board.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/board.js"),
    ),
    (
        "/i18n.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/i18n.js"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_str!("../assets/style.css"),
    ),
    (
        "/favicon.svg",
        "image/svg+xml",
        include_str!("../assets/favicon.svg"),
    ),
];

/// The routes: the assets and `/ws`.
pub fn router(server: Arc<Server>) -> Router {
    let mut router = Router::new().route("/ws", get(upgrade));
    for &(path, mime, body) in ASSETS {
        router = router.route(path, get(move || async move { asset(mime, body) }));
    }
    router.with_state(server)
}

fn asset(mime: &'static str, body: &'static str) -> Response {
    let mut resp = body.into_response();
    let h = resp.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(mime));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; \
             connect-src 'self'; frame-ancestors 'none'",
        ),
    );
    resp
}

/// The page's address as the browser reached it, from a `Host` that names a host (and port).
fn origin(headers: &HeaderMap, listen: SocketAddr) -> String {
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| {
            h.len() <= 100
                && h.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-.:[]".contains(&b))
        });
    format!(
        "http://{}",
        host.map_or_else(|| listen.to_string(), str::to_string)
    )
}

/// A page from another site may not open a game socket here (its `Origin` must be this host).
fn same_origin(headers: &HeaderMap, origin: &str) -> bool {
    match headers.get(header::ORIGIN).and_then(|o| o.to_str().ok()) {
        None => true,
        Some(o) => {
            o.strip_prefix("https://")
                .map(|h| format!("http://{h}"))
                .as_deref()
                .unwrap_or(o)
                == origin
        }
    }
}

async fn upgrade(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let origin = origin(&headers, server.cfg.listen);
    if !same_origin(&headers, &origin) {
        return (
            StatusCode::FORBIDDEN,
            "another site's page may not play here",
        )
            .into_response();
    }
    ws.max_message_size(FRAME_CAP)
        .max_frame_size(FRAME_CAP)
        .on_upgrade(move |socket| play(server, socket, peer, origin))
}

/// Runs one connection: its reader here, its writer in a task.
async fn play(server: Arc<Server>, socket: WebSocket, peer: SocketAddr, origin: String) {
    let (mut sink, mut stream) = socket.split();
    let open = server.connections.fetch_add(1, Ordering::SeqCst);
    if open >= server.cfg.max_connections {
        server.connections.fetch_sub(1, Ordering::SeqCst);
        let text = format!(
            r#"{{"t":"error","code":"limit","text":"the server has its {} connections: try again later"}}"#,
            server.cfg.max_connections
        );
        let _ = sink.send(Message::Text(text.into())).await;
        let _ = sink.close().await;
        return;
    }
    let (tx, mut rx) = mpsc::channel::<String>(OUTBOX);
    let writer = tokio::spawn(async move {
        while let Some(text) = rx.recv().await {
            if sink.send(Message::Text(text.into())).await.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let mut client = Client::new(server, tx, peer.ip(), origin);
    client.hello();
    while let Some(Ok(msg)) = stream.next().await {
        match msg {
            Message::Text(text) => client.on_text(text.as_str()),
            Message::Binary(_) => {
                client.error("bad_message", "bad message: send JSON text, not binary")
            }
            Message::Close(_) => break,
            Message::Ping(_) | Message::Pong(_) => {}
        }
    }
    drop(client);
    writer.abort();
}
