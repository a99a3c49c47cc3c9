//! Basic value types: colours, squares, square sets and pieces.

mod bitboard;
mod color;
mod rng;

pub use bitboard::{Bitboard, SquareIter};
pub use color::Color;
pub use rng::SplitMix;

/// A playable square, stored as its bit index in the padded layout of [`crate::rules::Geometry`].
///
/// Use [`crate::rules::Geometry::number`] and [`crate::rules::Geometry::square`] to convert to and
/// from the PDN square number (1-32 on 8×8, 1-50 on 10×10).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u8);

impl Square {
    /// The bit index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The kind of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// A man (kámen): moves forward one square.
    Man = 0,
    /// A king (dáma): moves along diagonals, flying or short per the variant.
    King = 1,
}
