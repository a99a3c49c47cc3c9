//! A game against the engine for a person: the logic of `dama play`, as a [`session::Session`]
//! that takes lines of input and answers with lines of text, so that a terminal, a test or
//! any other front end drives the same game.
//!
//! * [`session`]: the game, the engine's moves, hints, undo, the end;
//! * [`command`]: the lines a player types;
//! * [`board`]: the board as text (ASCII or colours and Unicode pieces);
//! * [`record`]: the game as a resumable PDN file;
//! * [`status`]: the draw rules' counters and the end of a game in words.

pub mod board;
pub mod command;
pub mod record;
pub mod session;
pub mod status;
