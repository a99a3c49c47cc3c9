//! Quiet (non-capturing) moves: man steps and king slides.

use super::capture::{along, open_behind, ManSteps, TableSteps};
use super::snapshot::Snapshot;
use crate::moves::{Move, MoveList};
use crate::rules::Word;
use crate::rules::{Dir, Range};
use crate::types::{Bitboard, Square};

/// Appends every quiet move of the side to move.
pub(crate) fn generate<W: Word>(snap: &Snapshot<W>, list: &mut MoveList<W>) {
    generate_with::<_, TableSteps>(snap, list)
}

/// [`generate`] with the men's steps of `K`.
#[inline(always)]
pub(crate) fn generate_with<W: Word, K: ManSteps>(snap: &Snapshot<W>, list: &mut MoveList<W>) {
    let g = snap.g;
    let me = snap.me;
    let empty = snap.empty;
    let promotion = snap.promotion();
    let men = if K::USUAL {
        snap.men
    } else {
        snap.men - snap.rules.capture_only_squares(me)
    };
    if !K::USUAL && snap.rules.men.linear_moves {
        linear_moves(snap, list);
    } else {
        // a compiled shape's men step forward diagonally: the two directions are known
        let forward = Dir::forward(me);
        let dirs: &[Dir] = if K::USUAL {
            &forward
        } else {
            snap.rules.man_move_dirs(me)
        };
        for &dir in dirs {
            let delta = g.delta[dir as usize];
            list.extend(
                (K::advance(g, men, dir) & empty)
                    .into_iter()
                    .map(|to| Move {
                        from: Square((to.0 as i8 - delta) as u8),
                        to,
                        promotes: promotion.has(to),
                        captured: Bitboard::EMPTY,
                    }),
            );
        }
    }
    let (king_dirs, movers): (&[Dir], Bitboard<W>) = if K::USUAL {
        (&Dir::DIAGONALS, snap.kings)
    } else {
        (snap.rules.kings.move_lines.dirs(), snap.kings - snap.frozen)
    };
    for from in movers {
        for &dir in king_dirs {
            let open = king_slide(snap, from, dir);
            list.extend(along(g, open, dir).map(|to| Move {
                from,
                to,
                promotes: false,
                captured: Bitboard::EMPTY,
            }));
        }
    }
}

/// Calls `f(dir, k, movers)` for each of the men's move directions and each length `k` of a
/// linear move ([`crate::rules::MenRules::linear_moves`]): `movers` are the men whose `k - 1`
/// squares ahead in `dir` hold men of the side and the next one is empty, so each goes `k`
/// squares to it (`k = 1` is the plain step). Found set-wise from the empty squares back.
#[inline]
fn each_line<W: Word>(snap: &Snapshot<W>, mut f: impl FnMut(Dir, i32, Bitboard<W>)) {
    let g = snap.g;
    for &dir in snap.rules.man_move_dirs(snap.me) {
        let back = dir.reverse();
        let mut movers = g.advance(snap.empty, back) & snap.men;
        let mut k = 1;
        while movers.any() {
            f(dir, k, movers);
            movers = g.advance(movers, back) & snap.men;
            k += 1;
        }
    }
}

/// Appends the men's quiet moves under linear movement: each man of a line goes over the men
/// ahead of it to the empty square in front of the line.
fn linear_moves<W: Word>(snap: &Snapshot<W>, list: &mut MoveList<W>) {
    let promotion = snap.promotion();
    each_line(snap, |dir, k, movers| {
        let delta = snap.g.delta[dir as usize] as i32 * k;
        for from in movers {
            let to = Square((from.0 as i32 + delta) as u8);
            list.push(Move {
                from,
                to,
                promotes: promotion.has(to),
                captured: Bitboard::EMPTY,
            });
        }
    });
}

/// The squares a king of the side to move on `from` can move to in `dir` (one for short kings).
#[inline]
fn king_slide<W: Word>(snap: &Snapshot<W>, from: Square, dir: Dir) -> Bitboard<W> {
    let (g, empty) = (snap.g, snap.empty);
    if snap.rules.kings.moves == Range::Short {
        return g.advance(Bitboard::from_square(from), dir) & empty;
    }
    open_behind(g, from, dir, empty)
}

/// The number of quiet moves of the side to move, without building them.
pub(crate) fn count<W: Word>(snap: &Snapshot<W>) -> u64 {
    let g = snap.g;
    let me = snap.me;
    let empty = snap.empty;
    let men = snap.men - snap.rules.capture_only_squares(me);
    let mut n: u32 = 0;
    if snap.rules.men.linear_moves {
        each_line(snap, |_, _, movers| n += movers.count());
    } else {
        n = snap
            .rules
            .man_move_dirs(me)
            .iter()
            .map(|&d| (g.advance(men, d) & empty).count())
            .sum();
    }
    n as u64 + count_kings(snap, snap.kings - snap.frozen)
}

/// The number of quiet moves of the side's kings `kings`.
#[inline]
pub(crate) fn count_kings<W: Word>(snap: &Snapshot<W>, kings: Bitboard<W>) -> u64 {
    let mut n = 0;
    for from in kings {
        for &dir in snap.rules.kings.move_lines.dirs() {
            n += king_slide(snap, from, dir).count() as u64;
        }
    }
    n
}
