//! Legal move generation for every variant, from the position's [`crate::rules::RuleSet`].
//!
//! Captures are compulsory: when one exists only captures are generated, filtered by the
//! variant's precedence (king priority or majority). The legal list holds each distinct move
//! (origin, destination, captured set) once; [`generate_paths`] keeps every capture path.

mod capture;
mod quiet;
#[cfg(test)]
mod reference;

use capture::{king_jumps, man_jumps, Ctx, Sink};

use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::Precedence;
use crate::types::{Bitboard, Square};

/// Fills `list` with the legal moves of `pos`, each distinct move once.
pub fn generate(pos: &Position, list: &mut MoveList) {
    list.clear();
    if !generate_captures(pos, list, true) {
        quiet::generate(pos, list);
    }
}

/// Fills `list` with the legal moves, counting every capture path separately (moves with the
/// same origin, destination and captured set may appear more than once).
pub fn generate_paths(pos: &Position, list: &mut MoveList) {
    list.clear();
    if !generate_captures(pos, list, false) {
        quiet::generate(pos, list);
    }
}

/// The legal moves of `pos` as a `Vec` (each distinct move once).
pub fn legal_moves(pos: &Position) -> Vec<Move> {
    let mut list = MoveList::new();
    generate(pos, &mut list);
    list.to_vec()
}

/// The number of legal moves (distinct, or paths when `paths`), without building quiet moves.
pub fn count_moves(pos: &Position, paths: bool) -> u64 {
    if has_capture(pos) {
        let mut list = MoveList::new();
        generate_captures(pos, &mut list, !paths);
        list.len() as u64
    } else {
        quiet::count(pos)
    }
}

/// True when the side to move has a capture (and so must capture).
pub fn has_capture(pos: &Position) -> bool {
    let g = pos.geometry();
    let rules = pos.rules();
    let me = pos.side();
    let enemy = pos.pieces(!me);
    let empty = pos.empty();
    let dirs = capture::man_capture_dirs(rules, me);
    if capture::men_that_jump(g, dirs, pos.men(me), enemy, empty).any() {
        return true;
    }
    pos.kings(me)
        .iter()
        .any(|k| capture::king_can_jump(g, rules, k, enemy, empty))
}

/// Collects sequences into a move list, applying dedup and the majority rule.
struct ListSink<'a> {
    list: &'a mut MoveList,
    dedup: bool,
    majority: bool,
    best: u32,
}

impl Sink for ListSink<'_> {
    #[inline]
    fn emit(&mut self, from: Square, to: Square, captured: Bitboard, promotes: bool) {
        let n = captured.count();
        if self.majority {
            if n < self.best {
                return;
            }
            if n > self.best {
                self.best = n;
                self.list.clear();
            }
        }
        let mv = Move {
            from,
            to,
            promotes,
            captured,
        };
        if self.dedup && n >= 2 && self.list.iter().any(|m| *m == mv) {
            return;
        }
        self.list.push(mv);
    }

    fn found_any(&self) -> bool {
        !self.list.is_empty()
    }
}

/// Runs the capture search of every piece of the side to move into `sink`, kings first.
fn search_captures<S: Sink>(pos: &Position, sink: &mut S) {
    let me = pos.side();
    let rules = pos.rules();
    let g = pos.geometry();
    let mut ctx = Ctx {
        g,
        rules,
        man_dirs: capture::man_capture_dirs(rules, me),
        promotion: g.promotion[me.index()],
        enemy: pos.pieces(!me),
        empty: pos.empty(),
        from: Square(0),
    };
    let base_empty = ctx.empty;
    for k in pos.kings(me) {
        ctx.from = k;
        ctx.empty = base_empty | Bitboard::from_square(k);
        king_jumps(&ctx, k, Bitboard::EMPTY, None, true, false, sink);
    }
    if rules.precedence == Precedence::KingPriority && sink.found_any() {
        return; // Czech čl. 4.14: if a king can capture, only king captures are legal
    }
    let jumpers = capture::men_that_jump(g, ctx.man_dirs, pos.men(me), ctx.enemy, base_empty);
    for m in jumpers {
        ctx.from = m;
        ctx.empty = base_empty | Bitboard::from_square(m);
        man_jumps(&ctx, m, Bitboard::EMPTY, sink);
    }
}

/// Generates the legal captures into `list`; returns false (and leaves it empty) if none.
fn generate_captures(pos: &Position, list: &mut MoveList, dedup: bool) -> bool {
    if !has_capture(pos) {
        return false;
    }
    let mut sink = ListSink {
        list,
        dedup,
        majority: pos.rules().precedence == Precedence::Majority,
        best: 0,
    };
    search_captures(pos, &mut sink);
    true
}

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
    fn found_any(&self) -> bool {
        !self.out.is_empty()
    }
}

/// Every legal capture path of `pos` (empty when there is no capture).
pub fn capture_paths(pos: &Position) -> Vec<CapturePath> {
    if !has_capture(pos) {
        return Vec::new();
    }
    let mut sink = PathSink {
        stack: Vec::new(),
        out: Vec::new(),
    };
    search_captures(pos, &mut sink);
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
