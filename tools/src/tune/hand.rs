//! The hand-set evaluation as linear features, so that its table is fitted together with the
//! patterns ([`super::sparse`]).
//!
//! Every term of the hand-set evaluation but the runaway men and the exchange bonus adds
//! `weight · count` for each side, blended by the game phase; so the score is linear in the
//! weights, and the count of one weight is the evaluation with that weight at 1 (both phases)
//! and every other at 0. The runaway men (a weight less a per-row weight, never below 0) and
//! the exchange bonus (paid only to the side ahead) are not linear: they stay as the starting
//! table has them, a fixed part of the score ([`HandTerms::remainder`]). Drawish material
//! divides the whole score ([`HandTerms::scale`]).

use dama::eval::{drawish, evaluate_with, exchange_bonus, weights_for, Weights};
use dama::{Color, Position, Variant};

/// The most fitted weights (each a middlegame and an endgame parameter) a table has.
pub const MAX_HAND: usize = 40;

/// The weights fitted for one variant and how to read their counts.
#[derive(Clone, Debug, PartialEq)]
pub struct HandTerms {
    /// The fitted weights: the name (`back_row`) and the indices of its middlegame and
    /// endgame parameter in [`Weights::params`].
    pub fitted: Vec<(String, usize, usize)>,
    /// The table the fit starts from: the variant's board's ([`weights_for`]).
    pub start: Weights,
    /// For each fitted weight, the table with that weight at 1 and every other at 0.
    units: Vec<Weights>,
    /// The starting table with only the terms that stay fixed (runaway men) and no drawish
    /// scaling.
    fixed: Weights,
}

/// A table with every weight at 0 and no drawish scaling.
fn zero_table() -> Weights {
    let mut w = dama::eval::WEIGHTS.clone();
    let n = w.params().len();
    w.set_params(&vec![0; n]);
    w.drawish_divisor = 1;
    w
}

/// Whether the weight `name` is fitted for `variant`: not the non-linear terms, not the king
/// kind the variant does not have, not the other board size's advancement table nor its row 0
/// (a man never stands there).
fn fitted(name: &str, variant: Variant) -> bool {
    let eight = variant.rules().names().width == 8;
    let flying = variant.rules().flying_kings();
    !(name.starts_with("runaway")
        || name == "trade_down"
        || name == "drawish_divisor"
        || name.ends_with("[0]")
        || (name == "king_short" && flying)
        || (name == "king_flying" && !flying)
        || (name.starts_with("advance8") && !eight)
        || (name.starts_with("advance10") && eight))
}

impl HandTerms {
    /// The fitted weights of `variant`, starting from its board's table.
    pub fn new(variant: Variant) -> HandTerms {
        let start = weights_for(variant.rules().board).clone();
        let names = Weights::param_names();
        let mut fitted_pairs = Vec::new();
        for (i, name) in names.iter().enumerate() {
            let Some(base) = name.strip_suffix(".mg") else {
                continue;
            };
            let eg = names.iter().position(|n| *n == format!("{base}.eg"));
            if let Some(eg) = eg.filter(|_| fitted(base, variant)) {
                fitted_pairs.push((base.to_string(), i, eg));
            }
        }
        assert!(fitted_pairs.len() <= MAX_HAND, "raise MAX_HAND");
        let units = fitted_pairs
            .iter()
            .map(|&(_, mg, eg)| {
                let mut p = zero_table().params();
                p[mg] = 1;
                p[eg] = 1;
                let mut w = zero_table();
                w.set_params(&p);
                w
            })
            .collect();
        let mut fixed = zero_table();
        fixed.runaway = start.runaway;
        fixed.runaway_per_row = start.runaway_per_row;
        HandTerms {
            fitted: fitted_pairs,
            start,
            units,
            fixed,
        }
    }

    /// The count of each fitted weight in `pos`, White's pieces minus Black's.
    pub fn counts(&self, pos: &Position) -> [i16; MAX_HAND] {
        let mut out = [0i16; MAX_HAND];
        for (slot, unit) in out.iter_mut().zip(&self.units) {
            *slot = white(pos, evaluate_with(pos, unit)) as i16;
        }
        out
    }

    /// The fixed part of the score, White's view, before drawish scaling: the runaway men and
    /// the exchange bonus of the starting table.
    pub fn remainder(&self, pos: &Position) -> f64 {
        let runaways = evaluate_with(pos, &self.fixed);
        f64::from(white(pos, runaways + exchange_bonus(pos, &self.start)))
    }

    /// What the whole score is multiplied by: `1 / drawish_divisor` for drawish material.
    pub fn scale(&self, pos: &Position) -> f64 {
        if drawish(pos) {
            1.0 / f64::from(self.start.drawish_divisor.max(1))
        } else {
            1.0
        }
    }

    /// `start` with the fitted weights set to `values` (middlegame, endgame per weight).
    pub fn table(&self, values: &[[i32; 2]]) -> Weights {
        let mut p = self.start.params();
        for (&(_, mg, eg), v) in self.fitted.iter().zip(values) {
            p[mg] = v[0];
            p[eg] = v[1];
        }
        let mut w = self.start.clone();
        w.set_params(&p);
        w
    }
}

/// White's view of a side-to-move value.
fn white(pos: &Position, v: i32) -> i32 {
    if pos.side() == Color::White {
        v
    } else {
        -v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama::movegen;

    /// The counts, the fixed part and the scale give back the hand-set evaluation.
    #[test]
    fn the_features_rebuild_the_hand_set_evaluation() {
        for variant in [Variant::International, Variant::Czech, Variant::English] {
            let h = HandTerms::new(variant);
            let start: Vec<[i32; 2]> = h
                .fitted
                .iter()
                .map(|&(_, mg, eg)| [h.start.params()[mg], h.start.params()[eg]])
                .collect();
            let mut pos = Position::start(variant);
            for ply in 0..120 {
                let counts = h.counts(&pos);
                let ph = f64::from(dama::eval::pattern::features(&pos).unwrap().phase) / 256.0;
                let linear: f64 = start
                    .iter()
                    .zip(counts)
                    .map(|(w, n)| {
                        f64::from(n) * (f64::from(w[0]) * ph + f64::from(w[1]) * (1.0 - ph))
                    })
                    .sum();
                let model = h.scale(&pos) * (h.remainder(&pos) + linear);
                let engine = f64::from(white(&pos, evaluate_with(&pos, &h.start)));
                // integer rounding of each term's blend, and of the drawish division
                assert!(
                    (model - engine).abs() <= 12.0,
                    "{variant} ply {ply}: {model} vs {engine}, {}",
                    pos.to_fen()
                );
                let moves = movegen::legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                pos = pos.play(&moves[(ply * 7 + 3) % moves.len()]);
            }
        }
    }

    #[test]
    fn the_fitted_weights_leave_out_the_other_board_and_king() {
        let names =
            |v| -> Vec<String> { HandTerms::new(v).fitted.into_iter().map(|f| f.0).collect() };
        let intl = names(Variant::International);
        assert!(
            intl.contains(&"back_row".to_string()) && intl.contains(&"advance10[9]".to_string())
        );
        assert!(!intl
            .iter()
            .any(|n| n.starts_with("advance8") || n == "king_short" || n.starts_with("runaway")));
        let english = names(Variant::English);
        assert!(
            english.contains(&"king_short".to_string())
                && !english.contains(&"king_flying".to_string())
        );
    }
}
