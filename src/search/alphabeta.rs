//! Principal-variation search and quiescence, for one thread.
//!
//! Choices for draughts, each deliberate:
//! - **No null move.** Zugzwang is common in draughts (a side often must weaken itself), so the
//!   null-move assumption "passing is never better than moving" is false and would prune real
//!   wins; the engine never passes.
//! - **Late-move reductions** only for quiet moves late in the ordering (4th move on, 6th at PV
//!   nodes) at depth ≥ 3, never for the table move, captures, promotions or killers, never for a
//!   move that offers the opponent a capture (sacrifices start the shots of draughts), and never
//!   when the mover is under a capture threat. The reduction grows smoothly with depth and move
//!   number ([`LMR`]: `ln(depth)·ln(n+1)/3`, 1 to 2 plies), one ply less for a move with a good
//!   history (never below 0, and never into quiescence). A reduced move that beats alpha is
//!   searched again at full depth, so a reduction can delay but not hide a line. (Measured and
//!   rejected: reductions up to 3 with history raising them, −52 ± 57 Elo; late-move pruning at
//!   depth ≤ 3, −80 ± 57 Elo, 80 international games at 0.03 s a move each.)
//! - **Futility at depth ≤ 2** in calm non-PV nodes (no capture for either side, scores not
//!   decisive): reverse futility returns the static evaluation less 80 centi-men a ply when that
//!   still beats beta; and when the static evaluation plus 80 a ply cannot reach alpha, late
//!   quiet moves that offer no capture are skipped.
//! - **Single-reply extension:** a node with one legal move (usually a forced capture) is
//!   searched one ply deeper, bounded by twice the iteration depth.
//! - **Quiescence** ([`Worker::qsearch`]): captures are compulsory, so a position with a capture
//!   is never quiet and is always resolved, without stand-pat. In a quiet position the side to
//!   move may stand pat, except at the first quiet node of a quiescence line when the opponent
//!   threatens a capture: there every quiet move is tried once (one ply), each again resolved.
//! - **Draw rules** at every node, quiescence and the horizon included, before anything is
//!   evaluated: the variant's counters ([`Counters`], copied per node) and repetition against a
//!   key stack cut at irreversible plies (a repetition inside the tree scores as a draw). A
//!   side without a legal move still loses when a counter runs out at the same moment. So a
//!   win that cannot be completed before a counter expires is never found as a win. The transposition key includes the plies left on the counters,
//!   so a position close to a counter draw never borrows a score from one far from it.
//! - **Endgame bitbases** at every node after the draw rules (not at the root itself, whose
//!   moves are all searched): a position of a loaded slice scores at once by
//!   [`bitbase_value`], a win whose stored distance is longer than the counters allow being
//!   a draw; so at the root the winning moves that fit the counter rank first.
//! - Mate-distance pruning; win/loss scores count plies from the root.

use once_cell::sync::Lazy;

use crate::bitbase::{Probe, Wdl};
use crate::eval;
use crate::game::Counters;
use crate::movegen;
use crate::moves::{Move, MoveList};
use crate::position::Position;

use super::ordering::pick;
use super::smp::{Shared, Worker};
use super::tt::Bound;
use super::{BITBASE_BOUND, BITBASE_WIN, INFINITE, MAX_PLY, WIN, WIN_BOUND};

/// Nodes between two looks at the stop flag, the node budget and the clock.
pub const POLL_INTERVAL: u64 = 1024;

/// Quiet moves remembered per node for history penalties.
const MAX_QUIETS: usize = 64;

/// Futility margin per ply of remaining depth, in centi-men.
const FUTILITY_MARGIN: i32 = 80;

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

/// The position of a node with what the draw rules need.
#[derive(Clone, Copy)]
pub struct Node {
    /// The position.
    pub pos: Position,
    /// Its draw counters.
    pub counters: Counters,
    /// Index into the key stack where the current repetition chain starts.
    pub rep_start: usize,
}

/// The static evaluation used at leaves ([`eval::evaluate`], which already pulls known-drawn
/// material towards 0).
#[inline]
pub fn leaf_eval(pos: &Position) -> i32 {
    eval::evaluate(pos)
}

/// Distance assumed for a bitbase win or loss whose slice stores no distance.
pub const UNKNOWN_DISTANCE: u32 = 255;

/// The score of a bitbase `probe` at `ply` with `plies_left` before a draw counter runs out:
/// a draw 0; a win `BITBASE_WIN - ply - d` and a loss its negative (`d` the distance in plies,
/// [`UNKNOWN_DISTANCE`] when not stored, so that the search prefers the quicker win and the
/// longer defence); a stored distance longer than the counter allows scores as a draw (the
/// loser holds out until the counter ends the game). This is conservative when the winning
/// line captures on the way, which restarts the counters.
pub fn bitbase_value(probe: &Probe, plies_left: Option<u32>, ply: usize) -> i32 {
    if let (Some(d), Some(left)) = (probe.distance, plies_left) {
        if d > left {
            return 0;
        }
    }
    let d = probe
        .distance
        .unwrap_or(UNKNOWN_DISTANCE)
        .min(UNKNOWN_DISTANCE) as i32;
    let win = BITBASE_WIN - ply as i32 - d;
    match probe.wdl {
        Wdl::Win => win,
        Wdl::Draw => 0,
        Wdl::Loss => -win,
    }
}

/// True when the side not to move could capture if it were its turn.
#[inline]
fn threatened(pos: &Position) -> bool {
    movegen::has_capture(&pos.with_side(!pos.side()))
}

impl Worker<'_> {
    /// Counts a node and, every [`POLL_INTERVAL`] nodes, checks the limits.
    #[inline]
    pub fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL_INTERVAL) {
            self.poll();
        }
    }

    /// The transposition key of a node: the position key mixed with the counters' plies left.
    #[inline]
    pub fn tt_key(&self, node: &Node) -> u64 {
        let key = node.pos.key();
        match node.counters.plies_left(self.rules, &self.shared.job.draw) {
            Some(n) => key ^ (n as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            None => key,
        }
    }

    /// True when the draw rules end the game at this (non-root) node.
    fn is_rule_draw(&self, node: &Node) -> bool {
        let sw = &self.shared.job.draw;
        if node.counters.is_draw(self.rules, sw) {
            return true;
        }
        if !sw.repetition {
            return false;
        }
        let n = self.keys.len();
        let key = self.keys[n - 1];
        let mut i = n - 1;
        while i >= node.rep_start + 2 {
            i -= 2;
            if self.keys[i] == key {
                return true;
            }
        }
        false
    }

    /// The score of a node the draw rules end: a draw, unless the side to move has no legal
    /// move (a loss, which the rules judge first). `None` when the game goes on.
    #[inline]
    fn rule_score(&self, node: &Node, ply: usize) -> Option<i32> {
        if !self.is_rule_draw(node) {
            return None;
        }
        let mut moves = MoveList::new();
        movegen::generate(&node.pos, &mut moves);
        Some(if moves.is_empty() {
            -(WIN - ply as i32)
        } else {
            0
        })
    }

    /// The bitbase score of a node with few enough pieces (see [`bitbase_value`]); `None`
    /// without bitbases, with more pieces, a missing slice, or a position already lost (no
    /// legal move: the search scores that as a real loss).
    #[inline]
    fn bitbase_score(&self, node: &Node, ply: usize) -> Option<i32> {
        if self.bitbase_pieces == 0 || node.pos.occupied().count() > self.bitbase_pieces {
            return None;
        }
        let probe = self.shared.job.bitbases.as_deref()?.probe(&node.pos)?;
        if probe.wdl == Wdl::Loss && probe.distance == Some(0) {
            return None;
        }
        let left = node.counters.plies_left(self.rules, &self.shared.job.draw);
        Some(bitbase_value(&probe, left, ply))
    }

    /// The child node after `mv`, its key pushed on the repetition stack (pop it afterwards).
    #[inline]
    pub fn enter(&mut self, node: &Node, mv: &Move) -> Node {
        let pos = node.pos.play(mv);
        let counters = node.counters.after(&node.pos, mv, &pos);
        self.keys.push(pos.key());
        let rep_start = if counters.is_irreversible_reset() {
            self.keys.len() - 1
        } else {
            node.rep_start
        };
        Node {
            pos,
            counters,
            rep_start,
        }
    }

    /// Copies the child's PV behind `mv` into the PV of `ply`.
    #[inline]
    pub fn update_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let child_len = self.pv_len[ply + 1];
        head[ply][0] = mv;
        head[ply][1..=child_len].copy_from_slice(&tail[0][..child_len]);
        self.pv_len[ply] = child_len + 1;
    }

    /// Negamax with alpha-beta, PVS, LMR and the table; `depth` in plies, `ply` from the root.
    #[allow(clippy::too_many_arguments)]
    pub fn negamax(
        &mut self,
        node: &Node,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
    ) -> i32 {
        self.pv_len[ply] = 0;
        if depth <= 0 {
            self.leaf_plies += ply as u64;
            self.leaves += 1;
            return self.qsearch(node, alpha, beta, ply, true);
        }
        self.count_node();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(v) = self.rule_score(node, ply) {
            return v;
        }
        if let Some(v) = self.bitbase_score(node, ply) {
            return v;
        }
        if ply >= MAX_PLY - 1 {
            return leaf_eval(&node.pos);
        }
        alpha = alpha.max(-(WIN - ply as i32));
        beta = beta.min(WIN - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let pv_node = beta - alpha > 1;
        let key = self.tt_key(node);
        let entry = self.shared.tt.probe(key, ply);
        if let Some(e) = entry {
            if !pv_node && e.depth as i32 >= depth && tt_cutoff(e.bound, e.score, alpha, beta) {
                return e.score;
            }
        }
        let mut moves = MoveList::new();
        movegen::generate(&node.pos, &mut moves);
        if moves.is_empty() {
            return -(WIN - ply as i32);
        }
        let ext = (moves.len() == 1 && ply < 2 * self.root_depth as usize) as i32;
        let tt_move = entry
            .and_then(|e| e.mv)
            .filter(|&i| (i as usize) < moves.len());
        let mut order = self.take_order(ply);
        for (i, mv) in moves.iter().enumerate() {
            let s = self
                .tables
                .score(&node.pos, mv, ply, tt_move == Some(i as u8));
            order.push((s, i as u16));
        }
        // Reductions (depth ≥ 3) and futility (depth ≤ 2, non-PV) both need a quiet node: no
        // capture for either side. Not asked where neither applies.
        let quiet_node =
            (depth >= 3 || !pv_node) && !moves[0].is_capture() && !threatened(&node.pos);
        let calm = depth >= 3 && quiet_node;
        let first_reduced = if pv_node { 5 } else { 3 };
        // At a non-PV node alpha = beta - 1, so a beta below the bitbase band keeps both bounds
        // clear of win, loss and bitbase scores.
        let shallow = !pv_node && quiet_node && depth <= 2 && beta.abs() < BITBASE_BOUND;
        let mut futile = false;
        if shallow {
            let stand = leaf_eval(&node.pos);
            if stand - FUTILITY_MARGIN * depth >= beta {
                return stand - FUTILITY_MARGIN * depth;
            }
            futile = stand + FUTILITY_MARGIN * depth <= alpha;
        }
        let alpha0 = alpha;
        let mut best = -INFINITE;
        let mut best_idx = None;
        let mut quiets = [Move::default(); MAX_QUIETS];
        let mut n_quiets = 0;
        for n in 0..order.len() {
            let idx = pick(&mut order, n);
            let mv = moves[idx];
            let late = order[n].0 < super::ordering::KILLER_FLOOR;
            let child = self.enter(node, &mv);
            if futile && n > 0 && late && !movegen::has_capture(&child.pos) {
                self.keys.pop();
                continue;
            }
            let new_depth = depth - 1 + ext;
            let score = if n == 0 {
                -self.negamax(&child, new_depth, -beta, -alpha, ply + 1)
            } else {
                let reducible =
                    calm && late && n >= first_reduced && !movegen::has_capture(&child.pos);
                let r = if reducible {
                    let base = (LMR[depth.min(63) as usize][n.min(63)] as i32).max(1);
                    (base - (order[n].0 > GOOD_HISTORY) as i32)
                        .min(new_depth - 1)
                        .max(0)
                } else {
                    0
                };
                let mut s = -self.negamax(&child, new_depth - r, -alpha - 1, -alpha, ply + 1);
                if s > alpha && r > 0 {
                    s = -self.negamax(&child, new_depth, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha && s < beta {
                    s = -self.negamax(&child, new_depth, -beta, -alpha, ply + 1);
                }
                s
            };
            self.keys.pop();
            if self.stopped {
                self.put_order(ply, order);
                return 0;
            }
            if score > best {
                best = score;
                best_idx = Some(idx);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if score >= beta {
                        if !mv.is_capture() {
                            self.tables.reward(
                                node.pos.side(),
                                &mv,
                                &quiets[..n_quiets],
                                ply,
                                depth,
                            );
                        }
                        break;
                    }
                }
            }
            if !mv.is_capture() && n_quiets < MAX_QUIETS {
                quiets[n_quiets] = mv;
                n_quiets += 1;
            }
        }
        self.put_order(ply, order);
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let mv = best_idx.filter(|&i| i < 255).map(|i| i as u8);
        self.shared
            .tt
            .store(key, ply, best, mv, depth.min(255) as u8, bound);
        best
    }

    /// Quiescence: resolves captures; one quiet ply against a capture threat when `threat_ok`.
    /// The draw rules are checked at every quiescence node too.
    pub fn qsearch(
        &mut self,
        node: &Node,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        threat_ok: bool,
    ) -> i32 {
        self.count_node();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(v) = self.rule_score(node, ply) {
            return v;
        }
        if let Some(v) = self.bitbase_score(node, ply) {
            return v;
        }
        let pos = &node.pos;
        if ply >= MAX_PLY - 1 {
            return leaf_eval(pos);
        }
        let must_capture = movegen::has_capture(pos);
        let mut best = -INFINITE;
        let mut extend = false;
        if !must_capture {
            let stand = leaf_eval(pos);
            if threat_ok && threatened(pos) {
                extend = true;
            } else {
                return stand;
            }
        }
        let mut moves = MoveList::new();
        movegen::generate(pos, &mut moves);
        if moves.is_empty() {
            return -(WIN - ply as i32);
        }
        let mut order = self.take_order(ply);
        for (i, mv) in moves.iter().enumerate() {
            order.push((self.tables.score(pos, mv, ply, false), i as u16));
        }
        let next_threat_ok = threat_ok && !extend;
        for n in 0..order.len() {
            let idx = pick(&mut order, n);
            let child = self.enter(node, &moves[idx]);
            let score = -self.qsearch(&child, -beta, -alpha, ply + 1, next_threat_ok);
            self.keys.pop();
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.put_order(ply, order);
        best
    }

    fn take_order(&mut self, ply: usize) -> Vec<(i32, u16)> {
        let mut v = std::mem::take(&mut self.order[ply]);
        v.clear();
        v
    }

    fn put_order(&mut self, ply: usize, v: Vec<(i32, u16)>) {
        self.order[ply] = v;
    }

    /// Checks the stop flag, the node budget and the clock.
    fn poll(&mut self) {
        let shared: &Shared = self.shared;
        shared.add_nodes(POLL_INTERVAL);
        if !self.may_stop {
            return;
        }
        if shared.should_stop() {
            self.stopped = true;
        }
    }
}

/// Whether a stored bound decides the node for the window (alpha, beta).
#[inline]
fn tt_cutoff(bound: Bound, score: i32, alpha: i32, beta: i32) -> bool {
    match bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    }
}

/// Whether `v` is a win or loss score.
#[inline]
pub fn is_decisive(v: i32) -> bool {
    v.abs() >= WIN_BOUND
}
