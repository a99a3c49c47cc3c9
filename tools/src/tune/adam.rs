//! Fitting the pattern model ([`super::sparse::Model`]) by logistic regression: the
//! predicted score is `σ(K · ln 10 / 400 · eval)`, the loss is the cross-entropy against the
//! targets plus `l2 · Σ θ²` over the window weights, and the optimiser is Adam over
//! mini-batches in a fixed order (deterministic). The validation loss is measured after each
//! epoch; the parameters of the best epoch are kept.

use super::sparse::{Example, Model};

/// The settings of a fit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitConfig {
    /// The logistic scale, as in the Texel loss (`σ(K · eval / 400)` in base 10).
    pub k: f64,
    /// Passes over the training set.
    pub epochs: usize,
    /// Examples per step.
    pub batch: usize,
    /// Adam's step size, in centi-men.
    pub learning_rate: f64,
    /// The L2 penalty on the window weights (per centi-man squared, per example).
    pub l2: f64,
}

impl Default for FitConfig {
    /// K = 1, 20 epochs, batches of 4096, step 1 centi-man, L2 1e-6.
    fn default() -> Self {
        FitConfig {
            k: 1.0,
            epochs: 20,
            batch: 4096,
            learning_rate: 1.0,
            l2: 1e-6,
        }
    }
}

/// The losses after one epoch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Epoch {
    /// 1-based.
    pub number: usize,
    /// Mean cross-entropy on the training set (without the penalty).
    pub train: f64,
    /// Mean cross-entropy on the validation set.
    pub valid: f64,
    /// Mean squared error on the validation set (the Texel loss).
    pub valid_mse: f64,
}

/// The mean cross-entropy and mean squared error of `model` on `data` at scale `k`.
pub fn losses(model: &Model, data: &[Example], k: f64) -> (f64, f64) {
    if data.is_empty() {
        return (0.0, 0.0);
    }
    let c = k * std::f64::consts::LN_10 / 400.0;
    let (mut ce, mut mse) = (0.0, 0.0);
    for e in data {
        let p = sigmoid(c * model.score(e)).clamp(1e-12, 1.0 - 1e-12);
        ce -= e.target * p.ln() + (1.0 - e.target) * (1.0 - p).ln();
        mse += (p - e.target).powi(2);
    }
    let n = data.len() as f64;
    (ce / n, mse / n)
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Adam's moment estimates.
struct Adam {
    m: Vec<f64>,
    v: Vec<f64>,
    t: i32,
}

impl Adam {
    const B1: f64 = 0.9;
    const B2: f64 = 0.999;

    fn step(&mut self, theta: &mut [f64], grad: &[f64], lr: f64) {
        self.t += 1;
        let (c1, c2) = (1.0 - Self::B1.powi(self.t), 1.0 - Self::B2.powi(self.t));
        for i in 0..theta.len() {
            let g = grad[i];
            self.m[i] = Self::B1 * self.m[i] + (1.0 - Self::B1) * g;
            self.v[i] = Self::B2 * self.v[i] + (1.0 - Self::B2) * g * g;
            theta[i] -= lr * (self.m[i] / c1) / ((self.v[i] / c2).sqrt() + 1e-8);
        }
    }
}

/// Adds the gradient of the mean loss over `batch` (and the penalty) to `grad`.
fn gradient(model: &Model, batch: &[Example], cfg: &FitConfig, grad: &mut [f64]) {
    let c = cfg.k * std::f64::consts::LN_10 / 400.0;
    let n = batch.len() as f64;
    for e in batch {
        let ph = f64::from(e.features.phase) / 256.0;
        let d = (sigmoid(c * model.score(e)) - e.target) * c / n;
        model.terms(e, |p, coef| {
            grad[2 * p] += d * coef * ph;
            grad[2 * p + 1] += d * coef * (1.0 - ph);
        });
    }
    let windows = 2 * model.window_params;
    for (g, t) in grad[..windows].iter_mut().zip(&model.theta[..windows]) {
        *g += 2.0 * cfg.l2 * t;
    }
}

/// Fits `model` on `train`, reporting each epoch to `report`; keeps the parameters of the
/// epoch with the lowest validation loss (the last epoch when `valid` is empty).
pub fn fit(
    model: &mut Model,
    train: &[Example],
    valid: &[Example],
    cfg: &FitConfig,
    mut report: impl FnMut(&Epoch),
) -> Vec<Epoch> {
    let n = model.theta.len();
    let mut adam = Adam {
        m: vec![0.0; n],
        v: vec![0.0; n],
        t: 0,
    };
    let mut grad = vec![0.0; n];
    let mut best = (f64::INFINITY, model.theta.clone());
    let mut epochs = Vec::new();
    for number in 1..=cfg.epochs {
        for batch in train.chunks(cfg.batch.max(1)) {
            grad.iter_mut().for_each(|g| *g = 0.0);
            gradient(model, batch, cfg, &mut grad);
            adam.step(&mut model.theta, &grad, cfg.learning_rate);
        }
        let (train_ce, _) = losses(model, train, cfg.k);
        let (valid_ce, valid_mse) = losses(model, valid, cfg.k);
        let e = Epoch {
            number,
            train: train_ce,
            valid: valid_ce,
            valid_mse,
        };
        report(&e);
        epochs.push(e);
        let judged = if valid.is_empty() { train_ce } else { valid_ce };
        if judged < best.0 {
            best = (judged, model.theta.clone());
        }
    }
    model.theta = best.1;
    epochs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datagen::{play_game, GameConfig};
    use dama::eval::pattern;
    use dama::{Color, Variant};

    /// Examples from a few fast self-play games: White's expected score from the result.
    fn examples(games: std::ops::Range<u64>) -> Vec<Example> {
        let cfg = GameConfig {
            nodes: 300,
            ..GameConfig::new(Variant::Czech)
        };
        let hand = crate::tune::hand::HandTerms::new(Variant::Czech);
        games
            .flat_map(|g| {
                let game = play_game(&cfg, g);
                let target = game.white_score;
                let hand = hand.clone();
                game.positions
                    .into_iter()
                    .map(move |r| Example::new(&r.pos, target, &hand).unwrap())
            })
            .collect()
    }

    #[test]
    fn fitting_lowers_the_loss_and_gives_a_file_that_loads() {
        let (train, valid) = (examples(0..24), examples(100..104));
        let mut model = Model::new(Variant::Czech).unwrap();
        let cfg = FitConfig {
            epochs: 8,
            batch: 256,
            learning_rate: 2.0,
            ..FitConfig::default()
        };
        let (before, _) = losses(&model, &train, cfg.k);
        let epochs = fit(&mut model, &train, &valid, &cfg, |_| {});
        assert_eq!(epochs.len(), 8);
        let (after, _) = losses(&model, &train, cfg.k);
        assert!(after < before * 0.95, "{before} -> {after}");
        let bytes = pattern::to_bytes(&model.weights());
        let w = pattern::from_bytes(&bytes, Variant::Czech).unwrap();
        // the file scores like the model, and colour-symmetrically
        let pos = dama::Position::from_fen(Variant::Czech, "W:Wa1,c3,e3,g3:Bb6,d6,h6").unwrap();
        let e = Example::new(&pos, 0.5, &model.hand).unwrap();
        let stm = pattern::evaluate_with(&pos, &w);
        let engine = if pos.side() == Color::White {
            stm
        } else {
            -stm
        };
        assert!((model.score(&e) - f64::from(engine)).abs() <= 14.0);
    }
}
