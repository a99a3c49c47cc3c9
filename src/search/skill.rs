//! Skill levels 1-5. Level 5 is full strength. Lower levels search shallower (a depth and a
//! node cap), search several root lines, and pick among them after adding random noise to each
//! score, so that level 1 blunders often (noise of up to 2.5 men on a 1-ply search) and level 4
//! only now and then. The noise comes from a small PRNG seeded by the engine's seed and the
//! position key, so the same seed gives the same games.

use super::score::WIN_BOUND;

/// What a weaker level changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SkillPlan {
    /// Deepest nominal depth.
    pub depth: u32,
    /// Node cap.
    pub nodes: u64,
    /// Root lines searched (the candidates).
    pub lines: usize,
    /// Largest noise added to a line's score, in centi-men.
    pub noise: i32,
}

/// The plan for `level` (1..=5; out-of-range values are clamped); `None` at full strength.
pub fn plan(level: u8) -> Option<SkillPlan> {
    let (depth, nodes, lines, noise) = match level.clamp(1, 5) {
        1 => (1, 2_000, 8, 250),
        2 => (2, 10_000, 6, 150),
        3 => (4, 50_000, 4, 80),
        4 => (7, 400_000, 3, 30),
        _ => return None,
    };
    Some(SkillPlan {
        depth,
        nodes,
        lines,
        noise,
    })
}

/// splitmix64: a small, good-enough PRNG step.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Picks one of `scores` (best first): the index with the highest score plus noise.
/// Win and loss scores are clamped first so noise can still choose among them.
pub fn choose(scores: &[i32], plan: &SkillPlan, seed: u64, key: u64) -> usize {
    let mut state = seed ^ key.rotate_left(17);
    let mut best = 0;
    let mut best_value = i32::MIN;
    for (i, &s) in scores.iter().enumerate() {
        let noise = (splitmix(&mut state) % (plan.noise as u64 + 1)) as i32;
        let v = s.clamp(-WIN_BOUND / 10, WIN_BOUND / 10) + noise;
        if v > best_value {
            best_value = v;
            best = i;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_strength_has_no_plan_and_levels_weaken() {
        assert!(plan(5).is_none());
        let p1 = plan(1).unwrap();
        let p4 = plan(4).unwrap();
        assert!(p1.depth < p4.depth && p1.noise > p4.noise);
        assert_eq!(plan(0), plan(1));
    }

    #[test]
    fn choice_is_reproducible_and_varies_with_the_seed() {
        let p = plan(1).unwrap();
        let scores = [10, 5, 0, -5, -10, -15];
        let picks: Vec<usize> = (0..40).map(|s| choose(&scores, &p, s, 7)).collect();
        let again: Vec<usize> = (0..40).map(|s| choose(&scores, &p, s, 7)).collect();
        assert_eq!(picks, again);
        assert!(
            picks.iter().any(|&i| i != 0),
            "level 1 never deviated: {picks:?}"
        );
    }
}
