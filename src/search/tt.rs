//! The transposition table: shared by all search threads without locks.
//!
//! # Layout
//! The table is a power-free array of 64-byte buckets (one cache line), each holding four
//! 16-byte entries. An entry is two `AtomicU64` words:
//!
//! ```text
//! word 0: check = key ^ data
//! word 1: data
//!   bits  0..16  score        i16, win/loss scores made relative to this node (score_to_tt)
//!   bits 16..32  unused (0)
//!   bits 32..40  move         index of the best move in movegen order, plus 1 (0 = none)
//!   bits 40..48  depth        u8, nominal depth in plies (0 = quiescence)
//!   bits 48..50  bound        0 = empty, 1 = upper, 2 = lower, 3 = exact
//!   bits 50..56  age          search generation modulo 64
//!   bits 56..64  unused (0)
//! ```
//!
//! A reader loads both words and accepts the entry only if `check ^ data == key`: a write torn
//! between two threads (word 0 of one store, word 1 of another) fails this test and is treated as
//! a miss, as in Carp and Viridithas. The move is stored as its index in the (deterministic)
//! move generation order, checked against the list length on use.
//!
//! # Replacement
//! A store into a bucket that already holds the key overwrites it (keeping the old move when the
//! new store has none). Otherwise it replaces the entry with the lowest `depth - 4 * age`, where
//! `age` is how many searches ago the entry was written.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use super::score::BITBASE_BOUND;

/// Half the memory the system says is available, in MiB (`MemAvailable` of `/proc/meminfo`),
/// when it says: the most a table may take, leaving room for the rest of the system.
fn available_mb() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some((kib >> 10) / 2)
}

/// Bytes per entry.
const ENTRY_BYTES: usize = 16;
/// Entries per bucket.
const BUCKET_ENTRIES: usize = 4;

/// What a stored score means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at most the stored one (fail low).
    Upper = 1,
    /// The true score is at least the stored one (fail high).
    Lower = 2,
    /// The stored score is exact.
    Exact = 3,
}

/// A decoded entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtEntry {
    /// Score relative to the probing node (already converted by [`score_from_tt`]).
    pub score: i32,
    /// Index of the best move in movegen order.
    pub mv: Option<u8>,
    /// Nominal depth of the search that produced it.
    pub depth: u8,
    /// Meaning of `score`.
    pub bound: Bound,
}

#[derive(Default)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

#[derive(Default)]
#[repr(align(64))]
struct Bucket {
    entries: [Entry; BUCKET_ENTRIES],
}

const _: () = assert!(std::mem::size_of::<Entry>() == ENTRY_BYTES);
const _: () = assert!(std::mem::size_of::<Bucket>() == 64);

/// The shared table.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    age: AtomicU64,
}

/// Converts a score relative to the root into one relative to the node at `ply` (for storing):
/// a win in `n` plies from the root is a win in `n - ply` plies from the node (bitbase wins
/// alike).
#[inline]
pub fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= BITBASE_BOUND {
        score + ply as i32
    } else if score <= -BITBASE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// Converts a stored node-relative score back into a root-relative one at `ply`.
#[inline]
pub fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= BITBASE_BOUND {
        score - ply as i32
    } else if score <= -BITBASE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

fn pack(score: i32, mv: Option<u8>, depth: u8, bound: Bound, age: u64) -> u64 {
    let mv = mv.map_or(0, |i| i as u64 + 1);
    (score as i16 as u16 as u64)
        | mv << 32
        | (depth as u64) << 40
        | (bound as u64) << 48
        | (age & 63) << 50
}

fn unpack(data: u64) -> Option<(TtEntry, u64)> {
    let bound = match (data >> 48) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        3 => Bound::Exact,
        _ => return None,
    };
    let mv = ((data >> 32) & 0xff) as u8;
    let entry = TtEntry {
        score: data as u16 as i16 as i32,
        mv: mv.checked_sub(1),
        depth: (data >> 40) as u8,
        bound,
    };
    Some((entry, (data >> 50) & 63))
}

impl TranspositionTable {
    /// A table of about `mb` mebibytes (at least one bucket). When the memory cannot be had
    /// (more than half the system's available memory, or a failed allocation), the size is halved
    /// until it can, down to 1 MiB; [`TranspositionTable::size_mb`] tells the size actually
    /// used. Never aborts on a huge request.
    pub fn new(mb: usize) -> TranspositionTable {
        Self::new_within(mb, available_mb())
    }

    /// As [`TranspositionTable::new`], with at most `limit_mb` MiB (when known).
    fn new_within(mb: usize, limit_mb: Option<usize>) -> TranspositionTable {
        let mut mb = mb.clamp(1, 1 << 20);
        loop {
            let fits = limit_mb.is_none_or(|l| mb <= l) || mb == 1;
            if let Some(buckets) = fits.then(|| Self::allocate(mb)).flatten() {
                return TranspositionTable {
                    buckets,
                    age: AtomicU64::new(0),
                };
            }
            if mb == 1 {
                // 1 MiB is always there; let the ordinary allocation report if it is not.
                let mut buckets = Vec::new();
                buckets.resize_with(Self::buckets_for(1), Bucket::default);
                return TranspositionTable {
                    buckets,
                    age: AtomicU64::new(0),
                };
            }
            mb /= 2;
        }
    }

    fn buckets_for(mb: usize) -> usize {
        (mb << 20) / std::mem::size_of::<Bucket>()
    }

    /// The buckets of an `mb` MiB table, or `None` when the allocation fails.
    fn allocate(mb: usize) -> Option<Vec<Bucket>> {
        let n = Self::buckets_for(mb);
        let mut buckets: Vec<Bucket> = Vec::new();
        buckets.try_reserve_exact(n).ok()?;
        buckets.resize_with(n, Bucket::default);
        Some(buckets)
    }

    /// Size in mebibytes.
    pub fn size_mb(&self) -> usize {
        (self.buckets.len() * std::mem::size_of::<Bucket>()) >> 20
    }

    /// Empties the table.
    pub fn clear(&self) {
        for b in &self.buckets {
            for e in &b.entries {
                e.check.store(0, Relaxed);
                e.data.store(0, Relaxed);
            }
        }
        self.age.store(0, Relaxed);
    }

    /// Starts a new search generation (older entries become preferred victims).
    pub fn new_search(&self) {
        self.age.fetch_add(1, Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        let i = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[i]
    }

    /// Looks `key` up; `ply` converts win/loss scores.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<TtEntry> {
        for e in &self.bucket(key).entries {
            let data = e.data.load(Relaxed);
            if e.check.load(Relaxed) ^ data == key {
                let (mut entry, _) = unpack(data)?;
                entry.score = score_from_tt(entry.score, ply);
                return Some(entry);
            }
        }
        None
    }

    /// Stores a search result for `key` found at `ply`.
    pub fn store(&self, key: u64, ply: usize, score: i32, mv: Option<u8>, depth: u8, bound: Bound) {
        let now = self.age.load(Relaxed);
        let bucket = self.bucket(key);
        let mut victim = &bucket.entries[0];
        let mut worst = i64::MAX;
        for e in &bucket.entries {
            let data = e.data.load(Relaxed);
            let check = e.check.load(Relaxed);
            let Some((old, old_age)) = unpack(data) else {
                if worst > i64::MIN {
                    victim = e;
                    worst = i64::MIN;
                }
                continue;
            };
            if check ^ data == key {
                let mv = mv.or(old.mv);
                let data = pack(score_to_tt(score, ply), mv, depth, bound, now);
                e.check.store(key ^ data, Relaxed);
                e.data.store(data, Relaxed);
                return;
            }
            let age = (now.wrapping_sub(old_age) & 63) as i64;
            let value = old.depth as i64 - 4 * age;
            if value < worst {
                worst = value;
                victim = e;
            }
        }
        let data = pack(score_to_tt(score, ply), mv, depth, bound, now);
        victim.check.store(key ^ data, Relaxed);
        victim.data.store(data, Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::WIN;

    #[test]
    fn store_and_probe_round_trip() {
        let tt = TranspositionTable::new(1);
        tt.store(0x1234_5678_9abc_def0, 3, -250, Some(5), 7, Bound::Lower);
        let e = tt.probe(0x1234_5678_9abc_def0, 3).expect("hit");
        assert_eq!(
            (e.score, e.mv, e.depth, e.bound),
            (-250, Some(5), 7, Bound::Lower)
        );
        assert!(tt.probe(0x1234_5678_9abc_def1, 3).is_none());
    }

    #[test]
    fn win_scores_are_stored_relative_to_the_node() {
        let tt = TranspositionTable::new(1);
        // A win found 10 plies from the root at a node 4 plies deep: 6 plies from the node.
        tt.store(42, 4, WIN - 10, None, 5, Bound::Exact);
        assert_eq!(tt.probe(42, 4).unwrap().score, WIN - 10);
        // Reached again at ply 2: the win is 8 plies from the root.
        assert_eq!(tt.probe(42, 2).unwrap().score, WIN - 8);
        assert_eq!(score_from_tt(score_to_tt(-(WIN - 9), 3), 3), -(WIN - 9));
    }

    #[test]
    fn torn_entries_are_rejected() {
        let tt = TranspositionTable::new(1);
        tt.store(99, 0, 10, None, 3, Bound::Exact);
        // Simulate a torn write: the data word from another store.
        for e in &tt.bucket(99).entries {
            e.data.store(pack(500, None, 9, Bound::Exact, 0), Relaxed);
        }
        assert!(tt.probe(99, 0).is_none());
    }

    #[test]
    fn a_huge_request_falls_back_to_a_smaller_table() {
        // Only 100 MiB available: 1 TiB halves down to 64 MiB, which works.
        let tt = TranspositionTable::new_within(1 << 20, Some(100));
        assert_eq!(tt.size_mb(), 64);
        tt.store(5, 0, 7, None, 1, Bound::Exact);
        assert_eq!(tt.probe(5, 0).map(|e| e.score), Some(7));
        assert_eq!(TranspositionTable::new_within(3, Some(0)).size_mb(), 1);
        assert_eq!(TranspositionTable::new(2).size_mb(), 2);
    }

    #[test]
    fn clear_empties_the_table() {
        let tt = TranspositionTable::new(1);
        tt.store(7, 0, 1, None, 1, Bound::Upper);
        tt.clear();
        assert!(tt.probe(7, 0).is_none());
    }
}
