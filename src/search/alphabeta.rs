//! Principal-variation search and quiescence, for one thread.
//!
//! What a node does (the reasons for each choice: docs/search.md, "Choices made for
//! draughts"):
//! - the goal, the draw rules and then the endgame bitbases score it first (`terminal.rs`; the
//!   root is not probed); mate-distance pruning, with win/loss scores counted in plies from the
//!   root;
//! - no null move (zugzwang is common in draughts);
//! - ProbCut at non-PV nodes of depth ≥ 3 and futility at depth ≤ 2 in calm non-PV nodes
//!   (`pruning.rs`);
//! - late-move reductions of quiet moves late in the order (`pruning::LMR`), never for a move that
//!   offers a capture or when the mover is under a capture threat; a reduced move that beats alpha
//!   is searched again at full depth;
//! - a single-reply extension, bounded by twice the iteration depth;
//! - at the horizon, quiescence ([`Worker::qsearch`](super::worker::Worker::qsearch)): a position
//!   with a capture is always resolved, a quiet one may stand pat except against a capture threat
//!   at the first quiet node of the line.
//!
//! A node takes its pruning decisions once, before its moves (`pruning::Pruning`); the move loop then
//! reads: skip, reduce, search (PVS), record.

use super::ordering::{pick, KILLER_FLOOR};
use super::pruning::{futility, lmr_plies, threatened, Futility, Pruning};
use super::score::{BITBASE_BOUND, INFINITE, MAX_PLY};
use super::tt::{Bound, TtEntry};
use super::worker::{SearchNode, Worker};
use crate::movegen;
use crate::moves::{Move, MoveList};
use crate::rules::Word;

/// Quiet moves remembered per node for history penalties.
const MAX_QUIETS: usize = 64;

/// Whether a stored entry at least `depth` deep decides the node for the window (alpha, beta).
#[inline]
fn tt_cutoff(e: &TtEntry, depth: i32, alpha: i32, beta: i32) -> bool {
    e.depth as i32 >= depth
        && match e.bound {
            Bound::Exact => true,
            Bound::Lower => e.score >= beta,
            Bound::Upper => e.score <= alpha,
        }
}

/// The bound of a node's score `best`, searched with (`alpha0`, `beta`), alpha raised to `alpha`.
#[inline]
fn score_bound(best: i32, alpha0: i32, alpha: i32, beta: i32) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if alpha > alpha0 {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

/// The quiet moves a node tried, for the history penalties after a cutoff.
struct QuietsTried<W: Word> {
    moves: [Move<W>; MAX_QUIETS],
    len: usize,
}

impl<W: Word> QuietsTried<W> {
    fn new() -> QuietsTried<W> {
        QuietsTried {
            moves: [Move::default(); MAX_QUIETS],
            len: 0,
        }
    }

    /// Remembers `mv` if it is quiet and there is room.
    #[inline]
    fn push(&mut self, mv: Move<W>) {
        if !mv.is_capture() && self.len < MAX_QUIETS {
            self.moves[self.len] = mv;
            self.len += 1;
        }
    }

    fn as_slice(&self) -> &[Move<W>] {
        &self.moves[..self.len]
    }
}

impl<W: Word> Worker<'_, W> {
    /// Counts a node and returns its score when it is decided before any move: by a stop (0),
    /// the variant's goal, the draw rules, the bitbases or the ply limit. Every node, quiescence included, starts so.
    #[inline]
    fn decided_on_entry(&mut self, node: &SearchNode<W>) -> Option<i32> {
        self.count_node();
        if self.stopped {
            return Some(0);
        }
        self.seldepth = self.seldepth.max(node.ply);
        if let Some(v) = self.goal_score(node) {
            return Some(v);
        }
        if let Some(v) = self.rule_score(node) {
            return Some(v);
        }
        if let Some(v) = self.bitbase_score(node) {
            return Some(v);
        }
        if node.ply >= MAX_PLY - 1 {
            return Some(self.static_eval(node));
        }
        None
    }

    /// The ordering buffer of the node's `moves`, scored; `tt_move` is the table move's index.
    fn order_moves(
        &mut self,
        node: &SearchNode<W>,
        moves: &MoveList<W>,
        tt_move: Option<u8>,
    ) -> Vec<(i32, u16)> {
        let mut order = self.take_order(node.ply);
        for (i, mv) in moves.iter().enumerate() {
            let s = self
                .tables
                .score(&node.pos, mv, node.ply, tt_move == Some(i as u8));
            order.push((s, i as u16));
        }
        order
    }

    /// A move after the first: a null-window search reduced by `r` plies, again at full depth
    /// when it beats alpha, and with the full window when it lands inside it (PVS).
    #[inline]
    fn search_later_move(
        &mut self,
        child: &SearchNode<W>,
        depth: i32,
        r: i32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let mut s = -self.negamax(child, depth - r, -alpha - 1, -alpha);
        if s > alpha && r > 0 {
            s = -self.negamax(child, depth, -alpha - 1, -alpha);
        }
        if s > alpha && s < beta {
            s = -self.negamax(child, depth, -beta, -alpha);
        }
        s
    }

    /// Negamax with alpha-beta, PVS, LMR and the table; `depth` in plies.
    pub fn negamax(
        &mut self,
        node: &SearchNode<W>,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        let ply = node.ply;
        self.pv_len[ply] = 0;
        if depth <= 0 {
            self.leaf_plies += ply as u64;
            self.leaves += 1;
            return self.qsearch(node, alpha, beta, true);
        }
        if let Some(v) = self.decided_on_entry(node) {
            return v;
        }
        let (worst, best_possible) = self.mate_bounds(ply);
        alpha = alpha.max(worst);
        beta = beta.min(best_possible);
        if alpha >= beta {
            return alpha;
        }
        let pv_node = beta - alpha > 1;
        let key = self.tt_key(node);
        let entry = self.shared.tt.probe(key, ply);
        if let Some(e) = entry.filter(|e| !pv_node && tt_cutoff(e, depth, alpha, beta)) {
            return e.score;
        }
        let mut moves = MoveList::new();
        movegen::generate(&node.pos, &mut moves);
        if moves.is_empty() {
            return self.no_move_score(ply);
        }
        // Reductions (depth ≥ 3) and futility (depth ≤ 2, non-PV) both need a quiet node: no
        // capture for either side. Not asked where neither applies.
        let quiet_node =
            (depth >= 3 || !pv_node) && !moves[0].is_capture() && !threatened(&node.pos);
        // At a non-PV node alpha = beta - 1, so a beta below the bitbase band keeps both bounds
        // clear of win, loss and bitbase scores.
        let shallow = !pv_node && quiet_node && depth <= 2 && beta.abs() < BITBASE_BOUND;
        let futile = if shallow {
            futility(self.static_eval(node), depth, alpha, beta)
        } else {
            Futility::Off
        };
        if let Futility::Cutoff(v) = futile {
            return v;
        }
        let entry = if pv_node {
            entry
        } else {
            match self.probcut(node, depth, beta) {
                Some(v) => return v,
                // The shallow search stored its best move: the table move from now on.
                None => entry
                    .filter(|e| e.mv.is_some())
                    .or_else(|| self.shared.tt.probe(key, ply)),
            }
        };
        let pruning = Pruning {
            skip_late_quiets: matches!(futile, Futility::SkipLateQuiets),
            first_reduced: match (depth >= 3 && quiet_node, pv_node) {
                (false, _) => usize::MAX,
                (true, true) => 5,
                (true, false) => 3,
            },
        };
        let ext = (moves.len() == 1 && ply < 2 * self.root_depth as usize) as i32;
        let tt_move = entry
            .and_then(|e| e.mv)
            .filter(|&i| (i as usize) < moves.len());
        let mut order = self.order_moves(node, &moves, tt_move);
        let alpha0 = alpha;
        let mut best = -INFINITE;
        let mut best_idx = None;
        let mut quiets = QuietsTried::new();
        for n in 0..order.len() {
            let idx = pick(&mut order, n);
            let mv = moves[idx];
            let late = order[n].0 < KILLER_FLOOR;
            let child = self.enter(node, &mv);
            if pruning.skips(n, late, &child) {
                self.keys.pop();
                continue;
            }
            let new_depth = depth - 1 + ext;
            let score = if n == 0 {
                -self.negamax(&child, new_depth, -beta, -alpha)
            } else {
                let r = if pruning.reduces(n, late, &child) {
                    lmr_plies(depth, n, order[n].0, new_depth)
                } else {
                    0
                };
                self.search_later_move(&child, new_depth, r, alpha, beta)
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
                            let side = node.pos.side();
                            self.tables.reward(side, &mv, quiets.as_slice(), ply, depth);
                        }
                        break;
                    }
                }
            }
            quiets.push(mv);
        }
        self.put_order(ply, order);
        let bound = score_bound(best, alpha0, alpha, beta);
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
        node: &SearchNode<W>,
        mut alpha: i32,
        beta: i32,
        threat_ok: bool,
    ) -> i32 {
        if let Some(v) = self.decided_on_entry(node) {
            return v;
        }
        let pos = &node.pos;
        // where every move is a jump (Konane) the static evaluation stands: it weighs them all
        let jumps_only = pos.rules().jumps_only();
        let must_capture = !jumps_only && movegen::has_capture(pos);
        let mut best = -INFINITE;
        let mut extend = false;
        if !must_capture {
            if let Some(v) = self.crowning_score(node) {
                return v;
            }
            let stand = self.static_eval(node);
            if threat_ok && !jumps_only && threatened(pos) {
                extend = true;
            } else {
                return stand;
            }
        }
        let mut moves = MoveList::new();
        movegen::generate(pos, &mut moves);
        if moves.is_empty() {
            return self.no_move_score(node.ply);
        }
        let mut order = self.order_moves(node, &moves, None);
        let next_threat_ok = threat_ok && !extend;
        for n in 0..order.len() {
            let idx = pick(&mut order, n);
            let child = self.enter(node, &moves[idx]);
            let score = -self.qsearch(&child, -beta, -alpha, next_threat_ok);
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
        self.put_order(node.ply, order);
        best
    }
}
