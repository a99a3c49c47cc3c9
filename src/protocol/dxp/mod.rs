//! DamExchange (DXP): the TCP protocol international engines play each other with.
//!
//! [`message`] reads and writes every message type with its exact field widths; [`frame`] cuts
//! the byte stream into NUL-terminated messages of 1-127 ASCII bytes. Both return errors as
//! values and never print.

pub mod board;
pub mod config;
pub mod frame;
pub mod game;
pub mod message;
mod parse;
mod session;

pub use board::DxpBoard;
pub use config::{DxpConfig, DxpEvent, InitiatorPlan, Role, Summary};
pub use frame::{encode, write_message, FrameError, FrameReader, MAX_FRAME};
pub use message::{
    AccCode, BackAcc, BackReq, EndReason, GameAcc, GameEnd, GameReq, Message, MoveMsg, ParseError,
    Setup, Start,
};
pub use session::DxpPlayer;
