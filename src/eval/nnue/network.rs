//! The network and its integer forward pass (the plain one; [`super::simd`] has the vector one,
//! which gives the same numbers).
//!
//! * Layer 1: `acc = b1 + Σ w1[f]` over the active features `f`, `i16` (weights and bias
//!   at most [`W1_MAX`] in size, so no sum of a position can overflow); `h1 = clamp(acc, 0,
//!   127)`, a `u8` (127 stands for 1.0: the weights are the real ones × [`SCALE_1`]).
//! * Layer 2: `s = b2 + Σ h1 · w2`, `i32`, `w2` an `i8` (real × [`SCALE_W`]); `h2 = clamp(s >> 6,
//!   0, 127)` (`s` is in units of 1 / (127 · 64): the shift brings it back to 1 / 127).
//! * Output: `o = b3 + Σ h2 · w3`, `w3` an `i8` (× [`SCALE_W`]), `o` in men × [`SCALE_OUT`];
//!   the score in centi-men is `o · 100 / SCALE_OUT`, rounded towards 0.

/// The scale of layer 1's weights, bias and of the activations: 1.0 is 127.
pub const SCALE_1: i32 = 127;
/// The scale of the `i8` weights of layers 2 and 3: 1.0 is 64.
pub const SCALE_W: i32 = 64;
/// The scale of layer 2's sums and of the output: 1.0 is `127 · 64`.
pub const SCALE_OUT: i32 = SCALE_1 * SCALE_W;
/// The largest magnitude of a layer-1 weight or bias (`i16` sums of up to 72 pieces stay in range).
pub const W1_MAX: i16 = 255;
/// The largest activation.
pub const ACT_MAX: i32 = 127;
/// Layer 1's width must be a multiple of this (the vector code's unit), and at most
/// [`MAX_HIDDEN1`].
pub const HIDDEN1_STEP: usize = 32;
/// The widest layer 1.
pub const MAX_HIDDEN1: usize = 1024;
/// Layer 2's width must be a multiple of this, and at most [`MAX_HIDDEN2`].
pub const HIDDEN2_STEP: usize = 8;
/// The widest layer 2.
pub const MAX_HIDDEN2: usize = 64;

use crate::rules::Variant;

/// A quantised network for one variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// The variant it was trained for.
    pub variant: Variant,
    /// Inputs ([`super::features::inputs`] of the variant's board).
    pub inputs: usize,
    /// Layer 1's width.
    pub hidden1: usize,
    /// Layer 2's width.
    pub hidden2: usize,
    /// Layer 1's weights, feature-major: `w1[f * hidden1 + j]`.
    pub w1: Vec<i16>,
    /// Layer 1's bias.
    pub b1: Vec<i16>,
    /// Layer 2's weights, row per output: `w2[k * hidden1 + j]`.
    pub w2: Vec<i8>,
    /// Layer 2's bias.
    pub b2: Vec<i32>,
    /// The output weights.
    pub w3: Vec<i8>,
    /// The output bias.
    pub b3: i32,
}

impl Network {
    /// A network of zeros (the output 0 everywhere) of the given sizes.
    pub fn zero(variant: Variant, hidden1: usize, hidden2: usize) -> Network {
        let inputs = super::features::inputs(variant.rules().names().squares as usize);
        Network {
            variant,
            inputs,
            hidden1,
            hidden2,
            w1: vec![0; inputs * hidden1],
            b1: vec![0; hidden1],
            w2: vec![0; hidden2 * hidden1],
            b2: vec![0; hidden2],
            w3: vec![0; hidden2],
            b3: 0,
        }
    }

    /// Layer 1's weights of feature `f`.
    #[inline]
    pub(super) fn column(&self, f: u16) -> &[i16] {
        let at = f as usize * self.hidden1;
        &self.w1[at..at + self.hidden1]
    }
}

/// Layer 2's activation from its sum.
#[inline]
pub(super) fn act2(s: i32) -> i32 {
    (s >> 6).clamp(0, ACT_MAX)
}

/// The output layer and the score in centi-men, from layer 2's activations.
#[inline]
pub(super) fn output(net: &Network, h2: &[i32]) -> i32 {
    let o = h2
        .iter()
        .zip(&net.w3)
        .fold(net.b3, |o, (&h, &w)| o + h * i32::from(w));
    centi_men(o)
}

/// The output sum `o` (men × [`SCALE_OUT`]) in centi-men, rounded towards 0.
#[inline]
pub fn centi_men(o: i32) -> i32 {
    (i64::from(o) * 100 / i64::from(SCALE_OUT)) as i32
}

/// The forward pass without vector instructions: the score in centi-men for the features.
pub fn forward_plain(net: &Network, features: &[u16]) -> i32 {
    let mut acc = [0i16; MAX_HIDDEN1];
    let acc = &mut acc[..net.hidden1];
    acc.copy_from_slice(&net.b1);
    for &f in features {
        add_column_plain(acc, net.column(f), true);
    }
    forward_sums_plain(net, acc)
}

/// Adds (or subtracts) a feature's column to layer 1's sums, wrapping.
#[inline]
pub fn add_column_plain(sums: &mut [i16], col: &[i16], add: bool) {
    if add {
        sums.iter_mut()
            .zip(col)
            .for_each(|(a, &w)| *a = a.wrapping_add(w));
    } else {
        sums.iter_mut()
            .zip(col)
            .for_each(|(a, &w)| *a = a.wrapping_sub(w));
    }
}

/// The layers after the first, without vector instructions: the score in centi-men from
/// layer 1's sums (`hidden1` of them).
pub fn forward_sums_plain(net: &Network, acc: &[i16]) -> i32 {
    let mut h1 = [0u8; MAX_HIDDEN1];
    for (h, &a) in h1.iter_mut().zip(acc.iter()) {
        *h = i32::from(a).clamp(0, ACT_MAX) as u8;
    }
    let mut h2 = [0i32; MAX_HIDDEN2];
    for (k, h) in h2[..net.hidden2].iter_mut().enumerate() {
        let row = &net.w2[k * net.hidden1..(k + 1) * net.hidden1];
        let s = row
            .iter()
            .zip(&h1[..net.hidden1])
            .fold(net.b2[k], |s, (&w, &x)| s + i32::from(x) * i32::from(w));
        *h = act2(s);
    }
    output(net, &h2[..net.hidden2])
}
