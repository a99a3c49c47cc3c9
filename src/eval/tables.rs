//! Square masks for the evaluation, computed at compile time for each board size in the padded
//! layout of [`crate::rules::Geometry`] (bit = s + s / width for zero-based square number s),
//! in 128 bits: each word reads its own bits of them ([`Bitboard::narrow`]).

use crate::rules::{BoardSize, Word};
use crate::types::{Bitboard, Color, Square};

/// The most rows a board has.
const MAX_ROWS: usize = 12;
/// The most bits a board's layout uses.
const MAX_BITS: usize = 128;

/// Masks of one board size.
pub(crate) struct Tables {
    /// Board width (8, 10 or 12).
    pub width: u8,
    /// `rows[c][r]`: the squares on row `r` counted from colour `c`'s own edge (0 = back row).
    rows: [[Bitboard<u128>; MAX_ROWS]; 2],
    /// `cone[c][bit]`: the squares a man of colour `c` on `bit` could still step through on its
    /// way to promotion (the widening triangle in front of it, up to the far row).
    cone: [[Bitboard<u128>; MAX_BITS]; 2],
    /// The central squares (two middle rows, without the two outer columns on each side).
    centre: Bitboard<u128>,
    /// `front[c]`: the rows in the opponent's half of the board, seen from colour `c`.
    front: [Bitboard<u128>; 2],
    /// The squares on the left half of the board as White sees it (columns a–d on 8×8, a–e on
    /// 10×10).
    left: Bitboard<u128>,
    /// Its mirror: the right half (without the middle column of an odd width, Alkerk's 5×5).
    right: Bitboard<u128>,
    /// `white_row[bit]`: the row of a square counted from White's edge.
    white_row: [u8; MAX_BITS],
    /// `row_bits[c][b]`: the squares whose row counted from colour `c`'s edge has bit `b` set,
    /// so that the rows a set of men has advanced sum as four bit counts ([`Tables::tempo`]).
    row_bits: [[Bitboard<u128>; ROW_BITS]; 2],
}

/// Bits of a row number (rows 0 to 11).
const ROW_BITS: usize = 4;

static EIGHT: Tables = Tables::new(8, false);
static TEN: Tables = Tables::new(10, false);
static TWELVE: Tables = Tables::new(12, false);
static EIGHT_ALL: Tables = Tables::new(8, true);
static FIVE_LINES: Tables = Tables::new(5, true);

/// The tables of `board`.
#[inline]
pub(crate) fn tables(board: BoardSize) -> &'static Tables {
    match board {
        BoardSize::Eight | BoardSize::EightA1Light => &EIGHT,
        BoardSize::Ten => &TEN,
        BoardSize::Twelve => &TWELVE,
        BoardSize::EightAll => &EIGHT_ALL,
        BoardSize::FiveLines => &FIVE_LINES,
    }
}

/// The bit of zero-based square number `s` (see [`crate::rules::Geometry`]).
const fn bit_of(width: u8, all: bool, s: u8) -> u8 {
    if all {
        s
    } else {
        s + s / width
    }
}

/// (column from the left, row from White's edge) of zero-based square number `s` (on the
/// all-squares board when `all`).
const fn coords(width: u8, all: bool, s: u8) -> (i32, i32) {
    if all {
        return ((s % width) as i32, (width - 1 - s / width) as i32);
    }
    let half = width / 2;
    let row_top = s / half;
    let col = 2 * (s % half) + if row_top.is_multiple_of(2) { 1 } else { 0 };
    (col as i32, (width - 1 - row_top) as i32)
}

impl Tables {
    /// The tables of the board `width` squares wide: its dark squares, or all of them (`all`,
    /// where a man also steps sideways, so its cone is every square ahead).
    const fn new(width: u8, all: bool) -> Tables {
        let squares = if all {
            width * width
        } else {
            width * width / 2
        };
        let w = width as i32;
        let mut rows = [[Bitboard(0u128); MAX_ROWS]; 2];
        let mut cone = [[Bitboard(0u128); MAX_BITS]; 2];
        let mut centre = 0u128;
        let mut front = [Bitboard(0u128); 2];
        let mut white_row = [0u8; MAX_BITS];
        let mut left = 0u128;
        let mut right = 0u128;
        let mut row_bits = [[Bitboard(0u128); ROW_BITS]; 2];
        let mut s = 0u8;
        while s < squares {
            let bit = bit_of(width, all, s) as usize;
            let (col, row) = coords(width, all, s);
            rows[0][row as usize].0 |= 1 << bit;
            rows[1][(w - 1 - row) as usize].0 |= 1 << bit;
            white_row[bit] = row as u8;
            let mut b = 0;
            while b < ROW_BITS {
                if row & (1 << b) != 0 {
                    row_bits[0][b].0 |= 1 << bit;
                }
                if (w - 1 - row) & (1 << b) != 0 {
                    row_bits[1][b].0 |= 1 << bit;
                }
                b += 1;
            }
            if col < w / 2 {
                left |= 1 << bit;
            }
            if 2 * col > w - 1 {
                right |= 1 << bit;
            }
            // the halves and the centre rows are symmetric: the middle row of an odd height
            // is in neither half, and it alone is the centre's
            if 2 * row > w - 1 {
                front[0].0 |= 1 << bit;
            } else if 2 * row < w - 1 {
                front[1].0 |= 1 << bit;
            }
            if 2 * row + 1 >= w - 1 && 2 * row <= w && col >= 2 && col <= w - 3 {
                centre |= 1 << bit;
            }
            let mut t = 0u8;
            while t < squares {
                let tbit = bit_of(width, all, t);
                let (c2, r2) = coords(width, all, t);
                let dc = if all {
                    0
                } else if c2 > col {
                    c2 - col
                } else {
                    col - c2
                };
                if r2 > row && dc <= r2 - row {
                    cone[0][bit].0 |= 1 << tbit;
                }
                if r2 < row && dc <= row - r2 {
                    cone[1][bit].0 |= 1 << tbit;
                }
                t += 1;
            }
            s += 1;
        }
        Tables {
            width,
            rows,
            cone,
            centre: Bitboard(centre),
            front,
            left: Bitboard(left),
            right: Bitboard(right),
            white_row,
            row_bits,
        }
    }

    /// The sum over `men` of their rows counted from the edge of the colour whose index is
    /// `way` (0 for the back row).
    #[inline(always)]
    pub fn tempo<W: Word>(&self, way: usize, men: Bitboard<W>) -> i32 {
        let mut sum = 0;
        for (b, mask) in self.row_bits[way].iter().enumerate() {
            sum += ((men & Bitboard::narrow(*mask)).count() as i32) << b;
        }
        sum
    }

    /// The squares on row `row` counted from the edge of the colour whose index is `way`.
    #[inline(always)]
    pub fn row_squares<W: Word>(&self, way: usize, row: usize) -> Bitboard<W> {
        Bitboard::narrow(self.rows[way][row])
    }

    /// The cone ahead of a man of the colour whose index is `way` on `sq`.
    #[inline(always)]
    pub fn cone<W: Word>(&self, way: usize, sq: Square) -> Bitboard<W> {
        Bitboard::narrow(self.cone[way][sq.index()])
    }

    /// The central squares.
    #[inline(always)]
    pub fn centre<W: Word>(&self) -> Bitboard<W> {
        Bitboard::narrow(self.centre)
    }

    /// The opponent's half of the board seen from the colour whose index is `way`.
    #[inline(always)]
    pub fn front<W: Word>(&self, way: usize) -> Bitboard<W> {
        Bitboard::narrow(self.front[way])
    }

    /// The left half of the board as White sees it.
    #[inline(always)]
    pub fn left<W: Word>(&self) -> Bitboard<W> {
        Bitboard::narrow(self.left)
    }

    /// The right half of the board as White sees it (the mirror of [`Tables::left`]).
    #[inline(always)]
    pub fn right<W: Word>(&self) -> Bitboard<W> {
        Bitboard::narrow(self.right)
    }

    /// The row of `sq` counted from `color`'s own edge (0 = its back row).
    #[inline]
    pub fn row(&self, color: Color, sq: Square) -> usize {
        let row = self.white_row[sq.index()] as usize;
        match color {
            Color::White => row,
            Color::Black => self.width as usize - 1 - row,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_match_the_geometry() {
        for board in [BoardSize::Eight, BoardSize::Ten, BoardSize::EightAll] {
            let g = board.geometry::<u64>();
            let t = tables(board);
            for sq in g.all_squares() {
                let (_, r) = g.coords(sq);
                assert_eq!(t.row(Color::White, sq), r as usize);
                assert_eq!(t.row(Color::Black, sq), (g.width - 1 - r) as usize);
                assert!(t.row_squares::<u64>(0, r as usize).has(sq));
                assert!(t.row_squares::<u64>(1, (g.width - 1 - r) as usize).has(sq));
            }
            assert_eq!(t.row_squares(0, 0), g.home_rows(Color::White, 1));
            assert_eq!(t.row_squares(1, 0), g.home_rows(Color::Black, 1));
        }
    }

    #[test]
    fn tempo_is_the_sum_of_the_rows() {
        let mut rng = crate::types::SplitMix::new(5);
        for board in [
            BoardSize::Eight,
            BoardSize::Ten,
            BoardSize::Twelve,
            BoardSize::EightAll,
        ] {
            let t = tables(board);
            let valid = board.names().valid.0;
            for _ in 0..100 {
                let men = Bitboard(
                    (u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64())) & valid,
                );
                for way in 0..2 {
                    let by_rows: i32 = (0..t.width as usize)
                        .map(|r| r as i32 * (men & t.row_squares(way, r)).count() as i32)
                        .sum();
                    assert_eq!(t.tempo(way, men), by_rows, "{board:?} {way}");
                }
            }
        }
    }

    #[test]
    fn cones_and_centre() {
        let g = BoardSize::Eight.geometry::<u64>();
        let t = tables(BoardSize::Eight);
        let sq = |n: &str| g.parse_algebraic(n).unwrap();
        let cone = t.cone::<u64>(0, sq("c5"));
        let names: Vec<String> = cone.iter().map(|s| g.algebraic(s)).collect();
        assert_eq!(cone.count(), 2 + 3 + 3, "{names:?}"); // b6 d6 / a7 c7 e7 / b8 d8 f8
        assert!(cone.has(sq("f8")) && !cone.has(sq("h8")));
        assert_eq!(t.cone::<u64>(1, sq("c3")).count(), 2 + 3); // b2 d2 / a1 c1 e1
        let centre = t.centre::<u64>();
        let names: Vec<String> = centre.iter().map(|s| g.algebraic(s)).collect();
        assert_eq!(centre.count(), 4, "{names:?}");
        assert!(centre.has(sq("d4")) && centre.has(sq("e5")));
        assert_eq!(tables(BoardSize::Ten).centre::<u64>().count(), 6);
        let front = [t.front::<u64>(0), t.front::<u64>(1)];
        assert_eq!(front[0].count(), 16);
        assert!(front[0].has(sq("a5")) && front[1].has(sq("h4")));
        let left = t.left::<u64>();
        assert_eq!(left.count(), 16);
        assert!(left.has(sq("d8")) && !left.has(sq("e1")));
        let ten = BoardSize::Ten.geometry::<u64>();
        let left = tables(BoardSize::Ten).left::<u64>();
        assert_eq!(left.count(), 25);
        assert!(left.has(ten.square(32).unwrap()) && !left.has(ten.square(33).unwrap()));
        assert!(left.has(ten.square(38).unwrap()) && !left.has(ten.square(3).unwrap()));
    }
}
