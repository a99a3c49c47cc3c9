//! One search seen from outside: the [`SearchHandle`] that [`super::Engine::start`] returns, the
//! [`SearchCallbacks`] it reports through, and the state the two share with the search thread.

use crate::rules::Word;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;

use crate::search::smp::Flags;
use crate::search::{SearchInfo, SearchResult};

/// Called after each completed iteration, on the search thread.
pub type InfoCallback<W = u64> = Box<dyn FnMut(&SearchInfo<W>) + Send>;

/// Called once when the search has ended and its result is ready.
pub type DoneCallback = Box<dyn FnOnce() + Send>;

/// How a search reports: `on_info` after each completed iteration, `on_done` once at the end,
/// when [`SearchHandle::wait`] no longer blocks. Both run on the search thread, except for a
/// search answered without searching (a book move): then `on_info` is never called and
/// `on_done` is called before [`super::Engine::start`] returns.
///
/// ```
/// use dama::engine::SearchCallbacks;
/// let (tx, rx) = std::sync::mpsc::channel();
/// let callbacks: SearchCallbacks = SearchCallbacks::default() // 64-bit positions
///     .on_info(|info| println!("depth {}", info.depth))
///     .on_done(move || tx.send(()).unwrap());
/// # drop((callbacks, rx));
/// ```
pub struct SearchCallbacks<W: Word = u64> {
    info: InfoCallback<W>,
    done: DoneCallback,
}

impl<W: Word> Default for SearchCallbacks<W> {
    /// Callbacks that do nothing.
    fn default() -> Self {
        SearchCallbacks {
            info: Box::new(|_| {}),
            done: Box::new(|| {}),
        }
    }
}

impl<W: Word> SearchCallbacks<W> {
    /// These callbacks with `f` as the report of each iteration.
    pub fn on_info(self, f: impl FnMut(&SearchInfo<W>) + Send + 'static) -> SearchCallbacks<W> {
        SearchCallbacks {
            info: Box::new(f),
            ..self
        }
    }

    /// These callbacks with `f` as the end-of-search notice (an event loop sends itself a
    /// message here, then calls [`SearchHandle::wait`], which returns at once).
    pub fn on_done(self, f: impl FnOnce() + Send + 'static) -> SearchCallbacks<W> {
        SearchCallbacks {
            done: Box::new(f),
            ..self
        }
    }

    /// The iteration report, to hand to the search.
    pub(super) fn info(&mut self) -> &mut (dyn FnMut(&SearchInfo<W>) + Send) {
        &mut *self.info
    }

    /// Calls the end-of-search notice.
    pub(super) fn done(self) {
        (self.done)()
    }
}

/// Where a search is.
enum Outcome<W: Word> {
    Running,
    Finished(SearchResult<W>),
    /// The result was taken by [`SearchHandle::wait`].
    Collected,
}

/// What the search thread, its handle and the engine share: the search's own stop and
/// ponder-hit flags (fresh for every search) and its outcome.
pub(super) struct SearchState<W: Word> {
    pub(super) flags: Flags,
    outcome: Mutex<Outcome<W>>,
    ended: Condvar,
}

impl<W: Word> SearchState<W> {
    /// The state of a search about to run.
    pub(super) fn running() -> Arc<SearchState<W>> {
        Arc::new(SearchState {
            flags: Flags::default(),
            outcome: Mutex::new(Outcome::Running),
            ended: Condvar::new(),
        })
    }

    /// Records the result and wakes everyone waiting.
    pub(super) fn finish(&self, result: SearchResult<W>) {
        *self.lock() = Outcome::Finished(result);
        self.ended.notify_all();
    }

    /// Blocks until the search has ended.
    pub(super) fn wait_ended(&self) {
        let mut o = self.lock();
        while matches!(*o, Outcome::Running) {
            o = self.ended.wait(o).unwrap_or_else(PoisonError::into_inner);
        }
    }

    fn is_finished(&self) -> bool {
        !matches!(*self.lock(), Outcome::Running)
    }

    /// Blocks until the search has ended and takes its result.
    fn take_result(&self) -> Option<SearchResult<W>> {
        self.wait_ended();
        match std::mem::replace(&mut *self.lock(), Outcome::Collected) {
            Outcome::Finished(r) => Some(r),
            _ => None,
        }
    }

    fn lock(&self) -> MutexGuard<'_, Outcome<W>> {
        self.outcome.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// A search running on its own thread: stop it, release it from pondering, learn whether it
/// has ended, and wait for its result. `Send`, `Sync` and `'static`; every search has its own
/// flags, so a `stop` sent to a search that has already ended never touches the next one.
///
/// Dropping the handle without [`SearchHandle::wait`] stops the search (it ends on its thread).
#[must_use = "dropping the handle stops the search"]
pub struct SearchHandle<W: Word = u64> {
    state: Arc<SearchState<W>>,
    thread: Option<JoinHandle<()>>,
}

impl<W: Word> SearchHandle<W> {
    /// The handle of the search running on `thread`.
    pub(super) fn new(state: Arc<SearchState<W>>, thread: JoinHandle<()>) -> SearchHandle<W> {
        SearchHandle {
            state,
            thread: Some(thread),
        }
    }

    /// The handle of a search answered at once with `result`; calls `callbacks`' `on_done`.
    pub(super) fn answered(
        result: SearchResult<W>,
        callbacks: SearchCallbacks<W>,
    ) -> SearchHandle<W> {
        let state = SearchState::running();
        state.finish(result);
        callbacks.done();
        SearchHandle {
            state,
            thread: None,
        }
    }

    /// Ends the search as soon as possible (within a few milliseconds); it still answers with
    /// the best move of its deepest completed iteration.
    pub fn stop(&self) {
        self.state.flags.stop();
    }

    /// The pondered move was played: the clock limits start counting now.
    pub fn ponder_hit(&self) {
        self.state.flags.ponder_hit();
    }

    /// Whether the search has ended (then [`SearchHandle::wait`] returns at once).
    pub fn is_finished(&self) -> bool {
        self.state.is_finished()
    }

    /// Waits for the search to end and returns its result.
    pub fn wait(mut self) -> SearchResult<W> {
        let result = self.state.take_result();
        if let Some(thread) = self.thread.take() {
            // The result is recorded before the callbacks end; a panic in `on_done` is the
            // caller's and does not change the result.
            let _ = thread.join();
        }
        result.expect("a search records its result exactly once, and only wait takes it")
    }
}

impl<W: Word> Drop for SearchHandle<W> {
    fn drop(&mut self) {
        self.stop();
    }
}
