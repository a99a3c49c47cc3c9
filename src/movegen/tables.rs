//! The data-driven generator: captures and quiet moves for any rule set, read from the
//! [`Snapshot`]'s tables at run time (the specialised copies of `shape` give the same results),
//! and the sinks that collect capture sequences.

use super::capture::{
    self, king_jumps, man_jumps, Arrival, CapturingKing, KingCapturer, ManSteps, Sink, TableSteps,
};
use super::quiet;
use super::snapshot::Snapshot;
use crate::moves::{Move, MoveList};
use crate::rules::{Precedence, RuleSet};
use crate::types::{Bitboard, Square};

/// Fills the (cleared) `list` with the moves of `snap`, for any rule set (the specialised
/// copies of [`shape::fill`] give the same lists).
#[inline(never)]
pub(super) fn fill_by_tables(snap: &Snapshot, list: &mut MoveList, dedup: bool) {
    let (men, kings) = snap.jumpers();
    if men.any() || kings.any() {
        let mut sink = ListSink::new(list, dedup, snap.rules);
        search_captures(snap, men, kings, &mut sink);
    } else {
        quiet::generate(snap, list);
    }
}

/// The number of legal moves of `snap`, for any rule set (the specialised copies of
/// [`shape::count_moves`] give the same counts).
#[inline(never)]
pub(super) fn count_moves_by_tables(snap: &Snapshot, paths: bool) -> u64 {
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
pub(super) fn search_captures<S: Sink>(
    snap: &Snapshot,
    men: Bitboard,
    kings: Bitboard,
    sink: &mut S,
) {
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
