//! The pattern evaluation as a sparse linear model, for fitting its weights: the learned terms
//! added to the hand-set evaluation ([`Example::base`]).
//!
//! Each window index and its colour-flipped mirror share one parameter with opposite signs
//! ([`Model::new`]), so every fitted table keeps the evaluation colour-symmetric; an index that
//! is its own mirror has no parameter (its weight is 0). A parameter has a middlegame and an
//! endgame half; a position's score is `Σ sign · (θ_mg · ph + θ_eg · (1 − ph))` over its
//! windows plus the same over the scalar terms times their counts, in centi-men from White's
//! view (`ph` = phase / 256), plus the hand-set evaluation.

use dama::eval::pattern::{
    self, layout::layout, Features, PatternWeights, SCALARS, SCALE, WINDOW_INDICES,
};
use dama::eval::{evaluate_with, weights_for};
use dama::{Color, Position, Variant};

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
    /// The window parameters (pairs mg, eg), then the scalar terms' (pairs).
    pub theta: Vec<f64>,
    /// Number of window parameters (pairs).
    pub window_params: usize,
}

/// One training position: its features, the hand-set evaluation the learned terms are added
/// to, and its target (White's expected score, 0..=1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Example {
    /// What the evaluation reads.
    pub features: Features,
    /// The hand-set evaluation, White's view, centi-men.
    pub base: f64,
    /// The target.
    pub target: f64,
}

impl Example {
    /// The example of `pos` with target `target`; `None` where the board has no layout.
    pub fn new(pos: &Position, target: f64) -> Option<Example> {
        let hand = evaluate_with(pos, weights_for(pos.rules().board));
        let base = if pos.side() == Color::White {
            hand
        } else {
            -hand
        };
        Some(Example {
            features: pattern::features(pos)?,
            base: f64::from(base),
            target,
        })
    }
}

impl Model {
    /// The model of `variant` with every weight at 0 (the hand-set evaluation alone); `None`
    /// where the board has no layout.
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
        let theta = vec![0.0; 2 * (window_params + SCALARS)];
        Some(Model {
            variant,
            param,
            sign,
            theta,
            window_params,
        })
    }

    /// Calls `f(parameter pair, coefficient)` for every term of `x`: the score is
    /// `Σ coefficient · (θ[2p] · ph + θ[2p + 1] · (1 − ph))`.
    #[inline]
    pub fn terms(&self, x: &Features, mut f: impl FnMut(usize, f64)) {
        for (w, &idx) in x.windows[..x.count].iter().enumerate() {
            let i = w * WINDOW_INDICES + idx as usize;
            if self.param[i] != NONE {
                f(self.param[i] as usize, f64::from(self.sign[i]));
            }
        }
        for (s, &n) in x.scalars.iter().enumerate() {
            if n != 0 {
                f(self.window_params + s, f64::from(n));
            }
        }
    }

    /// The score of `x` in centi-men, White's view.
    pub fn score(&self, x: &Features) -> f64 {
        let ph = f64::from(x.phase) / 256.0;
        let mut v = 0.0;
        self.terms(x, |p, c| {
            v += c * (self.theta[2 * p] * ph + self.theta[2 * p + 1] * (1.0 - ph));
        });
        v
    }

    /// The integer weights (rounded to 1/SCALE centi-men, clamped to i16).
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
        PatternWeights {
            variant: self.variant,
            windows,
            scalars,
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
        // a pseudo-random table: every parameter gets a value
        for (i, t) in m.theta.iter_mut().enumerate() {
            if i < 2 * m.window_params {
                *t = ((i * 37) % 101) as f64 / 4.0 - 12.0;
            }
        }
        let w = m.weights();
        let mut pos = Position::start(Variant::Czech);
        for ply in 0..40 {
            let x = pattern::features(&pos).unwrap();
            let engine = w.white_score(&pos);
            assert!((m.score(&x) - f64::from(engine)).abs() <= 2.5, "ply {ply}");
            let moves = movegen::legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            pos = pos.play(&moves[(ply * 5) % moves.len()]);
        }
        assert_eq!(m.window_params, (15 * 6561 - 81) / 2);
    }
}
