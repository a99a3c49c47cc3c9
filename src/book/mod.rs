//! Opening books: per-variant tables of positions with their book moves, scores and weights.
//!
//! A book is a plain-text, diffable file (`book/<variant>.book`, see [`format`]) read into a
//! hash table keyed by the Zobrist key of each position. Every book move is checked to be legal
//! when the book is read; a bad line is skipped and reported as a [`BookWarning`] (the library
//! never prints).
//!
//! [`Book::probe`] chooses a move among the book moves within [`ProbeSettings::margin`] of the
//! best book score, with a seeded weighted random choice, while the position lies within
//! [`ProbeSettings::max_ply`] plies of the start. Books are grown by drop-out expansion with the
//! engine's own search, or from PDN game collections with moves weighted by the game results:
//! those builders are tools (`dama-tools`' `bookgen`), which write books through [`Book`]. The
//! books shipped in `book/` are compiled in ([`builtin`]).
//!
//! ```
//! use dama::book::{Book, BookRng};
//! use dama::{Position, Variant};
//!
//! let book = Book::builtin(Variant::Czech).expect("the Czech book is shipped");
//! let start = Position::start(Variant::Czech);
//! let mv = book.probe(&start, &mut BookRng::new(7)).expect("the start is in the book");
//! assert!(dama::movegen::legal_moves(&start).contains(&mv));
//! ```

pub mod builtin;
mod format;
mod table;

pub use format::{BookError, BookWarning};
pub use table::{Book, BookMove, BookRng, Entry, ProbeSettings};

#[cfg(test)]
mod tests;
