//! The opening removals of Konane ([`Opening::Removals`]): on a full board the side to move
//! removes one of its own pieces on the rule set's squares, with one empty square one of its
//! own pieces orthogonally next to it. The number of empty squares tells the phase, so the
//! position carries it and the generator reads it here, on the data-driven path only (no
//! compiled shape has an opening).

use super::snapshot::Snapshot;
use crate::moves::{Move, MoveList};
use crate::rules::{Dir, Opening, Word};
use crate::types::Bitboard;

/// The squares of the side to move's pieces it may remove now, or `None` when the game is past
/// its removals (or the variant has none): then the usual moves follow.
#[inline]
pub(super) fn removable<W: Word>(snap: &Snapshot<W>) -> Option<Bitboard<W>> {
    let Opening::Removals(first) = snap.rules.opening else {
        return None;
    };
    let mine = snap.men | snap.kings;
    let empty = snap.empty;
    match empty.count() {
        0 => Some(mine & Bitboard::narrow(first)),
        1 => {
            let next_to_hole = Dir::ORTHOGONALS
                .iter()
                .fold(Bitboard::EMPTY, |acc, &d| acc | snap.g.advance(empty, d));
            Some(mine & next_to_hole)
        }
        _ => None,
    }
}

/// Appends the removals of the squares `removable`.
pub(super) fn generate<W: Word>(removable: Bitboard<W>, list: &mut MoveList<W>) {
    for sq in removable {
        list.push(Move::removal(sq));
    }
}

#[cfg(test)]
mod tests {
    use crate::movegen::legal_moves;
    use crate::rules::Variant;
    use crate::Position;

    #[test]
    fn the_first_removal_takes_a_black_piece_on_the_long_diagonal() {
        let pos = Position::start(Variant::Hawaiian);
        let g = pos.rules().names();
        let moves = legal_moves(&pos);
        let mut names: Vec<String> = moves.iter().map(|m| g.algebraic(m.from)).collect();
        names.sort();
        assert_eq!(names, ["a8", "d5", "e4", "h1"]);
        assert!(moves.iter().all(|m| m.is_removal() && m.to == m.from));
    }
}
