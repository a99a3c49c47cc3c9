//! The hand-set evaluation: every term of both sides, blended by the game phase.

use super::acc::{Acc, Value, EVAL_MAX};
use super::drawish::drawish;
use super::tables::{self, Tables};
use super::weights::{Weights, WEIGHTS, WEIGHTS_10};
use super::{material, structure};
use crate::position::Board;
use crate::rules::BoardSize;
use crate::rules::Word;
use crate::types::Color;

/// The weight table the engine plays with on `board`: [`WEIGHTS`] on 8×8 (all-squares
/// included) and on Alkerk's 5×5, [`WEIGHTS_10`] on 10×10.
#[inline]
pub fn weights_for(board: BoardSize) -> &'static Weights {
    match board {
        BoardSize::Eight | BoardSize::EightA1Light | BoardSize::EightAll => &WEIGHTS,
        BoardSize::FiveLines => &WEIGHTS,
        BoardSize::Ten | BoardSize::Twelve => &WEIGHTS_10,
    }
}

/// [`evaluate`](super::evaluate) with a given weight table (for tuning).
pub fn evaluate_with<W: Word>(pos: &Board<W>, w: &Weights) -> Value {
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

/// The exchange bonus of [`evaluate_with`] alone, from the side to move: `trade_down` per piece
/// gone for the side ahead by half a man or more of material under `w` (for tuning, which fits
/// the other terms and keeps this one fixed).
pub fn exchange_bonus<W: Word>(pos: &Board<W>, w: &Weights) -> Value {
    let t = tables::tables(pos.rules().board);
    let (mut mine, mut theirs) = (Acc::default(), Acc::default());
    material::material(pos, pos.side(), t, w, &mut mine);
    material::material(pos, !pos.side(), t, w, &mut theirs);
    trade_bonus(pos, mine.minus(theirs).blend(material::phase(pos)), w)
}

/// Every positional term of side `c`.
#[inline]
pub(super) fn side_terms<W: Word>(
    pos: &Board<W>,
    c: Color,
    t: &Tables,
    w: &Weights,
    acc: &mut Acc,
) {
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
pub(super) fn trade_bonus<W: Word>(pos: &Board<W>, lead: i32, w: &Weights) -> i32 {
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
