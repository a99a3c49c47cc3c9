//! Time management: turns [`SearchLimits`] into a soft bound (do not start another iteration
//! after it) and a hard bound (abort the running iteration), both measured from the moment the
//! clock starts (the start of the search, or `ponder_hit` when pondering).
//!
//! With a clock the target is `time_left / moves_to_go + 3/4 increment` (25 moves assumed when
//! the clock gives none); the hard bound is four targets but never more than the time left
//! minus a safety margin (30 ms plus 2 % of the time left), nor more than half the time left
//! plus 4/5 of the increment minus 5 ms (so that a clock near zero lives on its increment),
//! and at least 1 ms; so the engine never loses on time. The first iteration (depth 1) always
//! completes, which takes well under a millisecond.
//! When the best move changed in the last iterations the soft bound grows (up to 2.5×).

use std::time::Duration;

use super::limits::{Clock, SearchLimits};

/// Time reserved for what happens outside the search (thread start, the reply, the pipe).
pub const LATENCY: Duration = Duration::from_millis(5);

/// Moves assumed to remain when the clock does not say.
const DEFAULT_MOVES_TO_GO: u32 = 25;

/// The time bounds of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBounds {
    /// After this, no new iteration starts (scaled by instability).
    pub soft: Duration,
    /// After this, the search stops at once.
    pub hard: Duration,
}

/// The safety margin kept on a clock with `time_left`.
pub fn safety_margin(time_left: Duration) -> Duration {
    Duration::from_millis(30) + time_left / 50
}

/// The bounds for `limits`, or `None` when time does not bound the search.
pub fn bounds(limits: &SearchLimits) -> Option<TimeBounds> {
    if let Some(mt) = limits.movetime {
        let margin = (mt / 20).min(Duration::from_millis(20));
        let t = mt.saturating_sub(margin).max(Duration::from_millis(1));
        return Some(TimeBounds { soft: t, hard: t });
    }
    let clock = limits.clock?;
    let moves = clock
        .moves_to_go
        .unwrap_or(DEFAULT_MOVES_TO_GO)
        .clamp(1, 50);
    let target = clock.time_left / moves + clock.increment * 3 / 4;
    let hard = (target * 4)
        .min(hard_cap(&clock))
        .max(Duration::from_millis(1));
    let soft = target.min(hard);
    Some(TimeBounds { soft, hard })
}

/// The most one move may take on `clock`: the time left minus [`safety_margin`], and at most
/// half the time left plus 4/5 of the increment minus [`LATENCY`]; at least 1 ms.
pub fn hard_cap(clock: &Clock) -> Duration {
    let left = clock
        .time_left
        .saturating_sub(safety_margin(clock.time_left));
    let share = (clock.time_left / 2 + clock.increment * 4 / 5).saturating_sub(LATENCY);
    let cap = if clock.time_left > safety_margin(clock.time_left) {
        left.min(share)
    } else {
        share
    };
    cap.max(Duration::from_millis(1))
}

impl TimeBounds {
    /// Whether another iteration may start after `elapsed`, given how many of the recent
    /// iterations changed the best move (`changes`, e.g. 0..=3).
    pub fn may_start_iteration(&self, elapsed: Duration, changes: u32) -> bool {
        if self.soft == self.hard {
            return elapsed < self.hard;
        }
        let scale = 1.0 + 0.5 * changes.min(3) as f64;
        let soft = self.soft.mul_f64(scale).min(self.hard);
        // The next iteration usually takes longer than all before it together.
        elapsed < soft.mul_f64(0.6)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(ms: u64, inc: u64, mtg: Option<u32>) -> SearchLimits {
        SearchLimits {
            clock: Some(Clock {
                time_left: Duration::from_millis(ms),
                increment: Duration::from_millis(inc),
                moves_to_go: mtg,
            }),
            ..SearchLimits::default()
        }
    }

    #[test]
    fn hard_bound_keeps_a_margin() {
        for ms in [10, 100, 1000, 60_000] {
            let b = bounds(&clock(ms, 0, Some(1))).unwrap();
            assert!(
                b.hard < Duration::from_millis(ms) || ms <= 30,
                "{ms}: {b:?}"
            );
            assert!(b.soft <= b.hard);
        }
    }

    #[test]
    fn a_clock_near_zero_lives_on_the_increment() {
        for (ms, inc) in [(0, 50), (200, 50), (10, 0), (0, 0), (30, 10)] {
            let b = bounds(&clock(ms, inc, None)).unwrap();
            let budget = Duration::from_millis(ms / 2 + inc * 4 / 5);
            assert!(
                b.hard <= budget.max(Duration::from_millis(1)),
                "{ms}+{inc}: {b:?}"
            );
            assert!(b.hard >= Duration::from_millis(1) && b.soft <= b.hard);
        }
        let b = bounds(&clock(0, 50, None)).unwrap();
        assert!(b.hard > Duration::from_millis(20), "{b:?}");
    }

    #[test]
    fn more_time_when_the_best_move_changes() {
        let b = bounds(&clock(60_000, 0, None)).unwrap();
        let t = b.soft.mul_f64(0.7);
        assert!(!b.may_start_iteration(t, 0));
        assert!(b.may_start_iteration(t, 2));
    }

    #[test]
    fn no_bounds_without_time_limits() {
        assert!(bounds(&SearchLimits::default()).is_none());
        let mt = SearchLimits {
            movetime: Some(Duration::from_millis(500)),
            ..SearchLimits::default()
        };
        let b = bounds(&mt).unwrap();
        assert!(b.hard <= Duration::from_millis(500));
    }
}
