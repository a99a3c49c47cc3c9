//! Square numberings: the numbers a variant gives its playable squares in numeric FEN, PDN move
//! text, Hub position strings and moves, and the board display.
//!
//! Both numberings are defined on the board as White sees it (White at the bottom), so the same
//! rule gives different squares on an a1-dark and an a1-light board.

use super::geometry::Geometry;
use crate::types::{BitWord, Square};

/// How the playable squares are numbered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SquareNumbering {
    /// Square 1 at the top left, row by row from the top (Black's side), each row from the left
    /// (PDN GameType `N2` with White first): the standard PDN numbering, 1 = b8 … 32 = g1 on
    /// 8×8 and 1 = b10 … 50 = i1 on 10×10. On the a1-light board it is the FID Italian
    /// numbering ([`SquareNumbering::FID`]): 1 = a8, 2 = c8 … 32 = h1, White on 21-32.
    #[default]
    Standard,
    /// Square 1 at White's bottom right, row by row from the bottom, each row from the right
    /// (PDN `N1` with White first): on the a1-light board the Portuguese numbering, 1 = h1,
    /// 2 = f1, 3 = d1, 4 = b1, 5 = g2 … 32 = a8, White on 1-12.
    Portuguese,
}

impl SquareNumbering {
    /// The FID Italian numbering: [`SquareNumbering::Standard`] on the a1-light board.
    pub const FID: SquareNumbering = SquareNumbering::Standard;

    /// The number of `sq` (1-based).
    pub fn number(self, g: &Geometry<impl BitWord>, sq: Square) -> u32 {
        self.swap_top_left(g, top_left(g, g.number(sq)))
    }

    /// The square numbered `n`, if there is one on this board.
    pub fn square(self, g: &Geometry<impl BitWord>, n: u32) -> Option<Square> {
        if n == 0 || n > g.squares as u32 {
            return None;
        }
        g.square(top_left(g, self.swap_top_left(g, n)))
    }

    /// The number of the square whose standard (top-left) number is `n`; its own inverse.
    fn swap_top_left(self, g: &Geometry<impl BitWord>, n: u32) -> u32 {
        match self {
            SquareNumbering::Standard => n,
            SquareNumbering::Portuguese => g.squares as u32 + 1 - n,
        }
    }
}

/// The standard (top-left) number of the square with layout number `n`, and back: the layout
/// numbers each row from the left of the a1-dark board, which is the right on an a1-light one.
fn top_left(g: &Geometry<impl BitWord>, n: u32) -> u32 {
    if !g.mirrored {
        return n;
    }
    let half = g.width as u32 / 2;
    let (row, k) = ((n - 1) / half, (n - 1) % half);
    row * half + (half - 1 - k) + 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::BoardSize;

    fn names(numbering: SquareNumbering, board: BoardSize, numbers: &[u32]) -> Vec<String> {
        let g = board.geometry::<u64>();
        numbers
            .iter()
            .map(|&n| g.algebraic(numbering.square(g, n).unwrap()))
            .collect()
    }

    #[test]
    fn standard_numbers_start_at_the_top_left() {
        let std = SquareNumbering::Standard;
        let ns = [1, 4, 5, 29, 32];
        assert_eq!(
            names(std, BoardSize::Eight, &ns),
            ["b8", "h8", "a7", "a1", "g1"]
        );
        assert_eq!(
            names(std, BoardSize::Ten, &[1, 46, 50]),
            ["b10", "a1", "i1"]
        );
    }

    #[test]
    fn fid_italian_numbers_the_a1_light_board_from_a8() {
        let fid = SquareNumbering::FID;
        let ns = [1, 2, 3, 4, 5, 21, 32];
        let want = ["a8", "c8", "e8", "g8", "b7", "b3", "h1"];
        assert_eq!(names(fid, BoardSize::EightA1Light, &ns), want);
    }

    #[test]
    fn portuguese_numbers_the_a1_light_board_from_h1() {
        let pt = SquareNumbering::Portuguese;
        let ns = [1, 2, 3, 4, 5, 12, 32];
        let want = ["h1", "f1", "d1", "b1", "g2", "b3", "a8"];
        assert_eq!(names(pt, BoardSize::EightA1Light, &ns), want);
    }

    #[test]
    fn every_numbering_is_a_bijection() {
        for board in BoardSize::ALL {
            let g = board.names();
            for numbering in [SquareNumbering::Standard, SquareNumbering::Portuguese] {
                for sq in g.all_squares() {
                    let n = numbering.number(g, sq);
                    assert_eq!(numbering.square(g, n), Some(sq), "{board:?} {numbering:?}");
                }
                assert_eq!(numbering.square(g, 0), None);
                assert_eq!(numbering.square(g, g.squares as u32 + 1), None);
            }
        }
    }
}
