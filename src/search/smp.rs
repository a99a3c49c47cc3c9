//! Lazy SMP: every thread runs its own iterative deepening on the same root over the shared
//! transposition table; the answer comes from the deepest completed iteration (the main thread
//! wins ties). Threads are scoped (`std::thread::scope`) with large stacks; the main worker
//! (thread 0) manages time and sends its reports over a channel to the calling thread, which
//! hands them to the callback. Helpers skip some depths (`iterative::skips`), so threads spread
//! over different depths.

use crate::rules::Word;
use std::sync::mpsc::channel;

use super::ordering::OrderTables;
use super::report::SearchInfo;
use super::shared::Shared;
pub use super::shared::{Completed, Flags, Job};
use super::tt::TranspositionTable;
use super::worker::Worker;

/// Stack size of a search thread (move lists live on the stack, up to `MAX_PLY` deep).
const STACK_BYTES: usize = 64 << 20;

/// Runs the search with `job.threads` threads; `tables` holds at least that many ordering
/// tables. Returns the deepest completed iteration and the node total.
pub fn search<W: Word>(
    job: &Job<W>,
    tt: &TranspositionTable,
    flags: &Flags,
    tables: &mut [OrderTables<W>],
    on_info: &mut dyn FnMut(&SearchInfo<W>),
) -> (Option<Completed<W>>, u64) {
    let threads = job.threads.clamp(1, tables.len());
    let shared = Shared::new(job, tt, flags, threads);
    let (tx, rx) = channel();
    std::thread::scope(|s| {
        let mut running = Vec::with_capacity(threads);
        for (id, t) in tables.iter_mut().take(threads).enumerate() {
            let tx = (id == 0).then(|| tx.clone());
            let shared = &shared;
            let thread = std::thread::Builder::new()
                .name(format!("search-{id}"))
                .stack_size(STACK_BYTES)
                .spawn_scoped(s, move || {
                    let mut w = Worker::new(id, shared, t, tx);
                    w.run();
                    shared.add_nodes(w.unpublished_nodes());
                })
                .expect("cannot start a search thread");
            running.push(thread);
        }
        drop(tx);
        for info in rx {
            on_info(&info);
        }
        // Joined one by one, not only at the end of the scope: the scope waits for the
        // threads' work, a join also for the threads to exit, so that nothing of a search
        // thread (its handle, its thread-local destructors) outlives the search; without it
        // the leak checker of the fuzz targets caught a thread in its exit (fuzz/regressions).
        for thread in running {
            if let Err(panic) = thread.join() {
                std::panic::resume_unwind(panic);
            }
        }
    });
    (shared.deepest(), shared.nodes())
}
