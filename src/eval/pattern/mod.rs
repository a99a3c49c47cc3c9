//! The learned pattern evaluation: weights over the contents of overlapping 4×4 regions of the
//! board ([`layout`]), plus men, kings, tempo and the lone king, blended between a middlegame
//! and an endgame phase ([`weights`]), added to the hand-set evaluation (they are fitted as
//! what it misses). The weights are fitted by `dama tune --data` on self-play positions
//! (docs/tuning.md) and shipped per variant as `eval/<variant>.weights` ([`file`](mod@file)), compiled
//! in and checked: a damaged or mismatched file is an error ([`check_weights`]), never a
//! silent fall-back. A variant without its own file borrows the weights of its nearest
//! relative that has one, or keeps the hand-set evaluation where none fits: the variant
//! registry's weights column ([`Patterns`]) says which, [`source`] reads it.

pub mod file;
pub mod layout;
pub mod weights;

use crate::rules::Word;
use once_cell::sync::Lazy;

use super::acc::{Value, EVAL_MAX};
use super::drawish::drawish;
use super::evaluate::evaluate_with as hand_set;
use crate::position::Board;
use crate::rules::{Patterns, Variant};
use crate::types::Color;
pub use file::{from_bytes, to_bytes, WeightsError, LAYOUT_VERSION};
pub use layout::{Layout, MAX_WINDOWS, WINDOW_INDICES, WINDOW_SQUARES};
pub use weights::{features, Features, PatternWeights, SCALARS, SCALAR_NAMES, SCALE};

/// The variant whose weights `variant` plays with (the registry's weights column): itself, its
/// nearest relative with a file of its own, or `None` for the hand-set evaluation.
pub fn source(variant: Variant) -> Option<Variant> {
    match variant.patterns() {
        Patterns::Own(_) => Some(variant),
        Patterns::Borrowed(relatives) => relatives.iter().copied().find(|&r| has_file(r)),
        Patterns::HandSet => None,
    }
}

/// Whether `variant` has a weights file of its own.
fn has_file(variant: Variant) -> bool {
    matches!(variant.patterns(), Patterns::Own(_))
}

/// The weights files compiled in: the variant and the file's bytes.
fn compiled() -> impl Iterator<Item = (Variant, &'static [u8])> {
    Variant::ALL.into_iter().filter_map(|v| match v.patterns() {
        Patterns::Own(bytes) => Some((v, bytes)),
        _ => None,
    })
}

static LOADED: Lazy<Vec<(Variant, Result<PatternWeights, WeightsError>)>> = Lazy::new(|| {
    compiled()
        .map(|(v, bytes)| (v, from_bytes(bytes, v)))
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
