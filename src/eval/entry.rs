//! The evaluation the engine plays with: the goal's own, a network where one is set for the
//! variant, the hand-set terms plus the learned patterns where a variant has trained weights,
//! or the hand-set terms alone.

use super::acc::Value;
use super::evaluate::{evaluate_with, weights_for};
use super::{goal_variants, jumps_only, nnue, pattern};
use crate::position::Board;
use crate::rules::Word;

/// The static evaluation of `pos` from the side to move, in centi-men; `|v| <= EVAL_MAX`.
///
/// Konane has its own (moves and pieces that can move: the module `jumps_only`), so have the
/// goal variants (see the module `goal_variants`); for the normal goal a
/// variant with a network set ([`nnue::active`]) is scored by it, else a
/// variant with trained pattern weights ([`pattern::for_variant`]) is scored by the pattern
/// evaluation, the others by the hand-set terms with the weights [`weights_for`] the board of
/// `pos`. Drawish material ([`super::drawish`]) is
/// already pulled towards 0 here (divided by the table's `drawish_divisor`); callers need not
/// scale it again.
pub fn evaluate<W: Word>(pos: &Board<W>) -> Value {
    if pos.rules().jumps_only() {
        return jumps_only::evaluate(pos); // every move a jump: mobility is the game
    }
    match goal_variants::goal_eval(pos.rules().goal) {
        None => match (network_for(pos), pattern::for_variant(pos.variant())) {
            (Some(net), _) => nnue::evaluate_with(pos, net),
            (None, Some(w)) => pattern::evaluate_with(pos, w),
            (None, None) => evaluate_with(pos, weights_for(pos.rules().board)),
        },
        Some(g) => goal_variants::evaluate_goal(pos, g),
    }
}

/// The network [`evaluate`] scores `pos` with, if any: the variant's ([`nnue::active`]) where
/// its goal is the normal one and not every move is a jump.
#[inline]
pub fn network_for<W: Word>(pos: &Board<W>) -> Option<&'static nnue::Network> {
    let own_eval = pos.rules().jumps_only() || pos.rules().goal != crate::rules::Goal::Normal;
    if own_eval {
        None
    } else {
        nnue::active(pos.variant())
    }
}
