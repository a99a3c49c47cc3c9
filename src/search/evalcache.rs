//! A per-thread cache of static evaluations, indexed by the position's key: the search
//! evaluates many positions again (the next iteration, transpositions, the futility test and
//! the quiescence stand-pat of the same node), and a cache line read is cheaper than the
//! evaluation. An entry holds the upper 48 bits of the key (mixed with the variant) and the
//! score; the lowest 14 choose the entry, so a hit gives exactly what the evaluation gives,
//! barring a collision of 61 bits of the key.

use crate::eval::EVAL_MAX;
use crate::position::Board;
use crate::rules::Word;

/// The bits of an entry that hold the score.
const SCORE_BITS: u32 = 16;
/// Entries: 2^14 of 8 bytes, 128 KiB a thread (within the second-level cache of most cores);
/// chosen by the lowest 14 bits of the key.
const ENTRIES: usize = 1 << 14;
const SCORE_MASK: u64 = (1 << SCORE_BITS) - 1;

// the score fits the entry's 16 bits
const _: () = assert!(EVAL_MAX < 1 << (SCORE_BITS - 1));

/// The cache: empty entries are 0, which no tag is.
pub struct EvalCache {
    entries: Box<[u64]>,
}

impl Default for EvalCache {
    fn default() -> Self {
        EvalCache {
            entries: vec![0; ENTRIES].into_boxed_slice(),
        }
    }
}

/// The key of `pos` mixed with its variant (one engine's tables outlive a change of variant).
#[inline(always)]
fn mixed_key<W: Word>(pos: &Board<W>) -> u64 {
    let salt = (pos.variant() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    pos.key() ^ salt
}

impl EvalCache {
    /// `compute(pos)`, which must be [`crate::eval::evaluate`]`(pos)`, from the cache when it holds
    /// it (the search computes it with its running layer-1 sums where a network scores).
    #[inline]
    pub fn evaluate_by<W: Word>(
        &mut self,
        pos: &Board<W>,
        compute: impl FnOnce(&Board<W>) -> i32,
    ) -> i32 {
        // the lowest bits choose the slot, the upper 48 are kept (the lowest of them always
        // set, so that no tag is an empty entry's 0): 61 bits of the key are checked
        let key = mixed_key(pos);
        let slot = key as usize & (ENTRIES - 1);
        let tag = (key & !SCORE_MASK) | (1 << SCORE_BITS);
        let entry = self.entries[slot];
        if entry & !SCORE_MASK == tag {
            return i32::from((entry & SCORE_MASK) as u16 as i16);
        }
        let v = compute(pos);
        self.entries[slot] = tag | u64::from(v as i16 as u16);
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval;
    use crate::types::SplitMix;
    use crate::{movegen, moves::MoveList, Position, Variant};

    /// Along random games the cache gives the evaluation, on first sight and again.
    #[test]
    fn the_cache_gives_the_evaluation() {
        let mut cache = EvalCache::default();
        let mut rng = SplitMix::new(9);
        for variant in [Variant::Czech, Variant::Russian, Variant::International] {
            let mut pos = Position::start(variant);
            for _ in 0..200 {
                let want = eval::evaluate(&pos);
                assert_eq!(cache.evaluate_by(&pos, eval::evaluate), want);
                assert_eq!(cache.evaluate_by(&pos, eval::evaluate), want);
                let mut moves = MoveList::new();
                movegen::generate(&pos, &mut moves);
                if moves.is_empty() {
                    pos = Position::start(variant);
                    continue;
                }
                let i = (rng.next_u64() % moves.len() as u64) as usize;
                pos = pos.play(&moves[i]);
            }
        }
    }

    /// The same pieces in two variants are two entries.
    #[test]
    fn variants_do_not_share_entries() {
        let czech = Position::start(Variant::Czech);
        let russian = Position::start(Variant::Russian);
        assert_eq!(czech.key(), russian.key());
        assert_ne!(mixed_key(&czech), mixed_key(&russian));
    }
}
