//! What runs on a search thread: the search of one job over the engine's shared tables, the
//! skill level's choice among its lines, and the recovery from a panic inside it.

use crate::rules::Word;
use std::any::Any;
use std::panic::{self, AssertUnwindSafe};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::{self, JoinHandle};

use super::handle::{SearchCallbacks, SearchState};
use crate::search::ordering::OrderTables;
use crate::search::smp::{self, Job};
use crate::search::tt::TranspositionTable;
use crate::search::{skill, Score, SearchInfo, SearchResult};

/// The per-thread ordering tables, held by the running search for its whole length.
pub(super) type SharedTables<W> = Arc<Mutex<Vec<OrderTables<W>>>>;

/// Everything one search needs, owned, so that it can run on a thread of its own.
pub(super) struct SearchTask<W: Word> {
    pub(super) job: Job<W>,
    pub(super) tt: Arc<TranspositionTable>,
    pub(super) tables: SharedTables<W>,
    pub(super) skill: u8,
    pub(super) seed: u64,
    pub(super) state: Arc<SearchState<W>>,
    /// Test hook: the search panics (to check that the engine survives it).
    #[cfg(test)]
    pub(super) panic: bool,
}

impl<W: Word> SearchTask<W> {
    /// Runs the task on a new thread; when no thread can be started, gives back the reason
    /// and the callbacks (which the thread would have called).
    pub(super) fn spawn(
        self,
        callbacks: SearchCallbacks<W>,
    ) -> Result<JoinHandle<()>, (String, SearchCallbacks<W>)> {
        let slot = Arc::new(Mutex::new(Some(callbacks)));
        let theirs = Arc::clone(&slot);
        let spawned = thread::Builder::new()
            .name("search".to_string())
            .spawn(move || {
                let callbacks = theirs.lock().ok().and_then(|mut c| c.take());
                self.run(callbacks.unwrap_or_default());
            });
        spawned.map_err(|e| {
            let callbacks = slot.lock().ok().and_then(|mut c| c.take());
            let why = format!("cannot start the search thread: {e}");
            (why, callbacks.unwrap_or_default())
        })
    }

    /// Searches from the calling thread and returns the result.
    pub(super) fn run_here(self, on_info: &mut dyn FnMut(&SearchInfo<W>)) -> SearchResult<W> {
        self.search_or_fail(on_info)
    }

    /// Searches, records the result, then calls `on_done`.
    fn run(self, mut callbacks: SearchCallbacks<W>) {
        let result = self.search_or_fail(callbacks.info());
        self.state.finish(result);
        callbacks.done();
    }

    /// The search's result; a panic becomes a result without a move and with an error, and
    /// the tables are cleared.
    fn search_or_fail(&self, on_info: &mut dyn FnMut(&SearchInfo<W>)) -> SearchResult<W> {
        let searched = panic::catch_unwind(AssertUnwindSafe(|| self.search(on_info)));
        searched.unwrap_or_else(|payload| {
            self.forget();
            failed(&*payload)
        })
    }

    fn search(&self, on_info: &mut dyn FnMut(&SearchInfo<W>)) -> SearchResult<W> {
        let mut tables = lock(&self.tables);
        self.tt.new_search();
        #[cfg(test)]
        if self.panic {
            panic!("the test hook of the search");
        }
        let (done, nodes) =
            smp::search(&self.job, &self.tt, &self.state.flags, &mut tables, on_info);
        let Some(done) = done.filter(|d| !d.lines.is_empty()) else {
            return no_move(nodes, None);
        };
        let pick = match skill::plan(self.skill) {
            Some(plan) => {
                let scores: Vec<i32> = done.lines.iter().map(|l| l.score).collect();
                skill::choose(&scores, &plan, self.seed, self.job.root.key())
            }
            None => 0,
        };
        let line = &done.lines[pick];
        SearchResult {
            best: line.pv.first().copied(),
            ponder: line.pv.get(1).copied(),
            score: Score::from_value(line.score),
            depth: done.depth,
            nodes,
            from_book: false,
            error: None,
        }
    }

    /// After a panic, forgets what the search may have left half-written (as a fresh engine
    /// would start).
    fn forget(&self) {
        self.tt.clear();
        lock(&self.tables).iter_mut().for_each(OrderTables::clear);
    }
}

/// The ordering tables, also after a search panicked while holding them (they are cleared then).
pub(super) fn lock<W: Word>(tables: &SharedTables<W>) -> MutexGuard<'_, Vec<OrderTables<W>>> {
    tables.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A result without a move.
pub(super) fn no_move<W: Word>(nodes: u64, error: Option<String>) -> SearchResult<W> {
    SearchResult {
        best: None,
        ponder: None,
        score: Score::Loss(0),
        depth: 0,
        nodes,
        from_book: false,
        error,
    }
}

/// The result of a search that panicked with `payload`.
fn failed<W: Word>(payload: &(dyn Any + Send)) -> SearchResult<W> {
    let why = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".to_string());
    no_move(0, Some(format!("the search panicked: {why}")))
}
