//! The tuning loss: mean squared error between the labels and a logistic curve of the
//! evaluation, `p = 1 / (1 + 10^(-K·eval/400))`, and the fit of the scale `K`.
//!
//! The sum is computed in fixed chunks whose partial sums are added in order, so the result
//! does not depend on the number of threads.

use rayon::prelude::*;

use super::data::Sample;
use dama::eval::{evaluate_with, Weights};

/// Positions per parallel chunk (fixed, for reproducible sums).
const CHUNK: usize = 512;

/// The expected score of an evaluation `v` (centi-men) at scale `k`.
#[inline]
pub fn sigmoid(v: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * v / 400.0))
}

/// The mean squared error of `w` on `samples` at scale `k` (0 for no samples).
pub fn loss(samples: &[Sample], w: &Weights, k: f64) -> f64 {
    mean_error(samples, k, |s| f64::from(evaluate_with(&s.pos, w)))
}

/// The mean squared error of fixed evaluations `evals` (one per sample) at scale `k`.
pub fn loss_of_evals(samples: &[Sample], evals: &[f64], k: f64) -> f64 {
    let pairs: Vec<(f64, f64)> = samples
        .iter()
        .zip(evals)
        .map(|(s, &e)| (s.label, e))
        .collect();
    if pairs.is_empty() {
        return 0.0;
    }
    let parts: Vec<f64> = pairs
        .par_chunks(CHUNK)
        .map(|c| c.iter().map(|&(l, e)| (l - sigmoid(e, k)).powi(2)).sum())
        .collect();
    parts.iter().sum::<f64>() / pairs.len() as f64
}

fn mean_error(samples: &[Sample], k: f64, eval: impl Fn(&Sample) -> f64 + Sync) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let parts: Vec<f64> = samples
        .par_chunks(CHUNK)
        .map(|c| {
            c.iter()
                .map(|s| (s.label - sigmoid(eval(s), k)).powi(2))
                .sum()
        })
        .collect();
    parts.iter().sum::<f64>() / samples.len() as f64
}

/// The scale `K` in `[lo, hi]` that minimises the loss of `w` (golden-section search; the
/// evaluations are computed once). Returns `(K, loss)`.
pub fn fit_k(samples: &[Sample], w: &Weights, lo: f64, hi: f64) -> (f64, f64) {
    let evals: Vec<f64> = samples
        .par_iter()
        .map(|s| f64::from(evaluate_with(&s.pos, w)))
        .collect();
    let f = |k: f64| loss_of_evals(samples, &evals, k);
    let k = golden_min(f, lo, hi, 1e-4);
    (k, f(k))
}

/// The minimum of a unimodal `f` on `[a, b]` to within `tol`.
pub fn golden_min(f: impl Fn(f64) -> f64, mut a: f64, mut b: f64, tol: f64) -> f64 {
    let r = (5f64.sqrt() - 1.0) / 2.0;
    let mut c = b - r * (b - a);
    let mut d = a + r * (b - a);
    let (mut fc, mut fd) = (f(c), f(d));
    while (b - a).abs() > tol {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - r * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + r * (b - a);
            fd = f(d);
        }
    }
    (a + b) / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama::eval::WEIGHTS;
    use dama::rules::Variant;
    use dama::Position;

    #[test]
    fn sigmoid_shape() {
        assert_eq!(sigmoid(0.0, 1.0), 0.5);
        assert!((sigmoid(400.0, 1.0) - 10.0 / 11.0).abs() < 1e-12);
        assert!((sigmoid(-200.0, 2.0) - 1.0 / 11.0).abs() < 1e-12);
    }

    #[test]
    fn k_is_recovered_from_synthetic_labels() {
        // labels drawn exactly from the curve at K = 1.3 over a spread of evaluations
        let evals: Vec<f64> = (-20..=20).map(|i| f64::from(i) * 40.0).collect();
        let pos = Position::start(Variant::International);
        let samples: Vec<Sample> = evals
            .iter()
            .map(|&e| Sample {
                pos,
                label: sigmoid(e, 1.3),
            })
            .collect();
        let k = golden_min(|k| loss_of_evals(&samples, &evals, k), 0.1, 5.0, 1e-6);
        assert!((k - 1.3).abs() < 1e-3, "{k}");
        assert!(loss_of_evals(&samples, &evals, k) < 1e-9);
        assert!(loss_of_evals(&samples, &evals, 0.5) > 1e-3);
    }

    #[test]
    fn loss_of_the_start_position() {
        // the start evaluates near 0, so its expected score is near ½ at any K
        let pos = Position::start(Variant::International);
        let win = [Sample { pos, label: 1.0 }];
        let draw = [Sample { pos, label: 0.5 }];
        let l = loss(&win, &WEIGHTS, 1.0);
        assert!((l - 0.25).abs() < 0.05, "{l}");
        assert!(loss(&draw, &WEIGHTS, 1.0) < 0.01);
        assert_eq!(loss(&[], &WEIGHTS, 1.0), 0.0);
        let (k, l) = fit_k(&draw, &WEIGHTS, 0.1, 5.0);
        assert!((0.1..=5.0).contains(&k) && l < 0.01);
    }
}
