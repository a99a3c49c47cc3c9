//! The search: parallel iterative deepening over a shared transposition table.
//!
//! Public: the limits of a search ([`SearchLimits`], [`Clock`]), what it reports
//! ([`SearchInfo`], [`SearchResult`], [`Score`]) and the score scale ([`WIN`], [`BITBASE_WIN`],
//! [`MAX_PLY`]). Everything else is internal; the engine facade drives it through `smp`.
//!
//! Layout, each file importing only the files listed before it (no file imports one that
//! imports it back; this file only declares and re-exports, and the library's `tests/layering.rs` checks both):
//! - leaves: `score` (the score constants and [`Score`]),
//!   `limits` ([`SearchLimits`], [`Clock`]), `report` ([`SearchInfo`], [`SearchResult`]);
//! - tools of the search: `tt` (the lockless table shared by all threads), `time` (turns the
//!   limits into soft and hard time bounds), `ordering` (killers, history), `skill` (the
//!   weaker levels);
//! - `shared`: what the threads of one search share (the job, the stop and ponder-hit flags,
//!   the node total, the clock, the completed iterations);
//! - `worker`: `Worker`, one thread's state, and the `SearchNode` it walks the tree with;
//! - the search proper: `terminal` (leaf evaluation, draw rules and bitbases in the tree),
//!   `pruning` (futility and reductions), `alphabeta` (principal-variation search and
//!   quiescence), `iterative` (iterative deepening, aspiration windows, multi-PV); all but
//!   `pruning` add methods to the worker;
//! - `smp`: the entry point, running one worker per thread (Lazy SMP).
//!
//! The search never prints: it reports through callbacks.
//!
//! Scores are integers from the side to move: the evaluation in centi-men (|v| < 5000), a win in
//! `n` plies `WIN - n`, a loss in `n` plies `-(WIN - n)`, a draw 0. A win known from the
//! endgame bitbases scores in a band of its own between the two, `BITBASE_WIN - ply - d`
//! (8617..=9000, `d` the bitbase distance in plies, 255 when the slice stores none), so that
//! it ranks above any evaluation and below any win the search has seen to the end; it is
//! reported as a [`Score::Cp`] (80-90 men, Scan's bitbase band).

mod alphabeta;
mod evalcache;
mod iterative;
mod limits;
pub(crate) mod ordering;
mod pruning;
mod report;
mod score;
mod shared;
pub(crate) mod skill;
pub(crate) mod smp;
mod terminal;
mod time;
pub(crate) mod tt;
mod worker;

pub use limits::{Clock, SearchLimits};
pub use report::{SearchInfo, SearchResult};
pub use score::{Score, BITBASE_WIN, MAX_PLY, WIN};
