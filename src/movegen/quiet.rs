//! Quiet (non-capturing) moves: man steps and king slides.

use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::Dir;
use crate::types::{Bitboard, Square};

/// Appends every quiet move of the side to move.
pub(crate) fn generate(pos: &Position, list: &mut MoveList) {
    let g = pos.geometry();
    let me = pos.side();
    let empty = pos.empty();
    let promotion = g.promotion[me.index()];
    for dir in Dir::forward(me) {
        let delta = g.delta[dir as usize];
        for to in g.step(pos.men(me), dir) & empty {
            let from = Square((to.0 as i8 - delta) as u8);
            list.push(Move {
                from,
                to,
                promotes: promotion.has(to),
                captured: Bitboard::EMPTY,
            });
        }
    }
    let flying = pos.rules().flying_kings;
    for from in pos.kings(me) {
        for dir in Dir::ALL {
            let mut cur = from;
            while let Some(to) = g.neighbour(cur, dir).filter(|s| empty.has(*s)) {
                list.push(Move {
                    from,
                    to,
                    promotes: false,
                    captured: Bitboard::EMPTY,
                });
                if !flying {
                    break;
                }
                cur = to;
            }
        }
    }
}

/// The number of quiet moves of the side to move, without building them.
pub(crate) fn count(pos: &Position) -> u64 {
    let g = pos.geometry();
    let me = pos.side();
    let empty = pos.empty();
    let men = pos.men(me);
    let mut n: u64 = Dir::forward(me)
        .iter()
        .map(|&d| (g.step(men, d) & empty).count() as u64)
        .sum();
    let flying = pos.rules().flying_kings;
    for from in pos.kings(me) {
        for dir in Dir::ALL {
            let mut step = g.step(Bitboard::from_square(from), dir) & empty;
            while step.any() {
                n += 1;
                if !flying {
                    break;
                }
                step = g.step(step, dir) & empty;
            }
        }
    }
    n
}
