//! The bulk counter of perft's last ply, specialised once per call for the variant's shape.
//!
//! The rules stay data ([`crate::rules::RuleSet`]); [`count_node`] reads the three flags that
//! the set-wise counting tests in its inner loops (men capture backward, flying kings, board
//! width) once and runs a copy of the counter compiled for them: the step rotations become
//! constants and the direction loops are unrolled. A board size or flag combination without a
//! copy falls back to the data-driven counter, so a new variant is correct without one.

use super::capture::Steps;
use super::{count_node_dyn, fill_dyn, quiet, ListSink, Node};
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::{Dir, Geometry, MidCapturePromotion, Precedence};
use crate::types::{Bitboard, Color};

/// The compile-time shape of a variant: what the specialised counter reads as constants.
trait Shape: Steps {
    /// Kings fly (move and capture any distance).
    const FLYING: bool;
    /// [`Geometry::rotation`] of the board.
    const ROT: [u32; 4];
}

/// The shape with men capturing backward (`B`), flying kings (`F`) and board width `W`.
struct Of<const B: bool, const F: bool, const W: u8>;

impl<const B: bool, const F: bool, const W: u8> Shape for Of<B, F, W> {
    const FLYING: bool = F;
    const ROT: [u32; 4] = Geometry::rotations(W);
}

/// The number of legal moves at `node` (distinct, or paths when `paths`), as
/// [`count_node_dyn`] counts them.
#[inline(always)]
pub(super) fn count_node(node: &Node, paths: bool) -> u64 {
    let r = node.rules;
    match (r.men_capture_backward, r.flying_kings, node.g.width) {
        (false, true, 8) => count::<Of<false, true, 8>>(node, paths),
        (true, true, 8) => count::<Of<true, true, 8>>(node, paths),
        (false, false, 8) => count::<Of<false, false, 8>>(node, paths),
        (true, true, 10) => count::<Of<true, true, 10>>(node, paths),
        _ => count_node_dyn(node, paths),
    }
}

impl<const B: bool, const F: bool, const W: u8> Steps for Of<B, F, W> {
    const FIXED: bool = true;
    const BACKWARD: bool = B;
    #[inline(always)]
    fn adv(_: &Geometry, bb: Bitboard, dir: Dir) -> Bitboard {
        adv::<Self>(bb, dir)
    }
}

/// The sum of [`count_node`] over the nodes after each of `moves` in `pos`, choosing the copy
/// once for all of them.
#[inline(always)]
pub(super) fn count_all_replies(pos: &Position, moves: &[Move], paths: bool) -> u64 {
    let r = pos.rules();
    match (r.men_capture_backward, r.flying_kings, r.geometry().width) {
        (false, true, 8) => replies::<Of<false, true, 8>>(pos, moves, paths),
        (true, true, 8) => replies::<Of<true, true, 8>>(pos, moves, paths),
        (false, false, 8) => replies::<Of<false, false, 8>>(pos, moves, paths),
        (true, true, 10) => replies::<Of<true, true, 10>>(pos, moves, paths),
        _ => moves
            .iter()
            .map(|m| count_node_dyn(&Node::after(pos, m), paths))
            .sum(),
    }
}

#[inline(always)]
fn replies<S: Shape>(pos: &Position, moves: &[Move], paths: bool) -> u64 {
    moves
        .iter()
        .map(|m| count::<S>(&Node::after(pos, m), paths))
        .sum()
}

/// Fills the (cleared) `list` with the moves of `node`, as [`fill_dyn`] does.
#[inline(always)]
pub(super) fn fill(node: &Node, list: &mut MoveList, dedup: bool) {
    let r = node.rules;
    match (r.men_capture_backward, r.flying_kings, node.g.width) {
        (false, true, 8) => fill_with::<Of<false, true, 8>>(node, list, dedup),
        (true, true, 8) => fill_with::<Of<true, true, 8>>(node, list, dedup),
        (false, false, 8) => fill_with::<Of<false, false, 8>>(node, list, dedup),
        (true, true, 10) => fill_with::<Of<true, true, 10>>(node, list, dedup),
        _ => fill_dyn(node, list, dedup),
    }
}

#[inline(always)]
fn fill_with<S: Shape>(node: &Node, list: &mut MoveList, dedup: bool) {
    let men = men_that_jump::<S>(node.me, node.men, node.enemy, node.empty);
    let kings = if node.kings.any() {
        king_jumpers::<S>(node)
    } else {
        Bitboard::EMPTY
    };
    if men.any() || kings.any() {
        let mut sink = ListSink::new(list, dedup, node.rules);
        super::search_captures_with::<S, _>(node, men, kings, &mut sink);
    } else {
        quiet::generate_with::<S>(node, list);
    }
}

/// One step of every square of `bb` in `dir` (see [`Geometry::advance`]).
#[inline(always)]
fn adv<S: Shape>(bb: Bitboard, dir: Dir) -> Bitboard {
    Bitboard(bb.0.rotate_left(S::ROT[dir as usize]))
}

/// Calls `f` with each direction in which the men of `me` capture.
#[inline(always)]
fn each_man_dir<S: Shape>(me: Color, mut f: impl FnMut(Dir)) {
    if S::BACKWARD {
        for d in Dir::ALL {
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
fn men_that_jump<S: Shape>(me: Color, men: Bitboard, enemy: Bitboard, empty: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    each_man_dir::<S>(me, |d| {
        let back = d.reverse();
        out |= adv::<S>(adv::<S>(empty, back) & enemy, back) & men;
    });
    out
}

/// The kings of the node that can start a capture.
#[inline(always)]
fn king_jumpers<S: Shape>(node: &Node) -> Bitboard {
    let g = node.g;
    let mut out = Bitboard::EMPTY;
    for k in node.kings {
        let at = Bitboard::from_square(k);
        let jumps = Dir::ALL.iter().any(|&d| {
            let victim = if S::FLYING {
                let blockers = g.ray(k, d) - node.empty;
                if blockers.is_empty() {
                    return false;
                }
                Bitboard::from_square(g.nearest(blockers, d)) & node.enemy
            } else {
                adv::<S>(at, d) & node.enemy
            };
            (adv::<S>(victim, d) & node.empty).any()
        });
        if jumps {
            out |= at;
        }
    }
    out
}

/// [`capture::single_man_captures`] with the shape's constants.
#[inline(always)]
fn single_man_captures<S: Shape>(node: &Node, jumpers: Bitboard) -> Option<u64> {
    let (enemy, empty) = (node.enemy, node.empty);
    let mut total = 0;
    let mut lands = Bitboard::EMPTY;
    each_man_dir::<S>(node.me, |d| {
        let l = adv::<S>(adv::<S>(jumpers, d) & enemy, d) & empty;
        total += l.count() as u64;
        lands |= l;
    });
    let crowned = lands & node.g.promotion[node.me.index()];
    let go_on = match node.rules.mid_capture_promotion {
        MidCapturePromotion::EndMove => lands - crowned,
        MidCapturePromotion::PassThrough => lands,
        MidCapturePromotion::ContinueAsKing if crowned.any() => return None,
        MidCapturePromotion::ContinueAsKing => lands,
    };
    if men_that_jump::<S>(node.me, go_on, enemy, empty).any() {
        return None;
    }
    Some(total)
}

/// The number of quiet moves ([`quiet::count`]) with the shape's constants for the men.
#[inline(always)]
fn quiet_count<S: Shape>(node: &Node) -> u64 {
    let (men, empty) = (node.men, node.empty);
    let [a, b] = Dir::forward(node.me);
    let n = (adv::<S>(men, a) & empty).count() + (adv::<S>(men, b) & empty).count();
    let kings = if node.kings.any() {
        quiet::count_kings(node)
    } else {
        0
    };
    n as u64 + kings
}

#[inline(always)]
fn count<S: Shape>(node: &Node, paths: bool) -> u64 {
    let men = men_that_jump::<S>(node.me, node.men, node.enemy, node.empty);
    let kings = if node.kings.any() {
        king_jumpers::<S>(node)
    } else {
        Bitboard::EMPTY
    };
    if kings.is_empty() && men.any() {
        if let Some(n) = single_man_captures::<S>(node, men) {
            return n;
        }
    }
    if men.any() || kings.any() {
        let mut sink = super::CountSink {
            count: 0,
            dedup: !paths,
            majority: node.rules.precedence == Precedence::Majority,
            best: 0,
            seen: MoveList::new(),
        };
        super::search_captures_with::<S, _>(node, men, kings, &mut sink);
        sink.count
    } else {
        quiet_count::<S>(node)
    }
}
