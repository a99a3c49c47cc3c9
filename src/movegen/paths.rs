//! Capture paths: every landing square of each legal capture, for display and `perft --paths`.

use super::capture::Sink;
use super::removal;
use super::snapshot::Snapshot;
use super::tables::{search_captures, Ranking, Verdict};
use crate::moves::Move;
use crate::position::Board;
use crate::rules::Word;
use crate::types::Square;

/// A legal capture with the squares it lands on, for display and `perft --paths`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CapturePath<W: Word> {
    /// The move.
    pub mv: Move<W>,
    /// The start square, every landing square in order, and the destination.
    pub squares: Vec<Square>,
}

struct PathSink<W: Word> {
    stack: Vec<Square>,
    out: Vec<CapturePath<W>>,
    ranking: Ranking,
}

impl<W: Word> Sink<W> for PathSink<W> {
    fn emit(&mut self, mv: Move<W>, key: u64) {
        match self.ranking.judge(key) {
            Verdict::Worse => return,
            Verdict::Better => self.out.clear(),
            Verdict::Equal => {}
        }
        let mut squares = Vec::with_capacity(self.stack.len() + 2);
        squares.push(mv.from);
        squares.extend_from_slice(&self.stack);
        squares.push(mv.to);
        self.out.push(CapturePath { mv, squares });
    }
    fn enter(&mut self, sq: Square) {
        self.stack.push(sq);
    }
    fn leave(&mut self) {
        self.stack.pop();
    }
}

/// Every legal capture path of `pos` (empty when there is no capture). In Konane's opening
/// the removals, each a path of its one square twice.
pub fn capture_paths<W: Word>(pos: &Board<W>) -> Vec<CapturePath<W>> {
    let snap = Snapshot::new(pos);
    if let Some(squares) = removal::removable(&snap) {
        let path = |sq| CapturePath {
            mv: Move::removal(sq),
            squares: vec![sq, sq],
        };
        return squares.iter().map(path).collect();
    }
    let (men, kings) = snap.jumpers();
    let mut sink = PathSink {
        stack: Vec::new(),
        out: Vec::new(),
        ranking: Ranking::new(pos.rules().precedence),
    };
    search_captures(&snap, men, kings, &mut sink);
    sink.out
}

/// The capture paths that make up `mv` (one or more; empty for a quiet move).
pub fn paths_of<W: Word>(pos: &Board<W>, mv: &Move<W>) -> Vec<Vec<Square>> {
    capture_paths(pos)
        .into_iter()
        .filter(|p| p.mv == *mv)
        .map(|p| p.squares)
        .collect()
}
