//! What bounds a search: depth, nodes, time, a clock, or nothing (until stopped).

use std::time::Duration;

/// A chess-style clock: time left for the side to move, increment per move, moves to the next
/// time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock of the side to move.
    pub time_left: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves until the next time control, if any.
    pub moves_to_go: Option<u32>,
}

/// What bounds a search. With nothing set, the search runs until stopped (as with `infinite`).
#[derive(Clone, Debug, Default)]
pub struct SearchLimits {
    /// Deepest nominal depth in plies.
    pub depth: Option<u32>,
    /// Node budget (summed over all threads).
    pub nodes: Option<u64>,
    /// Fixed time for this move.
    pub movetime: Option<Duration>,
    /// A clock to manage.
    pub clock: Option<Clock>,
    /// Search until stopped.
    pub infinite: bool,
    /// Search without time limit until `ponder_hit` (then the clock counts) or `stop`.
    pub ponder: bool,
    /// The engine may answer from its opening book (when the book is on) instead of
    /// searching; the search itself ignores this.
    pub book: bool,
}
