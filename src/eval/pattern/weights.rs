//! The pattern evaluation's weights and features, and the score they give.
//!
//! Every term is taken from White's view (White's men minus Black's; a window's index names
//! both colours' men), weighted by a middlegame and an endgame weight and blended by the game
//! phase; the score is turned to the side to move at the end. The weights are integers in
//! units of 1/[`SCALE`] centi-men.

use super::layout::{layout, Layout, MAX_WINDOWS, WINDOW_INDICES};
use crate::eval::acc::PHASE_MAX;
use crate::eval::evaluate::weights_for;
use crate::eval::material;
use crate::eval::tables::tables;
use crate::eval::weights::Weights;
use crate::position::Board;
use crate::rules::Word;
use crate::rules::{Forward, Variant};
use crate::types::{Bitboard, Color};

/// Weights are in units of `1 / SCALE` centi-men.
pub const SCALE: i32 = 8;

/// The scalar terms: men, kings, tempo (the rows the men have advanced, summed) and the lone
/// king (having a king while the opponent has none).
pub const SCALARS: usize = 4;

/// The scalar terms' names, in the order of [`Features::scalars`].
pub const SCALAR_NAMES: [&str; SCALARS] = ["man", "king", "tempo", "lone king"];

/// The weights of one variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternWeights {
    /// The variant they were trained for.
    pub variant: Variant,
    /// `windows[w * 6561 + idx]`: the (middlegame, endgame) weight of index `idx` of window
    /// `w`.
    pub windows: Vec<[i16; 2]>,
    /// The (middlegame, endgame) weight of each scalar term.
    pub scalars: [[i16; 2]; SCALARS],
    /// The table of the hand-set terms the learned terms are added to, fitted with them
    /// (layout version 3); the board's own table ([`weights_for`]) where it was not refitted.
    pub hand: Weights,
}

/// What the evaluation reads from a position, White's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// The game phase, `PHASE_MAX` (256) with all the start material on the board, 0 with none.
    pub phase: i32,
    /// The index of each window (the first [`Features::count`] are used).
    pub windows: [u16; MAX_WINDOWS],
    /// Windows of the board.
    pub count: usize,
    /// White minus Black: men, kings, tempo, lone king.
    pub scalars: [i32; SCALARS],
}

impl PatternWeights {
    /// All-zero pattern weights for `variant` over its board's hand-set table, `None` if its
    /// board has no layout.
    pub fn zero(variant: Variant) -> Option<PatternWeights> {
        let l = layout(variant.rules().board)?;
        Some(PatternWeights {
            variant,
            windows: vec![[0, 0]; l.windows.len() * WINDOW_INDICES],
            scalars: [[0, 0]; SCALARS],
            hand: weights_for(variant.rules().board).clone(),
        })
    }

    /// Windows of the layout these weights are for.
    pub fn window_count(&self) -> usize {
        self.windows.len() / WINDOW_INDICES
    }

    /// The evaluation of `pos` from White's view in centi-men, before the drawish scaling.
    #[inline]
    pub fn white_score<W: Word>(&self, pos: &Board<W>) -> i32 {
        let Some(f) = features(pos) else { return 0 };
        let (mut mg, mut eg) = (0i32, 0i32);
        for (w, &idx) in f.windows[..f.count].iter().enumerate() {
            let [m, e] = self.windows[w * WINDOW_INDICES + idx as usize];
            mg += i32::from(m);
            eg += i32::from(e);
        }
        for (s, &n) in f.scalars.iter().enumerate() {
            mg += i32::from(self.scalars[s][0]) * n;
            eg += i32::from(self.scalars[s][1]) * n;
        }
        (mg * f.phase + eg * (PHASE_MAX - f.phase)) / (PHASE_MAX * SCALE)
    }
}

/// The sum of the rows `men` have advanced, from their own back row.
#[inline]
fn tempo<W: Word>(pos: &Board<W>, men: Bitboard<W>, c: Color) -> i32 {
    let way = match pos.rules().forward(c) {
        Forward::Up => 0,
        Forward::Down => 1,
    };
    tables(pos.rules().board).tempo(way, men)
}

/// The features of `pos`; `None` if its board has no layout.
#[inline]
pub fn features<W: Word>(pos: &Board<W>) -> Option<Features> {
    let l: &Layout = layout(pos.rules().board)?;
    let (white, black) = (pos.men(Color::White), pos.men(Color::Black));
    let mut f = Features {
        phase: material::phase(pos),
        windows: [0; MAX_WINDOWS],
        count: l.windows.len(),
        scalars: [0; SCALARS],
    };
    l.indices(white, black, &mut f.windows);
    let count = |b: Bitboard<W>| b.count() as i32;
    let (wk, bk) = (pos.kings(Color::White), pos.kings(Color::Black));
    f.scalars = [
        count(white) - count(black),
        count(wk) - count(bk),
        tempo(pos, white, Color::White) - tempo(pos, black, Color::Black),
        i32::from(bk.is_empty() && wk.any()) - i32::from(wk.is_empty() && bk.any()),
    ];
    Some(f)
}
