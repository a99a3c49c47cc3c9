//! Score constants and the user-facing [`Score`]: the leaf every other file of the search
//! imports for its bounds.
//!
//! Scores are integers from the side to move: the evaluation in centi-men (|v| < 5000), a win in
//! `n` plies `WIN - n`, a loss in `n` plies `-(WIN - n)`, a draw 0. A win known from the
//! endgame bitbases scores in a band of its own between the two, `BITBASE_WIN - ply - d`
//! (8617..=9000, `d` the bitbase distance in plies, 255 when the slice stores none), so that
//! it ranks above any evaluation and below any win the search has seen to the end; it is
//! reported as a [`Score::Cp`] (80-90 men, Scan's bitbase band).

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

/// Whether `v` is a win or loss score.
#[inline]
pub fn is_decisive(v: i32) -> bool {
    v.abs() >= WIN_BOUND
}

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
