//! # dama: a draughts engine
//!
//! Czech draughts (Česká dáma) by default, and Russian, Brazilian, Pool, English, International
//! and Malá dáma, all from one rules-as-data move generator.
//!
//! ```
//! use dama::{Position, Variant, movegen, perft};
//! let start = Position::start(Variant::Czech);
//! assert_eq!(movegen::legal_moves(&start).len(), 7);
//! assert_eq!(perft::perft(&start, 4, perft::Counting::Moves), 1469);
//! ```
#![deny(missing_docs)]

pub mod bench;
pub mod bitbase;
pub mod book;
pub mod engine;
pub mod eval;
pub mod game;
pub mod matchrunner;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod position;
pub mod protocol;
pub mod rules;
pub mod search;
pub mod tune;
pub mod types;
pub mod zobrist;

pub use moves::{Move, MoveList};
pub use position::Position;
pub use rules::{RuleSet, Variant};
pub use types::{Bitboard, Color, Piece, Square};
