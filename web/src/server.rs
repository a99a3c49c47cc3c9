//! What all connections share: the settings, the search pool, the rooms, the counts that the
//! limits are checked against; and the engine's turns.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde_json::json;

use crate::duel::{lock, Shared};
use crate::search::{Pool, SearchSpec};
use crate::settings::Settings;

/// The server's shared state.
pub struct Server {
    /// The settings.
    pub cfg: Settings,
    /// The search threads.
    pub pool: Pool,
    /// The rooms by code.
    pub rooms: Mutex<HashMap<String, Shared>>,
    /// Open connections.
    pub connections: AtomicUsize,
    next_id: AtomicU64,
    wrong_codes: Mutex<HashMap<IpAddr, (Instant, u32)>>,
}

/// Locks a plain map (a panic while it was held leaves the map usable).
pub fn guard<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Server {
    /// A server with `cfg`, its search threads started.
    pub fn new(cfg: Settings) -> Arc<Server> {
        Arc::new(Server {
            pool: Pool::new(cfg.search_threads, cfg.queued_searches),
            cfg,
            rooms: Mutex::new(HashMap::new()),
            connections: AtomicUsize::new(0),
            next_id: AtomicU64::new(1),
            wrong_codes: Mutex::new(HashMap::new()),
        })
    }

    /// A new connection's id.
    pub fn connection_id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    /// Whether `ip` may try a room code now (it has not tried too many wrong ones this minute).
    pub fn may_try_code(&self, ip: IpAddr) -> bool {
        let map = guard(&self.wrong_codes);
        map.get(&ip).is_none_or(|(since, n)| {
            since.elapsed() >= Duration::from_secs(60) || *n < self.cfg.wrong_codes_per_minute
        })
    }

    /// Counts a wrong code tried from `ip`.
    pub fn wrong_code(&self, ip: IpAddr) {
        let mut map = guard(&self.wrong_codes);
        if map.len() > 10_000 {
            map.retain(|_, (since, _)| since.elapsed() < Duration::from_secs(60));
        }
        let entry = map.entry(ip).or_insert((Instant::now(), 0));
        if entry.0.elapsed() >= Duration::from_secs(60) {
            *entry = (Instant::now(), 0);
        }
        entry.1 += 1;
    }

    /// The search of the engine's move at `level`.
    pub fn engine_spec(&self, level: u8, seed: u64) -> SearchSpec {
        SearchSpec {
            skill: level,
            time: self.cfg.level5_time,
            seed,
            book: level >= 5,
        }
    }
}

/// Starts the engine's search when it is to move in `duel`; its move is played when it comes,
/// if the game has not changed meanwhile, and the next turn is looked at again.
pub fn engine_turn(server: &Arc<Server>, duel: &Shared) {
    let dropout = server.cfg.dropout;
    let (job, generation, side) = {
        let mut d = lock(duel);
        let side = d.table.side();
        if d.end().is_some() || d.thinking || !d.engine_plays(side, dropout) {
            return;
        }
        let seed = d.seed ^ d.table.plies() as u64;
        let spec = server.engine_spec(d.level, seed);
        d.thinking = true;
        d.broadcast(dropout);
        (d.table.search(spec), d.generation, side)
    };
    let rx = match server.pool.submit(job) {
        Ok(rx) => rx,
        Err(_) => return retry_when_busy(server, duel),
    };
    let (server, duel) = (Arc::clone(server), Arc::clone(duel));
    tokio::spawn(async move {
        let path = rx.await.ok().flatten();
        {
            let mut d = lock(&duel);
            d.thinking = false;
            let current = d.generation == generation && d.end().is_none() && d.table.side() == side;
            if current && d.engine_plays(side, dropout) {
                match path.map(|p| d.table.play_path(&p)) {
                    Some(Ok(())) => d.changed(),
                    _ => d.tell_all(&json!({"t": "error", "code": "engine", "text": "the engine found no move"})),
                }
            }
            d.broadcast(dropout);
        }
        engine_turn(&server, &duel);
    });
}

/// All search threads are taken and the queue is full: the players are told, and the engine
/// tries again in a second.
fn retry_when_busy(server: &Arc<Server>, duel: &Shared) {
    {
        let mut d = lock(duel);
        d.thinking = false;
        d.tell_all(&json!({"t": "error", "code": "busy",
            "text": "the server is busy: the engine will move when a search thread is free"}));
    }
    let (server, duel) = (Arc::clone(server), Arc::clone(duel));
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_secs(1)).await;
        engine_turn(&server, &duel);
    });
}

/// A dropped player's seat: after the dropout time the engine may play for him; a room both
/// players have left ends after the linger time.
pub fn watch_departure(server: &Arc<Server>, duel: &Shared) {
    let (server, duel) = (Arc::clone(server), Arc::clone(duel));
    tokio::spawn(async move {
        let dropout = server.cfg.dropout;
        tokio::time::sleep(dropout + Duration::from_millis(20)).await;
        lock(&duel).broadcast(dropout);
        engine_turn(&server, &duel);
        let linger = server.cfg.room_linger.saturating_sub(dropout);
        tokio::time::sleep(linger).await;
        close_if_empty(&server, &duel);
    });
}

/// Removes the room of `duel` when nobody is in it.
fn close_if_empty(server: &Server, duel: &Shared) {
    let d = lock(duel);
    let linger = server.cfg.room_linger;
    let empty = d
        .seats
        .iter()
        .all(|s| s.conn.is_none() && s.away_since.is_none_or(|t| t.elapsed() >= linger));
    if let (true, Some(code)) = (empty, &d.room) {
        guard(&server.rooms).remove(code);
    }
}
