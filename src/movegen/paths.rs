//! Capture paths: every landing square of each legal capture, for display and `perft --paths`.

use super::capture::Sink;
use super::snapshot::Snapshot;
use super::tables::search_captures;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::Precedence;
use crate::types::{Bitboard, Square};

/// A legal capture with the squares it lands on, for display and `perft --paths`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CapturePath {
    /// The move.
    pub mv: Move,
    /// The start square, every landing square in order, and the destination.
    pub squares: Vec<Square>,
}

struct PathSink {
    stack: Vec<Square>,
    out: Vec<CapturePath>,
}

impl Sink for PathSink {
    fn emit(&mut self, from: Square, to: Square, captured: Bitboard, promotes: bool) {
        let mut squares = Vec::with_capacity(self.stack.len() + 2);
        squares.push(from);
        squares.extend_from_slice(&self.stack);
        squares.push(to);
        let mv = Move {
            from,
            to,
            promotes,
            captured,
        };
        self.out.push(CapturePath { mv, squares });
    }
    fn enter(&mut self, sq: Square) {
        self.stack.push(sq);
    }
    fn leave(&mut self) {
        self.stack.pop();
    }
}

/// Every legal capture path of `pos` (empty when there is no capture).
pub fn capture_paths(pos: &Position) -> Vec<CapturePath> {
    let snap = Snapshot::new(pos);
    let (men, kings) = snap.jumpers();
    let mut sink = PathSink {
        stack: Vec::new(),
        out: Vec::new(),
    };
    search_captures(&snap, men, kings, &mut sink);
    if pos.rules().precedence == Precedence::Majority {
        let best = sink.out.iter().map(|p| p.mv.captured.count()).max();
        sink.out.retain(|p| Some(p.mv.captured.count()) == best);
    }
    sink.out
}

/// The capture paths that make up `mv` (one or more; empty for a quiet move).
pub fn paths_of(pos: &Position, mv: &Move) -> Vec<Vec<Square>> {
    capture_paths(pos)
        .into_iter()
        .filter(|p| p.mv == *mv)
        .map(|p| p.squares)
        .collect()
}
