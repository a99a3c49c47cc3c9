//! Capture sequences for men and kings, driven by the variant's [`RuleSet`] flags.
//!
//! Semantics (rules-czech.md Part A §3-5 and `variants.md`): the mover's start square counts as
//! empty; a jumped piece stays on the board until the move ends, so it blocks and cannot be jumped
//! again (Turkish strike); a sequence must be completed; a flying king that can continue from some
//! of its landing squares must land on one of those (forced continuation landing, čl. 4.6).
//!
//! Speed: a man's jump is two rotations and two masks ([`Geometry::advance`]); a flying king
//! finds its victim and its landing squares with the ray tables ([`Geometry::ray`]) instead of
//! walking square by square. Nothing here allocates.

use crate::rules::{Dir, Geometry, KingLanding, MidCapturePromotion, RuleSet};
use crate::types::{Bitboard, Color, Square};

/// Receives the capture sequences found by the search below.
pub(crate) trait Sink {
    /// A complete sequence from `from` to `to` taking `captured`; `promotes` if a man is crowned.
    fn emit(&mut self, from: Square, to: Square, captured: Bitboard, promotes: bool);
    /// The piece lands on `sq` in the middle of a sequence (for path recording).
    #[inline]
    fn enter(&mut self, _sq: Square) {}
    /// Undoes the last `enter`.
    #[inline]
    fn leave(&mut self) {}
}

/// The directions in which men of `me` capture under `rules`.
#[inline]
pub(crate) fn man_capture_dirs(rules: &RuleSet, me: Color) -> &'static [Dir] {
    const WHITE: [Dir; 2] = Dir::forward(Color::White);
    const BLACK: [Dir; 2] = Dir::forward(Color::Black);
    if rules.men_capture_backward {
        &Dir::ALL
    } else {
        match me {
            Color::White => &WHITE,
            Color::Black => &BLACK,
        }
    }
}

/// What a capture search needs to know about the position and the moving piece.
pub(crate) struct CaptureContext {
    pub g: &'static Geometry,
    pub rules: &'static RuleSet,
    /// The directions in which the side's men capture.
    pub man_dirs: &'static [Dir],
    /// The row on which the side's men are crowned.
    pub promotion: Bitboard,
    /// Enemy pieces (captured ones included: they are filtered by the `captured` set).
    pub enemy: Bitboard,
    /// Empty squares, with the mover's start square counted as empty.
    pub empty: Bitboard,
    /// The mover's start square.
    pub from: Square,
    /// The side to move.
    pub me: Color,
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
    /// One step of every square of `bb` in `dir` ([`Geometry::advance`]).
    fn advance(g: &Geometry, bb: Bitboard, dir: Dir) -> Bitboard;
}

/// Steps read from the geometry's tables and the rule set at run time.
pub(crate) struct TableSteps;

impl ManSteps for TableSteps {
    const MAN_DIRS: ManCaptureDirs = ManCaptureDirs::FromContext;
    #[inline(always)]
    fn advance(g: &Geometry, bb: Bitboard, dir: Dir) -> Bitboard {
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
pub(crate) struct CapturingKing {
    /// The square it stands on.
    pub at: Square,
    /// The pieces taken so far.
    pub captured: Bitboard,
    pub arrival: Arrival,
    pub piece: KingCapturer,
}

impl CaptureContext {
    /// If a king on `cur` can jump in `dir` a piece of `prey`: that piece and the squares it may
    /// land on (all the empty squares right behind it for flying kings with `AnyBeyond`, else
    /// only the first).
    #[inline]
    fn king_jump(&self, cur: Square, dir: Dir, prey: Bitboard) -> Option<(Square, Bitboard)> {
        let g = self.g;
        if !self.rules.flying_kings {
            let victim = g.advance(Bitboard::from_square(cur), dir) & prey;
            let land = g.advance(victim, dir) & self.empty;
            return land.any().then(|| (g.nearest(victim, dir), land));
        }
        let blockers = g.ray(cur, dir) - self.empty;
        if blockers.is_empty() {
            return None;
        }
        let victim = g.nearest(blockers, dir);
        if !prey.has(victim) {
            return None;
        }
        let open = self.open_behind(victim, dir);
        if open.is_empty() {
            return None;
        }
        if self.rules.king_landing == KingLanding::DirectlyBehind {
            return Some((victim, Bitboard::from_square(g.nearest(open, dir))));
        }
        Some((victim, open))
    }

    /// The run of empty squares right behind `sq` in `dir`.
    #[inline]
    fn open_behind(&self, sq: Square, dir: Dir) -> Bitboard {
        let g = self.g;
        let beyond = g.ray(sq, dir);
        let stops = beyond - self.empty;
        if stops.is_empty() {
            return beyond;
        }
        let stop = g.nearest(stops, dir);
        beyond - g.ray(stop, dir) - Bitboard::from_square(stop)
    }
}

/// Iterates over the squares of `set` nearest first along `dir`.
#[inline]
fn along(g: &'static Geometry, set: Bitboard, dir: Dir) -> impl Iterator<Item = Square> {
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
pub(crate) fn king_jumps<S: Sink>(c: &CaptureContext, king: CapturingKing, sink: &mut S) -> bool {
    let prey = c.enemy - king.captured;
    let promotes = king.piece == KingCapturer::CrownedMan;
    let mut found = false;
    for dir in Dir::ALL {
        if !king.arrival.allows(dir) {
            continue;
        }
        let Some((victim, lands)) = c.king_jump(king.at, dir, prey) else {
            continue;
        };
        found = true;
        let captured = king.captured | Bitboard::from_square(victim);
        let first = c.g.nearest(lands, dir);
        let mut continued = false;
        for at in along(c.g, lands, dir) {
            let arrival = if at == first {
                Arrival::FirstLanding(dir)
            } else {
                Arrival::FartherLanding(dir)
            };
            let next = CapturingKing {
                at,
                captured,
                arrival,
                piece: king.piece,
            };
            sink.enter(at);
            continued |= king_jumps(c, next, sink);
            sink.leave();
        }
        if !continued {
            for l in along(c.g, lands, dir) {
                sink.emit(c.from, l, captured, promotes);
            }
        }
    }
    found
}

/// Searches man jumps from `cur`, stepping as `K` does. Returns true when at least one jump
/// was possible.
pub(crate) fn man_jumps<K: ManSteps, S: Sink>(
    c: &CaptureContext,
    cur: Square,
    captured: Bitboard,
    sink: &mut S,
) -> bool {
    let at = Bitboard::from_square(cur);
    let mut found = false;
    match K::MAN_DIRS {
        ManCaptureDirs::FromContext => {
            for &d in c.man_dirs {
                found |= man_jump::<K, S>(c, at, captured, d, sink);
            }
        }
        ManCaptureDirs::All => {
            for d in Dir::ALL {
                found |= man_jump::<K, S>(c, at, captured, d, sink);
            }
        }
        ManCaptureDirs::Forward => {
            let [a, b] = Dir::forward(c.me);
            found |= man_jump::<K, S>(c, at, captured, a, sink);
            found |= man_jump::<K, S>(c, at, captured, b, sink);
        }
    }
    found
}

/// The sequences of a man on `at` that start with a jump in `dir`, `captured` taken so far;
/// true when there is one.
#[inline(always)]
fn man_jump<K: ManSteps, S: Sink>(
    c: &CaptureContext,
    at: Bitboard,
    captured: Bitboard,
    dir: Dir,
    sink: &mut S,
) -> bool {
    let prey = c.enemy - captured;
    let victim = K::advance(c.g, at, dir) & prey;
    let land_bb = K::advance(c.g, victim, dir) & c.empty;
    let Some(land) = land_bb.first() else {
        return false;
    };
    let cap = captured | victim;
    let crowned = c.promotion.has(land);
    sink.enter(land);
    let continued = match (crowned, c.rules.mid_capture_promotion) {
        (true, MidCapturePromotion::EndMove) => false,
        (true, MidCapturePromotion::ContinueAsKing) => {
            let king = CapturingKing {
                at: land,
                captured: cap,
                arrival: Arrival::FirstLanding(dir),
                piece: KingCapturer::CrownedMan,
            };
            king_jumps(c, king, sink)
        }
        _ => man_jumps::<K, S>(c, land, cap, sink),
    };
    sink.leave();
    if !continued {
        sink.emit(c.from, land, cap, crowned);
    }
    true
}

/// The men of `men` that have a first jump (the start of some capture sequence).
#[inline]
pub(crate) fn men_that_jump(
    g: &Geometry,
    dirs: &[Dir],
    men: Bitboard,
    enemy: Bitboard,
    empty: Bitboard,
) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for &d in dirs {
        let back = d.reverse();
        out |= g.advance(g.advance(empty, back) & enemy, back) & men;
    }
    out
}

/// True when a king on `k` can jump some piece of `enemy` (`empty` as in the position).
#[inline]
pub(crate) fn king_can_jump(
    g: &'static Geometry,
    rules: &RuleSet,
    k: Square,
    enemy: Bitboard,
    empty: Bitboard,
) -> bool {
    let at = Bitboard::from_square(k);
    Dir::ALL.iter().any(|&d| {
        let victim = if rules.flying_kings {
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
/// on the mover's start square, which is occupied in `empty`.
#[inline]
pub(crate) fn single_man_captures(c: &CaptureContext, jumpers: Bitboard) -> Option<u64> {
    let g = c.g;
    let mut total = 0;
    let mut lands = Bitboard::EMPTY;
    for &d in c.man_dirs {
        let l = g.advance(g.advance(jumpers, d) & c.enemy, d) & c.empty;
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
    if men_that_jump(g, c.man_dirs, go_on, c.enemy, c.empty).any() {
        return None;
    }
    Some(total)
}
