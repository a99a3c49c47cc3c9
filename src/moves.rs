//! Moves and move lists.

use std::mem::MaybeUninit;

use crate::types::{Bitboard, Square};

/// A move: origin, destination, the set of captured pieces, and whether the moving man is crowned.
///
/// Two capture paths with the same origin, destination and captured set are the same move
/// (rules-czech.md Part A §7). The path itself is recovered on demand by
/// [`crate::movegen::capture_paths`] for display.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Move {
    /// The square the piece leaves.
    pub from: Square,
    /// The square where it ends (may equal `from` after a capture round trip).
    pub to: Square,
    /// Whether a man becomes a king by this move.
    pub promotes: bool,
    /// The captured pieces.
    pub captured: Bitboard,
}

impl Move {
    /// True for a capture.
    #[inline]
    pub fn is_capture(&self) -> bool {
        self.captured.any()
    }
}

/// Capacity of the inline part of a [`MoveList`]. The largest legal move lists seen in practice
/// (20 flying kings on 10×10) stay below it; a larger list moves to the heap instead of failing.
pub const INLINE_MOVES: usize = 256;

/// A list of moves: a fixed inline array, spilling to the heap only in freak positions.
pub struct MoveList {
    inline: [MaybeUninit<Move>; INLINE_MOVES],
    len: usize,
    heap: Vec<Move>,
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            inline: [const { MaybeUninit::uninit() }; INLINE_MOVES],
            len: 0,
            heap: Vec::new(),
        }
    }

    /// Appends a move.
    #[inline]
    pub fn push(&mut self, mv: Move) {
        if self.len < INLINE_MOVES {
            self.inline[self.len] = MaybeUninit::new(mv);
            self.len += 1;
        } else {
            if self.heap.is_empty() {
                let spilled = self.inline_slice().to_vec();
                self.heap = spilled;
            }
            self.heap.push(mv);
        }
    }

    #[inline]
    fn inline_slice(&self) -> &[Move] {
        // SAFETY: the first `len` entries were written by `push` (and `len` never exceeds it).
        unsafe { std::slice::from_raw_parts(self.inline.as_ptr() as *const Move, self.len) }
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        if self.heap.is_empty() {
            self.inline_slice()
        } else {
            &self.heap
        }
    }

    /// The moves as a mutable slice (for ordering).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        if self.heap.is_empty() {
            // SAFETY: as in `inline_slice`.
            unsafe {
                std::slice::from_raw_parts_mut(self.inline.as_mut_ptr() as *mut Move, self.len)
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
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        let kept: Vec<Move> = self
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
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }

    /// Copies the moves into a `Vec`.
    pub fn to_vec(&self) -> Vec<Move> {
        self.as_slice().to_vec()
    }
}

impl std::ops::Index<usize> for MoveList {
    type Output = Move;
    fn index(&self, i: usize) -> &Move {
        &self.as_slice()[i]
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
