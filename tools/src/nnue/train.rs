//! Fitting a network: mini-batches in a seeded random order, Adam, the loss of the quantised
//! forward pass ([`super::model`]), a held-out validation loss after each epoch; the epoch with
//! the lowest validation loss is kept.
//!
//! Loss: cross-entropy between the target and `σ(score / S)`, where `score` is the network's
//! score in centi-men as the engine gives it (drawish material divided) and `S` the scale
//! fitted to the data ([`fit_scale`]). Target: `λ · result + (1 − λ) · σ(search score / S)`.
//! The gradients of a batch are summed over fixed chunks of positions, in order, so a run
//! gives the same network for any number of threads.

use rayon::prelude::*;

use super::data::Samples;
use super::model::{real_score, Model, Quantised, Trace};
use dama::eval::nnue::network::SCALE_OUT;
use dama::types::SplitMix;

/// Positions per parallel chunk of a batch.
const CHUNK: usize = 128;

/// What a run is given.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrainConfig {
    /// Layer 1's width.
    pub h1: usize,
    /// Layer 2's width.
    pub h2: usize,
    /// Passes over the training set.
    pub epochs: usize,
    /// Positions per Adam step.
    pub batch: usize,
    /// Adam's step size (real units).
    pub lr: f32,
    /// The step size is multiplied by this after each epoch.
    pub lr_decay: f32,
    /// Share of the game result in the target.
    pub lambda: f32,
    /// The logistic scale `S` in centi-men.
    pub scale: f32,
    /// The drawish divisor of the engine's evaluation on this board.
    pub divisor: i32,
    /// Seed of the initial weights and of the order of the positions.
    pub seed: u64,
}

/// The losses after one epoch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Epoch {
    /// 1-based.
    pub number: usize,
    /// Mean training loss over the epoch's batches (as they were fitted).
    pub train: f64,
    /// Validation loss after the epoch.
    pub valid: f64,
}

/// A finished run.
#[derive(Clone, Debug)]
pub struct Trained {
    /// The model of the best epoch (or the start, if no epoch improved on it).
    pub model: Model,
    /// The validation loss of the start.
    pub start_valid: f64,
    /// The best epoch's number (0: the start).
    pub best_epoch: usize,
    /// Every epoch.
    pub epochs: Vec<Epoch>,
}

#[inline]
fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// Cross-entropy of `σ(z)` against target `t`, stable for large `|z|`.
#[inline]
fn cross_entropy(z: f64, t: f64) -> f64 {
    z.max(0.0) + (-z.abs()).exp().ln_1p() - t * z
}

/// The scale `S` that fits the results best as `σ(search score / S)` (golden-section search
/// over 20..3000 centi-men).
pub fn fit_scale(s: &Samples) -> f32 {
    let loss = |scale: f64| -> f64 {
        s.score
            .iter()
            .zip(&s.result)
            .map(|(&sc, &r)| cross_entropy(f64::from(sc) / scale, f64::from(r)))
            .sum()
    };
    let (mut a, mut b) = (20.0f64, 3000.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let (c, d) = (b - g * (b - a), a + g * (b - a));
        if loss(c) < loss(d) {
            b = d;
        } else {
            a = c;
        }
    }
    ((a + b) / 2.0) as f32
}

/// Each position's target: `λ · result + (1 − λ) · σ(search score / S)`.
pub fn targets(s: &Samples, lambda: f32, scale: f32) -> Vec<f32> {
    s.score
        .iter()
        .zip(&s.result)
        .map(|(&sc, &r)| {
            let searched = sigmoid(f64::from(sc) / f64::from(scale)) as f32;
            lambda * r + (1.0 - lambda) * searched
        })
        .collect()
}

/// The mean loss of the quantised network on `s`.
pub fn loss(q: &Quantised, s: &Samples, targets: &[f32], cfg: &TrainConfig) -> f64 {
    let idx: Vec<usize> = (0..s.len()).collect();
    let sums: Vec<f64> = idx
        .par_chunks(4096)
        .map(|c| {
            let mut t = Trace::default();
            c.iter()
                .map(|&i| {
                    q.forward(s.features_of(i), &mut t);
                    let z = real_score(t.o, s.drawish[i], cfg.divisor) / cfg.scale;
                    cross_entropy(f64::from(z), f64::from(targets[i]))
                })
                .sum()
        })
        .collect();
    sums.iter().sum::<f64>() / s.len().max(1) as f64
}

/// The mean loss of given scores (centi-men) on `s`: for the engine's own evaluation.
pub fn loss_of_scores(scores: &[i32], targets: &[f32], scale: f32) -> f64 {
    let sum: f64 = scores
        .iter()
        .zip(targets)
        .map(|(&v, &t)| cross_entropy(f64::from(v) / f64::from(scale), f64::from(t)))
        .sum();
    sum / scores.len().max(1) as f64
}

/// A seeded shuffle of `0..n`.
fn order(n: usize, seed: u64) -> Vec<usize> {
    let mut r = SplitMix::new(seed);
    let mut v: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        v.swap(i, r.index(i + 1));
    }
    v
}

/// Adam's state.
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    fn step(&mut self, params: &mut [f32], grad: &[f32], lr: f32) {
        let (b1, b2) = (0.9f32, 0.999f32);
        self.t += 1;
        let (c1, c2) = (1.0 - b1.powi(self.t), 1.0 - b2.powi(self.t));
        for (i, p) in params.iter_mut().enumerate() {
            let g = grad[i];
            self.m[i] = b1 * self.m[i] + (1.0 - b1) * g;
            self.v[i] = b2 * self.v[i] + (1.0 - b2) * g * g;
            *p -= lr * (self.m[i] / c1) / ((self.v[i] / c2).sqrt() + 1e-8);
        }
    }
}

/// The summed gradient (real units) and loss of one batch.
fn batch_gradient(
    q: &Quantised,
    s: &Samples,
    targets: &[f32],
    batch: &[usize],
    scales: &[f32],
    cfg: &TrainConfig,
) -> (Vec<f32>, f64) {
    let parts: Vec<(Vec<f32>, f64)> = batch
        .par_chunks(CHUNK)
        .map(|c| {
            let mut grad = vec![0.0f32; scales.len()];
            let mut t = Trace::default();
            let mut loss = 0.0;
            for &i in c {
                q.forward(s.features_of(i), &mut t);
                let div = if s.drawish[i] {
                    cfg.divisor.max(1) as f32
                } else {
                    1.0
                };
                let z = real_score(t.o, s.drawish[i], cfg.divisor) / cfg.scale;
                let p = sigmoid(f64::from(z)) as f32;
                loss += cross_entropy(f64::from(z), f64::from(targets[i]));
                let d_o = (p - targets[i]) / cfg.scale * 100.0 / SCALE_OUT as f32 / div;
                q.backward(s.features_of(i), &t, d_o, &mut grad);
            }
            (grad, loss)
        })
        .collect();
    let mut total = vec![0.0f32; scales.len()];
    let mut loss = 0.0;
    for (g, l) in parts {
        total.iter_mut().zip(&g).for_each(|(a, b)| *a += b);
        loss += l;
    }
    let n = batch.len() as f32;
    total.iter_mut().zip(scales).for_each(|(g, s)| *g *= s / n);
    (total, loss)
}

/// Trains a network on `train`, measured on `valid`; `progress` gets each epoch.
pub fn train(
    model: Model,
    train: &Samples,
    valid: &Samples,
    cfg: &TrainConfig,
    mut progress: impl FnMut(&Epoch),
) -> Trained {
    let (t_train, t_valid) = (
        targets(train, cfg.lambda, cfg.scale),
        targets(valid, cfg.lambda, cfg.scale),
    );
    let mut model = model;
    let scales: Vec<f32> = (0..model.shape.len())
        .map(|i| model.shape.scale_of(i))
        .collect();
    let mut adam = Adam {
        m: vec![0.0; scales.len()],
        v: vec![0.0; scales.len()],
        t: 0,
    };
    let mut q = model.quantise();
    let start_valid = loss(&q, valid, &t_valid, cfg);
    let (mut best, mut best_loss, mut best_epoch) = (model.clone(), start_valid, 0);
    let mut epochs = Vec::new();
    let mut lr = cfg.lr;
    for number in 1..=cfg.epochs {
        let mut sum = 0.0;
        for batch in order(train.len(), cfg.seed ^ (number as u64) << 32).chunks(cfg.batch.max(1)) {
            let (grad, l) = batch_gradient(&q, train, &t_train, batch, &scales, cfg);
            sum += l;
            adam.step(&mut model.params, &grad, lr);
            model.clamp();
            q = model.quantise();
        }
        let e = Epoch {
            number,
            train: sum / train.len().max(1) as f64,
            valid: loss(&q, valid, &t_valid, cfg),
        };
        if e.valid < best_loss {
            (best, best_loss, best_epoch) = (model.clone(), e.valid, number);
        }
        progress(&e);
        epochs.push(e);
        lr *= cfg.lr_decay;
    }
    Trained {
        model: best,
        start_valid,
        best_epoch,
        epochs,
    }
}
