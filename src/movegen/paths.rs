//! Capture paths: every landing square of each legal capture, for display and `perft --paths`.

use super::capture::Sink;
use super::removal;
use super::snapshot::Snapshot;
use super::tables::{search_captures, Ranking, Verdict};
use crate::moves::Move;
use crate::position::Board;
use crate::rules::Word;
use crate::types::{Bitboard, Square};

/// A legal capture with the squares it lands on, for display and `perft --paths`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CapturePath<W: Word> {
    /// The move.
    pub mv: Move<W>,
    /// The start square, every landing square in order, and the destination.
    pub squares: Vec<Square>,
    /// The captured pieces' squares in the order they are taken.
    pub captured: Vec<Square>,
}

struct PathSink<W: Word> {
    /// The landing squares so far, each with the piece taken to reach it.
    stack: Vec<(Square, Square)>,
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
        squares.extend(self.stack.iter().map(|&(_, at)| at));
        squares.push(mv.to);
        let mut captured: Vec<Square> = self.stack.iter().map(|&(victim, _)| victim).collect();
        // the last jump's piece: the one captured piece not taken on the way
        let taken: Bitboard<W> = captured.iter().copied().collect();
        captured.extend((mv.captured - taken).first());
        self.out.push(CapturePath {
            mv,
            squares,
            captured,
        });
    }
    fn enter(&mut self, victim: Square, sq: Square) {
        self.stack.push((victim, sq));
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
            captured: Vec::new(),
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
