//! Capture sequences for men and kings, driven by the variant's [`RuleSet`] flags.
//!
//! Semantics (docs/rules/README.md, docs/rules/czech.md): the mover's start square counts as
//! empty; a jumped piece stays on the board until the move ends, so it blocks and cannot be jumped
//! again (Turkish strike); a sequence must be completed; a flying king that can continue from some
//! of its landing squares must land on one of those (forced continuation landing, čl. 4.6).
//!
//! Speed: a man's jump is two rotations and two masks ([`Geometry::advance`]); a flying king
//! finds its victim and its landing squares with the ray tables ([`Geometry::ray`]) instead of
//! walking square by square. Nothing here allocates.

use crate::moves::Move;
use crate::rules::{
    Continuation, Dir, Geometry, KeyShape, KingLanding, MidCapturePromotion, Parachutists, Range,
    Removal, RuleSet, Word,
};
use crate::types::{Bitboard, Color, Square};

/// Receives the capture sequences found by the search below.
pub(crate) trait Sink<W: Word> {
    /// A complete sequence, with its precedence key ([`crate::rules::Precedence::key`]: larger is better).
    fn emit(&mut self, mv: Move<W>, key: u64);
    /// The piece takes `victim` and lands on `sq` in the middle of a sequence (for path
    /// recording).
    #[inline]
    fn enter(&mut self, _victim: Square, _sq: Square) {}
    /// Undoes the last `enter`.
    #[inline]
    fn leave(&mut self) {}
}

/// The directions in which men of `me` capture under `rules`.
#[inline]
pub(crate) fn man_capture_dirs(rules: &RuleSet, me: Color) -> &'static [Dir] {
    rules.man_capture_dirs(me)
}

/// The directions in which a parachutist of `me` jumps: the two toward its own side
/// ([`crate::rules::Parachutists`]).
#[inline]
pub(crate) fn parachute_dirs(rules: &RuleSet, me: Color) -> [Dir; 2] {
    let [a, b] = rules.forward_dirs(me);
    [a.reverse(), b.reverse()]
}

/// What a capture search needs to know about the position and the moving piece.
pub(crate) struct CaptureContext<W: Word> {
    pub g: &'static Geometry<W>,
    pub rules: &'static RuleSet,
    /// The directions in which the side's men capture.
    pub man_dirs: &'static [Dir],
    /// The directions of a man's later jumps in one capture (Alkerk: any; elsewhere
    /// `man_dirs`).
    pub later_dirs: &'static [Dir],
    /// The row on which the side's men are crowned.
    pub promotion: Bitboard<W>,
    /// Enemy pieces (captured ones included: they are filtered by the `captured` set).
    pub enemy: Bitboard<W>,
    /// The enemy pieces a man may take (Italian: not the kings).
    pub man_prey: Bitboard<W>,
    /// The enemy kings.
    pub enemy_kings: Bitboard<W>,
    /// Empty squares, with the mover's start square counted as empty.
    pub empty: Bitboard<W>,
    /// The mover's start square.
    pub from: Square,
    /// The side to move.
    pub me: Color,
    /// Every landing sequence is its own capture (kish's count): a flying king that lands
    /// beyond the first square may go on straight ahead too ([`Arrival::FirstLanding`]).
    /// Read only by the data-driven generator.
    pub landings: bool,
}

/// The directions a man's capture search tries, as a [`ManSteps`] knows them.
pub(crate) enum ManCaptureDirs {
    /// Those of [`CaptureContext::man_dirs`] (read at run time from the rule set).
    FromContext,
    /// All four (men capture backward).
    All,
    /// The two forward ones of the side to move.
    Forward,
}

/// How the men's capture search steps: by the geometry's tables ([`TableSteps`], any rule
/// set) or by the constants of a variant shape (`super::shape`), chosen once per call.
pub(crate) trait ManSteps {
    /// The directions in which men capture.
    const MAN_DIRS: ManCaptureDirs;
    /// Only the usual capture rules can occur: captured pieces stay until the move ends and no
    /// precedence looks at the order of the kings taken (the compiled shapes), so those tests
    /// compile away; otherwise they are read from the rule set.
    const USUAL: bool;
    /// One step of every square of `bb` in `dir` ([`Geometry::advance`]).
    fn advance<W: Word>(g: &Geometry<W>, bb: Bitboard<W>, dir: Dir) -> Bitboard<W>;
}

/// Steps read from the geometry's tables and the rule set at run time.
pub(crate) struct TableSteps;

impl ManSteps for TableSteps {
    const MAN_DIRS: ManCaptureDirs = ManCaptureDirs::FromContext;
    const USUAL: bool = false;
    #[inline(always)]
    fn advance<W: Word>(g: &Geometry<W>, bb: Bitboard<W>, dir: Dir) -> Bitboard<W> {
        g.advance(bb, dir)
    }
}

/// How a capturing king came to its square, which decides where it may jump next.
#[derive(Clone, Copy)]
pub(crate) enum Arrival {
    /// The capture starts there: any direction.
    Start,
    /// It landed on the first empty square behind the piece it took jumping in this
    /// direction: any direction but back.
    FirstLanding(Dir),
    /// It landed on a farther square behind the piece it took jumping in this direction:
    /// neither back nor straight on (from the first landing square that line gives the same
    /// captures).
    FartherLanding(Dir),
}

impl Arrival {
    /// The king may jump on in `dir`.
    #[inline(always)]
    pub(crate) fn allows(self, dir: Dir) -> bool {
        match self {
            Arrival::Start => true,
            Arrival::FirstLanding(came) => dir != came.reverse(),
            Arrival::FartherLanding(came) => dir != came.reverse() && dir != came,
        }
    }
}

/// The piece that captures as a king.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum KingCapturer {
    /// A king from the start of the move.
    King,
    /// A man crowned in the middle of the capture, going on as a king (the move promotes).
    CrownedMan,
}

/// A king in its capture sequence: where it stands, what it has taken so far, how it came.
#[derive(Clone, Copy)]
pub(crate) struct CapturingKing<W: Word> {
    /// The square it stands on.
    pub at: Square,
    /// The pieces taken so far.
    pub captured: Bitboard<W>,
    /// Bit `31 - i` set when the `i`-th piece taken was a king (only with `track_order`).
    pub order: u32,
    pub arrival: Arrival,
    pub piece: KingCapturer,
}

impl<W: Word> CaptureContext<W> {
    /// The empty squares during a capture that has taken `captured` so far.
    #[inline(always)]
    /// Captured pieces leave the board at once (Thai), and a piece may not turn back, which
    /// [`Arrival`] forbids anyway.
    fn empty_after<K: ManSteps>(&self, captured: Bitboard<W>) -> Bitboard<W> {
        if !K::USUAL && self.rules.removal == Removal::AtOnce {
            self.empty | captured
        } else {
            self.empty
        }
    }

    /// The order bits after taking `victim` as the piece number `captured.count()` (before it).
    #[inline(always)]
    fn order_after<K: ManSteps>(
        &self,
        order: u32,
        captured: Bitboard<W>,
        victim: Bitboard<W>,
    ) -> u32 {
        if !K::USUAL && self.rules.precedence.tracks_order() && (victim & self.enemy_kings).any() {
            order | 1u32 << (31 - captured.count().min(31))
        } else {
            order
        }
    }

    /// The precedence key of a complete capture.
    #[inline(always)]
    fn key(&self, captured: Bitboard<W>, by_king: bool, order: u32) -> u64 {
        let precedence = self.rules.precedence;
        match precedence.key_shape() {
            KeyShape::Unranked => 0, // no sink compares the keys
            KeyShape::Count => captured.count().min(63) as u64,
            KeyShape::Criteria => {
                let kings = (captured & self.enemy_kings).count();
                precedence.key(captured.count(), by_king, kings, order)
            }
        }
    }

    /// If a king on `cur` can jump in `dir` a piece of `prey` (`empty` the squares empty now):
    /// that piece and the squares it may land on (all the empty squares right behind it for
    /// flying kings landing anywhere beyond, else only the first).
    #[inline]
    fn king_jump<K: ManSteps>(
        &self,
        cur: Square,
        dir: Dir,
        prey: Bitboard<W>,
        empty: Bitboard<W>,
    ) -> Option<(Square, Bitboard<W>)> {
        let g = self.g;
        if self.rules.kings.captures == Range::Short {
            let victim = K::advance(g, Bitboard::from_square(cur), dir) & prey;
            let land = K::advance(g, victim, dir) & empty;
            return land.any().then(|| (g.nearest(victim, dir), land));
        }
        let blockers = g.ray(cur, dir) - empty;
        if blockers.is_empty() {
            return None;
        }
        let victim = g.nearest(blockers, dir);
        if !prey.has(victim) {
            return None;
        }
        let open = open_behind(g, victim, dir, empty);
        if open.is_empty() {
            return None;
        }
        if self.rules.kings.landing == KingLanding::DirectlyBehind {
            return Some((victim, Bitboard::from_square(g.nearest(open, dir))));
        }
        Some((victim, open))
    }
}

/// The run of squares of `empty` right behind `sq` in `dir` (a flying king's landing squares,
/// or its quiet moves from `sq`).
#[inline]
pub(crate) fn open_behind<W: Word>(
    g: &Geometry<W>,
    sq: Square,
    dir: Dir,
    empty: Bitboard<W>,
) -> Bitboard<W> {
    let beyond = g.ray(sq, dir);
    let stops = beyond - empty;
    if stops.is_empty() {
        return beyond;
    }
    let stop = g.nearest(stops, dir);
    beyond - g.ray(stop, dir) - Bitboard::from_square(stop)
}

/// Iterates over the squares of `set` nearest first along `dir`.
#[inline]
pub(crate) fn along<W: Word>(
    g: &'static Geometry<W>,
    set: Bitboard<W>,
    dir: Dir,
) -> impl Iterator<Item = Square> {
    let mut rest = set;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let sq = g.nearest(rest, dir);
        rest = rest - Bitboard::from_square(sq);
        Some(sq)
    })
}

/// Searches the jumps of `king` and emits the sequences that start with them. Returns true
/// when at least one jump was possible.
pub(crate) fn king_jumps<W: Word, K: ManSteps, S: Sink<W>>(
    c: &CaptureContext<W>,
    king: CapturingKing<W>,
    sink: &mut S,
) -> bool {
    let prey = c.enemy - king.captured;
    let empty = c.empty_after::<K>(king.captured);
    let promotes = king.piece == KingCapturer::CrownedMan;
    let mut found = false;
    let dirs: &[Dir] = if K::USUAL {
        &Dir::DIAGONALS
    } else {
        c.rules.kings.capture_lines.dirs()
    };
    let every_landing = !K::USUAL && c.landings;
    for &dir in dirs {
        if !king.arrival.allows(dir) {
            continue;
        }
        let Some((victim, lands)) = c.king_jump::<K>(king.at, dir, prey, empty) else {
            continue;
        };
        found = true;
        let victim_bb = Bitboard::from_square(victim);
        let captured = king.captured | victim_bb;
        let order = c.order_after::<K>(king.order, king.captured, victim_bb);
        let first = c.g.nearest(lands, dir);
        let mut continued = false;
        for at in along(c.g, lands, dir) {
            let arrival = if at == first || every_landing {
                Arrival::FirstLanding(dir)
            } else {
                Arrival::FartherLanding(dir)
            };
            let next = CapturingKing {
                at,
                captured,
                order,
                arrival,
                piece: king.piece,
            };
            sink.enter(victim, at);
            continued |= king_jumps::<_, K, S>(c, next, sink);
            sink.leave();
        }
        if !continued {
            // Killer: a capture that ends by taking a king stops right behind it
            let stops = if c.rules.kings.landing == KingLanding::HaltBehindKing
                && c.enemy_kings.has(victim)
            {
                Bitboard::from_square(first)
            } else {
                lands
            };
            let key = c.key(captured, king.piece == KingCapturer::King, order);
            for to in along(c.g, stops, dir) {
                let mv = Move {
                    from: c.from,
                    to,
                    promotes,
                    captured,
                };
                sink.emit(mv, key);
            }
        }
    }
    found
}

/// A man in its capture sequence: where it stands and what it has taken so far.
#[derive(Clone, Copy)]
pub(crate) struct CapturingMan<W: Word> {
    /// The square it stands on.
    pub at: Square,
    /// The pieces taken so far.
    pub captured: Bitboard<W>,
    /// Bit `31 - i` set when the `i`-th piece taken was a king (only with `track_order`).
    pub order: u32,
}

/// Searches man jumps of `man`, stepping as `K` does. Returns true when at least one jump was
/// possible.
#[inline(always)]
pub(crate) fn man_jumps<W: Word, K: ManSteps, S: Sink<W>>(
    c: &CaptureContext<W>,
    man: CapturingMan<W>,
    sink: &mut S,
) -> bool {
    jumps_of_man::<_, K, S>(c, man.at, man.captured, man.order, sink)
}

/// [`man_jumps`] with the man's fields as arguments: the recursion passes them in registers
/// (a `CapturingMan` is passed through memory, stored by the caller and loaded back at every
/// jump).
fn jumps_of_man<W: Word, K: ManSteps, S: Sink<W>>(
    c: &CaptureContext<W>,
    at: Square,
    captured: Bitboard<W>,
    order: u32,
    sink: &mut S,
) -> bool {
    let man = CapturingMan {
        at,
        captured,
        order,
    };
    let mut found = false;
    match K::MAN_DIRS {
        ManCaptureDirs::FromContext => {
            let straight = !K::USUAL && c.rules.men.continuation == Continuation::OptionalStraight;
            let dirs = if man.captured.is_empty() {
                c.man_dirs
            } else {
                c.later_dirs
            };
            for &d in dirs {
                found |= if straight {
                    straight_jumps::<_, K, S>(c, man, d, sink)
                } else {
                    man_jump::<_, K, S>(c, man, d, true, sink)
                };
            }
        }
        ManCaptureDirs::All => {
            // written out, not a loop: each direction's steps are then constant rotations
            // (the loop, too large to be unrolled, read them from a table after every jump)
            let [a, b, d, e] = Dir::DIAGONALS;
            found |= man_jump::<_, K, S>(c, man, a, true, sink);
            found |= man_jump::<_, K, S>(c, man, b, true, sink);
            found |= man_jump::<_, K, S>(c, man, d, true, sink);
            found |= man_jump::<_, K, S>(c, man, e, true, sink);
        }
        ManCaptureDirs::Forward => {
            let [a, b] = Dir::forward(c.me);
            found |= man_jump::<_, K, S>(c, man, a, true, sink);
            found |= man_jump::<_, K, S>(c, man, b, true, sink);
        }
    }
    found
}

/// The captures of `man` under [`Continuation::OptionalStraight`] (Konane): a jump in `dir`
/// and every further jump straight on, each landing the end of a move of its own. True when
/// there is one.
fn straight_jumps<W: Word, K: ManSteps, S: Sink<W>>(
    c: &CaptureContext<W>,
    man: CapturingMan<W>,
    dir: Dir,
    sink: &mut S,
) -> bool {
    let (mut at, mut captured) = (man.at, man.captured);
    let mut entered = 0;
    let mut found = false;
    loop {
        let victim = K::advance(c.g, Bitboard::from_square(at), dir) & (c.man_prey - captured);
        let land_bb = K::advance(c.g, victim, dir) & c.empty_after::<K>(captured);
        let Some(land) = land_bb.first() else {
            break;
        };
        found = true;
        captured |= victim;
        let promotes = c.promotion.has(land);
        let mv = Move {
            from: c.from,
            to: land,
            promotes,
            captured,
        };
        sink.emit(mv, c.key(captured, false, man.order));
        if promotes {
            break; // a crowning ends the move
        }
        sink.enter(square_of(victim), land);
        entered += 1;
        at = land;
    }
    for _ in 0..entered {
        sink.leave();
    }
    found
}

/// Searches the jumps of the parachutist `man` (its first jump toward its own side; then, as
/// the rules say, on as a man or not at all). Returns true when one was possible.
pub(crate) fn parachutist_jumps<W: Word, K: ManSteps, S: Sink<W>>(
    c: &CaptureContext<W>,
    man: CapturingMan<W>,
    sink: &mut S,
) -> bool {
    let go_on = c.rules.men.parachutists == Parachutists::GoOnAsMan;
    let mut found = false;
    for d in parachute_dirs(c.rules, c.me) {
        found |= man_jump::<_, K, S>(c, man, d, go_on, sink);
    }
    found
}

/// The sequences of `man` that start with a jump in `dir` (and go on as a man's when
/// `go_on`); true when there is one.
#[inline(always)]
fn man_jump<W: Word, K: ManSteps, S: Sink<W>>(
    c: &CaptureContext<W>,
    man: CapturingMan<W>,
    dir: Dir,
    go_on: bool,
    sink: &mut S,
) -> bool {
    let prey = c.man_prey - man.captured;
    let victim = K::advance(c.g, Bitboard::from_square(man.at), dir) & prey;
    let land_bb = K::advance(c.g, victim, dir) & c.empty_after::<K>(man.captured);
    let Some(land) = land_bb.first() else {
        return false;
    };
    let cap = man.captured | victim;
    let order = c.order_after::<K>(man.order, man.captured, victim);
    let crowned = c.promotion.has(land);
    sink.enter(square_of(victim), land);
    let continued = match (crowned, c.rules.mid_capture_promotion) {
        (true, MidCapturePromotion::EndMove) => false,
        (true, MidCapturePromotion::ContinueAsKing) => {
            let king = CapturingKing {
                at: land,
                captured: cap,
                order,
                arrival: Arrival::FirstLanding(dir),
                piece: KingCapturer::CrownedMan,
            };
            king_jumps::<_, K, S>(c, king, sink)
        }
        _ if go_on && may_jump_on::<_, K>(c, land, cap) => {
            let next = CapturingMan {
                at: land,
                captured: cap,
                order,
            };
            man_jumps::<_, K, S>(c, next, sink)
        }
        _ => false,
    };
    sink.leave();
    if !continued {
        let mv = Move {
            from: c.from,
            to: land,
            promotes: crowned,
            captured: cap,
        };
        sink.emit(mv, c.key(cap, false, order));
    }
    true
}

/// False when a man on `at` that has taken `captured` has no jump for sure, so that the last
/// jump of a sequence ends without a call of [`man_jumps`] (most searched jumps are last
/// ones). Known for the compiled shapes' men only; true otherwise.
#[inline(always)]
fn may_jump_on<W: Word, K: ManSteps>(
    c: &CaptureContext<W>,
    at: Square,
    captured: Bitboard<W>,
) -> bool {
    let at = Bitboard::from_square(at);
    let prey = c.man_prey - captured;
    let jump = |d: Dir| (K::advance(c.g, K::advance(c.g, at, d) & prey, d) & c.empty).any();
    match K::MAN_DIRS {
        ManCaptureDirs::FromContext => true,
        ManCaptureDirs::All => {
            let [a, b, d, e] = Dir::DIAGONALS;
            jump(a) || jump(b) || jump(d) || jump(e)
        }
        ManCaptureDirs::Forward => {
            let [a, b] = Dir::forward(c.me);
            jump(a) || jump(b)
        }
    }
}

/// The square of a one-square set (a man's victim; read only where paths are recorded).
#[inline(always)]
fn square_of<W: Word>(one: Bitboard<W>) -> Square {
    one.first().unwrap_or(Square(0))
}

/// The men of `men` that have a first jump (the start of some capture sequence).
#[inline]
pub(crate) fn men_that_jump<W: Word>(
    g: &Geometry<W>,
    dirs: &[Dir],
    men: Bitboard<W>,
    enemy: Bitboard<W>,
    empty: Bitboard<W>,
) -> Bitboard<W> {
    let mut out = Bitboard::EMPTY;
    for &d in dirs {
        let back = d.reverse();
        out |= g.advance(g.advance(empty, back) & enemy, back) & men;
    }
    out
}

/// True when a king on `k` can jump some piece of `enemy` (`empty` as in the position).
#[inline]
pub(crate) fn king_can_jump<W: Word>(
    g: &'static Geometry<W>,
    rules: &RuleSet,
    k: Square,
    enemy: Bitboard<W>,
    empty: Bitboard<W>,
) -> bool {
    let at = Bitboard::from_square(k);
    rules.kings.capture_lines.dirs().iter().any(|&d| {
        let victim = if rules.flying_kings() {
            let blockers = g.ray(k, d) - empty;
            if blockers.is_empty() {
                return false;
            }
            Bitboard::from_square(g.nearest(blockers, d)) & enemy
        } else {
            g.advance(at, d) & enemy
        };
        (g.advance(victim, d) & empty).any()
    })
}

/// The number of captures of the men `jumpers` when each of them takes exactly one piece;
/// `None` when some capture could go on (then only the full search knows the moves).
///
/// Exact because a second jump never depends on which piece the first one took: the only
/// jump from a landing square over the piece just taken is the reverse one, and it would land
/// on the mover's start square, which is occupied in `empty`. Only where the precedence cannot
/// tell two single jumps of men apart ([`crate::rules::Precedence::single_jumps_tie`]).
#[inline]
pub(crate) fn single_man_captures<W: Word>(
    c: &CaptureContext<W>,
    jumpers: Bitboard<W>,
) -> Option<u64> {
    if !c.rules.precedence.single_jumps_tie() {
        return None;
    }
    let g = c.g;
    let mut total = 0;
    let mut lands = Bitboard::EMPTY;
    for &d in c.man_dirs {
        let l = g.advance(g.advance(jumpers, d) & c.man_prey, d) & c.empty;
        total += l.count() as u64;
        lands |= l;
    }
    let crowned = lands & c.promotion;
    let go_on = match c.rules.mid_capture_promotion {
        MidCapturePromotion::EndMove => lands - crowned,
        MidCapturePromotion::PassThrough => lands,
        MidCapturePromotion::ContinueAsKing if crowned.any() => return None,
        MidCapturePromotion::ContinueAsKing => lands,
    };
    if men_that_jump(g, c.later_dirs, go_on, c.man_prey, c.empty).any() {
        return None;
    }
    Some(total)
}
