//! Retro moves: the positions from which one quiet, non-promoting move leads to a position.
//!
//! Inside a slice only such moves occur (captures and promotions change the material), and in
//! every variant they are a man's step forward or a king's move along a diagonal (one square,
//! or any distance over empty squares where kings fly). A retro move is legal when the position
//! before it had no capture (capturing is compulsory).

use crate::movegen;
use crate::position::Position;
use crate::rules::Range;
use crate::types::{Bitboard, Square};

/// The position with the piece of the side *not* to move on `from` moved back to `to`, and
/// that side to move.
#[inline]
fn unplay(pos: &Position, from: Square, to: Square, king: bool) -> Position {
    let mover = !pos.side();
    let delta = Bitboard::from_square(from) | Bitboard::from_square(to);
    let mut pieces = [
        pos.pieces(crate::types::Color::White),
        pos.pieces(crate::types::Color::Black),
    ];
    pieces[mover.index()] ^= delta;
    let kings = if king {
        pos.all_kings() ^ delta
    } else {
        pos.all_kings()
    };
    Position::from_parts(pos.variant(), pieces[0], pieces[1], kings, mover)
}

/// Calls `f` with every position from which a legal quiet move that does not promote leads to
/// `pos`.
pub fn predecessors(pos: &Position, mut f: impl FnMut(&Position)) {
    let g = pos.geometry();
    let mover = !pos.side();
    let empty = pos.empty();
    let flying = pos.rules().kings.moves == Range::Flying;
    for k in pos.kings(mover) {
        for &d in pos.rules().kings.move_lines.dirs() {
            let mut at = k;
            while let Some(prev) = g.neighbour(at, d) {
                if !empty.has(prev) {
                    break;
                }
                let q = unplay(pos, k, prev, true);
                if !movegen::has_capture(&q) {
                    f(&q);
                }
                if !flying {
                    break;
                }
                at = prev;
            }
        }
    }
    for m in pos.men(mover) {
        for &d in pos.rules().man_move_dirs(mover) {
            if let Some(prev) = g.neighbour(m, d.reverse()) {
                if empty.has(prev) {
                    let q = unplay(pos, m, prev, false);
                    if !movegen::has_capture(&q) {
                        f(&q);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    /// Forward quiet non-promoting moves of `q` reach `p` exactly when `q` is a predecessor of `p`.
    fn check(variant: Variant, fen: &str) {
        let p = Position::from_fen(variant, fen).unwrap();
        let mut preds = Vec::new();
        predecessors(&p, |q| preds.push(*q));
        for q in &preds {
            let reaches = movegen::legal_moves(q)
                .iter()
                .filter(|m| !m.is_capture() && !m.promotes)
                .filter(|m| q.play(m) == p)
                .count();
            assert_eq!(reaches, 1, "{} -> {}", q.to_fen(), fen);
        }
        // and every successor of every predecessor with the same material is found again
        for q in &preds {
            for m in movegen::legal_moves(q) {
                if m.is_capture() || m.promotes {
                    continue;
                }
                let s = q.play(&m);
                let mut back = Vec::new();
                predecessors(&s, |r| back.push(*r));
                assert!(back.contains(q));
            }
        }
    }

    #[test]
    fn retro_moves_invert_forward_moves() {
        check(Variant::Czech, "W:WKa1,c3,e3:BKh8,f6");
        check(Variant::Czech, "B:WKd4,Kb2:BKg7");
        check(Variant::Czech, "W:We3,Kc1:Bd6,Kh6");
        check(Variant::English, "W:WK15,22:BK5,10");
        check(Variant::International, "B:WK28,33:BK5,19");
    }
}
