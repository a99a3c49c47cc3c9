//! Iterative deepening with aspiration windows and multi-PV, for one thread.
//!
//! Each iteration searches the root moves (best first from the previous iteration) once per
//! line: line `k` searches the moves not already chosen for lines `0..k`. The first line uses
//! an aspiration window of ±30 around the previous score from depth 5 on, doubling the margin
//! after each failure. An iteration cut off by a stop is discarded: results always come from
//! completed iterations. The main thread (id 0) reports each iteration and decides when to
//! stop (time, depth, a found win); helpers run until the stop flag is set, skipping some
//! depths (see [`skips`]).

use crate::rules::Word;
use std::time::Duration;

use super::report::SearchInfo;
use super::score::{is_decisive, Score, BITBASE_BOUND, INFINITE, WIN};
use super::shared::{Completed, Line};
use super::worker::{RootMove, Worker};
use crate::movegen;

/// Aspiration half-window at the first try, in centi-men.
const ASPIRATION: i32 = 30;

/// Depth-skipping pattern of the helper threads (as in Stockfish 9's Lazy SMP): helper `i`
/// skips the depths where `((depth + PHASE) / SIZE)` is odd, so at any moment helpers are
/// spread over the current depth and the next ones and fill the table ahead of the main thread.
const SKIP_SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SKIP_PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

/// Whether thread `id` skips `depth` (the main thread and depth 1 are never skipped).
fn skips(id: usize, depth: u32) -> bool {
    if id == 0 || depth == 1 {
        return false;
    }
    let i = (id - 1) % SKIP_SIZE.len();
    ((depth + SKIP_PHASE[i]) / SKIP_SIZE[i]) % 2 == 1
}

impl<W: Word> Worker<'_, W> {
    /// Iterative deepening until a limit or the stop flag ends it.
    pub fn run(&mut self) {
        let job = self.shared.job;
        self.keys.clear();
        self.keys.extend_from_slice(&job.keys);
        if self.keys.last() != Some(&job.root.key()) {
            self.keys.push(job.root.key());
        }
        self.root_moves = movegen::legal_moves(&job.root)
            .into_iter()
            .map(|mv| RootMove {
                mv,
                score: -INFINITE,
                prev_score: -INFINITE,
                pv: vec![mv],
            })
            .collect();
        if self.root_moves.is_empty() {
            self.shared.publish(
                self.id,
                Completed {
                    depth: 0,
                    lines: Vec::new(),
                },
            );
            return self.finish();
        }
        self.tables.clear_killers();
        let lines = job.lines.clamp(1, self.root_moves.len());
        let mut changes = [false; 3];
        for depth in 1..=job.max_depth.max(1) {
            if skips(self.id, depth) {
                continue;
            }
            self.root_depth = depth;
            self.seldepth = 0;
            self.leaf_plies = 0;
            self.leaves = 0;
            let best_before = self.root_moves[0].mv;
            for rm in &mut self.root_moves {
                rm.prev_score = rm.score;
            }
            for k in 0..lines {
                self.aspiration(depth as i32, k);
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            // Line k was searched without the lines before it, so a later line can come out
            // higher (pruning makes scores depend on the window and the table): best first.
            self.root_moves[..lines].sort_by_key(|rm| std::cmp::Reverse(rm.score));
            self.may_stop = true;
            let done = self.completed(depth, lines);
            self.shared.publish(self.id, done);
            changes.rotate_right(1);
            changes[0] = depth > 1 && self.root_moves[0].mv != best_before;
            if self.id == 0 {
                self.report(depth, lines);
                if self.iteration_ends_search(depth, changes.iter().filter(|c| **c).count()) {
                    break;
                }
            } else if self.shared.flags.stopped() {
                break;
            }
        }
        self.finish();
    }

    /// Main thread: waits while an infinite or ponder search must go on, then stops helpers.
    fn finish(&mut self) {
        if self.id != 0 {
            return;
        }
        let sh = self.shared;
        while !sh.flags.stopped() && (sh.job.limits.infinite || sh.pondering()) {
            std::thread::sleep(Duration::from_millis(1));
        }
        sh.flags.stop();
    }

    /// Whether the main thread ends the search after completing `depth`.
    fn iteration_ends_search(&self, depth: u32, changes: usize) -> bool {
        let sh = self.shared;
        let limits = &sh.job.limits;
        if sh.should_stop() {
            return true;
        }
        if limits.infinite || sh.pondering() {
            return false;
        }
        let best = self.root_moves[0].score;
        if is_decisive(best) && depth as i32 > 2 * (WIN - best.abs()) + 4 {
            return true;
        }
        if limits.clock.is_some() && self.root_moves.len() == 1 && depth >= 4 {
            return true;
        }
        match (sh.bounds(), sh.clock_elapsed()) {
            (Some(b), Some(e)) => !b.may_start_iteration(e, changes as u32),
            _ => false,
        }
    }

    /// Searches line `k` at `depth` with an aspiration window around its previous score.
    fn aspiration(&mut self, depth: i32, k: usize) {
        let prev = self.root_moves[k].prev_score;
        let mut delta = ASPIRATION;
        let known = is_decisive(prev) || prev.abs() >= BITBASE_BOUND;
        let (mut alpha, mut beta) = if depth >= 5 && k == 0 && !known {
            (prev - delta, prev + delta)
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let s = self.search_root(depth, alpha, beta, k);
            if self.stopped {
                return;
            }
            if s <= alpha && alpha > -INFINITE {
                beta = (alpha + beta) / 2;
                alpha = (s - delta).max(-INFINITE);
            } else if s >= beta && beta < INFINITE {
                beta = (s + delta).min(INFINITE);
            } else {
                return;
            }
            delta *= 2;
            if delta > 800 {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
    }

    /// One pass over the root moves `k..` with the window (alpha, beta); sorts them best first.
    fn search_root(&mut self, depth: i32, mut alpha: i32, beta: i32, k: usize) -> i32 {
        let root = self.root_node();
        self.count_node();
        let mut best = -INFINITE;
        for rm in &mut self.root_moves[k..] {
            rm.score = -INFINITE;
        }
        for i in k..self.root_moves.len() {
            let mv = self.root_moves[i].mv;
            let child = self.enter(&root, &mv);
            let score = if i == k {
                -self.negamax(&child, depth - 1, -beta, -alpha)
            } else {
                let s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha);
                if s > alpha && s < beta {
                    -self.negamax(&child, depth - 1, -beta, -alpha)
                } else {
                    s
                }
            };
            self.keys.pop();
            if self.stopped {
                return best;
            }
            best = best.max(score);
            if score > alpha {
                alpha = score;
                let rm = &mut self.root_moves[i];
                rm.score = score;
                rm.pv.clear();
                rm.pv.push(mv);
                rm.pv.extend_from_slice(&self.pv[1][..self.pv_len[1]]);
                if score >= beta {
                    break;
                }
            }
        }
        self.root_moves[k..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
        best
    }

    fn completed(&self, depth: u32, lines: usize) -> Completed<W> {
        let lines = self.root_moves[..lines]
            .iter()
            .map(|rm| Line {
                score: rm.score,
                pv: rm.pv.clone(),
            })
            .collect();
        Completed { depth, lines }
    }

    /// Main thread: sends one report per reported line.
    fn report(&self, depth: u32, lines: usize) {
        let Some(tx) = &self.info else { return };
        let sh = self.shared;
        let time = sh.elapsed();
        let nodes = sh.nodes() + self.unpublished_nodes();
        let mean_depth = if self.leaves > 0 {
            self.leaf_plies as f64 / self.leaves as f64
        } else {
            depth as f64
        };
        for (k, rm) in self.root_moves[..lines.min(sh.job.report_lines.max(1))]
            .iter()
            .enumerate()
        {
            let info = SearchInfo {
                depth,
                mean_depth,
                seldepth: self.seldepth as u32,
                score: Score::from_value(rm.score),
                nodes,
                time,
                nps: nodes as f64 / time.as_secs_f64().max(1e-6),
                pv: rm.pv.clone(),
                multipv: k + 1,
            };
            // The receiver lives until every worker has finished.
            let _ = tx.send(info);
        }
    }
}
