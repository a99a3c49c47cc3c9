//! The regions of the pattern evaluation, worked out from a board's geometry.
//!
//! A region (window) is a box of 4 columns × 4 rows of the board; on a board of dark squares
//! it holds 8 playable squares, listed in the order of their square numbers. The
//! boxes start on every even column and every row, so they overlap: 3 × 5 = 15 windows on
//! 8×8, 4 × 7 = 28 on 10×10 and 5 × 9 = 45 on 12×12. A window's contents are a base-3 index: digit `k` is 0 for an
//! empty square (or a king: kings are counted apart), 1 for a white man, 2 for a black man.
//!
//! Turning the board by 180° maps every window onto a window ([`Layout::mirror`]) and its
//! square `k` onto that window's square `7 - k`, which is what makes the evaluation
//! colour-symmetric.

use once_cell::sync::Lazy;

use crate::rules::{BoardSize, Geometry, Word};
use crate::types::{BitWord, Bitboard};

/// Squares in a window.
pub const WINDOW_SQUARES: usize = 8;
/// Distinct contents of a window: 3^8.
pub const WINDOW_INDICES: usize = 6561;
/// The most windows a board has (12×12: 5 × 9).
pub const MAX_WINDOWS: usize = 45;

/// The most distinct pairs of squares the windows of a board read (12×12: 12 rows × 5); a
/// power of two.
const MAX_PAIRS: usize = 64;

/// The side of a window's box, in board squares.
const BOX: u8 = 4;

/// The windows of one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Board width (columns).
    pub width: u8,
    /// Board height (rows).
    pub height: u8,
    /// Each window's squares, as bit indices of the board's layout, row by row.
    pub windows: Vec<[u8; WINDOW_SQUARES]>,
    /// `mirror[w]`: the window that `w` becomes when the board is turned by 180°.
    pub mirror: Vec<usize>,
    /// `pairs[w]`: where squares `2j` and `2j + 1` of window `w` are consecutive bits (square
    /// `2j` the lower), the lower bit of each pair; `None` where they are not (then the index
    /// is read square by square).
    pub pairs: Vec<Option<[u8; WINDOW_SQUARES / 2]>>,
    /// The distinct pairs of all windows (their lower bits), when every window reads by pairs;
    /// empty otherwise.
    pair_bits: Vec<u8>,
    /// `slots[w][j]`: the place in `pair_bits` of pair `j` of window `w` (with `pair_bits`).
    slots: Vec<[u8; WINDOW_SQUARES / 2]>,
}

/// `PAIR3[c]`: the base-3 value of a pair of squares whose white men are bits 0-1 of `c` and
/// black men bits 2-3 (the lower square the lower digit).
const PAIR3: [u16; 16] = pair3();

const fn pair3() -> [u16; 16] {
    let mut out = [0u16; 16];
    let mut c = 0;
    while c < 16 {
        out[c] = (c & 1) as u16
            + 3 * ((c >> 1) & 1) as u16
            + 2 * ((c >> 2) & 1) as u16
            + 6 * ((c >> 3) & 1) as u16;
        c += 1;
    }
    out
}

/// The distinct pairs of `pairs` and the place of each window's pairs among them; both empty
/// unless every window reads by pairs.
fn pair_slots(
    pairs: &[Option<[u8; WINDOW_SQUARES / 2]>],
) -> (Vec<u8>, Vec<[u8; WINDOW_SQUARES / 2]>) {
    let Some(all) = pairs.iter().copied().collect::<Option<Vec<_>>>() else {
        return (Vec::new(), Vec::new());
    };
    let mut bits: Vec<u8> = all.iter().flatten().copied().collect();
    bits.sort_unstable();
    bits.dedup();
    let slots = all
        .iter()
        .map(|p| p.map(|lo| bits.iter().position(|&b| b == lo).unwrap_or(0) as u8))
        .collect();
    (bits, slots)
}

/// `BASE3[m]`: the base-3 number whose digit `k` is bit `k` of `m`.
static BASE3: [u16; 256] = base3();

const fn base3() -> [u16; 256] {
    let mut out = [0u16; 256];
    let mut m = 0;
    while m < 256 {
        let mut k = 0;
        while k < WINDOW_SQUARES {
            if m & (1 << k) != 0 {
                out[m] += POW3[k];
            }
            k += 1;
        }
        m += 1;
    }
    out
}

/// The lower bits of the four pairs of `squares`, if each pair is two consecutive bits.
fn pairs_of(squares: &[u8; WINDOW_SQUARES]) -> Option<[u8; WINDOW_SQUARES / 2]> {
    let mut out = [0u8; WINDOW_SQUARES / 2];
    for (j, lo) in out.iter_mut().enumerate() {
        (squares[2 * j + 1] == squares[2 * j] + 1).then_some(())?;
        *lo = squares[2 * j];
    }
    Some(out)
}

/// `3^k` for each square of a window.
const POW3: [u16; WINDOW_SQUARES] = [1, 3, 9, 27, 81, 243, 729, 2187];

impl Layout {
    /// The windows of `g`, or `None` when a 4×4 box of it does not hold exactly 8 playable
    /// squares (a board of all squares) or the board is smaller than a box.
    pub fn of(g: &Geometry<impl BitWord>) -> Option<Layout> {
        if g.width < BOX || g.height < BOX {
            return None;
        }
        let origin = |c0: u8, r0: u8| -> Option<[u8; WINDOW_SQUARES]> {
            let mut squares: Vec<u8> = (r0..r0 + BOX)
                .flat_map(|r| (c0..c0 + BOX).map(move |c| (c, r)))
                .filter_map(|(c, r)| g.from_coords(c, r).map(|s| s.0))
                .collect();
            squares.sort_by_key(|&b| g.number(crate::types::Square(b)));
            squares.try_into().ok()
        };
        let cols: Vec<u8> = (0..=g.width - BOX).step_by(2).collect();
        let rows: Vec<u8> = (0..=g.height - BOX).collect();
        let mut windows = Vec::new();
        let mut origins = Vec::new();
        for &r0 in &rows {
            for &c0 in &cols {
                windows.push(origin(c0, r0)?);
                origins.push((c0, r0));
            }
        }
        let mirror = origins
            .iter()
            .map(|&(c0, r0)| {
                let turned = (g.width - BOX - c0, g.height - BOX - r0);
                origins.iter().position(|&o| o == turned)
            })
            .collect::<Option<Vec<usize>>>()?;
        let pairs: Vec<_> = windows.iter().map(pairs_of).collect();
        let (pair_bits, slots) = pair_slots(&pairs);
        Some(Layout {
            width: g.width,
            height: g.height,
            windows,
            mirror,
            pairs,
            pair_bits,
            slots,
        })
    }

    /// The index of every window for the white men `white` and black men `black`, into
    /// `out[..windows]`: each distinct pair of squares is read once, and a window's index is
    /// the sum of its four pairs' base-3 values times 1, 9, 81 and 729.
    #[inline(always)]
    pub fn indices<W: Word>(
        &self,
        white: Bitboard<W>,
        black: Bitboard<W>,
        out: &mut [u16; MAX_WINDOWS],
    ) {
        if self.pair_bits.is_empty() {
            for (w, o) in out.iter_mut().enumerate().take(self.windows.len()) {
                *o = self.index(w, white, black) as u16;
            }
            return;
        }
        let mut values = [0u16; MAX_PAIRS];
        for (v, &lo) in values.iter_mut().zip(&self.pair_bits) {
            let lo = u32::from(lo);
            let code = (white.0.bits_from(lo) & 3) | ((black.0.bits_from(lo) & 3) << 2);
            *v = PAIR3[code & 15];
        }
        for (o, s) in out.iter_mut().zip(&self.slots) {
            // the mask keeps the reads within `values` without a bounds check
            let v = |j: usize| values[usize::from(s[j]) & (MAX_PAIRS - 1)];
            *o = v(0) + 9 * v(1) + 81 * v(2) + 729 * v(3);
        }
    }

    /// The index of window `w` for the white men `white` and black men `black`.
    #[inline(always)]
    pub fn index<W: Word>(&self, w: usize, white: Bitboard<W>, black: Bitboard<W>) -> usize {
        if let Some(pairs) = &self.pairs[w] {
            let (mut wm, mut bm) = (0usize, 0usize);
            for (j, &lo) in pairs.iter().enumerate() {
                wm |= (white.0.bits_from(lo.into()) & 3) << (2 * j);
                bm |= (black.0.bits_from(lo.into()) & 3) << (2 * j);
            }
            return usize::from(BASE3[wm]) + 2 * usize::from(BASE3[bm]);
        }
        self.index_by_squares(w, white, black)
    }

    /// [`Layout::index`] read square by square.
    #[inline]
    pub fn index_by_squares<W: Word>(
        &self,
        w: usize,
        white: Bitboard<W>,
        black: Bitboard<W>,
    ) -> usize {
        let mut idx = 0u32;
        for (k, &bit) in self.windows[w].iter().enumerate() {
            let bit = u32::from(bit);
            let digit = (white.0.bits_from(bit) & 1) + 2 * (black.0.bits_from(bit) & 1);
            idx += u32::from(POW3[k]) * digit as u32;
        }
        idx as usize
    }

    /// The window and index that `(w, idx)` becomes when the board is turned by 180° and the
    /// colours are swapped.
    pub fn mirror(&self, w: usize, idx: usize) -> (usize, usize) {
        let mut out = 0;
        let mut rest = idx;
        for k in 0..WINDOW_SQUARES {
            let digit = rest % 3;
            rest /= 3;
            let swapped = [0, 2, 1][digit];
            out += usize::from(POW3[WINDOW_SQUARES - 1 - k]) * swapped;
        }
        (self.mirror[w], out)
    }
}

static LAYOUTS: Lazy<Vec<Option<Layout>>> = Lazy::new(|| {
    BoardSize::ALL
        .iter()
        .map(|b| Layout::of(b.names()))
        .collect()
});

/// The layout of `board` (`None` where the design does not fit the board).
pub fn layout(board: BoardSize) -> Option<&'static Layout> {
    let i = BoardSize::ALL.iter().position(|&b| b == board)?;
    LAYOUTS[i].as_ref()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Square;

    #[test]
    fn every_board_has_its_windows() {
        let counts: Vec<usize> = BoardSize::ALL
            .iter()
            .map(|&b| layout(b).map_or(0, |l| l.windows.len()))
            .collect();
        // the all-squares boards (Turkish, Alkerk) have no windows of 8 playable squares
        assert_eq!(counts, [15, 15, 28, 0, 45, 0]);
        assert!(counts.iter().all(|&n| n <= MAX_WINDOWS));
    }

    #[test]
    fn the_pair_reading_gives_the_square_by_square_index() {
        let mut rng = crate::types::SplitMix::new(3);
        // every board with windows (the all-squares board has none: every_board_has_its_windows)
        for &b in &BoardSize::ALL {
            let Some(l) = layout(b) else { continue };
            let valid = b.names().valid.0; // 128 bits: every board
            assert!(l.pairs.iter().all(Option::is_some), "{b:?}");
            let mut random = || (u128::from(rng.next_u64()) << 64) | u128::from(rng.next_u64());
            for _ in 0..200 {
                let white = Bitboard(random() & valid);
                let black = Bitboard(random() & valid & !white.0);
                for w in 0..l.windows.len() {
                    assert_eq!(
                        l.index(w, white, black),
                        l.index_by_squares(w, white, black)
                    );
                }
            }
        }
    }

    #[test]
    fn all_windows_at_once_give_each_windows_index() {
        let mut rng = crate::types::SplitMix::new(4);
        for &b in &BoardSize::ALL {
            let Some(l) = layout(b) else { continue };
            assert!(l.pair_bits.len() <= MAX_PAIRS, "{b:?}");
            assert_eq!(l.slots.len(), l.windows.len(), "{b:?}");
            let valid = b.names().valid.0;
            let mut random = || (u128::from(rng.next_u64()) << 64) | u128::from(rng.next_u64());
            for _ in 0..200 {
                let white = Bitboard(random() & valid);
                let black = Bitboard(random() & valid & !white.0);
                let mut out = [0u16; MAX_WINDOWS];
                l.indices(white, black, &mut out);
                for (w, &idx) in out[..l.windows.len()].iter().enumerate() {
                    assert_eq!(
                        usize::from(idx),
                        l.index_by_squares(w, white, black),
                        "{b:?} {w}"
                    );
                }
            }
        }
    }

    #[test]
    fn turning_the_board_maps_square_k_to_square_7_minus_k() {
        for &b in &BoardSize::ALL {
            let g = b.names();
            let Some(l) = layout(b) else {
                assert!(b.description().is_all_squares(), "{b:?}");
                continue;
            };
            for (w, squares) in l.windows.iter().enumerate() {
                let turned = &l.windows[l.mirror[w]];
                for k in 0..WINDOW_SQUARES {
                    let (c, r) = g.coords(Square(squares[k]));
                    let (c2, r2) = g.coords(Square(turned[WINDOW_SQUARES - 1 - k]));
                    assert_eq!(
                        (c2, r2),
                        (g.width - 1 - c, g.height - 1 - r),
                        "{b:?} {w} {k}"
                    );
                }
                assert_eq!(l.mirror[l.mirror[w]], w);
            }
        }
    }

    #[test]
    fn indices_and_their_mirrors() {
        let l = layout(BoardSize::Eight).unwrap();
        let sq = |k: usize| Bitboard(1u64 << l.windows[0][k]);
        assert_eq!(l.index(0, Bitboard(0u64), Bitboard(0u64)), 0);
        assert_eq!(l.index(0, sq(0), Bitboard(0u64)), 1);
        assert_eq!(l.index(0, sq(1), sq(0)), 2 + 3);
        assert_eq!(l.index(0, Bitboard(0u64), sq(7)), 2 * 2187);
        // a white man on square 0 becomes a black man on square 7 of the turned window
        assert_eq!(l.mirror(0, 1), (l.mirror[0], 2 * 2187));
        for idx in [0, 1, 5, 100, 6560] {
            let (w, i) = l.mirror(3, idx);
            assert_eq!(l.mirror(w, i), (3, idx));
        }
    }
}
