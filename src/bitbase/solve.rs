//! Retrograde solution of one slice (both sides to move), in parallel with rayon.
//!
//! All work is done on positions with White to move: the table of key `k` holds the placements of
//! material `k` seen from the side to move (see [`super::index`]). A quiet move leads from
//! table `k` to table `k.mirror()`; captures and promotions leave the slice and are looked up in
//! solved slices through [`Lookup`].
//!
//! 1. *Initial pass.* Every position: no legal move → the goal's verdict in 0 ([`goal::without_moves`]:
//!    a loss, a win in the giveaway forms); a capture or promotion into a
//!    lost position → win (the shortest such); otherwise count the quiet successors inside the
//!    slice (one more if some exit is a draw, so that the position can never become a loss).
//! 2. *Levels.* For d = 0, 1, 2 …, every position decided at distance d passes its value to its
//!    predecessors ([`super::unmove`]): a loss in d makes them wins in d + 1 (the first level to
//!    reach a position gives its shortest win); a win in d counts down their undecided
//!    successors, and the one that reaches zero is a loss in 1 + the longest of its successors.
//! 3. Everything left undecided is a draw.

use std::sync::atomic::{AtomicU16, AtomicU32, Ordering::Relaxed};

use rayon::prelude::*;

use super::index::{Indexer, Placement};
use super::material::MaterialSignature;
use super::table::{Table, Wdl, CODE_DRAW, CODE_INVALID, CODE_LOSS, CODE_WIN};
use super::unmove::predecessors;
use crate::goal::{self, Verdict};
use crate::movegen;
use crate::moves::MoveList;
use crate::position::Position;
use crate::rules::Variant;
use crate::types::Color;

/// Values of positions outside the slice being solved: `None` when the slice is missing.
pub trait Lookup: Sync {
    /// Win/draw/loss of `pos` for its side to move and the distance in plies where known.
    fn lookup(&self, pos: &Position) -> Option<(Wdl, Option<u32>)>;
}

const UNKNOWN: u16 = 0;
const INVALID: u16 = u16::MAX;
const MAX_DIST: u32 = 30000;

#[inline]
fn win(d: u32) -> u16 {
    (2 * d + 1) as u16
}
#[inline]
fn loss(d: u32) -> u16 {
    (2 * d + 2) as u16
}

/// The largest slice solved (about 800 GB of working memory).
const MAX_INDICES: u64 = 1 << 37;

/// Positions per work item.
const CHUNK: u64 = 4096;

/// Working state of one table.
struct Work {
    ix: Indexer,
    value: Vec<AtomicU16>,
    pending: Vec<AtomicU16>,
    exit_max: Vec<AtomicU16>,
}

impl Work {
    fn new(variant: Variant, key: MaterialSignature) -> Work {
        let ix = Indexer::new(variant, key);
        let n = ix.size() as usize;
        let fill = |n: usize| (0..n).map(|_| AtomicU16::new(0)).collect::<Vec<_>>();
        Work {
            ix,
            value: fill(n),
            pending: fill(n),
            exit_max: fill(n),
        }
    }
}

struct Solver<'a> {
    variant: Variant,
    work: Vec<Work>,
    lookup: &'a dyn Lookup,
    max_level: AtomicU32,
    progress: &'a (dyn Fn(u64) + Sync),
}

/// The number of indices of a slice's tables (the work [`solve`] reports progress over is twice
/// this: one pass to set up, at most one to pass values back).
pub fn slice_size(variant: Variant, slice: MaterialSignature) -> u64 {
    keys(slice)
        .iter()
        .map(|&k| Indexer::new(variant, k).size())
        .fold(0, u64::saturating_add)
}

fn keys(slice: MaterialSignature) -> Vec<MaterialSignature> {
    if slice.is_symmetric() {
        vec![slice]
    } else {
        vec![slice, slice.mirror()]
    }
}

/// Solves `slice`: returns its tables (key `slice`, then `slice.mirror()` unless symmetric).
/// `progress` is called with the number of positions handled since its last call.
pub fn solve(
    variant: Variant,
    slice: MaterialSignature,
    lookup: &dyn Lookup,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<Table>, String> {
    super::applies(variant)?;
    let size = slice_size(variant, slice);
    if size == 0 {
        return Err(format!(
            "slice {slice} does not fit on the board of {variant}"
        ));
    }
    if size > MAX_INDICES {
        return Err(format!(
            "slice {slice} has {size} indices; the solver handles at most {MAX_INDICES}"
        ));
    }
    let solver = Solver {
        variant,
        work: keys(slice)
            .into_iter()
            .map(|k| Work::new(variant, k))
            .collect(),
        lookup,
        max_level: AtomicU32::new(0),
        progress,
    };
    for t in 0..solver.work.len() {
        solver.chunks(t).try_for_each(|(lo, hi)| {
            (lo..hi).try_for_each(|i| solver.init(t, i))?;
            (solver.progress)(hi - lo);
            Ok::<(), String>(())
        })?;
    }
    let mut level = 0;
    while level <= solver.max_level.load(Relaxed) {
        if level > MAX_DIST {
            return Err(format!("slice {slice}: distances beyond {MAX_DIST} plies"));
        }
        for t in 0..solver.work.len() {
            solver.chunks(t).for_each(|(lo, hi)| {
                let done = (lo..hi).filter(|&i| solver.pass_back(t, i, level)).count();
                (solver.progress)(done as u64);
            });
        }
        level += 1;
    }
    Ok(solver.work.iter().map(|w| finish(w, slice)).collect())
}

impl Solver<'_> {
    fn chunks(&self, t: usize) -> impl ParallelIterator<Item = (u64, u64)> {
        let n = self.work[t].ix.size();
        (0..n.div_ceil(CHUNK))
            .into_par_iter()
            .map(move |c| (c * CHUNK, ((c + 1) * CHUNK).min(n)))
    }

    /// Table and index of a position of the slice (any side to move).
    #[inline]
    fn locate(&self, pos: &Position) -> (usize, usize) {
        let p = Placement::of(pos);
        let key = p.key();
        let t = if key == self.work[0].ix.key() { 0 } else { 1 };
        (t, self.work[t].ix.index(&p) as usize)
    }

    fn position(&self, t: usize, i: u64) -> Option<Position> {
        let p = self.work[t].ix.placement(i)?;
        Some(p.position(self.variant, Color::White))
    }

    /// The value of a position whose side to move has no legal move (or no piece), in 0 plies.
    #[inline]
    fn without_moves(&self) -> (Wdl, u16) {
        match goal::without_moves(self.variant.rules()) {
            Verdict::Win => (Wdl::Win, win(0)),
            Verdict::Loss => (Wdl::Loss, loss(0)),
        }
    }

    fn raise_level(&self, d: u32) {
        self.max_level.fetch_max(d, Relaxed);
    }

    /// Step 1 for index `i` of table `t`.
    fn init(&self, t: usize, i: u64) -> Result<(), String> {
        let w = &self.work[t];
        let Some(pos) = self.position(t, i) else {
            w.value[i as usize].store(INVALID, Relaxed);
            return Ok(());
        };
        let mut list = MoveList::new();
        movegen::generate(&pos, &mut list);
        let (mut inside, mut exit_draw, mut best_win, mut exit_max) = (0u32, false, u32::MAX, 0u32);
        for m in list.iter() {
            if !m.is_capture() && !m.promotes {
                inside += 1;
                continue;
            }
            let child = pos.play(m);
            let (v, d) = self.exit_value(&child)?;
            let d = d.unwrap_or(0);
            match v {
                Wdl::Loss => best_win = best_win.min(d + 1),
                Wdl::Win => exit_max = exit_max.max(d),
                Wdl::Draw => exit_draw = true,
            }
        }
        let value = if list.is_empty() {
            self.without_moves().1
        } else if best_win != u32::MAX {
            self.raise_level(best_win);
            win(best_win)
        } else if inside == 0 && !exit_draw {
            self.raise_level(exit_max + 1);
            loss(exit_max + 1)
        } else {
            UNKNOWN
        };
        let i = i as usize;
        w.value[i].store(value, Relaxed);
        w.pending[i].store((inside + exit_draw as u32) as u16, Relaxed);
        w.exit_max[i].store(exit_max.min(MAX_DIST) as u16, Relaxed);
        Ok(())
    }

    fn exit_value(&self, child: &Position) -> Result<(Wdl, Option<u32>), String> {
        if child.pieces(child.side()).is_empty() {
            return Ok((self.without_moves().0, Some(0)));
        }
        self.lookup.lookup(child).ok_or_else(|| {
            format!(
                "slice {} is needed but missing (generate it first)",
                super::material::MaterialSignature::of(child).canonical()
            )
        })
    }

    /// Step 2 for index `i` of table `t` at `level`; true if it was decided at that level.
    fn pass_back(&self, t: usize, i: u64, level: u32) -> bool {
        let v = self.work[t].value[i as usize].load(Relaxed);
        let is_loss = v == loss(level);
        if !is_loss && v != win(level) {
            return false;
        }
        let Some(pos) = self.position(t, i) else {
            return false;
        };
        predecessors(&pos, |q| {
            let (u, j) = self.locate(q);
            let w = &self.work[u];
            if is_loss {
                let new = win(level + 1);
                let old = w.value[j].fetch_update(Relaxed, Relaxed, |cur| {
                    let better = cur == UNKNOWN || (cur % 2 == 1 && cur > new);
                    better.then_some(new)
                });
                if old.is_ok() {
                    self.raise_level(level + 1);
                }
            } else if w.pending[j].fetch_sub(1, Relaxed) == 1 {
                let d = level.max(w.exit_max[j].load(Relaxed) as u32) + 1;
                if w.value[j]
                    .compare_exchange(UNKNOWN, loss(d), Relaxed, Relaxed)
                    .is_ok()
                {
                    self.raise_level(d);
                }
            }
        });
        true
    }
}

/// Packs the values of a solved table.
fn finish(w: &Work, slice: MaterialSignature) -> Table {
    let n = w.ix.size();
    let mut wdl = vec![0u8; Table::wdl_bytes(n)];
    let mut dist = slice.stores_distance().then(|| vec![0u8; n as usize]);
    for i in 0..n as usize {
        let v = w.value[i].load(Relaxed);
        let code = match v {
            INVALID => CODE_INVALID,
            UNKNOWN => CODE_DRAW,
            _ if v % 2 == 1 => CODE_WIN,
            _ => CODE_LOSS,
        };
        wdl[i / 4] |= code << (2 * (i % 4));
        if let Some(d) = dist.as_mut() {
            if code == CODE_WIN || code == CODE_LOSS {
                d[i] = ((v as u32 - 1) / 2).min(255) as u8;
            }
        }
    }
    Table {
        key: w.ix.key(),
        size: n,
        wdl,
        dist,
    }
}
