//! Retro moves: the positions from which one quiet, non-promoting move leads to a position.
//!
//! Inside a slice only such moves occur (captures and promotions change the material), and in
//! every variant they are a man's step forward or a king's move along a diagonal (one square,
//! or any distance over empty squares where kings fly). A retro move is legal when the position
//! before it had no capture (capturing is compulsory).
//!
//! Under a king-move limit (Frisian) the positions carry each side's run ([`KingRun`]). A quiet
//! move leaves the run of the side that did not move as it was; the mover's run after it says
//! what the move was: none after a man's move (the run before it any of the mover's), the king
//! on its square with a count of 1 after a king's move that began a run (before it: none, or
//! another king's run), or a count of `c > 1` after a king's move that went on with the run of
//! `c - 1` that the same king had.

use crate::movegen;
use crate::position::{KingRun, Position};
use crate::rules::Range;
use crate::types::{Bitboard, Color, Square};

/// The position with the piece of the side *not* to move on `from` moved back to `to`, and
/// that side to move.
#[inline]
fn unplay(pos: &Position, from: Square, to: Square, king: bool) -> Position {
    let mover = !pos.side();
    let delta = Bitboard::from_square(from) | Bitboard::from_square(to);
    let mut pieces = [pos.pieces(Color::White), pos.pieces(Color::Black)];
    pieces[mover.index()] ^= delta;
    let kings = if king {
        pos.all_kings() ^ delta
    } else {
        pos.all_kings()
    };
    Position::from_parts(pos.variant(), pieces[0], pieces[1], kings, mover)
        .with_king_run(pos.side(), pos.king_run(pos.side()))
}

/// Calls `f` with `q` (the position before a quiet move of `mover`'s piece from `was` to the
/// square of the run `after`, or a man's move when `king` is false) once for each run `mover`
/// can have had in `q` so that the move leaves `after`.
fn with_runs_before(
    q: &Position,
    was: Square,
    king: bool,
    after: KingRun,
    f: &mut impl FnMut(&Position),
) {
    let mover = q.side();
    let limit = q.rules().king_move_limit;
    if limit == 0 || q.men(mover).is_empty() {
        f(q);
        return;
    }
    if king && after.count() > 1 {
        f(&q.with_king_run(mover, KingRun::new(was, after.count() - 1)));
        return;
    }
    f(q);
    for k in q.kings(mover) {
        if king && k == was {
            continue; // the same king going on would have made a count above 1
        }
        for c in 1..=limit {
            f(&q.with_king_run(mover, KingRun::new(k, c)));
        }
    }
}

/// Calls `f` with every position from which a legal quiet move that does not promote leads to
/// `pos`.
pub fn predecessors(pos: &Position, mut f: impl FnMut(&Position)) {
    let g = pos.geometry();
    let mover = !pos.side();
    let empty = pos.empty();
    let flying = pos.rules().kings.moves == Range::Flying;
    let limited = pos.rules().king_move_limit != 0 && pos.men(mover).any();
    let after = pos.king_run(mover);
    for k in pos.kings(mover) {
        // under the limit only the king of the mover's run can have moved last, and no king
        // when the mover has no run
        if limited && after.square() != Some(k) {
            continue;
        }
        for &d in pos.rules().kings.move_lines.dirs() {
            let mut at = k;
            while let Some(prev) = g.neighbour(at, d) {
                if !empty.has(prev) {
                    break;
                }
                let q = unplay(pos, k, prev, true);
                if !movegen::has_capture(&q) {
                    with_runs_before(&q, prev, true, after, &mut f);
                }
                if !flying {
                    break;
                }
                at = prev;
            }
        }
    }
    if limited && after != KingRun::NONE {
        return; // the mover's last move was a king's
    }
    for m in pos.men(mover) {
        for &d in pos.rules().man_move_dirs(mover) {
            if let Some(prev) = g.neighbour(m, d.reverse()) {
                if empty.has(prev) {
                    let q = unplay(pos, m, prev, false);
                    if !movegen::has_capture(&q) {
                        with_runs_before(&q, prev, false, after, &mut f);
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
        check_position(&Position::from_fen(variant, fen).unwrap());
    }

    /// The number of predecessors of `p`, after checking them.
    fn check_position(p: &Position) -> usize {
        let (p, fen) = (*p, format!("{} {:?}", p.to_fen(), p));
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
        preds.len()
    }

    #[test]
    fn retro_moves_invert_forward_moves() {
        check(Variant::Czech, "W:WKa1,c3,e3:BKh8,f6");
        check(Variant::Czech, "B:WKd4,Kb2:BKg7");
        check(Variant::Czech, "W:We3,Kc1:Bd6,Kh6");
        check(Variant::English, "W:WK15,22:BK5,10");
        check(Variant::International, "B:WK28,33:BK5,19");
    }

    /// Under Frisian's king-move limit: a run of 1 (begun by this move, after none or another
    /// king's run), of 2 and 3 (going on with the same king's), none (after a man's move), a side
    /// without men (no runs), and the side to move's own run kept as it was.
    #[test]
    fn retro_moves_rebuild_the_runs_of_the_king_move_limit() {
        let frisian = |fen: &str| Position::from_fen(Variant::Frisian, fen).unwrap();
        let sq = |n: u32| Variant::Frisian.rules().numbered_square(n).unwrap();
        let base = frisian("B:WK28,K33,45:BK5,19,10");
        let mut found = 0;
        for (count, run) in [(1, 28), (2, 28), (3, 33), (1, 33)] {
            let run = KingRun::new(sq(run), count);
            found += check_position(&base.with_king_run(Color::White, run));
        }
        found += check_position(&base);
        let both = base
            .with_king_run(Color::White, KingRun::new(sq(28), 2))
            .with_king_run(Color::Black, KingRun::new(sq(5), 3));
        assert_eq!(both.king_run(Color::Black).count(), 3);
        found += check_position(&both);
        found += check_position(&frisian("B:WK28,K33:BK5,19,10"));
        let mut preds = Vec::new();
        predecessors(&both, |q| preds.push(*q));
        assert!(preds
            .iter()
            .all(|q| q.king_run(Color::Black) == both.king_run(Color::Black)));
        assert!(found > 20, "{found} predecessors");
    }
}
