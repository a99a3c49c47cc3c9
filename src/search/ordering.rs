//! Move ordering: the table move first, then captures (more and bigger pieces first), quiet
//! promotions, two killer moves per ply, and the rest by a history score (per side, origin and
//! destination, with gravity so old successes fade).

use super::evalcache::EvalCache;
use super::score::MAX_PLY;
use crate::eval::nnue::NetStack;
use crate::moves::Move;
use crate::position::Board;
use crate::rules::Word;
use crate::types::{Color, Square};

const TT_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 24;
const PROMOTION: i32 = 1 << 22;
const KILLER: i32 = 1 << 21;
/// Ordering scores below this are plain quiet moves (not table move, capture, promotion or
/// killer): the candidates for late-move reductions.
pub const KILLER_FLOOR: i32 = KILLER;
/// Largest history magnitude (keeps history below the killer scores).
const HISTORY_MAX: i32 = 1 << 16;

/// Per-thread ordering tables (and the evaluation cache), kept between searches of one game.
pub struct OrderTables<W: Word> {
    killers: [[Option<Move<W>>; 2]; MAX_PLY + 1],
    /// `history[slot(side, from, to)]`: one entry per side and pair of bits of the word.
    history: Box<[i32]>,
    /// The thread's cache of static evaluations (not an ordering table, but kept, cleared and
    /// handed to the thread with them).
    pub evals: EvalCache,
    /// The thread's layer-1 sums of the network evaluation by ply.
    pub nets: NetStack<W>,
}

/// The index of (side, from, to) in the history table of the word `W`.
#[inline(always)]
fn slot<W: Word>(side: Color, from: Square, to: Square) -> usize {
    let bits = W::BITS as usize;
    (side.index() * bits + from.index()) * bits + to.index()
}

impl<W: Word> Default for OrderTables<W> {
    fn default() -> Self {
        OrderTables {
            killers: [[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 * (W::BITS * W::BITS) as usize].into_boxed_slice(),
            evals: EvalCache::default(),
            nets: NetStack::default(),
        }
    }
}

impl<W: Word> OrderTables<W> {
    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        *self = OrderTables::default();
    }

    /// Forgets the killers (they belong to one search tree).
    pub fn clear_killers(&mut self) {
        self.killers = [[None; 2]; MAX_PLY + 1];
    }

    /// The ordering score of `mv` at `ply` (higher first); `tt` marks the table move.
    pub fn score(&self, pos: &Board<W>, mv: &Move<W>, ply: usize, tt: bool) -> i32 {
        if tt {
            return TT_MOVE;
        }
        if mv.is_capture() {
            let kings = (mv.captured & pos.all_kings()).count() as i32;
            return CAPTURE + 1000 * mv.captured.count() as i32 + 300 * kings + mv.promotes as i32;
        }
        if mv.promotes {
            return PROMOTION;
        }
        let k = &self.killers[ply.min(MAX_PLY)];
        if k[0] == Some(*mv) {
            return KILLER + 1;
        }
        if k[1] == Some(*mv) {
            return KILLER;
        }
        self.history[slot::<W>(pos.side(), mv.from, mv.to)]
    }

    /// Records a quiet move that caused a cutoff at `ply` with remaining `depth`, and lowers the
    /// history of the quiet moves tried before it.
    pub fn reward(&mut self, side: Color, mv: &Move<W>, tried: &[Move<W>], ply: usize, depth: i32) {
        let k = &mut self.killers[ply.min(MAX_PLY)];
        if k[0] != Some(*mv) {
            k[1] = k[0];
            k[0] = Some(*mv);
        }
        let bonus = (depth * depth).min(400);
        self.update(side, mv, bonus);
        for m in tried.iter().filter(|m| *m != mv) {
            self.update(side, m, -bonus);
        }
    }

    fn update(&mut self, side: Color, mv: &Move<W>, bonus: i32) {
        let h = &mut self.history[slot::<W>(side, mv.from, mv.to)];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }
}

/// Picks the best-scored remaining entry of `order[from..]` and swaps it to `from`
/// (selection sort step: most nodes cut off after a few moves).
#[inline]
pub fn pick(order: &mut [(i32, u16)], from: usize) -> usize {
    let mut best = from;
    for i in from + 1..order.len() {
        if order[i].0 > order[best].0 {
            best = i;
        }
    }
    order.swap(from, best);
    order[from].1 as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen;
    use crate::position::Position;
    use crate::Variant;

    #[test]
    fn killers_and_history_order_quiet_moves() {
        let pos = Position::start(Variant::Czech);
        let moves = movegen::legal_moves(&pos);
        let mut t = OrderTables::default();
        t.reward(pos.side(), &moves[3], &moves[..4], 2, 5);
        assert!(t.score(&pos, &moves[3], 2, false) > t.score(&pos, &moves[0], 2, false));
        assert!(t.score(&pos, &moves[0], 2, false) < 0);
        assert!(t.score(&pos, &moves[1], 2, true) > t.score(&pos, &moves[3], 2, false));
    }

    #[test]
    fn pick_takes_the_highest() {
        let mut order = vec![(1, 0), (5, 1), (3, 2)];
        assert_eq!(pick(&mut order, 0), 1);
        assert_eq!(pick(&mut order, 1), 2);
        assert_eq!(pick(&mut order, 2), 0);
    }
}
