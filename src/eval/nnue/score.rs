//! The network's output made a score: the forward pass from the inputs, the drawish scaling
//! and the clamp, shared by the from-scratch and the incremental evaluation.

use super::features::features;
use super::network::Network;
use super::simd;
use crate::eval::acc::{Value, EVAL_MAX};
use crate::eval::drawish::drawish;
use crate::eval::evaluate::weights_for;
use crate::position::Board;
use crate::rules::Word;

/// The network's score of `pos` from the side to move, in centi-men: pulled towards 0 for
/// drawish material like the other evaluations (divided by the board's `drawish_divisor`);
/// `|v| <= EVAL_MAX`. `net` must be for `pos`'s board (its inputs).
#[inline]
pub fn evaluate_with<W: Word>(pos: &Board<W>, net: &Network) -> Value {
    let active = features(pos);
    finish(pos, simd::forward(net, active.as_slice()))
}

/// The network's raw output made a score: the drawish scaling and the clamp.
#[inline]
pub fn finish<W: Word>(pos: &Board<W>, raw: i32) -> Value {
    let mut v = raw;
    if drawish(pos) {
        v /= weights_for(pos.rules().board).drawish_divisor.max(1);
    }
    v.clamp(-EVAL_MAX, EVAL_MAX)
}
