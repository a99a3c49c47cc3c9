//! Coordinate descent over the selected parameters of a weight table.
//!
//! Each pass tries every selected parameter one step up, then one step down, and keeps the
//! first change that lowers the loss (at most one step per parameter and pass, so that a pass
//! limit also bounds how far a weight can move). When a pass changes
//! nothing the step is refined (e.g. 4, then 2, then 1); the run ends after the last step size
//! makes no progress or after the pass limit. A weight that starts positive stays positive
//! (at least 1); the advancement tables may take any value. Parameters are visited in table order, so a run
//! is deterministic.

use super::data::Sample;
use super::loss::loss;
use dama::eval::Weights;
use dama::rules::Variant;

/// The parameters that hold the scale (a man is worth 100) and are never tuned.
pub const ANCHORS: [&str; 2] = ["man.mg", "man.eg"];

/// How to tune.
#[derive(Clone, Debug, PartialEq)]
pub struct TuneConfig {
    /// The logistic scale (see [`super::loss::fit_k`]).
    pub k: f64,
    /// Step sizes, largest first.
    pub steps: Vec<i32>,
    /// The most passes over the parameters, all step sizes together.
    pub max_passes: usize,
    /// Indices (into [`Weights::param_names`]) of the parameters to tune.
    pub params: Vec<usize>,
    /// Weight of the L2 penalty on the distance from the start table: the objective is the
    /// loss plus `reg · Σ ((p − p₀) / 100)²` over the tuned parameters (0: plain loss).
    pub reg: f64,
}

/// One finished pass, for progress reports.
#[derive(Clone, Debug)]
pub struct Pass<'a> {
    /// The pass number, from 1.
    pub pass: usize,
    /// The step size of the pass.
    pub step: i32,
    /// The training loss after the pass (without the penalty).
    pub loss: f64,
    /// The objective after the pass (the loss plus the penalty).
    pub objective: f64,
    /// How many parameter changes the pass kept.
    pub changes: usize,
    /// The weights after the pass.
    pub weights: &'a Weights,
}

/// The outcome of [`tune`].
#[derive(Clone, Debug)]
pub struct TuneResult {
    /// The tuned table.
    pub weights: Weights,
    /// Its training loss (without the penalty).
    pub loss: f64,
    /// Its objective (the loss plus the penalty).
    pub objective: f64,
    /// Passes made.
    pub passes: usize,
}

/// The parameters that do not act on `variant`'s board or are never tuned by default:
/// the anchors, the drawish divisor, the other board size's advancement table and the king
/// kind the variant does not use.
pub fn excluded_by_default(name: &str, variant: Variant) -> bool {
    let rules = variant.rules();
    let ten = rules.board == dama::rules::BoardSize::Ten;
    let other_advance = if ten { "advance8" } else { "advance10" };
    let other_king = if rules.flying_kings() {
        "king_short"
    } else {
        "king_flying"
    };
    ANCHORS.contains(&name)
        || name == "drawish_divisor"
        || name.starts_with(other_advance)
        || name.starts_with(other_king)
}

/// The indices of the parameters to tune: those whose names start with one of the
/// comma-separated prefixes of `list`, or every parameter not [`excluded_by_default`] when
/// `list` is `None`. The anchors are never selected; a prefix that matches nothing is an
/// error.
pub fn select_params(
    names: &[String],
    list: Option<&str>,
    variant: Variant,
) -> Result<Vec<usize>, String> {
    let Some(list) = list else {
        return Ok((0..names.len())
            .filter(|&i| !excluded_by_default(&names[i], variant))
            .collect());
    };
    let prefixes: Vec<&str> = list
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    if prefixes.is_empty() {
        return Err("--params: empty list".into());
    }
    for p in &prefixes {
        if !names.iter().any(|n| n.starts_with(p)) {
            return Err(format!("--params: '{p}' matches no parameter"));
        }
    }
    Ok((0..names.len())
        .filter(|&i| {
            let n = names[i].as_str();
            !ANCHORS.contains(&n) && prefixes.iter().any(|p| n.starts_with(p))
        })
        .collect())
}

/// The lowest value a parameter may take: a weight that starts positive (a bonus or a
/// penalty by its definition) stays at least 1, so that tuning can weaken a term but neither
/// switch it off nor invert it; the advancement tables are free.
fn floor(name: &str, start: i32) -> i32 {
    if start > 0 && !name.starts_with("advance") {
        1
    } else {
        i32::MIN / 4
    }
}

/// Tunes `base` on `samples`; `report` is called after every pass.
pub fn tune(
    samples: &[Sample],
    base: &Weights,
    cfg: &TuneConfig,
    mut report: impl FnMut(&Pass),
) -> TuneResult {
    let names = Weights::param_names();
    let start = base.params();
    let mut cur = start.clone();
    let mut w = base.clone();
    let penalty = |p: &[i32]| {
        cfg.reg
            * cfg
                .params
                .iter()
                .map(|&i| (f64::from(p[i] - start[i]) / 100.0).powi(2))
                .sum::<f64>()
    };
    let mse = |p: &[i32]| {
        let mut t = base.clone();
        t.set_params(p);
        loss(samples, &t, cfg.k)
    };
    let mut best = mse(&cur);
    let mut passes = 0;
    for &step in &cfg.steps {
        while passes < cfg.max_passes {
            passes += 1;
            let mut changes = 0;
            for &i in &cfg.params {
                for dir in [step, -step] {
                    let mut cand = cur.clone();
                    cand[i] += dir;
                    if cand[i] < floor(&names[i], start[i]) {
                        continue;
                    }
                    let l = mse(&cand);
                    if l + penalty(&cand) < best + penalty(&cur) {
                        (cur, best) = (cand, l);
                        changes += 1;
                        break;
                    }
                }
            }
            w.set_params(&cur);
            report(&Pass {
                pass: passes,
                step,
                loss: best,
                objective: best + penalty(&cur),
                changes,
                weights: &w,
            });
            if changes == 0 {
                break;
            }
        }
    }
    TuneResult {
        weights: w,
        loss: best,
        objective: best + penalty(&cur),
        passes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::loss::sigmoid;
    use dama::eval::{evaluate_with, WEIGHTS};
    use dama::movegen;
    use dama::types::SplitMix;
    use dama::Position;

    fn names() -> Vec<String> {
        Weights::param_names()
    }

    #[test]
    fn positive_weights_stay_positive() {
        assert_eq!(floor("hanging_man.eg", 4), 1);
        assert_eq!(floor("drawish_divisor", 16), 1);
        assert!(floor("advance10[3].mg", 1) < -1000);
        assert!(floor("wing_balance.mg", 0) < -1000);
    }

    #[test]
    fn selection() {
        let n = names();
        let v = Variant::International;
        let all = select_params(&n, None, v).unwrap();
        assert!(all.iter().all(|&i| !n[i].starts_with("advance8")));
        assert!(all.iter().all(|&i| !ANCHORS.contains(&n[i].as_str())));
        assert!(all.iter().all(|&i| n[i] != "drawish_divisor"));
        assert!(all.iter().any(|&i| n[i] == "advance10[4].eg"));
        let some = select_params(&n, Some("mobility, man,trade_down"), v).unwrap();
        let picked: Vec<&str> = some.iter().map(|&i| n[i].as_str()).collect();
        assert_eq!(
            picked,
            [
                "mobility_man.mg",
                "mobility_man.eg",
                "mobility_king.mg",
                "mobility_king.eg",
                "trade_down"
            ]
        );
        let e = select_params(&n, Some("mobility,nonsense"), v).unwrap_err();
        assert_eq!(e, "--params: 'nonsense' matches no parameter");
        assert!(select_params(&n, Some(" , "), v).is_err());
    }

    /// Random international positions from short random games.
    fn positions(count: usize) -> Vec<Position> {
        let mut rng = SplitMix::new(7);
        let mut out = Vec::new();
        while out.len() < count {
            let mut pos = Position::start(Variant::International);
            for _ in 0..(20 + rng.next_u64() % 40) {
                let moves = movegen::legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                pos = pos.play(&moves[(rng.next_u64() % moves.len() as u64) as usize]);
            }
            out.push(pos);
        }
        out
    }

    #[test]
    fn a_wrong_weight_is_moved_back() {
        // labels from the curve of the true table; the tuner starts from a table whose
        // mobility_man.mg is far off and should bring it back and lower the loss
        let truth = WEIGHTS.clone();
        let samples: Vec<Sample> = positions(300)
            .into_iter()
            .map(|pos| Sample {
                pos,
                label: sigmoid(f64::from(evaluate_with(&pos, &truth)), 1.0),
            })
            .collect();
        let n = names();
        let i = n.iter().position(|x| x == "mobility_man.mg").unwrap();
        let mut p = truth.params();
        p[i] += 40;
        let mut wrong = truth.clone();
        wrong.set_params(&p);
        let cfg = TuneConfig {
            k: 1.0,
            steps: vec![4, 2, 1],
            max_passes: 20,
            params: select_params(&n, Some("mobility_man"), Variant::International).unwrap(),
            reg: 0.0,
        };
        let before = loss(&samples, &wrong, 1.0);
        let mut reports = Vec::new();
        let r = tune(&samples, &wrong, &cfg, |p| reports.push((p.pass, p.loss)));
        assert!(r.loss < before / 10.0, "{before} -> {}", r.loss);
        let got = r.weights.params()[i];
        assert!((got - truth.params()[i]).abs() <= 4, "{got}");
        assert_eq!(reports.len(), r.passes);
        assert!(reports.windows(2).all(|w| w[1].1 <= w[0].1));
        // the anchors and unselected weights did not move
        assert_eq!(r.weights.man, truth.man);
        assert_eq!(r.weights.back_row, truth.back_row);
        // deterministic
        let again = tune(&samples, &wrong, &cfg, |_| {});
        assert_eq!(again.weights, r.weights);
        // a strong penalty on moving away from the start keeps the wrong value
        let held = tune(&samples, &wrong, &TuneConfig { reg: 1e3, ..cfg }, |_| {});
        assert_eq!(held.weights, wrong);
        assert_eq!(held.loss, before);
    }
}
