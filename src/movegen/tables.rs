//! The data-driven generator: captures and quiet moves for any rule set, read from the
//! [`Snapshot`]'s tables at run time (the specialised copies of `shape` give the same results),
//! and the sinks that collect capture sequences.

use super::capture::{
    self, king_jumps, man_jumps, Arrival, CapturingKing, CapturingMan, KingCapturer, ManSteps,
    Sink, TableSteps,
};
use super::quiet;
use super::removal;
use super::snapshot::Snapshot;
use crate::moves::{Move, MoveList};
use crate::rules::{Precedence, RuleSet, Word};
use crate::types::Bitboard;

/// Fills the (cleared) `list` with the moves of `snap`, for any rule set (the specialised
/// copies of [`shape::fill`] give the same lists).
#[inline(never)]
pub(super) fn fill_by_tables<W: Word>(snap: &Snapshot<W>, list: &mut MoveList<W>, dedup: bool) {
    if let Some(squares) = removal::removable(snap) {
        return removal::generate(squares, list);
    }
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
pub(super) fn count_moves_by_tables<W: Word>(snap: &Snapshot<W>, paths: bool) -> u64 {
    if let Some(squares) = removal::removable(snap) {
        return squares.count() as u64;
    }
    let (men, kings) = snap.jumpers();
    // a parachutist's jump is not a man's: the full search counts those
    if kings.is_empty() && men.any() && (men & snap.parachutists()).is_empty() {
        if let Some(n) = capture::single_man_captures(&snap.ctx::<TableSteps>(), men) {
            return n;
        }
    }
    if men.any() || kings.any() {
        let mut sink = CountSink::new(!paths, snap.rules);
        search_captures(snap, men, kings, &mut sink);
        sink.count
    } else {
        quiet::count(snap)
    }
}

/// Whether a capture with precedence key `key` is kept, given the best key so far.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Worse than one found before: dropped.
    Worse,
    /// As good as the best so far: kept beside them.
    Equal,
    /// Better than all found before: they are dropped and this one kept.
    Better,
}

/// The best precedence key met so far among the captures of one position.
pub(crate) struct Ranking {
    /// Whether keys are compared at all ([`Precedence::needs_ranking`]).
    ranked: bool,
    best: u64,
}

impl Ranking {
    /// A ranking under `precedence`.
    #[inline]
    pub fn new(precedence: Precedence) -> Ranking {
        Ranking {
            ranked: precedence.needs_ranking(),
            best: 0,
        }
    }

    /// Judges a capture of key `key` (and remembers it when it is the best).
    #[inline(always)]
    pub fn judge(&mut self, key: u64) -> Verdict {
        if !self.ranked || key == self.best {
            return Verdict::Equal;
        }
        if key < self.best {
            return Verdict::Worse;
        }
        self.best = key;
        Verdict::Better
    }
}

/// Collects sequences into a move list, applying dedup and the precedence.
pub(crate) struct ListSink<'a, W: Word> {
    pub list: &'a mut MoveList<W>,
    pub dedup: bool,
    pub ranking: Ranking,
}

impl<'a, W: Word> ListSink<'a, W> {
    /// A sink filling `list` under the capture precedence of `rules` (only the best captures
    /// stay), dropping identical captures when `dedup`.
    #[inline]
    pub fn new(list: &'a mut MoveList<W>, dedup: bool, rules: &RuleSet) -> ListSink<'a, W> {
        ListSink {
            list,
            dedup,
            ranking: Ranking::new(rules.precedence),
        }
    }
}

impl<W: Word> Sink<W> for ListSink<'_, W> {
    #[inline]
    fn emit(&mut self, mv: Move<W>, key: u64) {
        match self.ranking.judge(key) {
            Verdict::Worse => return,
            Verdict::Better => self.list.clear(),
            Verdict::Equal => {}
        }
        // one capture is one path: only sequences of two or more captures can repeat a move
        if self.dedup && mv.captured.count() >= 2 && self.list.iter().any(|m| *m == mv) {
            return;
        }
        self.list.push(mv);
    }
}

/// Counts sequences as [`ListSink`] would list them, remembering only multi-capture moves.
pub(crate) struct CountSink<W: Word> {
    pub count: u64,
    pub dedup: bool,
    pub ranking: Ranking,
    /// The moves of two or more captures counted so far (when deduplicating).
    pub seen: MoveList<W>,
}

impl<W: Word> CountSink<W> {
    /// A counter under the capture precedence of `rules`, counting paths unless `dedup`.
    #[inline]
    pub fn new(dedup: bool, rules: &RuleSet) -> CountSink<W> {
        CountSink {
            count: 0,
            dedup,
            ranking: Ranking::new(rules.precedence),
            seen: MoveList::new(),
        }
    }
}

impl<W: Word> Sink<W> for CountSink<W> {
    #[inline]
    fn emit(&mut self, mv: Move<W>, key: u64) {
        match self.ranking.judge(key) {
            Verdict::Worse => return,
            Verdict::Better => {
                self.count = 0;
                self.seen.clear();
            }
            Verdict::Equal => {}
        }
        if self.dedup && mv.captured.count() >= 2 {
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
pub(super) fn search_captures<W: Word, S: Sink<W>>(
    snap: &Snapshot<W>,
    men: Bitboard<W>,
    kings: Bitboard<W>,
    sink: &mut S,
) {
    search_captures_with::<_, TableSteps, S>(snap, men, kings, sink)
}

/// [`search_captures`] with the men's steps of `K`.
#[inline(always)]
pub(crate) fn search_captures_with<W: Word, K: ManSteps, S: Sink<W>>(
    snap: &Snapshot<W>,
    men: Bitboard<W>,
    kings: Bitboard<W>,
    sink: &mut S,
) {
    let mut ctx = snap.ctx::<K>();
    for k in kings {
        ctx.from = k;
        ctx.empty = snap.empty | Bitboard::from_square(k);
        let king = CapturingKing {
            at: k,
            captured: Bitboard::EMPTY,
            order: 0,
            arrival: Arrival::Start,
            piece: KingCapturer::King,
        };
        king_jumps::<_, K, S>(&ctx, king, sink);
    }
    if snap.rules.precedence.kings_first() && kings.any() {
        return; // Czech čl. 4.14: if a king can capture, only king captures are legal
    }
    let parachutists = if K::USUAL {
        Bitboard::EMPTY // the compiled shapes have none
    } else {
        snap.parachutists()
    };
    for m in men {
        ctx.from = m;
        ctx.empty = snap.empty | Bitboard::from_square(m);
        let man = CapturingMan {
            at: m,
            captured: Bitboard::EMPTY,
            order: 0,
        };
        if parachutists.has(m) {
            capture::parachutist_jumps::<_, K, S>(&ctx, man, sink);
        } else {
            man_jumps::<_, K, S>(&ctx, man, sink);
        }
    }
}
