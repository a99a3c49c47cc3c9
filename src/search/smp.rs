//! Lazy SMP: every thread runs its own iterative deepening on the same root over the shared
//! transposition table; the answer comes from the deepest completed iteration (the main thread
//! wins ties). Threads are scoped (`std::thread::scope`) with large stacks; the main worker
//! (thread 0) manages time and sends its reports over a channel to the calling thread, which
//! hands them to the callback. Helpers skip some depths (`iterative::skips`), so threads spread
//! over different depths.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::iterative::RootMove;
use super::ordering::OrderTables;
use super::time::{self, TimeBounds};
use super::tt::TranspositionTable;
use super::{SearchInfo, SearchLimits, MAX_PLY};
use crate::bitbase::Bitbases;
use crate::game::{Counters, DrawSwitches};
use crate::moves::Move;
use crate::position::Position;
use crate::rules::RuleSet;

/// Stack size of a search thread (move lists live on the stack, up to `MAX_PLY` deep).
const STACK_BYTES: usize = 64 << 20;

/// Signals from outside a running search: stop, and the ponder hit.
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

    /// Clears both signals (between searches).
    pub fn reset(&self) {
        self.stop.store(false, Relaxed);
        self.ponder_hit.store(false, Relaxed);
        if let Ok(mut t) = self.hit_time.lock() {
            *t = None;
        }
    }

    fn hit_time(&self) -> Option<Instant> {
        self.hit_time.lock().ok().and_then(|t| *t)
    }
}

/// What to search: the root with its draw-rule state, the limits and the number of lines.
pub struct Job {
    /// The root position.
    pub root: Position,
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
pub struct Line {
    /// Score from the root's side to move.
    pub score: i32,
    /// The moves, from the root.
    pub pv: Vec<Move>,
}

/// The result of one completed iteration of one thread.
#[derive(Clone, Debug)]
pub struct Completed {
    /// Nominal depth.
    pub depth: u32,
    /// Best lines first.
    pub lines: Vec<Line>,
}

/// State shared by the threads of one search.
pub struct Shared<'a> {
    /// The job.
    pub job: &'a Job,
    /// The shared table.
    pub tt: &'a TranspositionTable,
    /// Outside signals.
    pub flags: &'a Flags,
    nodes: AtomicU64,
    start: Instant,
    bounds: Option<TimeBounds>,
    results: Mutex<Vec<Option<Completed>>>,
}

impl Shared<'_> {
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
    pub fn publish(&self, id: usize, done: Completed) {
        if let Ok(mut r) = self.results.lock() {
            r[id] = Some(done);
        }
    }

    fn deepest(&self) -> Option<Completed> {
        let r = self.results.lock().ok()?;
        let mut best: Option<&Completed> = None;
        for c in r.iter().flatten() {
            if best.is_none_or(|b| c.depth > b.depth) {
                best = Some(c);
            }
        }
        best.cloned()
    }
}

/// The per-thread search state.
pub struct Worker<'a> {
    /// Thread number (0 = main).
    pub id: usize,
    /// Shared state.
    pub shared: &'a Shared<'a>,
    /// Killers and history.
    pub tables: &'a mut OrderTables,
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
    pub pv: Vec<[Move; MAX_PLY + 1]>,
    /// PV lengths per ply.
    pub pv_len: [usize; MAX_PLY + 1],
    /// Move-ordering buffers per ply.
    pub order: Vec<Vec<(i32, u16)>>,
    /// Nominal depth of the running iteration.
    pub root_depth: u32,
    /// Root moves with their scores and lines.
    pub root_moves: Vec<RootMove>,
    /// Where the main thread sends its reports.
    pub info: Option<Sender<SearchInfo>>,
    /// Nodes with at most this many pieces are probed in the bitbases (0: none).
    pub bitbase_pieces: u32,
}

impl<'a> Worker<'a> {
    fn new(
        id: usize,
        shared: &'a Shared<'a>,
        tables: &'a mut OrderTables,
        info: Option<Sender<SearchInfo>>,
    ) -> Worker<'a> {
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
        }
    }
}

/// Runs the search with `job.threads` threads; `tables` holds at least that many ordering
/// tables. Returns the deepest completed iteration and the node total.
pub fn search(
    job: &Job,
    tt: &TranspositionTable,
    flags: &Flags,
    tables: &mut [OrderTables],
    on_info: &mut dyn FnMut(&SearchInfo),
) -> (Option<Completed>, u64) {
    let threads = job.threads.clamp(1, tables.len());
    let shared = Shared {
        job,
        tt,
        flags,
        nodes: AtomicU64::new(0),
        start: Instant::now(),
        bounds: time::bounds(&job.limits),
        results: Mutex::new(vec![None; threads]),
    };
    let (tx, rx) = channel();
    std::thread::scope(|s| {
        for (id, t) in tables.iter_mut().take(threads).enumerate() {
            let tx = (id == 0).then(|| tx.clone());
            let shared = &shared;
            std::thread::Builder::new()
                .name(format!("search-{id}"))
                .stack_size(STACK_BYTES)
                .spawn_scoped(s, move || {
                    let mut w = Worker::new(id, shared, t, tx);
                    w.run();
                    shared.add_nodes(w.nodes % super::alphabeta::POLL_INTERVAL);
                })
                .expect("cannot start a search thread");
        }
        drop(tx);
        for info in rx {
            on_info(&info);
        }
    });
    (shared.deepest(), shared.nodes())
}
