//! `dama.Engine`: the engine facade for Python, analysing a `Board` within a depth, node or
//! time limit, with multi-PV, stoppable from another thread.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use dama::engine::{Engine as Core, EngineOptions, SearchCallbacks};
use dama::game::WideGame;
use dama::notation::format_move;
use dama::rules::Word;
use dama::search::{SearchInfo, SearchLimits, SearchResult};
use dama::{Board as Position, Move as CoreMove, Variant};
use pyo3::prelude::*;

use crate::board::Board;
use crate::errors::bad;

/// One line of analysis (multi-PV gives several, the best first).
#[pyclass(module = "dama", frozen, get_all)]
#[derive(Clone)]
pub struct Line {
    /// The score in centi-men from the side to move (a win in n plies is 30000 - n, a loss
    /// its negation).
    pub score: i32,
    /// The score as dama prints it: `0.35` (men), `win12`, `loss7` (plies).
    pub score_text: String,
    /// The principal variation, in the variant's notation.
    pub pv: Vec<String>,
    /// Nominal depth of this line.
    pub depth: u32,
}

#[pymethods]
impl Line {
    fn __repr__(&self) -> String {
        format!(
            "Line(score={}, depth={}, pv={:?})",
            self.score_text, self.depth, self.pv
        )
    }
}

/// The answer of `Engine.analyse`.
#[pyclass(module = "dama", frozen, get_all)]
pub struct Analysis {
    /// The move to play, in the variant's notation (None when there is no legal move).
    pub best_move: Option<String>,
    /// The expected reply, when the search has one.
    pub ponder: Option<String>,
    /// The best line's score in centi-men, from the side to move.
    pub score: i32,
    /// The score as dama prints it (`0.35`, `win12`, `loss7`).
    pub score_text: String,
    /// The best line, starting with `best_move`.
    pub pv: Vec<String>,
    /// The deepest nominal depth completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Every line of the last completed depth, the best first (`multipv` of them).
    pub lines: Vec<Line>,
}

#[pymethods]
impl Analysis {
    fn __repr__(&self) -> String {
        let best = self
            .best_move
            .as_deref()
            .map_or("None".into(), |m| format!("'{m}'"));
        format!(
            "Analysis(best_move={best}, score={}, depth={}, pv={:?})",
            self.score_text, self.depth, self.pv
        )
    }
}

/// The engine of the variant's word (64-bit positions, or 128-bit for 12×12).
enum Kind {
    Narrow(Core<u64>),
    Wide(Core<u128>),
}

/// The dama engine: searches a `Board`'s position; one search at a time, `stop()` from any
/// thread ends the running one with its best move so far.
#[pyclass(module = "dama", frozen)]
pub struct Engine {
    core: Mutex<Option<Kind>>,
    opts: EngineOptions,
    stop: Arc<AtomicBool>,
}

#[pymethods]
impl Engine {
    /// An engine with `threads` search threads, a `hash` MiB transposition table, `multipv`
    /// lines reported and playing strength `skill` (1 weakest, 5 full strength).
    #[new]
    #[pyo3(signature = (threads = 1, hash = 64, multipv = 1, skill = 5))]
    fn new(threads: usize, hash: usize, multipv: usize, skill: u8) -> PyResult<Engine> {
        if !(1..=256).contains(&threads) {
            return Err(bad(format!("threads must be from 1 to 256, not {threads}")));
        }
        if !(1..=65536).contains(&hash) {
            return Err(bad(format!("hash must be from 1 to 65536 MiB, not {hash}")));
        }
        if multipv == 0 {
            return Err(bad("multipv must be at least 1"));
        }
        if !(1..=5).contains(&skill) {
            return Err(bad(format!("skill must be from 1 to 5, not {skill}")));
        }
        let opts = EngineOptions {
            threads,
            hash_mb: hash,
            multipv,
            skill,
            ..Default::default()
        };
        Ok(Engine {
            core: Mutex::new(None),
            opts,
            stop: Arc::new(AtomicBool::new(false)),
        })
    }

    /// Searches the position of `board` (its game's history counts for the draw rules) until
    /// `depth` plies, `nodes` nodes or `time` seconds, whichever comes first, or until
    /// `stop()`; with no limit it searches until `stop()`. The GIL is released meanwhile.
    #[pyo3(signature = (board, depth = None, nodes = None, time = None))]
    fn analyse(
        &self,
        py: Python<'_>,
        board: &Board,
        depth: Option<u32>,
        nodes: Option<u64>,
        time: Option<f64>,
    ) -> PyResult<Analysis> {
        let limits = limits(depth, nodes, time)?;
        let game = board.game.clone();
        py.detach(|| self.run(&game, &limits))
    }

    /// Ends the running search (from another thread); its answer is the best move so far.
    fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// Clears the transposition table and the other memories of past searches.
    fn new_game(&self) {
        if let Some(kind) = self.core.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
            match kind {
                Kind::Narrow(e) => e.new_game(),
                Kind::Wide(e) => e.new_game(),
            }
        }
    }
}

impl Engine {
    /// The search of `game`'s position on the engine of its variant (made or switched first).
    fn run(&self, game: &WideGame, limits: &SearchLimits) -> PyResult<Analysis> {
        let variant = game.position().variant();
        let mut core = self.core.lock().unwrap_or_else(|e| e.into_inner());
        let opts = EngineOptions {
            variant,
            ..self.opts.clone()
        };
        let wide = variant.rules().wide();
        let fits = match core.as_ref() {
            Some(Kind::Narrow(_)) => !wide,
            Some(Kind::Wide(_)) => wide,
            None => false,
        };
        if !fits {
            *core = Some(if wide {
                Kind::Wide(Core::new(opts))
            } else {
                Kind::Narrow(Core::new(opts))
            });
        }
        self.stop.store(false, Ordering::SeqCst);
        match core.as_mut() {
            Some(Kind::Narrow(e)) => search(e, variant, game, limits, &self.stop),
            Some(Kind::Wide(e)) => search(e, variant, game, limits, &self.stop),
            None => Err(bad("no engine")),
        }
    }
}

/// The search limits of `analyse`'s arguments (none: until stopped).
fn limits(depth: Option<u32>, nodes: Option<u64>, time: Option<f64>) -> PyResult<SearchLimits> {
    let movetime = match time {
        Some(t) if !(t.is_finite() && t > 0.0) => {
            return Err(bad(format!(
                "time must be a positive number of seconds, not {t}"
            )))
        }
        Some(t) => Some(Duration::from_secs_f64(t)),
        None => None,
    };
    if depth == Some(0) || nodes == Some(0) {
        return Err(bad("depth and nodes must be at least 1"));
    }
    let infinite = depth.is_none() && nodes.is_none() && movetime.is_none();
    Ok(SearchLimits {
        depth,
        nodes,
        movetime,
        infinite,
        ..SearchLimits::default()
    })
}

/// Runs one search on `engine`, polling `stop` while it runs.
fn search<W: Word>(
    engine: &mut Core<W>,
    variant: Variant,
    game: &WideGame,
    limits: &SearchLimits,
    stop: &AtomicBool,
) -> PyResult<Analysis> {
    if engine.options().variant != variant {
        let opts = EngineOptions {
            variant,
            ..engine.options().clone()
        };
        engine.set_options(opts);
    }
    let start = game
        .start()
        .in_word::<W>()
        .ok_or_else(|| bad("variant of another board size"))?;
    let moves: Vec<CoreMove<W>> = game.moves().iter().map(|m| m.in_word()).collect();
    engine.set_position(start, &moves);
    let infos: Arc<Mutex<Vec<SearchInfo<W>>>> = Arc::default();
    let sink = Arc::clone(&infos);
    let callbacks = SearchCallbacks::default().on_info(move |info| {
        sink.lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(info.clone())
    });
    let handle = engine.start(limits, callbacks);
    while !handle.is_finished() {
        if stop.load(Ordering::SeqCst) {
            handle.stop();
        }
        thread::sleep(Duration::from_millis(2));
    }
    let result = handle.wait();
    let infos = std::mem::take(&mut *infos.lock().unwrap_or_else(|e| e.into_inner()));
    analysis(engine.game().position(), &result, &infos)
}

/// The Python answer of a search's result and reports.
fn analysis<W: Word>(
    pos: &Position<W>,
    result: &SearchResult<W>,
    infos: &[SearchInfo<W>],
) -> PyResult<Analysis> {
    if let Some(why) = &result.error {
        return Err(bad(why));
    }
    let lines = last_lines(pos, infos);
    let best_move = result.best.map(|m| format_move(pos, &m));
    let ponder = match (result.best, result.ponder) {
        (Some(b), Some(p)) => Some(format_move(&pos.play(&b), &p)),
        _ => None,
    };
    let pv = match lines.first() {
        Some(l) if l.pv.first() == best_move.as_ref() => l.pv.clone(),
        _ => best_move.iter().cloned().collect(),
    };
    Ok(Analysis {
        best_move,
        ponder,
        score: result.score.value(),
        score_text: result.score.to_string(),
        pv,
        depth: result.depth,
        nodes: result.nodes,
        lines,
    })
}

/// The lines of the deepest depth reported, ordered by their rank.
fn last_lines<W: Word>(pos: &Position<W>, infos: &[SearchInfo<W>]) -> Vec<Line> {
    let Some(deepest) = infos.iter().map(|i| i.depth).max() else {
        return Vec::new();
    };
    let mut last: Vec<&SearchInfo<W>> = Vec::new();
    for info in infos.iter().filter(|i| i.depth == deepest) {
        last.retain(|l| l.multipv != info.multipv);
        last.push(info);
    }
    last.sort_by_key(|i| i.multipv);
    last.into_iter()
        .map(|i| Line {
            score: i.score.value(),
            score_text: i.score.to_string(),
            pv: pv_text(pos, &i.pv),
            depth: i.depth,
        })
        .collect()
}

/// A principal variation in the variant's notation, each move written in its own position.
fn pv_text<W: Word>(pos: &Position<W>, pv: &[CoreMove<W>]) -> Vec<String> {
    let mut at = *pos;
    pv.iter()
        .map(|m| {
            let text = format_move(&at, m);
            at = at.play(m);
            text
        })
        .collect()
}
