//! # dama: a draughts engine library
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
//!
//! ## The public API
//!
//! The crate is the engine; the tools around it (the `dama` command line, the match runner, the
//! tuner, the book builder) live in the `dama-tools` crate of the same workspace and use only
//! what is listed here. Layers go down only, in this order:
//!
//! | layer | module | what it gives |
//! |---|---|---|
//! | types | [`types`], [`files`] | [`Bitboard`], [`Color`], [`Piece`], [`Square`], the [`types::SplitMix`] generator; files written under a temporary name and renamed when whole ([`files::PartFile`]) |
//! | rules | [`rules`] | [`Variant`] and its [`RuleSet`] (board geometry, directions, precedence, draw rules) |
//! | position | the crate root | [`Position`] (copy-make: [`Position::play`]), [`Move`], [`MoveList`], [`Key`]; all of them generic over the word of their square sets ([`Board`]: [`Position`] is 64 bits, [`WidePosition`] 128 bits for the 12×12 board; [`for_word!`] picks the one of a variant) |
//! | move generation | [`movegen`], [`goal`], [`perft`] | legal moves, captures, whether a position is over by the variant's goal and who won, perft counts |
//! | knowledge | [`eval`], [`notation`], [`game`], [`book`], [`bitbase`] | evaluation and its weights; FEN, PDN and move text; a game with its draw rules; opening-book reading and probing; endgame bitbases (generation, files, probing) |
//! | search | [`search`] | the limits, reports and results of a search ([`search::SearchLimits`], [`search::SearchInfo`], [`search::SearchResult`]) |
//! | engine | [`engine`] | the facade every front end uses: [`engine::Engine`] with its options; [`engine::Engine::start`] runs a search in the background and returns its [`engine::SearchHandle`] (stop, ponder hit, wait), [`engine::Engine::go`] blocks |
//! | protocols | [`protocol`], [`bench`](mod@bench), [`selfplay`] | the Hub session over any pair of streams, the DXP session over a TCP stream ([`protocol::dxp`]); the bench signature; games of engines against each other ([`selfplay::play_out`]) |
//!
//! Modules and items not reachable from here are internal and may change at any time.
//! `tests/layering.rs` reads the sources and fails on an import that goes up a layer or on an
//! import cycle between any two modules.
#![deny(missing_docs)]

/// Runs `$body` with the type name `$w` standing for the word of `$variant`'s positions
/// (`u128` for a board of more than 64 bits, else `u64`: [`RuleSet::wide`]), so that a front
/// end calls the code generic over the word once, at the variant's own width:
/// `dama::for_word!(variant, W => run::<W>(args))`.
#[macro_export]
macro_rules! for_word {
    ($variant:expr, $w:ident => $body:expr) => {
        if $crate::Variant::rules($variant).wide() {
            #[allow(dead_code)]
            type $w = u128;
            $body
        } else {
            #[allow(dead_code)]
            type $w = u64;
            $body
        }
    };
}

pub mod bench;
pub mod bitbase;
pub mod book;
pub mod engine;
pub mod eval;
pub mod files;
pub mod game;
pub mod goal;
pub mod movegen;
mod moves;
pub mod notation;
pub mod perft;
mod position;
pub mod protocol;
pub mod rules;
pub mod search;
pub mod selfplay;
pub mod types;
mod zobrist;

pub use moves::{Move, MoveList, WideMove};
pub use position::{Board, KingRun, Position, WidePosition};
pub use rules::{RuleSet, Variant};
pub use types::{Bitboard, Color, Piece, Square};
pub use zobrist::Key;
