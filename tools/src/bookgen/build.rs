//! Growing a book by drop-out expansion (Lincke 2001) with the engine's own search.
//!
//! Every book position is searched with one principal variation per legal move, which scores
//! each move. Scores are backed up through the book by negamax: a move whose resulting position
//! is in the book scores minus that position's best score. The cost of reaching a position is
//! the sum, along the cheapest path from the start, of each move's drop-out (how much worse it
//! is than the best move there) plus a fixed cost per ply. Each round expands the `batch`
//! cheapest moves whose positions are not yet in the book, searching them in parallel (one
//! engine per thread, each search from a cleared table so that the book does not depend on the
//! number of threads), until the book holds the asked number of positions.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use dama::book::{Book, BookMove, Entry};
use dama::engine::{Engine, EngineOptions};
use dama::movegen;
use dama::rules::Variant;
use dama::search::{SearchInfo, SearchLimits, WIN};
use dama::Key;
use dama::Move;
use dama::Position;

/// What [`build`] does.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// The variant.
    pub variant: Variant,
    /// Stop when the book holds this many positions.
    pub positions: usize,
    /// The search of each position (a depth or a movetime).
    pub limits: SearchLimits,
    /// Searches run at once (one single-threaded engine each).
    pub threads: usize,
    /// Transposition table of each engine, in MiB.
    pub hash_mb: usize,
    /// Positions expanded per round (fixed, so that the book does not depend on `threads`).
    pub batch: usize,
    /// Cost of one ply in the drop-out priority, in centi-men.
    pub ply_cost: i32,
    /// Moves scoring more than this below the best are left out of the written book.
    pub keep: i32,
}

impl Default for BuildOptions {
    /// Czech, 100 positions, depth 8, one thread, 16 MiB, batch 8, ply cost 10, keep 50.
    fn default() -> Self {
        BuildOptions {
            variant: Variant::Czech,
            positions: 100,
            limits: SearchLimits {
                depth: Some(8),
                ..SearchLimits::default()
            },
            threads: 1,
            hash_mb: 16,
            batch: 8,
            ply_cost: 10,
            keep: 50,
        }
    }
}

/// Progress of a build, reported after each round.
#[derive(Clone, Debug)]
pub struct BuildProgress {
    /// Positions in the book so far.
    pub positions: usize,
    /// Positions asked for.
    pub target: usize,
    /// Deepest ply of the book so far.
    pub deepest_ply: u32,
    /// Time since the build started.
    pub elapsed: Duration,
}

/// A position of the growing book with the raw search score of each legal move.
struct ScoredPosition {
    pos: Position,
    moves: Vec<(Move, i32)>,
}

/// The growing book: nodes in insertion order, indexed by key.
struct Tree {
    nodes: Vec<ScoredPosition>,
    index: HashMap<Key, usize>,
}

impl Tree {
    fn child(&self, pos: &Position, mv: &Move) -> Option<usize> {
        self.index.get(&pos.play(mv).key()).copied()
    }

    /// The backed-up value of every node (negamax through the book).
    fn values(&self) -> Vec<i32> {
        let mut memo: Vec<Option<i32>> = vec![None; self.nodes.len()];
        let mut active = vec![false; self.nodes.len()];
        for i in 0..self.nodes.len() {
            self.value(i, &mut memo, &mut active);
        }
        memo.into_iter().map(|v| v.unwrap_or(0)).collect()
    }

    fn value(&self, i: usize, memo: &mut [Option<i32>], active: &mut [bool]) -> i32 {
        if let Some(v) = memo[i] {
            return v;
        }
        active[i] = true;
        let node = &self.nodes[i];
        let mut best = -WIN;
        for &(mv, raw) in &node.moves {
            let s = match self.child(&node.pos, &mv) {
                Some(c) if !active[c] => -self.value(c, memo, active),
                _ => raw,
            };
            best = best.max(s);
        }
        active[i] = false;
        memo[i] = Some(best);
        best
    }

    /// The backed-up score of each move of node `i`.
    fn move_scores(&self, i: usize, values: &[i32]) -> Vec<(Move, i32)> {
        let node = &self.nodes[i];
        node.moves
            .iter()
            .map(|&(mv, raw)| match self.child(&node.pos, &mv) {
                Some(c) => (mv, -values[c]),
                None => (mv, raw),
            })
            .collect()
    }

    /// The fewest plies from the root (node 0) to each node.
    fn plies(&self) -> Vec<u32> {
        let mut ply = vec![u32::MAX; self.nodes.len()];
        let mut queue = std::collections::VecDeque::from([0usize]);
        ply[0] = 0;
        while let Some(i) = queue.pop_front() {
            for (mv, _) in &self.nodes[i].moves {
                if let Some(c) = self.child(&self.nodes[i].pos, mv) {
                    if ply[c] == u32::MAX {
                        ply[c] = ply[i] + 1;
                        queue.push_back(c);
                    }
                }
            }
        }
        ply
    }

    /// The `count` cheapest positions outside the book reached by a book move, cheapest first.
    fn frontier(&self, count: usize, ply_cost: i32) -> Vec<Position> {
        let values = self.values();
        let mut cost = vec![i64::MAX; self.nodes.len()];
        let mut heap = BinaryHeap::from([Reverse((0i64, 0usize))]);
        cost[0] = 0;
        let mut out: Vec<(i64, usize, Position)> = Vec::new();
        let mut seen = HashSet::new();
        while let Some(Reverse((c, i))) = heap.pop() {
            if c > cost[i] {
                continue;
            }
            for (mv, s) in self.move_scores(i, &values) {
                let step = i64::from(values[i] - s).max(0) + i64::from(ply_cost.max(1));
                let next = c + step;
                let child_pos = self.nodes[i].pos.play(&mv);
                match self.index.get(&child_pos.key()) {
                    Some(&j) if next < cost[j] => {
                        cost[j] = next;
                        heap.push(Reverse((next, j)));
                    }
                    Some(_) => {}
                    None => {
                        if seen.insert(child_pos.key()) {
                            out.push((next, out.len(), child_pos));
                        }
                    }
                }
            }
        }
        out.sort_by_key(|&(c, order, _)| (c, order));
        out.into_iter().take(count).map(|(_, _, p)| p).collect()
    }

    fn add(&mut self, node: ScoredPosition) {
        self.index.insert(node.pos.key(), self.nodes.len());
        self.nodes.push(node);
    }

    /// The book: every node with its moves within `keep` of the best.
    fn into_book(self, variant: Variant, keep: i32) -> Book {
        let values = self.values();
        let plies = self.plies();
        let mut book = Book::new(variant);
        for i in 0..self.nodes.len() {
            if plies[i] == u32::MAX {
                continue;
            }
            let moves: Vec<BookMove> = self
                .move_scores(i, &values)
                .into_iter()
                .filter(|&(_, s)| s >= values[i].saturating_sub(keep))
                .map(|(mv, score)| BookMove {
                    mv,
                    score,
                    weight: 1,
                })
                .collect();
            if !moves.is_empty() {
                book.insert(Entry {
                    position: self.nodes[i].pos,
                    ply: plies[i],
                    moves,
                });
            }
        }
        book
    }
}

/// Scores every legal move of `pos` with one search (one line per move).
fn score_moves(engine: &mut Engine, pos: &Position, limits: &SearchLimits) -> Vec<(Move, i32)> {
    if movegen::legal_moves(pos).is_empty() {
        return Vec::new();
    }
    engine.new_game();
    engine.set_position(*pos, &[]);
    let mut lines: Vec<(usize, Move, i32)> = Vec::new();
    let mut depth = 0;
    let mut on_info = |info: &SearchInfo| {
        if info.depth != depth {
            lines.clear();
            depth = info.depth;
        }
        if let Some(&mv) = info.pv.first() {
            lines.push((info.multipv, mv, info.score.value()));
        }
    };
    let result = engine.go(limits, &mut on_info);
    if lines.is_empty() {
        if let Some(mv) = result.best {
            return vec![(mv, result.score.value())];
        }
    }
    lines.sort_by_key(|l| l.0);
    lines.into_iter().map(|l| (l.1, l.2)).collect()
}

/// Every legal move of a position with its score.
type Scored = Vec<(Move, i32)>;

/// Searches `positions` on `threads` engines; results in input order.
fn search_all(positions: &[Position], opts: &BuildOptions) -> Vec<Scored> {
    if positions.is_empty() {
        return Vec::new();
    }
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Scored>>> = Mutex::new(vec![None; positions.len()]);
    let workers = opts.threads.clamp(1, positions.len().max(1));
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                let mut engine = Engine::<u64>::new(EngineOptions {
                    variant: opts.variant,
                    threads: 1,
                    hash_mb: opts.hash_mb,
                    multipv: 256,
                    ..EngineOptions::default()
                });
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(pos) = positions.get(i) else { break };
                    let r = score_moves(&mut engine, pos, &opts.limits);
                    if let Ok(mut res) = results.lock() {
                        res[i] = Some(r);
                    }
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .map(Option::unwrap_or_default)
        .collect()
}

/// Builds a book of `opts.variant` from its start position, calling `on_progress` after each
/// round. Deterministic for a depth limit: the same options give the same book whatever the
/// number of threads.
pub fn build(opts: &BuildOptions, on_progress: &mut dyn FnMut(&BuildProgress)) -> Book {
    let tree = Tree {
        nodes: Vec::new(),
        index: HashMap::new(),
    };
    grow(tree, vec![Position::start(opts.variant)], opts, on_progress)
}

/// Grows `book` (which must hold the start position of `opts.variant`) until it holds
/// `opts.positions` positions. The book's scores are taken as they are: a move whose position is
/// not in the book keeps its score as the search score.
pub fn extend(
    book: &Book,
    opts: &BuildOptions,
    on_progress: &mut dyn FnMut(&BuildProgress),
) -> Result<Book, String> {
    if book.variant() != opts.variant {
        return Err(format!(
            "the book is a {} book, not {}",
            book.variant(),
            opts.variant
        ));
    }
    if book.entry(&Position::start(opts.variant)).is_none() {
        return Err("the book does not hold the start position".into());
    }
    let mut tree = Tree {
        nodes: Vec::new(),
        index: HashMap::new(),
    };
    // `entries` is ordered by ply, so the start position comes first (node 0).
    for e in book.entries() {
        let moves = e.moves.iter().map(|m| (m.mv, m.score)).collect();
        tree.add(ScoredPosition {
            pos: e.position,
            moves,
        });
    }
    Ok(grow(tree, Vec::new(), opts, on_progress))
}

/// Searches `todo`, then expands the cheapest frontier positions round after round.
fn grow(
    mut tree: Tree,
    mut todo: Vec<Position>,
    opts: &BuildOptions,
    on_progress: &mut dyn FnMut(&BuildProgress),
) -> Book {
    let started = Instant::now();
    loop {
        let scored = search_all(&todo, opts);
        for (pos, moves) in todo.iter().zip(scored) {
            tree.add(ScoredPosition { pos: *pos, moves });
        }
        let deepest_ply = tree.plies().into_iter().filter(|&p| p != u32::MAX).max();
        on_progress(&BuildProgress {
            positions: tree.nodes.len(),
            target: opts.positions,
            deepest_ply: deepest_ply.unwrap_or(0),
            elapsed: started.elapsed(),
        });
        let room = opts.positions.saturating_sub(tree.nodes.len());
        todo = tree.frontier(room.min(opts.batch.max(1)), opts.ply_cost);
        if todo.is_empty() {
            break;
        }
    }
    tree.into_book(opts.variant, opts.keep)
}
