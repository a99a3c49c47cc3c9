//! The Hub protocol, both sides: the codec that reads and writes Hub lines
//! ([`line`](mod@line)) and the position strings and move numbers of real clients
//! ([`numbering`]), shared by the engine's session and by the match runner's client; and the
//! engine's session ([`run`]).
//!
//! Inside the session, `command` reads lines into typed commands, `reply` writes the engine's
//! lines and `params` holds the parameters; a reader thread feeds the loop through one channel.

mod command;
mod event;
mod idle;
pub mod line;
pub mod numbering;
mod params;
mod reader;
mod reply;
mod session;

pub use line::{parse_line, quoted, value, Arg, HubLine, LineError};
pub use params::{Change, Settings, NAMES};
pub use session::{run, run_with};
