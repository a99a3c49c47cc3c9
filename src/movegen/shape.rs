//! The bulk counter of perft's last ply, specialised once per call for the variant's shape.
//!
//! The rules stay data ([`crate::rules::RuleSet`]); [`count_moves`] reads the three flags that
//! the set-wise counting tests in its inner loops (men capture backward, flying kings, board
//! width) once and runs a copy of the counter compiled for them: the step rotations become
//! constants and the direction loops are unrolled. A board size or flag combination without a
//! copy falls back to the data-driven counter, so a new variant is correct without one.

use super::capture::{ManCaptureDirs, ManSteps};
use super::generator::{Generator, UseGenerator};
use super::quiet;
use super::shape_key::{shape_key, ShapeKey};
use super::snapshot::{Parent, Snapshot};
use super::tables::{count_moves_by_tables, fill_by_tables, ListSink};
use crate::moves::{Move, MoveList};
use crate::position::Board;
use crate::rules::{Dir, Geometry, MidCapturePromotion, RuleSet, Variant, Word};
use crate::types::{Bitboard, Color};
use std::marker::PhantomData;

/// The compile-time shape of a variant: what the specialised counter reads as constants.
trait Shape: ManSteps {
    /// Kings fly (move and capture any distance).
    const FLYING: bool;
    /// [`Geometry::delta`] of the board's diagonals (the rotation of each word is this
    /// mod its bits).
    const DELTA: [i8; 4];
}

/// The bit offsets of the four diagonal steps on a dark-square board `width` squares wide.
const fn diagonal_deltas(width: u8) -> [i8; 4] {
    let half = (width / 2) as i8;
    [-(half + 1), -half, half, half + 1]
}

/// The left rotations of a word of `bits` bits that make the steps `delta`.
const fn rotations(delta: [i8; 4], bits: u32) -> [u32; 4] {
    let mut out = [0u32; 4];
    let mut d = 0;
    while d < 4 {
        out[d] = (delta[d] as i32).rem_euclid(bits as i32) as u32;
        d += 1;
    }
    out
}

/// The shape of the variants whose men capture backward or not (`MEN_BACK`), whose kings fly
/// or not (`FLYING`), on a board `WIDTH` squares wide, compiled into the counter.
struct CompiledShape<const MEN_BACK: bool, const FLYING: bool, const WIDTH: u8>;

impl<const MEN_BACK: bool, const FLYING: bool, const WIDTH: u8> Shape
    for CompiledShape<MEN_BACK, FLYING, WIDTH>
{
    const FLYING: bool = FLYING;
    const DELTA: [i8; 4] = diagonal_deltas(WIDTH);
}

/// Runs `$run` with the type `$S` bound to the compiled copy for `$key` (an
/// `Option<ShapeKey>`) in the word `$W`, or `$tables` where no copy applies.
macro_rules! with_compiled_shape {
    ($key:expr, $W:ty, $S:ident => $run:expr, _ => $tables:expr) => {
        match $key {
            Some(ShapeKey {
                men_back: false,
                flying: true,
                width: 8,
            }) => {
                type $S = CompiledShape<false, true, 8>;
                $run
            }
            Some(ShapeKey {
                men_back: true,
                flying: true,
                width: 8,
            }) => {
                type $S = CompiledShape<true, true, 8>;
                $run
            }
            Some(ShapeKey {
                men_back: false,
                flying: false,
                width: 8,
            }) => {
                type $S = CompiledShape<false, false, 8>;
                $run
            }
            Some(ShapeKey {
                men_back: true,
                flying: true,
                width: 10,
            }) => {
                type $S = CompiledShape<true, true, 10>;
                $run
            }
            Some(ShapeKey {
                men_back: true,
                flying: true,
                width: 12,
            }) if <$W>::BITS == 128 => {
                type $S = CompiledShape<true, true, 12>;
                $run
            }
            _ => $tables,
        }
    };
}

/// The number of legal moves of `snap` (distinct, or paths when `paths`), as
/// [`count_moves_by_tables`] counts them.
#[inline(always)]
pub(super) fn count_moves<W: Word>(
    shape: Option<ShapeKey>,
    snap: &Snapshot<W>,
    paths: bool,
) -> u64 {
    with_compiled_shape!(
        shape, W,
        S => count::<_, S>(snap, paths),
        _ => count_moves_by_tables(snap, paths)
    )
}

impl<const MEN_BACK: bool, const FLYING: bool, const WIDTH: u8> ManSteps
    for CompiledShape<MEN_BACK, FLYING, WIDTH>
{
    const USUAL: bool = true;
    const MAN_DIRS: ManCaptureDirs = if MEN_BACK {
        ManCaptureDirs::All
    } else {
        ManCaptureDirs::Forward
    };
    #[inline(always)]
    fn advance<W: Word>(_: &Geometry<W>, bb: Bitboard<W>, dir: Dir) -> Bitboard<W> {
        shift::<_, Self>(bb, dir)
    }
}

/// The sum of [`count_moves`] over the nodes after each of `moves` in `pos`, choosing the copy
/// once for all of them.
#[inline(always)]
pub(super) fn count_all_replies<W: Word>(pos: &Board<W>, moves: &[Move<W>], paths: bool) -> u64 {
    with_compiled_shape!(
        shape_key(pos.variant()), W,
        S => replies::<_, S>(pos, moves, paths),
        _ => moves
            .iter()
            .map(|m| count_moves_by_tables(&Snapshot::after_general(pos, m), paths))
            .sum()
    )
}

#[inline(always)]
fn replies<W: Word, S: Shape>(pos: &Board<W>, moves: &[Move<W>], paths: bool) -> u64 {
    let parent = Parent::new(pos);
    moves
        .iter()
        .map(|m| count::<_, S>(&parent.after(m), paths))
        .sum()
}

/// The copy compiled for the shape `S`, with the rule set and board tables of its variant:
/// the generator that perft chooses once at the root ([`with_compiled`]).
pub(crate) struct Compiled<W: Word, S> {
    rules: &'static RuleSet,
    g: &'static Geometry<W>,
    shape: PhantomData<S>,
}

impl<W: Word, S> Clone for Compiled<W, S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<W: Word, S> Copy for Compiled<W, S> {}

impl<W: Word, S: Shape> Generator<W> for Compiled<W, S> {
    #[inline(always)]
    fn fill(self, pos: &Board<W>, list: &mut MoveList<W>, dedup: bool) {
        list.clear();
        fill_with::<_, S>(&Snapshot::of(pos, self.rules, self.g), list, dedup);
    }

    #[inline(always)]
    fn count_moves(self, pos: &Board<W>, paths: bool) -> u64 {
        count::<_, S>(&Snapshot::of(pos, self.rules, self.g), paths)
    }

    #[inline(always)]
    fn count_all_replies(self, pos: &Board<W>, moves: &[Move<W>], paths: bool) -> u64 {
        let parent = Parent::of(pos, self.rules, self.g);
        moves
            .iter()
            .map(|m| count::<_, S>(&parent.after(m), paths))
            .sum()
    }
}

/// Runs `user` with the compiled copy of `variant`'s generator; `None` where the variant has
/// none.
pub(crate) fn with_compiled<W: Word, U: UseGenerator<W>>(
    variant: Variant,
    user: U,
) -> Option<U::Output> {
    let rules = variant.rules();
    let g = rules.geometry::<W>();
    with_compiled_shape!(
        shape_key(variant), W,
        S => Some(user.run(Compiled::<W, S> { rules, g, shape: PhantomData })),
        _ => None
    )
}

/// Fills the (cleared) `list` with the moves of `snap`, as [`fill_by_tables`] does.
#[inline(always)]
pub(super) fn fill<W: Word>(
    shape: Option<ShapeKey>,
    snap: &Snapshot<W>,
    list: &mut MoveList<W>,
    dedup: bool,
) {
    with_compiled_shape!(
        shape, W,
        S => fill_with::<_, S>(snap, list, dedup),
        _ => fill_by_tables(snap, list, dedup)
    )
}

#[inline(always)]
fn fill_with<W: Word, S: Shape>(snap: &Snapshot<W>, list: &mut MoveList<W>, dedup: bool) {
    let men = men_that_jump::<_, S>(snap.me, snap.men, snap.enemy, snap.empty);
    let kings = if snap.kings.any() {
        king_jumpers::<_, S>(snap)
    } else {
        Bitboard::EMPTY
    };
    if men.any() || kings.any() {
        let mut sink = ListSink::new(list, dedup, snap.rules);
        super::tables::search_captures_with::<_, S, _>(snap, men, kings, &mut sink);
    } else {
        quiet::generate_with::<_, S>(snap, list);
    }
}

/// One step of every square of `bb` in `dir` (see [`Geometry::advance`]).
#[inline(always)]
fn shift<W: Word, S: Shape>(bb: Bitboard<W>, dir: Dir) -> Bitboard<W> {
    let rotations: [u32; 4] = const { rotations(S::DELTA, W::BITS) };
    Bitboard(bb.0.rotate_left(rotations[dir as usize]))
}

/// Calls `f` with each direction in which the men of `me` capture.
#[inline(always)]
fn each_man_dir<S: Shape>(me: Color, mut f: impl FnMut(Dir)) {
    if matches!(S::MAN_DIRS, ManCaptureDirs::All) {
        for d in Dir::DIAGONALS {
            f(d);
        }
    } else {
        match me {
            Color::White => {
                f(Dir::UpLeft);
                f(Dir::UpRight);
            }
            Color::Black => {
                f(Dir::DownLeft);
                f(Dir::DownRight);
            }
        }
    }
}

/// The men of `men` that have a first jump ([`capture::men_that_jump`]).
#[inline(always)]
fn men_that_jump<W: Word, S: Shape>(
    me: Color,
    men: Bitboard<W>,
    enemy: Bitboard<W>,
    empty: Bitboard<W>,
) -> Bitboard<W> {
    let mut out = Bitboard::EMPTY;
    each_man_dir::<S>(me, |d| {
        let back = d.reverse();
        out |= shift::<_, S>(shift::<_, S>(empty, back) & enemy, back) & men;
    });
    out
}

/// The kings of the snapshot that can start a capture.
#[inline(always)]
fn king_jumpers<W: Word, S: Shape>(snap: &Snapshot<W>) -> Bitboard<W> {
    let g = snap.g;
    let mut out = Bitboard::EMPTY;
    for k in snap.kings {
        let at = Bitboard::from_square(k);
        let jumps = Dir::DIAGONALS.iter().any(|&d| {
            let victim = if S::FLYING {
                let blockers = g.ray(k, d) - snap.empty;
                if blockers.is_empty() {
                    return false;
                }
                Bitboard::from_square(g.nearest(blockers, d)) & snap.enemy
            } else {
                shift::<_, S>(at, d) & snap.enemy
            };
            (shift::<_, S>(victim, d) & snap.empty).any()
        });
        if jumps {
            out |= at;
        }
    }
    out
}

/// [`capture::single_man_captures`] with the shape's constants.
#[inline(always)]
fn single_man_captures<W: Word, S: Shape>(snap: &Snapshot<W>, jumpers: Bitboard<W>) -> Option<u64> {
    if !snap.rules.precedence.single_jumps_tie() {
        return None;
    }
    let (enemy, empty) = (snap.enemy, snap.empty);
    let mut total = 0;
    let mut lands = Bitboard::EMPTY;
    each_man_dir::<S>(snap.me, |d| {
        let l = shift::<_, S>(shift::<_, S>(jumpers, d) & enemy, d) & empty;
        total += l.count() as u64;
        lands |= l;
    });
    let crowned = lands & snap.promotion();
    let go_on = match snap.rules.mid_capture_promotion {
        MidCapturePromotion::EndMove => lands - crowned,
        MidCapturePromotion::PassThrough => lands,
        MidCapturePromotion::ContinueAsKing if crowned.any() => return None,
        MidCapturePromotion::ContinueAsKing => lands,
    };
    if men_that_jump::<_, S>(snap.me, go_on, enemy, empty).any() {
        return None;
    }
    Some(total)
}

/// The number of quiet moves ([`quiet::count`]) with the shape's constants for the men.
#[inline(always)]
fn quiet_count<W: Word, S: Shape>(snap: &Snapshot<W>) -> u64 {
    let (men, empty) = (snap.men, snap.empty);
    let [a, b] = Dir::forward(snap.me);
    let n = (shift::<_, S>(men, a) & empty).count() + (shift::<_, S>(men, b) & empty).count();
    let kings = if snap.kings.any() {
        quiet::count_kings(snap, snap.kings)
    } else {
        0
    };
    n as u64 + kings
}

#[inline(always)]
fn count<W: Word, S: Shape>(snap: &Snapshot<W>, paths: bool) -> u64 {
    let men = men_that_jump::<_, S>(snap.me, snap.men, snap.enemy, snap.empty);
    let kings = if snap.kings.any() {
        king_jumpers::<_, S>(snap)
    } else {
        Bitboard::EMPTY
    };
    if kings.is_empty() && men.any() {
        if let Some(n) = single_man_captures::<_, S>(snap, men) {
            return n;
        }
    }
    if men.any() || kings.any() {
        let mut sink = super::tables::CountSink::new(!paths, snap.rules);
        super::tables::search_captures_with::<_, S, _>(snap, men, kings, &mut sink);
        sink.count
    } else {
        quiet_count::<_, S>(snap)
    }
}
