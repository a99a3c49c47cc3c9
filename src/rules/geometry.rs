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
//! ## The all-squares board
//! Turkish plays on all 64 squares of 8×8 ([`BoardSize::EightAll`]): bit = zero-based square
//! number (a8 = 0 … h1 = 63), no ghost bits (a ghost column would need 72). A step off the
//! left or right edge would wrap into the next row, so every direction carries the set of
//! squares that have a neighbour that way ([`Geometry::keep`]): [`Geometry::advance`] masks
//! with it before rotating. On the dark-square boards the diagonal masks are full (a wrapped
//! step lands on a ghost bit, as before), and the generators compiled for the usual shapes do
//! not read them at all.
//!
//! ## Orthogonal directions
//! [`Dir::Up`], [`Dir::Down`], [`Dir::Left`], [`Dir::Right`] step to the next playable square
//! along the file or rank: one cell on the all-squares board, two cells on a dark-square board
//! (Frisian's orthogonal capture jumps the piece two cells away), with the masks above.
//!
//! ## The word
//! The tables are computed once, in constants, in 128 bits ([`Geometry<u128>`] exists for every
//! board), and narrowed to 64 bits for every board whose layout fits ([`Geometry<u64>`]): 8×8,
//! 10×10 and the all-squares 8×8. **12×12 (Canadian)** has 72 squares in 77 padded bits and is
//! played in 128 bits only. The generator is generic over the word ([`Word`]) and compiled once
//! per word, so the 64-bit boards pay nothing for the wide one. The names and numbers of the
//! squares do not depend on the word ([`BoardSize::names`]).

use crate::types::{BitWord, Bitboard, Color, Square};

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
    /// Up the file (towards rank 8).
    Up = 4,
    /// Down the file.
    Down = 5,
    /// Along the rank towards file a.
    Left = 6,
    /// Along the rank towards file h.
    Right = 7,
}

impl Dir {
    /// The number of directions (the length of per-direction tables).
    pub const COUNT: usize = 8;
    /// The four diagonal directions.
    pub const DIAGONALS: [Dir; 4] = [Dir::UpLeft, Dir::UpRight, Dir::DownLeft, Dir::DownRight];
    /// The four orthogonal directions.
    pub const ORTHOGONALS: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];
    /// All eight directions.
    pub const EIGHT: [Dir; 8] = [
        Dir::UpLeft,
        Dir::UpRight,
        Dir::DownLeft,
        Dir::DownRight,
        Dir::Up,
        Dir::Down,
        Dir::Left,
        Dir::Right,
    ];

    /// The opposite direction.
    #[inline]
    pub const fn reverse(self) -> Dir {
        match self {
            Dir::UpLeft => Dir::DownRight,
            Dir::UpRight => Dir::DownLeft,
            Dir::DownLeft => Dir::UpRight,
            Dir::DownRight => Dir::UpLeft,
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }

    /// The two diagonal directions in which a man of `color` moves.
    #[inline]
    pub const fn forward(color: Color) -> [Dir; 2] {
        match color {
            Color::White => [Dir::UpLeft, Dir::UpRight],
            Color::Black => [Dir::DownLeft, Dir::DownRight],
        }
    }

    /// (columns, rows) of one step on a board where every square is playable; on a dark-square
    /// board an orthogonal step is twice as long (to the next dark square).
    const fn cells(self) -> (i8, i8) {
        match self {
            Dir::UpLeft => (-1, 1),
            Dir::UpRight => (1, 1),
            Dir::DownLeft => (-1, -1),
            Dir::DownRight => (1, -1),
            Dir::Up => (0, 1),
            Dir::Down => (0, -1),
            Dir::Left => (-1, 0),
            Dir::Right => (1, 0),
        }
    }

    /// Whether this is one of the four diagonals.
    #[inline]
    pub const fn is_diagonal(self) -> bool {
        (self as u8) < 4
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

/// Which squares of the board are played on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Playable {
    /// The dark squares only, a1 of the given colour.
    Dark(Corner),
    /// Every square (Turkish).
    All,
    /// Every point of a board of points joined by lines (Alkerk): lines along every file and
    /// rank, diagonal lines only through the points whose file + rank is even (the corners,
    /// the centre, the middle of each edge on 5×5).
    Lines,
}

/// What a board is: its size and which squares are playable. [`Geometry`] is computed from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardDescription {
    /// Columns (files a, b, …).
    pub width: u8,
    /// Rows (ranks 1, 2, …).
    pub height: u8,
    /// The playable squares.
    pub playable: Playable,
}

impl BoardDescription {
    /// Whether every square (or point) is playable.
    pub const fn is_all_squares(self) -> bool {
        matches!(self.playable, Playable::All | Playable::Lines)
    }
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
    /// 8×8, all 64 squares playable (Turkish).
    EightAll,
    /// 12×12, a1 dark, 72 playable squares (Canadian; 128-bit word only).
    Twelve,
    /// 5×5 points joined by lines, all 25 playable, diagonals through every other point
    /// ([`Playable::Lines`]; Alkerk).
    FiveLines,
}

/// The most bits a board's layout may use (the widest word).
pub const MAX_BITS: usize = 128;

/// Tables for one board, for sets of squares in the word `W`.
#[derive(Debug)]
pub struct Geometry<W: BitWord = u64> {
    /// Board width in squares (8, 10 or 12).
    pub width: u8,
    /// Board height in squares.
    pub height: u8,
    /// Whether a1 is light: the names are mirrored left-right against the layout.
    pub mirrored: bool,
    /// Whether every square is playable (no ghost bits).
    pub all_squares: bool,
    /// Whether the board is points joined by lines ([`Playable::Lines`]): a diagonal step
    /// exists only from the points whose file + rank is even.
    pub lines: bool,
    /// Number of playable squares (32, 50, 64 or 72).
    pub squares: u8,
    /// All playable squares.
    pub valid: Bitboard<W>,
    /// Bit offset of one step in each [`Dir`] (0 where the board has no such step).
    pub delta: [i8; Dir::COUNT],
    /// The row on which each colour's men promote (White: the top row; Black: the bottom row).
    pub promotion: [Bitboard<W>; 2],
    /// The long diagonal from White's left corner: a1-h8 on 8×8 (h1-a8 when a1 is light; on
    /// 10×10, where a1-j10 does not exist, the diagonal 46-5).
    pub long_diagonal: Bitboard<W>,
    /// `rays[dir][bit]`: every playable square beyond the square at `bit` in direction `dir`, up
    /// to the edge (empty for bits that are not playable squares).
    pub rays: [[Bitboard<W>; MAX_BITS]; Dir::COUNT],
    /// `delta` as a left rotation of the word (`delta` mod its bits). Rotating keeps every
    /// playable square's neighbour where a shift puts it; the bits that wrap around land on
    /// ghost or unused bits, which are never playable (see [`Geometry::advance`]).
    pub rotation: [u32; Dir::COUNT],
    /// `keep[dir]`: the bits [`Geometry::advance`] may move in `dir`: every bit where the
    /// rotation cannot wrap onto a playable square (all of them for the diagonals of a
    /// dark-square board), else exactly the playable squares that have a neighbour in `dir`.
    pub keep: [Bitboard<W>; Dir::COUNT],
    number_of_bit: [u8; MAX_BITS],
    bit_of_number: [u8; MAX_BITS],
}

/// The word of a board's piece sets, with the tables of every board that fits it.
pub trait Word: BitWord {
    /// The tables of `board` in this word. Every board has 128-bit tables; a board whose layout
    /// needs more bits than the word has none, and asking for them is a bug of the caller
    /// (the word is chosen from the variant: [`crate::rules::RuleSet::wide`]).
    fn geometry(board: BoardSize) -> &'static Geometry<Self>;
}

static EIGHT: Geometry = Geometry::narrow(&WIDE_EIGHT);
static EIGHT_A1_LIGHT: Geometry = Geometry::narrow(&WIDE_EIGHT_A1_LIGHT);
static TEN: Geometry = Geometry::narrow(&WIDE_TEN);
static EIGHT_ALL: Geometry = Geometry::narrow(&WIDE_EIGHT_ALL);
static FIVE_LINES: Geometry = Geometry::narrow(&WIDE_FIVE_LINES);
static WIDE_EIGHT: Geometry<u128> = Geometry::new(BoardSize::Eight.description());
static WIDE_EIGHT_A1_LIGHT: Geometry<u128> = Geometry::new(BoardSize::EightA1Light.description());
static WIDE_TEN: Geometry<u128> = Geometry::new(BoardSize::Ten.description());
static WIDE_EIGHT_ALL: Geometry<u128> = Geometry::new(BoardSize::EightAll.description());
static WIDE_TWELVE: Geometry<u128> = Geometry::new(BoardSize::Twelve.description());
static WIDE_FIVE_LINES: Geometry<u128> = Geometry::new(BoardSize::FiveLines.description());

impl Word for u64 {
    #[inline(always)]
    fn geometry(board: BoardSize) -> &'static Geometry<u64> {
        match board {
            BoardSize::Eight => &EIGHT,
            BoardSize::EightA1Light => &EIGHT_A1_LIGHT,
            BoardSize::Ten => &TEN,
            BoardSize::EightAll => &EIGHT_ALL,
            BoardSize::FiveLines => &FIVE_LINES,
            BoardSize::Twelve => panic!("the 12×12 board needs the 128-bit word"),
        }
    }
}

impl Word for u128 {
    #[inline(always)]
    fn geometry(board: BoardSize) -> &'static Geometry<u128> {
        board.names()
    }
}

impl BoardSize {
    /// Every board.
    pub const ALL: [BoardSize; 6] = [
        BoardSize::Eight,
        BoardSize::EightA1Light,
        BoardSize::Ten,
        BoardSize::EightAll,
        BoardSize::Twelve,
        BoardSize::FiveLines,
    ];

    /// What this board is.
    pub const fn description(self) -> BoardDescription {
        let (width, playable) = match self {
            BoardSize::Eight => (8, Playable::Dark(Corner::Dark)),
            BoardSize::EightA1Light => (8, Playable::Dark(Corner::Light)),
            BoardSize::Ten => (10, Playable::Dark(Corner::Dark)),
            BoardSize::EightAll => (8, Playable::All),
            BoardSize::Twelve => (12, Playable::Dark(Corner::Dark)),
            BoardSize::FiveLines => (5, Playable::Lines),
        };
        BoardDescription {
            width,
            height: width,
            playable,
        }
    }

    /// The tables of this board in the word `W` (see [`Word::geometry`]).
    #[inline(always)]
    pub fn geometry<W: Word>(self) -> &'static Geometry<W> {
        W::geometry(self)
    }

    /// The 128-bit tables, which every board has: what the names and numbers of the squares
    /// are read from, whatever the word of the play.
    #[inline(always)]
    pub fn names(self) -> &'static Geometry<u128> {
        match self {
            BoardSize::Eight => &WIDE_EIGHT,
            BoardSize::EightA1Light => &WIDE_EIGHT_A1_LIGHT,
            BoardSize::Ten => &WIDE_TEN,
            BoardSize::EightAll => &WIDE_EIGHT_ALL,
            BoardSize::Twelve => &WIDE_TWELVE,
            BoardSize::FiveLines => &WIDE_FIVE_LINES,
        }
    }

    /// Whether the board's layout needs more than 64 bits.
    pub const fn is_wide(self) -> bool {
        matches!(self, BoardSize::Twelve)
    }
}

/// The layout of a board in constants: where each square's bit is and which cell it is.
#[derive(Clone, Copy)]
struct Layout {
    width: u8,
    height: u8,
    all: bool,
    /// Diagonal steps only from the points whose file + rank is even ([`Playable::Lines`]).
    lines: bool,
}

impl Layout {
    const fn of(desc: BoardDescription) -> Layout {
        Layout {
            width: desc.width,
            height: desc.height,
            all: desc.is_all_squares(),
            lines: matches!(desc.playable, Playable::Lines),
        }
    }

    /// Playable squares.
    const fn squares(self) -> u8 {
        if self.all {
            self.width * self.height
        } else {
            self.width * self.height / 2
        }
    }

    /// Squares per row.
    const fn per_row(self) -> u8 {
        if self.all {
            self.width
        } else {
            self.width / 2
        }
    }

    /// The bit of zero-based layout number `s`: `s + s / width` on a dark-square board (a
    /// ghost bit after every two rows), `s` on the all-squares board.
    const fn bit(self, s: u8) -> u8 {
        if self.all {
            s
        } else {
            s + s / self.width
        }
    }

    /// (column, row from the top) of zero-based layout number `s` on the a1-dark layout.
    const fn cell(self, s: u8) -> (u8, u8) {
        let per_row = self.per_row();
        let row_top = s / per_row;
        if self.all {
            return (s % per_row, row_top);
        }
        let odd = if row_top.is_multiple_of(2) { 1 } else { 0 };
        (2 * (s % per_row) + odd, row_top)
    }

    /// The zero-based layout number at (column, row from the top), if playable.
    const fn number_at(self, col: i32, row_top: i32) -> Option<u8> {
        if col < 0 || row_top < 0 || col >= self.width as i32 || row_top >= self.height as i32 {
            return None;
        }
        let per_row = self.per_row() as i32;
        if self.all {
            return Some((row_top * per_row + col) as u8);
        }
        // a1-dark layout: the dark cells of a row from the top are those with col + row_top odd
        if (col + row_top) % 2 == 0 {
            return None;
        }
        Some((row_top * per_row + col / 2) as u8)
    }

    /// One step of direction `d` as (columns, rows towards the top).
    const fn step(self, d: Dir) -> (i32, i32) {
        let (dc, dr) = d.cells();
        let scale = if self.all || d.is_diagonal() { 1 } else { 2 };
        (dc as i32 * scale, -(dr as i32) * scale)
    }

    /// The zero-based number of the neighbour of `s` in `d`, if any.
    const fn neighbour(self, s: u8, d: Dir) -> Option<u8> {
        let (col, row) = self.cell(s);
        if self.lines && d.is_diagonal() && (col + (self.height - 1 - row)) % 2 == 1 {
            return None; // no diagonal line through this point
        }
        let (dc, dr) = self.step(d);
        self.number_at(col as i32 + dc, row as i32 + dr)
    }
}

impl Geometry<u128> {
    /// The tables of the board `desc` describes. The layout numbers the playable squares row by
    /// row from the top, each row from the left, as on an a1-dark board; a light a1 only mirrors
    /// the names. Panics (at compile time, for the statics) if the layout needs more than 128 bits.
    pub const fn new(desc: BoardDescription) -> Geometry<u128> {
        let l = Layout::of(desc);
        let (width, height) = (desc.width, desc.height);
        let squares = l.squares();
        assert!((width % 2 == 0 || l.all) && (l.bit(squares - 1) as usize) < MAX_BITS);
        let mut valid = 0u128;
        let mut number_of_bit = [0u8; MAX_BITS];
        let mut bit_of_number = [0u8; MAX_BITS];
        let mut top = 0u128;
        let mut bottom = 0u128;
        let mut diag = 0u128;
        let mut s = 0u8;
        while s < squares {
            let bit = l.bit(s);
            valid |= 1 << bit;
            number_of_bit[bit as usize] = s + 1;
            bit_of_number[s as usize] = bit;
            let (col, row) = l.cell(s);
            if row == 0 {
                top |= 1 << bit;
            }
            if row == height - 1 {
                bottom |= 1 << bit;
            }
            if col + row == height - 1 {
                diag |= 1 << bit;
            }
            s += 1;
        }
        let (delta, keep) = Self::steps(l);
        Geometry {
            width,
            height,
            mirrored: matches!(desc.playable, Playable::Dark(Corner::Light)),
            all_squares: l.all,
            lines: l.lines,
            squares,
            valid: Bitboard(valid),
            delta,
            promotion: [Bitboard(top), Bitboard(bottom)],
            long_diagonal: Bitboard(diag),
            rays: Self::make_rays(l),
            rotation: rotations_of(delta, 128),
            keep,
            number_of_bit,
            bit_of_number,
        }
    }

    /// The bit offset of each direction and its [`Geometry::keep`] mask.
    const fn steps(l: Layout) -> ([i8; Dir::COUNT], [Bitboard<u128>; Dir::COUNT]) {
        let mut delta = [0i8; Dir::COUNT];
        let mut keep = [Bitboard(0); Dir::COUNT];
        let mut d = 0;
        while d < Dir::COUNT {
            let dir = Dir::EIGHT[d];
            let mut s = 0u8;
            while s < l.squares() {
                if let Some(t) = l.neighbour(s, dir) {
                    delta[d] = l.bit(t) as i8 - l.bit(s) as i8;
                    keep[d].0 |= 1 << l.bit(s);
                }
                s += 1;
            }
            if !l.all && dir.is_diagonal() {
                keep[d] = Bitboard(!0u128); // a wrapped step lands on a ghost bit
            }
            d += 1;
        }
        (delta, keep)
    }

    /// The set of the squares at (column, row from the bottom) of an a1-dark board `width`
    /// squares wide (the layout of [`Geometry::from_coords`], usable in constants).
    pub const fn dark_squares(width: u8, coords: &[(u8, u8)]) -> Bitboard<u128> {
        let mut bits = 0u128;
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
    pub const fn dark_row(width: u8, row: u8) -> Bitboard<u128> {
        let mut bits = 0u128;
        let mut col = row % 2;
        while col < width {
            bits |= Geometry::dark_squares(width, &[(col, row)]).0;
            col += 2;
        }
        Bitboard(bits)
    }

    /// The set of the squares at (column, row from the bottom) of an all-squares board `width`
    /// squares wide (bit = zero-based square number, the top left square first).
    pub const fn full_squares(width: u8, coords: &[(u8, u8)]) -> Bitboard<u128> {
        let mut bits = 0u128;
        let mut i = 0;
        while i < coords.len() {
            let (col, row) = coords[i];
            bits |= 1 << ((width - 1 - row) as u32 * width as u32 + col as u32);
            i += 1;
        }
        Bitboard(bits)
    }

    /// Every square of the row `row` (from the bottom, from 0) of an all-squares board `width`
    /// squares wide.
    pub const fn full_row(width: u8, row: u8) -> Bitboard<u128> {
        let first = (width - 1 - row) as u32 * width as u32;
        Bitboard(((1u128 << width) - 1) << first)
    }

    /// The ray tables: from every playable square, step along the board while on it.
    const fn make_rays(l: Layout) -> [[Bitboard<u128>; MAX_BITS]; Dir::COUNT] {
        let mut rays = [[Bitboard(0u128); MAX_BITS]; Dir::COUNT];
        let mut d = 0;
        while d < Dir::COUNT {
            let mut s = 0u8;
            while s < l.squares() {
                let mut ray = 0u128;
                let mut cur = l.neighbour(s, Dir::EIGHT[d]);
                while let Some(t) = cur {
                    ray |= 1 << l.bit(t);
                    cur = l.neighbour(t, Dir::EIGHT[d]);
                }
                rays[d][l.bit(s) as usize] = Bitboard(ray);
                s += 1;
            }
            d += 1;
        }
        rays
    }
}

/// The rotations of [`Geometry::advance`] in a word of `bits` bits: `delta` mod `bits`.
const fn rotations_of(delta: [i8; Dir::COUNT], bits: u32) -> [u32; Dir::COUNT] {
    let mut rot = [0u32; Dir::COUNT];
    let mut d = 0;
    while d < Dir::COUNT {
        rot[d] = (delta[d] as i32).rem_euclid(bits as i32) as u32;
        d += 1;
    }
    rot
}

impl Geometry<u64> {
    /// The 64-bit tables of a board whose 128-bit tables use no bit above 63. Panics (at
    /// compile time, for the statics) otherwise.
    const fn narrow(wide: &Geometry<u128>) -> Geometry<u64> {
        assert!(wide.valid.0 >> 64 == 0, "the board does not fit 64 bits");
        let mut rays = [[Bitboard(0u64); MAX_BITS]; Dir::COUNT];
        let mut keep = [Bitboard(0u64); Dir::COUNT];
        let mut d = 0;
        while d < Dir::COUNT {
            keep[d] = Bitboard(wide.keep[d].0 as u64);
            let mut b = 0;
            while b < MAX_BITS {
                rays[d][b] = Bitboard(wide.rays[d][b].0 as u64);
                b += 1;
            }
            d += 1;
        }
        Geometry {
            width: wide.width,
            height: wide.height,
            mirrored: wide.mirrored,
            all_squares: wide.all_squares,
            lines: wide.lines,
            squares: wide.squares,
            valid: Bitboard(wide.valid.0 as u64),
            delta: wide.delta,
            promotion: [
                Bitboard(wide.promotion[0].0 as u64),
                Bitboard(wide.promotion[1].0 as u64),
            ],
            long_diagonal: Bitboard(wide.long_diagonal.0 as u64),
            rays,
            rotation: rotations_of(wide.delta, 64),
            keep,
            number_of_bit: wide.number_of_bit,
            bit_of_number: wide.bit_of_number,
        }
    }
}

impl<W: BitWord> Geometry<W> {
    /// The square with layout number `n` (1-based; the standard PDN number on an a1-dark board),
    /// if it exists on this board.
    #[inline]
    pub fn square(&self, n: u32) -> Option<Square> {
        if n == 0 || n > self.squares as u32 {
            return None;
        }
        Some(Square(self.bit_of_number[n as usize - 1]))
    }

    /// The layout number (1-based) of `sq`: the standard PDN number on an a1-dark board.
    #[inline]
    pub fn number(&self, sq: Square) -> u32 {
        self.number_of_bit[sq.index()] as u32
    }

    fn layout(&self) -> Layout {
        Layout {
            width: self.width,
            height: self.height,
            all: self.all_squares,
            lines: self.lines,
        }
    }

    /// Zero-based (column from the left, row from the bottom) of `sq` as White sees the board:
    /// `a1` is (0, 0).
    pub fn coords(&self, sq: Square) -> (u8, u8) {
        let (col, row_top) = self.layout().cell((self.number(sq) - 1) as u8);
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
        let col = if self.mirrored {
            self.width - 1 - col
        } else {
            col
        };
        let row_top = self.height - 1 - row;
        let s = self.layout().number_at(col as i32, row_top as i32)?;
        self.square(s as u32 + 1)
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
    pub fn step(&self, bb: Bitboard<W>, dir: Dir) -> Bitboard<W> {
        self.advance(bb, dir) & self.valid
    }

    /// One step of every square of `bb` in direction `dir`, by a mask ([`Geometry::keep`]) and a
    /// rotation, without the board mask: the playable squares of the result are exactly the
    /// neighbours in `dir` of the squares of `bb`, and the other bits are never playable, so
    /// callers AND the result with a set of playable squares (empty squares, enemy pieces).
    /// Branch-free, unlike a signed shift.
    #[inline(always)]
    pub fn advance(&self, bb: Bitboard<W>, dir: Dir) -> Bitboard<W> {
        let d = dir as usize;
        Bitboard((bb.0 & self.keep[d].0).rotate_left(self.rotation[d]))
    }

    /// The squares beyond `sq` in direction `dir` to the edge of the board.
    #[inline(always)]
    pub fn ray(&self, sq: Square, dir: Dir) -> Bitboard<W> {
        self.rays[dir as usize][sq.index()]
    }

    /// The square of `set` nearest to the start of a ray in direction `dir` (`set` not empty).
    #[inline(always)]
    pub fn nearest(&self, set: Bitboard<W>, dir: Dir) -> Square {
        debug_assert!(set.any());
        if self.delta[dir as usize] > 0 {
            Square(set.0.trailing_zeros() as u8)
        } else {
            Square((W::BITS - 1 - set.0.leading_zeros()) as u8)
        }
    }

    /// The neighbour of `sq` in direction `dir`, if it is on the board.
    #[inline]
    pub fn neighbour(&self, sq: Square, dir: Dir) -> Option<Square> {
        (self.advance(Bitboard::from_square(sq), dir) & self.valid).first()
    }

    /// Iterates over all playable squares in layout number order.
    pub fn all_squares(&self) -> impl Iterator<Item = Square> + '_ {
        (1..=self.squares as u32).filter_map(move |n| self.square(n))
    }

    /// The squares of the `rows` rows nearest to `color`'s own edge.
    pub fn home_rows(&self, color: Color, rows: u8) -> Bitboard<W> {
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
        let g = BoardSize::Eight.geometry::<u64>();
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
        let g = BoardSize::Eight.geometry::<u64>();
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
        let g = BoardSize::Ten.geometry::<u64>();
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
            BoardSize::Eight.geometry::<u64>(),
            BoardSize::EightA1Light.geometry::<u64>(),
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
        assert_eq!(
            (d.width, d.height, d.playable),
            (8, 8, Playable::Dark(Corner::Light))
        );
        assert_eq!(BoardSize::EightAll.description().playable, Playable::All);
        for b in BoardSize::ALL {
            let g = b.names();
            assert_eq!(g.valid.count(), g.squares as u32);
            assert_eq!(
                g.mirrored,
                b.description().playable == Playable::Dark(Corner::Light)
            );
            if !b.is_wide() {
                // the 64-bit tables are the 128-bit ones' low bits
                let n = b.geometry::<u64>();
                assert_eq!(n.valid.wide(), g.valid, "{b:?}");
                assert_eq!((n.delta, n.squares), (g.delta, g.squares));
                for d in 0..Dir::COUNT {
                    let rays: Vec<_> = n.rays[d].iter().map(|r| r.wide()).collect();
                    assert_eq!(rays, g.rays[d].to_vec(), "{b:?} {d}");
                }
            } else {
                assert!(g.valid.0 >> 64 != 0, "a wide board uses the high bits");
            }
        }
        let twelve = BoardSize::Twelve.names();
        assert_eq!((twelve.squares, twelve.width), (72, 12));
        assert_eq!(twelve.algebraic(twelve.square(1).unwrap()), "b12");
        assert_eq!(twelve.algebraic(twelve.square(72).unwrap()), "k1");
    }

    /// The neighbour of `sq` in `dir` worked out from the coordinates: one cell, or two for an
    /// orthogonal step on a dark-square board.
    fn neighbour_by_coords<W: BitWord>(g: &Geometry<W>, sq: Square, dir: Dir) -> Option<Square> {
        let (dc, dr) = dir.cells();
        let scale = if g.all_squares || dir.is_diagonal() {
            1
        } else {
            2
        };
        let (c, r) = g.coords(sq);
        if g.lines && dir.is_diagonal() && (c + r) % 2 == 1 {
            return None; // no diagonal line through this point
        }
        let dc = if g.mirrored { -dc } else { dc };
        let (c, r) = (c as i32 + dc as i32 * scale, r as i32 + dr as i32 * scale);
        if c < 0 || r < 0 {
            return None;
        }
        g.from_coords(c as u8, r as u8)
    }

    #[test]
    fn rays_and_rotations_agree_with_single_steps() {
        for b in BoardSize::ALL {
            steps_agree(b.names());
            if !b.is_wide() {
                steps_agree(b.geometry::<u64>());
            }
        }
    }

    /// The steps, rays and nearest squares of `g` agree with the coordinates.
    fn steps_agree<W: BitWord>(g: &Geometry<W>) {
        {
            for sq in g.all_squares() {
                for dir in Dir::EIGHT {
                    let one = Bitboard::from_square(sq);
                    let next = neighbour_by_coords(g, sq, dir);
                    assert_eq!(g.neighbour(sq, dir), next, "{sq:?} {dir:?}");
                    let want: Bitboard<W> = next.into_iter().collect();
                    assert_eq!(g.advance(one, dir) & g.valid, want);
                    assert_eq!(g.step(one, dir), want);
                    let mut walk = Bitboard::EMPTY;
                    let mut cur = sq;
                    while let Some(next) = neighbour_by_coords(g, cur, dir) {
                        walk |= Bitboard::from_square(next);
                        cur = next;
                    }
                    assert_eq!(g.ray(sq, dir), walk);
                    if let Some(next) = next {
                        assert_eq!(g.nearest(walk, dir), next);
                    }
                }
            }
        }
    }

    #[test]
    fn all_squares_board() {
        let g = BoardSize::EightAll.geometry::<u64>();
        assert_eq!(
            (g.squares, g.valid, g.all_squares),
            (64, Bitboard(!0), true)
        );
        assert_eq!(g.algebraic(g.square(1).unwrap()), "a8");
        assert_eq!(g.algebraic(g.square(64).unwrap()), "h1");
        let a2 = g.parse_algebraic("a2").unwrap();
        assert_eq!(g.neighbour(a2, Dir::Left), None);
        assert_eq!(g.neighbour(a2, Dir::Right), g.parse_algebraic("b2"));
        assert_eq!(g.neighbour(a2, Dir::Up), g.parse_algebraic("a3"));
        assert_eq!(g.neighbour(a2, Dir::UpLeft), None);
        let h8 = g.parse_algebraic("h8").unwrap();
        assert_eq!(g.neighbour(h8, Dir::Right), None);
        assert_eq!(g.neighbour(h8, Dir::Up), None);
        assert_eq!(g.ray(a2, Dir::Right).count(), 7);
        // the a-file cannot step left: the h-file of the row above is not its neighbour
        let h_file: Bitboard = g.all_squares().filter(|&s| g.coords(s).0 == 7).collect();
        assert_eq!(g.advance(g.valid, Dir::Left) & g.valid, g.valid - h_file);
        assert_eq!(Bitboard::narrow(Geometry::full_row(8, 0)), g.promotion[1]);
        assert_eq!(Bitboard::narrow(Geometry::full_row(8, 7)), g.promotion[0]);
        for sq in g.all_squares() {
            assert_eq!(g.parse_algebraic(&g.algebraic(sq)), Some(sq));
        }
    }

    #[test]
    fn the_alkerk_board_has_diagonals_through_every_other_point() {
        let g = BoardSize::FiveLines.geometry::<u64>();
        assert_eq!((g.squares, g.valid.count(), g.lines), (25, 25, true));
        assert_eq!(g.algebraic(g.square(1).unwrap()), "a5");
        assert_eq!(g.algebraic(g.square(25).unwrap()), "e1");
        let sq = |n: &str| g.parse_algebraic(n).unwrap();
        // c3 (file + rank even) has all eight neighbours, b3 only the four orthogonal ones
        assert_eq!(g.neighbour(sq("c3"), Dir::UpLeft), Some(sq("b4")));
        assert_eq!(g.neighbour(sq("b3"), Dir::UpLeft), None);
        assert_eq!(g.neighbour(sq("b3"), Dir::Up), Some(sq("b4")));
        assert_eq!(g.ray(sq("a1"), Dir::UpRight).count(), 4);
        assert!(g.ray(sq("b1"), Dir::UpRight).is_empty());
        assert!(g.parse_algebraic("f1").is_none() && g.parse_algebraic("a6").is_none());
    }

    #[test]
    fn orthogonal_steps_on_dark_squares_skip_a_cell() {
        let g = BoardSize::Ten.geometry::<u64>();
        let s28 = g.square(28).unwrap();
        let names: Vec<u32> = Dir::ORTHOGONALS
            .iter()
            .map(|&d| g.number(g.neighbour(s28, d).unwrap()))
            .collect();
        assert_eq!(names, [18, 38, 27, 29]);
        assert_eq!(g.neighbour(g.square(26).unwrap(), Dir::Left), None);
    }
}
