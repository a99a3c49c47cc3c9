//! The engine facade used by every front end: options, the game (position plus the moves that
//! led to it, for the draw rules), and a blocking [`Engine::go`] that reports through a callback
//! and can be stopped from another thread with a [`StopHandle`].
//!
//! ```
//! use dama::engine::{Engine, EngineOptions};
//! use dama::search::SearchLimits;
//! use dama::{Position, Variant};
//!
//! let mut engine = Engine::new(EngineOptions { hash_mb: 1, ..EngineOptions::default() });
//! engine.set_position(Position::start(Variant::Czech), &[]);
//! let limits = SearchLimits { depth: Some(3), ..SearchLimits::default() };
//! let result = engine.go(&limits, &mut |_info| {});
//! assert!(result.best.is_some());
//! ```

use std::path::PathBuf;
use std::sync::Arc;

use crate::bitbase::Bitbases;

use crate::game::{DrawSwitches, Game};
use crate::moves::Move;
use crate::position::Position;
use crate::rules::Variant;
use crate::search::ordering::OrderTables;
use crate::search::smp::{self, Flags, Job};
use crate::search::tt::TranspositionTable;
use crate::search::{skill, Score, SearchInfo, SearchLimits, SearchResult, MAX_PLY};

/// Deepest nominal depth a search may be given.
pub const MAX_DEPTH: u32 = MAX_PLY as u32 - 28;

/// Engine settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// The variant played.
    pub variant: Variant,
    /// Search threads (at least 1).
    pub threads: usize,
    /// Transposition table size in MiB (see [`Engine::hash_mb_in_use`] for what was granted).
    pub hash_mb: usize,
    /// Playing strength 1..=5 (5 = full strength).
    pub skill: u8,
    /// Principal variations reported (at least 1).
    pub multipv: usize,
    /// Draw rules in force.
    pub draw: DrawSwitches,
    /// Seed of the weaker levels' randomness.
    pub seed: u64,
    /// Directory of endgame bitbases probed by the search (`None`: no bitbases). Problems with
    /// it never fail: see [`Engine::bitbase_errors`].
    pub bitbases: Option<PathBuf>,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            variant: Variant::Czech,
            threads: 1,
            hash_mb: 64,
            skill: 5,
            multipv: 1,
            draw: DrawSwitches::default(),
            seed: 0,
            bitbases: None,
        }
    }
}

/// Stops or releases a running search from another thread. Cheap to clone; `Send + Sync`.
///
/// A stop (or ponder hit) given while no search runs applies to the next search unless
/// [`Engine::set_position`] comes first, which clears both.
#[derive(Clone)]
pub struct StopHandle {
    flags: Arc<Flags>,
}

impl StopHandle {
    /// Ends the running search as soon as possible (within a few milliseconds).
    pub fn stop(&self) {
        self.flags.stop();
    }

    /// The pondered move was played: the clock limits start counting now.
    pub fn ponder_hit(&self) {
        self.flags.ponder_hit();
    }
}

/// The engine: options, transposition table, ordering tables per thread, and the game.
pub struct Engine {
    opts: EngineOptions,
    tt: TranspositionTable,
    tables: Vec<OrderTables>,
    game: Game,
    flags: Arc<Flags>,
    bitbases: Option<Arc<Bitbases>>,
}

impl Engine {
    /// An engine with `opts`, at the start position of the variant.
    pub fn new(opts: EngineOptions) -> Engine {
        let opts = sanitize(opts);
        let mut tables = Vec::new();
        tables.resize_with(opts.threads, OrderTables::default);
        Engine {
            tt: TranspositionTable::new(opts.hash_mb),
            tables,
            game: Game::new(Position::start(opts.variant)),
            flags: Arc::new(Flags::default()),
            bitbases: opts
                .bitbases
                .as_deref()
                .map(|d| Arc::new(Bitbases::open(d))),
            opts,
        }
    }

    /// The current options.
    pub fn options(&self) -> &EngineOptions {
        &self.opts
    }

    /// Changes the options: resizes the table when the size changes, and resets the position
    /// to the start when the variant changes.
    pub fn set_options(&mut self, opts: EngineOptions) {
        let opts = sanitize(opts);
        if opts.hash_mb != self.opts.hash_mb {
            self.tt = TranspositionTable::new(opts.hash_mb);
        }
        self.tables.resize_with(opts.threads, OrderTables::default);
        if opts.bitbases != self.opts.bitbases {
            self.bitbases = opts
                .bitbases
                .as_deref()
                .map(|d| Arc::new(Bitbases::open(d)));
            self.tt.clear();
        }
        if opts.variant != self.opts.variant {
            self.game = Game::new(Position::start(opts.variant));
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

    /// Forgets what earlier searches learned (table, killers, history).
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.tables.iter_mut().for_each(OrderTables::clear);
    }

    /// Sets the game: `start` and the (legal) moves played from it. Clears a pending stop.
    pub fn set_position(&mut self, start: Position, moves: &[Move]) {
        let mut game = Game::new(start);
        moves.iter().for_each(|m| game.play(m));
        self.game = game;
        self.flags.reset();
    }

    /// The game (current position, moves, counters).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// A handle that stops the next or running search; take it before calling `go` elsewhere.
    pub fn stop_handle(&self) -> StopHandle {
        StopHandle {
            flags: Arc::clone(&self.flags),
        }
    }

    /// Searches the current position within `limits`, calling `on_info` after each iteration,
    /// and returns the move to play. Blocks; never prints.
    pub fn go(
        &mut self,
        limits: &SearchLimits,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let job = self.job(limits);
        self.tt.new_search();
        let (done, nodes) = smp::search(&job, &self.tt, &self.flags, &mut self.tables, on_info);
        self.flags.reset();
        let Some(done) = done.filter(|d| !d.lines.is_empty()) else {
            return SearchResult {
                best: None,
                ponder: None,
                score: Score::Loss(0),
                depth: 0,
                nodes,
            };
        };
        let pick = match skill::plan(self.opts.skill) {
            Some(plan) => {
                let scores: Vec<i32> = done.lines.iter().map(|l| l.score).collect();
                skill::choose(&scores, &plan, self.opts.seed, job.root.key())
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
        }
    }

    /// The search job for `limits` under the current options and game.
    fn job(&self, limits: &SearchLimits) -> Job {
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

fn sanitize(mut opts: EngineOptions) -> EngineOptions {
    if opts
        .bitbases
        .as_ref()
        .is_some_and(|d| d.as_os_str().is_empty())
    {
        opts.bitbases = None;
    }
    opts.threads = opts.threads.clamp(1, 256);
    opts.hash_mb = opts.hash_mb.clamp(1, 1 << 16);
    opts.skill = opts.skill.clamp(1, 5);
    opts.multipv = opts.multipv.clamp(1, 256);
    opts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen;

    fn small(variant: Variant) -> EngineOptions {
        EngineOptions {
            variant,
            hash_mb: 1,
            ..EngineOptions::default()
        }
    }

    #[test]
    fn variant_change_resets_the_position() {
        let mut e = Engine::new(small(Variant::Czech));
        let start = Position::start(Variant::Czech);
        let mv = movegen::legal_moves(&start)[0];
        e.set_position(start, &[mv]);
        assert_eq!(e.game().moves().len(), 1);
        e.set_options(small(Variant::Czech));
        assert_eq!(e.game().moves().len(), 1, "same variant keeps the game");
        e.set_options(small(Variant::Russian));
        assert_eq!(*e.game().position(), Position::start(Variant::Russian));
    }

    #[test]
    fn options_are_clamped() {
        let e = Engine::new(EngineOptions {
            threads: 0,
            hash_mb: 0,
            skill: 9,
            multipv: 0,
            ..EngineOptions::default()
        });
        let o = e.options();
        assert_eq!((o.threads, o.hash_mb, o.skill, o.multipv), (1, 1, 5, 1));
    }

    #[test]
    fn set_position_feeds_the_counters() {
        let mut e = Engine::new(small(Variant::Czech));
        let start = Position::from_fen(Variant::Czech, "W:WKa1:BKh8").unwrap();
        let a = movegen::legal_moves(&start)
            .into_iter()
            .find(|m| !m.is_capture())
            .unwrap();
        e.set_position(start, &[a]);
        assert_eq!(e.game().counters().quiet_plies(), 1);
        assert_eq!(e.game().repetition_keys().len(), 2);
    }

    #[test]
    fn a_skill_search_without_limits_ends_by_itself() {
        let mut e = Engine::new(EngineOptions {
            skill: 2,
            ..small(Variant::Czech)
        });
        let r = e.go(&SearchLimits::default(), &mut |_| {});
        assert!(r.best.is_some() && r.depth <= 2);
    }
}
