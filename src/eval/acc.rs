//! The score type and the middlegame/endgame accumulator that every term adds into.

use super::weights::Phased;

/// A score in centi-men (100 = one man) from the side to move's point of view.
pub type Value = i32;

/// The largest magnitude [`evaluate`](super::evaluate()) returns (search scores for wins lie far above it).
pub const EVAL_MAX: Value = 4999;

/// The blend factor's scale: a phase of `PHASE_MAX` is the start position.
pub(super) const PHASE_MAX: i32 = 256;

/// Middlegame and endgame sums, blended by the phase at the end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Acc {
    pub(super) mg: i32,
    pub(super) eg: i32,
}

impl Acc {
    #[inline]
    pub(super) fn add(&mut self, w: Phased, n: i32) {
        self.mg += w.mg * n;
        self.eg += w.eg * n;
    }

    #[inline]
    pub(super) fn minus(self, other: Acc) -> Acc {
        Acc {
            mg: self.mg - other.mg,
            eg: self.eg - other.eg,
        }
    }

    #[inline]
    pub(super) fn blend(self, phase: i32) -> i32 {
        (self.mg * phase + self.eg * (PHASE_MAX - phase)) / PHASE_MAX
    }
}
