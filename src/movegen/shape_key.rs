//! Which compiled copy of the generator (`super::shape`) a variant runs, worked out once at
//! compile time from its rule set.

use crate::rules::{Forward, Lines, ManDirections, Range, Removal, RuleSet, Variant};

/// The rule facts a compiled shape is chosen by. A variant has none (`None` in
/// [`shape_key`]) where no copy applies (men going the same way for both colours, kings whose
/// moves and captures differ in range, men that cannot take kings, other lines than the
/// diagonals of a dark-square board, captured pieces leaving at once, the order of kings in the
/// precedence, parachutists, linear moves), so the tables run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct ShapeKey {
    /// Men capture backward.
    pub men_back: bool,
    /// Kings fly, in moves and captures alike.
    pub flying: bool,
    /// The board's width in squares.
    pub width: u8,
}

/// The [`ShapeKey`] of a rule set, worked out at compile time for every variant.
const fn shape_of(r: &RuleSet) -> Option<ShapeKey> {
    let usual_forward = matches!(r.men.forward, [Forward::Up, Forward::Down]);
    let same_range = matches!(
        (r.kings.moves, r.kings.captures),
        (Range::Short, Range::Short) | (Range::Flying, Range::Flying)
    );
    let diagonal = matches!(r.men.moves, ManDirections::ForwardDiagonals)
        && matches!(
            r.men.captures,
            ManDirections::ForwardDiagonals | ManDirections::AllDiagonals
        )
        && matches!(r.kings.move_lines, Lines::Diagonal)
        && matches!(r.kings.capture_lines, Lines::Diagonal)
        && !r.board.description().is_all_squares();
    let usual = diagonal
        && usual_forward
        && same_range
        && r.men.capture_kings
        && matches!(r.removal, Removal::AfterMove)
        && !r.precedence.tracks_order()
        && !r.men.parachutists.present()
        && !r.men.linear_moves
        && r.men.later_captures.is_none()
        && r.men.capture_only.is_empty()
        && r.king_move_limit == 0;
    if !usual {
        return None;
    }
    Some(ShapeKey {
        men_back: matches!(r.men.captures, ManDirections::AllDiagonals),
        flying: matches!(r.kings.captures, Range::Flying),
        width: r.board.description().width,
    })
}

/// [`shape_of`] for every variant, indexed by the variant.
static SHAPES: [Option<ShapeKey>; Variant::ALL.len()] = {
    let mut table = [None; Variant::ALL.len()];
    let mut i = 0;
    while i < Variant::ALL.len() {
        let v = Variant::ALL[i];
        table[v as usize] = shape_of(v.rules());
        i += 1;
    }
    table
};

/// The compiled shape of `variant` (a table lookup).
#[inline(always)]
pub(super) fn shape_key(variant: Variant) -> Option<ShapeKey> {
    SHAPES[variant as usize]
}
