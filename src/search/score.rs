//! Score constants and the user-facing [`Score`]: the leaf every other file of the search
//! imports for its bounds. The scale is described in the docs of the `search` module.

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
