//! The search: parallel iterative deepening over a shared transposition table.
//!
//! Layout, each file importing only the files listed before it (no file imports one that
//! imports it back; this file only declares and re-exports):
//! - leaves: [`score`] (score constants and [`Score`]: the scale is explained there),
//!   [`limits`] ([`SearchLimits`], [`Clock`]), [`report`] ([`SearchInfo`], [`SearchResult`]);
//! - tools of the search: [`tt`] (the lockless table shared by all threads), [`time`] (turns
//!   the limits into soft and hard time bounds), [`ordering`] (killers, history), [`skill`]
//!   (the weaker levels);
//! - [`shared`]: what the threads of one search share ([`smp::Job`], [`smp::Flags`], the node
//!   total, the clock, the completed iterations);
//! - [`worker`]: [`worker::Worker`], one thread's state, and the [`worker::SearchNode`] it
//!   walks the tree with;
//! - the search proper, each adding methods to the worker: [`terminal`] (draw rules and
//!   bitbases in the tree), [`alphabeta`] (principal-variation search and quiescence),
//!   [`iterative`] (iterative deepening, aspiration windows, multi-PV);
//! - [`smp`]: the entry point, running one worker per thread (Lazy SMP).
//!
//! The search never prints: it reports through callbacks.

pub mod alphabeta;
pub mod iterative;
pub mod limits;
pub mod ordering;
pub mod report;
pub mod score;
pub mod shared;
pub mod skill;
pub mod smp;
pub mod terminal;
pub mod time;
pub mod tt;
pub mod worker;

#[cfg(test)]
mod layering;

pub use limits::{Clock, SearchLimits};
pub use report::{SearchInfo, SearchResult};
pub use score::{Score, BITBASE_BOUND, BITBASE_WIN, INFINITE, MAX_PLY, WIN, WIN_BOUND};
