//! Making opening books: drop-out expansion with the engine's own search ([`build`]), import
//! of PDN game collections with moves weighted by the game results ([`import`]), and the
//! balanced start positions for match runners ([`openings`]). The book format and probing are
//! the library's ([`dama::book`]).

pub mod build;
pub mod import;
pub mod openings;
