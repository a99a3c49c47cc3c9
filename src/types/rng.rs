//! A small seeded random generator (SplitMix64) for reproducible choices: book moves, match
//! openings. Not for cryptography.

/// SplitMix64: the same seed gives the same sequence on every machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix(u64);

impl SplitMix {
    /// A generator from a seed.
    pub fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n > 0`; 0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64().checked_rem(n).unwrap_or(0)
    }

    /// An index below `n` (`n > 0`; 0 when `n` is 0).
    pub fn index(&mut self, n: usize) -> usize {
        self.below(n as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_sequence_and_in_range() {
        let mut a = SplitMix::new(7);
        let mut b = SplitMix::new(7);
        for _ in 0..100 {
            let (x, y) = (a.below(10), b.below(10));
            assert_eq!(x, y);
            assert!(x < 10);
        }
        assert_ne!(SplitMix::new(1).next_u64(), SplitMix::new(2).next_u64());
        assert_eq!(SplitMix::new(3).below(0), 0);
    }
}
