//! The learned pattern evaluation: weights over the contents of overlapping 4×4 regions of the
//! board ([`layout`]), plus men, kings, tempo and the lone king, blended between a middlegame
//! and an endgame phase ([`weights`]), added to the hand-set evaluation (they are fitted as
//! what it misses). The weights are fitted by `dama tune --data` on self-play positions
//! (docs/tuning.md) and shipped per variant as `eval/<variant>.weights` ([`file`](mod@file)), compiled
//! in and checked: a damaged or mismatched file is an error ([`check_weights`]), never a
//! silent fall-back. A variant without its own file borrows the weights of its nearest
//! relative that has one (`RELATIVES`), or keeps the hand-set evaluation where none fits
//! ([`source`] says which weights a variant plays with).

pub mod file;
pub mod layout;
pub mod weights;

use crate::rules::Word;
use once_cell::sync::Lazy;

use super::acc::{Value, EVAL_MAX};
use super::drawish::drawish;
use super::evaluate::evaluate_with as hand_set;
use crate::position::Board;
use crate::rules::Variant;
use crate::types::Color;
pub use file::{from_bytes, to_bytes, WeightsError, LAYOUT_VERSION};
pub use layout::{Layout, MAX_WINDOWS, WINDOW_INDICES, WINDOW_SQUARES};
pub use weights::{features, Features, PatternWeights, SCALARS, SCALAR_NAMES, SCALE};

/// The weights files compiled in: the variant and the file's bytes.
const COMPILED: &[(Variant, &[u8])] = &[
    (
        Variant::Czech,
        include_bytes!("../../../eval/czech.weights"),
    ),
    (
        Variant::International,
        include_bytes!("../../../eval/international.weights"),
    ),
    (
        Variant::English,
        include_bytes!("../../../eval/english.weights"),
    ),
];

/// The relatives whose weights a variant without its own file borrows, nearest first: the same
/// board and goal, men that capture the same ways and kings of the same range (a test checks
/// it). Borrowing across those lines was measured to cost strength (docs/journal/tuning.md,
/// "Russian pattern weights"). The first relative with a file is used; a variant
/// with none (or not listed: Oneway, whose men all move up; the a1-light board; Turkish) plays
/// with the hand-set evaluation.
const RELATIVES: &[(Variant, &[Variant])] = &[
    // men capture backward, flying kings
    (Variant::Russian, &[Variant::Brazilian, Variant::Pool]),
    (Variant::Brazilian, &[Variant::Russian, Variant::Pool]),
    (Variant::Pool, &[Variant::Russian, Variant::Brazilian]),
    (Variant::Killer, &[Variant::International]),
    // men capture forward, flying kings: Czech and the variants built from its rules
    (Variant::Mala, &[Variant::Czech]),
    (Variant::Thai, &[Variant::Czech]),
    (Variant::Corner, &[Variant::Czech]),
    (Variant::Parachute, &[Variant::Czech]),
];

/// Whether `variant` has a weights file of its own.
fn has_file(variant: Variant) -> bool {
    COMPILED.iter().any(|(v, _)| *v == variant)
}

/// The variant whose weights `variant` plays with: itself, its nearest relative with a file
/// (`RELATIVES`), or `None` for the hand-set evaluation.
pub fn source(variant: Variant) -> Option<Variant> {
    if has_file(variant) {
        return Some(variant);
    }
    let (_, relatives) = RELATIVES.iter().find(|(v, _)| *v == variant)?;
    relatives.iter().copied().find(|&r| has_file(r))
}

static LOADED: Lazy<Vec<(Variant, Result<PatternWeights, WeightsError>)>> = Lazy::new(|| {
    COMPILED
        .iter()
        .map(|&(v, bytes)| (v, from_bytes(bytes, v)))
        .collect()
});

/// Reads and checks every compiled-in weights file. Callers run it at start-up, before any
/// evaluation.
///
/// # Errors
///
/// The first file's [`WeightsError`], if any.
pub fn check_weights() -> Result<(), WeightsError> {
    match LOADED.iter().find_map(|(_, r)| r.as_ref().err()) {
        Some(e) => Err(e.clone()),
        None => Ok(()),
    }
}

/// The weights each variant plays with, by `Variant as usize`.
static BY_VARIANT: Lazy<Vec<Option<&'static PatternWeights>>> = Lazy::new(|| {
    let mut out = vec![None; Variant::ALL.len()];
    for v in Variant::ALL {
        out[v as usize] = source(v).and_then(|from| {
            LOADED
                .iter()
                .find(|(w, _)| *w == from)
                .map(|(_, r)| match r {
                    Ok(w) => w,
                    Err(e) => panic!("{e}"),
                })
        });
    }
    out
});

/// The weights `variant` plays with, `None` for the hand-set evaluation.
///
/// # Panics
/// If the compiled-in file is damaged: a build defect that [`check_weights`] reports at
/// start-up.
#[inline]
pub fn for_variant(variant: Variant) -> Option<&'static PatternWeights> {
    BY_VARIANT.get(variant as usize).copied().flatten()
}

/// The evaluation of `pos` with the pattern weights `w`, from the side to move, in centi-men:
/// the hand-set terms with the file's table (`w.hand`, fitted with the patterns) plus the
/// learned terms, these pulled towards 0 like it for drawish material
/// ([`crate::eval::drawish`]); `|v| <= EVAL_MAX`.
#[inline]
pub fn evaluate_with<W: Word>(pos: &Board<W>, w: &PatternWeights) -> Value {
    let hand = hand_set(pos, &w.hand);
    let white = w.white_score(pos);
    let mut v = if pos.side() == Color::White {
        white
    } else {
        -white
    };
    if drawish(pos) {
        v /= w.hand.drawish_divisor.max(1);
    }
    (hand + v).clamp(-EVAL_MAX, EVAL_MAX)
}

#[cfg(test)]
mod tests;
