//! Quiet (non-capturing) moves: man steps and king slides.

use super::capture::{Dyn, Steps};
use super::Node;
use crate::moves::{Move, MoveList};
use crate::rules::{Dir, Geometry};
use crate::types::{Bitboard, Square};

/// Appends every quiet move of the side to move.
pub(crate) fn generate(node: &Node, list: &mut MoveList) {
    generate_with::<Dyn>(node, list)
}

/// [`generate`] with the men's steps of `K`.
#[inline(always)]
pub(crate) fn generate_with<K: Steps>(node: &Node, list: &mut MoveList) {
    let g = node.g;
    let me = node.me;
    let empty = node.empty;
    let promotion = g.promotion[me.index()];
    for dir in Dir::forward(me) {
        let delta = g.delta[dir as usize];
        for to in K::adv(g, node.men, dir) & empty {
            let from = Square((to.0 as i8 - delta) as u8);
            list.push(Move {
                from,
                to,
                promotes: promotion.has(to),
                captured: Bitboard::EMPTY,
            });
        }
    }
    let flying = node.rules.flying_kings;
    for from in node.kings {
        for dir in Dir::ALL {
            let mut open = king_slide(g, flying, from, dir, empty);
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

/// The squares a king on `from` can move to in `dir` (one for short kings).
#[inline]
fn king_slide(g: &Geometry, flying: bool, from: Square, dir: Dir, empty: Bitboard) -> Bitboard {
    if !flying {
        return g.advance(Bitboard::from_square(from), dir) & empty;
    }
    let ray = g.ray(from, dir);
    let stops = ray - empty;
    if stops.is_empty() {
        return ray;
    }
    let stop = g.nearest(stops, dir);
    ray - g.ray(stop, dir) - Bitboard::from_square(stop)
}

/// The number of quiet moves of the side to move, without building them.
pub(crate) fn count(node: &Node) -> u64 {
    let g = node.g;
    let me = node.me;
    let empty = node.empty;
    let men = node.men;
    let [a, b] = Dir::forward(me);
    let n = ((g.advance(men, a) & empty).count() + (g.advance(men, b) & empty).count()) as u64;
    n + count_kings(node)
}

/// The number of quiet moves of the side's kings.
#[inline]
pub(crate) fn count_kings(node: &Node) -> u64 {
    let g = node.g;
    let flying = node.rules.flying_kings;
    let mut n = 0;
    for from in node.kings {
        for dir in Dir::ALL {
            n += king_slide(g, flying, from, dir, node.empty).count() as u64;
        }
    }
    n
}
