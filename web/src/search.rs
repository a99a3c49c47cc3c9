//! The engine's searches: a job that searches one position and returns the path of the move
//! found, and a bounded pool of search threads that runs the jobs.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use dama::engine::{Engine, EngineOptions};
use dama::game::Game;
use dama::movegen;
use dama::rules::Word;
use dama::search::SearchLimits;
use tokio::sync::oneshot;

/// The transposition table of one search, in MiB (a search lives for one move).
const HASH_MB: usize = 8;

/// What a search is asked to do.
#[derive(Clone, Copy, Debug)]
pub struct SearchSpec {
    /// The engine's skill, 1-5 (5: full strength).
    pub skill: u8,
    /// The time it may take (levels 1-4 stop earlier, at their node budgets).
    pub time: Duration,
    /// Seed of the lower levels' choices.
    pub seed: u64,
    /// Whether the opening book may answer.
    pub book: bool,
}

/// A search ready to run: it returns the path (square numbers) of the move it chose, or
/// `None` when there is none.
pub type Job = Box<dyn FnOnce() -> Option<Vec<u32>> + Send>;

/// The search of the current position of `game`.
pub fn job<W: Word>(game: Game<W>, spec: SearchSpec) -> Job {
    Box::new(move || {
        let mut engine = Engine::<W>::new(EngineOptions {
            variant: game.start().variant(),
            hash_mb: HASH_MB,
            skill: spec.skill.clamp(1, 5),
            seed: spec.seed,
            ..EngineOptions::default()
        });
        engine.set_position(*game.start(), game.moves());
        let limits = SearchLimits {
            movetime: Some(spec.time),
            book: spec.book,
            ..SearchLimits::default()
        };
        let pos = *game.position();
        let mv = engine
            .go(&limits, &mut |_| {})
            .best
            .filter(|m| movegen::legal_moves(&pos).contains(m))?;
        let path = movegen::paths_of(&pos, &mv)
            .into_iter()
            .next()
            .unwrap_or_else(|| vec![mv.from, mv.to]);
        let names = pos.rules().names();
        Some(path.into_iter().map(|s| names.number(s)).collect())
    })
}

type Task = Box<dyn FnOnce() + Send>;

/// A fixed number of search threads with a bounded queue.
pub struct Pool {
    tx: Mutex<SyncSender<Task>>,
    waiting: Arc<AtomicUsize>,
    capacity: usize,
}

/// The pool's queue is full.
#[derive(Debug)]
pub struct Busy;

impl Pool {
    /// `threads` search threads (at least one) and room for `queue` searches waiting.
    pub fn new(threads: usize, queue: usize) -> Pool {
        let (tx, rx) = sync_channel::<Task>(queue.max(1));
        let rx = Arc::new(Mutex::new(rx));
        for i in 0..threads.max(1) {
            let rx = Arc::clone(&rx);
            let spawned = std::thread::Builder::new()
                .name(format!("dama-search-{i}"))
                .spawn(move || work(&rx));
            // a thread the system refused leaves the others to do the work
            drop(spawned);
        }
        Pool {
            tx: Mutex::new(tx),
            waiting: Arc::new(AtomicUsize::new(0)),
            capacity: queue.max(1),
        }
    }

    /// Queues `job`; its answer comes on the receiver. [`Busy`] when the queue is full.
    pub fn submit(&self, job: Job) -> Result<oneshot::Receiver<Option<Vec<u32>>>, Busy> {
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.capacity {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(Busy);
        }
        let (tx, rx) = oneshot::channel();
        let waiting = Arc::clone(&self.waiting);
        let task: Task = Box::new(move || {
            waiting.fetch_sub(1, Ordering::SeqCst);
            let _ = tx.send(job());
        });
        let sender = self.tx.lock().map_err(|_| Busy)?;
        sender.try_send(task).map_err(|_| {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            Busy
        })?;
        Ok(rx)
    }

    /// Searches queued and not yet started.
    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::SeqCst)
    }
}

fn work(rx: &Mutex<Receiver<Task>>) {
    loop {
        let task = match rx.lock() {
            Ok(r) => r.recv(),
            Err(_) => return,
        };
        match task {
            // a panicking search drops its answer (the match sees no move) and the thread goes on
            Ok(t) => drop(std::panic::catch_unwind(std::panic::AssertUnwindSafe(t))),
            Err(_) => return,
        }
    }
}
