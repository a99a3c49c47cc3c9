//! The search: parallel iterative deepening over a shared transposition table.
//!
//! Layout: [`iterative`] (iterative deepening, aspiration windows, multi-PV) drives
//! [`alphabeta`] (principal-variation search and quiescence) with move ordering from
//! [`ordering`]; [`tt`] is the lockless table shared by all threads, [`smp`] runs the threads
//! (Lazy SMP), [`time`] turns [`SearchLimits`] into soft and hard time bounds and [`skill`] makes
//! the weaker levels. The search never prints: it reports through callbacks.
//!
//! Scores are integers from the side to move: the evaluation in centi-men (|v| < 5000), a win in
//! `n` plies `WIN - n`, a loss in `n` plies `-(WIN - n)`, a draw 0. A win known from the
//! endgame bitbases scores in a band of its own between the two, `BITBASE_WIN - ply - d`
//! (8617..=9000, `d` the bitbase distance in plies, 255 when the slice stores none), so that
//! it ranks above any evaluation and below any win the search has seen to the end; it is
//! reported as a [`Score::Cp`] (80-90 men, Scan's bitbase band).

pub mod alphabeta;
pub mod iterative;
pub mod ordering;
pub mod skill;
pub mod smp;
pub mod time;
pub mod tt;

use std::time::Duration;

use crate::moves::Move;

/// A win in `n` plies scores `WIN - n`; a loss in `n` plies `-(WIN - n)`.
pub const WIN: i32 = 30000;

/// Deepest ply the search ever reaches (extensions included).
pub const MAX_PLY: usize = 128;

/// Scores at least this large (in absolute value) are wins or losses at a known distance.
pub const WIN_BOUND: i32 = WIN - MAX_PLY as i32;

/// A bitbase win `d` plies from a node at `ply` scores `BITBASE_WIN - ply - d`.
pub const BITBASE_WIN: i32 = 9000;

/// Scores at least this large (in absolute value) are bitbase or search wins and losses; like
/// those of the search they count plies from the root (the table converts them).
pub const BITBASE_BOUND: i32 = 8000;

/// Larger than any score: the initial bounds of a full window.
pub const INFINITE: i32 = WIN + 1;

/// A score as reported to the user, from the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// An evaluation in centi-men (100 = one man).
    Cp(i32),
    /// The side to move wins in this many plies.
    Win(u32),
    /// The side to move loses in this many plies.
    Loss(u32),
}

impl Score {
    /// Converts an internal score.
    pub fn from_value(v: i32) -> Score {
        if v >= WIN_BOUND {
            Score::Win((WIN - v) as u32)
        } else if v <= -WIN_BOUND {
            Score::Loss((WIN + v) as u32)
        } else {
            Score::Cp(v)
        }
    }

    /// The internal integer score.
    pub fn value(self) -> i32 {
        match self {
            Score::Cp(v) => v,
            Score::Win(n) => WIN - n as i32,
            Score::Loss(n) => -(WIN - n as i32),
        }
    }
}

impl std::fmt::Display for Score {
    /// `0.35` (men), `win12` or `loss7` (plies).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Cp(v) => write!(f, "{:.2}", *v as f64 / 100.0),
            Score::Win(n) => write!(f, "win{n}"),
            Score::Loss(n) => write!(f, "loss{n}"),
        }
    }
}

/// A chess-style clock: time left for the side to move, increment per move, moves to the next
/// time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock of the side to move.
    pub time_left: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves until the next time control, if any.
    pub moves_to_go: Option<u32>,
}

/// What bounds a search. With nothing set, the search runs until stopped (as with `infinite`).
#[derive(Clone, Debug, Default)]
pub struct SearchLimits {
    /// Deepest nominal depth in plies.
    pub depth: Option<u32>,
    /// Node budget (summed over all threads).
    pub nodes: Option<u64>,
    /// Fixed time for this move.
    pub movetime: Option<Duration>,
    /// A clock to manage.
    pub clock: Option<Clock>,
    /// Search until stopped.
    pub infinite: bool,
    /// Search without time limit until `ponder_hit` (then the clock counts) or `stop`.
    pub ponder: bool,
}

/// A report after each completed iteration (one per principal variation in multi-PV).
#[derive(Clone, Debug)]
pub struct SearchInfo {
    /// Nominal depth completed.
    pub depth: u32,
    /// Mean depth of the leaves of the iteration (extensions and reductions included).
    pub mean_depth: f64,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score of this line, from the side to move at the root.
    pub score: Score,
    /// Nodes searched so far by all threads.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Nodes per second.
    pub nps: f64,
    /// The principal variation, from the root.
    pub pv: Vec<Move>,
    /// Which line this is (1 = best).
    pub multipv: usize,
}

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play (`None` when the side to move has no legal move).
    pub best: Option<Move>,
    /// The expected reply, if known.
    pub ponder: Option<Move>,
    /// Score of the best move.
    pub score: Score,
    /// Deepest completed depth.
    pub depth: u32,
    /// Nodes searched by all threads.
    pub nodes: u64,
}
