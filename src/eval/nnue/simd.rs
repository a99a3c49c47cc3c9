//! The forward pass with AVX2 where the processor has it (checked at run time), else the plain
//! one. Both do the same integer arithmetic, so they give the same numbers (a test checks it).

use super::network::{add_column_plain, forward_plain, forward_sums_plain, Network};

/// The score in centi-men for the features, with the fastest path this processor has.
#[inline]
pub fn forward(net: &Network, features: &[u16]) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the processor has AVX2 (checked just above).
        return unsafe { avx2::forward(net, features) };
    }
    forward_plain(net, features)
}

/// The score in centi-men from layer 1's sums (`net.hidden1` of them), with the fastest path.
#[inline]
pub fn forward_sums(net: &Network, sums: &[i16]) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() && sums.len() == net.hidden1 {
        // SAFETY: the processor has AVX2 and `sums` is layer 1's width (checked just above).
        return unsafe { avx2::forward_sums(net, sums.as_ptr()) };
    }
    forward_sums_plain(net, sums)
}

/// Adds (`add`) or subtracts a feature's column to layer 1's sums, wrapping.
#[inline]
pub fn add_column(sums: &mut [i16], col: &[i16], add: bool) {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() && sums.len() == col.len() && sums.len().is_multiple_of(16) {
        // SAFETY: the processor has AVX2; both are as long, a multiple of 16 (checked above).
        return unsafe { avx2::add_column(sums, col, add) };
    }
    add_column_plain(sums, col, add)
}

/// Whether the vector path is used on this processor.
pub fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// The vector path alone (`None` where the processor lacks it), for the tests.
pub fn forward_vector(net: &Network, features: &[u16]) -> Option<i32> {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the processor has AVX2 (checked just above).
        return Some(unsafe { avx2::forward(net, features) });
    }
    let _ = (net, features);
    None
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use crate::eval::nnue::network::{act2, output, Network, ACT_MAX, MAX_HIDDEN1, MAX_HIDDEN2};
    use std::arch::x86_64::*;

    /// Layer 1 sums 16 lanes at a time, packed to bytes 32 at a time; layer 2 as byte
    /// products (`maddubs`: 127 · 127 · 2 fits an `i16`, so nothing saturates) summed into
    /// `i32` lanes. The widths are multiples of 32 and 8 (checked when a file is read).
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn forward(net: &Network, features: &[u16]) -> i32 {
        let n = net.hidden1;
        let mut acc = [0i16; MAX_HIDDEN1];
        acc[..n].copy_from_slice(&net.b1);
        let a = acc.as_mut_ptr() as *mut __m256i;
        for &f in features {
            let col = net.column(f).as_ptr() as *const __m256i;
            for i in 0..n / 16 {
                let sum =
                    _mm256_add_epi16(_mm256_loadu_si256(a.add(i)), _mm256_loadu_si256(col.add(i)));
                _mm256_storeu_si256(a.add(i), sum);
            }
        }
        forward_sums(net, acc.as_ptr())
    }

    /// `sums ± col`, 16 lanes at a time; both as long, a multiple of 16.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn add_column(sums: &mut [i16], col: &[i16], add: bool) {
        let a = sums.as_mut_ptr() as *mut __m256i;
        let c = col.as_ptr() as *const __m256i;
        for i in 0..sums.len() / 16 {
            let (x, w) = (_mm256_loadu_si256(a.add(i)), _mm256_loadu_si256(c.add(i)));
            let y = if add {
                _mm256_add_epi16(x, w)
            } else {
                _mm256_sub_epi16(x, w)
            };
            _mm256_storeu_si256(a.add(i), y);
        }
    }

    /// The layers after the first from layer 1's `net.hidden1` sums at `acc`.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn forward_sums(net: &Network, acc: *const i16) -> i32 {
        let n = net.hidden1;
        let a = acc as *const __m256i;
        let mut h1 = [0u8; MAX_HIDDEN1];
        let top = _mm256_set1_epi8(ACT_MAX as i8);
        for i in 0..n / 32 {
            let lo = _mm256_loadu_si256(a.add(2 * i));
            let hi = _mm256_loadu_si256(a.add(2 * i + 1));
            // packus interleaves the 128-bit halves; the permute puts the bytes back in order
            let packed = _mm256_permute4x64_epi64(_mm256_packus_epi16(lo, hi), 0b11_01_10_00);
            let clipped = _mm256_min_epu8(packed, top);
            _mm256_storeu_si256((h1.as_mut_ptr() as *mut __m256i).add(i), clipped);
        }
        let x = h1.as_ptr() as *const __m256i;
        let ones = _mm256_set1_epi16(1);
        let mut h2 = [0i32; MAX_HIDDEN2];
        for (k, h) in h2[..net.hidden2].iter_mut().enumerate() {
            let row = net.w2[k * n..].as_ptr() as *const __m256i;
            let mut sum = _mm256_setzero_si256();
            for i in 0..n / 32 {
                let prod = _mm256_maddubs_epi16(
                    _mm256_loadu_si256(x.add(i)),
                    _mm256_loadu_si256(row.add(i)),
                );
                sum = _mm256_add_epi32(sum, _mm256_madd_epi16(prod, ones));
            }
            *h = act2(net.b2[k] + horizontal_sum(sum));
        }
        output(net, &h2[..net.hidden2])
    }

    /// The sum of the eight `i32` lanes.
    #[target_feature(enable = "avx2")]
    unsafe fn horizontal_sum(v: __m256i) -> i32 {
        let s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
        let s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0b01_00_11_10));
        let s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0b10_11_00_01));
        _mm_cvtsi128_si32(s)
    }
}
