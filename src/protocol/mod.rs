//! The engine's protocols: the Hub protocol (version 2, as spoken by Scan), the text front end
//! that GUIs, bots and match runners use ([`hub`], `dama hub`), and DamExchange over TCP
//! ([`dxp`], `dama dxp`).
//!
//! [`run`] speaks the Hub protocol over any pair of streams; [`input`] cuts any byte stream into
//! bounded lines of text. Nothing here prints outside the writer it is given, and nothing exits
//! the process.
//!
//! ```
//! use std::io::Cursor;
//! let mut out = Vec::new();
//! dama::protocol::run(Cursor::new("hub\ninit\nping\nquit\n"), &mut out).unwrap();
//! let text = String::from_utf8(out).unwrap();
//! assert!(text.starts_with("id name=dama"));
//! assert!(text.ends_with("wait\nready\npong\n"));
//! ```

pub mod config;
pub mod dxp;
pub mod hub;
pub mod input;

pub use hub::{run, run_with, Change, Settings, NAMES};
