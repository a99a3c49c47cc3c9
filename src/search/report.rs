//! What a search reports: [`SearchInfo`] after each iteration, [`SearchResult`] at the end.

use crate::rules::Word;
use std::time::Duration;

use super::score::Score;
use crate::moves::Move;

/// A report after each completed iteration (one per principal variation in multi-PV).
#[derive(Clone, Debug)]
pub struct SearchInfo<W: Word = u64> {
    /// Nominal depth completed.
    pub depth: u32,
    /// Mean depth of the leaves of the iteration (extensions and reductions included).
    pub mean_depth: f64,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score of this line, from the side to move at the root.
    pub score: Score,
    /// Nodes searched so far by all threads.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Nodes per second.
    pub nps: f64,
    /// The principal variation, from the root.
    pub pv: Vec<Move<W>>,
    /// Which line this is (1 = best).
    pub multipv: usize,
}

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct SearchResult<W: Word = u64> {
    /// The move to play (`None` when the side to move has no legal move, or when the search
    /// failed: see [`SearchResult::error`]).
    pub best: Option<Move<W>>,
    /// The expected reply, if known.
    pub ponder: Option<Move<W>>,
    /// Score of the best move.
    pub score: Score,
    /// Deepest completed depth.
    pub depth: u32,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// The move comes from the opening book, without a search (no iteration was reported).
    pub from_book: bool,
    /// Why the search gave no move although the position has one (it failed: a panic inside
    /// it, caught by the engine). `None` for every search that ran to its end.
    pub error: Option<String>,
}
