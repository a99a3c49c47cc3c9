//! Moves and move lists.

use std::mem::MaybeUninit;

use crate::types::{BitWord, Bitboard, Square};

/// A move: origin, destination, the set of captured pieces, and whether the moving man is crowned.
///
/// Two capture paths with the same origin, destination and captured set are the same move
/// (docs/rules/README.md). The path itself is recovered on demand by
/// [`crate::movegen::capture_paths`] for display.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Move<W: BitWord = u64> {
    /// The square the piece leaves.
    pub from: Square,
    /// The square where it ends (may equal `from` after a capture round trip).
    pub to: Square,
    /// Whether a man becomes a king by this move.
    pub promotes: bool,
    /// The captured pieces.
    pub captured: Bitboard<W>,
}

impl<W: BitWord> Move<W> {
    /// The same move in the word `V` (the captured set's bits, which a board of the other
    /// word must have: see [`crate::Board::in_word`]).
    #[inline]
    pub fn in_word<V: BitWord>(&self) -> Move<V> {
        Move {
            from: self.from,
            to: self.to,
            promotes: self.promotes,
            captured: Bitboard::narrow(self.captured.wide()),
        }
    }

    /// True for a capture (and for a removal, which takes a piece off the board).
    #[inline]
    pub fn is_capture(&self) -> bool {
        self.captured.any()
    }

    /// The removal of the mover's own piece on `sq` (Konane's opening,
    /// [`crate::rules::Opening::Removals`]): origin and destination `sq`, and `sq` taken.
    #[inline]
    pub fn removal(sq: Square) -> Move<W> {
        Move {
            from: sq,
            to: sq,
            promotes: false,
            captured: Bitboard::from_square(sq),
        }
    }

    /// True for a removal ([`Move::removal`]): the only move whose captured set holds its own
    /// origin (a capture never takes the square the mover stands on).
    #[inline(always)]
    pub fn is_removal(&self) -> bool {
        self.captured.has(self.from)
    }
}

/// A move of a 128-bit position ([`crate::WidePosition`]).
pub type WideMove = Move<u128>;

/// Capacity of the inline part of a [`MoveList`]. The largest legal move lists seen in practice
/// (20 flying kings on 10×10) stay below it; a larger list moves to the heap instead of failing.
pub const INLINE_MOVES: usize = 256;

/// A list of moves: a fixed inline array, spilling to the heap only in freak positions.
pub struct MoveList<W: BitWord = u64> {
    inline: [MaybeUninit<Move<W>>; INLINE_MOVES],
    len: usize,
    heap: Vec<Move<W>>,
}

impl<W: BitWord> Default for MoveList<W> {
    fn default() -> Self {
        Self::new()
    }
}

impl<W: BitWord> MoveList<W> {
    /// An empty list.
    #[inline]
    pub fn new() -> MoveList<W> {
        MoveList {
            inline: [const { MaybeUninit::uninit() }; INLINE_MOVES],
            len: 0,
            heap: Vec::new(),
        }
    }

    /// Appends a move.
    #[inline(always)]
    pub fn push(&mut self, mv: Move<W>) {
        if self.len < INLINE_MOVES {
            self.inline[self.len] = MaybeUninit::new(mv);
            self.len += 1;
        } else {
            // by its fields: a `Move` handed whole to a call that is not inlined is built on
            // the stack and read back as one 16-byte load at every push, which the processor
            // cannot forward from the smaller stores that built it (a stall per move)
            self.push_on_heap(mv.from, mv.to, mv.promotes, mv.captured);
        }
    }

    /// [`MoveList::push`] past the inline part (freak positions only).
    #[cold]
    #[inline(never)]
    fn push_on_heap(&mut self, from: Square, to: Square, promotes: bool, captured: Bitboard<W>) {
        let mv = Move {
            from,
            to,
            promotes,
            captured,
        };
        if self.heap.is_empty() {
            let spilled = self.inline_slice().to_vec();
            self.heap = spilled;
        }
        self.heap.push(mv);
    }

    #[inline]
    fn inline_slice(&self) -> &[Move<W>] {
        // SAFETY: the first `len` entries were written by `push` (and `len` never exceeds it).
        unsafe { std::slice::from_raw_parts(self.inline.as_ptr() as *const Move<W>, self.len) }
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move<W>] {
        if self.heap.is_empty() {
            self.inline_slice()
        } else {
            &self.heap
        }
    }

    /// The moves as a mutable slice (for ordering).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move<W>] {
        if self.heap.is_empty() {
            // SAFETY: as in `inline_slice`.
            unsafe {
                std::slice::from_raw_parts_mut(self.inline.as_mut_ptr() as *mut Move<W>, self.len)
            }
        } else {
            &mut self.heap
        }
    }

    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        if self.heap.is_empty() {
            self.len
        } else {
            self.heap.len()
        }
    }

    /// True when empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
        self.heap.clear();
    }

    /// Keeps the moves for which `keep` is true.
    pub fn retain(&mut self, mut keep: impl FnMut(&Move<W>) -> bool) {
        let kept: Vec<Move<W>> = self
            .as_slice()
            .iter()
            .copied()
            .filter(|m| keep(m))
            .collect();
        self.clear();
        kept.into_iter().for_each(|m| self.push(m));
    }

    /// Iterates over the moves.
    #[inline]
    pub fn iter(&self) -> std::slice::Iter<'_, Move<W>> {
        self.as_slice().iter()
    }

    /// Copies the moves into a `Vec`.
    pub fn to_vec(&self) -> Vec<Move<W>> {
        self.as_slice().to_vec()
    }
}

impl<W: BitWord> Extend<Move<W>> for MoveList<W> {
    /// Appends the moves of `moves`, in order: [`MoveList::push`] with the length kept in a
    /// register. Pushed one by one, the length is loaded and stored at every move (the
    /// compiler cannot tell it from the moves written beside it), a chain through memory that
    /// the move generator's quiet loops wait on.
    #[inline(always)]
    fn extend<I: IntoIterator<Item = Move<W>>>(&mut self, moves: I) {
        let mut len = self.len;
        for mv in moves {
            if len < INLINE_MOVES {
                self.inline[len] = MaybeUninit::new(mv);
                len += 1;
            } else {
                self.len = len;
                self.push_on_heap(mv.from, mv.to, mv.promotes, mv.captured);
            }
        }
        self.len = len;
    }
}

impl<W: BitWord> std::ops::Index<usize> for MoveList<W> {
    type Output = Move<W>;
    fn index(&self, i: usize) -> &Move<W> {
        &self.as_slice()[i]
    }
}

impl<'a, W: BitWord> IntoIterator for &'a MoveList<W> {
    type Item = &'a Move<W>;
    type IntoIter = std::slice::Iter<'a, Move<W>>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
