//! Legal move generation for every variant, from the position's [`crate::rules::RuleSet`].
//!
//! Captures are compulsory: when one exists only captures are generated, filtered by the
//! variant's precedence (king priority or majority). The legal list holds each distinct move
//! (origin, destination, captured set) once; [`generate_paths`] keeps every capture path.
//!
//! Every entry point first takes a [`Snapshot`] (the side's men and kings, the enemy, the empty
//! squares, the rule tables) and finds set-wise which pieces can capture at all; only
//! those are searched, and [`count_moves`] counts without building a list where it can.

mod capture;
mod quiet;
#[cfg(test)]
mod reference;
mod shape;

use capture::{
    king_jumps, man_jumps, Arrival, CaptureContext, CapturingKing, KingCapturer, ManSteps, Sink,
    TableSteps,
};

use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::{Dir, Geometry, Precedence, RuleSet};
use crate::types::{Bitboard, Color, Square};

/// The piece sets and rule tables of a position, from the side to move's point of view: what
/// every part of the generator reads, computed once per call.
pub(crate) struct Snapshot {
    /// The board tables.
    pub g: &'static Geometry,
    pub rules: &'static RuleSet,
    /// The side to move.
    pub me: Color,
    /// Its men.
    pub men: Bitboard,
    /// Its kings.
    pub kings: Bitboard,
    /// The opponent's pieces.
    pub enemy: Bitboard,
    pub empty: Bitboard,
    /// The directions in which the side's men capture.
    pub man_dirs: &'static [Dir],
}

impl Snapshot {
    #[inline(always)]
    pub(crate) fn new(pos: &Position) -> Snapshot {
        let rules = pos.rules();
        let me = pos.side();
        Snapshot {
            g: rules.geometry(),
            rules,
            me,
            men: pos.men(me),
            kings: pos.kings(me),
            enemy: pos.pieces(!me),
            empty: pos.empty(),
            man_dirs: capture::man_capture_dirs(rules, me),
        }
    }

    /// The snapshot after `mv` is played in `pos`, built from the piece sets alone (no key, no
    /// `Position`): what [`count_replies`] reads.
    #[inline(always)]
    fn after(pos: &Position, mv: &Move) -> Snapshot {
        let rules = pos.rules();
        let g = rules.geometry();
        let me = pos.side();
        let them = !me;
        let from = Bitboard::from_square(mv.from);
        let to = Bitboard::from_square(mv.to);
        let mut kings = pos.all_kings();
        if kings.has(mv.from) {
            kings ^= from ^ to;
        } else if mv.promotes {
            kings |= to;
        }
        kings = kings - mv.captured;
        let mine = pos.pieces(me) ^ from ^ to;
        let theirs = pos.pieces(them) ^ mv.captured;
        Snapshot {
            g,
            rules,
            me: them,
            men: theirs - kings,
            kings: theirs & kings,
            enemy: mine,
            empty: g.valid - (mine | theirs),
            man_dirs: capture::man_capture_dirs(rules, them),
        }
    }

    /// The capture search context, with the position's own empty squares.
    #[inline(always)]
    fn ctx(&self) -> CaptureContext {
        CaptureContext {
            g: self.g,
            rules: self.rules,
            man_dirs: self.man_dirs,
            promotion: self.g.promotion[self.me.index()],
            enemy: self.enemy,
            empty: self.empty,
            from: Square(0),
            me: self.me,
        }
    }

    /// The men that can start a capture.
    #[inline(always)]
    fn man_jumpers(&self) -> Bitboard {
        capture::men_that_jump(self.g, self.man_dirs, self.men, self.enemy, self.empty)
    }

    /// The kings that can start a capture.
    #[inline(always)]
    fn king_jumpers(&self) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for k in self.kings {
            if capture::king_can_jump(self.g, self.rules, k, self.enemy, self.empty) {
                out |= Bitboard::from_square(k);
            }
        }
        out
    }

    /// The pieces that can start a capture, men and kings; both empty when none can.
    #[inline(always)]
    fn jumpers(&self) -> (Bitboard, Bitboard) {
        let kings = if self.kings.any() {
            self.king_jumpers()
        } else {
            Bitboard::EMPTY
        };
        (self.man_jumpers(), kings)
    }
}

/// Fills `list` with the legal moves of `pos`, each distinct move once.
pub fn generate(pos: &Position, list: &mut MoveList) {
    fill(pos, list, true);
}

/// Fills `list` with the legal moves, counting every capture path separately (moves with the
/// same origin, destination and captured set may appear more than once).
pub fn generate_paths(pos: &Position, list: &mut MoveList) {
    fill(pos, list, false);
}

#[inline(always)]
fn fill(pos: &Position, list: &mut MoveList, dedup: bool) {
    list.clear();
    shape::fill(&Snapshot::new(pos), list, dedup);
}

/// Fills the (cleared) `list` with the moves of `snap`, for any rule set (the specialised
/// copies of [`shape::fill`] give the same lists).
#[inline(never)]
fn fill_by_tables(snap: &Snapshot, list: &mut MoveList, dedup: bool) {
    let (men, kings) = snap.jumpers();
    if men.any() || kings.any() {
        let mut sink = ListSink::new(list, dedup, snap.rules);
        search_captures(snap, men, kings, &mut sink);
    } else {
        quiet::generate(snap, list);
    }
}

/// The legal moves of `pos` as a `Vec` (each distinct move once).
pub fn legal_moves(pos: &Position) -> Vec<Move> {
    let mut list = MoveList::new();
    generate(pos, &mut list);
    list.to_vec()
}

/// The number of legal moves (distinct, or paths when `paths`), without building quiet moves.
#[inline]
pub fn count_moves(pos: &Position, paths: bool) -> u64 {
    shape::count_moves(&Snapshot::new(pos), paths)
}

/// The number of legal replies to `mv` (legal in `pos`): `count_moves(&pos.play(mv), paths)`
/// without making the position (perft's last two plies).
#[inline]
pub fn count_replies(pos: &Position, mv: &Move, paths: bool) -> u64 {
    shape::count_moves(&Snapshot::after(pos, mv), paths)
}

/// The sum of [`count_replies`] over `moves` (each legal in `pos`): perft's last two plies.
#[inline]
pub fn count_all_replies(pos: &Position, moves: &[Move], paths: bool) -> u64 {
    shape::count_all_replies(pos, moves, paths)
}

/// The number of legal moves of `snap`, for any rule set (the specialised copies of
/// [`shape::count_moves`] give the same counts).
#[inline(never)]
fn count_moves_by_tables(snap: &Snapshot, paths: bool) -> u64 {
    let (men, kings) = snap.jumpers();
    if kings.is_empty() && men.any() {
        if let Some(n) = capture::single_man_captures(&snap.ctx(), men) {
            return n;
        }
    }
    if men.any() || kings.any() {
        let mut sink = CountSink {
            count: 0,
            dedup: !paths,
            majority: snap.rules.precedence == Precedence::Majority,
            best: 0,
            seen: MoveList::new(),
        };
        search_captures(snap, men, kings, &mut sink);
        sink.count
    } else {
        quiet::count(snap)
    }
}

/// True when the side to move has a capture (and so must capture).
pub fn has_capture(pos: &Position) -> bool {
    let snap = Snapshot::new(pos);
    snap.man_jumpers().any() || (snap.kings.any() && snap.king_jumpers().any())
}

/// Collects sequences into a move list, applying dedup and the majority rule.
pub(crate) struct ListSink<'a> {
    pub list: &'a mut MoveList,
    pub dedup: bool,
    pub majority: bool,
    pub best: u32,
}

impl<'a> ListSink<'a> {
    /// A sink filling `list` under the capture precedence of `rules` (majority keeps only the
    /// longest captures), dropping identical captures when `dedup`.
    #[inline]
    pub fn new(list: &'a mut MoveList, dedup: bool, rules: &RuleSet) -> ListSink<'a> {
        ListSink {
            list,
            dedup,
            majority: rules.precedence == Precedence::Majority,
            best: 0,
        }
    }
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
        // one capture is one path: only sequences of two or more captures can repeat a move
        if self.dedup && n >= 2 && self.list.iter().any(|m| *m == mv) {
            return;
        }
        self.list.push(mv);
    }
}

/// Counts sequences as [`ListSink`] would list them, remembering only multi-capture moves.
pub(crate) struct CountSink {
    pub count: u64,
    pub dedup: bool,
    pub majority: bool,
    pub best: u32,
    /// The moves of two or more captures counted so far (when deduplicating).
    pub seen: MoveList,
}

impl Sink for CountSink {
    #[inline]
    fn emit(&mut self, from: Square, to: Square, captured: Bitboard, promotes: bool) {
        let n = captured.count();
        if self.majority {
            if n < self.best {
                return;
            }
            if n > self.best {
                self.best = n;
                self.count = 0;
                self.seen.clear();
            }
        }
        if self.dedup && n >= 2 {
            let mv = Move {
                from,
                to,
                promotes,
                captured,
            };
            if self.seen.iter().any(|m| *m == mv) {
                return;
            }
            self.seen.push(mv);
        }
        self.count += 1;
    }
}

/// Runs the capture search of the pieces that can capture (`men`, `kings`) into `sink`, kings
/// first, each in square order.
#[inline(always)]
fn search_captures<S: Sink>(snap: &Snapshot, men: Bitboard, kings: Bitboard, sink: &mut S) {
    search_captures_with::<TableSteps, S>(snap, men, kings, sink)
}

/// [`search_captures`] with the men's steps of `K`.
#[inline(always)]
pub(crate) fn search_captures_with<K: ManSteps, S: Sink>(
    snap: &Snapshot,
    men: Bitboard,
    kings: Bitboard,
    sink: &mut S,
) {
    let mut ctx = snap.ctx();
    for k in kings {
        ctx.from = k;
        ctx.empty = snap.empty | Bitboard::from_square(k);
        let king = CapturingKing {
            at: k,
            captured: Bitboard::EMPTY,
            arrival: Arrival::Start,
            piece: KingCapturer::King,
        };
        king_jumps(&ctx, king, sink);
    }
    if snap.rules.precedence == Precedence::KingPriority && kings.any() {
        return; // Czech čl. 4.14: if a king can capture, only king captures are legal
    }
    for m in men {
        ctx.from = m;
        ctx.empty = snap.empty | Bitboard::from_square(m);
        man_jumps::<K, S>(&ctx, m, Bitboard::EMPTY, sink);
    }
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
