//! The network's inputs: one feature per piece, man or king × own or the opponent's × square,
//! from the side to move's view.
//!
//! A board of `N` playable squares has `4 · N` inputs (the same layout on every board size):
//! `plane · N + (n − 1)`, where plane 0 is an own man, 1 an own king, 2 an opponent's man,
//! 3 an opponent's king, and `n` the square's number seen from the side to move: its layout
//! number when White moves, `N + 1 −` it when Black moves (the board turned by 180°). So a
//! position and its colour-flipped mirror have the same features.

use crate::position::Board;
use crate::rules::Word;
use crate::types::Color;

/// Feature planes: own man, own king, opponent's man, opponent's king.
pub const PLANES: usize = 4;

/// The number of inputs on a board of `squares` playable squares.
pub const fn inputs(squares: usize) -> usize {
    PLANES * squares
}

/// The most pieces a board holds (72 squares on 12×12), with room to spare.
pub const MAX_ACTIVE: usize = 128;

/// The active features of a position.
#[derive(Clone, Copy, Debug)]
pub struct Active {
    len: usize,
    list: [u16; MAX_ACTIVE],
}

impl Active {
    /// The feature indices, in square order per plane.
    #[inline]
    pub fn as_slice(&self) -> &[u16] {
        &self.list[..self.len]
    }
}

/// The active features of `pos`, from the side to move's view.
pub fn features<W: Word>(pos: &Board<W>) -> Active {
    let mut out = Active {
        len: 0,
        list: [0; MAX_ACTIVE],
    };
    let g = pos.geometry();
    let n = g.squares as u32;
    let me = pos.side();
    let view = |number: u32| -> u32 {
        if me == Color::White {
            number - 1
        } else {
            n - number
        }
    };
    let sets = [pos.men(me), pos.kings(me), pos.men(!me), pos.kings(!me)];
    for (plane, set) in sets.into_iter().enumerate() {
        for sq in set.iter() {
            if out.len < MAX_ACTIVE {
                out.list[out.len] = (plane as u32 * n + view(g.number(sq))) as u16;
                out.len += 1;
            }
        }
    }
    out
}
