//! The server's settings: where it listens and its limits.

use std::net::SocketAddr;
use std::time::Duration;

use dama::Variant;

/// Everything `dama serve` can be told.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The address to listen on (127.0.0.1:8080 unless told otherwise).
    pub listen: SocketAddr,
    /// The variant the start screen offers first.
    pub variant: Variant,
    /// Threads that run the engine's searches.
    pub search_threads: usize,
    /// Searches that may wait for a thread; past them a search is refused as busy.
    pub queued_searches: usize,
    /// Open WebSocket connections.
    pub max_connections: usize,
    /// Rooms for two at once.
    pub max_rooms: usize,
    /// The largest message a client may send, in bytes.
    pub max_message_bytes: usize,
    /// Messages a client may send per second (a burst of twice as many).
    pub messages_per_second: u32,
    /// Wrong room codes one address may try per minute.
    pub wrong_codes_per_minute: u32,
    /// How long a dropped player is waited for before the engine plays for him.
    pub dropout: Duration,
    /// How long a room lives after both players have left.
    pub room_linger: Duration,
    /// Level 5's time for a move (levels 1-4 stop at their node budgets).
    pub level5_time: Duration,
    /// The time a hint may take.
    pub hint_time: Duration,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            variant: Variant::Czech,
            search_threads: std::thread::available_parallelism().map_or(2, |n| n.get()),
            queued_searches: 256,
            max_connections: 1024,
            max_rooms: 512,
            max_message_bytes: 16 * 1024,
            messages_per_second: 20,
            wrong_codes_per_minute: 10,
            dropout: Duration::from_secs(45),
            room_linger: Duration::from_secs(120),
            level5_time: Duration::from_secs(2),
            hint_time: Duration::from_secs(1),
        }
    }
}
