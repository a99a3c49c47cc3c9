//! The engine's protocols: the Hub protocol (version 2, as spoken by Scan), the text front end
//! that GUIs, bots and match runners use (`dama hub`), and DamExchange over TCP ([`dxp`],
//! `dama dxp`).
//!
//! [`run`] speaks the protocol over any pair of streams. [`input`] cuts any byte stream into
//! bounded lines of text, [`command`] reads lines into typed commands, [`reply`] writes the engine's lines, [`params`] holds the parameters and
//! [`numbering`] converts positions and moves between dama and the numbering of the client.
//! Nothing here prints outside the writer it is given, and nothing exits the process.
//!
//! ```
//! use std::io::Cursor;
//! let mut out = Vec::new();
//! dama::protocol::run(Cursor::new("hub\ninit\nping\nquit\n"), &mut out).unwrap();
//! let text = String::from_utf8(out).unwrap();
//! assert!(text.starts_with("id name=dama"));
//! assert!(text.ends_with("wait\nready\npong\n"));
//! ```

mod command;
pub mod dxp;
mod event;
mod idle;
pub mod input;
pub mod numbering;
mod params;
mod reader;
mod reply;
mod session;

pub use params::{Change, Settings};
pub use session::run;
