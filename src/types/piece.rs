//! Piece kinds.

/// The kind of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// A man (kámen): moves forward one square.
    Man = 0,
    /// A king (dáma): moves along diagonals, flying or short per the variant.
    King = 1,
}
