//! Quiet (non-capturing) moves: man steps and king slides.

use super::capture::{open_behind, ManSteps, TableSteps};
use super::snapshot::Snapshot;
use crate::moves::{Move, MoveList};
use crate::rules::{Dir, Range};
use crate::types::{Bitboard, Square};

/// Appends every quiet move of the side to move.
pub(crate) fn generate(snap: &Snapshot, list: &mut MoveList) {
    generate_with::<TableSteps>(snap, list)
}

/// [`generate`] with the men's steps of `K`.
#[inline(always)]
pub(crate) fn generate_with<K: ManSteps>(snap: &Snapshot, list: &mut MoveList) {
    let g = snap.g;
    let me = snap.me;
    let empty = snap.empty;
    let promotion = snap.promotion();
    for dir in snap.rules.forward_dirs(me) {
        let delta = g.delta[dir as usize];
        for to in K::advance(g, snap.men, dir) & empty {
            let from = Square((to.0 as i8 - delta) as u8);
            list.push(Move {
                from,
                to,
                promotes: promotion.has(to),
                captured: Bitboard::EMPTY,
            });
        }
    }
    for from in snap.kings {
        for dir in Dir::ALL {
            let mut open = king_slide(snap, from, dir);
            while open.any() {
                let to = g.nearest(open, dir);
                open = open - Bitboard::from_square(to);
                list.push(Move {
                    from,
                    to,
                    promotes: false,
                    captured: Bitboard::EMPTY,
                });
            }
        }
    }
}

/// The squares a king of the side to move on `from` can move to in `dir` (one for short kings).
#[inline]
fn king_slide(snap: &Snapshot, from: Square, dir: Dir) -> Bitboard {
    let (g, empty) = (snap.g, snap.empty);
    if snap.rules.kings.moves == Range::Short {
        return g.advance(Bitboard::from_square(from), dir) & empty;
    }
    open_behind(g, from, dir, empty)
}

/// The number of quiet moves of the side to move, without building them.
pub(crate) fn count(snap: &Snapshot) -> u64 {
    let g = snap.g;
    let me = snap.me;
    let empty = snap.empty;
    let men = snap.men;
    let [a, b] = snap.rules.forward_dirs(me);
    let n = ((g.advance(men, a) & empty).count() + (g.advance(men, b) & empty).count()) as u64;
    n + count_kings(snap)
}

/// The number of quiet moves of the side's kings.
#[inline]
pub(crate) fn count_kings(snap: &Snapshot) -> u64 {
    let mut n = 0;
    for from in snap.kings {
        for dir in Dir::ALL {
            n += king_slide(snap, from, dir).count() as u64;
        }
    }
    n
}
