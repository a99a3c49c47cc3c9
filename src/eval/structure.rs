//! Positional terms of one side: advancement, back-row guard, centre, mobility, runaway men, king
//! placement, wing balance, rear cover of advanced men and the only king on the board. Bitboard
//! popcounts only; no allocation.

use super::acc::Acc;
use super::tables::Tables;
use super::weights::{Phased, Weights};

/// A weight that is switched off: its term need not be computed.
const OFF: Phased = Phased { mg: 0, eg: 0 };
use crate::position::Board;
use crate::rules::{Forward, Lines, Word};
use crate::types::{Bitboard, Color};

/// The index of the per-direction tables (rows, cones, fronts) for `c`'s men: 0 for men going
/// up the board (White's in the usual variants), 1 for men going down.
#[inline(always)]
fn way<W: Word>(pos: &Board<W>, c: Color) -> usize {
    match pos.rules().forward(c) {
        Forward::Up => 0,
        Forward::Down => 1,
    }
}

/// Advancement (tempo) of `c`'s men, row by row from its own back row.
#[inline]
pub(super) fn advancement<W: Word>(
    pos: &Board<W>,
    c: Color,
    t: &Tables,
    w: &Weights,
    acc: &mut Acc,
) {
    let men = pos.men(c);
    let table: &[_] = if t.width == 8 {
        &w.advance8
    } else {
        &w.advance10
    };
    for (row, weight) in table.iter().enumerate().skip(1) {
        let n = (men & t.row_squares(way(pos, c), row)).count() as i32;
        acc.add(*weight, n);
    }
}

/// Men on the own back row while the opponent has no king to be kept out.
#[inline]
pub(super) fn back_row<W: Word>(pos: &Board<W>, c: Color, t: &Tables, w: &Weights, acc: &mut Acc) {
    if pos.kings(!c).is_empty() {
        let guards = (pos.men(c) & t.row_squares(way(pos, c), 0)).count() as i32;
        acc.add(w.back_row, guards);
    }
}

/// Men and kings on the central squares.
#[inline]
pub(super) fn centre<W: Word>(pos: &Board<W>, c: Color, t: &Tables, w: &Weights, acc: &mut Acc) {
    acc.add(w.centre_man, (pos.men(c) & t.centre()).count() as i32);
    acc.add(w.centre_king, (pos.kings(c) & t.centre()).count() as i32);
}

/// Free forward steps of the men, the moves of the kings (every square a flying king can slide
/// to), and trapped kings (kings without a move).
#[inline]
pub(super) fn mobility<W: Word>(pos: &Board<W>, c: Color, _t: &Tables, w: &Weights, acc: &mut Acc) {
    let g = pos.geometry();
    let empty = pos.empty();
    let men = pos.men(c);
    let steps: u32 = pos
        .rules()
        .man_move_dirs(c)
        .iter()
        .map(|&d| (g.step(men, d) & empty).count())
        .sum();
    acc.add(w.mobility_man, steps as i32);
    let kings = pos.kings(c);
    if kings.is_empty() {
        return;
    }
    let flying = pos.rules().flying_kings();
    let (mut moves, mut trapped) = (0, 0);
    for k in kings {
        let before = moves;
        for &d in pos.rules().kings.move_lines.dirs() {
            let mut to = g.step(Bitboard::from_square(k), d) & empty;
            while to.any() {
                moves += 1;
                if !flying {
                    break;
                }
                to = g.step(to, d) & empty;
            }
        }
        trapped += (moves == before) as i32;
    }
    acc.add(w.mobility_king, moves);
    acc.add(w.trapped_king, -trapped);
}

/// Men with nothing in their forward cone while the opponent has no king: they promote.
#[inline]
pub(super) fn runaways<W: Word>(pos: &Board<W>, c: Color, t: &Tables, w: &Weights, acc: &mut Acc) {
    // no king to stop it, and a crowning to run to (Alkerk has none)
    if pos.kings(!c).any() || !pos.rules().has_kings() {
        return;
    }
    let occupied = pos.occupied();
    let last = t.width as i32 - 1;
    // Men still in their own half are never free: the opponent's men stand in front of them
    // until very late, and the few exceptions are left to the search.
    for sq in pos.men(c) & t.front(way(pos, c)) {
        if (t.cone(way(pos, c), sq) & occupied).any() {
            continue;
        }
        let to_go = last - t.row(c, sq) as i32;
        let behind = to_go - 1;
        acc.mg += (w.runaway.mg - w.runaway_per_row.mg * behind).max(0);
        acc.eg += (w.runaway.eg - w.runaway_per_row.eg * behind).max(0);
    }
}

/// Flying kings on the main diagonal (where kings move along the diagonals).
#[inline]
pub(super) fn king_diagonal<W: Word>(
    pos: &Board<W>,
    c: Color,
    _t: &Tables,
    w: &Weights,
    acc: &mut Acc,
) {
    let rules = pos.rules();
    if rules.flying_kings() && rules.kings.move_lines == Lines::Diagonal {
        let on = (pos.kings(c) & pos.geometry().long_diagonal).count() as i32;
        acc.add(w.king_diagonal, on);
    }
}

/// The difference between `c`'s men on the left and on the right half of the board.
#[inline]
pub(super) fn wing_balance<W: Word>(
    pos: &Board<W>,
    c: Color,
    t: &Tables,
    w: &Weights,
    acc: &mut Acc,
) {
    if w.wing_balance == OFF {
        return;
    }
    let men = pos.men(c);
    let left = (men & t.left()).count() as i32;
    let right = (men & t.right()).count() as i32;
    acc.add(w.wing_balance, -(left - right).abs());
}

/// `c`'s men in the opponent's half, split into those covered in none of the directions opposite
/// to their moves (by an own piece or the board edge: the rear diagonals in the usual variants,
/// the rear and both sides in Turkish) and those backed by own pieces in all of them.
#[inline]
fn rear_cover<W: Word>(pos: &Board<W>, c: Color, t: &Tables) -> (Bitboard<W>, Bitboard<W>) {
    let g = pos.geometry();
    let own = pos.pieces(c);
    let men = pos.men(c) & t.front(way(pos, c));
    let (mut uncovered, mut backed) = (men, men);
    for d in pos.rules().man_move_dirs(c).iter().map(|d| d.reverse()) {
        // The men whose neighbour in the rear direction `d` is an own piece, or off the board.
        let behind_own = g.step(own, d.reverse());
        let at_edge = !g.step(g.valid, d.reverse());
        uncovered = uncovered - (behind_own | at_edge);
        backed &= behind_own;
    }
    (uncovered, backed)
}

/// Hanging men and outposts with one look at the rear cover (what the evaluation calls; the two
/// functions below show the terms apart for [`super::explain`]). Nothing to do when both
/// weights are off, as on 8×8.
#[inline]
pub(super) fn rear_cover_terms<W: Word>(
    pos: &Board<W>,
    c: Color,
    t: &Tables,
    w: &Weights,
    acc: &mut Acc,
) {
    if w.hanging_man == OFF && w.outpost == OFF {
        return;
    }
    let (uncovered, backed) = rear_cover(pos, c, t);
    acc.add(w.hanging_man, -(uncovered.count() as i32));
    acc.add(w.outpost, backed.count() as i32);
}

/// Men in the opponent's half that can be taken from the front (no cover behind them).
#[inline]
pub(super) fn hanging_men<W: Word>(
    pos: &Board<W>,
    c: Color,
    t: &Tables,
    w: &Weights,
    acc: &mut Acc,
) {
    let (uncovered, _) = rear_cover(pos, c, t);
    acc.add(w.hanging_man, -(uncovered.count() as i32));
}

/// Men in the opponent's half backed by own pieces on both rear diagonals.
#[inline]
pub(super) fn outposts<W: Word>(pos: &Board<W>, c: Color, t: &Tables, w: &Weights, acc: &mut Acc) {
    let (_, backed) = rear_cover(pos, c, t);
    acc.add(w.outpost, backed.count() as i32);
}

/// A king while the opponent has none.
#[inline]
pub(super) fn exclusive_king<W: Word>(
    pos: &Board<W>,
    c: Color,
    _t: &Tables,
    w: &Weights,
    acc: &mut Acc,
) {
    if pos.kings(c).any() && pos.kings(!c).is_empty() {
        acc.add(w.exclusive_king, 1);
    }
}
