//! `dama serve`: the game in the browser, against the engine or a friend in a room joined by a
//! code. The page and its assets are compiled in; every game is kept on the server, where the
//! rules core checks every move and the engine searches on a bounded pool of threads.
//!
//! * [`settings`]: the address, the limits, the times;
//! * [`http`]: the page and the WebSocket; [`conn`]: one connection's messages;
//! * [`protocol`]: the messages a page sends, read and checked;
//! * [`duel`]: a match and its two seats; [`server`]: the shared state and the engine's turns;
//! * [`table`]: a game of any variant; [`end`], [`pdn`]: its end and its record;
//! * [`search`]: the search jobs and their thread pool; [`codes`]: room codes and QR codes.

pub mod codes;
pub mod conn;
pub mod duel;
pub mod end;
pub mod http;
pub mod pdn;
pub mod protocol;
pub mod search;
pub mod server;
pub mod settings;
pub mod table;

use std::future::Future;
use std::net::SocketAddr;

pub use settings::Settings;

/// Binds `settings.listen` and returns the address bound (a port 0 is chosen by the system)
/// and the server to await.
pub async fn bind(
    settings: Settings,
) -> std::io::Result<(SocketAddr, impl Future<Output = std::io::Result<()>>)> {
    let listener = tokio::net::TcpListener::bind(settings.listen).await?;
    let addr = listener.local_addr()?;
    let mut settings = settings;
    settings.listen = addr;
    let app = http::router(server::Server::new(settings));
    let serve = axum::serve(
        listener,
        app.into_make_service_with_connect_info::<SocketAddr>(),
    );
    Ok((addr, async move { serve.await }))
}

/// Runs the server until the process ends; `ready` is told the address once it listens.
pub fn run(settings: Settings, ready: impl FnOnce(SocketAddr)) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listen = settings.listen;
        let (addr, serve) = bind(settings)
            .await
            .map_err(|e| anyhow::anyhow!("cannot listen on {listen}: {e}"))?;
        ready(addr);
        serve
            .await
            .map_err(|e| anyhow::anyhow!("the server stopped: {e}"))
    })
}
