//! `dama serve`: the browser game (the server is the `dama-web` crate).

use std::net::SocketAddr;
use std::time::Duration;

use anyhow::{anyhow, Result};
use clap::Args;

use dama::Variant;
use dama_web::Settings;

/// Arguments of `dama serve`.
#[derive(Args)]
pub struct ServeArgs {
    /// The address to listen on (another machine can reach only an address other than 127.0.0.1).
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: SocketAddr,
    /// The variant the start screen offers first (`dama variants` lists them).
    #[arg(long, default_value = "czech")]
    variant: Variant,
    /// Threads that run the engine's searches [default: the number of cores].
    #[arg(long)]
    search_threads: Option<usize>,
    /// Searches that may wait for a thread; past them the engine's move waits and a hint is refused.
    #[arg(long, default_value_t = 256)]
    queued_searches: usize,
    /// Open connections at most.
    #[arg(long, default_value_t = 1024)]
    max_connections: usize,
    /// Rooms for two at most.
    #[arg(long, default_value_t = 512)]
    max_rooms: usize,
    /// Seconds a dropped player is waited for before the engine plays for him.
    #[arg(long, default_value_t = 45.0)]
    dropout: f64,
    /// Seconds a room lives after both players have left.
    #[arg(long, default_value_t = 120.0)]
    room_linger: f64,
    /// Seconds level 5 thinks for a move.
    #[arg(long, default_value_t = 2.0)]
    time: f64,
    /// Seconds a hint may take.
    #[arg(long, default_value_t = 1.0)]
    hint_time: f64,
}

/// `dama serve`.
pub fn run(a: ServeArgs) -> Result<()> {
    let secs = |name: &str, s: f64| {
        (0.0..1e6)
            .contains(&s)
            .then(|| Duration::from_secs_f64(s))
            .ok_or_else(|| anyhow!("--{name} must be a number of seconds, not {s}"))
    };
    if dama_web::protocol::playable(a.variant.name()).is_err() {
        return Err(anyhow!("{} is not played on a board of squares", a.variant));
    }
    let defaults = Settings::default();
    let settings = Settings {
        listen: a.listen,
        variant: a.variant,
        search_threads: a
            .search_threads
            .unwrap_or(defaults.search_threads)
            .clamp(1, 256),
        queued_searches: a.queued_searches,
        max_connections: a.max_connections,
        max_rooms: a.max_rooms,
        dropout: secs("dropout", a.dropout)?,
        room_linger: secs("room-linger", a.room_linger)?,
        level5_time: secs("time", a.time)?,
        hint_time: secs("hint-time", a.hint_time)?,
        ..defaults
    };
    dama_web::run(settings, |addr| {
        outln!("dama serve: open http://{addr}/ in a browser (Ctrl-C stops)");
    })
}
