//! The state the threads of one search share: the [`Job`] (what to search), the outside
//! [`Flags`] (stop, ponder hit), the node total, the clock and each thread's last completed
//! iteration. Every worker holds a [`Shared`]; nothing here knows the workers.

use crate::rules::Word;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::limits::SearchLimits;
use super::time::{self, TimeBounds};
use super::tt::TranspositionTable;
use crate::bitbase::Bitbases;
use crate::game::{Counters, DrawSwitches};
use crate::moves::Move;
use crate::position::Board;

/// Signals from outside a running search: stop, and the ponder hit. Every search gets fresh
/// flags (the engine makes them with the search), so they are never reset.
#[derive(Default)]
pub struct Flags {
    stop: AtomicBool,
    ponder_hit: AtomicBool,
    hit_time: Mutex<Option<Instant>>,
}

impl Flags {
    /// Asks the search to stop as soon as possible.
    pub fn stop(&self) {
        self.stop.store(true, Relaxed);
    }

    /// Whether a stop was asked.
    pub fn stopped(&self) -> bool {
        self.stop.load(Relaxed)
    }

    /// The opponent played the pondered move: the clock starts counting now.
    pub fn ponder_hit(&self) {
        if let Ok(mut t) = self.hit_time.lock() {
            t.get_or_insert_with(Instant::now);
        }
        self.ponder_hit.store(true, Relaxed);
    }

    fn hit_time(&self) -> Option<Instant> {
        self.hit_time.lock().ok().and_then(|t| *t)
    }
}

/// What to search: the root with its draw-rule state, the limits and the number of lines.
pub struct Job<W: Word> {
    /// The root position.
    pub root: Board<W>,
    /// The root's draw counters (from the moves played).
    pub counters: Counters,
    /// Keys of the positions since the last irreversible ply, the root last.
    pub keys: Vec<u64>,
    /// Draw rules in force.
    pub draw: DrawSwitches,
    /// Limits.
    pub limits: SearchLimits,
    /// Lines searched per iteration (multi-PV, or more for the weaker skill levels).
    pub lines: usize,
    /// Lines reported through the callback.
    pub report_lines: usize,
    /// Deepest nominal depth.
    pub max_depth: u32,
    /// Search threads.
    pub threads: usize,
    /// Endgame bitbases probed at the nodes with few pieces (not at the root itself).
    pub bitbases: Option<Arc<Bitbases>>,
}

/// One principal variation of a completed iteration.
#[derive(Clone, Debug)]
pub struct Line<W: Word> {
    /// Score from the root's side to move.
    pub score: i32,
    /// The moves, from the root.
    pub pv: Vec<Move<W>>,
}

/// The result of one completed iteration of one thread.
#[derive(Clone, Debug)]
pub struct Completed<W: Word> {
    /// Nominal depth.
    pub depth: u32,
    /// Best lines first.
    pub lines: Vec<Line<W>>,
}

/// State shared by the threads of one search.
pub struct Shared<'a, W: Word> {
    /// The job.
    pub job: &'a Job<W>,
    /// The shared table.
    pub tt: &'a TranspositionTable,
    /// Outside signals.
    pub flags: &'a Flags,
    nodes: AtomicU64,
    start: Instant,
    bounds: Option<TimeBounds>,
    results: Mutex<Vec<Option<Completed<W>>>>,
}

impl<'a, W: Word> Shared<'a, W> {
    /// The state of a new search of `job` by `threads` threads, its clock starting now.
    pub fn new(
        job: &'a Job<W>,
        tt: &'a TranspositionTable,
        flags: &'a Flags,
        threads: usize,
    ) -> Shared<'a, W> {
        Shared {
            job,
            tt,
            flags,
            nodes: AtomicU64::new(0),
            start: Instant::now(),
            bounds: time::bounds(&job.limits),
            results: Mutex::new(vec![None; threads]),
        }
    }

    /// Adds to the node total.
    #[inline]
    pub fn add_nodes(&self, n: u64) {
        self.nodes.fetch_add(n, Relaxed);
    }

    /// Nodes counted so far by all threads.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Relaxed)
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// True while pondering (no time limit until the ponder hit).
    pub fn pondering(&self) -> bool {
        self.job.limits.ponder && !self.flags.ponder_hit.load(Relaxed)
    }

    /// The time bounds of the search, if time bounds it.
    pub fn bounds(&self) -> Option<TimeBounds> {
        self.bounds
    }

    /// Time on the clock so far (from the ponder hit when pondering); `None` while pondering.
    pub fn clock_elapsed(&self) -> Option<Duration> {
        if !self.job.limits.ponder {
            return Some(self.start.elapsed());
        }
        if self.pondering() {
            return None;
        }
        Some(
            self.flags
                .hit_time()
                .map_or(Duration::ZERO, |t| t.elapsed()),
        )
    }

    /// True when the search must end now (stop, node budget or hard time bound); sets the stop
    /// flag for the other threads.
    pub fn should_stop(&self) -> bool {
        if self.flags.stopped() {
            return true;
        }
        let over_nodes = self.job.limits.nodes.is_some_and(|n| self.nodes() >= n);
        let over_time = match (self.bounds, self.clock_elapsed()) {
            (Some(b), Some(e)) => e >= b.hard,
            _ => false,
        };
        if over_nodes || over_time {
            self.flags.stop();
        }
        over_nodes || over_time
    }

    /// Records a completed iteration of thread `id`.
    pub fn publish(&self, id: usize, done: Completed<W>) {
        if let Ok(mut r) = self.results.lock() {
            r[id] = Some(done);
        }
    }

    /// The deepest completed iteration of any thread (the lowest thread id among equals).
    pub fn deepest(&self) -> Option<Completed<W>> {
        let r = self.results.lock().ok()?;
        let mut best: Option<&Completed<W>> = None;
        for c in r.iter().flatten() {
            if best.is_none_or(|b| c.depth > b.depth) {
                best = Some(c);
            }
        }
        best.cloned()
    }
}
