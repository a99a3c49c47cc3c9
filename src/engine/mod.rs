//! The engine facade used by every front end: options, the game (position plus the moves that
//! led to it, for the draw rules), the opening book, and searches that run on a thread of
//! their own.
//!
//! [`Engine::start`] returns at once with a [`SearchHandle`] (`stop`, `ponder_hit`,
//! `is_finished`, `wait`); the search reports through [`SearchCallbacks`], whose `on_done`
//! tells an event loop that the result is ready. [`Engine::go`] is the blocking form (start,
//! then wait, with the search run from the caller's thread, which gets the reports).
//!
//! ```
//! use dama::engine::{Engine, EngineOptions, SearchCallbacks};
//! use dama::search::SearchLimits;
//! use dama::{Position, Variant};
//!
//! let mut engine = Engine::new(EngineOptions { hash_mb: 1, ..EngineOptions::default() });
//! engine.set_position(Position::start(Variant::Czech), &[]);
//!
//! // Blocking:
//! let limits = SearchLimits { depth: Some(3), ..SearchLimits::default() };
//! let result = engine.go(&limits, &mut |_info| {});
//! assert!(result.best.is_some());
//!
//! // In the background, stopped from here:
//! let (tx, rx) = std::sync::mpsc::channel();
//! let infinite = SearchLimits { infinite: true, ..SearchLimits::default() };
//! let search = engine.start(&infinite, SearchCallbacks::default().on_done(move || tx.send(()).unwrap()));
//! search.stop();
//! rx.recv().unwrap(); // what an event loop would receive
//! let result = search.wait();
//! assert!(result.best.is_some() && result.error.is_none());
//!
//! // With the book allowed, the start position is answered from it, without a search:
//! let book = SearchLimits { book: true, ..limits };
//! assert!(engine.go(&book, &mut |_info| {}).from_book);
//! ```
//!
//! ## A search and the engine
//!
//! A search owns a copy of its job (the position, the game's draw state, the limits) and its
//! own stop and ponder-hit flags, so a `stop` that comes after the end of a search never
//! reaches the next one. It shares the transposition table with the engine (behind an `Arc`:
//! a table resized by [`Engine::set_options`] is a new table, the running search keeps the
//! old one) and the per-thread ordering tables (behind a mutex the search holds while it
//! runs). Engine methods may be called while a search runs: [`Engine::set_position`],
//! [`Engine::game`], [`Engine::options`] and the other getters never wait;
//! [`Engine::set_options`], [`Engine::new_game`], [`Engine::start`] and [`Engine::go`] first
//! wait for the running search to end (stop it first when it has no limit).
//!
//! A panic inside the search is caught on the search thread: the result then has no move and
//! an [`SearchResult::error`], the tables are cleared and the engine plays on.

mod handle;
mod options;
mod task;

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use crate::bitbase::Bitbases;
use crate::book::{builtin, BookRng};
use crate::game::Game;
use crate::moves::Move;
use crate::position::Board;
use crate::rules::Word;
use crate::search::ordering::OrderTables;
use crate::search::smp::Job;
use crate::search::tt::TranspositionTable;
use crate::search::{skill, Score, SearchInfo, SearchLimits, SearchResult, MAX_PLY};

use handle::SearchState;
pub use handle::{DoneCallback, InfoCallback, SearchCallbacks, SearchHandle};
pub use options::{BookOptions, EngineOptions};
use task::{SearchTask, SharedTables};

/// Deepest nominal depth a search may be given.
pub const MAX_DEPTH: u32 = MAX_PLY as u32 - 28;

/// The engine: options, transposition table, ordering tables per thread, the game and the
/// book's random choice. It plays the variants of its word `W` ([`crate::rules::RuleSet::wide`]:
/// `u64` for every board but 12×12, `u128` for 12×12); a variant of the other word in
/// [`Engine::new`] or [`Engine::set_options`] is replaced by the default variant of the
/// engine's word, so that a front end must choose the engine by the variant.
pub struct Engine<W: Word = u64> {
    opts: EngineOptions,
    tt: Arc<TranspositionTable>,
    tables: SharedTables<W>,
    game: Game<W>,
    bitbases: Option<Arc<Bitbases>>,
    book_rng: BookRng,
    /// The last search started, until an engine method has waited for its end.
    last_search: Option<Arc<SearchState<W>>>,
    /// Test hook: the next search panics.
    #[cfg(test)]
    panic_next_search: bool,
}

impl<W: Word> Engine<W> {
    /// An engine with `opts`, at the start position of the variant; the book choice is seeded
    /// from [`EngineOptions::seed`].
    pub fn new(opts: EngineOptions) -> Engine<W> {
        let opts = options::sanitize::<W>(opts);
        let mut tables = Vec::new();
        tables.resize_with(opts.threads, OrderTables::default);
        Engine {
            tt: Arc::new(TranspositionTable::new(opts.hash_mb)),
            tables: Arc::new(Mutex::new(tables)),
            game: Game::new(Board::start(opts.variant)),
            bitbases: open_bitbases(&opts),
            book_rng: BookRng::new(opts.seed),
            last_search: None,
            #[cfg(test)]
            panic_next_search: false,
            opts,
        }
    }

    /// The current options.
    pub fn options(&self) -> &EngineOptions {
        &self.opts
    }

    /// Changes the options: resizes the table when the size changes, and resets the position
    /// to the start when the variant changes. Waits for a running search to end. A new seed
    /// is used by the book from the next [`Engine::new_game`].
    pub fn set_options(&mut self, opts: EngineOptions) {
        self.wait_idle();
        let opts = options::sanitize::<W>(opts);
        if opts.hash_mb != self.opts.hash_mb {
            // The old table goes first: the peak is the new size, not both, and the memory
            // the new one may take is measured without the old one.
            self.tt = Arc::new(TranspositionTable::new(1));
            self.tt = Arc::new(TranspositionTable::new(opts.hash_mb));
        }
        task::lock(&self.tables).resize_with(opts.threads, OrderTables::default);
        if (&opts.bitbases, opts.bitbase_pieces) != (&self.opts.bitbases, self.opts.bitbase_pieces)
        {
            self.bitbases = open_bitbases(&opts);
            self.tt.clear();
        }
        if opts.variant != self.opts.variant {
            self.game = Game::new(Board::start(opts.variant));
        }
        self.opts = opts;
    }

    /// The transposition table size actually allocated, in MiB: less than
    /// [`EngineOptions::hash_mb`] when the system could not give that much (the size is halved
    /// until it can).
    pub fn hash_mb_in_use(&self) -> usize {
        self.tt.size_mb()
    }

    /// Opens the bitbases in `dir` for the search (`None`: no bitbases); the same as setting
    /// [`EngineOptions::bitbases`].
    pub fn set_bitbases(&mut self, dir: Option<PathBuf>) {
        let opts = EngineOptions {
            bitbases: dir,
            ..self.opts.clone()
        };
        self.set_options(opts);
    }

    /// The problems met with the bitbases so far (a missing directory, a corrupt file), one
    /// line each naming the file; the search goes on without what could not be read.
    pub fn bitbase_errors(&self) -> Vec<String> {
        self.bitbases.as_ref().map_or(Vec::new(), |b| b.errors())
    }

    /// The largest number of pieces of the bitbase slices found for the current variant (0
    /// without bitbases).
    pub fn bitbase_pieces(&self) -> u32 {
        self.bitbases
            .as_ref()
            .map_or(0, |b| b.max_pieces_for(self.opts.variant))
    }

    /// Loads now what the first search would otherwise load: the shipped book of the variant,
    /// when the book is on (a GUI times the first move like any other).
    pub fn prepare(&self) {
        if self.opts.book.enabled {
            let _ = builtin::shared(self.opts.variant);
        }
    }

    /// Forgets what earlier searches learned (table, killers, history) and reseeds the book
    /// choice from [`EngineOptions::seed`], so that a game does not depend on the games played
    /// before it. Waits for a running search to end.
    pub fn new_game(&mut self) {
        self.wait_idle();
        self.tt.clear();
        task::lock(&self.tables)
            .iter_mut()
            .for_each(OrderTables::clear);
        self.book_rng = BookRng::new(self.opts.seed);
    }

    /// Sets the game: `start` and the (legal) moves played from it. A running search goes on
    /// with the game it was started on.
    pub fn set_position(&mut self, start: Board<W>, moves: &[Move<W>]) {
        let mut game = Game::new(start);
        moves.iter().for_each(|m| game.play(m));
        self.game = game;
    }

    /// The game (current position, moves, counters).
    pub fn game(&self) -> &Game<W> {
        &self.game
    }

    /// Starts searching the current position within `limits` and returns at once. When the
    /// limits allow the book ([`SearchLimits::book`]) and the book is on and has a move, the
    /// answer is that move, without a search ([`SearchResult::from_book`]). Waits first for a
    /// search started before to end. Never prints.
    pub fn start(
        &mut self,
        limits: &SearchLimits,
        callbacks: SearchCallbacks<W>,
    ) -> SearchHandle<W> {
        let task = match self.plan(limits) {
            Plan::Answer(result) => return SearchHandle::answered(result, callbacks),
            Plan::Search(task) => task,
        };
        let state = Arc::clone(&task.state);
        match task.spawn(callbacks) {
            Ok(thread) => {
                self.last_search = Some(Arc::clone(&state));
                SearchHandle::new(state, thread)
            }
            Err((why, callbacks)) => SearchHandle::answered(task::no_move(0, Some(why)), callbacks),
        }
    }

    /// Searches the current position within `limits`, calling `on_info` after each iteration,
    /// and returns the move to play. The blocking form of [`Engine::start`] and
    /// [`SearchHandle::wait`]: the same answer (book, search, or error after a panic), with the
    /// search run from this thread, which also gets the reports. Blocks; never prints.
    ///
    /// # Examples
    ///
    /// ```
    /// use dama::engine::{Engine, EngineOptions};
    /// use dama::search::SearchLimits;
    /// use dama::{notation, Position, Variant};
    ///
    /// let mut engine: Engine = Engine::new(EngineOptions::default());
    /// let start = Position::start(Variant::Czech);
    /// let first = notation::parse_move(&start, "c3-d4").unwrap();
    /// engine.set_position(start, &[first]);
    /// let limits = SearchLimits { depth: Some(6), ..SearchLimits::default() };
    /// let mut depths = Vec::new();
    /// let result = engine.go(&limits, &mut |info| depths.push(info.depth));
    /// assert!(result.best.is_some());
    /// assert_eq!(depths.last(), Some(&6));
    /// ```
    pub fn go(
        &mut self,
        limits: &SearchLimits,
        on_info: &mut dyn FnMut(&SearchInfo<W>),
    ) -> SearchResult<W> {
        match self.plan(limits) {
            Plan::Answer(result) => result,
            Plan::Search(task) => task.run_here(on_info),
        }
    }

    /// What a search within `limits` does: answer from the book, or search. Waits first for a
    /// search started before to end.
    fn plan(&mut self, limits: &SearchLimits) -> Plan<W> {
        self.wait_idle();
        if let Some(mv) = self.book_move(limits) {
            return Plan::Answer(book_result(mv));
        }
        Plan::Search(SearchTask {
            job: self.job(limits),
            tt: Arc::clone(&self.tt),
            tables: Arc::clone(&self.tables),
            skill: self.opts.skill,
            seed: self.opts.seed,
            state: SearchState::running(),
            #[cfg(test)]
            panic: std::mem::take(&mut self.panic_next_search),
        })
    }

    /// Waits until the last search started has ended.
    fn wait_idle(&mut self) {
        if let Some(state) = self.last_search.take() {
            state.wait_ended();
        }
    }

    /// A book move for the current position, when `limits` and the options allow the book
    /// (advances the book choice).
    fn book_move(&mut self, limits: &SearchLimits) -> Option<Move<W>> {
        if !(limits.book && self.opts.book.enabled) {
            return None;
        }
        // the books are of 64-bit positions (no 12×12 book is shipped)
        let pos = self.game.position().in_word::<u64>()?;
        let book = builtin::shared(pos.variant())?;
        let mv = book.probe_with(&pos, &self.opts.book.probe_settings(), &mut self.book_rng)?;
        Some(mv.in_word())
    }

    /// The search job for `limits` under the current options and game.
    fn job(&self, limits: &SearchLimits) -> Job<W> {
        let plan = skill::plan(self.opts.skill);
        let mut limits = limits.clone();
        let unbounded = limits.depth.is_none()
            && limits.nodes.is_none()
            && limits.movetime.is_none()
            && limits.clock.is_none();
        let mut max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut lines = self.opts.multipv;
        match plan {
            Some(p) => {
                max_depth = max_depth.min(p.depth);
                limits.nodes = Some(limits.nodes.map_or(p.nodes, |n| n.min(p.nodes)));
                lines = lines.max(p.lines);
            }
            None if unbounded => limits.infinite = true,
            None => {}
        }
        Job {
            root: *self.game.position(),
            counters: self.game.counters(),
            keys: self.game.repetition_keys().to_vec(),
            draw: self.opts.draw,
            limits,
            lines,
            report_lines: self.opts.multipv,
            max_depth,
            threads: self.opts.threads,
            bitbases: self.bitbases.clone(),
        }
    }
}

/// How a search begins.
enum Plan<W: Word> {
    /// With its answer, known at once (a book move).
    Answer(SearchResult<W>),
    /// With a search.
    Search(SearchTask<W>),
}

fn open_bitbases(opts: &EngineOptions) -> Option<Arc<Bitbases>> {
    let dir = opts.bitbases.as_deref()?;
    Some(Arc::new(Bitbases::open_up_to(dir, opts.bitbase_pieces)))
}

/// The answer of a book move.
fn book_result<W: Word>(mv: Move<W>) -> SearchResult<W> {
    SearchResult {
        best: Some(mv),
        ponder: None,
        score: Score::Cp(0),
        depth: 0,
        nodes: 0,
        from_book: true,
        error: None,
    }
}

#[cfg(test)]
mod tests;
