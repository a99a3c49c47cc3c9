//! The network as the trainer holds it: real-valued master weights, and the forward and
//! backward pass of their quantised copy.
//!
//! The forward pass is the engine's integer one ([`dama::eval::nnue::network`]), done in `f32`
//! on integer values: every weight is rounded to its integer grid first, and every sum stays
//! below 2²⁴, so each step is exact and the trainer's score of a position is the engine's.
//! The backward pass treats the rounding as the identity (the straight-through estimator), so
//! the master weights learn what their rounded copy should be: training is aware of the
//! quantisation.

use dama::eval::nnue::network::{centi_men, SCALE_1, SCALE_OUT, SCALE_W, W1_MAX};
use dama::eval::nnue::{inputs, Network};
use dama::eval::EVAL_MAX;
use dama::types::SplitMix;
use dama::Variant;

/// The largest layer 1 the trainer makes (its `f32` sums of layer 2 stay exact).
pub const MAX_TRAIN_HIDDEN1: usize = 512;

/// The sizes of a network.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Inputs.
    pub inputs: usize,
    /// Layer 1's width.
    pub h1: usize,
    /// Layer 2's width.
    pub h2: usize,
}

impl Shape {
    fn b1(&self) -> usize {
        self.inputs * self.h1
    }
    fn w2(&self) -> usize {
        self.b1() + self.h1
    }
    fn b2(&self) -> usize {
        self.w2() + self.h2 * self.h1
    }
    fn w3(&self) -> usize {
        self.b2() + self.h2
    }
    fn b3(&self) -> usize {
        self.w3() + self.h2
    }
    /// The number of parameters.
    pub fn len(&self) -> usize {
        self.b3() + 1
    }
    /// Whether there are none (never: every layer has a width).
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Each parameter's integer grid: an integer step is `1 / scale` of a real one.
    pub fn scale_of(&self, i: usize) -> f32 {
        if i < self.w2() {
            SCALE_1 as f32
        } else if i < self.b2() || (self.w3()..self.b3()).contains(&i) {
            SCALE_W as f32
        } else {
            SCALE_OUT as f32
        }
    }

    /// The range of each parameter, in real units.
    pub fn bounds_of(&self, i: usize) -> (f32, f32) {
        let s = self.scale_of(i);
        if i < self.w2() {
            (-f32::from(W1_MAX) / s, f32::from(W1_MAX) / s)
        } else if s == SCALE_W as f32 {
            (-128.0 / s, 127.0 / s)
        } else {
            (-100.0, 100.0)
        }
    }
}

/// Real-valued weights, flat: `w1` (feature-major), `b1`, `w2` (row per output), `b2`, `w3`,
/// `b3`.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// The variant.
    pub variant: Variant,
    /// The sizes.
    pub shape: Shape,
    /// The weights in real units.
    pub params: Vec<f32>,
}

/// The weights rounded to their integer grids (integer values in `f32`).
#[derive(Clone, Debug, PartialEq)]
pub struct Quantised {
    /// The sizes.
    pub shape: Shape,
    /// The integers, laid out as [`Model::params`].
    pub q: Vec<f32>,
}

/// What the forward pass of one position leaves for the backward pass.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    acc: Vec<f32>,
    h1: Vec<f32>,
    s: Vec<f32>,
    h2: Vec<f32>,
    /// The output sum (men × `SCALE_OUT`).
    pub o: f32,
}

impl Model {
    /// A model with seeded random weights: layer 1 small around a positive bias (most units
    /// start in their linear range), the others uniform.
    pub fn new(variant: Variant, h1: usize, h2: usize, seed: u64) -> Model {
        let shape = Shape {
            inputs: inputs(variant.rules().names().squares as usize),
            h1,
            h2,
        };
        let mut r = SplitMix::new(seed);
        let mut uniform = |a: f32| (r.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 * a - a;
        let mut params = vec![0.0; shape.len()];
        let r2 = 1.0 / (h1 as f32).sqrt();
        for (i, p) in params.iter_mut().enumerate() {
            *p = if i < shape.b1() {
                uniform(0.1)
            } else if i < shape.w2() {
                0.5
            } else if i < shape.b2() {
                uniform(r2)
            } else if i < shape.w3() {
                0.2
            } else if i < shape.b3() {
                uniform(0.3)
            } else {
                0.0
            };
        }
        Model {
            variant,
            shape,
            params,
        }
    }

    /// The weights rounded to their grids (and into their ranges).
    pub fn quantise(&self) -> Quantised {
        let q = self
            .params
            .iter()
            .enumerate()
            .map(|(i, &p)| {
                let (lo, hi) = self.shape.bounds_of(i);
                let s = self.shape.scale_of(i);
                (p.clamp(lo, hi) * s).round()
            })
            .collect();
        Quantised {
            shape: self.shape,
            q,
        }
    }

    /// Keeps every weight in the range its integer can hold.
    pub fn clamp(&mut self) {
        for (i, p) in self.params.iter_mut().enumerate() {
            let (lo, hi) = self.shape.bounds_of(i);
            *p = p.clamp(lo, hi);
        }
    }

    /// The engine's network: the quantised weights.
    pub fn network(&self) -> Network {
        let q = self.quantise();
        let s = self.shape;
        let mut net = Network::zero(self.variant, s.h1, s.h2);
        let ints = |r: std::ops::Range<usize>| q.q[r].iter().map(|&v| v as i32);
        net.w1 = ints(0..s.b1()).map(|v| v as i16).collect();
        net.b1 = ints(s.b1()..s.w2()).map(|v| v as i16).collect();
        net.w2 = ints(s.w2()..s.b2()).map(|v| v as i8).collect();
        net.b2 = ints(s.b2()..s.w3()).collect();
        net.w3 = ints(s.w3()..s.b3()).map(|v| v as i8).collect();
        net.b3 = q.q[s.b3()] as i32;
        net
    }
}

impl Quantised {
    /// The forward pass of one position: the output sum in `t.o` (and what the backward pass
    /// needs in `t`).
    pub fn forward(&self, features: &[u16], t: &mut Trace) {
        let s = self.shape;
        let q = &self.q;
        t.acc.clear();
        t.acc.extend_from_slice(&q[s.b1()..s.w2()]);
        for &f in features {
            let col = &q[f as usize * s.h1..(f as usize + 1) * s.h1];
            t.acc.iter_mut().zip(col).for_each(|(a, w)| *a += w);
        }
        t.h1.clear();
        t.h1.extend(t.acc.iter().map(|a| a.clamp(0.0, 127.0)));
        t.s.clear();
        t.h2.clear();
        for k in 0..s.h2 {
            let row = &q[s.w2() + k * s.h1..s.w2() + (k + 1) * s.h1];
            let dot: f32 = row.iter().zip(&t.h1).map(|(w, x)| w * x).sum();
            let sum = q[s.b2() + k] + dot;
            t.s.push(sum);
            t.h2.push((sum / 64.0).floor().clamp(0.0, 127.0));
        }
        let w3 = &q[s.w3()..s.b3()];
        t.o = q[s.b3()] + w3.iter().zip(&t.h2).map(|(w, h)| w * h).sum::<f32>();
    }

    /// Adds the gradient of the loss to `grad` (in integer units), given `d_o`, the loss's
    /// derivative by the output sum of the pass `t` over `features`.
    pub fn backward(&self, features: &[u16], t: &Trace, d_o: f32, grad: &mut [f32]) {
        let s = self.shape;
        let q = &self.q;
        grad[s.b3()] += d_o;
        let mut ds = [0.0f32; 64];
        for k in 0..s.h2 {
            grad[s.w3() + k] += d_o * t.h2[k];
            let inside = t.s[k] > 0.0 && t.s[k] < 127.0 * 64.0;
            ds[k] = if inside {
                d_o * q[s.w3() + k] / 64.0
            } else {
                0.0
            };
            grad[s.b2() + k] += ds[k];
        }
        let mut da = vec![0.0f32; s.h1];
        for (k, &d) in ds[..s.h2].iter().enumerate().filter(|(_, d)| **d != 0.0) {
            let at = s.w2() + k * s.h1;
            let row = &q[at..at + s.h1];
            grad[at..at + s.h1]
                .iter_mut()
                .zip(&t.h1)
                .for_each(|(g, x)| *g += d * x);
            da.iter_mut().zip(row).for_each(|(a, w)| *a += d * w);
        }
        for (j, a) in da.iter_mut().enumerate() {
            if t.acc[j] <= 0.0 || t.acc[j] >= 127.0 {
                *a = 0.0;
            }
        }
        grad[s.b1()..s.w2()]
            .iter_mut()
            .zip(&da)
            .for_each(|(g, a)| *g += a);
        for &f in features {
            let at = f as usize * s.h1;
            grad[at..at + s.h1]
                .iter_mut()
                .zip(&da)
                .for_each(|(g, a)| *g += a);
        }
    }
}

/// The score the engine gives from the output sum `o`: centi-men rounded towards 0, divided
/// for drawish material, clamped.
pub fn engine_score(o: f32, drawish: bool, divisor: i32) -> i32 {
    let v = centi_men(o as i32);
    let v = if drawish { v / divisor.max(1) } else { v };
    v.clamp(-EVAL_MAX, EVAL_MAX)
}

/// The score the loss sees (the engine's without the rounding): centi-men from the output sum.
#[inline]
pub fn real_score(o: f32, drawish: bool, divisor: i32) -> f32 {
    let v = o * 100.0 / SCALE_OUT as f32;
    if drawish {
        v / divisor.max(1) as f32
    } else {
        v
    }
}
