//! Layer 1's sums kept from node to node: a stack of them by ply ([`NetStack`]), each with the
//! pieces it was summed for, in both sides' views (the side to move changes every ply). A node
//! starts from the sums of its parent's ply or of its previous sibling's, whichever differs
//! from it by fewer pieces, and adds and subtracts the columns of the pieces that differ; it
//! sums from scratch when that would cost more. Integer sums wrap the same way in any order, so
//! the result is exactly the from-scratch one (a test checks it over random games).

use super::network::Network;
use super::score::{evaluate_with, finish};
use super::simd;
use crate::eval::acc::Value;
use crate::position::Board;
use crate::rules::Word;
use crate::types::{Bitboard, Color};

/// Piece sets, by colour: men, kings.
type Pieces<W> = [[Bitboard<W>; 2]; 2];

/// The sums of one position: White's view, then Black's, each `hidden1` long.
struct Entry<W: Word> {
    /// The network they were summed with (networks are never freed: the address names one).
    net: &'static Network,
    pieces: Pieces<W>,
    sums: Vec<i16>,
}

/// One search thread's layer-1 sums by ply.
pub struct NetStack<W: Word> {
    entries: Vec<Option<Entry<W>>>,
}

impl<W: Word> Default for NetStack<W> {
    fn default() -> Self {
        NetStack {
            entries: Vec::new(),
        }
    }
}

fn pieces_of<W: Word>(pos: &Board<W>) -> Pieces<W> {
    [Color::White, Color::Black].map(|c| [pos.men(c), pos.kings(c)])
}

/// The pieces that differ between two sets of piece sets.
fn distance<W: Word>(a: &Pieces<W>, b: &Pieces<W>) -> u32 {
    let mut n = 0;
    for c in 0..2 {
        for k in 0..2 {
            n += (a[c][k] - b[c][k]).count() + (b[c][k] - a[c][k]).count();
        }
    }
    n
}

/// The input of a piece of colour `c` (index), king or not, on the square of layout number
/// `number`, in the view of `view` (as if that side were to move; see [`super::features`]).
#[inline]
fn input(c: usize, king: usize, number: u32, view: usize, squares: u32) -> usize {
    let own = c == view;
    let plane = if own { 0 } else { 2 } + king;
    let n = if view == 0 {
        number - 1
    } else {
        squares - number
    };
    plane * squares as usize + n as usize
}

impl<W: Word> NetStack<W> {
    /// The network's score of `pos` at `ply`, exactly [`super::evaluate_with`]`(pos, net)`.
    pub fn evaluate(&mut self, pos: &Board<W>, ply: usize, net: &'static Network) -> Value {
        if self.entries.len() <= ply {
            self.entries.resize_with(ply + 1, || None);
        }
        let pieces = pieces_of(pos);
        let cost = |e: Option<&Entry<W>>| match e {
            Some(e) if std::ptr::eq(e.net, net) => distance(&e.pieces, &pieces),
            _ => u32::MAX,
        };
        let (below, from_here) = self.entries.split_at_mut(ply);
        let slot = &mut from_here[0];
        let parent = below.last().and_then(Option::as_ref);
        let (own, up) = (cost(slot.as_ref()), cost(parent));
        // from scratch: every piece is a difference from the empty board
        if pos.occupied().count() <= own.min(up) {
            reset(slot, net);
        } else if up < own {
            if let Some(p) = parent {
                assign(slot, p);
            }
        }
        let Some(e) = slot.as_mut() else {
            return evaluate_with(pos, net);
        };
        update(net, pos, e, pieces);
        let view = if pos.side() == Color::White { 0 } else { 1 };
        let h = net.hidden1;
        finish(
            pos,
            simd::forward_sums(net, &e.sums[view * h..(view + 1) * h]),
        )
    }
}

/// Makes `slot` the sums of the empty board (the biases, both views).
fn reset<W: Word>(slot: &mut Option<Entry<W>>, net: &'static Network) {
    let e = slot.get_or_insert_with(|| Entry {
        net,
        pieces: [[Bitboard::EMPTY; 2]; 2],
        sums: Vec::with_capacity(2 * net.hidden1),
    });
    e.net = net;
    e.pieces = [[Bitboard::EMPTY; 2]; 2];
    e.sums.clear();
    e.sums.extend_from_slice(&net.b1);
    e.sums.extend_from_slice(&net.b1);
}

/// Makes `slot` a copy of `from`.
fn assign<W: Word>(slot: &mut Option<Entry<W>>, from: &Entry<W>) {
    let e = slot.get_or_insert_with(|| Entry {
        net: from.net,
        pieces: from.pieces,
        sums: Vec::with_capacity(from.sums.len()),
    });
    e.net = from.net;
    e.pieces = from.pieces;
    e.sums.clear();
    e.sums.extend_from_slice(&from.sums);
}

/// Brings `e`'s sums from its pieces to `pieces` (those of `pos`).
fn update<W: Word>(net: &Network, pos: &Board<W>, e: &mut Entry<W>, pieces: Pieces<W>) {
    let g = pos.geometry();
    let squares = g.squares as u32;
    let h = net.hidden1;
    let before = e.pieces;
    for (c, (olds, news)) in before.iter().zip(&pieces).enumerate() {
        for (k, (&old, &new)) in olds.iter().zip(news).enumerate() {
            for (set, add) in [(old - new, false), (new - old, true)] {
                for sq in set.iter() {
                    let number = g.number(sq);
                    for view in 0..2 {
                        let col = net.column(input(c, k, number, view, squares) as u16);
                        simd::add_column(&mut e.sums[view * h..(view + 1) * h], col, add);
                    }
                }
            }
        }
    }
    e.pieces = pieces;
}
