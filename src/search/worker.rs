//! One search thread's state, [`Worker`], and the node it walks the tree with, [`SearchNode`].
//!
//! This file declares the worker once; the search itself adds its methods in the files above it
//! (the draw rules and bitbases in the tree in `terminal.rs`, alpha-beta and quiescence in
//! `alphabeta.rs`, iterative deepening in `iterative.rs`) and `smp.rs` starts one per thread.
//! Here are only the bookkeeping steps every node takes: counting and polling the limits,
//! entering a child (the repetition key stack), the table key and the PV table.

use crate::rules::Word;
use std::sync::mpsc::Sender;

use super::ordering::OrderTables;
use super::report::SearchInfo;
use super::score::MAX_PLY;
use super::shared::Shared;
use crate::game::Counters;
use crate::moves::Move;
use crate::position::Board;
use crate::rules::RuleSet;

/// Nodes between two looks at the stop flag, the node budget and the clock.
pub const POLL_INTERVAL: u64 = 1024;

/// A node of the search tree: the position with what the draw rules need and its distance from
/// the root.
#[derive(Clone, Copy)]
pub struct SearchNode<W: Word> {
    /// The position.
    pub pos: Board<W>,
    /// Its draw counters.
    pub counters: Counters,
    /// Index into the key stack where the current repetition chain starts.
    pub rep_start: usize,
    /// Plies from the root (0 at the root).
    pub ply: usize,
}

/// A root move with its latest score and line.
#[derive(Clone, Debug)]
pub struct RootMove<W: Word> {
    /// The move.
    pub mv: Move<W>,
    /// Score in the running iteration (`-INFINITE` if not searched exactly).
    pub score: i32,
    /// Score of the previous iteration.
    pub prev_score: i32,
    /// Principal variation starting with `mv`.
    pub pv: Vec<Move<W>>,
}

/// The per-thread search state.
pub struct Worker<'a, W: Word> {
    /// Thread number (0 = main).
    pub id: usize,
    /// Shared state.
    pub shared: &'a Shared<'a, W>,
    /// Killers and history.
    pub tables: &'a mut OrderTables<W>,
    /// The variant's rules.
    pub rules: &'static RuleSet,
    /// Nodes searched by this thread.
    pub nodes: u64,
    /// Set when the search must end; results of the running iteration are then discarded.
    pub stopped: bool,
    /// False until the first iteration completes (it always completes).
    pub may_stop: bool,
    /// Deepest ply reached in this iteration.
    pub seldepth: usize,
    /// Sum of the plies of the leaves of this iteration (for the mean depth).
    pub leaf_plies: u64,
    /// Leaves of this iteration.
    pub leaves: u64,
    /// Repetition key stack: game history since the last irreversible ply, then the path.
    pub keys: Vec<u64>,
    /// Triangular PV table.
    pub pv: Vec<[Move<W>; MAX_PLY + 1]>,
    /// PV lengths per ply.
    pub pv_len: [usize; MAX_PLY + 1],
    /// Move-ordering buffers per ply.
    pub order: Vec<Vec<(i32, u16)>>,
    /// Nominal depth of the running iteration.
    pub root_depth: u32,
    /// Root moves with their scores and lines.
    pub root_moves: Vec<RootMove<W>>,
    /// Where the main thread sends its reports.
    pub info: Option<Sender<SearchInfo<W>>>,
    /// Nodes with at most this many pieces are probed in the bitbases (0: none).
    pub bitbase_pieces: u32,
    /// Inside a ProbCut search (`pruning.rs`): no ProbCut below it.
    pub in_probcut: bool,
}

impl<'a, W: Word> Worker<'a, W> {
    /// The worker of thread `id`; only the main thread (0) gets a channel for its reports.
    pub fn new(
        id: usize,
        shared: &'a Shared<'a, W>,
        tables: &'a mut OrderTables<W>,
        info: Option<Sender<SearchInfo<W>>>,
    ) -> Worker<'a, W> {
        Worker {
            id,
            shared,
            tables,
            rules: shared.job.root.rules(),
            nodes: 0,
            stopped: false,
            may_stop: false,
            seldepth: 0,
            leaf_plies: 0,
            leaves: 0,
            keys: Vec::with_capacity(MAX_PLY + shared.job.keys.len() + 1),
            pv: vec![[Move::default(); MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            order: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            root_depth: 0,
            root_moves: Vec::new(),
            info,
            bitbase_pieces: shared
                .job
                .bitbases
                .as_ref()
                .map_or(0, |b| b.max_pieces_for(shared.job.root.variant())),
            in_probcut: false,
        }
    }

    /// The root node of the job.
    pub fn root_node(&self) -> SearchNode<W> {
        let job = self.shared.job;
        SearchNode {
            pos: job.root,
            counters: job.counters,
            rep_start: 0,
            ply: 0,
        }
    }

    /// Nodes this thread counted but has not yet added to the shared total.
    pub fn unpublished_nodes(&self) -> u64 {
        self.nodes % POLL_INTERVAL
    }

    /// Counts a node and, every [`POLL_INTERVAL`] nodes, checks the limits.
    #[inline]
    pub fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL_INTERVAL) {
            self.poll();
        }
    }

    /// Adds the last [`POLL_INTERVAL`] nodes to the total and, once the first iteration is
    /// complete, checks the stop flag, the node budget and the clock.
    fn poll(&mut self) {
        let shared: &Shared<W> = self.shared;
        shared.add_nodes(POLL_INTERVAL);
        if !self.may_stop {
            return;
        }
        if shared.should_stop() {
            self.stopped = true;
        }
    }

    /// The transposition key of a node: the position key mixed with the counters' plies left.
    #[inline]
    pub fn tt_key(&self, node: &SearchNode<W>) -> u64 {
        let key = node.pos.key();
        match node.counters.plies_left(self.rules, &self.shared.job.draw) {
            Some(n) => key ^ (n as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            None => key,
        }
    }

    /// The child node after `mv`, its key pushed on the repetition stack (pop it afterwards).
    #[inline]
    pub fn enter(&mut self, node: &SearchNode<W>, mv: &Move<W>) -> SearchNode<W> {
        let pos = node.pos.play(mv);
        let counters = node.counters.after(&node.pos, mv, &pos);
        self.keys.push(pos.key());
        let rep_start = if counters.is_irreversible_reset() {
            self.keys.len() - 1
        } else {
            node.rep_start
        };
        SearchNode {
            pos,
            counters,
            rep_start,
            ply: node.ply + 1,
        }
    }

    /// Copies the child's PV behind `mv` into the PV of `ply`.
    #[inline]
    pub fn update_pv(&mut self, ply: usize, mv: Move<W>) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let child_len = self.pv_len[ply + 1];
        head[ply][0] = mv;
        head[ply][1..=child_len].copy_from_slice(&tail[0][..child_len]);
        self.pv_len[ply] = child_len + 1;
    }

    /// The move-ordering buffer of `ply`, emptied (give it back with [`Worker::put_order`]).
    pub fn take_order(&mut self, ply: usize) -> Vec<(i32, u16)> {
        let mut v = std::mem::take(&mut self.order[ply]);
        v.clear();
        v
    }

    /// Returns the move-ordering buffer of `ply`.
    pub fn put_order(&mut self, ply: usize, v: Vec<(i32, u16)>) {
        self.order[ply] = v;
    }
}
