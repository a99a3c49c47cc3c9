//! Static evaluation for every variant, in centi-men from the side to move.
//!
//! The score is the difference of the two sides' terms: material by game phase, advancement
//! (tempo), back-row guard, centre, mobility, runaway men, kings on the main diagonal, trapped
//! kings, wing balance, hanging men, outposts and the only king on the board (the last four off
//! on 8×8); the side ahead in material gains a little per piece exchanged. Drawish
//! material ([`drawish`]) scales the result towards 0. The weights are in [`WEIGHTS`] for 8×8
//! boards and [`WEIGHTS_10`] for 10×10 boards ([`weights_for`]).
//!
//! ```
//! use dama::{eval, Position, Variant};
//! let start = Position::start(Variant::Czech);
//! assert!(eval::evaluate(&start).abs() < 20);
//! ```

mod drawish;
mod explain;
mod material;
mod params;
mod structure;
mod tables;
mod weights;

pub use drawish::drawish;
pub use explain::{explain, Term};
pub use weights::{Phased, Weights, WEIGHTS, WEIGHTS_10};

use crate::position::Position;
use crate::rules::BoardSize;
use crate::types::Color;
use tables::Tables;

/// A score in centi-men (100 = one man) from the side to move's point of view.
pub type Value = i32;

/// The largest magnitude [`evaluate`] returns (search scores for wins lie far above it).
pub const EVAL_MAX: Value = 4999;

/// Middlegame and endgame sums, blended by the phase at the end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Acc {
    mg: i32,
    eg: i32,
}

impl Acc {
    #[inline]
    fn add(&mut self, w: Phased, n: i32) {
        self.mg += w.mg * n;
        self.eg += w.eg * n;
    }

    #[inline]
    fn minus(self, other: Acc) -> Acc {
        Acc {
            mg: self.mg - other.mg,
            eg: self.eg - other.eg,
        }
    }

    #[inline]
    fn blend(self, phase: i32) -> i32 {
        (self.mg * phase + self.eg * (material::PHASE_MAX - phase)) / material::PHASE_MAX
    }
}

/// The static evaluation of `pos` from the side to move, in centi-men; `|v| <= EVAL_MAX`.
///
/// The weights come from [`weights_for`] the board of `pos`. Drawish material ([`drawish`]) is
/// already pulled towards 0 here (divided by the table's `drawish_divisor`); callers need not
/// scale it again.
pub fn evaluate(pos: &Position) -> Value {
    evaluate_with(pos, weights_for(pos.rules().board))
}

/// The weight table the engine plays with on `board`: [`WEIGHTS`] on 8×8, [`WEIGHTS_10`] on
/// 10×10.
#[inline]
pub fn weights_for(board: BoardSize) -> &'static Weights {
    match board {
        BoardSize::Eight => &WEIGHTS,
        BoardSize::Ten => &WEIGHTS_10,
    }
}

/// [`evaluate`] with a given weight table (for tuning).
pub fn evaluate_with(pos: &Position, w: &Weights) -> Value {
    let t = tables::tables(pos.rules().board);
    let me = pos.side();
    let phase = material::phase(pos);
    let (mut mine, mut theirs) = (Acc::default(), Acc::default());
    material::material(pos, me, t, w, &mut mine);
    material::material(pos, !me, t, w, &mut theirs);
    let lead = mine.minus(theirs).blend(phase);
    side_terms(pos, me, t, w, &mut mine);
    side_terms(pos, !me, t, w, &mut theirs);
    let mut v = mine.minus(theirs).blend(phase);
    v += trade_bonus(pos, lead, w);
    if drawish(pos) {
        v /= w.drawish_divisor.max(1);
    }
    v.clamp(-EVAL_MAX, EVAL_MAX)
}

/// Every positional term of side `c`.
#[inline]
fn side_terms(pos: &Position, c: Color, t: &Tables, w: &Weights, acc: &mut Acc) {
    structure::advancement(pos, c, t, w, acc);
    structure::back_row(pos, c, t, w, acc);
    structure::centre(pos, c, t, w, acc);
    structure::mobility(pos, c, t, w, acc);
    structure::runaways(pos, c, t, w, acc);
    structure::king_diagonal(pos, c, t, w, acc);
    structure::wing_balance(pos, c, t, w, acc);
    structure::rear_cover_terms(pos, c, t, w, acc);
    structure::exclusive_king(pos, c, t, w, acc);
}

/// The side ahead by at least half a man gains `trade_down` per piece gone from the board.
#[inline]
fn trade_bonus(pos: &Position, lead: i32, w: &Weights) -> i32 {
    let gone = 2 * material::start_pieces(pos) - pos.occupied().count() as i32;
    let gone = gone.max(0);
    if lead >= 50 {
        w.trade_down * gone
    } else if lead <= -50 {
        -w.trade_down * gone
    } else {
        0
    }
}

#[cfg(test)]
mod tests;
