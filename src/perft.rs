//! Perft: counting the leaves of the legal move tree, to check and time move generation.
//!
//! The tree stops where the variant's goal ends the game without the generator seeing it: in
//! Breakthrough the position right after a crowning is over and has no moves, so perft counts 0
//! below it ([`crate::goal::decided`]). A position without a legal move has no moves in every
//! variant. So the giveaway forms count exactly as their base variants, and Breakthrough counts
//! fewer leaves than International once a promotion is reached (the published International
//! figures are the raw generator's).

use crate::rules::Word;
use rayon::prelude::*;

use crate::goal;
use crate::movegen::{self, ByVariant, Generator, UseGenerator};
use crate::moves::{Move, MoveList};
use crate::position::Board;

/// Which moves count as different edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Counting {
    /// Distinct moves: captures with the same origin, destination and captured set count once.
    #[default]
    Moves,
    /// Every capture path counts.
    Paths,
    /// Every landing sequence counts: a king that may land on several squares before its next
    /// jump gives one move per square (kish's convention, [`movegen::generate_landings`]).
    Landings,
}

/// Fills `list` with the moves of `pos` as `counting` counts them, by `generator`.
#[inline(always)]
fn generate<W: Word, G: Generator<W>>(
    generator: G,
    pos: &Board<W>,
    list: &mut MoveList<W>,
    counting: Counting,
) {
    match counting {
        Counting::Moves => generator.fill(pos, list, true),
        Counting::Paths => generator.fill(pos, list, false),
        Counting::Landings => movegen::generate_landings(pos, list),
    }
}

/// The number of moves of `pos` as `counting` counts them.
#[inline]
fn count<W: Word, G: Generator<W>>(generator: G, pos: &Board<W>, counting: Counting) -> u64 {
    match counting {
        Counting::Landings => movegen::count_landings(pos),
        _ => generator.count_moves(pos, counting == Counting::Paths),
    }
}

/// The number of leaves at `depth` (bulk counting at the last ply); 0 below a position the
/// goal has ended (Breakthrough after a crowning).
///
/// # Examples
///
/// ```
/// use dama::perft::{perft, Counting};
/// use dama::{Position, Variant};
///
/// let start = Position::start(Variant::Czech);
/// assert_eq!(perft(&start, 6, Counting::Moves), 36_768); // the published count
/// ```
pub fn perft<W: Word>(pos: &Board<W>, depth: u32, counting: Counting) -> u64 {
    let rules = pos.rules();
    if rules.goal.crowning_wins() {
        perft_goal(pos, depth, counting)
    } else if rules.opening.first_removals().is_some() {
        perft_moves::<W, _, true, false>(ByVariant, pos, depth, counting)
    } else if rules.king_move_limit > 0 {
        perft_moves::<W, _, false, true>(ByVariant, pos, depth, counting)
    } else {
        let run = PerftMoves {
            pos,
            depth,
            counting,
        };
        movegen::with_compiled(pos.variant(), run)
            .unwrap_or_else(|| perft_moves::<W, _, false, false>(ByVariant, pos, depth, counting))
    }
}

/// [`perft_moves`] with the variant's compiled generator, chosen once at the root.
struct PerftMoves<'a, W: Word> {
    pos: &'a Board<W>,
    depth: u32,
    counting: Counting,
}

impl<W: Word> UseGenerator<W> for PerftMoves<'_, W> {
    type Output = u64;
    fn run<G: Generator<W>>(self, generator: G) -> u64 {
        perft_moves::<W, G, false, false>(generator, self.pos, self.depth, self.counting)
    }
}

/// Perft where every position reached may be over by the goal: no bulk counting.
fn perft_goal<W: Word>(pos: &Board<W>, depth: u32, counting: Counting) -> u64 {
    if depth == 0 {
        return 1;
    }
    if goal::decided(pos).is_some() {
        return 0;
    }
    let mut list = MoveList::new();
    generate(ByVariant, pos, &mut list, counting);
    if depth == 1 {
        return list.len() as u64;
    }
    list.iter()
        .map(|m| perft_goal(&child(pos, m), depth - 1, counting))
        .sum()
}

/// `pos` after `mv` for perft: without the key, which perft never reads, except after a
/// removal (Konane's opening), which only [`Board::play`] makes.
#[inline]
fn child<W: Word>(pos: &Board<W>, mv: &Move<W>) -> Board<W> {
    if mv.is_removal() {
        pos.play(mv)
    } else {
        pos.play_unkeyed(mv)
    }
}

/// Whether the moves of `list` are removals (a list of removals holds nothing else).
#[inline(always)]
fn removals<W: Word>(list: &MoveList<W>) -> bool {
    list.as_slice().first().is_some_and(Move::is_removal)
}

/// Perft of the raw generator `generator` (chosen once at the root), where only a side without
/// moves ends the game; `REMOVALS`
/// where the variant opens with removals (Konane), so that no other variant tests for them;
/// `RUNS` where it has the king-move limit (Frisian), so that no other variant updates the
/// kings' runs.
fn perft_moves<W: Word, G: Generator<W>, const REMOVALS: bool, const RUNS: bool>(
    generator: G,
    pos: &Board<W>,
    depth: u32,
    counting: Counting,
) -> u64 {
    match depth {
        0 => 1,
        1 => count(generator, pos, counting),
        2 if counting == Counting::Landings => {
            let mut list = MoveList::new();
            generate(generator, pos, &mut list, counting);
            list.iter()
                .map(|m| count(generator, &child(pos, m), counting))
                .sum()
        }
        2 => {
            let mut list = MoveList::new();
            generate(generator, pos, &mut list, counting);
            let paths = counting == Counting::Paths;
            generator.count_all_replies(pos, list.as_slice(), paths)
        }
        _ => {
            let mut list = MoveList::new();
            generate(generator, pos, &mut list, counting);
            let below = |child: &Board<W>| {
                perft_moves::<W, G, REMOVALS, RUNS>(generator, child, depth - 1, counting)
            };
            if REMOVALS && removals(&list) {
                return list.iter().map(|m| below(&pos.play(m))).sum();
            }
            // perft never reads the key: the children are made without it
            list.iter()
                .map(|m| below(&pos.play_unkeyed_in::<RUNS>(m)))
                .sum()
        }
    }
}

/// Per root move: the move and its leaf count at `depth - 1` below it (no moves when the goal
/// has ended the game at `pos`).
pub fn divide<W: Word>(
    pos: &Board<W>,
    depth: u32,
    counting: Counting,
    threads: usize,
) -> Vec<(Move<W>, u64)> {
    let mut list = MoveList::new();
    if goal::decided(pos).is_none() {
        generate(ByVariant, pos, &mut list, counting);
    }
    let moves = list.to_vec();
    let sub = depth.saturating_sub(1);
    let run = || {
        moves
            .par_iter()
            .map(|m| (*m, perft_split(&pos.play(m), sub, counting)))
            .collect()
    };
    with_threads(threads, run)
}

/// Perft split over `threads` threads (1 = the calling thread only).
pub fn perft_parallel<W: Word>(
    pos: &Board<W>,
    depth: u32,
    counting: Counting,
    threads: usize,
) -> u64 {
    if threads <= 1 || depth < 3 {
        return perft(pos, depth, counting);
    }
    with_threads(threads, || perft_split(pos, depth, counting))
}

/// Splits the two top plies into rayon tasks.
fn perft_split<W: Word>(pos: &Board<W>, depth: u32, counting: Counting) -> u64 {
    if depth < 4 || rayon::current_num_threads() <= 1 || goal::decided(pos).is_some() {
        return perft(pos, depth, counting);
    }
    let mut list = MoveList::new();
    generate(ByVariant, pos, &mut list, counting);
    list.to_vec()
        .par_iter()
        .map(|m| perft_split(&pos.play(m), depth - 1, counting))
        .sum()
}

fn with_threads<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    match rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
    {
        Ok(pool) => pool.install(f),
        Err(_) => f(),
    }
}
