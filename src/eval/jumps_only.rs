//! The evaluation of the variants where every move is a jump ([`RuleSet::jumps_only`]:
//! Konane). The side that cannot move loses, so what counts is how many moves each side has
//! and how many of its pieces can move at all; the pieces themselves count a little (each is a
//! possible jumper later, and a possible victim). The opening removals score 0: both sides
//! still have every piece, and the search sees the first jumps behind them.
//!
//! [`RuleSet::jumps_only`]: crate::rules::RuleSet::jumps_only

use super::acc::{Value, EVAL_MAX};
use crate::movegen;
use crate::moves::MoveList;
use crate::position::Board;
use crate::rules::Word;
use crate::types::Bitboard;

/// Each legal move (jump) of a side.
const PER_MOVE: i32 = 12;
/// Each piece of a side that has a move.
const PER_MOVER: i32 = 8;
/// Each piece.
const PER_PIECE: i32 = 3;

/// The terms, side to move minus opponent: mobility (moves), movers (pieces with a move) and
/// material.
pub(super) fn terms<W: Word>(pos: &Board<W>) -> [(&'static str, Value); 3] {
    if pos.empty().count() <= 1 {
        // the opening removals: the search reads them through to the first jumps
        return [("mobility", 0), ("pieces with a move", 0), ("material", 0)];
    }
    let them = pos.with_side(!pos.side());
    let (my_moves, my_movers) = mobility(pos);
    let (their_moves, their_movers) = mobility(&them);
    let material = pos.pieces(pos.side()).count() as i32 - pos.pieces(!pos.side()).count() as i32;
    [
        ("mobility", PER_MOVE * (my_moves - their_moves)),
        ("pieces with a move", PER_MOVER * (my_movers - their_movers)),
        ("material", PER_PIECE * material),
    ]
}

/// The evaluation: the sum of [`terms`].
pub(super) fn evaluate<W: Word>(pos: &Board<W>) -> Value {
    let sum: i32 = terms(pos).iter().map(|t| t.1).sum();
    sum.clamp(-EVAL_MAX, EVAL_MAX)
}

/// The number of legal moves of the side to move and of its pieces that have one.
fn mobility<W: Word>(pos: &Board<W>) -> (i32, i32) {
    let mut moves = MoveList::new();
    movegen::generate(pos, &mut moves);
    let movers: Bitboard<W> = moves.iter().map(|m| m.from).collect();
    (moves.len() as i32, movers.count() as i32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;
    use crate::types::Color;
    use crate::Position;

    #[test]
    fn the_side_with_more_moves_is_ahead() {
        // White's a1 and c1 can jump the men above them; Black's men have nowhere to land
        let pos = Position::from_fen(Variant::Hawaiian, "W:Wa1,c1:Ba2,c2").unwrap();
        assert_eq!(mobility(&pos), (2, 2));
        assert_eq!(mobility(&pos.with_side(Color::Black)), (0, 0));
        assert_eq!(evaluate(&pos), 2 * PER_MOVE + 2 * PER_MOVER);
        assert_eq!(evaluate(&pos.with_side(Color::Black)), -evaluate(&pos));
        assert_eq!(crate::eval::evaluate(&pos), evaluate(&pos));
    }
}
