//! The pattern evaluation as a sparse linear model, for fitting its weights together with the
//! table of the hand-set terms they are added to.
//!
//! Each window index and its colour-flipped mirror share one parameter with opposite signs
//! ([`Model::new`]), so every fitted table keeps the evaluation colour-symmetric; an index that
//! is its own mirror has no parameter (its weight is 0). A parameter has a middlegame and an
//! endgame half; a position's score is `Σ sign · (θ_mg · ph + θ_eg · (1 − ph))` over its
//! windows plus the same over the scalar terms and the fitted hand-set weights
//! ([`super::hand`]) times their counts, plus the hand-set terms that stay fixed, all times the
//! drawish scale, in centi-men from White's view (`ph` = phase / 256).

use super::hand::{HandTerms, MAX_HAND};
use dama::eval::pattern::{
    self, layout::layout, Features, PatternWeights, SCALARS, SCALE, WINDOW_INDICES,
};
use dama::{Position, Variant};

/// No parameter (an index that is its own mirror).
const NONE: u32 = u32::MAX;

/// The parameters and how the window indices map onto them.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// The variant.
    pub variant: Variant,
    /// `param[w * 6561 + idx]`: the parameter of that window index, or `NONE`.
    param: Vec<u32>,
    /// `sign[w * 6561 + idx]`: +1 or −1.
    sign: Vec<i8>,
    /// The window parameters (pairs mg, eg), then the scalar terms', then the fitted hand-set
    /// weights' (pairs).
    pub theta: Vec<f64>,
    /// Number of window parameters (pairs).
    pub window_params: usize,
    /// The fitted hand-set weights.
    pub hand: HandTerms,
}

/// One training position: its features, the counts of the fitted hand-set weights, the fixed
/// part of the hand-set score, the drawish scale and its target (White's expected score,
/// 0..=1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Example {
    /// What the pattern evaluation reads.
    pub features: Features,
    /// The count of each fitted hand-set weight ([`HandTerms::counts`]).
    pub hand: [i16; MAX_HAND],
    /// The hand-set terms that stay fixed, White's view, centi-men.
    pub base: f64,
    /// What the whole score is multiplied by (drawish material).
    pub scale: f64,
    /// The target.
    pub target: f64,
}

impl Example {
    /// The example of `pos` with target `target` for the fitted weights `hand`; `None` where
    /// the board has no layout.
    pub fn new(pos: &Position, target: f64, hand: &HandTerms) -> Option<Example> {
        Some(Example {
            features: pattern::features(pos)?,
            hand: hand.counts(pos),
            base: hand.remainder(pos),
            scale: hand.scale(pos),
            target,
        })
    }
}

impl Model {
    /// The model of `variant` with every pattern weight at 0 and the hand-set weights of its
    /// board's table (the hand-set evaluation alone); `None` where the board has no layout.
    pub fn new(variant: Variant) -> Option<Model> {
        let l = layout(variant.rules().board)?;
        let n = l.windows.len() * WINDOW_INDICES;
        let (mut param, mut sign) = (vec![NONE; n], vec![1i8; n]);
        let mut next = 0u32;
        for w in 0..l.windows.len() {
            for idx in 0..WINDOW_INDICES {
                let (mw, mi) = l.mirror(w, idx);
                let (i, j) = (w * WINDOW_INDICES + idx, mw * WINDOW_INDICES + mi);
                if i < j {
                    param[i] = next;
                    param[j] = next;
                    sign[j] = -1;
                    next += 1;
                }
            }
        }
        let window_params = next as usize;
        let hand = HandTerms::new(variant);
        let mut theta = vec![0.0; 2 * (window_params + SCALARS)];
        let start = hand.start.params();
        for &(_, mg, eg) in &hand.fitted {
            theta.extend([f64::from(start[mg]), f64::from(start[eg])]);
        }
        Some(Model {
            variant,
            param,
            sign,
            theta,
            window_params,
            hand,
        })
    }

    /// Calls `f(parameter pair, coefficient)` for every term of `e`: the score is
    /// `e.scale · e.base + Σ coefficient · (θ[2p] · ph + θ[2p + 1] · (1 − ph))`.
    #[inline]
    pub fn terms(&self, e: &Example, mut f: impl FnMut(usize, f64)) {
        let x = &e.features;
        for (w, &idx) in x.windows[..x.count].iter().enumerate() {
            let i = w * WINDOW_INDICES + idx as usize;
            if self.param[i] != NONE {
                f(self.param[i] as usize, e.scale * f64::from(self.sign[i]));
            }
        }
        for (s, &n) in x.scalars.iter().enumerate() {
            if n != 0 {
                f(self.window_params + s, e.scale * f64::from(n));
            }
        }
        let first_hand = self.window_params + SCALARS;
        for (h, &n) in e.hand[..self.hand.fitted.len()].iter().enumerate() {
            if n != 0 {
                f(first_hand + h, e.scale * f64::from(n));
            }
        }
    }

    /// The score of `e` in centi-men, White's view.
    pub fn score(&self, e: &Example) -> f64 {
        let ph = f64::from(e.features.phase) / 256.0;
        let mut v = e.scale * e.base;
        self.terms(e, |p, c| {
            v += c * (self.theta[2 * p] * ph + self.theta[2 * p + 1] * (1.0 - ph));
        });
        v
    }

    /// The integer weights (the patterns rounded to 1/SCALE centi-men and clamped to i16, the
    /// hand-set table to whole centi-men).
    pub fn weights(&self) -> PatternWeights {
        let q = |v: f64| (v * f64::from(SCALE)).round().clamp(-32767.0, 32767.0) as i16;
        let pair =
            |p: usize, sign: f64| [q(sign * self.theta[2 * p]), q(sign * self.theta[2 * p + 1])];
        let windows = self
            .param
            .iter()
            .zip(&self.sign)
            .map(|(&p, &s)| match p {
                NONE => [0, 0],
                p => pair(p as usize, f64::from(s)),
            })
            .collect();
        let mut scalars = [[0i16; 2]; SCALARS];
        for (s, out) in scalars.iter_mut().enumerate() {
            *out = pair(self.window_params + s, 1.0);
        }
        let first_hand = self.window_params + SCALARS;
        let fitted: Vec<[i32; 2]> = (0..self.hand.fitted.len())
            .map(|h| {
                let p = first_hand + h;
                [
                    self.theta[2 * p].round() as i32,
                    self.theta[2 * p + 1].round() as i32,
                ]
            })
            .collect();
        PatternWeights {
            variant: self.variant,
            windows,
            scalars,
            hand: self.hand.table(&fitted),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama::movegen;

    #[test]
    fn the_model_scores_as_the_engine_does_after_rounding() {
        let mut m = Model::new(Variant::Czech).unwrap();
        // a pseudo-random table: every pattern parameter gets a value, every fitted hand-set
        // weight a change
        let first_hand = 2 * (m.window_params + SCALARS);
        for (i, t) in m.theta.iter_mut().enumerate() {
            if i < 2 * m.window_params {
                *t = ((i * 37) % 101) as f64 / 4.0 - 12.0;
            } else if i >= first_hand {
                *t += ((i * 13) % 11) as f64 - 5.0;
            }
        }
        let w = m.weights();
        assert_ne!(w.hand, m.hand.start);
        let mut pos = Position::start(Variant::Czech);
        for ply in 0..60 {
            let e = Example::new(&pos, 0.5, &m.hand).unwrap();
            let stm = pattern::evaluate_with(&pos, &w);
            let engine = if pos.side() == dama::Color::White {
                stm
            } else {
                -stm
            };
            // each hand-set term and the pattern sum are rounded apart in the engine
            assert!(
                (m.score(&e) - f64::from(engine)).abs() <= 14.0,
                "ply {ply}: {} vs {engine}",
                m.score(&e)
            );
            let moves = movegen::legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            pos = pos.play(&moves[(ply * 5) % moves.len()]);
        }
        assert_eq!(m.window_params, (15 * 6561 - 81) / 2);
    }
}
