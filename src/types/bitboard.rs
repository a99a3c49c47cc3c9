//! A set of squares as the bits of a machine word in the padded ("ghost square") layout of
//! [`crate::rules::Geometry`].
//!
//! The word is a type parameter ([`BitWord`]): `u64` holds every board up to 64 bits of layout
//! (8×8, 10×10, the all-squares 8×8), `u128` the 12×12 board (77 bits). Code generic over the
//! word is compiled once per word, so the 64-bit boards pay nothing for the wider one;
//! `Bitboard` alone means `Bitboard<u64>`.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

use super::square::Square;

/// The machine word of a [`Bitboard`]: the operations a set of squares needs.
pub trait BitWord:
    Copy
    + Eq
    + Ord
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
{
    /// No bit set.
    const ZERO: Self;
    /// Bits in the word.
    const BITS: u32;
    /// The word with only bit `i` set.
    fn bit(i: u32) -> Self;
    /// Set bits.
    fn count_ones(self) -> u32;
    /// Zero bits below the lowest set bit.
    fn trailing_zeros(self) -> u32;
    /// Zero bits above the highest set bit.
    fn leading_zeros(self) -> u32;
    /// Rotation towards the high bits.
    fn rotate_left(self, n: u32) -> Self;
    /// The word without its lowest set bit.
    fn clear_lowest(self) -> Self;
    /// Shift towards the high bits (`n` below [`BitWord::BITS`]).
    fn shl(self, n: u32) -> Self;
    /// Shift towards the low bits (`n` below [`BitWord::BITS`]).
    fn shr(self, n: u32) -> Self;
    /// The low [`BitWord::BITS`] bits of a 128-bit word (how the board tables, computed once
    /// in 128 bits, are read at every word).
    fn from_wide(wide: u128) -> Self;
    /// The word as 128 bits.
    fn to_wide(self) -> u128;
    /// The bits from `lo` up, as many as a `usize` holds (`lo` below [`BitWord::BITS`]).
    fn bits_from(self, lo: u32) -> usize;
}

macro_rules! bit_word {
    ($w:ty) => {
        impl BitWord for $w {
            const ZERO: $w = 0;
            const BITS: u32 = <$w>::BITS;
            #[inline(always)]
            fn bit(i: u32) -> $w {
                1 << i
            }
            #[inline(always)]
            fn count_ones(self) -> u32 {
                <$w>::count_ones(self)
            }
            #[inline(always)]
            fn trailing_zeros(self) -> u32 {
                <$w>::trailing_zeros(self)
            }
            #[inline(always)]
            fn leading_zeros(self) -> u32 {
                <$w>::leading_zeros(self)
            }
            #[inline(always)]
            fn rotate_left(self, n: u32) -> $w {
                <$w>::rotate_left(self, n)
            }
            #[inline(always)]
            fn clear_lowest(self) -> $w {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn shl(self, n: u32) -> $w {
                self << n
            }
            #[inline(always)]
            fn shr(self, n: u32) -> $w {
                self >> n
            }
            #[inline(always)]
            fn from_wide(wide: u128) -> $w {
                wide as $w
            }
            #[inline(always)]
            fn to_wide(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn bits_from(self, lo: u32) -> usize {
                (self >> lo) as usize
            }
        }
    };
}

bit_word!(u64);
bit_word!(u128);

/// A set of squares. Bit `i` is the square whose padded index is `i` (see [`crate::rules::Geometry`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bitboard<W: BitWord = u64>(pub W);

impl<W: BitWord> Bitboard<W> {
    /// The empty set.
    pub const EMPTY: Bitboard<W> = Bitboard(W::ZERO);

    /// The set holding only `sq`.
    #[inline(always)]
    pub fn from_square(sq: Square) -> Bitboard<W> {
        Bitboard(W::bit(sq.0 as u32))
    }

    /// True when no square is set.
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.0 == W::ZERO
    }

    /// True when at least one square is set.
    #[inline(always)]
    pub fn any(self) -> bool {
        self.0 != W::ZERO
    }

    /// Number of squares in the set.
    #[inline(always)]
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// True when `sq` is in the set.
    #[inline(always)]
    pub fn has(self, sq: Square) -> bool {
        (self.0 & W::bit(sq.0 as u32)) != W::ZERO
    }

    /// The lowest square of the set, if any.
    #[inline(always)]
    pub fn first(self) -> Option<Square> {
        self.any().then(|| Square(self.0.trailing_zeros() as u8))
    }

    /// Shifts by a signed amount: positive moves bits up (towards higher indices).
    #[inline(always)]
    pub fn shift(self, delta: i8) -> Bitboard<W> {
        if delta >= 0 {
            Bitboard(self.0.shl(delta as u32))
        } else {
            Bitboard(self.0.shr((-delta) as u32))
        }
    }

    /// Iterates over the squares, lowest first.
    #[inline(always)]
    pub fn iter(self) -> SquareIter<W> {
        SquareIter(self.0)
    }

    /// The set in a 128-bit word (the same bits).
    #[inline(always)]
    pub fn wide(self) -> Bitboard<u128> {
        Bitboard(self.0.to_wide())
    }

    /// The set of a 128-bit word in this word (the bits above it are dropped: the board
    /// tables have none there).
    #[inline(always)]
    pub fn narrow(wide: Bitboard<u128>) -> Bitboard<W> {
        Bitboard(W::from_wide(wide.0))
    }
}

/// Iterator over the squares of a [`Bitboard`].
pub struct SquareIter<W: BitWord = u64>(W);

impl<W: BitWord> Iterator for SquareIter<W> {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == W::ZERO {
            return None;
        }
        let sq = Square(self.0.trailing_zeros() as u8);
        self.0 = self.0.clear_lowest();
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl<W: BitWord> IntoIterator for Bitboard<W> {
    type Item = Square;
    type IntoIter = SquareIter<W>;
    fn into_iter(self) -> SquareIter<W> {
        self.iter()
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl<W: BitWord> $tr for Bitboard<W> {
            type Output = Bitboard<W>;
            #[inline(always)]
            fn $f(self, rhs: Bitboard<W>) -> Bitboard<W> {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl<W: BitWord> $atr for Bitboard<W> {
            #[inline(always)]
            fn $af(&mut self, rhs: Bitboard<W>) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl<W: BitWord> Not for Bitboard<W> {
    type Output = Bitboard<W>;
    #[inline(always)]
    fn not(self) -> Bitboard<W> {
        Bitboard(!self.0)
    }
}

/// Set difference: the squares of `self` that are not in `rhs`.
impl<W: BitWord> Sub for Bitboard<W> {
    type Output = Bitboard<W>;
    #[inline(always)]
    fn sub(self, rhs: Bitboard<W>) -> Bitboard<W> {
        Bitboard(self.0 & !rhs.0)
    }
}

impl<W: BitWord> FromIterator<Square> for Bitboard<W> {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard<W> {
        iter.into_iter()
            .fold(Bitboard::EMPTY, |b, s| b | Bitboard::from_square(s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_sets_hold_squares_above_64() {
        let s = [Square(3), Square(70), Square(127)];
        let set: Bitboard<u128> = s.into_iter().collect();
        assert_eq!(set.count(), 3);
        assert!(set.has(Square(70)) && !set.has(Square(69)));
        assert_eq!(set.iter().collect::<Vec<_>>(), s);
        assert_eq!(set.first(), Some(Square(3)));
        assert_eq!(
            Bitboard::<u128>::from_square(Square(70)).shift(-7).first(),
            Some(Square(63))
        );
        assert_eq!(Bitboard::<u64>::narrow(set.wide()), Bitboard(1u64 << 3));
    }
}
