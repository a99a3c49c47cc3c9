//! Squares.

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
