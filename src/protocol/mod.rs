//! The Hub protocol (version 2, as spoken by Scan): the text front end that GUIs, bots and match
//! runners use (`dama hub`).
//!
//! [`command`] reads lines into typed commands, [`reply`] writes the engine's lines and
//! [`numbering`] converts positions and moves between dama and the numbering of the client.
//! Nothing here prints outside the writer it is given, and nothing exits the process.

pub mod command;
pub mod numbering;
pub mod reply;
