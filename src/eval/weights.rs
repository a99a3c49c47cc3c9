//! Every evaluation weight in one table, so that they can be tuned later.
//!
//! Units are centi-men (100 = one man). A [`Phased`] weight has a middlegame and an endgame
//! value; the evaluation blends them by the game phase (the share of the start material still on
//! the board).
//!
//! The 8×8 values were hand-set and checked by self-play; [`WEIGHTS_10`] adds four 10×10 terms
//! and was fitted by `dama tune` (docs/tuning.md). The measurements behind both:
//! docs/journal/tuning.md.

/// A weight with a middlegame and an endgame value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Phased {
    /// Value with all the start material on the board.
    pub mg: i32,
    /// Value with (almost) nothing left.
    pub eg: i32,
}

/// Shorthand for a [`Phased`] weight.
const fn p(mg: i32, eg: i32) -> Phased {
    Phased { mg, eg }
}

/// All the weights of the evaluation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// A man.
    pub man: Phased,
    /// A flying king (Czech, Russian, Brazilian, Pool, International, Malá dáma).
    pub king_flying: Phased,
    /// A short king (English).
    pub king_short: Phased,
    /// A man on each row of an 8×8 board, counted from its own back row (row 7 cannot hold one).
    pub advance8: [Phased; 8],
    /// A man on each row of a 10×10 board, counted from its own back row.
    pub advance10: [Phased; 10],
    /// A man on its own back row while the opponent has no king (guards the promotion squares).
    pub back_row: Phased,
    /// A man on a central square.
    pub centre_man: Phased,
    /// A king on a central square.
    pub centre_king: Phased,
    /// Each free forward step of a man (an empty square diagonally in front of it).
    pub mobility_man: Phased,
    /// Each move of a king (each square a flying king can slide to; each empty neighbour of a
    /// short king).
    pub mobility_king: Phased,
    /// A man with a free path to promotion (nothing in its forward cone, no enemy king), at the
    /// row just before promotion.
    pub runaway: Phased,
    /// Less for each further row the runaway man still has to go.
    pub runaway_per_row: Phased,
    /// A flying king on the main diagonal (a1-h8; the long diagonal on 10×10).
    pub king_diagonal: Phased,
    /// A king with no empty square next to it (a penalty).
    pub trapped_king: Phased,
    /// Per man of difference between the men on the left and on the right half of the board
    /// (a penalty: a side crowded on one wing is short of moves there and weak on the other).
    pub wing_balance: Phased,
    /// A man in the opponent's half with neither rear diagonal neighbour an own piece or the
    /// board edge: it can be taken from the front (a penalty).
    pub hanging_man: Phased,
    /// A man in the opponent's half backed by own pieces on both rear diagonal neighbours.
    pub outpost: Phased,
    /// Having a king while the opponent has none.
    pub exclusive_king: Phased,
    /// For the side ahead in material: per piece gone from the board (encourages exchanges).
    pub trade_down: i32,
    /// A drawish material balance has its score divided by this.
    pub drawish_divisor: i32,
}

/// The weights the engine plays with on 8×8 boards (every variant but International).
pub static WEIGHTS: Weights = Weights {
    man: p(100, 100),
    king_flying: p(300, 260),
    king_short: p(150, 150),
    advance8: [
        p(0, 0),
        p(0, 3),
        p(1, 6),
        p(3, 10),
        p(5, 16),
        p(8, 24),
        p(13, 33),
        p(0, 0),
    ],
    advance10: [
        p(0, 0),
        p(0, 2),
        p(0, 4),
        p(1, 7),
        p(3, 10),
        p(4, 14),
        p(6, 18),
        p(9, 24),
        p(13, 33),
        p(0, 0),
    ],
    back_row: p(30, 10),
    centre_man: p(16, 8),
    centre_king: p(12, 20),
    mobility_man: p(7, 10),
    mobility_king: p(2, 7),
    runaway: p(60, 90),
    runaway_per_row: p(10, 12),
    king_diagonal: p(10, 25),
    trapped_king: p(30, 40),
    // The 10×10 terms below are off on 8×8 (not measured there).
    wing_balance: p(0, 0),
    hanging_man: p(0, 0),
    outpost: p(0, 0),
    exclusive_king: p(0, 0),
    trade_down: 3,
    drawish_divisor: 16,
};

/// The weights the engine plays with on 10×10 boards (International draughts): those of
/// [`WEIGHTS`] plus the wing balance, hanging men, outposts and exclusive king, tuned by
/// `dama tune` on international games.
pub static WEIGHTS_10: Weights = Weights {
    man: p(100, 100),
    king_flying: p(302, 246),
    king_short: p(150, 150),
    advance8: [
        p(0, 0),
        p(0, 3),
        p(1, 6),
        p(3, 10),
        p(5, 16),
        p(8, 24),
        p(13, 33),
        p(0, 0),
    ],
    advance10: [
        p(0, 0),
        p(22, 10),
        p(13, 6),
        p(-1, 1),
        p(5, 2),
        p(2, 8),
        p(2, 10),
        p(12, 33),
        p(20, 52),
        p(0, 0),
    ],
    back_row: p(31, 32),
    centre_man: p(24, 23),
    centre_king: p(8, 1),
    mobility_man: p(7, 20),
    mobility_king: p(1, 1),
    runaway: p(65, 106),
    runaway_per_row: p(11, 13),
    king_diagonal: p(10, 10),
    trapped_king: p(30, 40),
    // Hand-set, not yet tuned.
    wing_balance: p(12, 21),
    hanging_man: p(6, 1),
    outpost: p(8, 3),
    exclusive_king: p(57, 51),
    trade_down: 2,
    drawish_divisor: 16,
};
