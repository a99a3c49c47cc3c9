//! Basic value types: colours, squares, square sets and pieces.

mod bitboard;
mod color;
mod piece;
mod rng;
mod square;

pub use bitboard::{BitWord, Bitboard, SquareIter};
pub use color::Color;
pub use piece::Piece;
pub use rng::SplitMix;
pub use square::Square;
