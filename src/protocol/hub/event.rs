//! What the Hub loop waits for: input from the reader thread and reports from the search.

use crate::protocol::input::InputError;

/// What the loop waits for.
pub(super) enum Event {
    /// A line of input, or what made it unreadable.
    Line(Result<String, InputError>),
    /// The input ended (or could not be read).
    Eof,
    /// A formatted `info` line from the running search.
    Info(String),
    /// The running search has ended: its result is ready.
    Done,
}
