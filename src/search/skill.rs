//! Skill levels 1-5. Level 5 is full strength. Lower levels stop at a node budget a few times
//! smaller per level; levels 1 and 2 also search several root lines and pick among them
//! after adding random noise to each score, and level 1 now and then (one move in eight)
//! picks one of its lines at random, so that it drops a piece from time to time as a
//! beginner does. The randomness comes from a small PRNG seeded by the engine's seed and the
//! position key, so the same seed gives the same games. The ladder these plans make is
//! measured in `docs/levels.md`.

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
    /// Chance in 1000 that the choice ignores the scores and takes any of the lines.
    pub blunder: u32,
}

/// The plan for `level` (1..=5; out-of-range values are clamped); `None` at full strength.
pub fn plan(level: u8) -> Option<SkillPlan> {
    let (depth, nodes, lines, noise, blunder) = match level.clamp(1, 5) {
        1 => (99, 1_000, 3, 0, 125),
        2 => (99, 2_000, 2, 10, 0),
        3 => (99, 5_000, 1, 0, 0),
        4 => (99, 20_000, 1, 0, 0),
        _ => return None,
    };
    Some(SkillPlan {
        depth,
        nodes,
        lines,
        noise,
        blunder,
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

/// Picks one of `scores` (best first): now and then (the plan's `blunder` chance) any of
/// them, otherwise the index with the highest score plus noise. Win and loss scores are
/// clamped first so noise can still choose among them.
pub fn choose(scores: &[i32], plan: &SkillPlan, seed: u64, key: u64) -> usize {
    let mut state = seed ^ key.rotate_left(17);
    if scores.is_empty() {
        return 0;
    }
    if splitmix(&mut state) % 1000 < plan.blunder as u64 {
        return (splitmix(&mut state) % scores.len() as u64) as usize;
    }
    let mut best = 0;
    let mut best_value = i32::MIN;
    for (i, &s) in scores.iter().enumerate() {
        let noise = (splitmix(&mut state) % (plan.noise.max(0) as u64 + 1)) as i32;
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
        let plans: Vec<SkillPlan> = (1..=4).map(|l| plan(l).unwrap()).collect();
        for pair in plans.windows(2) {
            assert!(pair[0].nodes < pair[1].nodes, "{pair:?}");
            assert!(pair[0].lines >= pair[1].lines && pair[0].blunder >= pair[1].blunder);
        }
        assert!(plans[0].blunder > 0 && plans[3].noise == 0 && plans[3].lines == 1);
        assert_eq!(plan(0), plan(1));
    }

    #[test]
    fn choice_is_reproducible_and_varies_with_the_seed() {
        let p = plan(1).unwrap();
        let scores = [10, -120, -300];
        let picks: Vec<usize> = (0..200).map(|s| choose(&scores, &p, s, 7)).collect();
        let again: Vec<usize> = (0..200).map(|s| choose(&scores, &p, s, 7)).collect();
        assert_eq!(picks, again);
        let blunders = picks.iter().filter(|&&i| i != 0).count();
        assert!(
            (5..=60).contains(&blunders),
            "level 1 chose a worse line {blunders} times in 200"
        );
    }

    #[test]
    fn without_noise_or_blunders_the_best_line_is_taken() {
        let p = plan(4).unwrap();
        assert!((0..50).all(|s| choose(&[5, 4, 3], &p, s, 9) == 0));
    }
}
