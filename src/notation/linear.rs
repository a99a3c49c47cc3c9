//! Why a man's long quiet move is not a linear move (Dameo, [`crate::rules::MenRules::linear_moves`]).

use super::write::square_name;
use crate::position::Board;
use crate::rules::Word;
use crate::types::{Bitboard, Square};

/// When `from` to `to` runs straight along one of the men's move directions over more than one
/// square, what stops it being a linear move: the first square between that holds no man of
/// the side (empty, a king, an enemy piece). `None` for any other text.
pub(super) fn broken_line<W: Word>(pos: &Board<W>, from: Square, to: Square) -> Option<String> {
    let rules = pos.rules();
    if !rules.men.linear_moves {
        return None;
    }
    let g = pos.geometry();
    let me = pos.side();
    let dir = rules
        .man_move_dirs(me)
        .iter()
        .copied()
        .find(|&d| g.ray(from, d).has(to))?;
    let between = g.ray(from, dir) - g.ray(to, dir) - Bitboard::from_square(to);
    let gaps = between - pos.men(me);
    if gaps.is_empty() {
        return None;
    }
    let gap = g.nearest(gaps, dir);
    let what = if pos.empty().has(gap) {
        "is empty"
    } else if pos.kings(me).has(gap) {
        "holds a king (kings never take part in a line)"
    } else {
        "holds an enemy piece"
    };
    Some(format!(
        "a man goes more than one square only over an unbroken line of its own men to the \
         square in front of them, and {} {what}",
        square_name(pos, gap)
    ))
}
