//! Board geometry: the padded bit layout in which every diagonal step is a shift.
//!
//! Squares are numbered as in PDN, row by row from the top (Black's side): on 8×8, 1 = b8, 4 = h8,
//! 5 = a7 … 29 = a1, 32 = g1; on 10×10, 1 = b10 … 46 = a1, 50 = i1. With `n` the board width
//! and `s` the zero-based square number, the bit index is `s + s / n`: after every two rows one
//! bit is left unused (a "ghost square"). With that padding the four diagonal neighbours of
//! any square are at fixed offsets, `-(n/2 + 1)`, `-(n/2)`, `+n/2`, `+(n/2 + 1)`, and a step off the
//! left or right edge lands on a ghost bit, which is never a playable square. A step off the top
//! or bottom leaves the valid mask. So a whole set of pieces moves one step with one shift and one
//! mask.
//!
//! ## Boards as data
//! A [`BoardDescription`] (width, height, the colour of a1) is all the geometry is computed from.
//! An **a1-light** board (Italian, Spanish, Portuguese) is the left-right mirror of the a1-dark
//! one: the rules are left-right symmetric, so it keeps the same bit layout and tables, and
//! only the square names change (the layout's square 1 is a8 instead of b8). [`Geometry::number`]
//! and [`Geometry::square`] are the numbers of the layout (the standard PDN numbers on an a1-dark
//! board); the names a player reads are [`Geometry::algebraic`] and the numberings of
//! [`super::SquareNumbering`].
//!
//! ## Other boards (not built yet)
//! * **12×12 (Canadian)** has 72 squares, 77 padded bits: the same formula with a 128-bit
//!   `Bitboard`. The generator only uses `Geometry`'s deltas and masks and the `Bitboard`
//!   operations, so widening `Bitboard` to `u128` (or making it generic over its word) is the only
//!   change.
//! * **Orthogonal boards (Turkish)** use all 64 squares of 8×8 with a ghost column: bit = `s + s / 8`
//!   (72 bits, again a `u128`), and directions left/right/up/down at offsets `±1` and `±9`.

use crate::types::{Bitboard, Color, Square};

/// A direction of movement. The names are from White's point of view (up = towards rank 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    /// Up and to the left.
    UpLeft = 0,
    /// Up and to the right.
    UpRight = 1,
    /// Down and to the left.
    DownLeft = 2,
    /// Down and to the right.
    DownRight = 3,
}

impl Dir {
    /// The four diagonal directions.
    pub const ALL: [Dir; 4] = [Dir::UpLeft, Dir::UpRight, Dir::DownLeft, Dir::DownRight];

    /// The opposite direction.
    #[inline]
    pub const fn reverse(self) -> Dir {
        match self {
            Dir::UpLeft => Dir::DownRight,
            Dir::UpRight => Dir::DownLeft,
            Dir::DownLeft => Dir::UpRight,
            Dir::DownRight => Dir::UpLeft,
        }
    }

    /// The two directions in which a man of `color` moves.
    #[inline]
    pub const fn forward(color: Color) -> [Dir; 2] {
        match color {
            Color::White => [Dir::UpLeft, Dir::UpRight],
            Color::Black => [Dir::DownLeft, Dir::DownRight],
        }
    }
}

/// The colour of the corner square a1 (men play on the dark squares).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Corner {
    /// a1 is dark: the usual board (Czech, Russian, English, International …).
    Dark,
    /// a1 is light, h1 dark: the mirrored board of Italian, Spanish and Portuguese.
    Light,
}

/// What a board is: its size and which squares are playable. [`Geometry`] is computed from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardDescription {
    /// Columns (files a, b, …).
    pub width: u8,
    /// Rows (ranks 1, 2, …).
    pub height: u8,
    /// The colour of a1.
    pub a1: Corner,
}

/// The boards dama plays on; a rule set names one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardSize {
    /// 8×8, a1 dark, 32 playable squares.
    Eight,
    /// 8×8, a1 light (the mirror of [`BoardSize::Eight`]), 32 playable squares.
    EightA1Light,
    /// 10×10, a1 dark, 50 playable squares.
    Ten,
}

/// Tables for one board.
#[derive(Debug)]
pub struct Geometry {
    /// Board width in squares (8 or 10).
    pub width: u8,
    /// Board height in squares.
    pub height: u8,
    /// Whether a1 is light: the names are mirrored left-right against the layout.
    pub mirrored: bool,
    /// Number of playable squares (32 or 50).
    pub squares: u8,
    /// All playable squares.
    pub valid: Bitboard,
    /// Bit offset of one step in each [`Dir`].
    pub delta: [i8; 4],
    /// The row on which each colour's men promote (White: the top row; Black: the bottom row).
    pub promotion: [Bitboard; 2],
    /// The long diagonal from White's left corner: a1-h8 on 8×8 (h1-a8 when a1 is light; on
    /// 10×10, where a1-j10 does not exist, the diagonal 46-5).
    pub long_diagonal: Bitboard,
    /// `rays[dir][bit]`: every playable square beyond the square at `bit` in direction `dir`, up
    /// to the edge (empty for bits that are not playable squares).
    pub rays: [[Bitboard; 64]; 4],
    /// `delta` as a left rotation of the 64-bit word (`delta` mod 64). Rotating keeps every
    /// playable square's neighbour where a shift puts it; the bits that wrap around land on
    /// ghost or unused bits, which are never playable (see [`Geometry::advance`]).
    pub rotation: [u32; 4],
    number_of_bit: [u8; 64],
}

static EIGHT: Geometry = Geometry::new(BoardSize::Eight.description());
static EIGHT_A1_LIGHT: Geometry = Geometry::new(BoardSize::EightA1Light.description());
static TEN: Geometry = Geometry::new(BoardSize::Ten.description());

impl BoardSize {
    /// Every board.
    pub const ALL: [BoardSize; 3] = [BoardSize::Eight, BoardSize::EightA1Light, BoardSize::Ten];

    /// What this board is.
    pub const fn description(self) -> BoardDescription {
        let (width, a1) = match self {
            BoardSize::Eight => (8, Corner::Dark),
            BoardSize::EightA1Light => (8, Corner::Light),
            BoardSize::Ten => (10, Corner::Dark),
        };
        BoardDescription {
            width,
            height: width,
            a1,
        }
    }

    /// The tables of this board.
    #[inline]
    pub fn geometry(self) -> &'static Geometry {
        match self {
            BoardSize::Eight => &EIGHT,
            BoardSize::EightA1Light => &EIGHT_A1_LIGHT,
            BoardSize::Ten => &TEN,
        }
    }
}

impl Geometry {
    /// The tables of the board `desc` describes. The layout numbers the playable squares row by
    /// row from the top, each row from the left, as on an a1-dark board; a light a1 only mirrors
    /// the names. Panics (at compile time, for the statics) if the layout needs more than 64 bits.
    pub const fn new(desc: BoardDescription) -> Geometry {
        let (width, height) = (desc.width, desc.height);
        let squares = width * height / 2;
        assert!(width % 2 == 0 && (squares as u32 + squares as u32 / width as u32) <= 64);
        let half = (width / 2) as i8;
        let mut valid = 0u64;
        let mut number_of_bit = [0u8; 64];
        let mut top = 0u64;
        let mut bottom = 0u64;
        let mut diag = 0u64;
        let mut s = 0u8;
        while s < squares {
            let bit = s + s / width;
            valid |= 1 << bit;
            number_of_bit[bit as usize] = s + 1;
            let row = s / (width / 2);
            if row == 0 {
                top |= 1 << bit;
            }
            if row == height - 1 {
                bottom |= 1 << bit;
            }
            // column from the left: even rows (from the top) start on the second column
            let col = 2 * (s % (width / 2)) + if row.is_multiple_of(2) { 1 } else { 0 };
            if col + row == height - 1 {
                diag |= 1 << bit;
            }
            s += 1;
        }
        let delta = [-(half + 1), -half, half, half + 1];
        Geometry {
            width,
            height,
            mirrored: matches!(desc.a1, Corner::Light),
            squares,
            valid: Bitboard(valid),
            delta,
            promotion: [Bitboard(top), Bitboard(bottom)],
            long_diagonal: Bitboard(diag),
            rays: Self::make_rays(valid, delta),
            rotation: Self::rotations(width),
            number_of_bit,
        }
    }

    /// The set of the squares at (column, row from the bottom) of an a1-dark board `width`
    /// squares wide (the layout of [`Geometry::from_coords`], usable in constants).
    pub const fn dark_squares(width: u8, coords: &[(u8, u8)]) -> Bitboard {
        let mut bits = 0u64;
        let mut i = 0;
        while i < coords.len() {
            let (col, row) = coords[i];
            let s = (width - 1 - row) * (width / 2) + col / 2;
            bits |= 1 << (s + s / width);
            i += 1;
        }
        Bitboard(bits)
    }

    /// The dark squares of the row `row` (from the bottom, from 0) of an a1-dark board `width`
    /// squares wide.
    pub const fn dark_row(width: u8, row: u8) -> Bitboard {
        let mut bits = 0u64;
        let mut col = row % 2;
        while col < width {
            bits |= Geometry::dark_squares(width, &[(col, row)]).0;
            col += 2;
        }
        Bitboard(bits)
    }

    /// The rotations of [`Geometry::advance`] on a board `width` squares wide, per [`Dir`]
    /// (`delta` mod 64), as a constant for generators specialised by board size.
    pub const fn rotations(width: u8) -> [u32; 4] {
        let half = (width / 2) as i8;
        let delta = [-(half + 1), -half, half, half + 1];
        [
            delta[0].rem_euclid(64) as u32,
            delta[1].rem_euclid(64) as u32,
            delta[2].rem_euclid(64) as u32,
            delta[3].rem_euclid(64) as u32,
        ]
    }

    /// The ray tables: from every playable bit, step by `delta` while on playable squares.
    const fn make_rays(valid: u64, delta: [i8; 4]) -> [[Bitboard; 64]; 4] {
        let mut rays = [[Bitboard(0); 64]; 4];
        let mut d = 0;
        while d < 4 {
            let mut bit = 0i32;
            while bit < 64 {
                if valid >> bit & 1 != 0 {
                    let mut ray = 0u64;
                    let mut cur = bit + delta[d] as i32;
                    while cur >= 0 && cur < 64 && valid >> cur & 1 != 0 {
                        ray |= 1 << cur;
                        cur += delta[d] as i32;
                    }
                    rays[d][bit as usize] = Bitboard(ray);
                }
                bit += 1;
            }
            d += 1;
        }
        rays
    }

    /// The square with layout number `n` (1-based; the standard PDN number on an a1-dark board),
    /// if it exists on this board.
    #[inline]
    pub fn square(&self, n: u32) -> Option<Square> {
        if n == 0 || n > self.squares as u32 {
            return None;
        }
        let s = (n - 1) as u8;
        Some(Square(s + s / self.width))
    }

    /// The layout number (1-based) of `sq`: the standard PDN number on an a1-dark board.
    #[inline]
    pub fn number(&self, sq: Square) -> u32 {
        self.number_of_bit[sq.index()] as u32
    }

    /// Zero-based (column from the left, row from the bottom) of `sq` as White sees the board:
    /// `a1` is (0, 0).
    pub fn coords(&self, sq: Square) -> (u8, u8) {
        let s = (self.number(sq) - 1) as u8;
        let half = self.width / 2;
        let row_top = s / half;
        let col = 2 * (s % half) + if row_top.is_multiple_of(2) { 1 } else { 0 };
        let col = if self.mirrored {
            self.width - 1 - col
        } else {
            col
        };
        (col, self.height - 1 - row_top)
    }

    /// The square at (column from the left, row from the bottom), if it is a playable square.
    pub fn from_coords(&self, col: u8, row: u8) -> Option<Square> {
        if col >= self.width || row >= self.height {
            return None;
        }
        if (col + row).is_multiple_of(2) == self.mirrored {
            return None; // a light square
        }
        let col = if self.mirrored {
            self.width - 1 - col
        } else {
            col
        };
        let row_top = self.height - 1 - row;
        let s = row_top as u32 * (self.width as u32 / 2) + col as u32 / 2;
        self.square(s + 1)
    }

    /// The algebraic name of `sq` (`a1`, `h8`, `j10`).
    pub fn algebraic(&self, sq: Square) -> String {
        let (c, r) = self.coords(sq);
        format!("{}{}", (b'a' + c) as char, r + 1)
    }

    /// Reads an algebraic square name; `None` if it is not a playable square.
    pub fn parse_algebraic(&self, text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = chars.next()?.to_ascii_lowercase();
        if !file.is_ascii_lowercase() {
            return None;
        }
        let rank: u8 = chars.as_str().parse().ok()?;
        if rank == 0 {
            return None;
        }
        self.from_coords(file as u8 - b'a', rank - 1)
    }

    /// One step of every square of `bb` in direction `dir`, kept on the board.
    #[inline]
    pub fn step(&self, bb: Bitboard, dir: Dir) -> Bitboard {
        bb.shift(self.delta[dir as usize]) & self.valid
    }

    /// One step of every square of `bb` in direction `dir`, by a rotation and without the board
    /// mask: the playable squares of the result are exactly those of [`Geometry::step`], and the
    /// other bits are never playable, so callers AND the result with a set of playable squares
    /// (empty squares, enemy pieces). Branch-free, unlike a signed shift.
    #[inline(always)]
    pub fn advance(&self, bb: Bitboard, dir: Dir) -> Bitboard {
        Bitboard(bb.0.rotate_left(self.rotation[dir as usize]))
    }

    /// The squares beyond `sq` in direction `dir` to the edge of the board.
    #[inline(always)]
    pub fn ray(&self, sq: Square, dir: Dir) -> Bitboard {
        self.rays[dir as usize][sq.index()]
    }

    /// The square of `set` nearest to the start of a ray in direction `dir` (`set` not empty).
    #[inline(always)]
    pub fn nearest(&self, set: Bitboard, dir: Dir) -> Square {
        debug_assert!(set.any());
        if self.delta[dir as usize] > 0 {
            Square(set.0.trailing_zeros() as u8)
        } else {
            Square(63 - set.0.leading_zeros() as u8)
        }
    }

    /// The neighbour of `sq` in direction `dir`, if it is on the board.
    #[inline]
    pub fn neighbour(&self, sq: Square, dir: Dir) -> Option<Square> {
        let bit = sq.0 as i8 + self.delta[dir as usize];
        if (0..64).contains(&bit) && self.valid.has(Square(bit as u8)) {
            Some(Square(bit as u8))
        } else {
            None
        }
    }

    /// Iterates over all playable squares in layout number order.
    pub fn all_squares(&self) -> impl Iterator<Item = Square> + '_ {
        (1..=self.squares as u32).filter_map(move |n| self.square(n))
    }

    /// The squares of the `rows` rows nearest to `color`'s own edge.
    pub fn home_rows(&self, color: Color, rows: u8) -> Bitboard {
        self.all_squares()
            .filter(|&sq| {
                let (_, r) = self.coords(sq);
                match color {
                    Color::White => r < rows,
                    Color::Black => r >= self.height - rows,
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_by_eight_names() {
        let g = BoardSize::Eight.geometry();
        assert_eq!(g.algebraic(g.square(1).unwrap()), "b8");
        assert_eq!(g.algebraic(g.square(4).unwrap()), "h8");
        assert_eq!(g.algebraic(g.square(5).unwrap()), "a7");
        assert_eq!(g.algebraic(g.square(29).unwrap()), "a1");
        assert_eq!(g.algebraic(g.square(32).unwrap()), "g1");
        assert_eq!(g.parse_algebraic("c3"), g.square(22));
        assert_eq!(g.parse_algebraic("b1"), None);
        assert_eq!(g.long_diagonal.count(), 8);
    }

    #[test]
    fn neighbours_follow_the_board() {
        let g = BoardSize::Eight.geometry();
        let c3 = g.parse_algebraic("c3").unwrap();
        assert_eq!(g.neighbour(c3, Dir::UpLeft), g.parse_algebraic("b4"));
        assert_eq!(g.neighbour(c3, Dir::UpRight), g.parse_algebraic("d4"));
        assert_eq!(g.neighbour(c3, Dir::DownLeft), g.parse_algebraic("b2"));
        assert_eq!(g.neighbour(c3, Dir::DownRight), g.parse_algebraic("d2"));
        let a1 = g.parse_algebraic("a1").unwrap();
        assert_eq!(g.neighbour(a1, Dir::UpLeft), None);
        assert_eq!(g.neighbour(a1, Dir::DownRight), None);
        let h8 = g.parse_algebraic("h8").unwrap();
        assert_eq!(g.neighbour(h8, Dir::UpRight), None);
        assert_eq!(g.neighbour(h8, Dir::DownLeft), g.parse_algebraic("g7"));
    }

    #[test]
    fn ten_by_ten_numbers() {
        let g = BoardSize::Ten.geometry();
        assert_eq!(g.algebraic(g.square(1).unwrap()), "b10");
        assert_eq!(g.algebraic(g.square(46).unwrap()), "a1");
        assert_eq!(g.algebraic(g.square(50).unwrap()), "i1");
        let s28 = g.square(28).unwrap();
        let up: Vec<u32> = [Dir::UpLeft, Dir::UpRight]
            .iter()
            .filter_map(|&d| g.neighbour(s28, d))
            .map(|s| g.number(s))
            .collect();
        assert_eq!(up, vec![22, 23]);
        assert_eq!(g.valid.count(), 50);
    }

    #[test]
    fn an_a1_light_board_is_the_mirror_of_the_usual_one() {
        let (g, light) = (
            BoardSize::Eight.geometry(),
            BoardSize::EightA1Light.geometry(),
        );
        assert_eq!(light.parse_algebraic("a1"), None);
        assert_eq!(light.parse_algebraic("b1"), light.square(29 + 3));
        let names: Vec<String> = (1..=5)
            .map(|n| light.algebraic(light.square(n).unwrap()))
            .collect();
        assert_eq!(names, ["g8", "e8", "c8", "a8", "h7"]);
        assert_eq!(light.valid, g.valid);
        assert_eq!((light.delta, light.rotation), (g.delta, g.rotation));
        assert_eq!((light.rays, light.promotion), (g.rays, g.promotion));
        for sq in light.all_squares() {
            let (col, row) = light.coords(sq);
            assert_eq!(g.coords(sq), (7 - col, row));
            assert_eq!(light.parse_algebraic(&light.algebraic(sq)), Some(sq));
        }
        let diagonal: Vec<String> = light
            .long_diagonal
            .iter()
            .map(|s| light.algebraic(s))
            .collect();
        assert!(diagonal.contains(&"h1".to_string()) && diagonal.contains(&"a8".to_string()));
        assert_eq!(light.parse_algebraic("z255"), None);
    }

    #[test]
    fn described_boards() {
        let d = BoardSize::EightA1Light.description();
        assert_eq!((d.width, d.height, d.a1), (8, 8, Corner::Light));
        assert_eq!(BoardSize::Ten.description().a1, Corner::Dark);
        for b in BoardSize::ALL {
            let g = b.geometry();
            assert_eq!(g.valid.count(), g.squares as u32);
            assert_eq!(g.mirrored, b.description().a1 == Corner::Light);
        }
    }

    #[test]
    fn rays_and_rotations_agree_with_single_steps() {
        for g in BoardSize::ALL.map(BoardSize::geometry) {
            for sq in g.all_squares() {
                for dir in Dir::ALL {
                    let one = Bitboard::from_square(sq);
                    assert_eq!(g.advance(one, dir) & g.valid, g.step(one, dir));
                    let mut walk = Bitboard::EMPTY;
                    let mut cur = sq;
                    while let Some(next) = g.neighbour(cur, dir) {
                        walk |= Bitboard::from_square(next);
                        cur = next;
                    }
                    assert_eq!(g.ray(sq, dir), walk);
                    if let Some(next) = g.neighbour(sq, dir) {
                        assert_eq!(g.nearest(walk, dir), next);
                    }
                }
            }
        }
    }
}
