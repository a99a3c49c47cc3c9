//! The pruning decisions of a node, taken before its moves are searched: ProbCut, shallow
//! futility, which late quiet moves are skipped or reduced, and by how much (the reasons are in
//! the docs of `alphabeta.rs`).

use crate::rules::Word;
use once_cell::sync::Lazy;

use super::score::BITBASE_BOUND;
use super::worker::{SearchNode, Worker};
use crate::movegen;
use crate::position::Board;

/// Futility margin per ply of remaining depth, in centi-men.
const FUTILITY_MARGIN: i32 = 80;

/// ProbCut margin per ply of remaining depth, in centi-men.
const PROBCUT_MARGIN: i32 = 5;

/// Smallest remaining depth at which ProbCut is tried.
const PROBCUT_DEPTH: i32 = 3;

/// History score above which a late quiet move is reduced one ply less.
const GOOD_HISTORY: i32 = 8192;

/// Late-move reductions by remaining depth and move number: `ln(depth)·ln(n+1)/3`, rounded,
/// between 0 and 2 (reducible moves get at least 1).
static LMR: Lazy<[[u8; 64]; 64]> = Lazy::new(|| {
    let mut t = [[0u8; 64]; 64];
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (n, r) in row.iter_mut().enumerate() {
            let v = (d as f64).ln() * ((n + 1) as f64).ln() / 3.0;
            *r = v.round().clamp(0.0, 2.0) as u8;
        }
    }
    t
});

/// True when the side not to move could capture if it were its turn.
#[inline]
pub fn threatened<W: Word>(pos: &Board<W>) -> bool {
    movegen::has_capture(&pos.with_side(!pos.side()))
}

/// True when the side to move at `child` can capture: the move that led there offers a capture
/// (the first move of most shots), so it is neither pruned nor reduced.
#[inline]
fn offers_capture<W: Word>(child: &SearchNode<W>) -> bool {
    movegen::has_capture(&child.pos)
}

/// What shallow futility decides at a node, before its moves.
pub enum Futility {
    /// The static evaluation less the margin still beats beta: the node scores this.
    Cutoff(i32),
    /// The static evaluation plus the margin cannot reach alpha: late quiet moves that offer no
    /// capture are skipped.
    SkipLateQuiets,
    /// Every move is searched.
    Off,
}

/// Futility at `depth` ≤ 2 for the window (alpha, beta), from the node's static evaluation
/// `stand`.
pub fn futility(stand: i32, depth: i32, alpha: i32, beta: i32) -> Futility {
    let margin = FUTILITY_MARGIN * depth;
    if stand - margin >= beta {
        Futility::Cutoff(stand - margin)
    } else if stand + margin <= alpha {
        Futility::SkipLateQuiets
    } else {
        Futility::Off
    }
}

impl<W: Word> Worker<'_, W> {
    /// ProbCut at a non-PV node `depth` plies deep with the null window below `beta`: when a
    /// search of the same node at 40% of the depth (without ProbCut below it) beats `beta` by
    /// [`PROBCUT_MARGIN`] a ply, the node fails high with that score less the margin. `None`
    /// when it is not tried or does not cut; `Some(0)` when the search was stopped.
    pub fn probcut(&mut self, node: &SearchNode<W>, depth: i32, beta: i32) -> Option<i32> {
        let margin = PROBCUT_MARGIN * depth;
        if self.in_probcut || depth < PROBCUT_DEPTH || (beta + margin).abs() >= BITBASE_BOUND {
            return None;
        }
        let raised = beta + margin;
        self.in_probcut = true;
        let score = self.negamax(node, depth * 40 / 100, raised - 1, raised);
        self.in_probcut = false;
        if self.stopped {
            return Some(0);
        }
        (score >= raised).then_some(score - margin)
    }
}

/// The pruning decisions of one node, taken before its moves are searched.
pub struct Pruning {
    /// Late quiet moves after the first that offer no capture are skipped (futility).
    pub skip_late_quiets: bool,
    /// Late quiet moves from this move number on that offer no capture are reduced
    /// (`usize::MAX`: none).
    pub first_reduced: usize,
}

impl Pruning {
    /// Whether the `n`th move (`late`: a plain quiet move) leading to `child` is skipped.
    #[inline]
    pub fn skips<W: Word>(&self, n: usize, late: bool, child: &SearchNode<W>) -> bool {
        self.skip_late_quiets && n > 0 && late && !offers_capture(child)
    }

    /// Whether the `n`th move (`late`: a plain quiet move) leading to `child` is reduced.
    #[inline]
    pub fn reduces<W: Word>(&self, n: usize, late: bool, child: &SearchNode<W>) -> bool {
        n >= self.first_reduced && late && !offers_capture(child)
    }
}

/// The reduction of the `n`th move at `depth` whose ordering score is `history`, searched at
/// `new_depth`: from [`LMR`], at least 1, one ply less with a good history, never below 0 and
/// never into quiescence.
#[inline]
pub fn lmr_plies(depth: i32, n: usize, history: i32, new_depth: i32) -> i32 {
    let base = (LMR[depth.min(63) as usize][n.min(63)] as i32).max(1);
    (base - (history > GOOD_HISTORY) as i32)
        .min(new_depth - 1)
        .max(0)
}
