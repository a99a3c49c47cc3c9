//! The generator chosen once for a variant: perft takes it at the root and calls it at every
//! node, so that no node looks up the variant's rule set, board tables or compiled copy again.

use crate::moves::{Move, MoveList};
use crate::position::Board;
use crate::rules::Word;

/// The move generator of one variant: a compiled copy (`super::shape`), or `ByVariant` (the parent module).
pub(crate) trait Generator<W: Word>: Copy {
    /// Fills `list` as [`super::generate`] (`dedup`) or [`super::generate_paths`] do.
    fn fill(self, pos: &Board<W>, list: &mut MoveList<W>, dedup: bool);
    /// [`super::count_moves`].
    fn count_moves(self, pos: &Board<W>, paths: bool) -> u64;
    /// [`super::count_all_replies`].
    fn count_all_replies(self, pos: &Board<W>, moves: &[Move<W>], paths: bool) -> u64;
}

/// What runs with the generator that `with_compiled` chooses (a closure generic over it).
pub(crate) trait UseGenerator<W: Word> {
    /// What it returns.
    type Output;
    /// Runs with `generator`.
    fn run<G: Generator<W>>(self, generator: G) -> Self::Output;
}
