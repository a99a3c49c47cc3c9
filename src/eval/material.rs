//! Material and game phase.

use super::acc::{Acc, PHASE_MAX};
use super::tables::Tables;
use super::weights::Weights;
use crate::position::Board;
use crate::rules::Word;
use crate::types::Color;

/// Number of pieces each side starts with in `pos`'s variant.
#[inline]
pub(super) fn start_pieces<W: Word>(pos: &Board<W>) -> i32 {
    Board::<W>::start(pos.variant())
        .pieces(Color::White)
        .count() as i32
}

/// The game phase: `PHASE_MAX` with all the start material on the board, 0 with none.
#[inline]
pub(super) fn phase<W: Word>(pos: &Board<W>) -> i32 {
    let start = 2 * start_pieces(pos);
    let on_board = (pos.occupied().count() as i32).min(start);
    on_board * PHASE_MAX / start
}

/// The material of `c`: men and kings, the king's value by the variant's king.
#[inline]
pub(super) fn material<W: Word>(pos: &Board<W>, c: Color, _t: &Tables, w: &Weights, acc: &mut Acc) {
    let king = if pos.rules().flying_kings() {
        w.king_flying
    } else {
        w.king_short
    };
    acc.add(w.man, pos.men(c).count() as i32);
    acc.add(king, pos.kings(c).count() as i32);
}
